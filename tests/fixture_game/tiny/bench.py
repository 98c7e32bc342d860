"""Tiny Race's benchmark (``make bench`` finds it by ``workbench.testing.bench_cases``): a
whole race of random steps on the short track, without pits, against a target any race meets."""

from __future__ import annotations

from workbench.games.tiny.rules.game import GAME

from workbench.rules.play import play_to_end
from workbench.testing.timing import Result, median_seconds


def a_race() -> Result:
    track = GAME.load_scenario("short")
    seconds = median_seconds(
        lambda: play_to_end(GAME, track, seed=1, options={"pits": False}), repeat=5
    )
    return Result(900, "Tiny Race: a random race on the short track, no pits", seconds, 1.0)


BENCHMARKS = (a_race,)
