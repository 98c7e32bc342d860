"""Opponents for a learner playing alone. Neither is the rulebook's: the rulebook's only
automatic opponent is Test Your Luck!'s enemy, which the game plays itself by dice
(``solo``). A player is ``(game, observation, rng) -> Action`` (see ``workbench.rules.play``):
it sees what its side sees; the greedy player looks one move deep on a state sampled from its
observation (``game.determinize``), never at the opponent's real hand.

- :func:`random_player`: any legal action, uniformly.
- :func:`greedy_player`: fires the shot with the best odds of destroying; else plays an
  Attack card when a tank has a target, else moves towards the objective (the shrine in Test
  Your Luck!, else the nearest enemy); reacts whenever it can; uses abilities that turn a
  roll; discards Enforcement-free extras from the end of its hand. Setup (a simple reading,
  not the rulebook's advice): it buys the dearest tank that fits the points left until none
  fits; deploys each tank on the free hex nearest the middle of the map, facing the middle;
  puts the flag marker and characters on the first tank offered.
"""

from __future__ import annotations

import random
from typing import Any

from workbench.rules.core import Action, Game
from workbench.rules.observation import Observation
from workbench.rules.panzer_vor import actions as A
from workbench.rules.panzer_vor import reactions
from workbench.rules.panzer_vor.scenario_rules import test_your_luck
from workbench.rules.play import as_player, random_player

NOT_THE_RULEBOOKS = "not the rulebook's: a labelled practice opponent"


@as_player
def greedy_player(game: Game, observation: Observation, rng: random.Random) -> Action:
    """Best odds first (see the module); ties broken by ``rng``."""
    legal = list(observation.legal_actions)
    if len(legal) == 1:
        return legal[0]
    # a whole state to look one move deep on, sampled without touching ``rng`` (the same
    # observation gives the same sample, and the player's own draws stay as they were)
    state = game.determinize(observation, random.Random(len(observation.history)))
    buys = [a for a in legal if isinstance(a, A.Buy)]
    if buys:
        return max(buys, key=lambda a: (_price(state, a), rng.random()))
    deploys = [a for a in legal if isinstance(a, A.Deploy)]
    if deploys:
        return min(deploys, key=lambda a: _from_middle(state, a))
    fires = [a for a in legal if isinstance(a, A.Fire)]
    if fires:
        return max(fires, key=lambda a: (_kill_chance(state, a), rng.random()))
    for kind in (A.UseAbility, A.React):
        chosen = [a for a in legal if isinstance(a, kind)]
        if chosen:
            return chosen[0]
    moves = [a for a in legal if isinstance(a, A.Move)]
    if moves:
        return min(moves, key=lambda a: (_distance_to_goal(state, a), rng.random()))
    plays = [a for a in legal if isinstance(a, A.PlayCard)]
    if plays:
        return max(plays, key=lambda a: (_card_value(state, a), rng.random()))
    selects = [a for a in legal if isinstance(a, A.Select)]
    if selects:
        return selects[rng.randrange(len(selects))]
    discards = [a for a in legal if isinstance(a, A.Discard)]
    if discards:
        return min(discards, key=lambda a: _card_value(state, A.PlayCard(a.card)))
    choices = [a for a in legal if isinstance(a, A.Choose)]
    if choices:
        return choices[0]
    return legal[-1]  # Pass, Stop, Decline, NoReaction come last in every list


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
    odds = [o for o in reactions.odds_table(state, fire.firer) if o.target == fire.target]
    return float(odds[0].destroy) if odds else 0.0


def _card_value(state: Any, play: A.PlayCard) -> int:
    card = state.card(play.card)
    if card.attack and not card.move:
        return 3
    return 2 if card.move else 1


def _distance_to_goal(state: Any, move: A.Move) -> int:
    board = state.board
    where = board.map.hex(move.to)
    if state.solo:
        return where.distance(board.map.hex(test_your_luck.SHRINE))
    tank = board.tank(move.tank)
    enemies = board.enemies_of(tank)
    return min((where.distance(e.hex) for e in enemies), default=0)


greedy_player.label = f"greedy: best odds first ({NOT_THE_RULEBOOKS})"  # type: ignore[attr-defined]
__all__ = ["NOT_THE_RULEBOOKS", "greedy_player", "random_player"]
