"""Plain, independent answers to the learn mode's questions, to check the rules' answers
against (``tests/test_learn_answers.py``). Each is the straightforward definition, written
without the fast code it checks:

- :func:`plain_pv_sight`: the line between two hex centres as a shapely segment (3 × axial
  coordinates put every centre and corner on whole numbers), judged cell by cell and
  hexside by hexside (Firing: Line of Sight);
- :func:`plain_pv_arc`: the firer's bearing in pixels against the target's facing;
- :func:`plain_two_dice_at_least`: the sum over the 36 outcomes of two dice;
- :func:`plain_path_legal`: a move walked pose by pose through the step rules' successors;
- :func:`plain_ps_steps`: Table A's printed speed ("large number − 2") read as text;
- :func:`plain_tanks_*`: the table's geometry with shapely segments and distances.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence
from fractions import Fraction

import shapely

from workbench.boards.hexmap import HexMap
from workbench.games.panzer_vor.rules.movement import StepRules, movement_points
from workbench.games.panzer_vor.rules.state import GameState, Tank
from workbench.geometry.hexgrid import Hex, direction_angle

_CORNERS = ((2, -1), (1, 1), (-1, 2), (-2, 1), (-1, -1), (1, -2))


def _cell(h: Hex) -> shapely.Polygon:
    return shapely.Polygon([(3 * h.q + x, 3 * h.r + y) for x, y in _CORNERS])


def _edge(a: Hex, b: Hex) -> shapely.LineString:
    shared = set(_cell(a).exterior.coords) & set(_cell(b).exterior.coords)
    return shapely.LineString(sorted(shared))


def plain_pv_sight(hexmap: HexMap, a: Hex, b: Hex) -> bool:
    """Whether the centre of ``a`` sees the centre of ``b`` (see the module)."""
    if a.distance(b) > 1 and any(hexmap.terrain_at(h).fire_adjacent_only for h in (a, b)):
        return False
    segment = shapely.LineString([(3 * a.q, 3 * a.r), (3 * b.q, 3 * b.r)])
    here, there = hexmap.terrain_at(a), hexmap.terrain_at(b)
    same_hill = here.name if here.see_across_same and here.name == there.name else None
    box = [
        Hex(q, r)
        for q in range(min(a.q, b.q) - 2, max(a.q, b.q) + 3)
        for r in range(min(a.r, b.r) - 2, max(a.r, b.r) + 3)
    ]

    def obstructs(h: Hex) -> bool:
        if h in (a, b) or h not in hexmap.grid:
            return False
        terrain = hexmap.terrain_at(h)
        return terrain.blocks_los and terrain.name != same_hill

    blocking = [h for h in box if obstructs(h)]
    for h in blocking:
        if segment.relate(_cell(h))[0] == "1":  # through its interior
            return False
        for g in h.neighbors():
            if obstructs(g) and segment.intersection(_edge(h, g)).length > 0:
                return False  # along the hexside two obstructing hexes share
    for side, kind in hexmap.hexsides.items():
        if not hexmap.hexside_types[kind].blocks_fire:
            continue
        edge = _edge(*side.hexes)
        met = segment.intersection(edge)
        ends = [shapely.Point(p) for p in edge.coords]
        if isinstance(met, shapely.Point) and not any(met.equals(e) for e in ends):
            return False  # across a fire-blocking hexside, not at its end
    return True


def plain_pv_arc(target: Tank, firer_hex: Hex, grid: object) -> str:
    """Front, side or rear by the bearing in pixels (front and rear: within 30° of the
    facing or its opposite; exactly on a boundary, the arc with more armour)."""
    tx, ty = grid.center(target.hex, 1.0)  # type: ignore[attr-defined]
    fx, fy = grid.center(firer_hex, 1.0)  # type: ignore[attr-defined]
    bearing = math.degrees(math.atan2(fx - tx, -(fy - ty)))
    off = abs((bearing - direction_angle(target.facing, "pointy") + 180) % 360 - 180)
    armour = target.counter.armour

    def kinder(arc: str) -> str:
        return arc if armour[arc] >= armour["side"] else "side"

    if abs(off - 30) < 1e-6:
        return kinder("front")
    if abs(off - 150) < 1e-6:
        return kinder("rear")
    return "front" if off < 30 else "rear" if off > 150 else "side"


def plain_two_dice_at_least(needed: int) -> Fraction:
    """The chance that two dice total at least ``needed`` (all 36 outcomes counted)."""
    hits = sum(1 for x, y in itertools.product(range(1, 7), repeat=2) if x + y >= needed)
    return Fraction(hits, 36)


def plain_path_legal(state: GameState, tank_id: str, path: Sequence[tuple[Hex, int]]) -> bool:
    """Whether the move along ``path`` is legal: each pose one step from the last, the MP
    within the tank's movement points, the last hex free to stop in."""
    tank = state.tank(tank_id)
    rules = StepRules(state, tank)
    budget, _ = movement_points(tank)
    pose, spent = (tank.hex, tank.facing), 0
    for nxt in path:
        costs = dict(rules.successors(pose))
        if nxt not in costs:
            return False
        spent += costs[nxt]
        pose = nxt
    return spent <= budget and rules.may_end(pose[0])


def plain_ps_steps(printed_speed: str, large: int) -> int:
    """Steps for a die's large number, from Table A's printed text."""
    words = printed_speed.replace("−", "-").split()  # "large number", then "+ 1" or "- 2"
    change = 0 if len(words) == 2 else int(words[3]) * (-1 if words[2] == "-" else 1)
    return max(0, large + change)


def _crosses(segment: shapely.LineString, polygon: shapely.Geometry) -> bool:
    inside = segment.intersection(polygon)
    return bool(inside.length > 1e-9)


def plain_tanks_sees(eye: tuple[float, float], target: shapely.Polygon, blockers: list) -> bool:
    """Whether some point of the target (its corners, centre and a 0.5 cm grid over it) is
    reached by a segment from ``eye`` that crosses no blocker's interior."""
    x0, y0, x1, y1 = target.bounds
    points = [*target.exterior.coords, (target.centroid.x, target.centroid.y)]
    steps_x, steps_y = int((x1 - x0) / 0.5) + 1, int((y1 - y0) / 0.5) + 1
    for i in range(steps_x + 1):
        for j in range(steps_y + 1):
            p = (x0 + i * (x1 - x0) / steps_x, y0 + j * (y1 - y0) / steps_y)
            if target.covers(shapely.Point(p)):
                points.append(p)
    for p in points:
        segment = shapely.LineString([eye, p])
        if not any(_crosses(segment, b) for b in blockers):
            return True
    return False


def plain_tanks_corners_seen(
    eye: tuple[float, float], corners: Sequence[tuple[float, float]], blockers: list
) -> int:
    """How many of the target's corners are reached by a segment crossing no blocker."""
    return sum(
        not any(_crosses(shapely.LineString([eye, c]), b) for b in blockers) for c in corners
    )


def plain_tanks_behind_front(
    centre: tuple[float, float], heading: float, length: float, corners: Sequence
) -> bool:
    """Whether any of ``corners`` lies behind the line of a hull's front (heading clockwise
    from north, y down)."""
    fx, fy = math.sin(math.radians(heading)), -math.cos(math.radians(heading))
    px, py = centre[0] + fx * length / 2, centre[1] + fy * length / 2
    return any((x - px) * fx + (y - py) * fy < -1e-9 for x, y in corners)
