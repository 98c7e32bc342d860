"""Exact sight on the open table: the shadow a blocker casts from an eye, the visible part of
a target polygon and which blocker hides the rest, sight lines to corners with the blockers
each one crosses, and grids of hulls for heatmaps (shapely 2, arrays where many are asked).

Pure geometry: blockers are named polygons; which pieces block, and what lies under a tank,
is the rules' business. A line *crosses* a blocker when it meets the blocker's interior;
grazing an edge or a corner does not block (as :func:`workbench.geometry.table.lines_clear`).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import shapely
from shapely.geometry import Point, Polygon
from shapely.geometry.base import BaseGeometry

from workbench.geometry.table import XY, direction

AREA_EPS = 1e-9  # cm²: a visible part smaller than this is a grazing line, not a sight
MAX_ANGLE = math.pi / 3  # an edge is split so each piece subtends at most this from the eye

Named = tuple[str, Polygon]


def _split_ring(coords: np.ndarray, eye: np.ndarray) -> np.ndarray:
    """A ring's points with extra points on edges that subtend more than MAX_ANGLE from the
    eye, so each shadow quadrilateral stays convex and reaches far enough."""
    a, b = coords[:-1] - eye, coords[1:] - eye
    cross = a[:, 0] * b[:, 1] - a[:, 1] * b[:, 0]
    dot = (a * b).sum(axis=1)
    pieces = np.ceil(np.abs(np.arctan2(cross, dot)) / MAX_ANGLE).astype(int).clip(1)
    if (pieces == 1).all():
        return coords
    points = [coords[0]]
    for start, end, n, turn in zip(
        coords[:-1], coords[1:], pieces, np.arctan2(cross, dot), strict=True
    ):
        first = math.atan2(start[1] - eye[1], start[0] - eye[0])
        for k in range(1, n):  # equal angles, not equal lengths
            angle = first + turn * k / n
            ray = np.array([math.cos(angle), math.sin(angle)])
            edge = end - start
            # eye + r * ray = start + s * edge
            det = ray[0] * -edge[1] - ray[1] * -edge[0]
            rel = start - eye
            s = (ray[0] * rel[1] - ray[1] * rel[0]) / det
            points.append(start + edge * min(1.0, max(0.0, s)))
        points.append(end)
    return np.asarray(points)


def shadow(eye: XY, blocker: Polygon, reach: float) -> BaseGeometry:
    """Every point within ``reach`` cm of ``eye`` that a line from the eye reaches only by
    crossing ``blocker`` (the blocker itself included). Empty when the blocker covers the eye
    (the caller decides what lies under the eye).

    >>> wall = Polygon([(4, -1), (6, -1), (6, 1), (4, 1)])
    >>> s = shadow((0, 0), wall, 50)
    >>> s.contains(Point(30, 0)), s.contains(Point(30, 10)), s.contains(Point(2, 0))
    (True, False, False)
    """
    origin = np.asarray(eye, dtype=float)
    if blocker.is_empty or blocker.covers(Point(origin)):
        return Polygon()
    if _convex(blocker):
        return _convex_shadow(origin, blocker, reach)
    return edge_shadow(eye, blocker, reach)


def edge_shadow(eye: XY, blocker: Polygon, reach: float) -> BaseGeometry:
    """The shadow of any polygon (holes too): one quadrilateral behind each edge piece,
    merged. :func:`shadow` uses it for blockers that are not convex."""
    origin = np.asarray(eye, dtype=float)
    if blocker.is_empty or blocker.covers(Point(origin)):
        return Polygon()
    far = 2.0 * reach
    parts: list[BaseGeometry] = [blocker]
    for ring in (blocker.exterior, *blocker.interiors):
        coords = _split_ring(np.asarray(ring.coords, dtype=float)[:, :2], origin)
        out = coords - origin
        lengths = np.linalg.norm(out, axis=1)[:, None]
        projected = coords + out / np.where(lengths > 0, lengths, 1.0) * far
        near_a, near_b = coords[:-1], coords[1:]
        far_a, far_b = projected[:-1], projected[1:]
        quads = shapely.polygons(np.stack([near_a, near_b, far_b, far_a, near_a], axis=1))
        parts.extend(quads[shapely.area(quads) > 0])
    return shapely.union_all(np.asarray(parts, dtype=object))


def _convex(polygon: Polygon) -> bool:
    return not polygon.interiors and abs(polygon.convex_hull.area - polygon.area) <= 1e-12 * max(
        1.0, polygon.area
    )


def _convex_shadow(origin: np.ndarray, blocker: Polygon, reach: float) -> BaseGeometry:
    """A convex blocker's shadow in one step: the convex hull of its corners and points far
    out along rays spanning the angle it subtends (at most 30 degrees apart, so the far side
    stays beyond ``reach``). The eye is outside, so that angle is below 180 degrees."""
    corners = np.asarray(blocker.exterior.coords, dtype=float)[:-1, :2]
    rel = corners - origin
    centre = np.asarray(blocker.centroid.coords[0]) - origin
    base = math.atan2(centre[1], centre[0])
    angles = np.arctan2(rel[:, 1], rel[:, 0]) - base
    angles = (angles + math.pi) % (2 * math.pi) - math.pi
    low, high = float(angles.min()), float(angles.max())
    steps = max(2, math.ceil((high - low) / (math.pi / 6)) + 1)
    spread = base + np.linspace(low, high, steps)
    far = origin + 3.0 * reach * np.stack([np.cos(spread), np.sin(spread)], axis=1)
    return shapely.convex_hull(shapely.multipoints(np.concatenate([corners, far])))


@dataclass(frozen=True)
class VisiblePart:
    """What an eye sees of a target: the seen part and, for each blocker that hides some of
    it, the part it hides (two blockers may hide the same part)."""

    eye: XY
    target: Polygon
    seen: BaseGeometry
    hidden_by: tuple[tuple[str, BaseGeometry], ...]

    @property
    def fraction(self) -> float:
        """The seen share of the target's area, 0 to 1."""
        return float(self.seen.area / self.target.area) if self.target.area else 0.0

    @property
    def any(self) -> bool:
        """Whether any part is seen (more than a grazing line)."""
        return self.seen.area > AREA_EPS

    @property
    def blockers(self) -> tuple[str, ...]:
        return tuple(name for name, _ in self.hidden_by)


def visible_part(eye: XY, target: Polygon, blockers: Sequence[Named], reach: float) -> VisiblePart:
    """The part of ``target`` a line from ``eye`` reaches without crossing any blocker:
    the target less every blocker's shadow, exactly.

    >>> wall = Polygon([(10, -10), (12, -10), (12, 0), (10, 0)])
    >>> tank = Polygon([(20, -2), (24, -2), (24, 2), (20, 2)])
    >>> part = visible_part((0, 0), tank, [("Barn", wall)], reach=100)
    >>> round(part.fraction, 3), part.blockers
    (0.5, ('Barn',))
    """
    hidden: list[tuple[str, BaseGeometry]] = []
    shadows = []
    cone = shapely.convex_hull(
        shapely.multipoints([eye, *np.asarray(target.exterior.coords)[:, :2]])
    )
    shapely.prepare(cone)
    for name, polygon in blockers:
        # only a blocker meeting the cone from the eye to the target can hide any of it
        # (every sight line to the target lies in that convex cone)
        if not cone.intersects(polygon):
            continue
        cast = shadow(eye, polygon, reach)
        if cast.is_empty or not cast.intersects(target):
            continue
        part = cast.intersection(target)
        if part.area > AREA_EPS:
            hidden.append((name, part))
            shadows.append(cast)
    seen = target if not shadows else target.difference(shapely.union_all(shadows))
    return VisiblePart((float(eye[0]), float(eye[1])), target, seen, tuple(hidden))


def crossed(starts: np.ndarray, ends: np.ndarray, blockers: Sequence[Named]) -> list[list[str]]:
    """For each segment ``starts[i] -> ends[i]``, the names of the blockers whose interior
    it crosses (vectorised: one STRtree query over all segments).

    >>> wall = Polygon([(4, -1), (6, -1), (6, 1), (4, 1)])
    >>> crossed(np.array([[0, 0], [0, 0]]), np.array([[10, 0], [0, 10]]), [("wall", wall)])
    [['wall'], []]
    """
    starts = np.asarray(starts, dtype=float).reshape(-1, 2)
    ends = np.asarray(ends, dtype=float).reshape(-1, 2)
    found: list[list[str]] = [[] for _ in range(len(ends))]
    if not len(ends) or not blockers:
        return found
    lines = shapely.linestrings(np.stack([np.broadcast_to(starts, ends.shape), ends], axis=1))
    walls = np.asarray([p for _, p in blockers], dtype=object)
    line_i, wall_i = shapely.STRtree(walls).query(lines, predicate="intersects")
    hit = shapely.relate_pattern(lines[line_i], walls[wall_i], "T********")
    for i, j in zip(line_i[hit].tolist(), wall_i[hit].tolist(), strict=True):
        found[i].append(blockers[j][0])
    return found


def segments_clear(starts: np.ndarray, ends: np.ndarray, blockers: Sequence[Polygon]) -> np.ndarray:
    """For each segment, whether it crosses no blocker's interior (vectorised)."""
    starts = np.asarray(starts, dtype=float).reshape(-1, 2)
    ends = np.asarray(ends, dtype=float).reshape(-1, 2)
    clear = np.ones(len(ends), dtype=bool)
    if not len(ends) or not len(blockers):
        return clear
    lines = shapely.linestrings(np.stack([np.broadcast_to(starts, ends.shape), ends], axis=1))
    walls = np.asarray(blockers, dtype=object)
    line_i, wall_i = shapely.STRtree(walls).query(lines, predicate="intersects")
    hit = shapely.relate_pattern(lines[line_i], walls[wall_i], "T********")
    clear[line_i[hit]] = False
    return clear


def rectangle_corners(
    centres: np.ndarray, heading: float, length: float, width: float
) -> np.ndarray:
    """Corners (front-left, front-right, rear-right, rear-left) of hulls of one size and
    heading at many centres: shape ``(n, 4, 2)``.

    >>> rectangle_corners(np.array([[10.0, 10.0]]), 90, 8, 4).tolist()
    [[[14.0, 8.0], [14.0, 12.0], [6.0, 12.0], [6.0, 8.0]]]
    """
    fx, fy = direction(heading)
    rx, ry = -fy, fx
    hl, hw = length / 2, width / 2
    offsets = np.array(
        [
            [hl * fx - hw * rx, hl * fy - hw * ry],
            [hl * fx + hw * rx, hl * fy + hw * ry],
            [-hl * fx + hw * rx, -hl * fy + hw * ry],
            [-hl * fx - hw * rx, -hl * fy - hw * ry],
        ]
    )
    return np.asarray(centres, dtype=float).reshape(-1, 1, 2) + offsets[None, :, :]


def polygons_of(corners: np.ndarray) -> np.ndarray:
    """Shapely polygons from ``(n, 4, 2)`` corner arrays (one vectorised call)."""
    rings = np.concatenate([corners, corners[:, :1]], axis=1)
    return shapely.polygons(rings)


def grid_centres(width: float, depth: float, step: float = 1.0) -> np.ndarray:
    """The centres of the ``step``-cm cells of a table, row by row: ``(n, 2)``.

    >>> grid_centres(90, 90).shape, grid_centres(90, 90)[0].tolist()
    ((8100, 2), [0.5, 0.5])
    """
    xs = np.arange(step / 2, width, step)
    ys = np.arange(step / 2, depth, step)
    gx, gy = np.meshgrid(xs, ys)
    return np.stack([gx.ravel(), gy.ravel()], axis=1)
