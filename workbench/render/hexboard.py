"""Hex boards as scenes: a HexMap (terrain, hexsides, places, zones, labels), a Panzer Vor!
game state's counters, and hex overlays (reach, path, line of sight).

Builders draw what they are given and decide nothing: a reachable area is a mapping of hex to
MP cost, a line of sight a list of crossings with verdicts, computed elsewhere.
Board units are hex sizes (centre to corner = 1); ``size`` is that in pixels.

What a board has one of per hex (terrain, marks, labels, reach shading) is built as batches
(:class:`~workbench.render.scene.Polygons`, ``Segments``, ``Texts``), one per style, from the
centres of all those hexes at once. Hexes do not overlap, so drawing them grouped by style is
the same picture as drawing them one by one.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from workbench.boards.hexmap import HexMap
from workbench.geometry.hexgrid import Hex, HexGrid, direction_angle
from workbench.render import scene_of
from workbench.render.overlays import arcs_overlay, heatmap_overlay, label_overlay, text_size
from workbench.render.scene import (
    ANNOTATIONS,
    BOARD,
    EDGES,
    LABELS,
    OVERLAYS,
    TERRAIN,
    UNITS,
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
    Texts,
    Transform,
)
from workbench.render.themes import Theme, contrast_text, theme_named

__all__ = [
    "HexLayout",
    "arcs_overlay",
    "heatmap_overlay",
    "hexmap_scene",
    "los_overlay",
    "odds_overlay",
    "path_overlay",
    "reach_overlay",
    "state_scene",
    "units_primitives",
]


@dataclass(frozen=True)
class HexLayout:
    """Hex geometry for a scene, in board units (hex size 1); maps points back to hexes."""

    grid: HexGrid
    cell_units: float = 1.0

    def cell_at(self, x: float, y: float) -> Hex | None:
        h = self.grid.hex_at(x, y, 1.0)
        return h if h in self.grid else None

    def cell_polygon(self, cell: Hex) -> tuple[Point, ...]:
        return tuple(self.grid.corners(cell, 1.0))

    def cell_center(self, cell: Hex) -> Point:
        return self.grid.center(cell, 1.0)

    def direction(self, facing: int) -> Point:
        """Unit vector (x right, y down) towards hexside ``facing``."""
        a = math.radians(direction_angle(facing, self.grid.orientation))
        return (math.sin(a), -math.cos(a))

    def side(self, h: Hex, direction: int) -> tuple[Point, Point]:
        """The two corners of hexside ``direction`` of ``h``."""
        corners = self.grid.corners(h, 1.0)
        return corners[direction % 6], corners[(direction + 1) % 6]

    # --- many hexes at once -------------------------------------------------------------
    def centers(self, cells: Sequence[Hex]) -> npt.NDArray[np.float64]:
        """The centres of many hexes, shape (n, 2): a centre is affine in the axial
        coordinates, so three centres from the grid give them all."""
        g = self.grid
        origin = np.array(g.center(Hex(0, 0), 1.0))
        step_q = np.array(g.center(Hex(1, 0), 1.0)) - origin
        step_r = np.array(g.center(Hex(0, 1), 1.0)) - origin
        qr = np.array([(h.q, h.r) for h in cells], dtype=float).reshape(-1, 2)
        return origin + qr[:, :1] * step_q + qr[:, 1:] * step_r

    def board_centers(self) -> npt.NDArray[np.float64]:
        """The centre of every hex of the grid, in the grid's order (row by row), shape (n, 2).
        An offset grid repeats itself every two columns and every two rows, so the centres of
        a 2 x 2 block and those two steps give them all."""
        g = self.grid

        def center(col: int, row: int) -> npt.NDArray[np.float64]:
            return np.array(g.center(g.from_offset(col, row), 1.0))

        block = np.array([[center(c, r) for r in (0, 1)] for c in (0, 1)])  # [col % 2, row % 2]
        step_col = (center(2, 0) - block[0, 0]) / 2
        step_row = (center(0, 2) - block[0, 0]) / 2
        rows, cols = np.meshgrid(np.arange(g.rows), np.arange(g.cols), indexing="ij")
        paired_cols, paired_rows = cols - cols % 2, rows - rows % 2
        out = (
            block[cols % 2, rows % 2]
            + paired_cols[..., None] * step_col
            + paired_rows[..., None] * step_row
        )
        return out.reshape(-1, 2)

    def board_labels(self) -> list[str]:
        """The label of every hex in the grid's order: row and column numbers written side by
        side as the grid says (``label_order``, ``first_number``, ``digits``), so each row's
        and each column's number is written once."""
        g = self.grid
        if g.first_number < 0:  # labels with negative numbers are spelt differently
            return [g.label(h) for h in g]
        rows = [f"{n + g.first_number:0{g.digits}d}" for n in range(g.rows)]
        cols = [f"{n + g.first_number:0{g.digits}d}" for n in range(g.cols)]
        if g.label_order == "row-col":
            return [r + c for r in rows for c in cols]
        return [c + r for r in rows for c in cols]

    def board_indices(self, cells: Sequence[Hex]) -> npt.NDArray[np.intp]:
        """Where each hex comes in the grid's order (row by row), -1 for a hex off the grid.
        Offset coordinates repeat every two steps of q and of r, like the centres."""
        g = self.grid

        def offset(q: int, r: int) -> npt.NDArray[np.intp]:
            return np.array(g.to_offset(Hex(q, r)), dtype=np.intp)

        block = np.array([[offset(q, r) for r in (0, 1)] for q in (0, 1)])  # [q % 2, r % 2]
        step_q, step_r = offset(2, 0) - block[0, 0], offset(0, 2) - block[0, 0]
        qr = np.array([(h.q, h.r) for h in cells], dtype=np.intp).reshape(-1, 2)
        q, r = qr[:, 0], qr[:, 1]
        col_row = block[q % 2, r % 2] + (q // 2)[:, None] * step_q + (r // 2)[:, None] * step_r
        col, row = col_row[:, 0], col_row[:, 1]
        inside = (col >= 0) & (col < g.cols) & (row >= 0) & (row < g.rows)
        return np.where(inside, row * g.cols + col, -1)

    def sides(self, cells: Sequence[Hex], directions: Sequence[int]) -> npt.NDArray[np.float64]:
        """The two corners of hexside ``directions[i]`` of ``cells[i]`` (as :meth:`side`),
        shape (n, 2, 2)."""
        corners = self.outlines(self.centers(cells))
        d = np.asarray(directions, dtype=np.intp) % 6
        rows = np.arange(len(d))
        return np.stack([corners[rows, d], corners[rows, (d + 1) % 6]], axis=1)

    def outlines(self, centers: npt.NDArray[np.float64]) -> npt.NDArray[np.float64]:
        """The six corners (as :meth:`cell_polygon`) of hexes with these centres, shape
        (n, 6, 2)."""
        here = self.grid.center(Hex(0, 0), 1.0)
        corners = np.array(self.grid.corners(Hex(0, 0), 1.0)) - np.array(here)
        return np.asarray(centers, dtype=float)[:, None, :] + corners[None, :, :]

    def directions(self) -> npt.NDArray[np.float64]:
        """Unit vectors towards hexsides 0-5, shape (6, 2)."""
        return np.array([self.direction(f) for f in range(6)])


def _toward(p: Point, v: Point, k: float) -> Point:
    return (p[0] + v[0] * k, p[1] + v[1] * k)


# --- the map ---------------------------------------------------------------------------------
def hexmap_scene(
    hexmap: HexMap,
    *,
    size: float = 36.0,
    theme: Theme | str | None = None,
    margin: float | None = None,
    labels: bool = True,
    marks: bool = True,
) -> Scene:
    """The map: terrain colours (with a cross on hexes that cannot be entered and a hatch on
    hexes that block line of sight), hexside features, zones, places and hex labels."""
    th = theme_named(theme)
    grid = hexmap.grid
    layout = HexLayout(grid)
    pad = size * 0.25 if margin is None else margin
    w, h = grid.pixel_size(size)
    transform = Transform(size, pad, pad)
    layers: dict[str, list[Primitive]] = {BOARD: [], TERRAIN: [], EDGES: [], LABELS: []}

    # Terrain: one batch of hexes per type (row by row within it), so one call per style.
    centers = layout.board_centers()
    names = layout.board_labels()
    kinds = sorted({hexmap.default_terrain, *hexmap.terrain.values()})
    code = {name: i for i, name in enumerate(kinds)}
    terrain = np.full(len(names), code[hexmap.default_terrain])
    set_cells = list(hexmap.terrain)
    where = layout.board_indices(set_cells)
    set_codes = np.array([code[hexmap.terrain[c]] for c in set_cells], dtype=terrain.dtype)
    terrain[where[where >= 0]] = set_codes[where >= 0]
    by_type: dict[str, npt.NDArray[np.intp]] = {}
    for i, name in enumerate(kinds):
        index = by_type[name] = np.flatnonzero(terrain == i)
        if not len(index):
            del by_type[name]
            continue
        kind = hexmap.terrain_types[name]
        fill = th.terrain_color(name, kind.color)
        style = Style(fill=fill, stroke=th.grid_stroke, width=th.grid_width_px)
        titles = tuple([f"{names[i]} {name}" for i in index.tolist()])
        layers[TERRAIN].append(Polygons(layout.outlines(centers[index]), style, titles))
    if marks:
        layers[TERRAIN] += _terrain_marks(hexmap, centers, by_type, th)

    # Hexside features: a dark outline under a thick coloured line, all outlines first (as a
    # road is drawn over its casing), then the coloured lines of each feature.
    sides = sorted(hexmap.hexsides, key=lambda s: (s.first, s.second))
    if sides:
        ends = layout.sides(
            [s.first for s in sides], [s.first.direction_to(s.second) for s in sides]
        )
        features = [hexmap.hexside_types[hexmap.hexsides[s]] for s in sides]
        side_titles = [
            f"{grid.hexside_label(s)} {f.name}" for s, f in zip(sides, features, strict=True)
        ]
        width = th.hexside_width_px
        outline = Style(stroke=th.hexside_outline, width=width + 2.0 * th.grid_width_px + 1.0)
        layers[EDGES].append(Segments(ends, outline, tuple(side_titles)))
        for name in sorted({f.name for f in features}):
            chosen = [i for i, f in enumerate(features) if f.name == name]
            color = features[chosen[0]].color
            layers[EDGES].append(
                Segments(
                    ends[chosen],
                    Style(stroke=color, width=width),
                    tuple(side_titles[i] for i in chosen),
                )
            )

    # Zones: each zone's outer boundary, dashed in the zone's colour, with its name.
    for i, zone_name in enumerate(sorted(hexmap.zones)):
        color = th.zone_colors[i % len(th.zone_colors)]
        style = Style(stroke=color, width=th.zone_width_px, dash=th.zone_dash_px)
        for loop in zone_outline(layout, hexmap.zones[zone_name]):
            layers[EDGES].append(Polyline(loop, style, f"zone {zone_name}"))
        if hexmap.zones[zone_name]:
            first = min(hexmap.zones[zone_name], key=lambda c: (c.r, c.q))
            cx, cy = layout.cell_center(first)
            font = text_size_px(size, th.place_scale * 0.85)
            layers[LABELS].append(
                Text((cx, cy + 0.45), zone_name, Style(fill=color, font_size=font, bold=True))
            )

    if labels:
        font = max(th.label_min_px, round(th.label_scale * size, 1))
        style = Style(fill=th.label_color, font_size=font)
        layers[LABELS].append(Texts(centers + np.array([0.0, -0.62]), tuple(names), style))

    place_font = text_size_px(size, th.place_scale)
    place_style = Style(
        fill=th.place_color, stroke="#ffffff", width=3.0, font_size=place_font, bold=True
    )
    for cell in sorted(hexmap.places):
        cx, cy = layout.cell_center(cell)
        layers[LABELS].append(Circle((cx, cy), 0.12, Style(fill=th.place_color)))
        layers[LABELS].append(
            Text((cx, cy + 0.3), hexmap.places[cell], place_style, grid.label(cell))
        )

    return Scene(
        width=round(w + 2 * pad, 2),
        height=round(h + 2 * pad, 2),
        transform=transform,
        layers={k: tuple(v) for k, v in layers.items()},
        layout=layout,
        theme=th,
        title=hexmap.name,
    )


def text_size_px(size: float, fraction: float, minimum: float = 7.0) -> float:
    return max(minimum, round(fraction * size, 1))


def _hatch_strokes() -> npt.NDArray[np.float64]:
    """Three 45-degree strokes inside the inscribed circle, about a centre: shape (3, 2, 2)."""
    d = math.sqrt(0.5)
    strokes = []
    for k in (-0.3, 0.0, 0.3):
        half = math.sqrt(0.55**2 - k * k / 2) * 0.9
        x0 = y0 = k * d
        strokes.append(((x0 - half * d, y0 + half * d), (x0 + half * d, y0 - half * d)))
    return np.array(strokes)


_CROSS_STROKES = np.array(
    [((-0.22, -0.1), (0.22, 0.34)), ((-0.22, 0.34), (0.22, -0.1))]
)  # about a centre: an X of half-width 0.22, a little below the middle


def _terrain_marks(
    hexmap: HexMap,
    centers: npt.NDArray[np.float64],
    by_type: Mapping[str, npt.NDArray[np.intp]],
    th: Theme,
) -> list[Primitive]:
    """A cross on hexes that cannot be entered, a hatch on hexes that block line of sight
    (``by_type``: each terrain type's hexes, as rows of ``centers``)."""

    def hexes_where(test: Callable[[Any], bool]) -> npt.NDArray[np.intp]:
        chosen = [by_type[n] for n in sorted(by_type) if test(hexmap.terrain_types[n])]
        return np.concatenate(chosen) if chosen else np.empty(0, dtype=np.intp)

    blocking = hexes_where(lambda kind: kind.blocks_los)
    closed = hexes_where(lambda kind: not kind.enterable)
    marks: list[Primitive] = []
    if len(blocking):
        hatch = Style(stroke=th.blocking_mark, width=th.mark_width_px, opacity=0.55)
        strokes = centers[blocking][:, None, None, :] + _hatch_strokes()[None]
        marks.append(Segments(strokes.reshape(-1, 2, 2), hatch))
    if len(closed):
        cross = Style(stroke=th.impassable_mark, width=th.mark_width_px * 1.5, opacity=0.6)
        strokes = centers[closed][:, None, None, :] + _CROSS_STROKES[None]
        marks.append(Segments(strokes.reshape(-1, 2, 2), cross))
    return marks


def zone_outline(layout: HexLayout, hexes: Iterable[Hex]) -> list[tuple[Point, ...]]:
    """The boundary of a set of hexes as closed loops of corner points (deterministic)."""
    cells = frozenset(hexes)
    edges: dict[tuple[int, int], list[tuple[tuple[int, int], Point, Point]]] = {}

    def key(p: Point) -> tuple[int, int]:
        return (round(p[0] * 1000), round(p[1] * 1000))

    count = 0
    for cell in sorted(cells):
        for d in range(6):
            if cell.neighbor(d) not in cells:
                a, b = layout.side(cell, d)
                edges.setdefault(key(a), []).append((key(b), a, b))
                count += 1
    loops: list[tuple[Point, ...]] = []
    while edges:
        start = min(edges)
        loop: list[Point] = []
        at = start
        while at in edges:
            nxt, a, b = edges[at].pop(0)
            if not edges[at]:
                del edges[at]
            if not loop:
                loop.append(a)
            loop.append(b)
            at = nxt
        loops.append(tuple(loop))
    return loops


# --- counters ----------------------------------------------------------------------------------
# The parts of a counter, bottom first.
BODY, FACING, TURRET, GUN, NAME, ID, FLAG_POLE, FLAG, SMOKE, IMMOBILE, WRECK = range(11)


class _CounterStyles:
    """The styles of a theme's counters at one size: made once per drawing, not per counter."""

    def __init__(self, th: Theme, size: float) -> None:
        self.th = th
        self.font = text_size_px(size, th.counter_text_scale, minimum=6.0)
        self.by_fill: dict[str, tuple[Style, Style, Style, Style]] = {}
        self.turret = Style(fill=th.turret_color, stroke=th.counter_stroke, width=1.0)
        self.gun = Style(stroke=th.turret_color, width=3.0)
        self.staff = Style(stroke=th.counter_stroke, width=1.5)
        self.cloth = Style(fill=th.flag_color, stroke=th.counter_stroke, width=0.8)
        self.puff = Style(fill=th.smoke_color, stroke="#ffffff", width=1.0, opacity=0.9)
        self.immobile = Style(stroke=th.immobile_color, width=3.0)
        self.wreck = Style(stroke=th.wreck_color, width=3.0, opacity=0.8)

    def on(self, fill: str) -> tuple[Style, Style, Style, Style]:
        """Body, facing arrow, name and id styles of a counter of this colour."""
        found = self.by_fill.get(fill)
        if found is None:
            ink = contrast_text(fill)
            found = self.by_fill[fill] = (
                Style(fill=fill, stroke=self.th.counter_stroke, width=1.5),
                Style(stroke=ink, width=2.0),
                Style(fill=ink, font_size=self.font, bold=True),
                Style(fill=ink, font_size=self.font * 0.9),
            )
        return found


def units_primitives(state: Any, layout: HexLayout, size: float, th: Theme) -> list[Primitive]:
    """A counter per tank: side colour, facing arrow, name, and markers for flag, smoke,
    immobile, turret direction and wreck.

    A counter stays inside its hex, so counters in different hexes never overlap: they are
    drawn part by part (every body, then every arrow, every name...), each part grouped by
    style, which a backend draws in a few calls and which is the same picture as counter by
    counter. Tanks sharing a hex stack as before: the second is drawn over the first."""
    # (stack level, part) -> style -> primitives, styles in the order they first appear
    drawn: dict[tuple[int, int], dict[Style, list[Primitive]]] = {}
    level_in_hex: dict[Hex, int] = {}
    styles = _CounterStyles(th, size)
    for tank in sorted(state.tanks, key=lambda t: (t.hex, t.id)):
        level = level_in_hex[tank.hex] = level_in_hex.get(tank.hex, -1) + 1
        for part, prim in _counter_parts(state, tank, layout, size, styles):
            drawn.setdefault((level, part), {}).setdefault(prim.style, []).append(prim)
    return [prim for key in sorted(drawn) for run in drawn[key].values() for prim in run]


def _counter_parts(
    state: Any, tank: Any, layout: HexLayout, size: float, styles: _CounterStyles
) -> list[tuple[int, Primitive]]:
    """One tank's counter as (part, primitive) pairs."""
    half = styles.th.counter_scale  # board units: half the counter side (hex height is 2)
    grid = state.map.grid
    cx, cy = layout.cell_center(tank.hex)
    base = state.side_color(tank.side)
    fill = "#555555" if tank.wreck else styles.th.side_color(tank.side, base)
    body, facing, name, ident = styles.on(fill)
    title = f"{tank.id}: {tank.name} ({tank.side}) at {grid.label(tank.hex)}, facing {tank.facing}"
    marks = [m for m in ("wreck", "immobile", "smoke", "flag") if getattr(tank, m, False)]
    if marks:
        title += " [" + ", ".join(marks) + "]"
    box = (
        (cx - half, cy - half),
        (cx + half, cy - half),
        (cx + half, cy + half),
        (cx - half, cy + half),
    )
    v = layout.direction(tank.facing)
    arrow = Arrow((cx, cy), _toward((cx, cy), v, 0.82), facing, max(6.0, size * 0.2), title)
    parts: list[tuple[int, Primitive]] = [(BODY, Polygon(box, body, title)), (FACING, arrow)]
    if tank.turret is not None:
        t = layout.direction(tank.turret)
        parts.append((TURRET, Circle((cx, cy), 0.16, styles.turret)))
        parts.append((GUN, Polyline(((cx, cy), _toward((cx, cy), t, 0.62)), styles.gun)))
    parts.append((NAME, Text((cx, cy + half * 0.68), tank.name, name, title)))
    parts.append((ID, Text((cx, cy - half * 0.62), tank.id, ident, title)))
    corner = half * 0.62
    if tank.flag:
        pole = (cx - corner, cy - corner)
        parts.append((FLAG_POLE, Polyline((_toward(pole, (0, 1), 0.3), pole), styles.staff)))
        flag = (pole, (pole[0] + 0.28, pole[1] + 0.08), (pole[0], pole[1] + 0.16))
        parts.append((FLAG, Polygon(flag, styles.cloth, "flag")))
    if tank.smoke:
        parts.append((SMOKE, Circle((cx + corner, cy - corner), 0.17, styles.puff, "smoke")))
    if tank.immobile:
        r = 0.13
        ix, iy = cx + corner, cy + corner * 0.2
        red = styles.immobile
        parts.append((IMMOBILE, Polyline(((ix - r, iy - r), (ix + r, iy + r)), red, "immobile")))
        parts.append((IMMOBILE, Polyline(((ix - r, iy + r), (ix + r, iy - r)), red, "immobile")))
    if tank.wreck:
        diagonal = ((cx - half, cy - half), (cx + half, cy + half))
        anti = ((cx - half, cy + half), (cx + half, cy - half))
        parts.append((WRECK, Polyline(diagonal, styles.wreck, "wreck")))
        parts.append((WRECK, Polyline(anti, styles.wreck, "wreck")))
    return parts


def state_scene(
    state: Any,
    *,
    size: float = 36.0,
    theme: Theme | str | None = None,
    labels: bool = True,
    margin: float | None = None,
) -> Scene:
    """A Panzer Vor! game state: its map with a counter for every tank."""
    scene = hexmap_scene(state.map, size=size, theme=theme, labels=labels, margin=margin)
    return scene.add(UNITS, units_primitives(state, scene.layout, size, scene.theme))


@scene_of.register
def _hexmap(hexmap: HexMap, **options: Any) -> Scene:
    return hexmap_scene(hexmap, **options)


# --- overlays ----------------------------------------------------------------------------------
def _hex_layout(scene: Scene) -> HexLayout:
    if not isinstance(scene.layout, HexLayout):
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
    if cells:
        titles = tuple(f"{grid.label(cell)}: {costs[cell]} MP" for cell in cells)
        prims.append(Polygons(layout.outlines(layout.centers(cells)), shade, titles))
    if numbers:
        font = text_size(scene, th.overlay_font_scale)
        style = Style(fill=th.reach_text, font_size=font, bold=True)
        for cell in cells:
            prims.append(Text(layout.cell_center(cell), str(costs[cell]), style))
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
    line = Style(stroke=th.path_color, width=th.path_width_px, opacity=0.9)
    centres = [layout.cell_center(states[0][0])]
    for h, _ in states[1:]:
        c = layout.cell_center(h)
        if c != centres[-1]:
            centres.append(c)
    if len(centres) > 1:
        prims.append(Polyline(tuple(centres), line, "path"))
    font = text_size(scene, th.overlay_font_scale * 0.8)
    label = Style(fill=th.path_color, stroke="#ffffff", width=3.0, font_size=font, bold=True)
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
            prims.append(Text(at, f"{mp[i - 1]}", label, f"step {i}: {mp[i - 1]} MP"))
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
    return scene.add(ANNOTATIONS, prims)


def _nearest_corner(layout: HexLayout, h: Hex, a: Point, b: Point) -> Point:
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
    ring = Style(stroke=th.los_end, width=th.los_width_px * 1.5)
    for h in (start, end):
        marks.append(Polygon(layout.cell_polygon(h), ring, f"{grid.label(h)} (end of the line)"))
    line_style = Style(stroke=th.los_line, width=th.los_width_px)
    marks.append(
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
        marks.append(
            Text(
                (p[0], p[1] - 0.3),
                "✕ blocked",
                Style(fill=th.los_blocked, stroke="#ffffff", width=3.0, font_size=font, bold=True),
            )
        )
    return scene.add(OVERLAYS, shades).add(ANNOTATIONS, marks)


def odds_overlay(scene: Scene, odds: Mapping[Hex, str]) -> Scene:
    """A boxed label above each target hex, e.g. ``"hit 15/36 · kill 1/4"``."""
    _hex_layout(scene)
    return label_overlay(scene, odds)
