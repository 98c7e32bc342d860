"""Greedy playouts: the search improving on the greedy player, for a game whose settings ask
for it (``SearchSettings.playouts``: a :class:`~.settings.Playouts`) and whose greedy player
ranks a position's actions quickly (``greedy_player.ranking``). OpenSpiel's (information-set)
MCTS with these changes, none the rulebook's (they decide how a labelled computer opponent
searches): a rollout policy improvement on the greedy player.

- the candidates at the root are the greedy player's first few choices by its own ranking
  (:func:`candidates_for` the search's simulations), equally likely a priori; below the root
  every side plays the greedy choice (OpenSpiel's search samples the cards and dice), so each
  simulation carries one candidate's greedy line a step further;
- the search expands them in that order (:class:`CandidateISMCTS`), not at random among
  hundreds of legal actions (OpenSpiel's own expands a new random action at every visit);
- a leaf is scored by playing on, the greedy choice for both sides and the chance outcomes
  drawn at their odds, to the end (+1 / -1) or for at most ``steps`` steps, then material
  (:func:`~workbench.players.evaluator.material_values`): :class:`GreedyPlayouts`.
"""

from __future__ import annotations

import random
import threading
from collections.abc import Callable
from typing import Any

import pyspiel
from open_spiel.python.algorithms import ismcts

from workbench.players.evaluator import OddsEvaluator, material_values
from workbench.players.settings import Playouts
from workbench.rules.core import CHANCE, TERMINAL
from workbench.rules.play import sample_chance

A_CANDIDATE = 9  # simulations each root candidate is given at least (easy's 12: the best two)
STOP_EVERY = 8  # playout steps between looks at the stop (a stop answers within 0.5 s)


def candidates_for(simulations: int, most: int) -> int:
    """How many of the greedy player's first choices a search of ``simulations`` tries at
    the root (at ``most`` ``Playouts.candidates``).

    >>> candidates_for(12, 5), candidates_for(48, 5), candidates_for(160, 5)
    (2, 5, 5)
    """
    return max(2, min(most, simulations // A_CANDIDATE))


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
        self.candidates = playouts.candidates  # the search sets it for its simulations

    def evaluate(self, state: Any) -> list[float]:
        """One greedy game from ``state`` on (see the module): each side's score."""
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
        """At the root (a world the search drew, nothing played in it yet) the greedy
        player's first ``candidates`` choices, equally likely; below it its choice alone."""
        self.check()
        if state.is_chance_node():
            return list(state.chance_outcomes())
        game = state.get_game()
        here = state.workbench_state
        legal = game.rules.legal_actions(here)
        if len(legal) == 1:
            return [(game.space.number(legal[0], here), 1.0)]
        at_root = next(iter(state.workbench_path), None) is None
        ranked = self.ranking(here, legal, self.rng)[: self.candidates if at_root else 1]
        return [(game.space.number(action, here), 1.0 / len(ranked)) for action in ranked]


class CandidateISMCTS(ismcts.ISMCTSBot):
    """OpenSpiel's ISMCTSBot searching only the prior's candidates, best first (see the
    module); where none of a position's candidates is legal in the world being searched (the
    world drawn differs) this world's own are added. Its evaluator is a
    :class:`GreedyPlayouts`, told how many root candidates its simulations allow."""

    def __init__(self, game: Any, evaluator: GreedyPlayouts, uct_c: float,
                 max_simulations: int, **options: Any) -> None:  # fmt: skip
        super().__init__(game, evaluator, uct_c, max_simulations, **options)
        evaluator.candidates = candidates_for(max_simulations, evaluator.playouts.candidates)

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
