"""Panzer Strike square boards as scenes: board units are squares (``Square(x, y)`` centred on
``(x, y)``), ``size`` pixels each. Buildings, streets and other square kinds as colours,
barricades on edges, flags, and tanks as squares with a facing arrow (8 facings).

Plain inputs (the square-board model is being written): ``square_scene`` takes the numbers;
``squareboard_scene`` reads any board value with ``cols``/``rows`` (or ``width``/``height``)
and a square-to-kind mapping (``terrain``, ``squares`` or ``features``).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any

import numpy as np

from workbench.boards.panzer_strike.board import SquareBoard
from workbench.geometry.squaregrid import Edge, Square, facing_angle
from workbench.render import scene_of
from workbench.render.labels import ASCENT, fit_text
from workbench.render.legend import Entry, box_swatch, legend_band, line_swatch
from workbench.render.pieces import flag_color, rect, square_swatch, symbol_name, symbol_primitives
from workbench.render.scene import (
    BOARD,
    EDGES,
    LABELS,
    TERRAIN,
    UNITS,
    Arrow,
    Point,
    Polygon,
    Polyline,
    Primitive,
    Scene,
    Style,
    Text,
    Transform,
)
from workbench.render.themes import Theme, contrast_text, theme_named

SQUARE_COLORS: Mapping[str, str] = {
    "open": "#cdd6a8",
    "street": "#d8d2bc",
    "road": "#d8d2bc",
    "building": "#b5835a",
    "rubble": "#9a8f80",
    "woods": "#4f8a3c",
    "hedge": "#3d6e30",
    "water": "#6fa8dc",
    "barricade": "#5b4a3a",
}
"""Drawing colours for square kinds (a theme's ``terrain_colors`` override them)."""


@dataclass(frozen=True)
class SquareLayout:
    """Square geometry for a scene; clicks map back to the square under them."""

    cols: int
    rows: int
    cell_units: float = 1.0

    def cell_at(self, x: float, y: float) -> Square | None:
        s = Square(math.floor(x + 0.5), math.floor(y + 0.5))
        return s if 0 <= s.x < self.cols and 0 <= s.y < self.rows else None

    def cell_polygon(self, cell: Square) -> tuple[Point, ...]:
        x, y = cell.x, cell.y
        return ((x - 0.5, y - 0.5), (x + 0.5, y - 0.5), (x + 0.5, y + 0.5), (x - 0.5, y + 0.5))

    def cell_center(self, cell: Square) -> Point:
        return (float(cell.x), float(cell.y))

    def edge_line(self, edge: Edge) -> tuple[Point, Point]:
        a, b = edge.first, edge.second
        mx, my = (a.x + b.x) / 2, (a.y + b.y) / 2
        if a.y == b.y:  # side by side: a vertical edge
            return ((mx, my - 0.5), (mx, my + 0.5))
        return ((mx - 0.5, my), (mx + 0.5, my))

    def __iter__(self) -> Iterator[Square]:
        return (Square(x, y) for y in range(self.rows) for x in range(self.cols))


def _direction(facing: int) -> Point:
    a = math.radians(facing_angle(facing))
    return (math.sin(a), -math.cos(a))


def square_scene(
    cols: int,
    rows: int,
    *,
    squares: Mapping[Square, str] | None = None,
    barricades: Iterable[Edge] = (),
    flags: Mapping[Square, str] | None = None,
    tanks: Iterable[Any] = (),
    size: float = 36.0,
    theme: Theme | str | None = None,
    title: str = "",
    labels: bool = True,
    default_kind: str = "open",
    tiles: Mapping[str, tuple[int, int, int, int]] | None = None,
    legend: bool = False,
) -> Scene:
    """A square board: a kind per square (default ``open``), barricades on edges, flags
    (square -> owner, drawn in the owner's colour), tanks (anything with a square
    ``at``/``square``, ``facing`` 0..7, and optionally ``id``, ``side``, ``color``), the
    board's tiles (name -> first column, first row, columns, rows) with their borders and
    names, column and row numbers round the edge, and (``legend``) a legend band."""
    th = theme_named(theme)
    size = size * th.zoom
    layout = SquareLayout(cols, rows)
    coord_font = max(th.label_min_px * th.zoom, round(th.label_scale * size * 0.9, 1))
    pad = size * 0.5 + coord_font * 2.4  # the board's edge, then room for the numbers
    transform = Transform(size, pad, pad)
    kinds = dict(squares or {})
    board: list[Primitive] = [
        Polygon(
            ((-0.5, -0.5), (cols - 0.5, -0.5), (cols - 0.5, rows - 0.5), (-0.5, rows - 0.5)),
            Style(fill=th.board_fill, stroke="#333333", width=2.0),
            title,
        )
    ]
    terrain: list[Primitive] = []
    by_kind: dict[str, list[Square]] = {}
    for cell in layout:
        by_kind.setdefault(kinds.get(cell, default_kind), []).append(cell)
    for kind in sorted(by_kind):
        color = th.terrain_color(kind, SQUARE_COLORS.get(kind, "#bbbbbb"))
        style = Style(fill=color, stroke=th.grid_stroke, width=th.grid_width_px)
        for cell in by_kind[kind]:
            terrain.append(
                Polygon(layout.cell_polygon(cell), style, f"({cell.x}, {cell.y}) {kind}")
            )
        # a symbol as well as a colour (a house, trees, waves), as on the hex maps
        centres = np.array([(c.x, c.y - 0.1) for c in by_kind[kind]], dtype=float)
        terrain += symbol_primitives(symbol_name(kind), centres, color, th, unit=0.7, px=size)
    edges: list[Primitive] = []
    bar = Style(stroke="#5b3a1a", width=th.hexside_width_px, dash=(4.0, 2.0))
    for edge in sorted(barricades, key=lambda e: (e.first, e.second)):
        edges.append(Polyline(layout.edge_line(edge), bar, "barricade"))
    tile_style = Style(stroke=th.counter_stroke, width=max(2.5, th.grid_width_px * 2.5))
    tile_names: list[tuple[str, Point]] = []
    for name, (x0, y0, w, h) in sorted((tiles or {}).items(), key=lambda kv: kv[1][:2]):
        edges.append(Polygon(rect(x0 - 0.5, y0 - 0.5, w, h), tile_style, f"tile {name}"))
        tile_names.append((name, (x0 - 0.5 + w / 2, y0 - 0.5 + 0.12)))
    labels_: list[Primitive] = []
    if labels:
        style = Style(fill=th.label_ink(th.background), font_size=coord_font)
        margin = (pad - size * 0.5) / 2 / size  # board units from the board's edge
        for x in range(cols):
            labels_.append(Text((float(x), -0.5 - margin), str(x), style))
        for y in range(rows):
            labels_.append(Text((-0.5 - margin, float(y)), str(y), style))
    if tile_names:
        font = max(th.label_min_px * th.zoom, round(th.place_scale * size * 0.7, 1))
        style = Style(fill=th.place_color, stroke=th.halo, width=3.0, font_size=font, bold=True)
        for name, (tx, ty) in tile_names:
            at = (tx, ty + ASCENT * font / size + 0.04)
            labels_.append(Text(at, name, style, f"tile {name}"))
    units: list[Primitive] = []
    owners = sorted(set((flags or {}).values()))
    for cell in sorted(flags or {}):
        cx, cy = layout.cell_center(cell)
        pole = (cx - 0.25, cy - 0.3)
        units.append(Polyline((pole, (pole[0], pole[1] + 0.6)), Style(stroke="#222222", width=2.0)))
        flag = (pole, (pole[0] + 0.45, pole[1] + 0.12), (pole[0], pole[1] + 0.24))
        owner = (flags or {})[cell]
        units.append(
            Polygon(
                flag,
                Style(fill=flag_color(th, owner, owners), stroke="#222222", width=1.0),
                f"flag {owner}",
            )
        )
    units += square_tank_primitives(tanks, th, size)
    scene = Scene(
        width=round(cols * size + 2 * pad, 2),
        height=round(rows * size + 2 * pad, 2),
        transform=transform,
        layers={
            BOARD: tuple(board),
            TERRAIN: tuple(terrain),
            EDGES: tuple(edges),
            LABELS: tuple(labels_),
            UNITS: tuple(units),
        },
        layout=layout,
        theme=th,
        title=title,
    )
    if legend:
        entries = [
            Entry(
                kind,
                square_swatch(kind, th.terrain_color(kind, SQUARE_COLORS.get(kind, "#bbbbbb")), th),
            )
            for kind in sorted(by_kind)
        ]
        if tiles:
            entries.append(Entry("tile border", line_swatch(tile_style)))
        entries += [Entry(f"flag: {o}", box_swatch(flag_color(th, o, owners))) for o in owners]
        scene = legend_band(scene, entries)
    return scene


def square_tank_primitives(tanks: Iterable[Any], th: Theme, size: float) -> list[Primitive]:
    """A square counter per tank in its side colour, an arrow along its facing, its id."""
    prims: list[Primitive] = []
    half = 0.36
    for n, tank in enumerate(tanks):
        at = getattr(tank, "square", None) or getattr(tank, "at", None)
        if at is None:
            continue
        cx, cy = float(at.x), float(at.y)
        side = str(getattr(tank, "side", ""))
        ident = str(getattr(tank, "id", f"tank {n + 1}"))
        color = th.side_color(
            side, getattr(tank, "color", None) or th.zone_colors[n % len(th.zone_colors)]
        )
        if getattr(tank, "wreck", False) or getattr(tank, "destroyed", False):
            color = "#555555"
        ink = contrast_text(color)
        title = (
            f"{ident} {side}".strip() + f" at ({at.x}, {at.y}), facing {getattr(tank, 'facing', 0)}"
        )
        box = (
            (cx - half, cy - half),
            (cx + half, cy - half),
            (cx + half, cy + half),
            (cx - half, cy + half),
        )
        prims.append(Polygon(box, Style(fill=color, stroke=th.counter_stroke, width=1.5), title))
        v = _direction(int(getattr(tank, "facing", 0)))
        tip = (cx + v[0] * 0.46, cy + v[1] * 0.46)
        prims.append(
            Arrow(
                (cx, cy), tip, Style(stroke=ink, width=2.0), head=max(6.0, 0.2 * size), title=title
            )
        )
        font = max(7.0, th.counter_text_scale * size)
        label = fit_text(ident, 2 * half * size - 4.0, font, True)
        prims.append(Text((cx, cy + 0.2), label, Style(fill=ink, font_size=font, bold=True), title))
    return prims


def squareboard_scene(board: Any, **options: Any) -> Scene:
    """A square-board value: a Panzer Strike ``SquareBoard`` (tiles, flags, barricades on
    squares), or any value with ``cols``/``rows`` and a square-to-kind mapping."""
    cols = getattr(board, "cols", None) or board.width
    rows = getattr(board, "rows", None) or getattr(board, "height", None) or board.depth
    squares = None
    if callable(getattr(board, "feature_name", None)):
        squares = {sq: board.feature_name(sq) for sq in board.squares()}
    for name in ("terrain", "squares", "features"):
        value = getattr(board, name, None)
        if squares is None and isinstance(value, Mapping):
            squares = {k: str(getattr(v, "name", v)) for k, v in value.items()}
            break
    barricades = tuple(getattr(board, "barricades", ()))
    if barricades and all(isinstance(b, Square) for b in barricades):
        # Barricades that stand on squares (Panzer Strike) are drawn as a kind of square.
        squares = {**(squares or {}), **{b: "barricade" for b in barricades}}
        barricades = ()
    flags = getattr(board, "flags", None)
    if flags is not None and not isinstance(flags, Mapping):
        flags = {f: "flag" for f in flags}
    options.setdefault("title", str(getattr(board, "name", "")))
    tile_set, layout = getattr(board, "tiles", None), getattr(board, "layout", None)
    if tile_set is not None and layout and hasattr(tile_set, "width"):
        w, h = int(tile_set.width), int(tile_set.depth)
        options.setdefault(
            "tiles",
            {
                name: (c * w, r * h, w, h)
                for r, row in enumerate(layout)
                for c, name in enumerate(row)
            },
        )
    return square_scene(
        int(cols), int(rows), squares=squares, barricades=barricades, flags=flags, **options
    )


@scene_of.register
def _board(board: SquareBoard, **options: Any) -> Scene:
    return squareboard_scene(board, **options)
