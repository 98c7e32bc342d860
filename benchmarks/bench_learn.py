"""Benchmarks 95 on: generating a learn-mode question (``workbench.learn.question``), every kind
of each game with questions (95 the first in the games' order, then one a game), seeds 0-19:
the position placed by the seed, the answer computed by the rules and its reasons. The promise
is that a question takes at most 200 ms: the time column is the slowest question of the game's
every kind and seed (warm: each scenario already loaded once, as in a lesson), the notes give
each kind's median. No reference: a question is the rules' own answer (the answers are checked
against plain references by ``tests/test_learn_answers.py``)."""

from __future__ import annotations

import statistics
import time

from workbench import learn
from workbench.games import names
from workbench.testing.timing import Result

SEEDS = range(20)
FIRST = 95  # the first game's benchmark number, then one a game


def numbers() -> dict[str, int]:
    """Each game with questions and its benchmark's number, in the games' order."""
    asked = set(learn.kinds_of_games())
    return {game: FIRST + i for i, game in enumerate(g for g in names() if g in asked)}


def _seconds(game: str, kind: str, seed: int) -> float:
    start = time.perf_counter()
    learn.question(game, kind, seed)
    return time.perf_counter() - start


def questions() -> list[Result]:
    results = []
    for game, number in numbers().items():
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
