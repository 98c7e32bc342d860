"""Panzer Strike's search settings: the greedy player's best few actions searched along
greedy lines, where they stop scored by a value network learned from the greedy player's
games (:mod:`.value`; its flags counted as material where material is scored), registered
with :func:`workbench.players.settings.register`.

At the root the search weighs only the actions the greedy player scores highest
(``greedy_scores``; its choice first; :data:`CANDIDATES` of them, fewer with few simulations:
:func:`candidates_for`), equally likely. Below the root every side plays the greedy choice,
so each simulation carries one candidate's greedy line a step further; from where it stops
:meth:`GreedyLines.evaluate` plays the greedy line on to the end of the enemy's next turn
(:data:`TURNS_AHEAD`), each shot counted at the rules' exact chance of destroying and then
taken as a miss, and scores the position there by :mod:`.value` (the side to act's chance of
winning as greedy play goes on): the greedy player improved by one choice (rollout policy
improvement). Not the rulebook's: it
decides how a labelled computer opponent searches.
"""

from __future__ import annotations

import random
import threading
from pathlib import Path
from typing import Any

from workbench.games.panzer_strike.rules.actions import Move, Shoot
from workbench.games.panzer_strike.rules.bots import (
    best_of,
    chance_of,
    greedy_action,
    greedy_scores,
)
from workbench.games.panzer_strike.search.value import flag_counts, win_chance
from workbench.players.evaluator import MATERIAL_SCALE, MOST_SURE, OddsEvaluator, material_values
from workbench.players.greedy import greedy_choice
from workbench.players.root import RootRule
from workbench.players.settings import Exposure, SearchSettings, Shots, StrengthCase, register
from workbench.rules.core import CHANCE, TERMINAL
from workbench.rules.play import sample_chance

CANDIDATES = 4  # the greedy player's best actions the root weighs (at most)
A_CANDIDATE = 6  # simulations each candidate is given at least (easy's 12: the best two)
TURNS_AHEAD = 2  # a leaf's greedy line goes on to the end of the enemy's next turn
# the root's choice: the best mean among the candidates searched 4 times, where it beats the
# greedy choice's by 0.05 (players/root.py)
ROOT_RULE = RootRule(best_mean=True, min_visits=4, margin=0.05)


def candidates_for(simulations: int) -> int:
    """How many of the greedy player's best actions a search of ``simulations`` weighs.

    >>> candidates_for(12), candidates_for(48), candidates_for(160)
    (2, 4, 4)
    """
    return max(2, min(CANDIDATES, simulations // A_CANDIDATE))


def candidates(state: Any, rng: random.Random, most: int = CANDIDATES) -> list[int]:
    """The numbers of the ``most`` actions the greedy player scores highest in an OpenSpiel
    ``state`` of Panzer Strike, its choice first (ties broken by ``rng`` as it breaks them),
    then by score (ties in the order of the legal actions); an action it does not weigh comes
    last."""
    game = state.get_game()
    here = state.workbench_state
    legal = game.rules.legal_actions(here)
    scores = greedy_scores(here, legal)
    order = sorted(range(len(legal)), key=lambda i: i if legal[i] in scores else len(legal))
    ranked = [legal[i] for i in sorted(order, key=lambda i: scores.get(legal[i], ()), reverse=True)]
    favoured = best_of(scores, legal, rng)
    ranked = [favoured] + [a for a in ranked if a != favoured]
    return [int(game.space.number(a, here)) for a in ranked[:most]]


class GreedyLines(OddsEvaluator):
    """The search's prior and leaf score (see the module): greedy's best ``most`` at the
    root, its choice below; a leaf played on greedily to the horizon."""

    def __init__(
        self,
        rng: random.Random,
        stop: threading.Event | None = None,
        seconds: float | None = None,
        most: int = CANDIDATES,
    ) -> None:
        super().__init__(stop, seconds)
        self.rng, self.most = rng, most
        self._at_root: list[int] | None = None

    def at_root(self, state: Any) -> list[int]:
        """The root's candidates (:func:`candidates`), worked out once a decision; the first
        is the greedy player's choice, the search's favourite."""
        if self._at_root is None:
            self._at_root = candidates(state, self.rng, self.most)
        return self._at_root

    def prior(self, state: Any) -> list[tuple[int, float]]:
        self.check()
        if state.is_chance_node():
            return list(state.chance_outcomes())
        legal = state.legal_actions(state.current_player())
        if len(legal) == 1:
            return [(legal[0], 1.0)]
        if state.workbench_state is self.root:
            chosen = self.at_root(state)
            return [(number, 1.0 / len(chosen)) for number in chosen]
        choice = greedy_choice(state, self.rng)
        return [(choice if choice is not None else legal[0], 1.0)]

    def evaluate(self, state: Any) -> list[float]:
        """The greedy line from ``state`` played on to the end of the enemy's next turn after
        the root's (:data:`TURNS_AHEAD`), the movement dice sampled, each shot counted at its
        exact chance of destroying and then taken as a miss; the position there scored by
        :meth:`worth`."""
        self.check()
        game = state.get_game()
        rules, sides = game.rules, game.sides
        if state.is_terminal():
            return list(state.returns())
        here, rng = state.workbench_state, self.rng
        horizon = self.root.turn + TURNS_AHEAD
        credit = dict.fromkeys(sides, 0.0)
        while (who := rules.current_player(here)) is not TERMINAL and here.turn < horizon:
            self.check()
            if who is CHANCE:
                action = self.expected_roll(rules, here, credit)
            else:  # the greedy player's choice (nothing is hidden: no observation needed)
                legal = rules.legal_actions(here)
                action = legal[0] if len(legal) == 1 else greedy_action(here, legal, rng)
            here = rules.apply(here, action).state
        if rules.current_player(here) is TERMINAL:
            return game.returns_of(here)
        values = self.worth(rules, sides, here)
        scored = [
            v + (credit[s] - sum(c for o, c in credit.items() if o != s)) / MATERIAL_SCALE
            for s, v in zip(sides, values, strict=True)
        ]
        return [max(-MOST_SURE, min(MOST_SURE, v)) for v in scored]

    def worth(self, rules: Any, sides: tuple[str, ...], here: Any) -> list[float]:
        """Each side's worth of the position a leaf's greedy line stops in: the value
        network's (``value.py``: twice the side to act's chance of winning, less one) where the
        game is one of two sides, else material and flags."""
        if len(sides) != 2:
            return material_values(rules, sides, here, raw=True)
        mine = 2.0 * win_chance(here) - 1.0
        return [mine if side == here.side_to_act else -mine for side in sides]

    def expected_roll(self, rules: Any, here: Any, credit: dict[str, float]) -> Any:
        """The movement dice sampled; a shot's gun dice a miss, its exact chance of
        destroying credited to the firer's side (a sure kill is rolled: no miss is
        possible)."""
        outcomes = rules.chance_outcomes(here)
        if here.phase != "gun" or here.pending is None:
            return sample_chance(outcomes, self.rng)
        firer, target = here.pending
        destroy = float(chance_of(here, firer, target)[0])
        if destroy >= 1.0:
            return sample_chance(outcomes, self.rng)
        credit[here.tank(firer).side] += destroy
        return min((action for action, _ in outcomes), key=lambda a: sum(a.small))


FLAG_WORTH = 1.0  # tanks: an enemy flag captured
WATCH_WORTH = 0.5  # tanks: a tank next to an enemy flag, its capture under way
STEP_COST = 0.05  # tanks: each step the nearest tank has to go to be next to an enemy flag


def flag_objectives(match: Any) -> dict[str, float]:
    """Each side's flags in tanks' worth: :data:`FLAG_WORTH` an enemy flag captured,
    :data:`WATCH_WORTH` a tank watching one (next to it, the capture under way), less
    :data:`STEP_COST` for each king's step the nearest tank still has to go to be next to an
    enemy flag (a plain distance: what blocks is not counted).

    >>> from workbench.games import get_game
    >>> rules = get_game("panzer-strike")
    >>> start = rules.start(rules.load_scenario("capture-the-flag"))
    >>> values = flag_objectives(start)
    >>> values["north"] == values["south"] < 0
    True
    """
    found: dict[str, float] = {}
    for side in match.order:
        taken, watches, steps = flag_counts(match, side)
        worth = FLAG_WORTH * taken + WATCH_WORTH * watches
        if steps is not None:
            worth -= STEP_COST * max(steps, 0)
        found[side] = worth
    return found


def _fired(action: Any) -> tuple[str, str] | None:
    return (action.firer, action.target) if isinstance(action, Shoot) else None


def _greedy_lines(rng: random.Random, stop: threading.Event, seconds: float | None,
                  simulations: int) -> GreedyLines:  # fmt: skip
    return GreedyLines(rng, stop, seconds, candidates_for(simulations))


RECORD = Path(__file__).parent.with_name("strength-games.csv")  # its strength benchmark games

# A medium decision has the time for twice the shared level's simulations along greedy lines
# (benchmarks/README.md: how the levels were chosen).
SETTINGS = register(
    "panzer-strike",
    SearchSettings(
        levels={"medium": 96},
        # with the value network at the leaves, easy (12 simulations) over greedy +19 Elo
        # [-34, +71], hard (160) over medium -19 Elo [-88, +51] (50 games a seat, 7 December;
        # before it +34 and +24): not shown apart, so merged (benchmarks/README.md: the
        # strength of the search players)
        merged={"easy": "greedy", "hard": "medium"},
        evaluator=_greedy_lines,
        root=ROOT_RULE,
        objectives=flag_objectives,
        shots=Shots(declared=_fired, under_way=lambda state: state.phase == "gun"),
        exposure=Exposure(
            moved=lambda action: str(action.tank) if isinstance(action, Move) else None,
            live=lambda state, side: [t.id for t in state.active_tanks(side)],
        ),
        strength=StrengthCase(
            "capture-the-flag",
            "Panzer Strike capture-the-flag",
            (
                "workbench/games/panzer_strike",
                "workbench/panzer_strike.py",
                "maps/panzer-strike",
                "workbench/data/panzer-strike-*",
            ),
            RECORD,
        ),
    ),
)
