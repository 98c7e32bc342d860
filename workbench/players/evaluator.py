"""The search players' position score from the rules (plugged into OpenSpiel's search where
random rollouts are too weak: a rollout to the end of a workbench game takes hundreds of
steps, each listing hundreds of moves).

:class:`OddsEvaluator` (the search players' own) scores material, with a shot counted at its
exact odds: a position reached by declaring a shot, or by its dice and reactions, is scored
as the position the shot was declared in plus the rules' exact chance that it destroys its
target (``Game.odds(...).destroy``, one tank's worth to the firer's side and from the
target's), not by the one roll the search happened to sample. A leaf is reached after a
single sampled roll of each shot on its way: with tens of simulations that noise swamped the
choice between a sure kill and a long shot. Objectives count as material too
(:data:`OBJECTIVES`): in Panzer Strike each enemy flag captured is worth
:data:`FLAG_WORTH` tanks, a tank watching one (next to it, the capture under way)
:data:`WATCH_WORTH`, and each king's step the nearest tank still has to go to be next to an
enemy flag costs :data:`STEP_COST` (a plain distance: what blocks is not counted). And
exposure: a position reached by moving a tank counts, at :data:`THREAT_WORTH` a tank, the
best exact chance that tank has of destroying an enemy from there less the best chance an
enemy has of destroying it (the rules' ``odds``, for the tank just moved only: odds cost
milliseconds, and a search scores thousands of positions).

:class:`MaterialEvaluator` scores a position by material: the tanks each side has lost so far
(``Game.summarize``'s ``"lost"``), each side's value the difference between the enemy's
losses and its own, over :data:`MATERIAL_SCALE` tanks, never as sure as a win (at most
:data:`MOST_SURE`). Its prior over the actions is uniform, except that the action a game's
greedy player would choose (the ``favoured`` action) gets :data:`FAVOURED_PRIOR` of it at the
root of a search, so few simulations start from a sensible move. A search can be stopped:
between simulations it raises :class:`Stopped` once ``stop`` is set or its time is up.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from fractions import Fraction
from typing import Any

from open_spiel.python.algorithms import mcts

from workbench.errors import WorkbenchError

MATERIAL_SCALE = 3.0  # tanks: a three-tank lead scores as near a win as a position may
MOST_SURE = 0.9  # a position is never scored as surely won or lost as the end itself
FAVOURED_PRIOR = 0.5  # the greedy player's choice's share of the prior at the root


class Stopped(WorkbenchError, RuntimeError):
    """A search stopped before its simulations were done (asked to, or out of time)."""


def material_values(
    rules: Any, sides: tuple[str, ...], state: Any, raw: bool = False
) -> list[float]:
    """Each side's material score in ``state`` (see the module; ``raw``: not yet bounded).

    >>> from workbench.games import get_game
    >>> rules = get_game("panzer-strike")
    >>> start = rules.start(rules.load_scenario("capture-the-flag"))
    >>> material_values(rules, ("north", "south"), start)
    [0.0, 0.0]
    """
    lost = dict(rules.summarize(state).get("lost", {}))
    scored = OBJECTIVES.get(rules.name)
    objectives = scored(state) if scored is not None else {}
    values = []
    for side in sides:
        own = lost.get(side, 0) - objectives.get(side, 0.0)
        enemy = sum(n for other, n in lost.items() if other != side)
        enemy -= sum(v for other, v in objectives.items() if other != side)
        score = (enemy - own) / MATERIAL_SCALE
        values.append(score if raw else max(-MOST_SURE, min(MOST_SURE, score)))
    return values


class MaterialEvaluator(mcts.Evaluator):
    """OpenSpiel's evaluator on the material score (see the module)."""

    def __init__(self, stop: threading.Event | None = None, seconds: float | None = None) -> None:
        self.stop = stop or threading.Event()
        self.deadline = None if seconds is None else time.monotonic() + seconds
        self.root: Any = None
        self.favoured: int | None = None

    def check(self) -> None:
        if self.stop.is_set() or (self.deadline is not None and time.monotonic() > self.deadline):
            raise Stopped("the search was stopped")

    def evaluate(self, state: Any) -> list[float]:
        self.check()
        game = state.get_game()
        return material_values(game.rules, game.sides, state.workbench_state)

    def prior(self, state: Any) -> list[tuple[int, float]]:
        self.check()
        if state.is_chance_node():
            return list(state.chance_outcomes())
        legal = state.legal_actions(state.current_player())
        favoured = self.favoured if state.workbench_state is self.root else None
        if favoured not in legal or len(legal) == 1:
            return [(action, 1.0 / len(legal)) for action in legal]
        rest = (1.0 - FAVOURED_PRIOR) / (len(legal) - 1)
        return [(a, FAVOURED_PRIOR if a == favoured else rest) for a in legal]


FLAG_WORTH = 1.0  # tanks: an enemy flag captured
WATCH_WORTH = 0.5  # tanks: a tank next to an enemy flag, its capture under way
STEP_COST = 0.05  # tanks: each step the nearest tank has to go to be next to an enemy flag


def flag_objectives(match: Any) -> dict[str, float]:
    """Panzer Strike's flags, each side's in tanks' worth (see the module).

    >>> from workbench.games import get_game
    >>> rules = get_game("panzer-strike")
    >>> start = rules.start(rules.load_scenario("capture-the-flag"))
    >>> values = flag_objectives(start)
    >>> values["north"] == values["south"] < 0
    True
    """
    found: dict[str, float] = {}
    flags = match.board.flags
    for side in match.order:
        worth = FLAG_WORTH * sum(1 for _, owner, by in match.captured if owner != side
                                 and match.tank(by).side == side)  # fmt: skip
        mine = {t.id for t in match.tanks if t.side == side}
        worth += WATCH_WORTH * sum(1 for w in match.watches if w.tank in mine)
        targets = [sq for sq, owner in flags.items() if owner != side]
        tanks = match.active_tanks(side)
        if targets and tanks:
            steps = min(max(abs(t.at.x - f.x), abs(t.at.y - f.y)) - 1 for t in tanks
                        for f in targets)  # fmt: skip
            worth -= STEP_COST * max(steps, 0)
        found[side] = worth
    return found


# each game's objectives as tanks' worth by side (a game not listed: none scored)
OBJECTIVES: dict[str, Callable[[Any], dict[str, float]]] = {"panzer-strike": flag_objectives}


def _card_shot(state: Any) -> bool:
    from workbench.games.panzer_vor.rules.match import Shot

    match = getattr(state, "match", state)  # a series game: the match in play
    return match is not None and any(isinstance(f, Shot) for f in match.stack)


# whether a declared shot is still being resolved (its reactions, its dice), by game
SHOT_UNDER_WAY: dict[str, Callable[[Any], bool]] = {
    "panzer-strike": lambda state: state.phase == "gun",
    "panzer-vor-practice": lambda state: state.shot is not None,
    "tanks": lambda state: state.shot is not None,
    "panzer-vor": _card_shot,
    "panzer-vor-linked": _card_shot,
    "panzer-vor-tournament": _card_shot,
}
THREAT_WORTH = 0.5  # tanks: a sure shot at the moved tank's best target, or at it

# each game's tanks still fighting, by side: exposure is scored where listed, the games whose
# odds cost a few milliseconds (TANKS' take some 20 ms, and the card game's decisions are
# slow already: a medium decision would pass a second)
LIVE_TANKS: dict[str, Callable[[Any, str], list[str]]] = {
    "panzer-strike": lambda state, side: [t.id for t in state.active_tanks(side)],
    "panzer-vor-practice": lambda state, side: [
        t.id for t in state.board.tanks if t.side == side and not t.wreck
    ],
}


def _moved_tank(state: Any) -> str | None:
    """The tank the move that reached this OpenSpiel state moved, if it was a move."""
    for action, _ in state.workbench_path:
        if type(action).__name__ in ("Move", "Deploy"):
            return str(action.tank)
        return None
    return None


MOST_LOOKED_BACK = 40  # steps of one shot's resolution an evaluation looks back through


def declared_shot(action: Any) -> tuple[str, str] | None:
    """(attacker, target) of an action declaring a shot (``Fire``, ``Shoot``), else None."""
    if type(action).__name__ not in ("Fire", "Shoot"):
        return None
    attacker = getattr(action, "firer", None) or getattr(action, "tank", None)
    return (attacker, action.target) if attacker is not None else None


def shot_origin(rules: Any, path: Any) -> tuple[Any, str, str] | None:
    """The state a shot still being resolved (or just resolved) at the end of ``path`` was
    declared in, with its attacker and target: ``path`` gives (action, the state it was taken
    in) back from the position (``WorkbenchState.workbench_path``)."""
    under_way = SHOT_UNDER_WAY.get(rules.name)
    if under_way is None:
        return None
    for _, (action, before) in zip(range(MOST_LOOKED_BACK), path, strict=False):
        shot = declared_shot(action)
        if shot is not None:
            return (before, *shot)
        if not under_way(before):
            return None
    return None


class OddsEvaluator(MaterialEvaluator):
    """Material, with a shot under way scored at its exact odds (see the module)."""

    def __init__(self, stop: threading.Event | None = None, seconds: float | None = None) -> None:
        super().__init__(stop, seconds)
        self._odds: dict[tuple[int, str, str], Fraction] = {}

    def evaluate(self, state: Any) -> list[float]:
        self.check()
        game = state.get_game()
        rules, sides = game.rules, game.sides
        origin = shot_origin(rules, state.workbench_path) if not state.is_terminal() else None
        if origin is None:
            here = state.workbench_state
            values = material_values(rules, sides, here, raw=True)
            moved = _moved_tank(state)
            if moved is not None and rules.name in LIVE_TANKS:
                exposure = self.exposure(rules, here, moved)
                values = [v + THREAT_WORTH * exposure.get(side, 0.0) / MATERIAL_SCALE
                          for side, v in zip(sides, values, strict=True)]  # fmt: skip
            return [max(-MOST_SURE, min(MOST_SURE, v)) for v in values]
        before, attacker, target = origin
        chance = float(self.destroy_chance(rules, before, attacker, target))
        firer = rules.current_player(before)
        values = material_values(rules, sides, before, raw=True)
        scored = [
            v + (chance if side == firer else -chance) / MATERIAL_SCALE
            for side, v in zip(sides, values, strict=True)
        ]
        return [max(-MOST_SURE, min(MOST_SURE, v)) for v in scored]

    def exposure(self, rules: Any, state: Any, tank: str) -> dict[str, float]:
        """The moved tank's best chance of destroying an enemy less the best enemy chance of
        destroying it, to its side (and the other way round to the enemy)."""
        live = LIVE_TANKS[rules.name]
        side = next((s for s in rules.players(state) if tank in live(state, s)), None)
        if side is None:
            return {}
        enemies = [t for s in rules.players(state) if s != side for t in live(state, s)]
        threat = max((float(self.destroy_chance(rules, state, tank, e)) for e in enemies),
                     default=0.0)  # fmt: skip
        danger = max((float(self.destroy_chance(rules, state, e, tank)) for e in enemies),
                     default=0.0)  # fmt: skip
        gain = threat - danger
        return {s: gain if s == side else -gain for s in rules.players(state)}

    def destroy_chance(self, rules: Any, state: Any, attacker: str, target: str) -> Fraction:
        """The rules' exact chance that the shot declared in ``state`` destroys its target."""
        key = (id(state), attacker, target)
        if key not in self._odds:
            self._odds[key] = Fraction(rules.odds(state, attacker, target).destroy)
        return self._odds[key]
