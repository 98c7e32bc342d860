"""Panzer Strike square boards as scenes: board units are squares (``Square(x, y)`` centred on
``(x, y)``), ``size`` pixels each. Buildings, streets and other square kinds as colours,
barricades on edges, flags, and tanks as squares with a facing arrow (8 facings).

Plain inputs (the square-board model is being written): ``square_scene`` takes the numbers;
``squareboard_scene`` reads any board value with ``cols``/``rows`` (or ``width``/``height``)
and a square-to-kind mapping (``terrain``, ``squares`` or ``features``).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

import numpy as np

from workbench.boards.panzer_strike.board import SquareBoard
from workbench.boards.panzer_strike.scenario import PanzerStrikeScenario
from workbench.geometry.squaregrid import Edge, Square, facing_angle
from workbench.render import scene_of
from workbench.render.labels import ASCENT, fit_text
from workbench.render.legend import Entry, box_swatch, legend_band, line_swatch
from workbench.render.pieces import flag_color, rect, square_swatch, symbol_name, symbol_primitives
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
    Polyline,
    Primitive,
    Scene,
    Style,
    Text,
    Transform,
)
from workbench.render.themes import Theme, contrast_text, theme_named
from workbench.rules.panzer_strike.state import Match

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


# --- Panzer Strike games: a match, and what the rules found on it ----------------------------


def match_scene(
    match: Any, *, size: float = 36.0, theme: Theme | str | None = None, title: str | None = None
) -> Scene:
    """A Panzer Strike match: squares by kind, tile borders and names, coordinates, flags in
    their owner's colour, barricades in play, and tanks with their facing (wrecks grey and
    crossed, damaged tanks with a marker under them)."""
    board = match.board
    kinds = {sq: board.feature_name(sq) for sq in board.squares()}
    kinds.update({b: "barricade" for b in match.in_play_barricades()})
    th = theme_named(theme)
    th = th.with_side_colors({**match.colors, **th.side_colors})
    scene = square_scene(
        board.width,
        board.depth,
        squares=kinds,
        size=size,
        theme=th,
        title=board.name if title is None else title,
    )
    pad = size * 1.1  # room for the coordinates and the odds beside the board
    scene = replace(
        scene,
        width=round(board.width * size + 2 * pad, 2),
        height=round(board.depth * size + 2 * pad, 2),
        transform=Transform(size, pad, pad),
    )
    return scene.add(EDGES, tile_primitives(board, size)).add(
        UNITS, [*flag_primitives(board.flags, th), *tank_primitives(match.tanks, th, size)]
    )


def tile_primitives(board: Any, size: float) -> list[Primitive]:
    """A border round each tile and its name (I-a …) in its north-west corner."""
    prims: list[Primitive] = []
    w, d = board.tiles.width, board.tiles.depth
    line = Style(stroke="#222222", width=2.5)
    font = Style(fill="#222222", font_size=max(9.0, 0.3 * size), bold=True, anchor="start")
    for r, row in enumerate(board.layout):
        for c, label in enumerate(row):
            x0, y0 = c * w - 0.5, r * d - 0.5
            box = ((x0, y0), (x0 + w, y0), (x0 + w, y0 + d), (x0, y0 + d), (x0, y0))
            prims.append(Polyline(box, line, f"tile {label}"))
            prims.append(Text((x0 + 0.08, y0 + 0.22), label, font, f"tile {label}"))
    return prims


def flag_primitives(flags: Mapping[Square, str], th: Theme) -> list[Primitive]:
    """A flag on a pole per flag square, in its owner's colour, with the owner's name."""
    prims: list[Primitive] = []
    for cell in sorted(flags):
        owner = flags[cell]
        color = th.side_color(owner, th.flag_color)
        pole = (cell.x - 0.25, cell.y - 0.35)
        prims.append(Polyline((pole, (pole[0], pole[1] + 0.7)), Style(stroke="#222222", width=2.0)))
        cloth = (pole, (pole[0] + 0.55, pole[1] + 0.15), (pole[0], pole[1] + 0.3))
        prims.append(
            Polygon(
                cloth,
                Style(fill=color, stroke="#222222", width=1.0),
                f"{owner}'s flag at ({cell.x}, {cell.y})",
            )
        )
    return prims


def tank_primitives(tanks: Iterable[Any], th: Theme, size: float) -> list[Primitive]:
    """Each tank as a counter in its side's colour with a facing arrow, its id and type
    letter (H, M, L); a wreck grey and crossed; a damaged tank on a marker square."""
    prims: list[Primitive] = []
    half = 0.38
    for tank in tanks:
        cx, cy = float(tank.at.x), float(tank.at.y)
        color = "#777777" if tank.destroyed else th.side_color(tank.side, "#3366cc")
        title = str(tank)
        if tank.damaged:
            m = 0.48
            marker = ((cx - m, cy - m), (cx + m, cy - m), (cx + m, cy + m), (cx - m, cy + m))
            prims.append(
                Polygon(
                    marker,
                    Style(fill="#f4f4f4", stroke=th.immobile_color, width=2.5),
                    f"{tank.id} damaged: can't move",
                )
            )
        box = (
            (cx - half, cy - half),
            (cx + half, cy - half),
            (cx + half, cy + half),
            (cx - half, cy + half),
        )
        prims.append(Polygon(box, Style(fill=color, stroke=th.counter_stroke, width=1.5), title))
        ink = contrast_text(color)
        v = _direction(tank.facing)
        prims.append(
            Arrow(
                (cx + v[0] * 0.2, cy + v[1] * 0.2),
                (cx + v[0] * 0.62, cy + v[1] * 0.62),
                Style(stroke="#111111", width=3.0),
                head=max(7.0, 0.25 * size),
                title=title,
            )
        )
        font = max(8.0, 0.26 * size)
        prims.append(
            Text((cx, cy - 0.1), tank.id, Style(fill=ink, font_size=font, bold=True), title)
        )
        prims.append(
            Text((cx, cy + 0.2), tank.kind[0], Style(fill=ink, font_size=font * 0.85), title)
        )
        if tank.destroyed:
            cross = Style(stroke="#111111", width=2.5)
            prims.append(Polyline(((cx - half, cy - half), (cx + half, cy + half)), cross, title))
            prims.append(Polyline(((cx - half, cy + half), (cx + half, cy - half)), cross, title))
    return prims


def reach_overlay(
    scene: Scene,
    squares: Mapping[Square, int],
    facings: Mapping[Square, Iterable[int]] | None = None,
) -> Scene:
    """Shade each reachable square with its fewest steps; with ``facings``, a tick from the
    centre towards each facing the tank can end in there."""
    th = scene.theme
    fill = Style(fill=th.reach_fill, opacity=th.reach_opacity, stroke=None)
    font = Style(fill=th.reach_text, font_size=max(8.0, 0.3 * scene.transform.scale), bold=True)
    tick = Style(stroke=th.tick_color, width=1.5)
    layout = scene.layout
    prims: list[Primitive] = []
    for cell, steps in sorted(squares.items()):
        title = f"({cell.x}, {cell.y}): {steps} steps"
        prims.append(Polygon(layout.cell_polygon(cell), fill, title))
        prims.append(Text((cell.x + 0.28, cell.y - 0.28), str(steps), font, title))
        for facing in sorted((facings or {}).get(cell, ())):
            v = _direction(facing)
            start = (cell.x + v[0] * 0.12, cell.y + v[1] * 0.12)
            end = (cell.x + v[0] * 0.36, cell.y + v[1] * 0.36)
            prims.append(Polyline((start, end), tick, f"{title}, can end facing {facing}"))
    return scene.add(OVERLAYS, prims)


def path_overlay(
    scene: Scene, start: tuple[Square, int], steps: Sequence[Any], current: int | None = None
) -> Scene:
    """The path as a line through its squares, each step numbered, and the tank's pose after
    step ``current`` (default: the last) as an arrow."""
    th = scene.theme
    points = [(float(start[0].x), float(start[0].y))]
    for step in steps:
        if (float(step.at.x), float(step.at.y)) != points[-1]:
            points.append((float(step.at.x), float(step.at.y)))
    prims: list[Primitive] = []
    if len(points) > 1:
        prims.append(
            Polyline(tuple(points), Style(stroke=th.path_color, width=th.path_width_px), "path")
        )
    shown = len(steps) if current is None else current
    pose = start if shown == 0 else (steps[shown - 1].at, steps[shown - 1].facing)
    v = _direction(pose[1])
    cx, cy = float(pose[0].x), float(pose[0].y)
    prims.append(
        Circle((cx, cy), 0.45, Style(stroke=th.path_color, width=3.0), f"after step {shown}")
    )
    prims.append(
        Arrow(
            (cx, cy),
            (cx + v[0] * 0.45, cy + v[1] * 0.45),
            Style(stroke=th.path_color, width=3.0),
            head=9.0,
            title=f"after step {shown}",
        )
    )
    return scene.add(ANNOTATIONS, prims)


def zone_overlay(scene: Scene, zones: Mapping[Square, str]) -> Scene:
    """Shade squares by the armour a shot from them hits: front, side, rear (F, S, R)."""
    th = scene.theme
    font = Style(fill="#111111", font_size=max(8.0, 0.28 * scene.transform.scale))
    prims: list[Primitive] = []
    for cell, zone in sorted(zones.items()):
        style = Style(fill=th.arc_colors[zone], opacity=th.arc_opacity)
        title = f"a shot from ({cell.x}, {cell.y}) hits the {zone}"
        prims.append(Polygon(scene.layout.cell_polygon(cell), style, title))
        prims.append(Text((cell.x - 0.3, cell.y + 0.3), zone[0].upper(), font, title))
    return scene.add(OVERLAYS, prims)


def trajectory_overlay(scene: Scene, path: Any, label: str = "") -> Scene:
    """The shell's line, the squares it crosses outlined, what blocks it crossed out, and an
    optional label (the odds) beside the target."""
    th = scene.theme
    start = (float(path.firer.x), float(path.firer.y))
    end = (float(path.target.x), float(path.target.y))
    color = th.los_clear if path.clear else th.los_blocked
    prims: list[Primitive] = []
    ring = Style(stroke=th.los_line, width=1.5, dash=(3.0, 2.0))
    for cell in path.checked:
        prims.append(
            Polygon(scene.layout.cell_polygon(cell), ring, f"crossed ({cell.x}, {cell.y})")
        )
    prims.append(
        Arrow(
            start,
            end,
            Style(stroke=color, width=th.los_width_px + 1),
            head=10.0,
            title="trajectory " + ("clear" if path.clear else "blocked"),
        )
    )
    bad = Style(stroke=th.los_blocked, width=3.0)
    for cell, what in path.blockers:
        x, y = float(cell.x), float(cell.y)
        prims.append(Polyline(((x - 0.4, y - 0.4), (x + 0.4, y + 0.4)), bad, f"blocked by {what}"))
        prims.append(Polyline(((x - 0.4, y + 0.4), (x + 0.4, y - 0.4)), bad, f"blocked by {what}"))
    if label:
        font = Style(fill=th.odds_text, font_size=th.odds_font_px, bold=True, anchor="start")
        prims.append(Text((end[0] + 0.55, end[1] - 0.55), label, font, label))
    return scene.add(ANNOTATIONS, prims)


@scene_of.register
def _board(board: SquareBoard, **options: Any) -> Scene:
    return squareboard_scene(board, **options)


@scene_of.register
def _match(match: Match, **options: Any) -> Scene:
    return match_scene(match, **options)


@scene_of.register
def _scenario(scenario: PanzerStrikeScenario, **options: Any) -> Scene:
    from workbench.rules.panzer_strike.game import start

    return match_scene(start(scenario), **options)
