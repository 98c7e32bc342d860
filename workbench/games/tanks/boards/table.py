"""An open table (TANKS: Panther vs Sherman): terrain pieces as polygons, objective tokens,
deployment edges or corners, and the Measuring Arrow that every distance is taken with.

Centimetres, x to the right, y down, ``(0, 0)`` the table's top-left (north-west) corner.
Immutable: the ``with_*`` methods return a new table. The Measuring Arrow's measurements are
not in the rulebook text, so :class:`MeasuringArrow` ships labelled
stand-in values a user replaces with their own arrow's.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from types import MappingProxyType

import numpy as np
from shapely.geometry import Point, Polygon
from shapely.geometry.base import BaseGeometry

from workbench.boards.problems import Problem
from workbench.boards.values import FileValue, Pictured
from workbench.errors import ArgumentError, UnknownName, WorkbenchError
from workbench.geometry.table import (
    XY,
    ArrowShape,
    Hull,
    arrow_polygon,
    gaps_to_edges,
    hidden_area,
    lines_clear,
    outside,
    overlapping_pairs,
    pairs_within,
    polygon_from_rings,
    polygon_problem,
    rectangle,
    rings_of,
)

STAND_IN = "stand-in"
EDGES = ("north", "east", "south", "west")
CORNERS = ("north-east", "south-east", "south-west", "north-west")


@dataclass(frozen=True)
class TerrainKind:
    """What a kind of terrain piece does (TANKS rulebook, Terrain).

    ``cover_inside``: a tank completely within the piece, and anything it shoots at, is in
    Cover (Woods).
    """

    name: str
    blocks_los: bool
    gives_cover: bool
    impassable: bool
    cover_inside: bool = False
    rule: str = ""
    color: str = "#999999"


TANKS_TERRAIN: Mapping[str, TerrainKind] = MappingProxyType(
    {
        "building": TerrainKind(
            "building",
            blocks_los=True,
            gives_cover=True,
            impassable=True,
            rule="rulebook: Terrain: Buildings",
            color="#b5835a",
        ),
        "woods": TerrainKind(
            "woods",
            blocks_los=True,
            gives_cover=True,
            impassable=False,
            cover_inside=True,
            rule="rulebook: Terrain: Woods",
            color="#4f8a3c",
        ),
        "destroyed-tank": TerrainKind(
            "destroyed-tank",
            blocks_los=True,
            gives_cover=True,
            impassable=True,
            rule="rulebook: Terrain: Destroyed Tanks; Command Phase: Destroy Tanks",
            color="#444444",
        ),
    }
)
SET_UP_KINDS = ("woods", "building")  # the pieces placed in Table Setup


MAX_ARROW_CM = 1000  # no arrow is longer than the largest table (maps/README.md: limits)


@dataclass(frozen=True)
class MeasuringArrow:
    """The Measuring Arrow's measurements in cm. The defaults are STAND-INS: the rulebook
    text gives no size; measure your own arrow and set ``source``."""

    length: float = 15.0
    tail_length: float = 10.0
    tail_width: float = 2.5
    head_width: float = 5.0
    source: str = STAND_IN

    def __post_init__(self) -> None:
        for name in ("length", "tail_length", "tail_width", "head_width"):
            value = getattr(self, name)
            real = isinstance(value, int | float) and not isinstance(value, bool)
            if not real or not 0 < value <= MAX_ARROW_CM:  # NaN fails too
                raise ArgumentError(
                    f"measuring_arrow.{name}", value, f"a length in cm, more than 0 and at most "
                    f"{MAX_ARROW_CM} (the largest table's side)",
                )  # fmt: skip
        self.shape  # noqa: B018  (checks the measurements fit together)

    @property
    def shape(self) -> ArrowShape:
        return ArrowShape(self.length, self.tail_length, self.tail_width, self.head_width)

    def polygon(self, start: XY, heading: float) -> Polygon:
        """The template laid from ``start`` (the tail's end) along ``heading``."""
        return arrow_polygon(self.shape, start, heading)


@dataclass(frozen=True)
class TerrainPiece:
    """One piece of terrain: the whole card counts, not just its picture (Card Terrain)."""

    name: str
    kind: str
    polygon: Polygon

    def __post_init__(self) -> None:
        if not isinstance(self.name, str):
            raise ArgumentError("name", self.name, "a terrain piece's name (text)")
        problem = piece_problem(self.kind, self.polygon)
        if problem is not None:
            argument = str(problem.field[0])
            value = getattr(self, argument)
            if argument == "kind":
                raise UnknownName(argument, value, problem.expected)
            raise ArgumentError(argument, value, f"{problem.expected} (here {problem.found})")

    @staticmethod
    def from_rings(
        name: str, kind: str, rings: Sequence[Sequence[Sequence[float]]]
    ) -> TerrainPiece:
        """A piece from GeoJSON-style coordinates (outer ring, then any holes)."""
        return TerrainPiece(name, kind, polygon_from_rings(rings))

    @staticmethod
    def box(name: str, kind: str, x: float, y: float, width: float, depth: float) -> TerrainPiece:
        """An upright rectangular piece with its top-left corner at ``(x, y)`` (finite cm),
        ``width`` and ``depth`` more than 0."""
        for argument, value in (("x", x), ("y", y), ("width", width), ("depth", depth)):
            real = isinstance(value, int | float) and not isinstance(value, bool)
            if not real or not math.isfinite(value):
                raise ArgumentError(argument, value, "a finite number of cm")
        for argument, value in (("width", width), ("depth", depth)):
            if not value > 0:
                raise ArgumentError(argument, value, "a size in cm more than 0")
        corners = [(x, y), (x + width, y), (x + width, y + depth), (x, y + depth), (x, y)]
        return TerrainPiece(name, kind, Polygon(corners))

    @property
    def rings(self) -> list[list[list[float]]]:
        return rings_of(self.polygon)


PIECE_POLYGON = "a simple polygon: three or more corners, an outline that does not cross itself"


def piece_problem(kind: object, polygon: object) -> Problem | None:
    """Why a kind and a polygon cannot make a terrain piece (the field ``kind`` or
    ``polygon``, what was found in words, what was expected), or None if they can."""
    if not isinstance(kind, str) or kind not in TANKS_TERRAIN:
        return Problem(("kind",), repr(kind), f"a kind: {', '.join(sorted(TANKS_TERRAIN))}")
    if not isinstance(polygon, Polygon):
        return Problem(("polygon",), f"a {type(polygon).__name__}", "a shapely Polygon")
    if not np.isfinite(np.asarray(polygon.exterior.coords, dtype=float)).all():
        return Problem(("polygon",), "a corner that is not a finite number", PIECE_POLYGON)
    why = polygon_problem(polygon)
    return None if why is None else Problem(("polygon",), f"a polygon where {why}", PIECE_POLYGON)


@dataclass(frozen=True)
class Objective:
    """An Objective token, by its centre (Tokens; Missions)."""

    name: str
    at: XY


@dataclass(frozen=True)
class Deployment:
    """Where a side deploys: a table edge (Deployment) or a corner (Barkmann's Corner)."""

    side: str
    at: str


STAND_IN_HULL = (7.0, 4.0)  # cm, length and width: a tank's own card or model decides


@dataclass(frozen=True)
class TableTank:
    """A tank placed on the table at the start: name, card, side, centre (cm) and heading
    (degrees clockwise from north). Its drawn hull is a stand-in size."""

    id: str
    kind: str
    side: str
    at: XY
    heading: float = 0.0

    def __post_init__(self) -> None:
        object.__setattr__(self, "at", (float(self.at[0]), float(self.at[1])))

    @property
    def hull(self) -> Hull:
        return Hull(self.at, self.heading, *STAND_IN_HULL)


class TableError(WorkbenchError, ValueError):
    """A table that does not hold together (an invalid or overlapping piece, one off the
    table, an unknown kind). ``problem`` says which field."""

    def __init__(self, problem: Problem) -> None:
        self.problem = problem
        super().__init__(str(problem))


@dataclass(frozen=True)
class Table(FileValue, Pictured):
    """A TANKS table (Table Setup: 90 cm × 90 cm).

    >>> t = Table("sketch").with_piece(TerrainPiece.box("Farm", "building", 30, 30, 10, 8))
    >>> t.kind_of("Farm").impassable, t.line_clear((10, 34), [(80, 34), (10, 80)]).tolist()
    (True, [False, True])
    """

    name: str
    width: float = 90.0
    depth: float = 90.0
    pieces: tuple[TerrainPiece, ...] = ()
    objectives: tuple[Objective, ...] = ()
    deployments: tuple[Deployment, ...] = ()
    arrow: MeasuringArrow = field(default_factory=MeasuringArrow)
    description: str = ""
    tanks: tuple[TableTank, ...] = ()

    def __post_init__(self) -> None:
        for name in ("pieces", "objectives", "deployments", "tanks"):
            object.__setattr__(self, name, tuple(getattr(self, name)))
        found = table_problems(self)
        if found:
            raise TableError(found[0])

    # --- reading ----------------------------------------------------------------------
    @property
    def surface(self) -> Polygon:
        return rectangle(self.width, self.depth)

    def piece_named(self, name: str) -> TerrainPiece:
        for piece in self.pieces:
            if piece.name == name:
                return piece
        names = ", ".join(p.name for p in self.pieces) or "none"
        raise UnknownName("piece", name, f"a terrain piece of {self.name} ({names})")

    def kind_of(self, name: str) -> TerrainKind:
        return TANKS_TERRAIN[self.piece_named(name).kind]

    def pieces_that(self, **effects: bool) -> tuple[TerrainPiece, ...]:
        """The pieces whose kind has these effects, e.g. ``pieces_that(impassable=True)``."""
        return tuple(
            p
            for p in self.pieces
            if all(getattr(TANKS_TERRAIN[p.kind], k) == v for k, v in effects.items())
        )

    def line_clear(self, start: XY, ends: Sequence[XY]) -> np.ndarray:
        """For each end point, whether a line from ``start`` crosses no terrain that blocks
        Line of Sight (tanks on the table are the rules' business, not the board's)."""
        walls = [p.polygon for p in self.pieces_that(blocks_los=True)]
        return lines_clear(start, ends, walls)

    def visible_area(self, start: XY) -> BaseGeometry:
        """The part of the table a line from ``start`` reaches without crossing terrain that
        blocks Line of Sight, its edge included (a line that grazes a piece is not blocked;
        a piece under ``start`` is ignored, as the Cover rule ignores terrain under the
        shooting tank)."""
        walls = [p.polygon for p in self.pieces_that(blocks_los=True)]
        reach = float(np.hypot(self.width, self.depth))
        return self.surface.difference(hidden_area(start, walls, reach))

    def deployment_area(self, side: str) -> Polygon:
        """The part of the table within one Measuring Arrow of the side's edge or corner."""
        for deployment in self.deployments:
            if deployment.side == side:
                return _near(deployment.at, self.width, self.depth, self.arrow.length)
        sides = ", ".join(d.side for d in self.deployments) or "none"
        raise UnknownName("side", side, f"a side deploying on {self.name} ({sides})")

    # --- a designer's changes -----------------------------------------------------------
    def with_piece(self, piece: TerrainPiece) -> Table:
        """A copy with this piece added, or replacing the piece of the same name."""
        kept = tuple(p for p in self.pieces if p.name != piece.name)
        if len(kept) == len(self.pieces):
            return replace(self, pieces=(*self.pieces, piece))
        return replace(
            self, pieces=tuple(piece if p.name == piece.name else p for p in self.pieces)
        )

    def without_piece(self, name: str) -> Table:
        self.piece_named(name)
        return replace(self, pieces=tuple(p for p in self.pieces if p.name != name))

    def with_objective(self, name: str, at: XY) -> Table:
        kept = tuple(o for o in self.objectives if o.name != name)
        return replace(self, objectives=(*kept, Objective(name, (float(at[0]), float(at[1])))))

    def with_deployment(self, side: str, at: str) -> Table:
        kept = tuple(d for d in self.deployments if d.side != side)
        return replace(self, deployments=(*kept, Deployment(side, at)))

    def with_tank(self, tank: TableTank) -> Table:
        """A copy with this tank placed (replacing a tank of the same id)."""
        return replace(self, tanks=(*(t for t in self.tanks if t.id != tank.id), tank))

    def without_tank(self, tank_id: str) -> Table:
        return replace(self, tanks=tuple(t for t in self.tanks if t.id != tank_id))

    def with_arrow(self, arrow: MeasuringArrow) -> Table:
        return replace(self, arrow=arrow)

    def with_size(self, width: float, depth: float) -> Table:
        return replace(self, width=width, depth=depth)


def _near(at: str, width: float, depth: float, reach: float) -> Polygon:
    surface = rectangle(width, depth)
    edges = {
        "north": rectangle(width, reach),
        "south": Polygon([(0, depth - reach), (width, depth - reach), (width, depth), (0, depth)]),
        "west": rectangle(reach, depth),
        "east": Polygon([(width - reach, 0), (width, 0), (width, depth), (width - reach, depth)]),
    }
    if at in edges:
        return edges[at].intersection(surface)
    corners = {
        "north-west": (0, 0),
        "north-east": (width, 0),
        "south-east": (width, depth),
        "south-west": (0, depth),
    }
    return Point(corners[at]).buffer(reach, quad_segs=32).intersection(surface)


def table_problems(table: Table) -> list[Problem]:
    """Everything that keeps a table from holding together, each naming its field.

    Checks: the size, each piece's kind and polygon (valid, on the table), pieces that
    overlap, unique names, objectives on the table, deployment edges and corners.
    """
    found: list[Problem] = []
    if not (table.width > 0 and table.depth > 0):
        size = f"{table.width} × {table.depth}"
        found.append(Problem(("size",), size, "a positive width and depth in cm"))
        return found
    names: dict[str, int] = {}
    good: list[int] = []
    for i, piece in enumerate(table.pieces):
        problem = piece_problem(piece.kind, piece.polygon)  # a piece checks itself: kept in
        if problem is not None:  # case one was made around its check
            found.append(Problem(("terrain", i, *problem.field), problem.found, problem.expected))
        if piece.name in names:
            found.append(
                Problem(
                    ("terrain", i, "name"),
                    repr(piece.name),
                    f"a name no other piece has (terrain[{names[piece.name]}] has it)",
                )
            )
        names.setdefault(piece.name, i)
        if problem is None:
            good.append(i)
    polygons = [table.pieces[i].polygon for i in good]
    for i, off in zip(good, outside(polygons, table.surface), strict=True):
        if off:
            x0, y0, x1, y1 = table.pieces[i].polygon.bounds
            found.append(
                Problem(
                    ("terrain", i, "polygon"),
                    f"a piece reaching x {x0:g} to {x1:g}, y {y0:g} to {y1:g} cm",
                    f"a piece on the {table.width:g} × {table.depth:g} cm table",
                )
            )
    for a, b in overlapping_pairs(polygons):
        i, j = good[a], good[b]
        found.append(
            Problem(
                ("terrain", j, "polygon"),
                f"a piece overlapping terrain[{i}] ({table.pieces[i].name!r})",
                "a piece that overlaps no other piece",
            )
        )
    for i, objective in enumerate(table.objectives):
        x, y = objective.at
        if not (0 <= x <= table.width and 0 <= y <= table.depth):
            found.append(
                Problem(
                    ("objectives", i, "at"),
                    f"[{x:g}, {y:g}]",
                    f"a point on the {table.width:g} × {table.depth:g} cm table",
                )
            )
    walls = [
        p.polygon
        for p in table.pieces
        if TANKS_TERRAIN.get(p.kind, None) is not None and TANKS_TERRAIN[p.kind].impassable
    ]
    for i, tank in enumerate(table.tanks):
        x, y = tank.at
        if not (0 <= x <= table.width and 0 <= y <= table.depth):
            found.append(
                Problem(
                    ("tanks", i, "at"),
                    f"[{x:g}, {y:g}]",
                    f"a point on the {table.width:g} × {table.depth:g} cm table",
                )
            )
        elif any(w.contains(Point(x, y)) for w in walls):
            found.append(
                Problem(
                    ("tanks", i, "at"),
                    f"[{x:g}, {y:g}], inside impassable terrain",
                    "a point a tank may stand on",
                )
            )
    for i, deployment in enumerate(table.deployments):
        if deployment.at not in EDGES + CORNERS:
            found.append(
                Problem(
                    ("deployment", i, "at"),
                    repr(deployment.at),
                    "a table edge or corner: " + ", ".join(EDGES + CORNERS),
                )
            )
    return found


def placement_problems(table: Table) -> list[str]:
    """Where the table breaks the terrain placement rule (Game Set Up: Table Setup): "Terrain
    pieces may not be placed within a Measuring Arrow of another piece of terrain or any
    table edge". Only the set-up pieces (woods and buildings) count; an empty list: it holds.

    >>> t = Table("t", pieces=[TerrainPiece.box("Barn", "building", 5, 40, 10, 10)])
    >>> placement_problems(t)
    ['Barn is 5 cm from the table edge, within the Measuring Arrow (15 cm)']
    """
    reach = table.arrow.length
    pieces = [p for p in table.pieces if p.kind in SET_UP_KINDS]
    polygons = [p.polygon for p in pieces]
    found = [
        f"{piece.name} is {gap:g} cm from the table edge, within the Measuring Arrow ({reach:g} cm)"
        for piece, gap in zip(
            pieces, gaps_to_edges(polygons, table.width, table.depth), strict=True
        )
        if gap < reach
    ]
    found += [
        f"{pieces[i].name} and {pieces[j].name} are {gap:.3g} cm apart, within the Measuring "
        f"Arrow ({reach:g} cm)"
        for i, j, gap in pairs_within(polygons, reach)
    ]
    return found


def crowded_pieces(table: Table) -> frozenset[str]:
    """The names of the set-up pieces that break the placement rule (see
    :func:`placement_problems`): within a Measuring Arrow of a table edge or of another."""
    reach = table.arrow.length
    pieces = [p for p in table.pieces if p.kind in SET_UP_KINDS]
    polygons = [p.polygon for p in pieces]
    gaps = gaps_to_edges(polygons, table.width, table.depth)
    names = {piece.name for piece, gap in zip(pieces, gaps, strict=True) if gap < reach}
    for i, j, _ in pairs_within(polygons, reach):
        names |= {pieces[i].name, pieces[j].name}
    return frozenset(names)


def follows_placement_rule(table: Table) -> bool:
    """Whether no set-up piece is within a Measuring Arrow of another or of a table edge."""
    return not placement_problems(table)
