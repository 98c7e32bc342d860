"""Greedy playouts: the search improving on the greedy player (where its ``ranking`` is quick).

Where a game is listed in :data:`PLAYOUTS` its search is OpenSpiel's (information-set) MCTS
with these changes, none the rulebook's (they decide how a labelled computer opponent
searches): a rollout policy improvement on the greedy player, each of its first few choices
tried on and the best kept.

- the candidates at the root are the greedy player's first few choices by its own scoring
  (``greedy_player.ranking``: its kind of action, best first; :func:`candidates_for` the
  search's simulations), equally likely a priori; below the root every side plays the
  greedy choice (OpenSpiel's search samples the cards and dice), so each simulation carries
  one candidate's greedy line a step further;
- the search expands them in that order (:class:`CandidateISMCTS`), not at random among
  hundreds of legal actions (OpenSpiel's own expands a new random action at every visit,
  so with tens of simulations its prior never counted);
- a leaf is scored by playing the game on, the greedy player's choice for both sides and the
  dice and cards drawn at their odds, up to the end (+1 / -1) or for at most ``steps`` steps
  (then material, :func:`~workbench.players.evaluator.material_values`):
  :class:`GreedyPlayouts`. Against the greedy player that is its own play foreseen;
- the root's choice (``players.searching.ROOT_RULES``) is the best mean among the
  candidates searched six times, where it beats the greedy choice's by 0.05.
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

    candidates: int  # the greedy player's first choices searched at the root (at most)
    steps: int  # the longest playout before a leaf is scored by material
    uct_c: float  # OpenSpiel's exploration constant (PUCT)


# by game: the card game's greedy player ranks a position's actions in well under a
# millisecond, and a whole Mock Battle takes some 50 steps (40 ms of greedy play). Its first
# three choices searched as a tree of three at every position (the greedy choice half the
# prior, the most searched played, 48 simulations) scored 0.62 / 0.77 against greedy from the
# two seats over 100 games; its first five at the root alone, greedy lines below, the best
# mean played, 96 simulations, 0.69 / 0.85 (the same seeded games, benchmarks/README.md;
# its levels: players.levels.panzer_vor)
PLAYOUTS: dict[str, Playouts] = {
    "panzer-vor": Playouts(candidates=5, steps=60, uct_c=2.0),
}
A_CANDIDATE = 9  # simulations each root candidate is given at least (easy's 12: the best two)
STOP_EVERY = 8  # playout steps between looks at the stop (a stop answers within 0.5 s)


def candidates_for(simulations: int, most: int) -> int:
    """How many of the greedy player's first choices a search of ``simulations`` tries at
    the root (at ``most`` :data:`PLAYOUTS` ``.candidates``).

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
