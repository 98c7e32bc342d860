"""Random play as a tested promise: seeded conformance playouts of every registered game,
over its shipped scenarios in turn, until ``WORKBENCH_SOAK_STEPS`` steps per game have been
played with every invariant checked (``make soak`` asks for 100,000; ``make test`` for a few
hundred)."""

from __future__ import annotations

import itertools
import os
import time

import pytest

import workbench
from workbench.games import all_games
from workbench.testing.conformance import playout

STEPS = int(os.environ.get("WORKBENCH_SOAK_STEPS", "200"))


@pytest.mark.parametrize("game", [g for g in all_games() if g.scenarios()], ids=lambda g: g.name)
def test_random_play_for_many_steps(game, record_property):
    scenarios = {name: workbench.load(path) for name, path in game.scenarios().items()}
    played = games = 0
    start = time.perf_counter()
    for seed in itertools.count(1000):
        name = sorted(scenarios)[seed % len(scenarios)]
        try:
            report = playout(game, scenarios[name], seed, invariants=[game.invariants])
        except Exception as error:  # name the game to replay: the seed and the scenario
            raise AssertionError(
                f"{game.name}, scenario {name}, seed {seed} (after {played:,} steps): {error!r}"
            ) from error
        assert report.outcome is not None
        played += report.steps
        games += 1
        if played >= STEPS:
            break
    seconds = time.perf_counter() - start
    record_property("steps", played)
    print(f"\n{game.name}: {played:,} steps in {games:,} games, {seconds:.0f} s")
    assert played >= STEPS
