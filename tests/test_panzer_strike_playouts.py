"""2,000 seeded short Panzer Strike games inside ``make test``, each state checked against the
game's invariants (one tank per square, steps within the allowance, shots within the arc and
range, wrecks staying put, flags captured only as the rule says), every game ending.

The games are short (a 2-round practice limit) and spread over the shipped scenarios and a
mix of the named options; ``WORKBENCH_PLAYOUTS`` (``make soak``) multiplies them."""

from __future__ import annotations

import os
import random

import pytest

import workbench
from workbench.rules.core import CHANCE, TERMINAL
from workbench.rules.panzer_strike.game import GAME
from workbench.rules.play import sample_chance

GAMES = 2000 * max(1, int(os.environ.get("WORKBENCH_PLAYOUTS", "3")) // 3)
OPTION_MIXES = (
    {},
    {"damage": True, "diagonal_cut": "not-between-two"},
    {"backward_counts": False, "trajectory": "met", "distance_rounding": "nearest"},
    {"backward_alone": True, "barricades": False, "flag_next_to": "four", "damage": True},
)


def short_game(scenario, seed: int, options: dict) -> tuple[int, object]:
    rng = random.Random(seed)
    state = GAME.start(scenario, {**options, "turn_limit": 2})
    for step in range(2000):
        GAME.invariants(state)
        who = GAME.current_player(state)
        if who == TERMINAL:
            return step, GAME.outcome(state)
        if who == CHANCE:
            action = sample_chance(GAME.chance_outcomes(state), rng)
        else:
            legal = list(GAME.legal_actions(state))
            action = legal[rng.randrange(len(legal))]
        state = GAME.apply(state, action).state
    raise AssertionError(f"game {seed} did not end")


@pytest.fixture(scope="module")
def scenarios():
    return [workbench.load(path) for path in GAME.scenarios().values()]


def test_two_thousand_seeded_short_games_keep_the_invariants_and_end(scenarios):
    ended = {}
    for seed in range(GAMES):
        scenario = scenarios[seed % len(scenarios)]
        options = OPTION_MIXES[(seed // len(scenarios)) % len(OPTION_MIXES)]
        steps, outcome = short_game(scenario, seed, options)
        assert outcome is not None and steps > 0
        ended[outcome.termination.name] = ended.get(outcome.termination.name, 0) + 1
    assert sum(ended.values()) == GAMES
