"""Moving with the Measuring Arrow (Movement: Moving a Tank; Terrain: Impassable Terrain).

A move is a :class:`Placement`: the arrow laid from ``(x, y)`` (the middle of its tail's
end, touching the tank's hull) along ``heading``, and the tank put down with its centre
``along`` cm along the tail, facing ``facing`` — square against the tail (``facing`` is the
arrow's heading turned by a multiple of 90°). Readings where the text leaves a case open:

- "anywhere along the Arrow squared up against the Tail": the hull's centre lies on the
  tail's centre line, from the tail's end (0) to its far end (``tail_length``): never past
  the tail; the hull's sides parallel or square to the tail.
- Impassable terrain: where the arrow (its whole template) first meets impassable terrain
  (buildings, destroyed tanks), measured along the arrow from its start, is as far as the
  centre may go; the tank never ends overlapping impassable terrain.
- Tanks in play are not impassable terrain in the text; a move still may not end with the
  hull overlapping another tank's, and a hull must stay wholly on the table.

``reach_sample`` samples placements for display; :data:`LEGAL_SAMPLE` is the fixed, small
sample ``legal_actions`` lists (any other placement is still legal when ``check_move`` says
so: the action space is finite only by this documented choice).
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import numpy as np
import shapely
from shapely.geometry import Point

from workbench.arguments import finite
from workbench.boards.values import Pictured
from workbench.errors import ArgumentError
from workbench.games.tanks.boards.table import TANKS_TERRAIN
from workbench.games.tanks.rules import sections
from workbench.games.tanks.rules.criticals import card as critical_card
from workbench.games.tanks.rules.state import Battle, TankPiece
from workbench.geometry.table import Hull, arrow_polygons, direction
from workbench.geometry.table_sight import polygons_of
from workbench.rules.core import Reason, lines_of
from workbench.vocabulary import removed_names

TOUCH = 1e-6  # cm: the arrow's start counts as touching the hull within this
# legal_actions' sample: arrow headings relative to the tank (degrees) x fractions of the tail
LEGAL_SAMPLE = {"relative_headings": tuple(range(0, 360, 45)), "along_fractions": (0.5, 1.0)}
# reach_sample' denser sample for display
DISPLAY_SAMPLE = {
    "relative_headings": tuple(range(0, 360, 15)),
    "along_fractions": (0.25, 0.5, 0.75, 1.0),
    "turns": (0, 180),
}


@dataclass(frozen=True)
class Placement:
    """Where the Measuring Arrow is laid and where along it the tank ends (JSON numbers)."""

    x: float
    y: float
    heading: float
    along: float
    facing: float

    def as_tuple(self) -> tuple[float, float, float, float, float]:
        return (self.x, self.y, self.heading, self.along, self.facing)

    @property
    def centre(self) -> tuple[float, float]:
        """Where the tank's centre ends: ``along`` cm from the arrow's start."""
        fx, fy = direction(self.heading)
        return (self.x + fx * self.along, self.y + fy * self.along)

    @property
    def to(self) -> tuple[float, float, float]:
        """Where the tank ends: its centre and facing, ``(x, y, facing)`` (cm to a
        millionth, degrees in ``[0, 360)``).

        >>> Placement(10, 20, 90, 5, 180).to
        (15.0, 20.0, 180.0)
        """
        x, y = self.centre
        return (round(x, 6), round(y, 6), self.facing % 360.0)


@dataclass(frozen=True)
class MoveCheck:
    """Whether a placement is a legal move, the hull it ends as, and why."""

    legal: bool
    hull: Hull | None
    reasons: tuple[Reason, ...]

    def lines(self) -> list[str]:
        return lines_of(self.reasons)


def cannot_move(tank: TankPiece) -> str | None:
    """The Critical card that stops the tank moving, if any (Busted Tracks)."""
    for name in tank.criticals:
        if critical_card(name).effect == "cannot move":
            return name
    return None


def arrow_start(hull: Hull, heading: float) -> tuple[float, float]:
    """Where a ray from the hull's centre along ``heading`` leaves the hull: the arrow laid
    there touches the tank and points away from it.

    >>> arrow_start(Hull((10, 10), 90, 8, 4), 90)
    (14.0, 10.0)
    """
    rel = math.radians(heading - hull.heading)
    forward, right = math.cos(rel), math.sin(rel)
    reach = min(
        hull.length / 2 / abs(forward) if abs(forward) > 1e-12 else math.inf,
        hull.width / 2 / abs(right) if abs(right) > 1e-12 else math.inf,
    )
    dx, dy = direction(heading)
    cx, cy = hull.centre
    return (round(cx + dx * reach, 9), round(cy + dy * reach, 9))


def _stop_distance(battle: Battle, placement: Placement) -> tuple[float, str | None]:
    """How far along the arrow its template first meets impassable terrain (inf: never)."""
    arrow = battle.table.arrow
    template = arrow.polygon((placement.x, placement.y), placement.heading)
    fx, fy = direction(placement.heading)
    best, name = math.inf, None
    for label, polygon in _impassable(battle):
        if not template.intersects(polygon):
            continue
        met = template.intersection(polygon)
        if met.area <= 1e-9 and met.length <= 1e-9:
            continue
        pts = np.asarray(shapely.get_coordinates(met))
        d = float(((pts[:, 0] - placement.x) * fx + (pts[:, 1] - placement.y) * fy).min())
        if d < best:
            best, name = max(0.0, d), label
    return best, name


def _impassable(battle: Battle) -> list[tuple[str, object]]:
    found = [(p.name, p.polygon) for p in battle.table.pieces if TANKS_TERRAIN[p.kind].impassable]
    found += [(f"destroyed {t.id}", t.polygon) for t in battle.tanks if t.destroyed]
    return found


def check_move(battle: Battle, tank_id: str, placement: Placement) -> MoveCheck:
    """Whether ``tank_id`` may move to ``placement`` now, the hull it ends as and why (every
    refusal and the allowance used, each with its section)."""
    try:
        tank = battle.tank(tank_id)
    except KeyError as missing:
        return MoveCheck(False, None, (Reason(str(missing.args[0]), sections.MOVING),))
    arrow = battle.table.arrow
    refuse = []
    if tank.destroyed:
        refuse.append(Reason(f"{tank_id} is destroyed", sections.DESTROY))
    stuck = cannot_move(tank)
    if stuck:
        refuse.append(Reason(f"{tank_id} cannot move: {stuck}", sections.CRITICAL_HITS))
    values = placement.as_tuple()
    if not all(isinstance(v, int | float) and math.isfinite(v) for v in values):
        return MoveCheck(
            False, None, (Reason(f"a placement is five numbers, not {values}", sections.MOVING),)
        )
    gap = tank.polygon.exterior.distance(Point(placement.x, placement.y))
    if gap > TOUCH:
        refuse.append(
            Reason(
                f"the arrow must touch {tank_id}; its start is {gap:.2f} cm from the hull",
                sections.MOVING,
            )
        )
    if not -TOUCH <= placement.along <= arrow.tail_length + TOUCH:
        refuse.append(
            Reason(
                f"the tank ends {placement.along:g} cm along the arrow; the tail is "
                f"{arrow.tail_length:g} cm and a tank cannot move past it",
                sections.MOVING,
            )
        )
    turn = (placement.facing - placement.heading) % 90.0
    if min(turn, 90.0 - turn) > 1e-6:
        refuse.append(
            Reason(
                f"facing {placement.facing:g}° is not square to the arrow ({placement.heading:g}°)",
                sections.MOVING,
            )
        )
    if refuse:
        return MoveCheck(False, None, tuple(refuse))
    stop, what = _stop_distance(battle, placement)
    if placement.along > stop + TOUCH:
        return MoveCheck(
            False,
            None,
            (
                Reason(
                    f"the arrow meets {what} {stop:.1f} cm along: the tank must stop there",
                    sections.IMPASSABLE,
                ),
            ),
        )
    centre = placement.centre
    hull = tank.hull.moved(centre, placement.facing % 360.0)
    problem = hull_problem(battle, tank_id, hull)
    if problem:
        return MoveCheck(False, None, (problem,))
    moved = (
        f"{tank_id} moves to ({centre[0]:.1f}, {centre[1]:.1f}) facing {placement.facing % 360:g}°"
    )
    return MoveCheck(True, hull, (Reason(moved, sections.MOVING),))


def hull_problem(battle: Battle, tank_id: str, hull: Hull) -> Reason | None:
    """Why a hull cannot stand here: off the table, in impassable terrain, on another tank."""
    polygon = hull.polygon()
    if not battle.table.surface.covers(polygon):
        return Reason("the tank would end partly off the table", sections.MOVING)
    for name, solid in _impassable(battle):
        if polygon.intersects(solid) and polygon.intersection(solid).area > 1e-9:
            return Reason(f"the tank cannot end its move in {name}", sections.IMPASSABLE)
    for other in battle.tanks:
        if other.id == tank_id or other.destroyed:
            continue
        if polygon.intersects(other.polygon) and polygon.intersection(other.polygon).area > 1e-9:
            return Reason(f"the tank would end overlapping {other.id}", sections.MOVING)
    return None


def sample_placements(battle: Battle, tank_id: str, sample: dict | None = None) -> list[Placement]:
    """Placements of a sample (headings relative to the tank, fractions of the tail, turns
    of the tank against the arrow): each arrow laid where a ray from the hull's centre leaves
    the hull. Not filtered: see :func:`reach_sample`."""
    sample = sample or LEGAL_SAMPLE
    tank = battle.tank(tank_id)
    tail = battle.table.arrow.tail_length
    found = []
    for rel in sample["relative_headings"]:
        heading = (tank.hull.heading + rel) % 360.0
        x, y = arrow_start(tank.hull, heading)
        for fraction in sample["along_fractions"]:
            for turn in sample.get("turns", (0,)):
                found.append(
                    Placement(x, y, heading, round(tail * fraction, 9), (heading + turn) % 360.0)
                )
    return found


def reach_sample(
    battle: Battle, tank_id: str, sample: dict | None = None
) -> list[tuple[Placement, Hull]]:
    """Legal placements of a sample (default: the denser display sample) with their hulls
    (checked all at once by :func:`legal_sample`)."""
    tank = battle.tank(tank_id)
    found = []
    for p in legal_sample(battle, tank_id, sample or DISPLAY_SAMPLE):
        found.append((p, tank.hull.moved(p.centre, p.facing % 360.0)))
    return found


def legal_sample(battle: Battle, tank_id: str, sample: dict | None = None) -> list[Placement]:
    """The legal placements of a sample, checked for all placements at once with shapely's
    array functions: the same answer as filtering :func:`sample_placements` by
    :func:`check_move` (a test holds them together), many times faster."""
    tank = battle.tank(tank_id)
    if tank.destroyed or cannot_move(tank):
        return []
    placements = sample_placements(battle, tank_id, sample)
    if not placements:
        return []
    arrow = battle.table.arrow
    solid = _impassable(battle)
    keep = np.ones(len(placements), dtype=bool)
    if solid:
        arrows = {(p.x, p.y, p.heading): p for p in placements}
        keys = np.asarray(list(arrows), dtype=float)
        templates = arrow_polygons(arrow.shape, keys[:, :2], keys[:, 2])
        tree = shapely.STRtree(np.asarray([poly for _, poly in solid], dtype=object))
        meets = set(tree.query(templates, predicate="intersects")[0].tolist())
        stops = {
            key: (_stop_distance(battle, p)[0] if i in meets else math.inf)
            for i, (key, p) in enumerate(arrows.items())
        }
        for i, p in enumerate(placements):
            keep[i] = p.along <= stops[(p.x, p.y, p.heading)] + TOUCH
    values = np.array([p.as_tuple() for p in placements])
    radians = np.radians(values[:, 2])
    centres = values[:, :2] + np.stack([np.sin(radians), -np.cos(radians)], axis=1) * values[:, 3:4]
    facing = np.radians(values[:, 4])
    fwd = np.stack([np.sin(facing), -np.cos(facing)], axis=1)
    right = np.stack([-fwd[:, 1], fwd[:, 0]], axis=1)
    hl, hw = tank.hull.length / 2, tank.hull.width / 2
    corners = np.stack(
        [centres + hl * fwd - hw * right, centres + hl * fwd + hw * right,
         centres - hl * fwd + hw * right, centres - hl * fwd - hw * right], axis=1,
    )  # fmt: skip
    hulls = polygons_of(corners)
    keep &= shapely.covers(battle.table.surface, hulls)
    walls = [poly for _, poly in solid] + [
        t.polygon for t in battle.tanks if t.id != tank_id and not t.destroyed
    ]
    if walls:
        arr = np.asarray(walls, dtype=object)
        hull_i, wall_i = shapely.STRtree(arr).query(hulls, predicate="intersects")
        if len(hull_i):
            overlap = shapely.area(shapely.intersection(hulls[hull_i], arr[wall_i])) > 1e-9
            keep[hull_i[overlap]] = False
    del arrow
    return [p for p, ok in zip(placements, keep.tolist(), strict=True) if ok]


@dataclass(frozen=True)
class MoveSweep(Pictured):
    """The arrow's sweep for one tank: the legal placements of the display sample and the
    hulls they end as (for pictures and the explorer)."""

    battle: Battle
    tank: str
    options: tuple[tuple[Placement, Hull], ...]

    __hash__ = None  # type: ignore[assignment]


MOST_SAMPLED = 10_000  # placements of one sample: the library's own sanity limit


def checked_sample(sample: object) -> dict[str, Any] | None:
    """``sample`` if it is None or a sample as :data:`DISPLAY_SAMPLE` is one: headings and
    turns in degrees, fractions of the tail more than 0 and at most 1, finite numbers, at most
    :data:`MOST_SAMPLED` placements in all; else ArgumentError."""
    if sample is None:
        return None
    expected = (
        "a sample: relative_headings and along_fractions (and turns), each a list of finite "
        f"numbers, fractions in (0, 1], at most {MOST_SAMPLED:,} placements"
    )
    if not isinstance(sample, Mapping) or not set(sample) <= {*DISPLAY_SAMPLE}:
        raise ArgumentError("sample", sample, expected)
    counts = 1
    for name in DISPLAY_SAMPLE:
        values = sample.get(name, (0,)) if name == "turns" else sample.get(name)
        if not isinstance(values, list | tuple) or not all(map(finite, values)):
            raise ArgumentError("sample", sample, expected)
        counts *= len(values)
    fractions = sample["along_fractions"]
    if counts > MOST_SAMPLED or not all(0 < f <= 1 for f in fractions):
        raise ArgumentError("sample", sample, expected)
    return dict(sample)


def move_sweep(battle: Battle, tank_id: str, sample: dict | None = None) -> MoveSweep:
    """Every placement of ``sample`` (default: the denser display sample) legal for
    ``tank_id``, with its hull."""
    sample = checked_sample(sample)
    return MoveSweep(battle, tank_id, tuple(reach_sample(battle, tank_id, sample)))


if not TYPE_CHECKING:  # for mypy no catch-all: a misspelt name stays an error
    __getattr__ = removed_names(
        "workbench.games.tanks.rules.movement",
        {"move_options": "reach_sample (the moves legal now: the contract's reach)"},
    )
