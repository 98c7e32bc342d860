"""Open-table geometry (TANKS): hulls as oriented rectangles, the Measuring Arrow template,
polygon checks, on shapely 2.

Conventions (ARCHITECTURE.md): centimetres, x to the right, y down, headings in degrees
clockwise from north (up), so heading 0 points to (0, -1) and heading 90 to (1, 0). Pure
math: no game words beyond the names of shapes; the arrow's real measurements are parameters
given by the caller (the board layer holds the labelled stand-in values).
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

import numpy as np
import shapely
from shapely.geometry import LineString, Point, Polygon
from shapely.geometry.base import BaseGeometry

from workbench.errors import GeometryError

Side = Literal["front", "rear", "left", "right"]
XY = tuple[float, float]


def direction(heading: float) -> XY:
    """The unit vector of a heading (clockwise from north, y down).

    >>> direction(90), direction(0)
    ((1.0, 0.0), (0.0, -1.0))
    """
    quarter, rest = divmod(float(heading) % 360.0, 90.0)
    if rest == 0:  # exact for the four table directions
        return ((0.0, -1.0), (1.0, 0.0), (0.0, 1.0), (-1.0, 0.0))[int(quarter)]
    radians = math.radians(heading)
    return (math.sin(radians), -math.cos(radians))


def heading_towards(start: XY, end: XY) -> float:
    """The heading from ``start`` to ``end`` in [0, 360).

    >>> heading_towards((0, 0), (0, 10)), heading_towards((0, 0), (-5, 0))
    (180.0, 270.0)
    """
    dx, dy = end[0] - start[0], end[1] - start[1]
    return math.degrees(math.atan2(dx, -dy)) % 360.0


def _offset(origin: XY, heading: float, forward: float, right: float) -> XY:
    """A point ``forward`` along the heading and ``right`` to its right (clockwise side)."""
    fx, fy = direction(heading)
    rx, ry = -fy, fx  # the heading turned 90 degrees clockwise
    return (origin[0] + forward * fx + right * rx, origin[1] + forward * fy + right * ry)


@dataclass(frozen=True, slots=True)
class Hull:
    """A tank's hull as an oriented rectangle: ``length`` along the heading, ``width`` across.

    ``turret_offset`` places the turret on the centre line (positive: towards the front).

    >>> hull = Hull(centre=(10, 10), heading=90, length=8, width=4)
    >>> hull.polygon().bounds
    (6.0, 8.0, 14.0, 12.0)
    >>> hull.turret, hull.gun_point
    ((10.0, 10.0), (14.0, 10.0))
    """

    centre: XY
    heading: float
    length: float
    width: float
    turret_offset: float = 0.0

    def __post_init__(self) -> None:
        if not (self.length > 0 and self.width > 0):
            raise GeometryError(f"a hull needs a positive length and width, not {self}")
        object.__setattr__(self, "centre", (float(self.centre[0]), float(self.centre[1])))

    def corners(self) -> tuple[XY, XY, XY, XY]:
        """Front-left, front-right, rear-right, rear-left (clockwise, as y points down)."""
        half_l, half_w = self.length / 2, self.width / 2
        return (
            _offset(self.centre, self.heading, half_l, -half_w),
            _offset(self.centre, self.heading, half_l, half_w),
            _offset(self.centre, self.heading, -half_l, half_w),
            _offset(self.centre, self.heading, -half_l, -half_w),
        )

    def polygon(self) -> Polygon:
        return Polygon(self.corners())

    @property
    def turret(self) -> XY:
        """The point Line of Sight is drawn from for a turreted tank."""
        return _offset(self.centre, self.heading, self.turret_offset, 0.0)

    @property
    def gun_point(self) -> XY:
        """Where the gun crosses the front of the hull: the middle of the front edge."""
        return _offset(self.centre, self.heading, self.length / 2, 0.0)

    def edge(self, side: Side) -> LineString:
        """One side of the hull as a segment (``left`` and ``right`` seen from the hull)."""
        fl, fr, rr, rl = self.corners()
        ends = {"front": (fl, fr), "right": (fr, rr), "rear": (rr, rl), "left": (rl, fl)}
        try:
            return LineString(ends[side])
        except KeyError:
            raise GeometryError(
                f"a hull side is front, rear, left or right, not {side!r}"
            ) from None

    def moved(self, centre: XY, heading: float | None = None) -> Hull:
        return Hull(
            centre,
            self.heading if heading is None else heading,
            self.length,
            self.width,
            self.turret_offset,
        )

    def in_front(self, points: np.ndarray | Sequence[XY]) -> np.ndarray:
        """For each point, whether it lies ahead of the line of the hull's front edge.

        >>> Hull((0, 0), 0, 4, 2).in_front([(0, -5), (0, 5), (9, -2)]).tolist()
        [True, False, False]
        """
        fx, fy = direction(self.heading)
        pts = np.asarray(points, dtype=float).reshape(-1, 2)
        gx, gy = self.gun_point
        return bool_array((pts[:, 0] - gx) * fx + (pts[:, 1] - gy) * fy > 0)

    def behind_front(self, points: np.ndarray | Sequence[XY]) -> np.ndarray:
        """For each point, whether it lies behind the line of the hull's front edge."""
        fx, fy = direction(self.heading)
        pts = np.asarray(points, dtype=float).reshape(-1, 2)
        gx, gy = self.gun_point
        return bool_array((pts[:, 0] - gx) * fx + (pts[:, 1] - gy) * fy < 0)

    def front_corridor(self, reach: float) -> Polygon:
        """The strip straight ahead of the front edge, ``reach`` long and as wide as the hull
        ("directly in front")."""
        fl, fr, _, _ = self.corners()
        far_l = _offset(fl, self.heading, reach, 0.0)
        far_r = _offset(fr, self.heading, reach, 0.0)
        return Polygon([fl, far_l, far_r, fr])


def bool_array(values: object) -> np.ndarray:
    return np.asarray(values, dtype=bool)


@dataclass(frozen=True, slots=True)
class ArrowShape:
    """The Measuring Arrow's measurements: ``length`` from the tail's end to the head's tip,
    ``tail_length`` of the straight tail, ``tail_width`` and ``head_width`` across."""

    length: float
    tail_length: float
    tail_width: float
    head_width: float

    def __post_init__(self) -> None:
        if not 0 < self.tail_length <= self.length:
            raise GeometryError(
                f"the arrow's tail ({self.tail_length}) must be positive and no longer "
                f"than the whole arrow ({self.length})"
            )
        if not 0 < self.tail_width <= self.head_width:
            raise GeometryError(
                f"the arrow's tail width ({self.tail_width}) must be positive and no wider "
                f"than its head ({self.head_width})"
            )

    @property
    def head_length(self) -> float:
        return self.length - self.tail_length


def arrow_polygon(shape: ArrowShape, start: XY, heading: float) -> Polygon:
    """The arrow template laid from ``start`` (the middle of the tail's end) along ``heading``.

    >>> arrow = arrow_polygon(ArrowShape(15, 10, 2, 4), (0, 0), 90)
    >>> arrow.bounds, round(arrow.area, 6)
    ((0.0, -2.0, 15.0, 2.0), 30.0)
    """
    t, tw, hw = shape.tail_length, shape.tail_width / 2, shape.head_width / 2
    if shape.head_length == 0:
        outline = [(0, -tw), (t, -tw), (t, tw), (0, tw)]
    else:
        outline = [(0, -tw), (t, -tw), (t, -hw), (shape.length, 0), (t, hw), (t, tw), (0, tw)]
    return Polygon([_offset(start, heading, f, r) for f, r in outline])


def arrow_polygons(shape: ArrowShape, starts: np.ndarray, headings: np.ndarray) -> np.ndarray:
    """Many arrow templates at once (the same outline as :func:`arrow_polygon`).

    >>> one = arrow_polygons(ArrowShape(15, 10, 2, 4), np.array([[0.0, 0.0]]), np.array([90.0]))
    >>> one[0].equals_exact(arrow_polygon(ArrowShape(15, 10, 2, 4), (0, 0), 90), 1e-9)
    True
    """
    t, tw, hw = shape.tail_length, shape.tail_width / 2, shape.head_width / 2
    if shape.head_length == 0:
        outline = [(0, -tw), (t, -tw), (t, tw), (0, tw), (0, -tw)]
    else:
        outline = [
            (0, -tw),
            (t, -tw),
            (t, -hw),
            (shape.length, 0),
            (t, hw),
            (t, tw),
            (0, tw),
            (0, -tw),
        ]
    local = np.asarray(outline, dtype=float)
    radians = np.radians(np.asarray(headings, dtype=float))
    fx, fy = np.sin(radians), -np.cos(radians)
    xs = starts[:, None, 0] + local[None, :, 0] * fx[:, None] - local[None, :, 1] * fy[:, None]
    ys = starts[:, None, 1] + local[None, :, 0] * fy[:, None] + local[None, :, 1] * fx[:, None]
    return shapely.polygons(np.stack([xs, ys], axis=2))


def arrow_tail(shape: ArrowShape, start: XY, heading: float) -> LineString:
    """The tail's centre line: how far a tank may move along the arrow."""
    return LineString([start, _offset(start, heading, shape.tail_length, 0.0)])


# --- polygons --------------------------------------------------------------------------


def polygon_from_rings(rings: Sequence[Sequence[Sequence[float]]]) -> Polygon:
    """A polygon from GeoJSON-style coordinates: the outer ring, then any holes.

    >>> polygon_from_rings([[[0, 0], [4, 0], [4, 3], [0, 0]]]).area
    6.0
    """
    if not isinstance(rings, Sequence) or isinstance(rings, str) or not rings:
        raise GeometryError("a polygon needs at least its outer ring")
    try:
        outer, *holes = ([(float(x), float(y)) for x, y in ring] for ring in rings)
        if not all(math.isfinite(v) for ring in (outer, *holes) for xy in ring for v in xy):
            raise GeometryError("a polygon's corners are finite numbers (cm)")
        return Polygon(outer, holes)
    except (TypeError, ValueError, shapely.errors.GEOSException) as error:
        raise GeometryError(f"a polygon's rings are lists of [x, y] numbers ({error})") from None


def rings_of(polygon: Polygon) -> list[list[list[float]]]:
    """GeoJSON-style coordinates of a polygon (closed rings, outer first)."""
    rings = [polygon.exterior, *polygon.interiors]
    return [[[_plain(x), _plain(y)] for x, y in ring.coords] for ring in rings]


def _plain(value: float) -> float | int:
    return int(value) if float(value).is_integer() else float(value)


def polygon_problem(polygon: Polygon) -> str | None:
    """Why a polygon cannot be a terrain piece (``None`` when it can).

    >>> polygon_problem(Polygon([(0, 0), (4, 4), (4, 0), (0, 4)]))
    'its outline crosses itself near (2, 2)'
    >>> polygon_problem(Polygon([(0, 0), (4, 0), (4, 4)])) is None
    True
    """
    if polygon.is_empty or len(polygon.exterior.coords) < 4:
        return "it has fewer than three corners"
    if not polygon.is_valid:
        reason = shapely.is_valid_reason(polygon)
        near = re.search(r"\[([-\d.e]+) ([-\d.e]+)\]", reason)
        where = f" near ({near[1]}, {near[2]})" if near else ""
        if "Self-intersection" in reason:
            return f"its outline crosses itself{where}"
        return f"it is not a valid polygon ({reason.split('[')[0].lower()}{where})"
    if polygon.area <= 0:
        return "it has no area (its corners lie on a line)"
    return None


def overlapping_pairs(polygons: Sequence[Polygon]) -> list[tuple[int, int]]:
    """Index pairs ``(i, j)``, ``i < j``, of polygons whose interiors share area (touching
    along an edge or at a corner is not overlapping). One STRtree query for all of them.

    >>> a, b, c = (Polygon([(x, 0), (x + 2, 0), (x + 2, 2), (x, 2)]) for x in (0, 1, 3))
    >>> overlapping_pairs([a, b, c])
    [(0, 1)]
    """
    geoms = np.asarray(polygons, dtype=object)
    if len(geoms) < 2:
        return []
    tree = shapely.STRtree(geoms)
    left, right = tree.query(geoms, predicate="intersects")
    keep = left < right
    left, right = left[keep], right[keep]
    touching = shapely.touches(geoms[left], geoms[right])
    pairs = zip(left[~touching].tolist(), right[~touching].tolist(), strict=True)
    return sorted((int(i), int(j)) for i, j in pairs)


def pairs_within(polygons: Sequence[Polygon], distance: float) -> list[tuple[int, int, float]]:
    """Index pairs ``(i, j, gap)``, ``i < j``, of polygons closer than ``distance`` (strictly).

    >>> a, b = Polygon([(0, 0), (1, 0), (1, 1)]), Polygon([(3, 0), (4, 0), (4, 1)])
    >>> pairs_within([a, b], 2.5), pairs_within([a, b], 2)
    ([(0, 1, 2.0)], [])
    """
    geoms = np.asarray(polygons, dtype=object)
    if len(geoms) < 2:
        return []
    tree = shapely.STRtree(geoms)
    left, right = tree.query(geoms, predicate="dwithin", distance=distance)
    keep = left < right
    left, right = left[keep], right[keep]
    gaps = shapely.distance(geoms[left], geoms[right])
    close = gaps < distance
    found = zip(left[close].tolist(), right[close].tolist(), gaps[close].tolist(), strict=True)
    return sorted((int(i), int(j), float(g)) for i, j, g in found)


def rectangle(width: float, depth: float) -> Polygon:
    """The table's surface: ``(0, 0)`` top-left to ``(width, depth)``."""
    return shapely.box(0.0, 0.0, width, depth)


def outside(polygons: Sequence[Polygon], area: Polygon) -> np.ndarray:
    """For each polygon, whether any part of it lies outside ``area`` (vectorised)."""
    geoms = np.asarray(polygons, dtype=object)
    return ~shapely.covers(area, geoms) if len(geoms) else np.zeros(0, dtype=bool)


def gaps_to_edges(polygons: Sequence[Polygon], width: float, depth: float) -> np.ndarray:
    """For each polygon, its least distance to any edge of a ``width`` × ``depth`` table
    (vectorised over the polygons' bounds; a polygon off the table gets a negative gap).

    >>> gaps_to_edges([Polygon([(20, 30), (40, 30), (40, 80)])], 90, 90).tolist()
    [10.0]
    """
    geoms = np.asarray(polygons, dtype=object)
    if not len(geoms):
        return np.zeros(0)
    bounds = shapely.bounds(geoms)
    return np.minimum.reduce(
        [bounds[:, 0], bounds[:, 1], width - bounds[:, 2], depth - bounds[:, 3]]
    )


def lines_clear(start: XY, ends: Sequence[XY], blockers: Sequence[Polygon]) -> np.ndarray:
    """For each end point, whether the segment from ``start`` to it misses the interior of
    every blocker (grazing an edge or corner does not block). One STRtree query for all.

    >>> wall = Polygon([(4, -1), (6, -1), (6, 1), (4, 1)])
    >>> lines_clear((0, 0), [(10, 0), (10, 5), (0, 10)], [wall]).tolist()
    [False, True, True]
    """
    targets = np.asarray(ends, dtype=float).reshape(-1, 2)
    clear = np.ones(len(targets), dtype=bool)
    if not len(targets) or not len(blockers):
        return clear
    starts = np.broadcast_to(np.asarray(start, dtype=float), targets.shape)
    lines = shapely.linestrings(np.stack([starts, targets], axis=1))
    walls = np.asarray(blockers, dtype=object)
    line_index, wall_index = shapely.STRtree(walls).query(lines, predicate="intersects")
    crossing = shapely.relate_pattern(lines[line_index], walls[wall_index], "T********")
    clear[line_index[crossing]] = False
    return clear


def visible_corners(start: XY, hull: Hull, blockers: Sequence[Polygon]) -> np.ndarray:
    """For each corner of ``hull`` (front-left, front-right, rear-right, rear-left), whether a
    line from ``start`` reaches it without crossing a blocker's interior: the count a Cover
    check compares with three.

    >>> wall = Polygon([(8, -3), (9, -3), (9, 0), (8, 0)])
    >>> visible_corners((0, 0), Hull((12, 0), 90, 4, 2), [wall]).tolist()
    [False, True, True, False]
    """
    return lines_clear(start, hull.corners(), blockers)


def hidden_area(start: XY, blockers: Sequence[Polygon], reach: float) -> BaseGeometry:
    """What ``start`` cannot see: each blocker and the shadow it casts, ``reach`` cm deep
    (shadow casting: one quadrilateral per blocker edge, built as arrays and merged once).
    A blocker that covers ``start`` is skipped: the caller decides what lies underneath.

    >>> wall = Polygon([(4, -1), (6, -1), (6, 1), (4, 1)])
    >>> hidden = hidden_area((0, 0), [wall], reach=20)
    >>> hidden.contains(Point(10, 0)), hidden.contains(Point(10, 5)), hidden.contains(Point(3, 0))
    (True, False, False)
    """
    origin = np.asarray(start, dtype=float)
    parts: list[BaseGeometry] = []
    for blocker in blockers:
        if blocker.covers(Point(origin)):
            continue
        rings = [blocker.exterior, *blocker.interiors]
        for ring in rings:
            coords = np.asarray(ring.coords, dtype=float)[:, :2]
            near_a, near_b = coords[:-1], coords[1:]
            out_a, out_b = near_a - origin, near_b - origin
            far_a = near_a + out_a / np.linalg.norm(out_a, axis=1)[:, None] * reach
            far_b = near_b + out_b / np.linalg.norm(out_b, axis=1)[:, None] * reach
            quads = shapely.polygons(np.stack([near_a, near_b, far_b, far_a, near_a], axis=1))
            parts.extend(quads[shapely.area(quads) > 0])
        parts.append(blocker)
    if not parts:
        return Polygon()
    return shapely.union_all(np.asarray(parts, dtype=object))
