"""A TANKS opponent for a learner playing alone: not the rulebook's (the rulebook has no
automatic opponent) and no strong player, a labelled practice opponent. A player is
``(game, observation, rng) -> Action`` (``workbench.rules.play``): it sees what its side
sees and looks one action deep on a state sampled from its observation
(``game.determinize``; TANKS hides nothing yet, so the sample is the state itself).

:func:`greedy_player`:

- between the dice, it chooses as the odds assume (``odds.policy_choice``: the stationary
  re-roll when a fresh roll is expected to leave more uncancelled; the shooter cancels Hits
  first, the target Critical Hits first);
- it shoots the target it is likeliest to destroy, then the one it is likeliest to damage at
  all (a target already without Damage Points, destroyed at the Command Phase, last);
- it tries a repair whenever it may, of the first Repairable card placed on the tank;
- in a played Game Set Up it places terrain and chooses its role and table side at random
  (it judges no terrain), and so it places its Objective tokens;
- otherwise (moving, staying, deploying) it takes the position worth most: the damage it
  expects to do with its best shot from there, less the damage every enemy that would see it
  expects to do to it (Speed tokens, Cover, Close Range and Side Shots included), and, in a
  mission with objectives, less how far it is from holding one (else, slightly, from the
  nearest enemy). Ties are broken by ``rng``.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from functools import cache
from typing import Any

from shapely.geometry import Point

from workbench.games.tanks.rules.actions import Deploy, EndMoves, Move, Repair, Shoot, Stay
from workbench.games.tanks.rules.odds import policy_choice, shot_chances
from workbench.games.tanks.rules.readings import SightReadings
from workbench.games.tanks.rules.shooting import after_defence, attack_dice, defence_dice
from workbench.games.tanks.rules.shooting import shooting_refusal as refused_shot
from workbench.games.tanks.rules.sight import clear_lines, in_arc
from workbench.games.tanks.rules.state import Battle, TankPiece
from workbench.rules.core import Action, Game
from workbench.rules.observation import Observation
from workbench.rules.play import as_player

NOT_THE_RULEBOOKS = "not the rulebook's: a labelled practice opponent"
OBJECTIVE_WEIGHT = 1.0  # expected damage a Measuring Arrow nearer an objective is worth
HOLDING_BONUS = 1.0  # expected damage holding an objective is worth
APPROACH_WEIGHT = 0.05  # expected damage an arrow nearer the nearest enemy is worth


@as_player
def greedy_player(game: Game, observation: Observation, rng: random.Random) -> Action:
    """Best odds first, then the best position (see the module); ties broken by ``rng``."""
    legal = list(observation.legal_actions)
    if len(legal) == 1:
        return legal[0]
    state: Battle = game.determinize(observation, random.Random(len(observation.history)))
    return greedy_ranking(game, state, legal, rng)[0]


def greedy_ranking(
    game: Game, state: Battle, legal: list[Action], rng: random.Random
) -> list[Action]:
    """The actions the greedy player weighs in ``state``, best first by its own scores (see
    the module; its choice first, ``rng`` drawn from as it draws); where it chooses by a fixed
    rule (the dice, a repair, a Game Set Up, Hold) that one action alone. A search takes its
    candidates from here (``workbench.games.tanks.search``)."""
    if len(legal) == 1:
        return legal
    if state.setup is not None or state.phase == "objectives":
        return [rng.choice(legal)]
    between_dice = policy_choice(state)
    if between_dice is not None and between_dice in legal:
        return [between_dice]
    shots = [a for a in legal if isinstance(a, Shoot)]
    if shots:
        return _ranked(shots, lambda a: (*_shot_value(state, a), rng.random()))
    repairs = [a for a in legal if isinstance(a, Repair)]
    if repairs:
        return [repairs[0]]
    placing = [a for a in legal if isinstance(a, Move | Stay | EndMoves | Deploy)]
    if placing:
        return _ranked(placing, lambda a: (_position_value(game, state, a), rng.random()))
    return [legal[-1]]  # Hold comes last


def _ranked(actions: Sequence[Action], key: Any) -> list[Action]:
    """``actions`` best first by ``key`` (called once each, in order, as ``max`` calls it)."""
    scored = [(key(a), i) for i, a in enumerate(actions)]
    return [actions[i] for _, i in sorted(scored, key=lambda s: (s[0], -s[1]), reverse=True)]


def _shot_value(state: Battle, shot: Shoot) -> tuple[bool, float, float]:
    odds = shot_chances(state, shot.tank, shot.target, None)
    return (odds.left > 0, float(odds.destroy), float(odds.at_least(1)))


ShotDice = tuple[int, int, bool, bool, bool]  # attack, defence, stationary, semi, big gun


def shot_dice(battle: Battle, shooter: TankPiece, target: TankPiece) -> ShotDice | None:
    """The dice of ``shooter``'s shot at ``target`` from where both stand, as
    ``shooting.after_defence`` takes them (None where it may not shoot or see it); the dice
    as ``shooting`` counts them. Sight is a quick look: a clear line to the target's centre or
    a corner (the rules' Line of Sight also counts a sliver seen past an edge; a practice
    opponent may miss it)."""
    readings = SightReadings.of(battle.options)
    if refused_shot(battle, shooter, target) is not None:
        return None
    if not in_arc(shooter, target, readings=readings)[0]:
        return None
    if not _glimpse(battle, shooter, target):
        return None
    attack, _ = attack_dice(battle, shooter, target)
    defence, _, _ = defence_dice(battle.table, battle.tanks, shooter, target)
    semi, big = shooter.has("Semi-Indirect Fire"), shooter.has("Big Gun")
    return attack, defence, shooter.speed == 0, semi, big


def expected_hits(battle: Battle, shooter: TankPiece, target: TankPiece) -> float:
    """Hits and Critical Hits ``shooter`` expects to land on ``target`` from where both stand
    (0 where it may not shoot or see it: :func:`shot_dice`)."""
    dice = shot_dice(battle, shooter, target)
    return 0.0 if dice is None else dice_expected(dice)


def _glimpse(battle: Battle, shooter: TankPiece, target: TankPiece) -> bool:
    readings = SightReadings.of(battle.options)
    return bool(clear_lines(battle.table, battle.tanks, shooter, target, readings).any())


@cache
def dice_expected(dice: ShotDice) -> float:
    """Hits and Critical Hits a shot of ``dice`` (:func:`shot_dice`) is expected to land
    after the defence dice."""
    return float(sum(p * (hits + crits) for (hits, crits), p in after_defence(*dice).items()))


def standing(battle: Battle, tank_id: str) -> float:
    """What a tank's position is worth to its side (see the module)."""
    me = battle.tank(tank_id)
    enemies = [e for e in battle.in_play(battle.enemy_of(me.side)) if e.left > 0]
    offence = max((expected_hits(battle, me, e) for e in enemies), default=0.0)
    threat = sum(expected_hits(battle, e, me) for e in enemies)
    arrow = battle.table.arrow.length
    goals = [at for owner, at in battle.objectives if owner in (me.side, "both")]
    if goals:
        gap = min(_distance(me, at) for at in goals)
        aim = HOLDING_BONUS if gap <= arrow else -OBJECTIVE_WEIGHT * (gap - arrow) / arrow
    else:
        near = min((me.polygon.distance(e.polygon) for e in enemies), default=0.0)
        aim = -APPROACH_WEIGHT * near / arrow
    return offence - threat + aim


def _distance(tank: TankPiece, at: tuple[float, float]) -> float:
    return float(tank.polygon.distance(Point(at)))


def _position_value(game: Game, state: Battle, action: Any) -> float:
    after = game.apply(state, action).state
    return standing(after, action.tank)


greedy_player.label = f"greedy: best odds first ({NOT_THE_RULEBOOKS})"  # type: ignore[attr-defined]
__all__ = ["NOT_THE_RULEBOOKS", "greedy_player", "greedy_ranking", "shot_dice"]
