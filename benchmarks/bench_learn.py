"""Benchmarks 95-97: generating a learn-mode question (``workbench.learn.question``), every
kind of each game, seeds 0-19: the position placed by the seed, the answer computed by the
rules and its reasons. The promise is that a question takes at most 200 ms: the time column
is the slowest question of the game's every kind and seed (warm: each scenario already
loaded once, as in a lesson), the notes give each kind's median. No reference: a question
is the rules' own answer (the answers are checked against plain references by
``tests/test_learn_answers.py``)."""

from __future__ import annotations

import statistics
import time

from benchmarks.timing import Result
from workbench import learn

SEEDS = range(20)
NUMBERS = {"panzer-vor": 95, "panzer-strike": 96, "tanks": 97}


def _seconds(game: str, kind: str, seed: int) -> float:
    start = time.perf_counter()
    learn.question(game, kind, seed)
    return time.perf_counter() - start


def questions() -> list[Result]:
    results = []
    for game, number in NUMBERS.items():
        medians, worst = [], 0.0
        for k in learn.kinds(game):
            learn.question(game, k.name, 999)  # its scenarios loaded, as in a lesson
            times = [_seconds(game, k.name, seed) for seed in SEEDS]
            worst = max(worst, *times)
            medians.append(f"{k.name} {statistics.median(times) * 1000:.0f} ms")
        results.append(
            Result(
                number,
                f"a {game} question, the slowest of every kind and seeds 0-19",
                worst,
                0.200,
                note="medians: " + ", ".join(medians),
            )
        )
    return results


LEARN_BENCHMARKS = (questions,)
