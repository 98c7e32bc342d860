"""Opponents for a learner playing alone. Neither is the rulebook's: the rulebook's only
automatic opponent is Test Your Luck!'s enemy, which the game plays itself by dice
(``solo``). A player is ``(game, observation, rng) -> Action`` (see ``workbench.rules.play``):
it sees what its side sees; the greedy player looks one move deep on a state sampled from its
observation (``game.determinize``), never at the opponent's real hand.

- :func:`random_player`: any legal action, uniformly.
- :func:`greedy_player`: fires the shot with the best odds of destroying (a multiple-gun
  tank's main or secondary gun, whichever has them); else plays an Attack card when a tank
  has a target, else moves towards the objective (the shrine in Test Your Luck!, else the
  nearest enemy); reacts whenever it can; uses abilities that turn a roll; discards
  Enforcement-free extras from the end of its hand. Setup (a simple reading,
  not the rulebook's advice): it buys the dearest tank that fits the points left until none
  fits; deploys each tank on the free hex nearest the middle of the map, facing the middle;
  puts the flag marker and characters on the first tank offered.

:func:`greedy_ranking` orders a whole state's actions as the greedy player prefers them (its
choice first): the search players take its first few as their candidates.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from workbench.games.panzer_vor.rules import actions as A
from workbench.games.panzer_vor.rules import firing, reactions
from workbench.games.panzer_vor.rules.hidden import uniform_world
from workbench.games.panzer_vor.rules.match import CardMatch
from workbench.games.panzer_vor.rules.scenario_rules import test_your_luck
from workbench.rules.core import Action, Game
from workbench.rules.observation import Observation
from workbench.rules.play import as_player, random_player

NOT_THE_RULEBOOKS = "not the rulebook's: a labelled practice opponent"


@as_player
def greedy_player(game: Game, observation: Observation, rng: random.Random) -> Action:
    """Best odds first (see the module); ties broken by ``rng``."""
    legal = list(observation.legal_actions)
    if len(legal) == 1:
        return legal[0]
    # a whole state to look one move deep on, sampled without touching ``rng`` (the same
    # observation gives the same sample, and the player's own draws stay as they were); the
    # card game's hidden hands drawn uniformly: what the player weighs is on the board
    sample = random.Random(len(observation.history))
    if isinstance(observation.state, CardMatch):
        return greedy_ranking(uniform_world(observation, sample), legal, rng)[0]
    return greedy_ranking(game.determinize(observation, sample), legal, rng)[0]


def greedy_ranking(state: Any, legal: list[Action], rng: random.Random) -> list[Action]:
    """``legal`` (two or more actions) in the greedy player's order of preference in the whole
    ``state`` (the first is its choice): the kind of action it plays, best first by its own
    score, then every other action as listed. ``rng`` breaks ties as the player does (and is
    drawn from just as much), so a search can take the player's next few choices as its
    candidates."""
    ranked: list[Action] = _greedy_kind(state, legal, rng)
    chosen = set(ranked)
    return ranked + [a for a in legal if a not in chosen]


def _greedy_kind(state: Any, legal: list[Action], rng: random.Random) -> list[Any]:
    buys = [a for a in legal if isinstance(a, A.Buy)]
    if buys:
        return sorted(buys, key=lambda a: (_price(state, a), rng.random()), reverse=True)
    deploys = [a for a in legal if isinstance(a, A.Deploy)]
    if deploys:
        return sorted(deploys, key=lambda a: _from_middle(state, a))
    fires = [a for a in legal if isinstance(a, A.Fire)]
    if fires:
        return sorted(fires, key=lambda a: (_kill_chance(state, a), rng.random()), reverse=True)
    for kind in (A.UseAbility, A.React):
        chosen = [a for a in legal if isinstance(a, kind)]
        if chosen:
            return chosen
    moves = [a for a in legal if isinstance(a, A.Move)]
    if moves:
        distance = _distance_to_goal(state)
        return sorted(moves, key=lambda a: (distance(a), rng.random()))
    plays = [a for a in legal if isinstance(a, A.PlayCard)]
    if plays:
        return sorted(plays, key=lambda a: (_card_value(state, a), rng.random()), reverse=True)
    selects = [a for a in legal if isinstance(a, A.Select)]
    if selects:
        first = rng.randrange(len(selects))
        return [selects[first], *selects[:first], *selects[first + 1 :]]
    discards = [a for a in legal if isinstance(a, A.Discard)]
    if discards:
        return sorted(discards, key=lambda a: _card_value(state, A.PlayCard(a.card)))
    choices = [a for a in legal if isinstance(a, A.Choose)]
    if choices:
        return choices
    return legal[::-1]  # Pass, Stop, Decline, NoReaction come last in every list


def _price(state: Any, buy: A.Buy) -> int:
    _, _, _, counters = state.top.data
    return next(c.points for c in counters if c.name == buy.tank)


def _from_middle(state: Any, deploy: A.Deploy) -> tuple[int, int]:
    """How far the hex is from the middle of the map, and how far its facing turns away."""
    grid = state.board.map.grid
    middle = grid.from_offset(grid.cols // 2, grid.rows // 2)
    where = state.board.map.hex(deploy.to)
    return where.distance(middle), where.neighbor(deploy.facing).distance(middle)


def _kill_chance(state: Any, fire: A.Fire) -> float:
    """The chance the shot destroys its target, with the gun it declares (a multiple-gun
    tank's main or secondary gun)."""
    if not isinstance(state, CardMatch):  # the practice mode: no cards, the board decides
        return float(firing.odds(state.board, fire.firer, fire.target, gun=fire.gun).destroy)
    table = reactions.odds_table(state, fire.firer, fire.gun)
    odds = [o for o in table if o.target == fire.target]
    return float(odds[0].destroy) if odds else 0.0


def _card_value(state: Any, play: A.PlayCard) -> int:
    card = state.card(play.card)
    if card.attack and not card.move:
        return 3
    return 2 if card.move else 1


def _distance_to_goal(state: Any) -> Callable[[A.Move], int]:
    """A move's hexes from its goal: the shrine in Test Your Luck!, else the nearest enemy
    of the moving tank (each hex and each tank's enemies looked up once a decision)."""
    board = state.board
    hexes: dict[str, Any] = {}
    goals: dict[str, list[Any]] = {}

    def distance(move: A.Move) -> int:
        if move.to not in hexes:
            hexes[move.to] = board.map.hex(move.to)
        where = hexes[move.to]
        if getattr(state, "solo", False):  # the practice mode has no solo side
            return int(where.distance(board.map.hex(test_your_luck.SHRINE)))
        if move.tank not in goals:
            goals[move.tank] = [e.hex for e in board.enemies_of(board.tank(move.tank))]
        return min((where.distance(goal) for goal in goals[move.tank]), default=0)

    return distance


greedy_player.label = f"greedy: best odds first ({NOT_THE_RULEBOOKS})"  # type: ignore[attr-defined]
greedy_player.ranking = greedy_ranking  # type: ignore[attr-defined]
__all__ = ["NOT_THE_RULEBOOKS", "greedy_player", "greedy_ranking", "random_player"]
