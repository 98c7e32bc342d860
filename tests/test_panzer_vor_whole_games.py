"""Thousands of seeded whole card games of Panzer Vor! across every shipped scenario, with
the invariants checked after every step (all cards accounted for, one tank per hex, no hand
over five after the End Phase, no character on two tanks, destroyed points match the wrecks),
every game ending, and a sample of the records replayed to identical states.

``WORKBENCH_PV_GAMES`` sets the number of games across all scenarios (2,000 by default;
``make soak`` raises it). Half the seeds set up by choices (``setup: "choose"``, the
default: forces bought, every tank deployed by an action), half by the quick placement
(``setup: "quick"``), so that the setup choices cost the soak about half their time. The
full conformance checks (listed actions apply, others are refused) run in
``test_conformance``."""

from __future__ import annotations

import os
import random
from collections import Counter

import pytest

from tests.panzer_vor_match import GAME, scenario
from workbench.boards.record import Record, RecordStep
from workbench.rules.core import CHANCE, TERMINAL, replay
from workbench.rules.panzer_vor.match import HAND_LIMIT, CardMatch
from workbench.rules.play import sample_chance

GAMES = int(os.environ.get("WORKBENCH_PV_GAMES", "2000"))
SCENARIOS = sorted(GAME.scenarios())
PER_SCENARIO = max(1, GAMES // len(SCENARIOS))
REPLAY_EVERY = 50
MIX = (None, {"setup": "quick"})  # even seeds: the default (choices); odd: quick placement


def one_game(name: str, seed: int, options=None) -> tuple[CardMatch, list, list[CardMatch]]:
    rng = random.Random(seed)
    state = GAME.start(scenario(name), options)
    actions, states = [], [state]
    for _ in range(20_000):
        GAME.invariants(state)
        who = GAME.current_player(state)
        if who == TERMINAL:
            return state, actions, states
        if who == CHANCE:
            action = sample_chance(GAME.chance_outcomes(state), rng)
        else:
            legal = GAME.legal_actions(state)
            action = legal[rng.randrange(len(legal))]
        ended_turn = state.phase == "end"
        state = GAME.apply(state, action).state
        if ended_turn and state.phase != "end":  # the End Phase is over: five cards at most
            assert all(len(h) <= HAND_LIMIT for h in state.hands.values()) or state.ended
        actions.append(action)
        states.append(state)
    raise AssertionError(f"{name} seed {seed} did not end")


@pytest.mark.parametrize("name", SCENARIOS)
def test_seeded_whole_games_keep_every_invariant_and_end(name):
    endings: Counter[str] = Counter()
    for seed in range(PER_SCENARIO):
        options = MIX[seed % 2]
        final, actions, states = one_game(name, seed, options)
        outcome = GAME.outcome(final)
        assert outcome is not None
        endings[outcome.termination.name] += 1
        if seed % (2 * REPLAY_EVERY) in (0, REPLAY_EVERY + 1):  # each kind of setup
            record = Record("panzer-vor", scenario(name),
                            tuple(RecordStep(a.to_json()) for a in actions),
                            dict(options or {}), seed)  # fmt: skip
            assert replay(record, GAME) == states  # equal values, step by step
    assert sum(endings.values()) == PER_SCENARIO


VARIANTS = [
    ("st-gloriana", {"freshmen_dont_flee": True}),
    ("st-gloriana", {"match_type": "flag"}),
    ("anzio-revised", {"cv33_reinforcements": True}),
    ("exhibition", {"match_type": "flag"}),
]


@pytest.mark.parametrize(("name", "options"), VARIANTS, ids=lambda v: str(v))
def test_scenario_options_keep_the_invariants_too(name, options):
    for seed in range(max(2, PER_SCENARIO // 10)):
        final, _, _ = one_game(name, seed, options)
        assert GAME.outcome(final) is not None
