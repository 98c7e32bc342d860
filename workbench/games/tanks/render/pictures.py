"""TANKS open tables as scenes, at true scale: board units are centimetres, ``px_per_cm``
pixels each. Terrain pieces, deployment areas, objective tokens, tanks as hull rectangles with
a turret, and the Measuring Arrow template laid where it is given.

Tanks are drawn from a :class:`TankDrawing` (hull, name, side, colour, wrecked, turret);
:func:`tank_drawing` makes one from a table's ``TableTank``, a played ``TankPiece`` or a bare
``Hull``.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from functools import singledispatch
from itertools import product
from typing import Any

from workbench.errors import ArgumentError
from workbench.games.tanks.boards.table import TANKS_TERRAIN, MeasuringArrow, Table, TableTank
from workbench.games.tanks.rules.state import TankPiece
from workbench.geometry.table import Hull
from workbench.render import scene_of
from workbench.render.labels import Box, Placer, text_box
from workbench.render.legend import Entry, box_swatch, legend_band, legend_entries
from workbench.render.pieces import (
    area_label,
    piece_label,
    piece_symbols,
    square_swatch,
    tank_swatch,
)
from workbench.render.placing import short_name
from workbench.render.scene import (
    ANNOTATIONS,
    BOARD,
    EDGES,
    LABELS,
    TERRAIN,
    UNITS,
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
from workbench.render.sides import SIDE_PALETTE, WRECK_COLOR, colors_register, side_colors, themed
from workbench.render.silhouettes import silhouette_parts
from workbench.render.themes import Theme, readable, theme_named

TABLE_FELT = "#cdd6a8"
CM_PER_SIZE = 4.0
"""The centimetres a ``size`` (the cell size of the other boards) stands for on a table."""
OBJECTIVE_RADIUS_CM = 2.0  # token size is not given in the rulebook text: a drawing choice


@dataclass(frozen=True)
class TankDrawing:
    """What the picture needs of one tank: its hull, name and side, a colour (None: the
    side's), whether it is wrecked (drawn grey), the turret's heading (None: the hull's) and
    whether it has a turret (an Assault Gun has a casemate)."""

    hull: Hull
    id: str = ""
    side: str = ""
    color: str | None = None
    wrecked: bool = False
    turret_heading: float | None = None
    turreted: bool = True


@singledispatch
def tank_drawing(tank: object) -> TankDrawing:
    """The drawing of a tank on the table (a ``TableTank``, ``TankPiece``, ``Hull`` or a
    ``TankDrawing`` as it is)."""
    raise ArgumentError("tanks", tank, "TableTank, TankPiece, Hull or TankDrawing values")


@tank_drawing.register
def _(tank: TankDrawing) -> TankDrawing:
    return tank


@tank_drawing.register
def _(tank: Hull) -> TankDrawing:
    return TankDrawing(tank)


@tank_drawing.register
def _(tank: TableTank) -> TankDrawing:
    return TankDrawing(tank.hull, tank.id, tank.side)


@tank_drawing.register
def _(tank: TankPiece) -> TankDrawing:
    return TankDrawing(
        tank.hull, tank.id, tank.side, wrecked=tank.destroyed, turreted=not tank.has("Assault Gun")
    )


@dataclass(frozen=True)
class TableLayout:
    """Table geometry for a scene. Clicks map to table points ``(x, y)`` in cm (rounded to
    0.1 mm); heatmaps use square cells ``(col, row)`` of ``cell_units`` cm."""

    width: float
    depth: float
    cell_units: float = 5.0

    def cell_at(self, x: float, y: float) -> tuple[float, float] | None:
        if 0 <= x <= self.width and 0 <= y <= self.depth:
            return (round(x, 2), round(y, 2))
        return None

    def holds(self, cell: Any) -> bool:
        """A heatmap cell ``(col, row)`` on the table (a table has no cells of its own)."""
        if not (isinstance(cell, tuple) and len(cell) == 2):
            return False
        col, row = cell
        whole = isinstance(col, int) and isinstance(row, int)
        inside = whole and 0 <= col * self.cell_units < self.width
        return inside and 0 <= row * self.cell_units < self.depth

    def cell_polygon(self, cell: tuple[int, int]) -> tuple[Point, ...]:
        c, s = cell, self.cell_units
        x0, y0 = c[0] * s, c[1] * s
        x1, y1 = min(x0 + s, self.width), min(y0 + s, self.depth)
        return ((x0, y0), (x1, y0), (x1, y1), (x0, y1))

    def cell_center(self, cell: Any) -> Point:
        if isinstance(cell[0], int) and isinstance(cell[1], int):
            s = self.cell_units
            return ((cell[0] + 0.5) * s, (cell[1] + 0.5) * s)
        return (float(cell[0]), float(cell[1]))

    def cells(self) -> list[tuple[int, int]]:
        """Every heatmap cell, row by row."""
        cols = math.ceil(self.width / self.cell_units)
        rows = math.ceil(self.depth / self.cell_units)
        return [(c, r) for r in range(rows) for c in range(cols)]


def _rings(polygon: Any) -> tuple[tuple[Point, ...], list[tuple[Point, ...]]]:
    outer = tuple((float(x), float(y)) for x, y in list(polygon.exterior.coords)[:-1])
    holes = [tuple((float(x), float(y)) for x, y in list(r.coords)[:-1]) for r in polygon.interiors]
    return outer, holes


def _direction(heading: float) -> Point:
    a = math.radians(heading)
    return (math.sin(a), -math.cos(a))


def table_scene(
    table: Table,
    *,
    tanks: Iterable[Any] = (),
    px_per_cm: float = 7.0,
    theme: Theme | str | None = None,
    arrow: tuple[Point, float] | None = None,
    grid_cm: float | None = 10.0,
    cell_cm: float = 5.0,
    margin: float = 12.0,
    legend: bool = False,
    roles: Mapping[str, str] | None = None,
    size: float | None = None,
    tokens: Iterable[Token] | None = None,
) -> Scene:
    """A TANKS table: ``arrow`` lays the Measuring Arrow from a point along a heading;
    ``grid_cm`` draws faint ruler lines every so many centimetres (None: none); ``legend``
    adds a legend band of the terrain kinds and deployment areas. A deployment area is shaded
    in its side's colour: the side it names, or the side ``roles`` gives for it (``{"Attacker":
    "German", ...}``). ``tokens`` are the objective tokens drawn (None: the table's own; a
    battle's are its mission's); every name keeps clear of them and of the tanks."""
    th = theme_named(theme)
    px_per_cm = (px_per_cm if size is None else size / CM_PER_SIZE) * th.zoom
    drawn = tuple(tank_drawing(t) for t in tanks)
    zone_colors = deployment_colors(table, drawn, th, roles or {})
    kinds = _terrain_kinds()
    layout = TableLayout(float(table.width), float(table.depth), cell_cm)
    transform = Transform(px_per_cm, margin, margin)
    w, d = layout.width, layout.depth
    surface = ((0.0, 0.0), (w, 0.0), (w, d), (0.0, d))
    board: list[Primitive] = [
        Polygon(
            surface,
            Style(fill=th.terrain_color("table", TABLE_FELT), stroke="#333333", width=2.0),
            table.name,
        )
    ]
    if grid_cm:
        faint = Style(stroke="#000000", width=0.6, opacity=0.15)
        x = grid_cm
        while x < w:
            board.append(Polyline(((x, 0.0), (x, d)), faint))
            x += grid_cm
        y = grid_cm
        while y < d:
            board.append(Polyline(((0.0, y), (w, y)), faint))
            y += grid_cm
    # the words are placed on the table in its own pixels, each where it collides with
    # nothing placed before: the tanks and tokens first, then the pieces' names, the tanks'
    # and the deployment areas'
    table_px = Transform(px_per_cm)
    font = max(th.name_min_px, th.place_scale * 3.0 * px_per_cm)
    units = token_primitives(table_tokens(table) if tokens is None else tokens, th, px_per_cm)
    things = [tank_box(tank, table_px) for tank in drawn]
    things += [text_box(p, table_px) for p in units if isinstance(p, Text)]
    things += [circle_box(p, table_px) for p in units if isinstance(p, Circle)]
    placer = Placer(w * px_per_cm, d * px_per_cm, things)
    pieces = [_px_box(p.polygon.bounds, table_px) for p in table.pieces]
    terrain: list[Primitive] = []
    labels: list[Primitive] = []
    for i, piece in enumerate(table.pieces):
        kind = kinds.get(piece.kind)
        color = th.terrain_color(piece.kind, getattr(kind, "color", "#999999"))
        outer, holes = _rings(piece.polygon)
        terrain.append(
            Polygon(
                outer,
                Style(fill=color, stroke="#222222", width=1.5),
                f"{piece.name} ({piece.kind})",
            )
        )
        for hole in holes:
            terrain.append(Polygon(hole, Style(fill=TABLE_FELT, stroke="#222222", width=1.0)))
        others = pieces[:i] + pieces[i + 1 :]
        named = piece_label(piece, color, font, placer, table_px, others)
        labels += named
        terrain += piece_symbols(piece, color, th, px_per_cm, named)
    edges: list[Primitive] = []
    for deployment in table.deployments:
        color = zone_colors[deployment.side]
        area = table.deployment_area(deployment.side)
        outer, _ = _rings(area)
        edges.append(
            Polygon(
                outer,
                Style(
                    fill=color,
                    stroke=color,
                    width=th.zone_width_px,
                    dash=th.zone_dash_px,
                    opacity=0.25,
                ),
                f"deployment: {deployment.side}",
            )
        )
    units += tank_primitives(drawn, th, px_per_cm, table=(w, d), placer=placer)
    for deployment in table.deployments:  # the areas' names last: each has room to spare
        ink = readable(zone_colors[deployment.side], th.halo)
        style = Style(fill=ink, stroke=th.halo, width=3.0, font_size=font, bold=True)
        area = table.deployment_area(deployment.side)
        named_area = area_label(area, deployment.side, style, placer, table_px)
        labels += [named_area] if named_area is not None else []
    scene = Scene(
        width=round(w * px_per_cm + 2 * margin, 2),
        height=round(d * px_per_cm + 2 * margin, 2),
        transform=transform,
        layers={
            BOARD: tuple(board),
            TERRAIN: tuple(terrain),
            EDGES: tuple(edges),
            LABELS: tuple(labels),
            UNITS: tuple(units),
        },
        layout=layout,
        theme=th,
        title=table.name,
    )
    if arrow is not None:
        scene = measuring_arrow_overlay(scene, table.arrow, *arrow)
    if legend:
        scene = legend_band(scene, table_legend(table, drawn, th, zone_colors))
    return scene


@dataclass(frozen=True)
class Token:
    """An objective token to draw: its centre (cm), hover title, the letters on it and its
    colour (None: the theme's flag colour)."""

    at: Point
    title: str
    letters: str
    fill: str | None = None


def table_tokens(table: Table) -> list[Token]:
    """The tokens of a table's own objectives, each lettered with its name's first three."""
    return [
        Token((float(o.at[0]), float(o.at[1])), f"objective {o.name}", o.name[:3])
        for o in table.objectives
    ]


def token_primitives(tokens: Iterable[Token], th: Theme, px_per_cm: float) -> list[Primitive]:
    """Each token: a disc with its letters, both titled with the token (its letters belong
    to it)."""
    out: list[Primitive] = []
    font = max(th.name_min_px, 1.4 * px_per_cm)
    letters = Style(fill="#111111", font_size=font, bold=True)
    for token in tokens:
        disc = Style(fill=token.fill or th.flag_color, stroke="#222222", width=1.5)
        out.append(Circle(token.at, OBJECTIVE_RADIUS_CM, disc, token.title))
        out.append(Text(token.at, token.letters, letters, token.title))
    return out


def tank_box(tank: TankDrawing, t: Transform) -> Box:
    """The pixel box round a tank's hull and its gun."""
    return _px_points(_tank_points(tank), t)


def circle_box(circle: Circle, t: Transform) -> Box:
    """The pixel box round a circle."""
    (x, y), r = t.to_pixel(*circle.center), circle.radius * t.scale
    return Box(x - r, y - r, x + r, y + r)


def _tank_points(tank: TankDrawing) -> tuple[Point, ...]:
    """A tank's hull corners and its gun's end (board units)."""
    hull = tank.hull
    heading = hull.heading if tank.turret_heading is None else tank.turret_heading
    v = _direction(heading)
    tx, ty = (float(c) for c in hull.turret)
    gun_end = (tx + v[0] * GUN_LENGTH * hull.length, ty + v[1] * GUN_LENGTH * hull.length)
    return (*((float(x), float(y)) for x, y in hull.corners()), gun_end)


def _px_points(points: Sequence[Point], t: Transform) -> Box:
    xs, ys = [x for x, _ in points], [y for _, y in points]
    return _px_box((min(xs), min(ys), max(xs), max(ys)), t)


def _px_box(bounds: Sequence[float], t: Transform) -> Box:
    (x0, y0), (x1, y1) = t.to_pixel(bounds[0], bounds[1]), t.to_pixel(bounds[2], bounds[3])
    return Box(x0, y0, x1, y1)


def deployment_colors(
    table: Table, drawn: Sequence[TankDrawing], th: Theme, roles: Mapping[str, str]
) -> dict[str, str]:
    """Each deployment area's colour: its side's (the side it names or plays as), else a zone
    colour."""
    colors = table_colors([t.side for t in drawn] or [d.side for d in table.deployments], th)
    out = {}
    for i, deployment in enumerate(table.deployments):
        side = roles.get(deployment.side, deployment.side)
        out[deployment.side] = colors.get(side, th.zone_colors[i % len(th.zone_colors)])
    return out


def table_legend(
    table: Table, drawn: Sequence[TankDrawing], th: Theme, zone_colors: Mapping[str, str]
) -> list[Entry]:
    """The legend of a table: its terrain kinds (colour and symbol), deployment areas, the
    sides' tanks and wrecks."""
    kinds = _terrain_kinds()
    used = sorted({p.kind for p in table.pieces})
    entries = [
        Entry(
            k, square_swatch(k, th.terrain_color(k, getattr(kinds.get(k), "color", "#999999")), th)
        )
        for k in used
    ]
    for deployment in table.deployments:
        color = zone_colors[deployment.side]
        entries.append(Entry(f"deployment: {deployment.side}", box_swatch(color, opacity=0.4)))
    colors = table_side_colors(drawn, th)
    entries += [
        Entry(f"tank: {side}", tank_swatch(color, th.counter_stroke))
        for side, color in colors.items()
    ]
    if any(t.wrecked for t in drawn):
        entries.append(Entry("wreck", box_swatch(WRECK_COLOR)))
    return entries


def _terrain_kinds() -> Mapping[str, Any]:
    return TANKS_TERRAIN


def table_side_colors(drawn: Sequence[TankDrawing], th: Theme) -> dict[str, str]:
    """Each side's colour on a TANKS table: the sides by name (so a nation keeps its colour on
    every table), from the side palette (:func:`workbench.render.sides.side_colors`)."""
    return table_colors([t.side for t in drawn], th)


def table_colors(sides: Iterable[str], th: Theme) -> dict[str, str]:
    """The colours of these sides on a TANKS table, the sides in the order of their names."""
    ordered = tuple(sorted({side for side in sides if side}))
    ground = th.terrain_color("table", TABLE_FELT)
    return themed(th.side_colors, side_colors(ordered, None, ground))


def tank_primitives(
    tanks: Iterable[Any],
    th: Theme,
    px_per_cm: float,
    table: Point | None = None,
    placer: Placer | None = None,
) -> list[Primitive]:
    """Each tank seen from above at its true size, in its side's colour (each side its own,
    :func:`table_side_colors`), with the turret and its gun, and the tank's whole name beside
    the hull (a hull is too small to hold one): below it, else above or beside it, where it
    collides with nothing ``placer`` has taken (in the table's pixels; by default the tanks
    on a ``table`` of (width, depth) cm), else its short name there; none where nothing is
    clear (the hull's hover title names it)."""
    prims: list[Primitive] = []
    drawn = [tank_drawing(t) for t in tanks]
    t = Transform(px_per_cm)
    if placer is None:
        size = (math.inf, math.inf) if table is None else t.to_pixel(*table)
        placer = Placer(*size, [tank_box(tank, t) for tank in drawn])
    names: list[Primitive] = []
    colors = table_side_colors(drawn, th)
    font = max(th.name_min_px, 1.6 * px_per_cm)
    for n, tank in enumerate(drawn):
        hull = tank.hull
        ident = tank.id or f"tank {n + 1}"
        side = tank.side
        color = tank.color or colors.get(side, SIDE_PALETTE[n % 2])
        if tank.wrecked:
            color = WRECK_COLOR
        title = (
            f"{ident} {side}".strip()
            + f" at ({hull.centre[0]:g}, {hull.centre[1]:g}) cm, heading {hull.heading:g}°"
        )
        heading = hull.heading if tank.turret_heading is None else tank.turret_heading
        parts = silhouette_parts(
            (float(hull.centre[0]), float(hull.centre[1])),
            _direction(hull.heading),
            _direction(heading),
            float(hull.length),
            color,
            th.counter_stroke,
            1.2,
            width=float(hull.width),
            turreted=tank.turreted,
            turret_at=(float(hull.turret[0]), float(hull.turret[1])),
            barrel=GUN_LENGTH,
            least_barrel=1.1 / px_per_cm,
            title=title,
        )
        prims += [prim for _, prim in parts]
        if tank.wrecked:
            cross = Style(stroke=th.wreck_color, width=2.5, opacity=0.85)
            ends = [(float(x), float(y)) for x, y in hull.corners()]
            prims.append(Polyline((ends[0], ends[2]), cross, title))
            prims.append(Polyline((ends[1], ends[3]), cross, title))
        style = Style(
            fill=readable(color, th.halo), stroke=th.halo, width=3.0, font_size=font, bold=True
        )
        spots = _name_spots(_tank_points(tank), font / px_per_cm)
        for name in dict.fromkeys((ident, short_name(ident))):
            text = _first_clear(spots, name, style, title, t, placer)
            if text is not None:
                names.append(text)
                break
    return prims + names  # names over every hull


GUN_LENGTH = 0.75
"""A tank's gun from its turret, in hull lengths (a drawing choice: the hull sizes are the
rulebook's footprint, the gun is not)."""


def _name_spots(points: Sequence[Point], line: float) -> list[Point]:
    """Where a tank's name may go, best first: below, above, right of, left of its hull
    (``points``: the hull's corners and the gun's end; ``line``: a line's height in cm)."""
    xs, ys = [x for x, _ in points], [y for _, y in points]
    cx, cy = (min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2
    gap = 0.8 * line
    return [
        (cx, max(ys) + gap),
        (cx, min(ys) - gap),
        (max(xs) + gap, cy),
        (min(xs) - gap, cy),
        (cx, max(ys) + gap + line),
        (cx, min(ys) - gap - line),
        (min(xs) - gap, cy - line),
        (min(xs) - gap, cy + line),
        (max(xs) + gap, cy - line),
        (max(xs) + gap, cy + line),
        (cx, min(ys) - gap - 2 * line),
        (cx, max(ys) + gap + 2 * line),
    ]


def _first_clear(
    spots: Sequence[Point], name: str, style: Style, title: str, t: Transform, placer: Placer
) -> Text | None:
    """The name at the first spot whose box is free in ``placer`` (taken), else None; where
    none is, those that leave the table are slid back along the hull's side (sideways under
    or over it, up or down beside it) and tried again in turn."""
    texts = []
    for x, y in spots:
        beside = x != spots[0][0]  # beside the hull: the text starts (or ends) there
        aligned = replace(style, anchor="start" if x > spots[0][0] else "end") if beside else style
        texts.append((Text((x, y), name, aligned, title), beside))
    for slide, (text, beside) in product((False, True), texts):
        box = text_box(text, t)
        moved = placer.inside(box) if slide else box
        dx, dy = (0.0, moved.y0 - box.y0) if beside else (moved.x0 - box.x0, 0.0)
        if placer.free(box.shifted(dx, dy)):
            placer.take(box.shifted(dx, dy))
            x, y = text.at
            return replace(text, at=(x + dx / t.scale, y + dy / t.scale))
    return None


def measuring_arrow_overlay(
    scene: Scene, arrow: MeasuringArrow, start: Point, heading: float
) -> Scene:
    """The Measuring Arrow template laid from ``start`` (the tail's end) along ``heading``,
    with its length written beside it."""
    th = scene.theme if isinstance(scene.theme, Theme) else theme_named(None)
    outer, _ = _rings(arrow.polygon(start, heading))
    style = Style(fill="#ffffff", stroke=th.path_color, width=2.0, opacity=0.8)
    title = f"Measuring Arrow, {arrow.length:g} cm" + (f" ({arrow.source})" if arrow.source else "")
    v = _direction(heading)
    mid = (
        start[0] + v[0] * arrow.length / 2 - v[1] * arrow.head_width,
        start[1] + v[1] * arrow.length / 2 + v[0] * arrow.head_width,
    )
    text = Text(
        mid,
        f"{arrow.length:g} cm",
        Style(
            fill=th.path_color, stroke="#ffffff", width=3.0, font_size=th.legend_font_px, bold=True
        ),
    )
    return scene.add(ANNOTATIONS, [Polygon(outer, style, title), text])


@scene_of.register
def _board(board: Table, **options: Any) -> Scene:
    return table_scene(board, **options)


@colors_register
def _table_colors(table: Table, th: Theme) -> dict[str, str]:
    sides = [t.side for t in table.tanks] or [d.side for d in table.deployments]
    return table_colors(sides, th)


@legend_entries.register
def _table_legend(table: Table, th: Theme, px: float) -> list[Entry]:
    return table_legend(table, (), th, deployment_colors(table, (), th, {}))
