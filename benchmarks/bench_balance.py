"""Balance lab throughput: the same seeded sweep in process, in 2 local processes and on a
2-worker Dask LocalCluster (each checked to give identical games first); with random players
(:func:`balance_sweeps`, on the sweep a game declares as its ``SWEEP``) and with search players
(:func:`search_sweeps`, seconds a game, where starting the workers weighs less, on a game's
``SEARCH_SWEEP``).

    python -m benchmarks.bench_balance [--search]   # the search players' sweeps alone
"""

from __future__ import annotations

import time
from typing import Any

from workbench import balance
from workbench.games import get_game
from workbench.players import search
from workbench.players.settings import settings_for
from workbench.testing.bench_cases import Sweep, declared, two_dask_workers
from workbench.testing.timing import Result

GAMES = 60


def _sweep(name: str) -> Sweep:
    """The sweep a game declares as ``name`` (the first, if several do)."""
    found = declared(name)
    if not found:
        raise LookupError(f"no game's bench part declares a {name}")
    return found[0]


def _timed(**where: Any) -> tuple[float, balance.SweepResult]:
    swept = _sweep("SWEEP")
    game = get_game(swept.game)
    scenario = game.scenarios()[swept.scenario]
    start = time.perf_counter()
    result = balance.sweep(
        game, scenario, games=GAMES, seed=1, options=dict(swept.options), progress=False, **where
    )
    return time.perf_counter() - start, result


def balance_sweeps() -> list[Result]:
    swept = _sweep("SWEEP")
    here, reference = _timed()
    pool, pooled = _timed(workers=2)
    assert pooled.games.equals(reference.games), "2 local workers give the same games"
    results = [
        Result(
            30, f"balance sweep, in process ({GAMES} {swept.label})",
            here / GAMES, 0.5, note=f"{GAMES / here:.1f} games/s",
        ),
        Result(
            31, "balance sweep, 2 local processes", pool / GAMES, here / GAMES,
            "the same sweep in process", here / GAMES,
            f"{GAMES / pool:.1f} games/s; scaling {here / pool:.2f}× on 2 cores "
            "(includes starting the pool)",
        ),
    ]  # fmt: skip
    with two_dask_workers() as client:
        if client is None:
            return results
        balance.sweep(
            swept.game,
            get_game(swept.game).scenarios()[swept.scenario],
            games=4,
            seed=99,
            options=dict(swept.options),
            client=client,
            progress=False,
        )  # warm
        dask, on_dask = _timed(client=client)
    assert on_dask.games.equals(reference.games), "Dask gives the same games"
    overhead = dask / GAMES - here / GAMES / 2
    results.append(Result(
        32, "balance sweep, 2-worker Dask LocalCluster", dask / GAMES, here / GAMES,
        "the same sweep in process", here / GAMES,
        f"{GAMES / dask:.1f} games/s; scaling {here / dask:.2f}×; Dask's overhead about "
        f"{overhead * 1000:.1f} ms a game over a perfect 2× split",
    ))  # fmt: skip
    return results


SEARCH_GAMES = 16


def _search_timed(**where: Any) -> tuple[float, balance.SweepResult]:
    swept = _sweep("SEARCH_SWEEP")
    game = get_game(swept.game)
    scenario = game.load_scenario(swept.scenario)
    start = time.perf_counter()
    result = balance.sweep(
        game, scenario, search(settings_for(swept.game).distinct()[0], seed=1),
        games=SEARCH_GAMES, seed=1,
        options=dict(swept.options), progress=False, **where,
    )  # fmt: skip
    return time.perf_counter() - start, result


def search_sweeps() -> list[Result]:
    """The same sweep of a game's ``SEARCH_SWEEP`` games, its weakest search level (the first
    it offers) on both sides, in process, in 2 local processes and on 2 Dask worker
    processes: the scaling (the target 1.7× on 2 cores) includes starting the pool (each
    worker imports OpenSpiel and numbers the scenario's actions); Dask's workers are started
    and warmed first."""
    _warm()  # this process's imports are not the sweep's
    here, reference = _search_timed()
    pool, pooled = _search_timed(workers=2)
    assert pooled.games.equals(reference.games), "2 local workers give the same games"
    per_game = here / SEARCH_GAMES
    label = f"{SEARCH_GAMES} {_sweep('SEARCH_SWEEP').label}, easy search"
    results = [
        Result(33, f"balance sweep with search players, in process ({label})", per_game, 5.0,
               note=f"{SEARCH_GAMES / here:.2f} games/s"),
        Result(34, "balance sweep with search players, 2 local processes", pool / SEARCH_GAMES,
               per_game / 1.7, "the same sweep in process", per_game,
               f"scaling {here / pool:.2f}× on 2 cores, the target 1.7× (includes starting the "
               "pool)"),
    ]  # fmt: skip
    with two_dask_workers() as client:
        if client is None:
            return results
        client.run(_warm)
        dask, on_dask = _search_timed(client=client)
    assert on_dask.games.equals(reference.games), "Dask gives the same games"
    results.append(Result(
        35, "balance sweep with search players, 2 Dask worker processes", dask / SEARCH_GAMES,
        per_game / 1.7, "the same sweep in process", per_game,
        f"scaling {here / dask:.2f}× on 2 cores, the target 1.7× (workers started and warm)",
    ))  # fmt: skip
    return results


def _warm() -> None:
    """A Dask worker's imports and the scenario's numbering, before the clock starts."""
    from workbench.openspiel.bridge import WorkbenchGame

    swept = _sweep("SEARCH_SWEEP")
    game = get_game(swept.game)
    WorkbenchGame.around(game, game.start(game.load_scenario(swept.scenario)))


if __name__ == "__main__":
    import os
    import sys

    load = os.getloadavg()[0]
    for result in search_sweeps() if "--search" in sys.argv else balance_sweeps():
        print(f"{result.number} {result.work}: {result.seconds:.3f} s a game; {result.note}")
    print(f"load average {load:.1f} at the start, {os.getloadavg()[0]:.1f} at the end")
