"""Balance lab throughput: the same seeded sweep in process, in 2 local processes and on a
2-worker Dask LocalCluster (each checked to give identical games first)."""

from __future__ import annotations

import time

from benchmarks.timing import Result
from workbench import balance
from workbench.games import get_game

GAMES = 60
OPTIONS = {"turn_limit": 10}


def _timed(**where: object) -> tuple[float, balance.SweepResult]:
    game = get_game("panzer-vor-practice")
    scenario = game.scenarios()["mock-battle"]
    start = time.perf_counter()
    result = balance.sweep(
        game, scenario, games=GAMES, seed=1, options=OPTIONS, progress=False, **where
    )
    return time.perf_counter() - start, result


def balance_sweeps() -> list[Result]:
    here, reference = _timed()
    pool, pooled = _timed(workers=2)
    assert pooled.games.equals(reference.games), "2 local workers give the same games"
    results = [
        Result(
            30, f"balance sweep, in process ({GAMES} Mock Battle practice games)",
            here / GAMES, 0.5, note=f"{GAMES / here:.1f} games/s",
        ),
        Result(
            31, "balance sweep, 2 local processes", pool / GAMES, here / GAMES,
            "the same sweep in process", here / GAMES,
            f"{GAMES / pool:.1f} games/s; scaling {here / pool:.2f}× on 2 cores "
            "(includes starting the pool)",
        ),
    ]  # fmt: skip
    try:
        from dask.distributed import Client, LocalCluster
    except ImportError:
        return results
    with (
        LocalCluster(n_workers=2, threads_per_worker=1, dashboard_address=None) as cluster,
        Client(cluster) as client,
    ):
        balance.sweep(
            "panzer-vor-practice",
            get_game("panzer-vor-practice").scenarios()["mock-battle"],
            games=4,
            seed=99,
            options=OPTIONS,
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
