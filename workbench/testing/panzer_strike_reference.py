"""Plain, obviously-right versions of the Panzer Strike analyses, to check the fast ones
against (property tests) and to time them against (benchmarks).

- :func:`plain_reach`: Dijkstra with a heap over ``(square, facing, backed)`` states in
  dicts, one search per tank *and* die, asking the state square by square what blocks.
- :func:`plain_destroy_odds`: every ordered roll of the gun dice enumerated, counted.
"""

from __future__ import annotations

import heapq
import math
from fractions import Fraction
from itertools import product

from workbench.games.panzer_strike.rules.state import Match
from workbench.geometry.squaregrid import Square, square_trace

_DX = (0, 1, 1, 1, 0, -1, -1, -1)
_DY = (-1, -1, 0, 1, 1, 1, 0, -1)


def _blocked(match: Match, square: Square, mover: str) -> bool:
    return match.blocks_movement(square) or any(
        t.at == square and t.id != mover for t in match.tanks
    )


def _may_step(match: Match, here: Square, dx: int, dy: int, mover: str) -> bool:
    there = Square(here.x + dx, here.y + dy)
    if _blocked(match, there, mover):
        return False
    cut = match.options.diagonal_cut
    if dx and dy and cut != "allowed":
        a = not _blocked(match, Square(here.x + dx, here.y), mover)
        b = not _blocked(match, Square(here.x, here.y + dy), mover)
        if cut == "not-past-any" and not (a and b):
            return False
        if cut == "not-between-two" and not (a or b):
            return False
    return True


def plain_reach(match: Match, tank_id: str, steps: int) -> dict[tuple[Square, int], int]:
    """Fewest steps to every pose (start excluded) within ``steps`` (Rules: Movement)."""
    tank = match.tank(tank_id)
    options = match.options
    back_cost = 1 if options.backward_counts else 0
    start = (tank.at.x, tank.at.y, tank.facing, 0)
    best = {start: 0}
    heap = [(0, start)]
    while heap:
        cost, state = heapq.heappop(heap)
        if cost > best[state]:
            continue
        x, y, f, backed = state
        # backed: 0 not gone back in this move, 1 gone back, 2 a move backwards alone
        repeat = options.backward_steps == "repeatable"
        here = Square(x, y)
        nexts = []
        if cost + 1 <= steps and backed != 2:
            nexts += [
                ((x, y, (f + 1) % 8, backed), cost + 1),
                ((x, y, (f - 1) % 8, backed), cost + 1),
            ]
            if _may_step(match, here, _DX[f], _DY[f], tank_id):
                nexts.append(((x + _DX[f], y + _DY[f], f, backed), cost + 1))
        if options.backward_alone:
            allowed_back = (backed == 0 and cost == 0) or (backed == 2 and repeat)
        else:
            allowed_back = backed == 0
        if (
            allowed_back
            and cost + back_cost <= steps
            and _may_step(match, here, -_DX[f], -_DY[f], tank_id)
        ):
            mark = 2 if options.backward_alone else 0 if repeat else 1
            nexts.append(((x - _DX[f], y - _DY[f], f, mark), cost + back_cost))
        for nxt, c in nexts:
            if c < best.get(nxt, math.inf):
                best[nxt] = c
                heapq.heappush(heap, (c, nxt))
    out: dict[tuple[Square, int], int] = {}
    for (x, y, f, _), c in best.items():
        pose = (Square(x, y), f)
        if pose != (tank.at, tank.facing) and c < out.get(pose, math.inf):
            out[pose] = c
    return out


def plain_movement_options(match: Match, dice: list[int]) -> dict[tuple[str, int], dict]:
    """For every tank of the side to act that may move and every die value: its poses."""
    out = {}
    for tank in match.active_tanks(match.side_to_act):
        if tank.damaged:
            continue
        for large in sorted(set(dice)):
            steps = match.kind(tank).steps(large)
            if steps > 0:
                out[(tank.id, large)] = plain_reach(match, tank.id, steps)
    return out


def plain_destroy_odds(needed: float, small: list[int], dice: int, damage: bool) -> Fraction:
    """The chance that ``dice`` dice with these small numbers destroy (every roll counted)."""
    hits = 0
    for roll in product(small, repeat=dice):
        total = sum(roll)
        if total > needed + 1e-9 or (not damage and abs(total - needed) < 1e-9):
            hits += 1
    return Fraction(hits, len(small) ** dice)


def plain_kill(match: Match, firer_id: str, target_id: str) -> Fraction | None:
    """The chance to destroy, or None when the shot may not be fired, with each rule written
    out plainly: arc, ruler distance (rounded up), the squares the line crosses, the zone by
    the centre's bearing (a bearing on a zone line: side; the default 90° wedges cut no other
    square), every ordered roll counted. Default options only."""
    firer, target = match.tank(firer_id), match.tank(target_id)
    dx, dy = target.at.x - firer.at.x, target.at.y - firer.at.y
    if firer.id in match.moved and _DX[firer.facing] * dx + _DY[firer.facing] * dy < 0:
        return None
    distance = math.hypot(dx, dy)
    if distance < 2:
        return None

    for square in square_trace(firer.at, target.at).crossed:
        if square in (firer.at, target.at):
            continue
        if match.blocks_fire(square) or any(t.at == square for t in match.tanks):
            return None
    bearing = math.degrees(math.atan2(-dx, dy)) - 45 * target.facing
    bearing = abs((bearing + 180) % 360 - 180)
    zones = match.roster.hit_direction
    if abs(bearing - zones.front_within) < 1e-9 or abs(180 - bearing - zones.rear_within) < 1e-9:
        zone = "side"
    elif bearing < zones.front_within:
        zone = "front"
    elif 180 - bearing < zones.rear_within:
        zone = "rear"
    else:
        zone = "side"
    counted = round(distance) if abs(distance - round(distance)) < 1e-9 else math.ceil(distance)
    needed = counted + match.kind(target).armour(zone)  # type: ignore[arg-type]
    small = [f.firepower for f in match.roster.die_faces]
    return plain_destroy_odds(needed, small, match.kind(firer).gun_dice, False)


def _meets(a: Square, b: Square, square: Square, *, closed: bool) -> bool:
    """Whether the segment between the centres of ``a`` and ``b`` meets ``square`` (its inside,
    or with ``closed`` its edges and corners too), by exact intervals of the segment's
    parameter, in coordinates doubled so that every edge is a whole number."""
    low, high = Fraction(0), Fraction(1)
    for start, end, centre in ((a.x, b.x, square.x), (a.y, b.y, square.y)):
        lo, hi, d = 2 * centre - 1 - 2 * start, 2 * centre + 1 - 2 * start, 2 * (end - start)
        if d == 0:
            if lo > 0 or hi < 0 or (not closed and (lo == 0 or hi == 0)):
                return False
            continue
        t1, t2 = sorted((Fraction(lo, d), Fraction(hi, d)))
        low, high = max(low, t1), min(high, t2)
    return low <= high if closed else low < high


def plain_trajectory_blocked(match: Match, a: Square, b: Square) -> bool:
    """Whether something stops a shell from ``a`` to ``b`` under the ``trajectory`` reading
    in force, written out plainly: every square of the bounding box asked whether the segment
    crosses its inside or only meets it, and every corner the segment passes through (a
    doubled coordinate odd in x and y, on the segment) with the two squares beside it."""

    def blocks(square: Square) -> bool:
        return match.blocks_fire(square) or any(t.at == square for t in match.tanks)

    inside = [
        Square(x, y)
        for x in range(min(a.x, b.x), max(a.x, b.x) + 1)
        for y in range(min(a.y, b.y), max(a.y, b.y) + 1)
        if Square(x, y) not in (a, b) and Square(x, y) in match.board
    ]
    crossed = [s for s in inside if _meets(a, b, s, closed=False)]
    if any(blocks(s) for s in crossed):
        return True
    reading = match.options.trajectory
    if reading == "crossed":
        return False
    if reading == "met":
        return any(blocks(s) for s in inside if _meets(a, b, s, closed=True))
    dx, dy = 2 * (b.x - a.x), 2 * (b.y - a.y)
    for cx in range(2 * min(a.x, b.x) + 1, 2 * max(a.x, b.x), 2):
        for cy in range(2 * min(a.y, b.y) + 1, 2 * max(a.y, b.y), 2):
            if (cx - 2 * a.x) * dy != (cy - 2 * a.y) * dx:
                continue  # the segment does not pass through this corner
            around = [Square((cx + i) // 2, (cy + j) // 2) for i in (-1, 1) for j in (-1, 1)]
            beside = [s for s in around if s not in crossed and s not in (a, b)]
            if len(beside) == 2 and all(s in match.board and blocks(s) for s in beside):
                return True
    return False
