"""Shooting and Armour: who may shoot at whom, the shell's trajectory, the ruler distance,
the armour side hit, and the exact odds to destroy (and, with the Damage rule, to damage).

- Arc: a tank that has not moved this turn shoots all round; one that moved only within 90°
  either side of its facing, the 90° line included (an exact integer test).
- Range: at least 2 with the ruler (Euclidean between square centres; a roster's
  ``squares_per_unit`` converts squares to ruler units). The distance added to the armour is
  rounded as ``Options.distance_rounding`` says.
- Trajectory: the exact trace of the centre-to-centre segment (``square_trace``); buildings,
  barricades in play and tanks, active or destroyed, block; flags do not. A shot past a
  corner where two squares meet is the named option ``trajectory``.
- Hit direction: the roster's zones about the target's facing (stand-in: front and rear 90°
  wedges, the rest side); a square a dividing line cuts counts as side.
- Kill: the sum of the small numbers on the gun dice ≥ distance + armour.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cache
from itertools import combinations_with_replacement
from math import factorial
from typing import TYPE_CHECKING

from workbench.boards.values import Pictured
from workbench.bounds import MAX_BYTES, MAX_SECONDS, refuse_past
from workbench.errors import ArgumentError
from workbench.games.panzer_strike.boards.tank_types import PanzerStrikeRoster
from workbench.games.panzer_strike.rules import sections
from workbench.games.panzer_strike.rules.state import Match, Tank
from workbench.geometry.squaregrid import (
    FACING_NAMES,
    Square,
    SquareTrace,
    square_trace,
    square_trace_cost,
)
from workbench.rules.core import Action, Reason, lines_of
from workbench.rules.shots import not_at_an_enemy
from workbench.vocabulary import removed_names

MIN_DISTANCE = 2
_DX = (0, 1, 1, 1, 0, -1, -1, -1)
_DY = (-1, -1, 0, 1, 1, 1, 0, -1)
_EPS = 1e-9


def in_arc(facing: int, firer: Square, target: Square) -> bool:
    """Within 90° either side of ``facing``, the 90° line included (exact)."""
    return _DX[facing] * (target.x - firer.x) + _DY[facing] * (target.y - firer.y) >= 0


def ruler(roster: PanzerStrikeRoster, a: Square, b: Square) -> float:
    """The ruler distance in ruler units (squares / ``squares_per_unit``)."""
    return a.ruler(b) / roster.squares_per_unit


def counted_distance(distance: float, rounding: str) -> float:
    """The distance added to the armour: rounded ``up``, to the ``nearest`` (halves up) or
    ``exact``. A value within 1e-9 of a whole number is that number.

    >>> counted_distance(2.236, "up"), counted_distance(2.5, "nearest"), counted_distance(3.0, "up")
    (3, 3, 3)
    """
    whole = round(distance)
    if abs(distance - whole) < _EPS:
        return whole
    if rounding == "up":
        return math.ceil(distance)
    if rounding == "nearest":
        return math.floor(distance + 0.5)
    return distance


@dataclass(frozen=True)
class Trajectory:
    """The shell's path: the exact trace and what on it blocks (square, what stands there).

    ``corners`` are the squares beside a corner the line passes through (two squares meet
    there, one each side of the line) that have something on them, whether or not the reading
    in force (``reading``: option ``trajectory``) lets them stop the shell."""

    firer: Square
    target: Square
    trace: SquareTrace
    checked: tuple[Square, ...]
    blockers: tuple[tuple[Square, str], ...]
    reading: str = "crossed"
    corners: tuple[tuple[Square, str], ...] = ()

    @property
    def clear(self) -> bool:
        return not self.blockers

    @property
    def reasons(self) -> tuple[Reason, ...]:
        """Clear, with the squares between, or what blocks it and where."""
        if self.clear:
            text = f"the trajectory is clear ({len(self.checked)} squares between)"
        else:
            what = ", ".join(f"{w} at ({s.x}, {s.y})" for s, w in self.blockers)
            text = f"the trajectory is blocked by {what}"
            if any(b in self.corners for b in self.blockers):
                text += f" (beside a corner the line passes: trajectory {self.reading!r})"
        return (Reason(text, sections.SHOOTING),)

    def lines(self) -> list[str]:
        """The reasons as text lines, each with its section."""
        return lines_of(self.reasons)


def corner_pairs(trace: SquareTrace) -> tuple[tuple[Square, Square], ...]:
    """The two squares that meet at each corner the line passes through, one each side of it
    (found where the line goes from one square to the next diagonally).

    >>> from workbench.geometry.squaregrid import square_trace
    >>> corner_pairs(square_trace(Square(0, 0), Square(2, 2)))[0]
    (Square(x=1, y=0), Square(x=0, y=1))
    """
    pairs = []
    for a, b in zip(trace.crossed, trace.crossed[1:], strict=False):
        dx, dy = b.x - a.x, b.y - a.y
        if dx and dy:
            pairs.append((Square(a.x + dx, a.y), Square(a.x, a.y + dy)))
    return tuple(pairs)


def trajectory(
    match: Match,
    firer: Square,
    target: Square,
    *,
    max_bytes: int = MAX_BYTES,
    max_seconds: float | None = MAX_SECONDS,
) -> Trajectory:
    """What lies between two squares (ends excluded) and which of it stops a shell.

    "The trajectory of the shell must be clear – there must not be anything on its way (like
    a part of a building or an active or destroyed tank)." What stands on a square whose inside
    the line crosses is on its way. A shot past a corner where two squares meet is the open
    case (option ``trajectory``): ``'crossed'``, it goes by; ``'met'``, something on either
    square stops it; ``'both'``, only something on each of the two. Both squares must be on
    the board; the work is the square trace's, bounded by ``max_bytes`` and ``max_seconds``
    as :func:`~workbench.geometry.squaregrid.square_trace` is (on a board, a few kB)."""
    for argument, square in (("firer", firer), ("target", target)):
        if square not in match.board:
            size = f"{match.board.width} × {match.board.depth}"
            raise ArgumentError(argument, square, f"a square on the {size} board")
    traced = f"a target whose line from {firer} is traced"
    estimate = square_trace_cost(firer, target)
    refuse_past("target", target, traced, estimate, max_bytes, max_seconds)
    trace = square_trace(firer, target, max_bytes=max_bytes, max_seconds=max_seconds)
    reading = match.options.trajectory
    width, depth = match.board.width, match.board.depth

    def between(square: Square) -> bool:
        return square not in (firer, target) and 0 <= square.x < width and 0 <= square.y < depth

    crossed = tuple(s for s in trace.crossed if between(s))
    walls = _fire_blocks(match)
    occupied = {t.at: t for t in match.tanks}

    def what(square: Square) -> str | None:
        tank = occupied.get(square)
        if tank is not None:
            return f"destroyed tank {tank.id}" if tank.destroyed else f"tank {tank.id}"
        return walls.get(square)

    pairs = [tuple(s for s in pair if between(s)) for pair in corner_pairs(trace)]
    corners = tuple((s, w) for pair in pairs for s in pair if (w := what(s)) is not None)
    if reading == "crossed":
        checked = crossed
        blockers = [(s, w) for s in crossed if (w := what(s)) is not None]
    elif reading == "met":
        checked = tuple(s for s in sorted(trace.met()) if between(s))
        blockers = [(s, w) for s in checked if (w := what(s)) is not None]
    else:  # "both": a corner stops the shell only when both its squares hold something
        checked = tuple(s for s in sorted(trace.met()) if between(s))
        blocked = {s for s, _ in corners}
        stopping = {s for pair in pairs if len(pair) == 2 and set(pair) <= blocked for s in pair}
        blockers = [(s, w) for s in checked if (s in crossed or s in stopping) and (w := what(s))]
    return Trajectory(firer, target, trace, checked, tuple(blockers), reading, corners)


_WALLS: dict[int, tuple[object, bool, dict[Square, str]]] = {}


def _fire_blocks(match: Match) -> dict[Square, str]:
    """What stops a shell on each square of the board itself (buildings, barricades in
    play), kept per board value (boards are immutable)."""
    board, on = match.board, match.options.barricades
    cached = _WALLS.get(id(board))
    if cached is not None and cached[0] is board and cached[1] == on:
        return cached[2]
    walls = {
        s: f"a {board.feature_name(s)}" for s in board.squares() if board.feature_at(s).blocks_fire
    }
    walls |= {s: "a barricade" for s in match.in_play_barricades()}
    if len(_WALLS) > 64:
        _WALLS.clear()
    _WALLS[id(board)] = (board, on, walls)
    return walls


def bearing(target: Tank, firer: Square) -> float:
    """Degrees from the target's facing to the firer, clockwise, in (-180, 180]."""
    dx, dy = firer.x - target.at.x, firer.y - target.at.y
    angle = math.degrees(math.atan2(dx, -dy)) - 45.0 * target.facing
    angle = (angle + 180.0) % 360.0 - 180.0
    return 180.0 if angle == -180.0 else angle


def dividing_lines(match: Match, target: Tank) -> tuple[float, ...]:
    """The zones' dividing rays from the target's centre, in degrees clockwise from north."""
    zones = match.roster.hit_direction
    base = 45.0 * target.facing
    return tuple(
        (base + a) % 360.0
        for a in (
            zones.front_within,
            -zones.front_within,
            180 - zones.rear_within,
            180 + zones.rear_within,
        )
    )


def _ray_cuts(angle: float, dx: int, dy: int) -> bool:
    ux, uy = math.sin(math.radians(angle)), -math.cos(math.radians(angle))
    if dx * ux + dy * uy <= 0:
        return False
    across = dx * -uy + dy * ux
    return abs(across) < 0.5 * (abs(uy) + abs(ux)) - _EPS


@dataclass(frozen=True)
class HitSide:
    """The armour a shot from ``firer`` hits on ``target``, and why."""

    zone: str
    bearing: float
    divided: bool
    reason: Reason

    @property
    def reasons(self) -> tuple[Reason, ...]:
        return (self.reason,)

    def lines(self) -> list[str]:
        """The reason as a text line, with its section."""
        return lines_of(self.reasons)


def hit_side(match: Match, target: Tank, firer: Square) -> HitSide:
    """Front, side or rear: by the firer's bearing from the target's facing (the roster's
    zones), a firing square cut by a dividing line counting as side (``divided_square``)."""
    b = bearing(target, firer)
    zones = match.roster.hit_direction
    dx, dy = firer.x - target.at.x, firer.y - target.at.y
    divided = any(_ray_cuts(a, dx, dy) for a in dividing_lines(match, target))
    on_line = any(abs(abs(b) - w) < _EPS for w in (zones.front_within, 180 - zones.rear_within))
    source = match.roster.source("hit_direction")
    if on_line or (divided and match.options.divided_square == "side"):
        text = (
            f"({firer.x}, {firer.y}) is divided by a zone line ({b:.0f}° from "
            f"{target.id}'s facing): side armour"
        )
        return HitSide("side", b, True, Reason(text, sections.SHOOTING))
    zone = zones.zone(b)
    text = (
        f"({firer.x}, {firer.y}) is {abs(b):.0f}° from {target.id}'s facing: {zone} armour "
        f"(zones: front within {zones.front_within:g}°, rear within {zones.rear_within:g}°, "
        f"{source})"
    )
    return HitSide(zone, b, divided, Reason(text, sections.HIT_DIRECTION))


@cache
def _per_die(faces: tuple[int, ...]) -> dict[int, Fraction]:
    out: dict[int, Fraction] = {}
    for v in faces:
        out[v] = out.get(v, Fraction(0)) + Fraction(1, len(faces))
    return out


@cache
def firepower_distribution(small: tuple[int, ...], dice: int) -> dict[int, Fraction]:
    """The exact chance of each firepower sum of ``dice`` dice with these small numbers."""
    totals: dict[int, Fraction] = {0: Fraction(1)}
    for _ in range(dice):
        nxt: dict[int, Fraction] = {}
        for total, p in totals.items():
            for v, q in _per_die(small).items():
                nxt[total + v] = nxt.get(total + v, Fraction(0)) + p * q
        totals = nxt
    return dict(sorted(totals.items()))


@cache
def roll_outcomes(
    values: tuple[int, ...], dice: int
) -> tuple[tuple[tuple[int, ...], Fraction], ...]:
    """Every roll of ``dice`` dice as a sorted multiset of the faces' numbers (``values``,
    one per face, equally likely), with its exact probability."""
    per = _per_die(values)
    kinds = sorted(per)
    out = []
    for combo in combinations_with_replacement(kinds, dice):
        counts: dict[int, int] = {}
        for v in combo:
            counts[v] = counts.get(v, 0) + 1
        p = Fraction(factorial(dice))
        for v, n in counts.items():
            p = p / factorial(n) * per[v] ** n
        out.append((combo, p))
    return tuple(out)


@dataclass(frozen=True)
class KillOdds(Pictured):
    """Everything about one possible shot: may it be fired, and the exact odds; it draws
    itself over ``state`` (the trajectory, the hit zones about the target and the odds).

    ``reasons`` list the parts (arc, distance, trajectory, armour side, dice), each with its
    section. ``destroy`` and ``damage`` are exact fractions over the dice definition in force
    (the chance if it is fired as things stand); ``firepower`` is the distribution of the sum
    of the small numbers. ``can_shoot``: the arc, the range and the trajectory allow it.
    ``shot`` and ``refusal`` are set by the contract's ``odds``
    (:func:`~workbench.games.panzer_strike.rules.learning.odds`): the action that declares
    the shot now, or None and why not now (the phase and the rule, also the last reason);
    ``odds`` alone leaves both None."""

    firer: str
    target: str
    can_shoot: bool
    reasons: tuple[Reason, ...]
    distance: float
    counted: float
    zone: str
    armour: int
    dice: int
    needed: float
    destroy: Fraction
    damage: Fraction
    firepower: Mapping[int, Fraction] = field(repr=False)
    trajectory: Trajectory = field(repr=False)
    hit: HitSide = field(repr=False)
    state: Match | None = field(default=None, repr=False, compare=False)
    shot: Action | None = None
    refusal: Reason | None = None

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        where = "arc, range and trajectory allow it" if self.can_shoot else "it cannot be fired"
        return (
            f"<odds of {self.firer} at {self.target}: destroy {self.destroy}, damage "
            f"{self.damage} ({where})>"
        )

    def lines(self) -> list[str]:
        """The odds, then the reasons as text lines, each with its section."""
        head = f"{self.firer} at {self.target}: destroys with {_percent(self.destroy)}"
        if self.damage:
            head += f", damages with {_percent(self.damage)}"
        return [head, *("  " + line for line in lines_of(self.reasons))]


def _percent(chance: Fraction) -> str:
    return f"{chance} ({float(chance):.1%})"


def not_a_shot(match: Match, firer_id: str, target_id: str) -> Reason | None:
    """Why ``firer_id`` may not shoot at ``target_id`` whatever the moment, or None: a tank
    shoots at an enemy ("Players can determine if a tank can shoot at an enemy", Rules:
    Shooting and Armour), never at itself nor at a tank of its own side."""
    firer, target = match.tank(firer_id), match.tank(target_id)
    return not_at_an_enemy(firer, target, "shoot", "a tank shoots at an enemy", sections.SHOOTING)


def odds(match: Match, firer_id: str, target_id: str) -> KillOdds:
    """May ``firer`` shoot at ``target`` now, and the exact chance to destroy (and damage)."""
    firer, target = match.tank(firer_id), match.tank(target_id)
    reasons: list[Reason] = []
    refused = not_a_shot(match, firer_id, target_id)
    if refused is None and firer.destroyed:
        refused = Reason(f"{firer.id} is destroyed", sections.SHOOTING)
    elif refused is None and target.destroyed:
        refused = Reason(f"{target.id} is already destroyed", sections.SHOOTING)
    moved = firer.id in match.moved
    if moved:
        ok = in_arc(firer.facing, firer.at, target.at)
        text = (
            f"{firer.id} moved this turn: it shoots within 90° of its facing "
            f"{FACING_NAMES[firer.facing]}; {target.id} is {'inside' if ok else 'outside'}"
        )
        reasons.append(Reason(text, sections.SHOOTING))
        if not ok and refused is None:
            refused = reasons[-1]
    else:
        reasons.append(
            Reason(
                f"{firer.id} has not moved this turn: it shoots in any direction", sections.SHOOTING
            )
        )
    distance = ruler(match.roster, firer.at, target.at)
    counted = counted_distance(distance, match.options.distance_rounding)
    far_enough = distance >= MIN_DISTANCE - _EPS
    text = f"distance {distance:.2f} with the ruler"
    if counted != distance:
        text += f", counted as {counted} ({match.options.distance_rounding})"
    text += "" if far_enough else f": under the minimum of {MIN_DISTANCE}"
    reasons.append(Reason(text, sections.SHOOTING))
    if not far_enough and refused is None:
        refused = reasons[-1]
    path = trajectory(match, firer.at, target.at)
    reasons += path.reasons
    if not path.clear and refused is None:
        refused = reasons[-1]
    hit = hit_side(match, target, firer.at)
    reasons.append(hit.reason)
    kind = match.kind(target)
    armour = kind.armour(hit.zone)  # type: ignore[arg-type]
    dice = match.kind(firer).gun_dice
    needed = counted + armour
    small = tuple(f.firepower for f in match.roster.die_faces)
    dist = firepower_distribution(small, dice)
    if match.options.damage:
        destroy = sum((p for s, p in dist.items() if s > needed + _EPS), Fraction(0))
        damage = sum((p for s, p in dist.items() if abs(s - needed) < _EPS), Fraction(0))
    else:
        destroy = sum((p for s, p in dist.items() if s >= needed - _EPS), Fraction(0))
        damage = Fraction(0)
    reasons.append(Reason(f"{target.kind} {hit.zone} armour {armour}", sections.TABLE_A))
    reasons.append(
        Reason(
            f"{firer.kind} rolls {dice} gun dice (small numbers "
            f"{'/'.join(map(str, small))}, {match.roster.source('die')})",
            sections.TABLE_A,
        )
    )
    rule = f"destroyed if the sum is at least {counted} + {armour}"
    if match.options.damage:
        rule = f"destroyed above {counted} + {armour}, damaged if equal"
    reasons.append(Reason(rule, sections.DAMAGE if match.options.damage else sections.SHOOTING))
    if refused is not None:
        reasons = [r for r in reasons if r != refused] + [refused]
    return KillOdds(
        firer.id,
        target.id,
        refused is None,
        tuple(reasons),
        distance,
        counted,
        hit.zone,
        armour,
        dice,
        needed,
        destroy,
        damage,
        dist,
        path,
        hit,
        match,
        refusal=refused,
    )


def hit_zones(match: Match, target_id: str, radius: int = 5) -> dict[Square, str]:
    """The armour a shot from each square within ``radius`` squares of the target would hit
    (the zones to compare with the printed Hit Direction Schemes)."""
    target = match.tank(target_id)
    out: dict[Square, str] = {}
    for dy in range(-radius, radius + 1):
        for dx in range(-radius, radius + 1):
            square = Square(target.at.x + dx, target.at.y + dy)
            if (dx or dy) and square in match.board:
                out[square] = hit_side(match, target, square).zone
    return out


if not TYPE_CHECKING:  # for mypy no catch-all: a misspelt name stays an error
    __getattr__ = removed_names(
        "workbench.games.panzer_strike.rules.shooting", {"kill_odds": "odds"}
    )
