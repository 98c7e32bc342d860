"""Benchmarks 1-5: line of sight, reach, odds and redraw of the hex core."""

from __future__ import annotations

import random
import tracemalloc
from dataclasses import replace
from typing import Any

from workbench.boards.hexmap import HexMap
from workbench.games.panzer_vor.bench.boards import battle, forest_map, obstructed_map
from workbench.games.panzer_vor.bench.cold import cold_seconds, peer_field_of_view
from workbench.games.panzer_vor.bench.reference import sees
from workbench.games.panzer_vor.render.hex_units import state_scene
from workbench.games.panzer_vor.render.pictures import reach_scene
from workbench.games.panzer_vor.rules import movement
from workbench.games.panzer_vor.rules.firing import fire_table
from workbench.games.panzer_vor.rules.movement import plain_reach_costs
from workbench.games.panzer_vor.rules.visibility import visibility_matrix
from workbench.render.canvas import _batched, _pixels, _runs, draw_scene, new_canvas
from workbench.render.hexboard import hexmap_scene
from workbench.render.overlays import heatmap_overlay
from workbench.render.scene import Polygon, Polygons
from workbench.testing.timing import Result, median_cpu_seconds, median_seconds, once_seconds, show


def _sampled_reference(hexmap, matrix, pairs: int, seed: int) -> float:
    """Seconds the per-pair reference would take for every ordered pair, from a sample;
    the sample must agree with the matrix exactly."""
    rng = random.Random(seed)
    hexes = list(hexmap.grid)
    sample = [(rng.choice(hexes), rng.choice(hexes)) for _ in range(pairs)]
    verdicts: list[bool] = []
    seconds = once_seconds(lambda: verdicts.extend(sees(hexmap, a, b) for a, b in sample))
    wrong = [(a, b) for (a, b), v in zip(sample, verdicts, strict=True) if v != matrix.sees(a, b)]
    if wrong:
        raise AssertionError(
            f"visibility matrix and reference disagree on {len(wrong)} pairs: {wrong[:3]}"
        )
    return seconds * len(hexes) ** 2 / pairs


def _all_pairs(rows: int, cols: int, repeat: int, sample: int, seed: int, memory: bool = False):
    """Time the visibility matrix of an obstructed map: warm (median, wall and CPU), cold
    (first call in fresh processes) and the per-pair reference on a sample, scaled to every
    pair; the sample must agree with the matrix."""
    hexmap = obstructed_map(rows, cols)
    cold = cold_seconds("ours", rows, cols, memory=memory)
    matrix = visibility_matrix(hexmap)
    reference = _sampled_reference(hexmap, matrix, sample, seed)
    warm = median_seconds(lambda: visibility_matrix(hexmap), repeat=repeat)
    cpu = median_cpu_seconds(lambda: visibility_matrix(hexmap), repeat=repeat)
    tracemalloc.start()
    visibility_matrix(hexmap)
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    return {"cold": cold, "warm": warm, "cpu": cpu, "peak": peak, "reference": reference}


def _cpu_note(timed: dict) -> str:
    return (
        f"CPU time: warm {show(timed['cpu'])}, cold {show(timed['cold'].cpu)}; "
        "cold is the median first call of 3 fresh processes"
    )


def all_pairs_small() -> Result:
    timed = _all_pairs(16, 17, repeat=15, sample=1500, seed=11)
    return Result(
        1, "all-pairs LOS, 16 × 17, 20 % obstructing", timed["warm"], 0.050,
        "per-pair exact trace, plain Python (1,500 sampled pairs, scaled)", timed["reference"],
        _cpu_note(timed), cold=timed["cold"].wall,
    )  # fmt: skip


def all_pairs_large() -> Result:
    timed = _all_pairs(30, 40, repeat=15, sample=400, seed=12)
    return Result(
        2, "all-pairs LOS, 30 × 40 (1.44 M ordered pairs)", timed["warm"], 0.050,
        "the same per-pair reference (400 sampled pairs, scaled)", timed["reference"],
        f"{_cpu_note(timed)}; peak memory {timed['peak'] / 2**20:.0f} MiB",
        cold=timed["cold"].wall, cold_target=0.150,
    )  # fmt: skip


def all_pairs_huge() -> Result:
    timed = _all_pairs(60, 80, repeat=5, sample=120, seed=13, memory=True)
    first, warm = timed["cold"].peak or 0, timed["peak"]
    return Result(
        7, "all-pairs LOS, 60 × 80 (23 M ordered pairs)", timed["warm"], 0.5,
        "the same per-pair reference (120 sampled pairs, scaled)", timed["reference"],
        f"{_cpu_note(timed)}; peak memory (tracemalloc) {first / 2**20:.0f} MiB on the first "
        f"call, {warm / 2**20:.0f} MiB on later ones (limit 256 MiB)",
        cold=timed["cold"].wall, extra_ok=max(first, warm) <= 256 * 2**20,
    )  # fmt: skip


def field_of_view_peer() -> Result:
    """Our matrix against hexutil's field of view from every hex, on a forest-only map (the
    rules both have: opaque hexes)."""
    hexmap = forest_map(30, 40)
    matrix = visibility_matrix(hexmap)
    peer = peer_field_of_view(hexmap)
    pairs = [(a, b) for a in hexmap.grid for b in hexmap.grid]
    same = sum(matrix.sees(a, b) == (b in peer[a]) for a, b in pairs)
    open_map = HexMap.blank(8, 9)
    everything = set(open_map.grid)
    if not visibility_matrix(open_map).matrix.all() or any(
        seen != everything for seen in peer_field_of_view(open_map).values()
    ):
        raise AssertionError("on an open map both must see every hex from every hex")
    if same < 0.9 * len(pairs):
        raise AssertionError(f"hexutil and the matrix agree on only {same} of {len(pairs)} pairs")
    ours_cold, peer_cold = cold_seconds("forest", 30, 40), cold_seconds("peer", 30, 40)
    ours = median_seconds(lambda: visibility_matrix(hexmap), repeat=15)
    theirs = median_seconds(lambda: peer_field_of_view(hexmap), repeat=3)
    return Result(
        8, "peer: all-pairs LOS, forest-only 30 × 40, against hexutil's field of view",
        ours, 0.050, "`hexutil` 0.2.2 `Hex.field_of_view` from every hex (shadow casting, "
        "opaque hexes only, pure Python)", theirs,
        f"cold: ours {show(ours_cold.wall)}, hexutil {show(peer_cold.wall)}: "
        f"{peer_cold.wall / ours_cold.wall:,.0f}× (CPU {peer_cold.cpu / ours_cold.cpu:,.0f}×); "
        f"the two agree on {same / len(pairs):.1%} of ordered pairs: the rules differ (hexutil "
        "counts a hex seen when any part of it is lit, and is not symmetric; ours judges the "
        "centre-to-centre line)",
        cold=ours_cold.wall,
    )  # fmt: skip


def reach() -> Result:
    hexmap = obstructed_map(30, 40, share=0.15, seed=3)
    middle = hexmap.grid.from_offset(20, 15)
    state = battle(hexmap.with_terrain({middle: "clear"}), 40, seed=4)
    state = state.without([t.id for t in state.tanks if t.hex == middle])
    state = state.with_tank(replace(state.tank("Firer"), hex=middle))
    fast = dict(movement.reach(state, "Firer", mp=7).costs)
    if fast != plain_reach_costs(state, "Firer", 7):
        raise AssertionError("movement.reach and the plain search disagree")
    seconds = median_seconds(lambda: movement.reach(state, "Firer", mp=7), repeat=300, warmup=5)
    reference = median_seconds(lambda: plain_reach_costs(state, "Firer", 7), repeat=20)
    return Result(
        3, "`movement.reach`, 7 MP, 30 × 40 with terrain and 40 tanks", seconds, 0.001,
        "plain Dijkstra over (hex, facing) with dicts and a heap", reference,
        f"{len(fast)} poses in reach",
    )  # fmt: skip


def odds() -> Result:
    hexmap = obstructed_map(16, 17, seed=5)
    state = battle(hexmap, 21, seed=6)
    table = fire_table(state, "Firer")
    if len(table) != 20:
        raise AssertionError(f"expected 20 enemies, got {len(table)}")
    seconds = median_seconds(lambda: fire_table(state, "Firer"), repeat=50, warmup=3)
    in_range = sum(o.can_fire for o in table)
    return Result(
        4, "`fire_table`, one tank against 20 enemies, exact odds", seconds, 0.005,
        note=f"{in_range} of 20 may be fired at; each with LOS, arc and three fractions",
    )  # fmt: skip


def redraw() -> Result:
    from ipycanvas import hold_canvas

    hexmap = obstructed_map(30, 40, share=0.15, seed=3)
    state = battle(hexmap, 40, seed=7)
    found = movement.reach(state, "Firer", mp=7)

    scene = state_scene(state, size=20)
    canvas = new_canvas(scene)  # made once, as the explorer does; every redraw reuses it
    grid = state.map.grid

    def fast() -> None:
        redrawn = reach_scene(state, found, scene=state_scene(state, size=20))
        draw_scene(canvas, redrawn)

    def one_call_per_hex() -> None:
        base = canvas[0]
        with hold_canvas():
            base.clear()
            for h in grid:
                base.fill_style = state.map.terrain_at(h).color
                base.fill_polygon(grid.corners(h, 20))

    _check_terrain_fills(state, scene)
    seconds = median_seconds(fast, repeat=15, warmup=2)
    cpu = median_cpu_seconds(fast, repeat=15)
    reference = median_seconds(one_call_per_hex, repeat=15, warmup=2)
    return Result(
        5, "full redraw, 30 × 40 board, 40 counters, reach overlay (Python side)", seconds, 0.010,
        "one canvas call per hex in `hold_canvas` (terrain fill only)", reference,
        "scene built from scratch + every ipycanvas command of all four layers, on the "
        f"widget's existing canvas; CPU time {show(cpu)}",
    )  # fmt: skip


def _check_terrain_fills(state, scene) -> None:
    """The batched terrain fills cover every hex once, where the reference draws it, and
    split the hexes by terrain type exactly as the reference's one colour per type does (the
    theme picks its own colours, so the partition is compared, not the colours)."""
    import numpy as np

    t, grid = scene.transform, state.map.grid
    filled: dict[tuple[float, float], str] = {}
    for p in scene.layer("terrain"):
        if isinstance(p, Polygons) and p.style.fill and p.titles:  # hexes (symbols: untitled)
            for centre in np.asarray(p.points).mean(axis=1) * t.scale:
                filled[(round(float(centre[0]), 1), round(float(centre[1]), 1))] = p.style.fill

    def middle(h: Any) -> tuple[float, float]:
        x, y = np.mean(grid.corners(h, t.scale), axis=0)
        return round(float(x), 1), round(float(y), 1)

    kinds = {middle(h): state.map.terrain_name(h) for h in grid}
    pairs = {(filled.get(centre), kind) for centre, kind in kinds.items()}
    colours, types = {colour for colour, _ in pairs}, {kind for _, kind in pairs}
    if len(filled) != len(kinds) or None in colours or not len(colours) == len(types) == len(pairs):
        raise AssertionError("the batched terrain fills do not match the hexes by terrain type")


def heatmap() -> Result:
    """A heatmap of how many hexes each hex sees, drawn on the live canvas's overlay layer."""
    from ipycanvas import hold_canvas

    hexmap = obstructed_map(30, 40, share=0.15, seed=3)
    counts = visibility_matrix(hexmap).counts()
    scene = heatmap_overlay(hexmap_scene(hexmap, size=20), counts, legend=None)
    cells = [p for p in scene.layer("overlays") if isinstance(p, Polygon)]
    runs = list(_batched(_runs(cells)))
    drawn = [style.fill for _, _, run in runs for style, part in run for _ in part]
    if [kind for kind, _, _ in runs] != ["styled"] or drawn != [p.style.fill for p in cells]:
        raise AssertionError("the heatmap is not one styled call of the cells' colours in order")
    canvas = new_canvas(scene)
    layer = canvas[1]

    def batched() -> None:
        draw_scene(canvas, scene, ["overlays"], force=True)

    def one_call_per_cell() -> None:
        with hold_canvas():
            layer.clear()
            for p in cells:
                layer.fill_style = p.style.fill
                layer.global_alpha = p.style.opacity
                layer.fill_polygon(_pixels(p.points, scene.transform))

    seconds = median_seconds(batched, repeat=15, warmup=2)
    cpu = median_cpu_seconds(batched, repeat=15)
    reference = median_seconds(one_call_per_cell, repeat=7, warmup=1)
    return Result(
        9, "heatmap on the live canvas: visibility counts, 30 × 40 (Python side)", seconds,
        0.010, "one `fill_polygon` and `fill_style` per cell in `hold_canvas`", reference,
        f"{len(cells)} cells in {len(set(drawn))} colours, sent as one `fill_styled_polygons`; "
        f"CPU time {show(cpu)}",
    )  # fmt: skip


BENCHMARKS = (
    all_pairs_small,
    all_pairs_large,
    all_pairs_huge,
    field_of_view_peer,
    reach,
    odds,
    redraw,
    heatmap,
)
