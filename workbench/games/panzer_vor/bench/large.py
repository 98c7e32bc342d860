"""Benchmarks 60-65: large boards (100 × 100 and 200 × 200) — the visibility matrix, reach and
a picture, each with its peak memory; the visibility matrix of a 200 × 200 map is refused
(ArgumentError) rather than exhausting the machine."""

from __future__ import annotations

import time
import tracemalloc
from collections.abc import Callable
from dataclasses import replace
from typing import Any

from workbench.errors import ArgumentError
from workbench.games.panzer_vor.bench.boards import battle, obstructed_map
from workbench.games.panzer_vor.bench.core import _sampled_reference
from workbench.games.panzer_vor.rules import movement
from workbench.games.panzer_vor.rules.movement import plain_reach_costs
from workbench.games.panzer_vor.rules.visibility import MAX_MATRIX_BYTES, visibility_matrix
from workbench.render import svg_of
from workbench.testing.timing import Result, median_seconds, once_seconds


def measured(work: Callable[[], Any]) -> tuple[float, int, Any]:
    """Seconds, peak traced memory (bytes) and the result of one run."""
    tracemalloc.start()
    start = time.perf_counter()
    try:
        result = work()
    finally:
        seconds = time.perf_counter() - start
        _, peak = tracemalloc.get_traced_memory()
        tracemalloc.stop()
    return seconds, peak, result


def mib(count: int) -> str:
    return f"{count / 2**20:,.0f} MiB"


def visibility_100() -> Result:
    hexmap = obstructed_map(100, 100)
    seconds, peak, matrix = measured(lambda: visibility_matrix(hexmap))
    reference = _sampled_reference(hexmap, matrix, 200, seed=21)
    return Result(
        80, "all-pairs LOS, 100 × 100 (100 M ordered pairs), one cold call", seconds, 60.0,
        "per-pair reference (200 sampled pairs, scaled)", reference,
        f"peak memory {mib(peak)}; limit {mib(MAX_MATRIX_BYTES)} for the matrix",
    )  # fmt: skip


def visibility_200_refused() -> Result:
    hexmap = obstructed_map(200, 200)
    try:
        visibility_matrix(hexmap)
    except ArgumentError:
        pass
    else:
        raise AssertionError("a 200 × 200 visibility matrix must be refused")
    seconds = median_seconds(lambda: _refused(hexmap), repeat=50)
    return Result(
        81, "all-pairs LOS, 200 × 200: refused (ArgumentError)", seconds, 0.001,
        note=f"the matrix would need {mib(len(hexmap.grid) ** 2)} > {mib(MAX_MATRIX_BYTES)}; "
        "without the limit it took 146 s and 2.7 GB",
    )  # fmt: skip


def _refused(hexmap: Any) -> None:
    try:
        visibility_matrix(hexmap)
    except ArgumentError:
        return


def _reach(number: int, size: int, mp: int) -> Result:
    hexmap = obstructed_map(size, size, share=0.15, seed=3)
    middle = hexmap.grid.from_offset(size // 2, size // 2)
    state = battle(hexmap.with_terrain({middle: "clear"}), 40, seed=4)
    state = state.without([t.id for t in state.tanks if t.hex == middle])
    state = state.with_tank(replace(state.tank("Firer"), hex=middle))
    _, peak, fast = measured(lambda: movement.reach(state, "Firer", mp=mp))
    if dict(fast.costs) != plain_reach_costs(state, "Firer", mp):
        raise AssertionError("movement.reach and the plain search disagree")
    seconds = median_seconds(lambda: movement.reach(state, "Firer", mp=mp), repeat=5)
    reference = median_seconds(lambda: plain_reach_costs(state, "Firer", mp), repeat=3)
    return Result(
        number, f"`movement.reach`, {mp} MP, {size} × {size}, 40 tanks", seconds, 1.0,
        "plain Dijkstra over (hex, facing)", reference,
        f"{len(fast.costs):,} poses in reach; peak memory {mib(peak)}",
    )  # fmt: skip


def reach_100() -> Result:
    return _reach(82, 100, 40)


def reach_200() -> Result:
    return _reach(83, 200, 80)


def _picture(number: int, size: int) -> Result:

    hexmap = obstructed_map(size, size)
    seconds, peak, svg = measured(lambda: svg_of(hexmap))
    grid = hexmap.grid

    def one_polygon_per_hex() -> str:
        return "".join(
            f'<polygon points="{" ".join(f"{x:.1f},{y:.1f}" for x, y in grid.corners(h, 20))}" '
            f'fill="{hexmap.terrain_at(h).color}"/>'
            for h in grid
        )

    bare = once_seconds(one_polygon_per_hex)
    return Result(
        number, f"SVG picture of a {size} × {size} map (`svg_of`)", seconds, 30.0,
        note=f"{len(svg) / 2**20:,.1f} MiB of SVG; peak memory {mib(peak)}; a bare polygon "
        f"string per hex (no labels, no outlines) takes {bare:.2f} s",
    )  # fmt: skip


def picture_100() -> Result:
    return _picture(84, 100)


def picture_200() -> Result:
    return _picture(85, 200)


BENCHMARKS = (
    visibility_100,
    visibility_200_refused,
    reach_100,
    reach_200,
    picture_100,
    picture_200,
)
