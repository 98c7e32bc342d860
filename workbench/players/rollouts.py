"""The greedy player inside a search: where the search expands a position its prior favours
the greedy choice (:func:`greedy_choice`), and :class:`GreedyRollouts` scores a leaf after a
few steps of greedy play for both sides (up to the next dice, which the evaluator scores
at their exact odds) by
:class:`~workbench.players.evaluator.OddsEvaluator`, rather than by the position the tree
stopped at: a reply the greedy player would surely make (a shot back, a card played) is then
seen, where a uniform prior over hundreds of replies hid it.

Neither is the rulebook's: they decide how a labelled computer opponent searches.
"""

from __future__ import annotations

import random
import threading
from typing import Any

from workbench.players.evaluator import OddsEvaluator


def greedy_number(
    rules: Any, observation: Any, rng: random.Random, game: Any, state: Any
) -> int | None:
    """The number (in ``game``'s numbering, at workbench ``state``) of the action the game's
    greedy player takes seeing ``observation``; None where the game has no greedy player."""
    greedy = rules.bots.get("greedy")
    if greedy is None:
        return None
    return int(game.space.number(greedy(rules, observation, rng), state))


def greedy_choice(state: Any, rng: random.Random) -> int | None:
    """The number of the action the game's greedy player takes in an OpenSpiel ``state``
    (None where the game has no greedy player, or nobody is to choose)."""
    game = state.get_game()
    player = state.current_player()
    if player < 0:
        return None
    here = state.workbench_state
    observation = game.rules.observation(here, game.sides[player])
    return greedy_number(game.rules, observation, rng, game, here)


class GreedyRollouts(OddsEvaluator):
    """A leaf scored after ``steps`` steps of greedy play (see the module)."""

    def __init__(
        self,
        steps: int,
        rng: random.Random,
        stop: threading.Event | None = None,
        seconds: float | None = None,
    ) -> None:
        super().__init__(stop, seconds)
        self.steps, self.rng = steps, rng

    def evaluate(self, state: Any) -> list[float]:
        self.check()
        ahead = state
        for _ in range(self.steps):
            if ahead.is_terminal() or ahead.is_chance_node():
                break  # a shot's dice: scored at their exact odds, not one sampled roll
            self.check()  # a stop answers between steps too
            choice = greedy_choice(ahead, self.rng)
            if ahead is state:
                ahead = state.clone()
            ahead.apply_action(choice if choice is not None else ahead.legal_actions()[0])
        if ahead.is_terminal():
            return list(ahead.returns())
        return super().evaluate(ahead)
