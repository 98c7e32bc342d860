"""The editor's fairness panel (issue 51): how soon a run of Mock Battle practice games with
greedy players gives each side's win rate to within ±0.15 (the first interval that narrow,
from pressing Play: the pool's start included), on this machine's cores in a kept local pool
and on a 2-worker Dask ``LocalCluster``; and how long a paint stroke takes in the editor
while those games run, against the same strokes with nothing running.

    python -m workbench.games.panzer_vor.bench.fairness   # these alone
"""

from __future__ import annotations

import asyncio
import os
import statistics
import threading
import time
from typing import Any

from workbench.balance import Background, Fairness
from workbench.balance.executors import Executor, LocalPool, OnDask
from workbench.balance.lab import design_plan
from workbench.balance.stats import wilson_interval
from workbench.balance.tally import NARROW
from workbench.games import get_game
from workbench.testing.bench_cases import two_dask_workers
from workbench.testing.timing import Result
from workbench.widgets.editor import Editor

GAMES = 200  # the run's games: far more than the interval needs
STROKES = 12  # paint strokes timed, each a press, a drag to the next hex and a release
LIMIT_SECONDS = 120.0


def _mock_battle() -> Any:
    return get_game("panzer-vor").load_scenario("mock-battle")


def even_games() -> int:
    """The games an even match needs for an interval within ±:data:`NARROW` (the most any
    match needs: a lopsided one gets there sooner)."""
    n = 1
    while (lambda low, high: (high - low) / 2)(*wilson_interval(n / 2, n)) > NARROW:
        n += 1
    return n


def _first_narrow(runner: Executor) -> tuple[float, Fairness, float]:
    """Seconds from the start of a run of Mock Battle to its first tally whose intervals are
    all narrower than ±:data:`NARROW`, that tally, and the seconds to :func:`even_games`
    games (what an even match would have needed)."""
    _, plan = design_plan(_mock_battle(), "greedy", games=GAMES, seed=1,
                          workers=2, progress=False, max_seconds=None)  # fmt: skip
    reached = threading.Event()
    found: list[tuple[float, Fairness]] = []
    even: list[float] = []
    began = time.perf_counter()

    def on_game(tally: Fairness) -> None:
        if not found and tally.half_width <= NARROW:
            found.append((time.perf_counter() - began, tally))
        if not even and tally.games >= even_games():
            even.append(time.perf_counter() - began)
        if found and even:
            reached.set()

    run = Background(plan, runner, on_game=on_game).start()
    reached.wait(LIMIT_SECONDS)
    run.stop()
    run.wait()  # its thread ends (Dask's futures cancelled) before the cluster goes
    runner.close()
    if not found or not even:
        raise RuntimeError(f"no interval as narrow as ±{NARROW} within {LIMIT_SECONDS:.0f} s")
    return found[0][0], found[0][1], even[0]


def _note(tally: Fairness, even: float, cores: str) -> str:
    first, second = tally.sides
    rates = f"{first} {tally.win_rate(first)[0]:.0%}, {second} {tally.win_rate(second)[0]:.0%}"
    return (f"{tally.games} games to ±{tally.half_width:.2f} ({rates}); {even_games()} games, "
            f"what an even match needs, in {even:.1f} s; {cores}")  # fmt: skip


def first_interval() -> list[Result]:
    seconds, tally, even = _first_narrow(LocalPool(os.cpu_count() or 1, keep=True))
    results = [Result(
        36, f"fairness panel: first interval within ±{NARROW} (Mock Battle, greedy, local pool)",
        seconds, 20.0, extra_ok=even <= 20.0,
        note=_note(tally, even, f"{os.cpu_count()} local processes, their start included"),
    )]  # fmt: skip
    with two_dask_workers() as client:
        if client is None:
            return results
        seconds, tally, even = _first_narrow(OnDask(client))
    results.append(Result(
        37, f"fairness panel: first interval within ±{NARROW}, 2-worker Dask LocalCluster",
        seconds, 20.0, extra_ok=even <= 20.0,
        note=_note(tally, even, "the cluster started before, its workers cold"),
    ))  # fmt: skip
    return results


async def _strokes(editor: Any) -> tuple[list[float], list[float]]:
    """Each paint stroke's answer (the longest of its press and its drag to the next hex:
    the hexes painted on the canvas under the pointer) and its release (the stroke made one
    step of the history: lint, the picture, the games started again), in seconds. Run on an
    event loop, as a kernel runs the editor: between strokes the panel shows what the games
    sent, and each gesture counts from when it arrives, waiting behind whatever the loop
    already has to do (the panel redrawing the heat)."""
    hexmap = editor.value.hexmap
    tools = editor.tools
    tools.use("terrain")
    row = [hexmap.hex(f"10{c:02d}") for c in range(4, 4 + STROKES + 1)]
    answers, releases = [], []

    async def gesture(act: Any, *at: float) -> float:
        arrives = time.perf_counter()
        await asyncio.sleep(0)  # what the loop has queued runs first, as in a kernel
        act(*at)
        return time.perf_counter() - arrives

    for n in range(STROKES):
        await asyncio.sleep(0.2)  # a designer's pause: the games' news is shown meanwhile
        tools.palette.value = "forest" if n % 2 == 0 else "clear"
        a, b = editor.scene.pixel_of(row[n]), editor.scene.pixel_of(row[n + 1])
        pressed = await gesture(editor.press, *a)
        dragged = await gesture(editor.drag, *b)
        answers.append(max(pressed, dragged))
        releases.append(await gesture(editor.release, *b))
    return answers, releases


async def _painting(playing: bool) -> tuple[list[float], list[float], int]:
    editor = Editor(_mock_battle())
    if playing:
        editor.fairness.play(GAMES)  # a kept pool of local processes, as by default
        while editor.fairness.tally is None or editor.fairness.tally.games < 4:
            await asyncio.sleep(0.05)  # the workers up and playing, their news shown
    else:
        await _strokes(editor)  # warm: the same strokes, then timed
    answers, releases = await _strokes(editor)
    await asyncio.sleep(1.0)
    played = editor.fairness.tally.games if editor.fairness.tally is not None else 0
    editor.close(discard=True)
    return answers, releases, played


def paint_while_playing() -> Result:
    reference, quiet_releases, _ = asyncio.run(_painting(False))
    answers, releases, played = asyncio.run(_painting(True))
    median, slowest = statistics.median(answers), max(answers)
    return Result(
        38, "editor: a paint stroke answers while the fairness panel's games run (Mock Battle)",
        median, 0.1, "the same strokes with no game running", statistics.median(reference),
        f"median of {STROKES} strokes' press or drag, the hexes painted; slowest "
        f"{slowest * 1000:.0f} ms ({max(reference) * 1000:.0f} ms with no game running); "
        f"the release (lint, picture, games started again) "
        f"{statistics.median(releases) * 1000:.0f} ms, "
        f"{statistics.median(quiet_releases) * 1000:.0f} ms with no game running; "
        f"{played} games of the last map shown a second after",
        extra_ok=slowest <= 0.1,
    )  # fmt: skip


BENCHMARKS = (first_interval, paint_while_playing)


if __name__ == "__main__":
    load = os.getloadavg()[0]
    for bench in BENCHMARKS:
        for result in (lambda r: r if isinstance(r, list) else [r])(bench()):
            print(f"{result.number} {result.work}: {result.seconds:.3f} s ({result.verdict}); "
                  f"reference {result.reference_seconds}; {result.note}")  # fmt: skip
    print(f"load average {load:.1f} at the start, {os.getloadavg()[0]:.1f} at the end")
