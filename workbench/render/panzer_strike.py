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

from workbench.boards.panzer_strike.board import SquareBoard
from workbench.geometry.squaregrid import Edge, Square, facing_angle
from workbench.render import scene_of
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
) -> Scene:
    """A square board: a kind per square (default ``open``), barricades on edges, flags
    (square -> side or name), tanks (anything with a square ``at``/``square``, ``facing``
    0..7, and optionally ``id``, ``side``, ``color``)."""
    th = theme_named(theme)
    layout = SquareLayout(cols, rows)
    pad = size * 0.6
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
    edges: list[Primitive] = []
    bar = Style(stroke="#5b3a1a", width=th.hexside_width_px, dash=(4.0, 2.0))
    for edge in sorted(barricades, key=lambda e: (e.first, e.second)):
        edges.append(Polyline(layout.edge_line(edge), bar, "barricade"))
    labels_: list[Primitive] = []
    if labels:
        font = max(th.label_min_px, round(th.label_scale * size * 0.9, 1))
        style = Style(fill=th.label_color, font_size=font)
        for x in range(cols):
            labels_.append(Text((float(x), -0.5 - 0.3), str(x), style))
        for y in range(rows):
            labels_.append(Text((-0.5 - 0.3, float(y)), str(y), style))
    units: list[Primitive] = []
    for cell in sorted(flags or {}):
        cx, cy = layout.cell_center(cell)
        pole = (cx - 0.25, cy - 0.3)
        units.append(Polyline((pole, (pole[0], pole[1] + 0.6)), Style(stroke="#222222", width=2.0)))
        flag = (pole, (pole[0] + 0.45, pole[1] + 0.12), (pole[0], pole[1] + 0.24))
        units.append(
            Polygon(
                flag,
                Style(fill=th.flag_color, stroke="#222222", width=1.0),
                f"flag {(flags or {})[cell]}",
            )
        )
    units += square_tank_primitives(tanks, th, size)
    return Scene(
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
        prims.append(Text((cx, cy + 0.2), ident, Style(fill=ink, font_size=font, bold=True), title))
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
    return square_scene(
        int(cols), int(rows), squares=squares, barricades=barricades, flags=flags, **options
    )


@scene_of.register
def _board(board: SquareBoard, **options: Any) -> Scene:
    return squareboard_scene(board, **options)
