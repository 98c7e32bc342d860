"""Greedy playouts: the search improving on the greedy player (where its ``ranking`` is quick).

Where a game is listed in :data:`PLAYOUTS` its search is OpenSpiel's (information-set) MCTS
with three changes, none the rulebook's (they decide how a labelled computer opponent
searches):

- the candidates at each position it expands are the greedy player's first few choices by
  its own scoring (``greedy_player.ranking``: its kind of action, best first), the first
  favoured (:data:`FIRST_PRIOR` of the prior) and the rest sharing the remainder;
- the search expands them in that order (:class:`CandidateISMCTS`), not at random among
  hundreds of legal actions (OpenSpiel's own expands a new random action at every visit,
  so with tens of simulations its prior never counted);
- a leaf is scored by playing the game on, the greedy player's choice for both sides and the
  dice and cards drawn at their odds, up to the end (+1 / -1) or for at most ``steps`` steps
  (then material, :func:`~workbench.players.evaluator.material_values`):
  :class:`GreedyPlayouts`. Against the greedy player that is its own play foreseen; the
  search's choice among the candidates is then a policy improvement on it.
"""

from __future__ import annotations

import random
import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pyspiel
from open_spiel.python.algorithms import ismcts

from workbench.players.evaluator import OddsEvaluator, material_values
from workbench.rules.core import CHANCE, TERMINAL
from workbench.rules.play import sample_chance


@dataclass(frozen=True)
class Playouts:
    """How a game listed in :data:`PLAYOUTS` is searched (see the module)."""

    candidates: int  # the greedy player's first choices searched at a position
    steps: int  # the longest playout before a leaf is scored by material
    uct_c: float  # OpenSpiel's exploration constant (PUCT)


# by game: the card game's greedy player ranks a position's actions in well under a
# millisecond, and a whole Mock Battle takes some 50 steps (40 ms of greedy play). With
# OpenSpiel's exploration constant 2 the prior's shares weigh heavily against the playouts'
# +1 and -1: 0.7 (the playouts deciding more) scored 0.50 against greedy, 2 scored 0.70 (the
# same 30 seeded games a seat, benchmarks/README.md)
PLAYOUTS: dict[str, Playouts] = {
    "panzer-vor": Playouts(candidates=3, steps=60, uct_c=2.0),
}
FIRST_PRIOR = 0.5  # the greedy choice's share of the prior at a position
STOP_EVERY = 8  # playout steps between looks at the stop (a stop answers within 0.5 s)


Ranking = Callable[[Any, list[Any], random.Random], list[Any]]


def ranking_of(rules: Any) -> Ranking | None:
    """The game's greedy player's ranking of a whole state's actions, if it has one."""
    return getattr(rules.bots.get("greedy"), "ranking", None)


class GreedyPlayouts(OddsEvaluator):
    """A leaf scored by greedy play to the end (see the module); the greedy player's first
    ``candidates`` choices as the prior."""

    def __init__(
        self,
        ranking: Ranking,
        playouts: Playouts,
        rng: random.Random,
        stop: threading.Event | None = None,
        seconds: float | None = None,
    ) -> None:
        super().__init__(stop, seconds)
        self.ranking, self.playouts, self.rng = ranking, playouts, rng

    def evaluate(self, state: Any) -> list[float]:
        self.check()
        game = state.get_game()
        rules, here = game.rules, state.workbench_state
        for step in range(self.playouts.steps):
            side = rules.current_player(here)
            if side is TERMINAL:
                return game.returns_of(here)
            if step % STOP_EVERY == STOP_EVERY - 1:
                self.check()
            if side is CHANCE:
                action = sample_chance(rules.chance_outcomes(here), self.rng)
            else:
                legal = rules.legal_actions(here)
                action = legal[0] if len(legal) == 1 else self.ranking(here, legal, self.rng)[0]
            here = rules.apply(here, action).state
        if rules.current_player(here) is TERMINAL:
            return game.returns_of(here)
        return material_values(rules, game.sides, here)

    def prior(self, state: Any) -> list[tuple[int, float]]:
        self.check()
        if state.is_chance_node():
            return list(state.chance_outcomes())
        game = state.get_game()
        here = state.workbench_state
        legal = game.rules.legal_actions(here)
        if len(legal) == 1:
            return [(game.space.number(legal[0], here), 1.0)]
        ranked = self.ranking(here, legal, self.rng)[: self.playouts.candidates]
        numbers = [game.space.number(action, here) for action in ranked]
        rest = (1.0 - FIRST_PRIOR) / max(len(numbers) - 1, 1)
        return [(n, FIRST_PRIOR if i == 0 else rest) for i, n in enumerate(numbers)]


class CandidateISMCTS(ismcts.ISMCTSBot):
    """OpenSpiel's ISMCTSBot searching only the prior's candidates, best first (see the
    module); where none of a position's candidates is legal in the world being searched (the
    world drawn differs) this world's own are added."""

    def check_expand(self, node: Any, legal_actions: list[int]) -> int:
        legal = set(legal_actions)
        for action in sorted(node.prior_map, key=lambda a: -node.prior_map[a]):
            if action in legal and action not in node.child_info:
                return int(action)
        return int(pyspiel.INVALID_ACTION)

    def select_action_tree_policy(self, state: Any, node: Any, legal_actions: list[int]) -> int:
        if self.filter_illegals(node, legal_actions).total_visits == 0:
            self.repopulate_prior_map_inconsistent_action_sets(state, node)
            legal = [a for a in legal_actions if a in node.prior_map] or legal_actions
            action = max(legal, key=lambda a: node.prior_map.get(a, 0.0))
            self.expand_if_necessary(state, node, action)
            return int(action)
        return int(self.select_action(self.filter_illegals(node, legal_actions)))
