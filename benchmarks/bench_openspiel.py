"""The OpenSpiel bridge: ``clone()`` of a mid-game state (target 50 µs), and a medium search
player's decision (target: median 1 s). OpenSpiel's searches clone a state at every
simulation; the bridge's state shares the workbench state (an immutable value) instead of
copying it."""

from __future__ import annotations

import pickle
import random
import statistics
import time

from benchmarks.strength import cases
from workbench.games import get_game
from workbench.players import search
from workbench.rules.core import CHANCE
from workbench.rules.play import sample_chance
from workbench.testing.timing import Result, median_seconds


def _mid_game(game, seed: int = 2, steps: int = 60):
    state, rng = game.new_initial_state(), random.Random(seed)
    while len(state.history()) < steps or state.is_chance_node():
        if state.is_chance_node():
            numbers, probabilities = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(numbers, probabilities)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    return state


def clone_state() -> Result:
    import workbench.openspiel as bridge

    name, scenario, label = cases()[0]
    state = _mid_game(bridge.game(name, scenario))
    copied = state.clone()
    if copied.workbench_state is not state.workbench_state or copied.history() != state.history():
        raise AssertionError("a clone must share the workbench state and keep the history")
    seconds = median_seconds(state.clone, repeat=2000, warmup=50)
    reference = median_seconds(lambda: pickle.loads(pickle.dumps(state)), repeat=5)
    return Result(
        90, f"OpenSpiel `clone()` of a {label} state, 60 steps in", seconds, 50e-6,
        "the state rebuilt from its actions (its pickle: a workbench state does not deep-copy)",
        reference, "the clone shares the state value and copies the history",
    )  # fmt: skip


def medium_decision() -> Result:
    times = []
    for name, scenario, _ in cases():
        rules = get_game(name)
        state, rng = rules.start(rules.load_scenario(scenario)), random.Random(3)
        player = search("medium", seed=1)
        for _ in range(120):
            who = rules.current_player(state)
            if who is CHANCE:
                state = rules.apply(state, sample_chance(rules.chance_outcomes(state), rng)).state
                continue
            if not isinstance(who, str):
                break
            observation = rules.observation(state, who)
            start = time.perf_counter()
            action = player(rules, observation, rng)
            if len(observation.legal_actions) > 1:
                times.append(time.perf_counter() - start)
            state = rules.apply(state, action).state
    times.sort()
    p95 = times[int(0.95 * (len(times) - 1))]
    return Result(
        91, f"a medium search player's decision ({', '.join(c[2] for c in cases())}; median)",
        statistics.median(times), 1.0, note=f"{len(times)} decisions; 95th percentile {p95:.2f} s",
    )  # fmt: skip


OPENSPIEL_BENCHMARKS = (clone_state, medium_decision)
