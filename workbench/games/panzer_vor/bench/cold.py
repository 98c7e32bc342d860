"""First calls, each in a fresh Python process: ``python -m
workbench.games.panzer_vor.bench.cold WHAT ROWS COLS``
prints the seconds the first call took (wall, CPU) and its traced memory peak. Imports and
the map are made, and garbage collected, before the clock starts: this is the first *call*
(traces, plans, caches), not interpreter start-up."""

from __future__ import annotations

import gc
import statistics
import subprocess
import sys
import time
import tracemalloc
from dataclasses import dataclass
from pathlib import Path

from workbench.games.panzer_vor.bench.boards import forest_map, obstructed_map
from workbench.games.panzer_vor.rules.visibility import visibility_matrix

ROOT = Path(__file__).resolve().parents[4]  # the repository: each process starts there
MODULE = "workbench.games.panzer_vor.bench.cold"


def peer_field_of_view(hexmap) -> dict:
    """hexutil's field of view from every hex of a map whose only obstacles are its
    blocking hexes: ``{our hex: set of our hexes it sees}``. hexutil uses doubled x
    coordinates (``x = 2q + r``, ``y = r`` for our axial ``q, r``); off the map is opaque,
    so the shadow casting stays on the board."""
    import hexutil

    ours = {hexutil.Hex(2 * h.q + h.r, h.r): h for h in hexmap.grid}
    clear = {x for x, h in ours.items() if not hexmap.terrain_at(h).blocks_los}
    reach = hexmap.grid.rows + hexmap.grid.cols
    transparent = clear.__contains__
    return {
        h: {ours[v] for v in x.field_of_view(transparent, reach) if v in ours}
        for x, h in ours.items()
    }


@dataclass(frozen=True)
class Cold:
    """Medians over fresh processes of the first call: wall and CPU seconds, and (when
    asked) the peak of memory traced by ``tracemalloc`` during it, in bytes."""

    wall: float
    cpu: float
    peak: int | None = None


def _first_call(what: str, rows: int, cols: int, memory: bool) -> tuple[float, float, int]:

    if what == "peer":
        import hexutil  # noqa: F401 - imported before the clock starts

        hexmap = forest_map(rows, cols)

        def work() -> object:
            return peer_field_of_view(hexmap)
    else:
        hexmap = forest_map(rows, cols) if what == "forest" else obstructed_map(rows, cols)

        def work() -> object:
            return visibility_matrix(hexmap)

    # Importing the workbench (jsonschema compiles its grammars with lark) leaves a large heap
    # whose first full garbage collection (50-100 ms) would land in whatever call comes
    # first: collect it before the clock starts, as any long-lived kernel already has.
    gc.collect()
    if memory:
        tracemalloc.start()
    wall, cpu = time.perf_counter(), time.process_time()
    work()
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    peak = tracemalloc.get_traced_memory()[1] if memory else 0
    return wall, cpu, peak


def cold_seconds(what: str, rows: int, cols: int, runs: int = 3, memory: bool = False) -> Cold:
    """The first call's time over ``runs`` fresh processes (medians). ``what``: ``"ours"``
    (the benchmark's obstructed map), ``"forest"`` (forest only) or ``"peer"`` (hexutil on
    the forest-only map). ``memory``: one more process traces the first call's memory
    (tracing slows it, so it is not timed)."""
    found = []
    for i in range(runs + (1 if memory else 0)):
        traced = memory and i == runs
        done = subprocess.run(
            [sys.executable, "-m", MODULE, what, str(rows), str(cols)]
            + (["memory"] if traced else []),
            cwd=ROOT,
            capture_output=True,
            text=True,
            check=True,
            timeout=900,
        )
        found.append([float(x) for x in done.stdout.split()[-3:]])
    timed = found[:runs]
    return Cold(
        statistics.median(t[0] for t in timed),
        statistics.median(t[1] for t in timed),
        int(found[-1][2]) if memory else None,
    )


if __name__ == "__main__":
    wall, cpu, peak = _first_call(
        sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), memory=sys.argv[4:] == ["memory"]
    )
    print(wall, cpu, peak)
