"""Panzer Strike square boards as scenes: board units are squares (``Square(x, y)`` centred on
``(x, y)``), ``size`` pixels each. Buildings, streets and other square kinds as colours,
barricades, flags, and tanks as counters with a facing arrow (8 facings).

``square_scene`` is the plain builder (sizes, a square-to-kind mapping, flags, tanks, tiles);
``squareboard_scene`` draws a :class:`SquareBoard` with it, ``scenario_scene`` a scenario
from its own values and ``match_scene`` a match (the board's picture with the barricades in
play and the tanks as they stand); the learner's results (a shot's odds, a tank's reach) are
drawn over their match.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from workbench.games.panzer_strike.boards.board import BoardTank, SquareBoard
from workbench.games.panzer_strike.boards.scenario import PanzerStrikeScenario
from workbench.games.panzer_strike.rules.actions import RollGun, RollMovement
from workbench.games.panzer_strike.rules.learning import TankReach
from workbench.games.panzer_strike.rules.shooting import KillOdds, hit_zones
from workbench.games.panzer_strike.rules.state import Match, Options, Tank
from workbench.geometry.squaregrid import FACING_NAMES, Edge, Square, facing_angle
from workbench.render import scene_of
from workbench.render.counters import name_font
from workbench.render.dice import DieFace, dice_of
from workbench.render.hex_labels import title_font, title_gap
from workbench.render.labels import (
    ASCENT,
    Box,
    Placer,
    box_text,
    fit_text,
    text_box,
    text_box_px,
    text_width,
    unit_boxes,
)
from workbench.render.legend import Entry, box_swatch, legend_band, legend_entries, line_swatch
from workbench.render.overlays import label_overlay
from workbench.render.pieces import (
    fitted,
    rect,
    square_swatch,
    symbol_name,
    symbol_primitives,
    tank_swatch,
)
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
    Texts,
    Transform,
)
from workbench.render.sides import WRECK_COLOR, colors_register, side_colors, themed
from workbench.render.silhouettes import reach, silhouette_parts
from workbench.render.themes import Theme, contrast_text, mix, theme_named

SQUARE_COLORS: Mapping[str, str] = {
    "open": "#cdd6a8",
    "street": "#bdb9ad",  # a paving grey: 8.7 L* under open ground, told apart in grey
    "road": "#bdb9ad",
    "building": "#b5835a",
    "rubble": "#9a8f80",
    "woods": "#4f8a3c",
    "hedge": "#3d6e30",
    "water": "#6fa8dc",
    "barricade": "#5b4a3a",
}
"""Drawing colours for square kinds (a theme's ``terrain_colors`` override them)."""

BARRICADES_DEFAULT = Options().barricades  # whether a scenario that says nothing plays them


@dataclass(frozen=True)
class SquareLayout:
    """Square geometry for a scene; clicks map back to the square under them."""

    cols: int
    rows: int
    cell_units: float = 1.0

    def cell_at(self, x: float, y: float) -> Square | None:
        s = Square(math.floor(x + 0.5), math.floor(y + 0.5))
        return s if 0 <= s.x < self.cols and 0 <= s.y < self.rows else None

    def holds(self, cell: Any) -> bool:
        return isinstance(cell, Square) and 0 <= cell.x < self.cols and 0 <= cell.y < self.rows

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


TankOnSquare = BoardTank | Tank
"""What stands on a square board: a board's starting tank or a tank in a match."""

COUNTER_HALF = 0.48  # half the box a tank covers in its square (its silhouette and name plate)
COUNTER_RADIUS = 0.34  # how far a tank's silhouette reaches from its centre, in squares
COUNTER_DY = -0.13  # the silhouette's centre above the square's (its name plate is below)
FLAG_HALF = 0.4  # half the box a flag covers in its square


def square_scene(
    cols: int,
    rows: int,
    *,
    squares: Mapping[Square, str] | None = None,
    barricades: Iterable[Edge] = (),
    flags: Mapping[Square, str] | None = None,
    tanks: Sequence[TankOnSquare] = (),
    size: float = 36.0,
    theme: Theme | str | None = None,
    title: str = "",
    labels: bool = True,
    default_kind: str = "open",
    tiles: Mapping[str, tuple[int, int, int, int]] | None = None,
    legend: bool = False,
    sides: Sequence[str] = (),
    colors: Mapping[str, str] | None = None,
) -> Scene:
    """A square board: a kind per square (default ``open``), barricades on edges, flags
    (square -> owner, drawn in the owner's colour), tanks seen from above in their side's
    colour along their facing with their id and type letter on a plate, the board's tiles
    (name -> first column, first row, columns, rows) with their borders and names (kept clear
    of flags and tanks), column and row numbers round the edge, and (``legend``) a legend
    band. ``sides`` in the game's order and the ``colors`` its files prefer give each side's
    colour (:func:`workbench.render.sides.side_colors`)."""
    th = theme_named(theme)
    size = size * th.zoom
    layout = SquareLayout(cols, rows)
    coord_font = max(th.label_min_px, round(th.label_scale * size * 0.9, 1))
    strip = coord_font * 2.4  # the numbers' strip round the board, then the frame round it
    pad = size * 0.5 + strip + FRAME_PX
    top = title_gap(th, size) if title else 0.0  # the title's band over the frame
    transform = Transform(size, pad, pad + top)
    rim = pad - size * 0.5  # from the picture's edge to the board's, on every side
    width, height = round(cols * size + 2 * rim, 2), round(rows * size + 2 * rim + top, 2)
    kinds = dict(squares or {})
    board: list[Primitive] = [
        *map_frame(cols, rows, strip / size, FRAME_PX / size, th, title),
        Polygon(
            ((-0.5, -0.5), (cols - 0.5, -0.5), (cols - 0.5, rows - 0.5), (-0.5, rows - 0.5)),
            Style(fill=th.board_fill, stroke="#333333", width=2.0),
            title,
        ),
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
    for name, (x0, y0, w, h) in sorted((tiles or {}).items(), key=lambda kv: kv[1][:2]):
        edges.append(Polygon(rect(x0 - 0.5, y0 - 0.5, w, h), tile_style, f"tile {name}"))
    labels_: list[Primitive] = []
    if labels:
        style = Style(fill=th.label_ink(th.background), font_size=coord_font)
        margin = strip / 2 / size  # board units from the board's edge
        for x in range(cols):
            labels_.append(Text((float(x), -0.5 - margin), str(x), style))
        for y in range(rows):
            labels_.append(Text((-0.5 - margin, float(y)), str(y), style))
    flags = dict(flags or {})
    owners = side_owners(sides, tanks, flags, colors, th, default_kind)
    taken = [_square_box(transform, s, FLAG_HALF) for s in flags]
    taken += [_square_box(transform, t.at, COUNTER_HALF) for t in tanks]
    labels_ += tile_names(tiles or {}, th, transform, Placer(width, height, taken))
    if title:
        labels_.append(title_text(title, width, top, th, transform))
    units: list[Primitive] = []
    for cell in sorted(flags):
        cx, cy = layout.cell_center(cell)
        pole = (cx - 0.25, cy - 0.3)
        units.append(Polyline((pole, (pole[0], pole[1] + 0.6)), Style(stroke="#222222", width=2.0)))
        flag = (pole, (pole[0] + 0.45, pole[1] + 0.12), (pole[0], pole[1] + 0.24))
        owner = flags[cell]
        fill = Style(fill=owners[owner], stroke="#222222", width=1.0)
        units.append(Polygon(flag, fill, f"flag {owner}"))
    units += tank_counters(tanks, th, size, owners)
    scene = Scene(
        width=width,
        height=height,
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
        entries = square_legend(sorted(by_kind), bool(tiles), flags, tanks, th, owners)
        scene = legend_band(scene, entries)
    return scene


FRAME_PX = 6.0  # the frame's room round the numbers' strip


def map_frame(
    cols: int, rows: int, strip: float, gap: float, th: Theme, title: str
) -> list[Primitive]:
    """A printed map's frame round a board of ``cols`` x ``rows`` squares, as Panzer Vor!'s
    maps have: a thin line round the column and row numbers (``strip`` board units out from
    the board's edge) and a thick one ``gap`` / 2 further out, the paper inside it."""
    paper = Style(fill=mix(th.board_fill, "#ffffff", 0.55), stroke=th.frame_color, width=3.0)
    thin = Style(stroke=th.frame_color, width=1.0)
    out = strip + gap / 2
    return [
        Polygon(rect(-0.5 - out, -0.5 - out, cols + 2 * out, rows + 2 * out), paper, title),
        Polygon(rect(-0.5 - strip, -0.5 - strip, cols + 2 * strip, rows + 2 * strip), thin),
    ]


def title_text(title: str, width: float, top: float, th: Theme, t: Transform) -> Primitive:
    """The board's name centred in the band over its frame, as a printed map's title."""
    style = Style(fill=th.place_color, font_size=title_font(th, t.scale), bold=True)
    text = fit_text(title, width - 8.0, style.font_size, True)
    return box_text(text_box_px(width / 2, top / 2 + 2.0, text, style), text, style, t, title)


def square_legend(
    kinds: Sequence[str],
    tiles: bool,
    flags: Mapping[Square, str],
    tanks: Sequence[TankOnSquare],
    th: Theme,
    owners: Mapping[str, str],
) -> list[Entry]:
    """The legend of a square board: its kinds of square (colour and symbol), the tiles'
    borders, the flags and the tanks in their owners' colours, wrecks and damage."""
    entries = [
        Entry(
            kind,
            square_swatch(kind, th.terrain_color(kind, SQUARE_COLORS.get(kind, "#bbbbbb")), th),
        )
        for kind in kinds
    ]
    if tiles:
        tile_style = Style(stroke=th.counter_stroke, width=max(2.5, th.grid_width_px * 2.5))
        entries.append(Entry("tile border", line_swatch(tile_style)))
    entries += [Entry(f"flag: {o}", box_swatch(owners[o])) for o in sorted(set(flags.values()))]
    return entries + tank_entries(tanks, th, owners)


def side_owners(
    sides: Sequence[str],
    tanks: Sequence[TankOnSquare],
    flags: Mapping[Square, str],
    colors: Mapping[str, str] | None,
    th: Theme,
    default_kind: str = "open",
) -> dict[str, str]:
    """The colour of each side and flag owner: ``sides`` in the game's order, then the tanks'
    and the flags' owners (:func:`workbench.render.sides.side_colors`; a theme's own side
    colours win)."""
    order = tuple(dict.fromkeys([*sides, *(t.side for t in tanks), *sorted(flags.values())]))
    ground = th.terrain_color(default_kind, SQUARE_COLORS.get(default_kind, "#bbbbbb"))
    return themed(th.side_colors, side_colors(order, colors, ground))


def _square_box(t: Transform, at: Square, half: float) -> Box:
    (x0, y0), (x1, y1) = t.to_pixel(at.x - half, at.y - half), t.to_pixel(at.x + half, at.y + half)
    return Box(x0, y0, x1, y1)


def tile_names(
    tiles: Mapping[str, tuple[int, int, int, int]], th: Theme, t: Transform, placer: Placer
) -> list[Text]:
    """Each tile's name on a halo at the middle of its north edge, or if a flag or a tank
    stands there, at the first spot along its north, then its south edge that is clear."""
    if not tiles:
        return []
    font = max(th.label_min_px * th.zoom, round(th.place_scale * t.scale * 0.7, 1))
    style = Style(fill=th.place_color, stroke=th.halo, width=3.0, font_size=font, bold=True)
    drop = ASCENT * font / t.scale + 0.16  # from the tile's edge to the text's middle
    out: list[Text] = []
    for name, (x0, y0, w, h) in sorted(tiles.items(), key=lambda kv: kv[1][:2]):
        xs = [x0 - 0.5 + w / 2, *(x0 + i for i in range(w))]
        spots = [(x, y0 - 0.5 + drop) for x in xs] + [(x, y0 + h - 0.5 - drop) for x in xs]
        boxes = [text_box_px(*t.to_pixel(x, y), name, style) for x, y in spots]
        found = placer.place(boxes) or boxes[0]
        out.append(box_text(found, name, style, t, f"tile {name}"))
    return out


def tank_title(tank: TankOnSquare) -> str:
    """The hover text: id, type, side, square, facing and (in a match) its state."""
    if isinstance(tank, Tank):
        return f"{tank} [{tank.side}]"
    return (
        f"{tank.id} ({tank.kind}) at ({tank.at.x}, {tank.at.y}) facing "
        f"{FACING_NAMES[tank.facing]} [{tank.side}]"
    )


def tank_counters(
    tanks: Iterable[TankOnSquare], th: Theme, size: float, colors: Mapping[str, str]
) -> list[Primitive]:
    """Each tank inside its square, seen from above in its side's colour (a wreck grey and
    crossed, a damaged tank on a marker square) with its barrel along its facing, and its id
    and the first letter of its type (H, M, L) on a plate in the side's colour under it."""
    prims: list[Primitive] = []
    font = name_font(th, size)
    length = COUNTER_RADIUS / reach(1.0)
    for tank in tanks:
        cx, cy = float(tank.at.x), float(tank.at.y)
        destroyed = isinstance(tank, Tank) and tank.destroyed
        color = WRECK_COLOR if destroyed else colors[tank.side]
        title = tank_title(tank)
        if isinstance(tank, Tank) and tank.damaged:
            marker = Style(fill="#f4f4f4", stroke=th.immobile_color, width=2.5)
            prims.append(
                Polygon(
                    rect(cx - 0.48, cy - 0.48, 0.96, 0.96), marker, f"{tank.id} damaged: can't move"
                )
            )
        centre = (cx, cy + COUNTER_DY)
        v = _direction(tank.facing)
        parts = silhouette_parts(
            centre, v, v, length, color, th.counter_stroke, 1.2,
            least_barrel=1.1 / size, title=title,
        )  # fmt: skip
        prims += [prim for _, prim in parts]
        if destroyed:
            cross = Style(stroke=th.wreck_color, width=2.5, opacity=0.8)
            r = COUNTER_RADIUS * 0.8
            a, b = (cx - r, cy + COUNTER_DY - r), (cx + r, cy + COUNTER_DY + r)
            prims.append(Polyline((a, b), cross, title))
            prims.append(Polyline(((a[0], b[1]), (b[0], a[1])), cross, title))
        prims += id_plate(tank, color, font, th, size, title)
    return prims


def id_plate(
    tank: TankOnSquare, color: str, font: float, th: Theme, size: float, title: str
) -> list[Primitive]:
    """A tank's id and type letter on a plate in its side's colour at the foot of its
    square: a size or two smaller when the square is too small for it, then the id alone,
    then the id shortened."""
    cx, cy = float(tank.at.x), float(tank.at.y)
    room = 0.92 * size - 6.0
    for text in (f"{tank.id} {tank.kind[:1]}", str(tank.id)):
        shrunk, shown = fitted(text, room, font, th.name_min_px)
        if shown == text:
            break
    font, text = shrunk, shown
    width = (text_width(text, font, True) + 6.0) / size
    height = (2 * ASCENT * font + 3.0) / size
    bottom = cy + 0.47
    plate = Style(fill=color, stroke=th.counter_stroke, width=1.0)
    box = rect(cx - width / 2, bottom - height, width, height)
    name = Style(fill=contrast_text(color), font_size=font, bold=True)
    return [Polygon(box, plate, title), Text((cx, bottom - height / 2), text, name, title)]


def tank_entries(
    tanks: Sequence[TankOnSquare], th: Theme, colors: Mapping[str, str]
) -> list[Entry]:
    """Legend entries for the tanks: a counter per side, and wreck and damaged if there are."""
    present = list(dict.fromkeys(t.side for t in tanks))
    entries = [Entry(f"tank: {s}", tank_swatch(colors[s], th.counter_stroke)) for s in present]
    in_match = [t for t in tanks if isinstance(t, Tank)]
    if any(t.destroyed for t in in_match):
        entries.append(Entry("wreck", box_swatch(WRECK_COLOR)))
    if any(t.damaged for t in in_match):
        entries.append(Entry("damaged", line_swatch(Style(stroke=th.immobile_color, width=2.5))))
    return entries


def board_kinds(board: SquareBoard, barricades: Iterable[Square]) -> dict[Square, str]:
    """What each square shows: its feature (open, street, building), or a barricade on it."""
    kinds = {sq: board.feature_name(sq) for sq in board.squares()}
    kinds.update({b: "barricade" for b in barricades})
    return kinds


def board_tiles(board: SquareBoard) -> dict[str, tuple[int, int, int, int]]:
    """Each tile face in the layout: name -> (first column, first row, columns, rows)."""
    w, h = board.tiles.width, board.tiles.depth
    return {
        name: (c * w, r * h, w, h)
        for r, row in enumerate(board.layout)
        for c, name in enumerate(row)
    }


def squareboard_scene(
    board: SquareBoard,
    *,
    size: float = 36.0,
    theme: Theme | str | None = None,
    title: str | None = None,
    legend: bool = False,
    labels: bool = True,
) -> Scene:
    """A Panzer Strike board: its squares by feature, barricades (on squares), tile borders
    and names, coordinates, flags in their owner's colour and the tanks placed on it."""
    return placed_scene(
        board, board.barricades, board.tanks, size=size, theme=theme, title=title,
        legend=legend, labels=labels,
    )  # fmt: skip


def placed_scene(
    board: SquareBoard,
    barricades: Iterable[Square],
    tanks: Sequence[TankOnSquare],
    colors: Mapping[str, str] | None = None,
    *,
    size: float = 36.0,
    theme: Theme | str | None = None,
    title: str | None = None,
    legend: bool = False,
    labels: bool = True,
) -> Scene:
    """The board's picture (squares by kind, tile borders and names, coordinates, flags in
    their owner's colour) with these barricades and tanks; ``colors``: the sides in the game's
    order with the colours its files prefer (:func:`workbench.render.sides.side_colors`)."""
    th = theme_named(theme)
    return square_scene(
        board.width,
        board.depth,
        squares=board_kinds(board, barricades),
        flags=board.flags,
        tanks=tanks,
        tiles=board_tiles(board),
        size=size,
        theme=th,
        title=board.name if title is None else title,
        legend=legend,
        labels=labels,
        sides=tuple(colors or ()),
        colors=colors,
    )


# --- Panzer Strike games: a match, and what the rules found on it ----------------------------


def match_scene(
    match: Match,
    *,
    size: float = 36.0,
    theme: Theme | str | None = None,
    title: str | None = None,
    legend: bool = False,
    labels: bool = True,
) -> Scene:
    """A Panzer Strike match: its board's picture (squares by kind, tile borders and names,
    coordinates, flags in their owner's colour) with the barricades in play, and the tanks
    in their sides' colours with their facing (wrecks grey and crossed, damaged tanks on a
    marker square)."""
    return placed_scene(
        match.board, match.in_play_barricades(), match.tanks, match.colors, size=size,
        theme=theme, title=title, legend=legend, labels=labels,
    )  # fmt: skip


def _tinted(scene: Scene, prims: list[Primitive]) -> Scene:
    """The overlay's shapes added, then the tile names again over them, so a tint does not fade
    them (in the overlays layer too: a live canvas redraws only that layer for a new tint)."""
    names = [p for p in scene.layer(LABELS) if isinstance(p, Text) and p.style.stroke]
    return scene.add(OVERLAYS, [*prims, *names])


STEP_CORNERS = ((1, -1), (-1, -1), (1, 1), (-1, 1))  # NE, NW, SE, SW: where a step count goes


def reach_overlay(
    scene: Scene,
    squares: Mapping[Square, int],
    facings: Mapping[Square, Iterable[int]] | None = None,
) -> Scene:
    """Shade each reachable square with its fewest steps (in its north-east corner, or the
    first other corner clear of a tile name); with ``facings``, a tick from the centre
    towards each facing the tank can end in there."""
    th = scene.theme
    t = scene.transform
    fill = Style(fill=th.reach_fill, opacity=th.reach_opacity, stroke=None)
    font = Style(fill=th.reach_text, font_size=max(8.0, 0.3 * t.scale), bold=True)
    tick = Style(stroke=th.tick_color, width=1.5)
    layout = scene.layout
    names = [p for p in scene.layer(LABELS) if isinstance(p, Text) and p.style.stroke]
    placer = Placer(scene.width, scene.height, [text_box(p, t) for p in names])
    prims: list[Primitive] = []
    for cell, steps in sorted(squares.items()):
        title = f"({cell.x}, {cell.y}): {steps} steps"
        prims.append(Polygon(layout.cell_polygon(cell), fill, title))
        corners = [(cell.x + dx * 0.28, cell.y + dy * 0.28) for dx, dy in STEP_CORNERS]
        boxes = [text_box_px(*t.to_pixel(*c), str(steps), font) for c in corners]
        found = placer.place(boxes) or boxes[0]
        prims.append(box_text(found, str(steps), font, t, title))
        for facing in sorted((facings or {}).get(cell, ())):
            v = _direction(facing)
            start = (cell.x + v[0] * 0.12, cell.y + v[1] * 0.12)
            end = (cell.x + v[0] * 0.36, cell.y + v[1] * 0.36)
            prims.append(Polyline((start, end), tick, f"{title}, can end facing {facing}"))
    return _tinted(scene, prims)


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
    """Shade squares by the armour a shot from them hits: front, side, rear (F, S, R). The
    letters are one batch that gives way to a label placed over it (the odds), and a square
    under a counter shows its shade alone."""
    th = scene.theme
    t = scene.transform
    font = Style(fill="#111111", font_size=max(8.0, 0.28 * t.scale))
    counters = unit_boxes(scene)
    prims: list[Primitive] = []
    at: list[Point] = []
    letters: list[str] = []
    titles: list[str] = []
    for cell, zone in sorted(zones.items()):
        style = Style(fill=th.arc_colors[zone], opacity=th.arc_opacity)
        title = f"a shot from ({cell.x}, {cell.y}) hits the {zone}"
        prims.append(Polygon(scene.layout.cell_polygon(cell), style, title))
        spot, letter = (cell.x - 0.3, cell.y + 0.3), zone[0].upper()
        if not any(text_box_px(*t.to_pixel(*spot), letter, font).overlaps(c) for c in counters):
            at.append(spot)
            letters.append(letter)
            titles.append(title)
    if letters:
        prims.append(Texts(np.array(at, dtype=float), tuple(letters), font, tuple(titles)))
    return _tinted(scene, prims)


def _rim_to_rim(a: Square, b: Square) -> tuple[Point, Point]:
    """The line from square ``a``'s centre to ``b``'s, both ends at the counters' rims (so the
    arrow's head does not cover the target's id)."""
    dx, dy = b.x - a.x, b.y - a.y
    n = math.hypot(dx, dy)
    cut = min(COUNTER_HALF, n / 3) / n if n else 0.0
    return (a.x + dx * cut, a.y + dy * cut), (b.x - dx * cut, b.y - dy * cut)


def trajectory_overlay(scene: Scene, path: Any, label: str = "") -> Scene:
    """The shell's line, the squares it crosses outlined, what blocks it crossed out, and an
    optional label (the odds) in a box by the target."""
    th = scene.theme
    start, end = _rim_to_rim(path.firer, path.target)
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
    scene = scene.add(ANNOTATIONS, prims)
    # the odds in a box by the target, clear of the counters and labels (zone letters give way)
    return label_overlay(scene, {path.target: label}) if label else scene


@scene_of.register
def _board(board: SquareBoard, **options: Any) -> Scene:
    return squareboard_scene(board, **options)


@scene_of.register
def _match(match: Match, **options: Any) -> Scene:
    return match_scene(match, **options)


def scenario_scene(scenario: PanzerStrikeScenario, **options: Any) -> Scene:
    """A scenario as its own values give it (no game is started): its board with the
    barricades its options put in play (the Barricades rule's default where it sets none),
    the flags, and each side's tanks in the side's colour with their facing; ``options`` as
    :func:`placed_scene` takes them."""
    tanks, colors, barricades = scenario_parts(scenario)
    return placed_scene(scenario.board, barricades, tanks, colors, **options)


def scenario_parts(
    scenario: PanzerStrikeScenario,
) -> tuple[list[BoardTank], dict[str, str], tuple[Square, ...]]:
    """A scenario's tanks, its sides' colours in order and the barricades in play."""
    board = scenario.board
    in_play = scenario.options.get("barricades", BARRICADES_DEFAULT) is True
    tanks = [
        BoardTank(t.id, t.kind, side.name, t.at, t.facing)
        for side in scenario.sides
        for t in side.tanks
    ]
    colors = {side.name: side.color for side in scenario.sides}
    return tanks, colors, tuple(board.barricades) if in_play else ()


@scene_of.register
def _scenario(scenario: PanzerStrikeScenario, **options: Any) -> Scene:
    return scenario_scene(scenario, **options)


def odds_scene(result: KillOdds, **options: Any) -> Scene:
    """A shot's odds over the match it was found on: the hit zones about the target, the
    shell's line with what blocks it, and the chance to destroy in a box by the target."""
    if result.state is None:
        raise TypeError("these odds were found without their match: nothing to draw them on")
    match = result.state
    label = f"destroy {result.destroy}"
    if match.options.damage:
        label += f", damage {result.damage}"
    scene = zone_overlay(match_scene(match, **options), hit_zones(match, result.target))
    return trajectory_overlay(scene, result.trajectory, label)


@scene_of.register
def _odds(result: KillOdds, **options: Any) -> Scene:
    return odds_scene(result, **options)


@scene_of.register
def _tank_reach(result: TankReach, **options: Any) -> Scene:
    scene = match_scene(result.state, **options)
    return reach_overlay(scene, result.steps, result.facings)


def board_legend(
    board: SquareBoard,
    barricades: Iterable[Square],
    tanks: Sequence[TankOnSquare],
    colors: Mapping[str, str] | None,
    th: Theme,
) -> list[Entry]:
    """The legend of a board with these barricades and tanks (as :func:`placed_scene`)."""
    kinds = sorted(set(board_kinds(board, barricades).values()))
    owners = side_owners(tuple(colors or ()), tanks, board.flags, colors, th)
    return square_legend(kinds, True, board.flags, tanks, th, owners)


@colors_register
def _board_colors(board: SquareBoard, th: Theme) -> dict[str, str]:
    return side_owners((), board.tanks, board.flags, None, th)


@colors_register
def _match_colors(match: Match, th: Theme) -> dict[str, str]:
    return side_owners(tuple(match.colors), match.tanks, match.board.flags, match.colors, th)


@colors_register
def _scenario_colors(scenario: PanzerStrikeScenario, th: Theme) -> dict[str, str]:
    tanks, colors, _ = scenario_parts(scenario)
    return side_owners(tuple(colors), tanks, scenario.board.flags, colors, th)


@legend_entries.register
def _board_legend(board: SquareBoard, th: Theme, px: float) -> list[Entry]:
    return board_legend(board, board.barricades, board.tanks, None, th)


@legend_entries.register
def _match_legend(match: Match, th: Theme, px: float) -> list[Entry]:
    return board_legend(match.board, match.in_play_barricades(), match.tanks, match.colors, th)


@legend_entries.register
def _scenario_legend(scenario: PanzerStrikeScenario, th: Theme, px: float) -> list[Entry]:
    tanks, colors, barricades = scenario_parts(scenario)
    return board_legend(scenario.board, barricades, tanks, colors, th)


@dice_of.register
def _(action: RollMovement) -> tuple[DieFace, ...]:
    return tuple(DieFace(d, numbered=True, kind="movement (large number)") for d in action.large)


@dice_of.register
def _(action: RollGun) -> tuple[DieFace, ...]:
    return tuple(DieFace(d, numbered=True, kind="firepower (small number)") for d in action.small)
