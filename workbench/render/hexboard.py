"""Hex boards as scenes: a HexMap (terrain, hexsides, places, zones, labels) and hex overlays
(reach, path, line of sight). A game on a hex map draws its pieces over this picture.

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
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, Literal

import numpy as np
import numpy.typing as npt

from workbench.boards.hexmap import HexMap
from workbench.geometry.hexgrid import Hex, HexGrid, direction_angle
from workbench.render import scene_of
from workbench.render.counters import HexRoom, hex_room, number_font
from workbench.render.hex_labels import map_labels, title_gap, widest_number
from workbench.render.legend import (
    Entry,
    Swatch,
    legend_band,
    legend_entries,
    line_swatch,
)
from workbench.render.scene import (
    BOARD,
    EDGES,
    LABELS,
    TERRAIN,
    Circle,
    Point,
    Polygon,
    Polygons,
    Polyline,
    Primitive,
    Scene,
    Segments,
    Style,
    Transform,
)
from workbench.render.symbols import symbol_primitives, terrain_symbol
from workbench.render.themes import Theme, mix, theme_named

__all__ = [
    "HexLayout",
    "arcs_overlay",
    "heatmap_overlay",
    "hexmap_scene",
    "los_overlay",
    "odds_overlay",
    "path_overlay",
    "reach_overlay",
]


@dataclass(frozen=True, eq=False)
class Grounds:
    """The colour each hex is drawn in: ``fills[codes[i]]`` for the i-th hex in the grid's
    order (row by row)."""

    codes: npt.NDArray[np.intp]
    fills: tuple[str, ...]

    def __getitem__(self, index: int) -> str:
        return self.fills[int(self.codes[index])]


@dataclass(frozen=True)
class HexLayout:
    """Hex geometry for a scene, in board units (hex size 1); maps points back to hexes."""

    grid: HexGrid
    cell_units: float = 1.0
    grounds: Grounds | None = field(default=None, compare=False, repr=False)
    """The terrain colour of every hex as drawn (None: not known)."""
    room: HexRoom = field(default=HexRoom(-0.73, 9.0, 0.0, 0.62), compare=False, repr=False)
    """Where a hex's number and its counter go (:func:`workbench.render.counters.hex_room`)."""

    def cell_at(self, x: float, y: float) -> Hex | None:
        h = self.grid.hex_at(x, y, 1.0)
        return h if h in self.grid else None

    def holds(self, cell: Any) -> bool:
        return isinstance(cell, Hex) and cell in self.grid

    def cell_polygon(self, cell: Hex) -> tuple[Point, ...]:
        return tuple(self.grid.corners(cell, 1.0))

    def cell_center(self, cell: Hex) -> Point:
        return self.grid.center(cell, 1.0)

    def direction(self, facing: int) -> Point:
        """Unit vector (x right, y down) towards hexside ``facing``."""
        return _direction(facing % 6, self.grid.orientation)

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
        qr = np.array([(h.q, h.r) for h in cells], dtype=np.intp).reshape(-1, 2)
        return self.board_indices_qr(qr)

    def board_indices_qr(self, qr: npt.NDArray[np.intp]) -> npt.NDArray[np.intp]:
        """:meth:`board_indices` of hexes given as axial (q, r) rows."""
        g = self.grid
        block, step_q, step_r = _offset_steps(g)
        qr = np.asarray(qr, dtype=np.intp).reshape(-1, 2)
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


@lru_cache(maxsize=32)
def _direction(facing: int, orientation: Literal["pointy", "flat"]) -> Point:
    a = math.radians(direction_angle(facing, orientation))
    return (math.sin(a), -math.cos(a))


@lru_cache(maxsize=16)
def _offset_steps(g: HexGrid) -> tuple[npt.NDArray[np.intp], npt.NDArray[np.intp], Any]:
    """Offset coordinates of the 2 x 2 block of axial (q, r) parities, and the steps for two
    more q and two more r: they give the offset of any hex (see ``board_indices``)."""

    def offset(q: int, r: int) -> npt.NDArray[np.intp]:
        return np.array(g.to_offset(Hex(q, r)), dtype=np.intp)

    block = np.array([[offset(q, r) for r in (0, 1)] for q in (0, 1)])  # [q % 2, r % 2]
    return block, offset(2, 0) - block[0, 0], offset(0, 2) - block[0, 0]


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
    legend: bool = False,
    reserved: Sequence[tuple[float, float, float, float]] = (),
) -> Scene:
    """The map as a printed map shows it: terrain colours with a symbol per kind (trees,
    roofs, shaded hills, ridge lines, water; a hatch or a cross for custom types that block
    sight or cannot be entered), roads and rivers as lines, hexside features, zones, a frame
    with the map's title over it, place names and a small number at the top edge of each hex
    (:mod:`workbench.render.hex_labels`), and (``legend``) a legend band under it.

    ``size`` is the hex size in pixels at zoom 1 (the theme's ``zoom`` multiplies it).
    Labels are laid out so that none overlaps another or leaves the picture: place names
    first, then zone names, then hex numbers, which give way (a hex number hidden by a
    label is in the hex's hover title). ``reserved``: boxes in board units (x0, y0, x1, y1)
    that labels keep clear of, such as counters."""
    th = theme_named(theme)
    px = size * th.zoom
    grid = hexmap.grid
    font = number_font(th, px)
    room = hex_room(grid.orientation, px, font, 0.0, False)
    layout = HexLayout(grid, room=room)
    if labels:
        room = hex_room(grid.orientation, px, font, widest_number(layout, font), True)
    pad = px * FRAME_PAD if margin is None else margin
    top = title_gap(th, px) if hexmap.name else 0.0
    w, h = grid.pixel_size(px)
    transform = Transform(px, pad, pad + top)
    width, height = round(w + 2 * pad, 2), round(h + 2 * pad + top, 2)
    layers: dict[str, list[Primitive]] = {BOARD: [], TERRAIN: [], EDGES: [], LABELS: []}
    layers[BOARD] += frame_primitives(w / px, h / px, pad / px, th, hexmap.name)

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
    fills: dict[str, str] = {}
    for i, name in enumerate(kinds):
        index = by_type[name] = np.flatnonzero(terrain == i)
        if not len(index):
            del by_type[name]
            continue
        kind = hexmap.terrain_types[name]
        fill = fills[name] = th.terrain_color(name, kind.color)
        style = Style(fill=fill, stroke=th.grid_stroke, width=th.grid_width_px)
        titles = tuple([f"{names[i]} {name}" for i in index.tolist()])
        layers[TERRAIN].append(Polygons(layout.outlines(centers[index]), style, titles))
    code_fill = [fills.get(name, "") for name in kinds]
    layout = HexLayout(grid, grounds=Grounds(terrain, tuple(code_fill)), room=room)
    if marks:
        for name in sorted(by_type):
            if name in ROAD_WORDS:
                continue
            symbol = terrain_symbol(hexmap.terrain_types[name])
            layers[TERRAIN] += symbol_primitives(
                symbol, centers[by_type[name]], fills[name], th, px=px
            )
        for name in sorted(by_type):
            if name in ROAD_WORDS:
                layers[TERRAIN] += road_primitives(layout, hexmap, name, fills[name], th, px)

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
        outline, _ = _hexside_styles(th, "#ffffff")
        layers[EDGES].append(Segments(ends, outline, tuple(side_titles)))
        for name in sorted({f.name for f in features}):
            chosen = [i for i, f in enumerate(features) if f.name == name]
            _, line = _hexside_styles(th, features[chosen[0]].color)
            layers[EDGES].append(
                Segments(ends[chosen], line, tuple(side_titles[i] for i in chosen))
            )

    # Zones: each zone's outer boundary, dashed in the zone's colour.
    for i, zone_name in enumerate(sorted(hexmap.zones)):
        for loop in zone_outline(layout, hexmap.zones[zone_name]):
            layers[EDGES].append(Polyline(loop, _zone_style(th, i), f"zone {zone_name}"))

    layers[LABELS] += map_labels(
        hexmap,
        layout,
        transform,
        (width, height),
        th,
        room,
        numbers=labels,
        reserved=reserved,
        by_type=by_type,
        fills=fills,
    )
    scene = Scene(
        width=width,
        height=height,
        transform=transform,
        layers={k: tuple(v) for k, v in layers.items()},
        layout=layout,
        theme=th,
        title=hexmap.name,
    )
    if legend:
        scene = legend_band(scene, map_legend(hexmap, sorted(by_type), th, px))
    return scene


FRAME_PAD = 0.35
"""The margin round the hexes, in hex sizes: the frame runs in it, as round a printed map."""


def frame_primitives(w: float, h: float, pad: float, th: Theme, title: str = "") -> list[Primitive]:
    """A printed map's frame round hexes ``w`` x ``h`` board units: the paper inside it and a
    thick line, a thin one inside that."""
    out = pad * 0.55
    inner = pad * 0.3
    paper = Style(fill=mix(th.board_fill, "#ffffff", 0.55), stroke=th.frame_color, width=3.0)
    thin = Style(stroke=th.frame_color, width=1.0)
    return [
        Polygon(_rect(-out, -out, w + out, h + out), paper, title),
        Polygon(_rect(-inner, -inner, w + inner, h + inner), thin),
    ]


def _rect(x0: float, y0: float, x1: float, y1: float) -> tuple[Point, ...]:
    return ((x0, y0), (x1, y0), (x1, y1), (x0, y1))


ROAD_WORDS = frozenset({"road", "street", "track"})
"""Terrain types drawn as a line through their hexes (joined to neighbouring hexes of the type
and, at the map's edge, running off it) as well as their colour: roads. (A river is a hex of
water, drawn with waves, as the printed maps colour their river hexes.)"""


def _hexside_styles(th: Theme, color: str) -> tuple[Style, Style]:
    width = th.hexside_width_px * th.zoom
    outline = Style(stroke=th.hexside_outline, width=width + 2.0 * th.grid_width_px + 1.0)
    return outline, Style(stroke=color, width=width)


def _zone_style(th: Theme, i: int) -> Style:
    color = th.zone_colors[i % len(th.zone_colors)]
    return Style(stroke=color, width=th.zone_width_px * th.zoom, dash=th.zone_dash_px)


def road_primitives(
    layout: HexLayout, hexmap: HexMap, name: str, fill: str, th: Theme, px: float
) -> list[Primitive]:
    """A road through its hexes: centre to centre between neighbouring road hexes, and from a
    road hex at the map's edge off the edge, drawn as a light band in a dark casing."""
    grid = layout.grid
    cells = [c for c, t in hexmap.terrain.items() if t == name]
    inside = layout.board_indices(cells) >= 0
    cells = [c for c, ok in zip(cells, inside.tolist(), strict=True) if ok]
    if not cells:
        return []
    centres = layout.centers(cells)
    steps = layout.directions() * math.sqrt(3.0)  # to the centre of the neighbour
    qr = np.array([(c.q, c.r) for c in cells], dtype=np.intp)
    deltas = np.array([(n.q, n.r) for n in (Hex(0, 0).neighbor(d) for d in range(6))])
    on_road = np.zeros(len(grid) + 1, dtype=bool)  # the last entry: off the grid
    on_road[layout.board_indices_qr(qr)] = True
    on_road[-1] = False
    neighbours = np.stack([layout.board_indices_qr(qr + deltas[d]) for d in range(6)], axis=1)
    joined = on_road[neighbours]  # (cells, 6); -1 (off the grid) reads the last entry
    blocks = [
        np.stack([centres[joined[:, d]], centres[joined[:, d]] + steps[d]], axis=1)
        for d in range(3)  # each pair once
        if joined[:, d].any()
    ]
    alone = ~joined.any(axis=1)
    at_edge = (neighbours < 0).any(axis=1)
    middle = np.array(grid.pixel_size(1.0)) / 2
    for i in np.flatnonzero(alone & at_edge).tolist():  # a road entry runs off the edge
        c = (float(centres[i, 0]), float(centres[i, 1]))
        off = [d for d in range(6) if neighbours[i, d] < 0]
        away = (c[0] - middle[0], c[1] - middle[1])
        d = max(off, key=lambda d: _dot(layout.direction(d), away))
        blocks.append(np.array([[c, _toward(c, layout.direction(d), 1.0)]]))
    lone = centres[alone & ~at_edge]  # a road hex on its own: a stretch of road across it
    if len(lone):
        across = np.array([[-0.86, 0.0], [0.86, 0.0]])
        blocks.append(lone[:, None, :] + across[None])
    casing, band = road_styles(fill, px, name)
    ends = np.concatenate(blocks)
    return [Segments(ends, casing), Segments(ends, band)]


def _dot(a: Point, b: Point) -> float:
    return a[0] * b[0] + a[1] * b[1]


def road_styles(fill: str, px: float, name: str = "road") -> tuple[Style, Style]:
    """A road's dark casing and light band (a river's: narrower, its water darker)."""
    if name in ("river", "stream"):
        return (
            Style(stroke=mix(fill, "#000000", 0.6), width=max(3.0, px * 0.22)),
            Style(stroke=mix(fill, "#000000", 0.25), width=max(1.5, px * 0.12)),
        )
    return (
        Style(stroke=mix(fill, "#000000", 0.55), width=max(4.0, px * 0.3)),
        Style(stroke=mix(fill, "#ffffff", 0.45), width=max(2.0, px * 0.2)),
    )


def map_legend(hexmap: HexMap, used: Sequence[str], th: Theme, px: float) -> list[Entry]:
    """Legend entries for the terrain types used (with what each does in a few words), the
    hexside features, the zones and the places of a map."""
    entries: list[Entry] = []
    for name in used:
        kind = hexmap.terrain_types[name]
        fill = th.terrain_color(name, kind.color)
        notes = terrain_notes(kind)
        text = f"{name} ({', '.join(notes)})" if notes else name
        entries.append(
            Entry(
                text,
                _hex_swatch(
                    fill,
                    None if name in ROAD_WORDS else terrain_symbol(kind),
                    th,
                    road=name if name in ROAD_WORDS else "",
                ),
            )
        )
    for name in sorted(set(hexmap.hexsides.values())):
        feature = hexmap.hexside_types[name]
        outline, line = _hexside_styles(th, feature.color)
        entries.append(Entry(f"{name} hexside", line_swatch(line, outline)))
    for i, zone_name in enumerate(sorted(hexmap.zones)):
        entries.append(Entry(zone_name, line_swatch(_zone_style(th, i))))
    if hexmap.places:
        entries.append(Entry("named place", _dot_swatch(th.place_color)))
    return entries


def terrain_notes(kind: Any) -> list[str]:
    """What a terrain type does, in a few words each (from its rules' values).

    >>> from workbench.boards.terrain import panzer_vor_types
    >>> terrain_notes(panzer_vor_types()[0]["alley"])
    ['only Ōarai may enter', 'fires only at adjacent hexes']
    """
    notes = []
    if not kind.enterable:
        notes.append("no entry")
    elif kind.deployment_only:
        notes.append("entered at set-up only")
    if kind.may_enter:
        notes.append(f"only {' and '.join(kind.may_enter)} may enter")
    if kind.enterable and kind.mp_enter != 1:
        notes.append(f"{kind.mp_enter} MP")
    if kind.blocks_los:
        notes.append("blocks sight")
    if kind.fire_adjacent_only:
        notes.append("fires only at adjacent hexes")
    if kind.attack_modifier:
        notes.append(f"attack {kind.attack_modifier:+d}")
    if kind.removes_smoke:
        notes.append("clears smoke")
    return notes


def _hex_swatch(fill: str, symbol: str | None, th: Theme, road: str = "") -> Swatch:
    def draw(scene: Scene, x: float, y: float, size: float) -> list[Primitive]:
        t = scene.transform
        unit = size / 2 / t.scale
        c = np.array([t.to_board(x, y)])
        outline = (
            c[:, None, :]
            + np.array(
                [
                    (math.cos(math.radians(a)), math.sin(math.radians(a)))
                    for a in range(-90, 270, 60)
                ]
            )[None]
            * unit
        )
        out: list[Primitive] = [
            Polygons(outline, Style(fill=fill, stroke=th.grid_stroke, width=th.grid_width_px))
        ]
        if road:
            casing, band = road_styles(fill, size, road)
            ends = np.array([[c[0] - (unit * 0.9, 0), c[0] + (unit * 0.9, 0)]])
            out += [Segments(ends, casing), Segments(ends, band)]
        out += symbol_primitives(symbol, c, fill, th, unit=unit, px=t.scale)
        return out

    return draw


def _dot_swatch(color: str) -> Swatch:
    def draw(scene: Scene, x: float, y: float, size: float) -> list[Primitive]:
        return [
            Circle(
                scene.transform.to_board(x, y),
                size * 0.2 / scene.transform.scale,
                Style(fill=color),
            )
        ]

    return draw


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


def used_terrain(hexmap: HexMap) -> list[str]:
    """The terrain types a map's hexes have (its default among them where a hex has none)."""
    used = set(hexmap.terrain.values())
    if len(hexmap.terrain) < len(hexmap.grid):
        used.add(hexmap.default_terrain)
    return sorted(used)


@scene_of.register
def _hexmap(hexmap: HexMap, **options: Any) -> Scene:
    return hexmap_scene(hexmap, **options)


@legend_entries.register
def _hexmap_legend(hexmap: HexMap, th: Theme, px: float) -> list[Entry]:
    return map_legend(hexmap, used_terrain(hexmap), th, px)


# The overlays of hex boards live in hex_overlays; imported here, where they always were.
from workbench.render.hex_overlays import (  # noqa: E402
    arcs_overlay,
    heatmap_overlay,
    los_overlay,
    odds_overlay,
    path_overlay,
    reach_overlay,
)
