"""Line of Sight, Cover, Close Range, Side Shot and the Assault Gun's Firing Arc on the open
table, each with its reasons, and the same four answers for every centimetre of the table in
one vectorised call (designers' heatmaps).

Readings where the text leaves a case open (documented; those a player could read otherwise
are the game's options, ``readings.SightReadings``, each named in the result it changes):

- WOODS_UNDER_TANKS: a wood the shooter overlaps does not block its shots (Terrain: Woods:
  tanks within a wood shoot from it); a wood the target overlaps hides only the part of the
  target beyond it (option ``woods_touched``: 'beyond', or 'ignored': it does not block that
  shot); every other wood, building and destroyed tank blocks.
- A line that only grazes a blocker's edge is a Line of Sight though no area is seen (option
  ``sight_grazing``: 'sees', or 'area').
- Cover lines ignore only the part of each piece directly under the shooter's hull; the piece
  the target stands in counts (Woods: "can give Cover to tanks on their edges").
- Close Range: the least distance between the two hulls is at most one whole Measuring Arrow.
- Side Shot: a corner of the shooter's hull strictly behind the line of the target's front
  edge (extended across the table). A tank exactly on the line is not behind it.
- Assault Gun arc: every corner strictly in front of the line of the gun's hull front (option
  ``front_line``: a corner on the line is 'not-in-front', or 'in-front'), or the target's hull
  meeting the interior of the strip straight ahead of the front edge (option
  ``assault_gun_arc``: 'firing-arc', or 'keyword': entirely in front only).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import shapely
from shapely.geometry import Polygon

from workbench.arguments import positive, whole_number
from workbench.bounds import MAX_BYTES, MAX_SECONDS, Cost, refuse_past
from workbench.errors import ArgumentError
from workbench.games.tanks.boards.table import TANKS_TERRAIN, Table
from workbench.games.tanks.rules import sections
from workbench.games.tanks.rules.readings import DEFAULT_READINGS, SightReadings
from workbench.games.tanks.rules.state import TankPiece
from workbench.geometry.table import Hull, direction
from workbench.geometry.table_sight import (
    AREA_EPS,
    VisiblePart,
    crossed,
    grid_centres,
    polygons_of,
    rectangle_corners,
    segments_clear,
    shadow,
    visible_part,
)
from workbench.rules.core import Reason, lines_of

WOODS_UNDER_TANKS = "a wood the shooter overlaps does not block its shots; one the target does"
DISTANCE_EPS = 1e-9  # cm: a gap of exactly one arrow counts as within it
LINE_EPS = 1e-9  # cm: a corner this near the line of a hull front lies on it
CORNER_NAMES = ("front-left", "front-right", "rear-right", "rear-left")


def _reach(table: Table) -> float:
    return float(np.hypot(table.width, table.depth)) + 1.0


def _inside(polygon: Polygon, hull: Polygon) -> bool:
    """Interiors overlap (touching is not being in)."""
    return bool(polygon.intersects(hull) and polygon.intersection(hull).area > 1e-9)


def sight_blockers(
    table: Table, tanks: Sequence[TankPiece], shooter: TankPiece, target_polygon: Polygon
) -> list[tuple[str, Polygon]]:
    """What can block a line from ``shooter`` to the target: every other tank (destroyed ones
    are terrain) and the pieces that block Line of Sight, less woods under either tank (one
    the target overlaps hides what lies beyond it: :func:`woods_touched`)."""
    own = shooter.polygon
    found = [
        (t.id, t.polygon) for t in tanks if t.id != shooter.id and not _same(t, target_polygon)
    ]
    for piece in table.pieces:
        kind = TANKS_TERRAIN[piece.kind]
        if not kind.blocks_los:
            continue
        if kind.cover_inside and (
            _inside(piece.polygon, own) or _inside(piece.polygon, target_polygon)
        ):
            continue  # WOODS_UNDER_TANKS
        found.append((piece.name, piece.polygon))
    return found


def _same(tank: TankPiece, polygon: Polygon) -> bool:
    return bool(tank.polygon.equals(polygon))


def woods_touched(
    table: Table, shooter: TankPiece, target_polygon: Polygon
) -> list[tuple[str, Polygon]]:
    """The woods the target overlaps and the shooter does not (left out of
    :func:`sight_blockers`; the reading ``woods_touched`` decides what they hide)."""
    own = shooter.polygon
    return [
        (piece.name, piece.polygon)
        for piece in table.pieces
        if TANKS_TERRAIN[piece.kind].blocks_los
        and TANKS_TERRAIN[piece.kind].cover_inside
        and _inside(piece.polygon, target_polygon)
        and not _inside(piece.polygon, own)
    ]


def beyond_wood(eye: Any, wood: Polygon, reach: float) -> Any:
    """What a wood the target overlaps hides ('beyond'): its shadow less the wood itself."""
    return shadow(eye, wood, reach).difference(wood)


def _hide_beyond(
    part: VisiblePart, eye: Any, woods: Sequence[tuple[str, Polygon]], reach: float
) -> VisiblePart:
    hidden, seen = list(part.hidden_by), part.seen
    for name, wood in woods:
        beyond = beyond_wood(eye, wood, reach)
        cut = beyond.intersection(part.target)
        if cut.area > AREA_EPS:
            hidden.append((name, cut))
            seen = seen.difference(beyond)
    return VisiblePart(part.eye, part.target, seen, tuple(hidden))


def _hiding_woods(
    table: Table, shooter: TankPiece, target: TankPiece, readings: SightReadings
) -> list[tuple[str, Polygon]]:
    if readings.woods_touched != "beyond":
        return []
    return woods_touched(table, shooter, target.polygon)


def clear_lines(
    table: Table,
    tanks: Sequence[TankPiece],
    shooter: TankPiece,
    target: TankPiece,
    readings: SightReadings = DEFAULT_READINGS,
) -> np.ndarray:
    """For the target's centre and four corners, whether a line from the eye reaches it
    crossing no blocker (a grazing line counts) and, under 'beyond', no touched wood's
    hidden part."""
    blockers = sight_blockers(table, tanks, shooter, target.polygon)
    ends = np.asarray([target.hull.centre, *target.hull.corners()])
    clear = segments_clear(np.asarray([shooter.eye]), ends, [p for _, p in blockers])
    for _, wood in _hiding_woods(table, shooter, target, readings):
        beyond = beyond_wood(shooter.eye, wood, _reach(table))
        clear &= ~shapely.contains_xy(beyond, ends[:, 0], ends[:, 1])
    return np.asarray(clear, dtype=bool)


def cover_blockers(
    table: Table, tanks: Sequence[TankPiece], shooter: TankPiece, target_polygon: Polygon
) -> list[tuple[str, Polygon]]:
    """What a corner line must not cross for the corner to count as seen (Shooting: Cover):
    other tanks, and terrain that blocks or gives cover less the part under the shooter."""
    own = shooter.polygon
    found = [
        (t.id, t.polygon) for t in tanks if t.id != shooter.id and not _same(t, target_polygon)
    ]
    for piece in table.pieces:
        kind = TANKS_TERRAIN[piece.kind]
        if not (kind.blocks_los or kind.gives_cover):
            continue
        polygon = piece.polygon.difference(own) if piece.polygon.intersects(own) else piece.polygon
        if not polygon.is_empty:
            found.append((piece.name, polygon))
    return found


@dataclass(frozen=True)
class LineOfSight:
    """Whether the shooter sees any part of the target, the visible part and who hides the rest."""

    shooter: str
    target: str
    part: VisiblePart
    reasons: tuple[Reason, ...]
    seen: bool  # some area seen, or (reading sight_grazing 'sees') only a grazing line
    grazing: bool = False  # no area seen, but a line grazing past the blockers

    def lines(self) -> list[str]:
        return lines_of(self.reasons)


def sees(
    table: Table,
    tanks: Sequence[TankPiece],
    shooter: TankPiece,
    target: TankPiece,
    readings: SightReadings = DEFAULT_READINGS,
) -> bool:
    """Whether Line of Sight exists (the same answer as :func:`line_of_sight`): under
    'sees' a clear line to the centre or a corner settles it at once; otherwise the exact
    visible part decides."""
    seen = readings.sight_grazing == "sees"
    if seen and clear_lines(table, tanks, shooter, target, readings).any():
        return True
    blockers = sight_blockers(table, tanks, shooter, target.polygon)
    woods = tuple(_hiding_woods(table, shooter, target, readings))
    key = tuple(np.round(shapely.get_coordinates(p), 9).tobytes() for _, p in [*blockers, *woods])
    return _hidden_part_seen(
        shooter.eye, target.polygon.wkb, key, (tuple(blockers), woods), _reach(table)
    )


_SEEN_CACHE: dict = {}


def _hidden_part_seen(eye: Any, target_wkb: bytes, key: Any, pieces: Any, reach: float) -> bool:
    """The exact check, remembered per (eye, target, blockers, touched woods): in a Shooting
    Phase nothing moves, so each pair is worked out once however often the legal actions
    are listed."""
    cache_key = (eye, target_wkb, key)
    if cache_key not in _SEEN_CACHE:
        if len(_SEEN_CACHE) > 4096:
            _SEEN_CACHE.clear()
        target = shapely.from_wkb(target_wkb)
        blockers, woods = pieces
        part = visible_part(eye, target, list(blockers), reach)
        _SEEN_CACHE[cache_key] = _hide_beyond(part, eye, woods, reach).any
    return _SEEN_CACHE[cache_key]


def _share(fraction: float) -> str:
    return "under 1%" if 0 < fraction < 0.005 else f"{fraction:.0%}"


def line_of_sight(
    table: Table,
    tanks: Sequence[TankPiece],
    shooter: TankPiece,
    target: TankPiece,
    readings: SightReadings = DEFAULT_READINGS,
) -> LineOfSight:
    """Line of Sight from the turret (or an Assault Gun's barrel point) to any part of the
    target's hull, computed exactly: the hull less each blocker's shadow (and, under
    'beyond', less what a wood the target overlaps hides beyond it). The reasons name the
    readings the answer turns on."""
    two_tanks(shooter, target)
    reach = _reach(table)
    blockers = sight_blockers(table, tanks, shooter, target.polygon)
    touched = woods_touched(table, shooter, target.polygon)
    part = visible_part(shooter.eye, target.polygon, blockers, reach)
    if readings.woods_touched == "beyond":
        part = _hide_beyond(part, shooter.eye, touched, reach)
    grazing = not part.any and bool(clear_lines(table, tanks, shooter, target, readings).any())
    seen = part.any or (grazing and readings.sight_grazing == "sees")
    where = "the turret" if not shooter.has("Assault Gun") else "the gun barrel's point"
    past = ", ".join(part.blockers) or "the blockers"
    if part.any:
        text = f"{shooter.id} sees {_share(part.fraction)} of {target.id} from {where}"
    elif grazing:
        verdict = "is a Line of Sight" if seen else "is no Line of Sight"
        text = (
            f"{shooter.id}'s line to {target.id} only grazes the edge of {past}: no area of "
            f"{target.id} is seen, and a grazing line {verdict} ({readings.named('sight_grazing')})"
        )
    else:
        text = f"{shooter.id} cannot see {target.id}: hidden by {past}"
    reasons = [Reason(text, sections.LINE_OF_SIGHT)]
    if part.any and part.blockers:
        reasons.append(
            Reason(f"the rest is hidden by {', '.join(part.blockers)}", sections.LINE_OF_SIGHT)
        )
    if touched:
        names = ", ".join(name for name, _ in touched)
        how = (
            f"hides the part of {target.id} beyond it, not the part within it"
            if readings.woods_touched == "beyond"
            else "does not block this shot"
        )
        reasons.append(
            Reason(
                f"{target.id} overlaps {names}: the wood {how} ({readings.named('woods_touched')})",
                sections.WOODS,
            )
        )
    return LineOfSight(shooter.id, target.id, part, tuple(reasons), seen, grazing)


@dataclass(frozen=True)
class CornerLine:
    corner: str
    at: tuple[float, float]
    blockers: tuple[str, ...]

    @property
    def seen(self) -> bool:
        return not self.blockers


@dataclass(frozen=True)
class CoverCheck:
    """The four corner lines, and whether the target is in Cover, with the reason."""

    in_cover: bool
    corners: tuple[CornerLine, ...]  # the four corner sight lines
    reason: Reason

    @property
    def corners_seen(self) -> int:
        return sum(line.seen for line in self.corners)

    @property
    def reasons(self) -> tuple[Reason, ...]:
        """The verdict, then each corner line that is blocked and by what."""
        blocked = tuple(
            Reason(
                f"the line to the {c.corner} corner crosses {', '.join(c.blockers)}", sections.COVER
            )
            for c in self.corners
            if not c.seen
        )
        return (self.reason, *blocked)

    def lines(self) -> list[str]:
        return lines_of(self.reasons)


def _wholly_in_wood(table: Table, hull: Polygon) -> str | None:
    for piece in table.pieces:
        if TANKS_TERRAIN[piece.kind].cover_inside and piece.polygon.covers(hull):
            return piece.name
    return None


def cover(
    table: Table, tanks: Sequence[TankPiece], shooter: TankPiece, target: TankPiece
) -> CoverCheck:
    """Cover: fewer than three of the target's four corners seen along lines that cross no
    other tank and no terrain that blocks or gives cover; or either tank wholly in a wood."""
    two_tanks(shooter, target)
    blockers = cover_blockers(table, tanks, shooter, target.polygon)
    corners = np.asarray(target.hull.corners())
    names = crossed(np.asarray([shooter.eye]), corners, blockers)
    lines = tuple(
        CornerLine(n, (float(x), float(y)), tuple(b))
        for n, (x, y), b in zip(CORNER_NAMES, corners, names, strict=True)
    )
    seen = sum(line.seen for line in lines)
    wood_t = _wholly_in_wood(table, target.polygon)
    wood_s = _wholly_in_wood(table, shooter.polygon)
    if wood_t:
        reason = Reason(f"{target.id} is completely within {wood_t}", sections.WOODS)
    elif wood_s:
        reason = Reason(f"{shooter.id} shoots from completely within {wood_s}", sections.WOODS)
    elif seen < 3:
        reason = Reason(f"only {seen} of {target.id}'s 4 corners can be seen", sections.COVER)
    else:
        reason = Reason(
            f"{seen} of {target.id}'s 4 corners can be seen: not in Cover", sections.COVER
        )
    return CoverCheck(bool(wood_t or wood_s or seen < 3), lines, reason)


def close_range(table: Table, shooter: TankPiece, target: TankPiece) -> tuple[bool, Reason]:
    """Within one Measuring Arrow (head included): the hulls' least distance."""
    two_tanks(shooter, target)
    gap = float(shooter.polygon.distance(target.polygon))
    near = gap <= table.arrow.length + DISTANCE_EPS
    rel = "within" if near else "beyond"
    arrow = f"one Measuring Arrow ({table.arrow.length:g} cm)"
    text = f"{shooter.id} is {gap:.1f} cm from {target.id}, {rel} {arrow}"
    return near, Reason(text, sections.CLOSE_RANGE)


def side_shot(shooter: TankPiece, target: TankPiece) -> tuple[bool, Reason]:
    """Any part of the shooter's hull behind the line of the target's front."""
    two_tanks(shooter, target)
    behind = bool(target.hull.behind_front(shooter.hull.corners()).any())
    text = (
        f"part of {shooter.id}'s hull is behind the front of {target.id}"
        if behind
        else f"{shooter.id}'s hull is wholly in front of {target.id}'s front"
    )
    return behind, Reason(text, sections.SIDE_SHOT)


MAX_REACH = 2000.0  # cm: the longest corridor in_arc draws; the library's own sanity limit,
# longer than any line on the largest table (1,000 cm a side: maps/README.md, limits)


def two_tanks(shooter: TankPiece, target: TankPiece) -> None:
    """ArgumentError if ``target`` is ``shooter`` itself: a question about a shot asks it of
    two tanks."""
    if shooter.id == target.id:
        raise ArgumentError("target", target.id, f"a tank other than the shooter {shooter.id!r}")


def in_arc(
    shooter: TankPiece,
    target: TankPiece,
    reach: float = 200.0,
    readings: SightReadings = DEFAULT_READINGS,
) -> tuple[bool, Reason]:
    """The Assault Gun's Firing Arc (any tank without the keyword shoots all round): the
    target's hull entirely in front of the line of the gun's hull front, or (reading
    ``assault_gun_arc`` 'firing-arc') partly directly in front of it. The reason names the
    reading when a corner lies exactly on the line, or when the keyword's reading refuses.
    ``reach``: how far ahead the corridor in front of the gun runs (cm, more than 0, at most
    :data:`MAX_REACH`)."""
    two_tanks(shooter, target)
    positive("reach", reach, high=MAX_REACH)
    if not shooter.has("Assault Gun"):
        return True, Reason(f"{shooter.id} can shoot in any direction", sections.FIRING_ARC)
    hull = shooter.hull
    fx, fy = direction(hull.heading)
    gx, gy = hull.gun_point
    ahead_by = (np.asarray(target.hull.corners()) - (gx, gy)) @ np.array([fx, fy])
    on_line = int((np.abs(ahead_by) <= LINE_EPS).sum())
    counts = ahead_by > LINE_EPS
    if readings.front_line == "in-front":
        counts |= np.abs(ahead_by) <= LINE_EPS
    whole = bool(counts.all())
    corridor = hull.front_corridor(reach)
    ahead = bool(
        corridor.intersects(target.polygon) and corridor.intersection(target.polygon).area > 1e-9
    )
    keyword = readings.assault_gun_arc == "keyword"
    notes = []
    if on_line:
        notes.append(
            f"{on_line} of its corners lie exactly on the line of {shooter.id}'s hull front: "
            f"{readings.named('front_line')}"
        )
    if keyword and ahead and not whole:
        notes.append(f"only targets entirely in front: {readings.named('assault_gun_arc')}")
    note = f" ({'; '.join(notes)})" if notes else ""
    if whole or (ahead and not keyword):
        how = "wholly in front of" if whole else "partly directly in front of"
        return True, Reason(f"{target.id} is {how} {shooter.id}{note}", sections.FIRING_ARC)
    return False, Reason(
        f"{target.id} is outside {shooter.id}'s Assault Gun arc{note}", sections.FIRING_ARC
    )


# --- heatmaps ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Heatmaps:
    """For a target hull placed with its centre at each 1-cm cell of the table (row by row,
    ``shape`` rows × columns): seen, in cover, close range, side shot, and whether the hull
    may stand there at all (on the table, overlapping no impassable terrain and no tank)."""

    centres: np.ndarray
    shape: tuple[int, int]
    seen: np.ndarray
    in_cover: np.ndarray
    close: np.ndarray
    side: np.ndarray
    placeable: np.ndarray

    def grid(self, name: str) -> np.ndarray:
        return np.asarray(getattr(self, name)).reshape(self.shape)


# the peak memory and time of heatmaps per cell, measured (resident memory in a fresh
# process, tests/test_bounded_work.py) on Barkmann's Corner at steps of 1 to 0.3 cm
HEATMAP_BYTES_PER_CELL = 900
HEATMAP_SECONDS_PER_CELL = 1e-4  # on the shared, busy 2-core machine
MAX_HEATMAP_BYTES = MAX_BYTES  # the default bound: 2.4 million cells (0.06 cm on 90 x 90)


def heatmap_cells(table: Table, step: float) -> int:
    """How many ``step``-cm cells :func:`heatmaps` covers ``table`` with."""
    return math.ceil(table.width / step - 0.5) * math.ceil(table.depth / step - 0.5)


def check_heatmap_bound(
    table: Table, step: object, max_bytes: object, max_seconds: object = MAX_SECONDS
) -> float:
    """``step`` as a float if it is a positive finite number whose cells fit ``max_bytes``
    at the peak (:data:`HEATMAP_BYTES_PER_CELL` each) and ``max_seconds`` (None: no bound on
    time), else ArgumentError with the estimate."""
    whole_number("max_bytes", max_bytes, low=0)
    real = isinstance(step, int | float) and not isinstance(step, bool)
    if not real or not math.isfinite(step) or not 0 < step <= max(table.width, table.depth):  # type: ignore[operator, arg-type]
        raise ArgumentError("step", step, "a cell size in cm, more than 0, at most the table")
    cells = heatmap_cells(table, float(step))  # type: ignore[arg-type]
    cost = Cost(cells * HEATMAP_BYTES_PER_CELL, cells * HEATMAP_SECONDS_PER_CELL)
    what = f"a step whose {cells:,} cells fit"
    refuse_past("step", step, what, cost, max_bytes, max_seconds, instead="a larger step, or ")
    return float(step)  # type: ignore[arg-type]


def heatmaps(
    table: Table,
    tanks: Sequence[TankPiece],
    shooter: TankPiece,
    target: TankPiece,
    step: float = 1.0,
    readings: SightReadings = DEFAULT_READINGS,
    *,
    max_bytes: int = MAX_HEATMAP_BYTES,
    max_seconds: float | None = MAX_SECONDS,
) -> Heatmaps:
    """The four answers for ``target`` (its size and heading) at every ``step``-cm cell,
    as arrays, in one call: corner lines, shadows and distances with shapely's array
    functions. ``tanks`` are the other tanks on the table (the target is left out). Where
    the target overlaps a wood, the wood hides what lies beyond it ('beyond') or nothing
    ('ignored'); a hull seen only along a grazing line counts as hidden here (a position
    of no area). A step whose cells would pass ``max_bytes`` at the peak (2 GiB by default:
    about 900 bytes a cell) or ``max_seconds`` (60 s by default: about 600,000 cells) is
    refused with the estimate (ArgumentError)."""
    two_tanks(shooter, target)
    step = check_heatmap_bound(table, step, max_bytes, max_seconds)
    others = [t for t in tanks if t.id not in (target.id,)]
    centres = grid_centres(table.width, table.depth, step)
    shape = (
        len(np.arange(step / 2, table.depth, step)),
        len(np.arange(step / 2, table.width, step)),
    )
    hull = target.hull
    corners = rectangle_corners(centres, hull.heading, hull.length, hull.width)
    hulls = polygons_of(corners)
    eye = shooter.eye
    own = shooter.polygon
    # cover: corner lines
    # a corner is seen unless it lies strictly inside a blocker's shadow (a line that only
    # grazes a blocker ends on the shadow's edge): one point-in-polygon test per corner
    reach = _reach(table)
    blockers = [p for _, p in cover_blockers(table, others, shooter, Polygon())]
    flat = corners.reshape(-1, 2)
    clear = np.ones(len(flat), dtype=bool)
    if blockers:
        hidden = shapely.union_all([shadow(eye, p, reach) for p in blockers])
        shapely.prepare(hidden)
        clear = ~shapely.contains_xy(hidden, flat[:, 0], flat[:, 1])
    in_cover = clear.reshape(-1, 4).sum(axis=1) < 3
    woods = [p.polygon for p in table.pieces if TANKS_TERRAIN[p.kind].cover_inside]
    if any(w.covers(own) for w in woods):
        in_cover[:] = True
    for wood in woods:
        shapely.prepare(wood)
        in_cover |= shapely.covers(wood, hulls)
    # seen: shadows, the woods the target overlaps left out for those positions
    fixed = [shadow(eye, t.polygon, reach) for t in others if t.id != shooter.id]
    wood_shadows, wood_beyond, wood_overlap = [], [], []
    beyond = readings.woods_touched == "beyond"
    for piece in table.pieces:
        kind = TANKS_TERRAIN[piece.kind]
        if not kind.blocks_los:
            continue
        if kind.cover_inside:
            if _inside(piece.polygon, own):
                continue
            wood_shadows.append(shadow(eye, piece.polygon, reach))
            wood_beyond.append(beyond_wood(eye, piece.polygon, reach) if beyond else None)
            overlap = shapely.intersects(piece.polygon, hulls) & ~shapely.touches(
                piece.polygon, hulls
            )
            wood_overlap.append(overlap)
        else:
            fixed.append(shadow(eye, piece.polygon, reach))
    pattern = np.stack(wood_overlap, axis=1) if wood_overlap else np.zeros((len(hulls), 0), bool)
    seen = np.ones(len(hulls), dtype=bool)
    keys, groups = np.unique(pattern, axis=0, return_inverse=True)
    for k, key in enumerate(keys):
        parts = fixed + [
            b if touched else s
            for s, b, touched in zip(wood_shadows, wood_beyond, key, strict=True)
            if not touched or b is not None
        ]
        if not parts:
            continue
        hidden = shapely.union_all(parts)
        shapely.prepare(hidden)
        members = np.flatnonzero(groups.ravel() == k)
        seen[members] = ~shapely.covers(hidden, hulls[members])
    # close range and side shot
    close = shapely.distance(own, hulls) <= table.arrow.length + DISTANCE_EPS
    fx, fy = direction(hull.heading)
    fronts = centres @ np.array([fx, fy]) + hull.length / 2
    shooter_min = (np.asarray(shooter.hull.corners()) @ np.array([fx, fy])).min()
    side = shooter_min < fronts
    # placeable
    surface = table.surface
    shapely.prepare(surface)
    placeable = shapely.covers(surface, hulls)
    solid = [p.polygon for p in table.pieces if TANKS_TERRAIN[p.kind].impassable]
    solid += [t.polygon for t in others]
    if solid:
        tree = shapely.STRtree(np.asarray(solid, dtype=object))
        hull_i, solid_i = tree.query(hulls, predicate="intersects")
        touching = shapely.touches(hulls[hull_i], np.asarray(solid, dtype=object)[solid_i])
        placeable[hull_i[~touching]] = False
    return Heatmaps(centres, shape, seen, in_cover, close, side, placeable)


def heatmaps_reference(
    table: Table,
    tanks: Sequence[TankPiece],
    shooter: TankPiece,
    target: TankPiece,
    centres: np.ndarray,
    readings: SightReadings = DEFAULT_READINGS,
) -> dict[str, list[bool]]:
    """The plain per-position version of :func:`heatmaps` (seen, in_cover, close, side): one
    position at a time through the single-shot functions. For tests and benchmarks."""
    from dataclasses import replace

    out: dict[str, list[bool]] = {"seen": [], "in_cover": [], "close": [], "side": []}
    others = [t for t in tanks if t.id != target.id]
    for x, y in np.asarray(centres).tolist():
        placed = replace(target, hull=target.hull.moved((x, y)))
        everyone = [*others, placed]
        out["seen"].append(line_of_sight(table, everyone, shooter, placed, readings).seen)
        out["in_cover"].append(cover(table, everyone, shooter, placed).in_cover)
        out["close"].append(close_range(table, shooter, placed)[0])
        out["side"].append(side_shot(shooter, placed)[0])
    return out


_ = Hull  # re-exported type for callers building targets
