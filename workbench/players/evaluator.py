"""The search players' position score from the rules (plugged into OpenSpiel's search where
random rollouts are too weak: a rollout to the end of a workbench game takes hundreds of
steps, each listing hundreds of moves).

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
from typing import Any

from open_spiel.python.algorithms import mcts

from workbench.errors import WorkbenchError

MATERIAL_SCALE = 3.0  # tanks: a three-tank lead scores as near a win as a position may
MOST_SURE = 0.9  # a position is never scored as surely won or lost as the end itself
FAVOURED_PRIOR = 0.5  # the greedy player's choice's share of the prior at the root


class Stopped(WorkbenchError, RuntimeError):
    """A search stopped before its simulations were done (asked to, or out of time)."""


def material_values(rules: Any, sides: tuple[str, ...], state: Any) -> list[float]:
    """Each side's material score in ``state`` (see the module).

    >>> from workbench.games import get_game
    >>> rules = get_game("panzer-strike")
    >>> start = rules.start(rules.load_scenario("capture-the-flag"))
    >>> material_values(rules, ("north", "south"), start)
    [0.0, 0.0]
    """
    lost = dict(rules.summarize(state).get("lost", {}))
    values = []
    for side in sides:
        own = lost.get(side, 0)
        enemy = sum(n for other, n in lost.items() if other != side)
        score = (enemy - own) / MATERIAL_SCALE
        values.append(max(-MOST_SURE, min(MOST_SURE, score)))
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
