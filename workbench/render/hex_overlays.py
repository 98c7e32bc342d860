"""Overlays of hex boards: reachable hexes, a path, a line of sight, odds labels. They draw
what they are given (computed by the rules elsewhere) and keep their labels off the counters
they are about: a label takes the first free spot near its point, and hex numbers under it
give way (``labels.annotation_placer``, ``labels.clear_numbers``)."""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from itertools import product
from typing import Any

import numpy as np

from workbench.geometry.hexgrid import Hex, HexGrid
from workbench.render.labels import (
    ASCENT,
    Box,
    Placer,
    annotation_placer,
    clear_numbers,
    lift_haloed,
    number_boxes,
    place_text,
    reink_numbers,
    text_width,
)
from workbench.render.overlays import arcs_overlay, heatmap_overlay, label_overlay, text_size
from workbench.render.scene import (
    ANNOTATIONS,
    OVERLAYS,
    Arrow,
    Circle,
    Point,
    Polygon,
    Polygons,
    Polyline,
    Primitive,
    Scene,
    Segments,
    Style,
    Text,
)
from workbench.render.themes import Theme, mix, readable, theme_named

__all__ = [
    "arcs_overlay",
    "heatmap_overlay",
    "los_overlay",
    "odds_overlay",
    "path_overlay",
    "reach_overlay",
]


def _toward(p: Point, v: Point, k: float) -> Point:
    return (p[0] + v[0] * k, p[1] + v[1] * k)


def _hex_layout(scene: Scene):  # -> hexboard.HexLayout
    # a layout on a hex grid (hexboard's HexLayout): asked of its grid, since hexboard
    # imports this module
    if not isinstance(getattr(scene.layout, "grid", None), HexGrid):
        raise TypeError("this overlay draws on hex boards: build the scene with hexmap_scene")
    return scene.layout


def _theme_of(scene: Scene) -> Theme:
    return scene.theme if isinstance(scene.theme, Theme) else theme_named(None)


def reach_overlay(
    scene: Scene,
    costs: Mapping[Hex, int],
    facings: Mapping[Hex, Iterable[int]] | None = None,
    *,
    numbers: bool = True,
) -> Scene:
    """Shade reachable hexes with the MP each costs; small ticks toward the facings a tank
    may end in."""
    layout, th = _hex_layout(scene), _theme_of(scene)
    prims: list[Primitive] = []
    shade = Style(fill=th.reach_fill, opacity=th.reach_opacity)
    grid = layout.grid
    cells = sorted(costs)
    if not cells:
        return scene
    numbers_: list[Primitive] = []
    if numbers:
        numbers_, moved = _reach_numbers(scene, layout, cells, costs, th)
        scene = clear_numbers(scene, moved)
    titles = tuple(f"{grid.label(cell)}: {costs[cell]} MP" for cell in cells)
    scene = scene.add(OVERLAYS, [Polygons(layout.outlines(layout.centers(cells)), shade, titles)])
    if layout.grounds:  # hex numbers under the shading: lifted over it and re-inked
        inks: dict[str, str] = {}
        for cell, i in zip(cells, layout.board_indices(cells).tolist(), strict=True):
            if i >= 0:
                shaded = mix(layout.grounds[i], th.reach_fill, th.reach_opacity)
                inks[grid.label(cell)] = th.label_ink(shaded)
        scene = reink_numbers(scene, inks)
    scene = lift_haloed(scene)
    prims += numbers_
    tick = Style(stroke=th.tick_color, width=max(1.5, th.path_width_px * 0.6))
    ends: list[Hex] = []
    toward: list[int] = []
    for cell in sorted(facings or {}):
        for f in sorted(set((facings or {})[cell])):
            ends.append(cell)
            toward.append(f)
    if ends:
        where = layout.centers(ends)[:, None, :]
        v = layout.directions()[toward][:, None, :]
        prims.append(Segments(where + v * np.array([[0.55], [0.8]]), tick))
    return scene.add(OVERLAYS, prims)


def _reach_numbers(
    scene: Scene, layout: Any, cells: Sequence[Hex], costs: Mapping[Hex, int], th: Theme
) -> tuple[list[Primitive], list[Box]]:
    """The MP of each reachable hex at its centre, or a little below or above it where a label
    is in the way, clear of the hex numbers where it can be (the boxes of those over a hex
    number are returned: the numbers under them give way); none on a counter's hex (the
    counter is what the number is about)."""
    font = text_size(scene, th.overlay_font_scale)
    style = Style(fill=th.reach_text, stroke=th.halo, width=2.0, font_size=font, bold=True)
    t = scene.transform
    placer = annotation_placer(scene)
    numbers = number_boxes(scene)
    apart = Placer(placer.width, placer.height, [*placer.taken, *(Box(*b) for b in numbers)])
    centres = layout.centers(cells) * t.scale + np.array([t.offset_x, t.offset_y])
    texts = [str(costs[c]) for c in cells]
    half_w = np.array([text_width(x, font, True) for x in texts]) / 2 + 1.0
    half_h = ASCENT * font + 1.0
    counters = placer.units
    out: list[Primitive] = []
    moved: list[Box] = []
    todo = np.ones(len(cells), dtype=bool)
    for b in counters:
        inside = (centres[:, 0] >= b.x0) & (centres[:, 0] <= b.x1)
        todo &= ~(inside & (centres[:, 1] >= b.y0) & (centres[:, 1] <= b.y1))
    for clear, shift in product((apart, placer), (0.0, 0.3, -0.3)):
        y = centres[:, 1] + shift * t.scale
        boxes = np.column_stack(
            [centres[:, 0] - half_w, y - half_h, centres[:, 0] + half_w, y + half_h]
        )
        fits = todo & clear.free_mask(boxes)
        for i in np.flatnonzero(fits).tolist():
            out.append(Text(t.to_board(centres[i, 0], y[i]), texts[i], style))
            if clear is placer:
                moved.append(Box(*boxes[i].tolist()))
        todo &= ~fits
    return out, moved


def path_overlay(
    scene: Scene,
    states: Sequence[tuple[Hex, int]],
    mp: Sequence[int] | None = None,
    *,
    kinds: Sequence[str] | None = None,
) -> Scene:
    """A path of (hex, facing) states: a line through the hexes, a turn mark where the facing
    changes in place, the MP of each step, and the final facing."""
    layout, th = _hex_layout(scene), _theme_of(scene)
    if not states:
        return scene
    prims: list[Primitive] = []
    under: list[Primitive] = []
    line = Style(stroke=th.path_color, width=th.path_width_px, opacity=0.9)
    centres = [layout.cell_center(states[0][0])]
    for h, _ in states[1:]:
        c = layout.cell_center(h)
        if c != centres[-1]:
            centres.append(c)
    if len(centres) > 1:
        under.append(Polyline(tuple(centres), line, "path"))  # under the counters it passes
    font = text_size(scene, th.overlay_font_scale * 0.8)
    ink = readable(th.path_color, th.halo)
    label = Style(fill=ink, stroke=th.halo, width=3.0, font_size=font, bold=True)
    placer = annotation_placer(scene)
    placed = []
    px = scene.transform.scale
    nudges = [(0.0, 0.0), (0.0, -0.3 * px), (0.0, 0.3 * px), (-0.3 * px, 0.0), (0.3 * px, 0.0)]
    turn = Style(stroke=th.path_color, width=max(1.5, th.path_width_px * 0.6))
    for i in range(1, len(states)):
        (h0, f0), (h1, f1) = states[i - 1], states[i]
        c0, c1 = layout.cell_center(h0), layout.cell_center(h1)
        kind = kinds[i - 1] if kinds is not None and i - 1 < len(kinds) else None
        if h0 == h1:
            a, b = _toward(c0, layout.direction(f0), 0.42), _toward(c0, layout.direction(f1), 0.42)
            prims.append(
                Arrow(a, b, turn, head=max(5.0, th.path_width_px * 2), title=f"turn {f0}→{f1}")
            )
            at = ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)
        else:
            at = ((c0[0] + c1[0]) / 2, (c0[1] + c1[1]) / 2)
            if kind == "reverse":
                prims.append(
                    Circle(
                        at, 0.1, Style(fill="#ffffff", stroke=th.path_color, width=2.0), "reverse"
                    )
                )
        if mp is not None and i - 1 < len(mp):
            spot = place_text(placer, scene, at, f"{mp[i - 1]}", label, nudges, f"step {i}")
            if spot is not None:
                prims.append(spot[0])
                placed.append(spot[1])
    end_hex, end_facing = states[-1]
    c = layout.cell_center(end_hex)
    prims.append(
        Arrow(
            c,
            _toward(c, layout.direction(end_facing), 0.85),
            line,
            head=max(7.0, th.path_width_px * 3),
            title="final facing",
        )
    )
    return clear_numbers(scene, placed).add(OVERLAYS, under).add(ANNOTATIONS, prims)


def _nearest_corner(layout: Any, h: Hex, a: Point, b: Point) -> Point:
    """The corner of ``h`` nearest to segment ab (where a line only touches a hex)."""

    def dist(p: Point) -> float:
        dx, dy = b[0] - a[0], b[1] - a[1]
        length2 = dx * dx + dy * dy or 1.0
        t = max(0.0, min(1.0, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / length2))
        return math.hypot(a[0] + t * dx - p[0], a[1] + t * dy - p[1])

    return min(layout.cell_polygon(h), key=dist)


def los_overlay(
    scene: Scene,
    start: Hex,
    end: Hex,
    crossings: Sequence[tuple[str, Sequence[Hex], str]],
    *,
    blocking: int | None = None,
) -> Scene:
    """A line of sight: the exact centre-to-centre line, and each crossing marked by its
    verdict (``clear``, ``blocked``, ``end``): a crossed hex is shaded, a hexside the line runs
    along is drawn thick, a touched corner gets a dot. The blocking crossing (``blocking``
    index, else the first blocked one) is highlighted."""
    layout, th = _hex_layout(scene), _theme_of(scene)
    color = {"clear": th.los_clear, "blocked": th.los_blocked, "end": th.los_end}
    if blocking is None:
        blocking = next((i for i, c in enumerate(crossings) if c[2] == "blocked"), None)
    a, b = layout.cell_center(start), layout.cell_center(end)
    grid = layout.grid
    shades: list[Primitive] = []
    marks: list[Primitive] = []
    for i, (kind, hexes, verdict) in enumerate(crossings):
        col = color.get(verdict, "#999999")
        strong = i == blocking
        where = ", ".join(grid.label(h) for h in hexes)
        title = f"{kind} {where}: {verdict}" + (" (blocks the line)" if strong else "")
        if kind == "hex":
            for h in hexes:
                style = Style(fill=col, opacity=0.55 if strong else 0.3)
                shades.append(Polygon(layout.cell_polygon(h), style, title))
                if strong:
                    marks.append(
                        Polygon(
                            layout.cell_polygon(h),
                            Style(stroke=col, width=th.los_width_px * 2),
                            title,
                        )
                    )
        elif kind == "hexside" and len(hexes) >= 2:
            h0, h1 = hexes[0], hexes[1]
            p, q = layout.side(h0, h0.direction_to(h1))
            width = th.los_width_px * (3.0 if strong else 2.0)
            marks.append(Polyline((p, q), Style(stroke=col, width=width, opacity=0.9), title))
        elif kind == "corner":
            for h in hexes:
                p = _nearest_corner(layout, h, a, b)
                r = 0.16 if strong else 0.1
                marks.append(Circle(p, r, Style(fill=col, stroke="#ffffff", width=1.0), title))
                shades.append(Polygon(layout.cell_polygon(h), Style(fill=col, opacity=0.15), title))
    # Everything but the "blocked" label goes under the counters, which stay readable: the
    # tints, then the crossings' marks, the rings round both ends, and the line on top of them.
    shades += marks
    marks = []
    ring = Style(stroke=th.los_end, width=th.los_width_px * 1.5)
    for h in (start, end):
        shades.append(Polygon(layout.cell_polygon(h), ring, f"{grid.label(h)} (end of the line)"))
    line_style = Style(stroke=th.los_line, width=th.los_width_px)
    shades.append(
        Polyline((a, b), line_style, f"line of sight {grid.label(start)}→{grid.label(end)}")
    )
    if blocking is not None:
        kind, hexes, _ = crossings[blocking]
        if kind == "corner":
            p = _nearest_corner(layout, hexes[0], a, b)
        elif kind == "hexside" and len(hexes) >= 2:
            s0, s1 = layout.side(hexes[0], hexes[0].direction_to(hexes[1]))
            p = ((s0[0] + s1[0]) / 2, (s0[1] + s1[1]) / 2)
        else:
            p = layout.cell_center(hexes[0])
        font = text_size(scene, th.overlay_font_scale * 0.9)
        ink = readable(th.los_blocked, th.halo)
        style = Style(fill=ink, stroke=th.halo, width=3.0, font_size=font, bold=True)
        px = scene.transform.scale
        offsets = [(0.0, -0.3 * px), (0.0, 0.3 * px), (0.0, -0.7 * px), (0.0, 0.7 * px)]
        spot = place_text(annotation_placer(scene), scene, p, "✕ blocked", style, offsets)
        if spot is not None:
            marks.append(spot[0])
            scene = clear_numbers(scene, [spot[1]])
    return scene.add(OVERLAYS, shades).add(ANNOTATIONS, marks)


def odds_overlay(scene: Scene, odds: Mapping[Hex, str]) -> Scene:
    """A boxed label above each target hex, e.g. ``"hit 15/36 · kill 1/4"``."""
    _hex_layout(scene)
    return label_overlay(scene, odds)
