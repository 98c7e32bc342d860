"""Panzer Vor! line of sight: the exact centre-to-centre line, judged hex by hex.

From the rulebook (Firing: Line of Sight): the line is blocked when it passes through an
obstructing hex, or through the shared hexside of two adjacent obstructing hexes; it is clear
when it only runs along one obstructing hex's side, passes a corner, or runs along the sides
of separate obstructing hexes. Other tanks never block. Which hexes obstruct comes from the
map's terrain types; the firer's and the target's own hexes never do (a tank on a hill may be
fired at, Saunders scenario: Hills).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from itertools import pairwise
from typing import Literal

from workbench.boards.hexmap import HexMap
from workbench.errors import ArgumentError
from workbench.games.panzer_vor.rules.arguments import on_map
from workbench.games.panzer_vor.rules.sections import (
    LINE_OF_SIGHT,
    SMOKE,
    WRECKAGE,
)
from workbench.games.panzer_vor.rules.state import DrawnResult, GameState
from workbench.geometry.hexgrid import Hex, HexLike, Hexside, Trace
from workbench.rules.core import Modifier, Reason

Verdict = Literal["clear", "blocked", "end"]


@dataclass(frozen=True)
class Sighting:
    """One thing the line meets: a hex it crosses, a hexside it runs along, or a corner it
    touches, with the verdict and why."""

    kind: Literal["hex", "hexside", "corner"]
    hexes: tuple[Hex, ...]
    verdict: Verdict
    text: str
    section: str = LINE_OF_SIGHT

    @property
    def reason(self) -> Reason:
        return Reason(self.text, self.section)


@dataclass(frozen=True, kw_only=True)
class LineOfSight(DrawnResult):
    """Whether ``start`` sees ``end`` and why (``reason``); every hex, hexside and corner the
    line meets with its verdict; the first blocking one; and the attack modifiers the line
    brings (wreckage, smoke)."""

    start: Hex
    end: Hex
    clear: bool
    reason: Reason
    crossings: tuple[Sighting, ...]
    blocking: Sighting | None = None
    modifiers: tuple[Modifier, ...] = ()
    state: GameState | None = field(default=None, repr=False, compare=False)

    @property
    def reasons(self) -> tuple[Reason, ...]:
        """The verdict, then the modifiers the line brings."""
        return (self.reason, *(m.reason for m in self.modifiers))

    def lines(self, label: Callable[[Hex], str] = str) -> list[str]:
        """The verdict, then every hex, hexside and corner the line meets."""
        out = [("clear: " if self.clear else "blocked: ") + str(self.reason)]
        out += [str(m.reason) for m in self.modifiers]
        for c in self.crossings:
            where = "|".join(label(h) for h in c.hexes)
            out.append(f"{c.kind} {where}: {c.verdict} — {c.text}")
        return out

    def __str__(self) -> str:
        return "\n".join(self.lines())


class _Judge:
    """Which hexes and hexsides obstruct a line between two given hexes."""

    def __init__(self, hexmap: HexMap, start: Hex, end: Hex) -> None:
        self.map, self.grid = hexmap, hexmap.grid
        here, there = hexmap.terrain_at(start), hexmap.terrain_at(end)
        # Hill to hill: a tank on a hill may fire at another tank on a hill.
        self.see_across = here.name if here.see_across_same and here.name == there.name else None
        self.obstructing = _obstructing(hexmap)

    def obstruction(self, h: Hex) -> str | None:
        """Why a hex between the two obstructs the line, or None."""
        kind = self.obstructing.get(h)
        if kind is None or kind == self.see_across:
            return None
        return f"{self.grid.label(h)} is {kind}, which blocks line of sight"

    def rule_of(self, h: Hex) -> str:
        return self.map.terrain_at(h).rule or LINE_OF_SIGHT


def _obstructing(hexmap: HexMap) -> dict[Hex, str]:
    """The map's hexes whose terrain blocks line of sight, with the terrain's name (cached)."""
    found = hexmap.derived.get("obstructing")
    if found is None:
        found = hexmap.derived["obstructing"] = {
            h: hexmap.terrain_name(h) for h in hexmap.grid if hexmap.terrain_at(h).blocks_los
        }
    return found


def line_of_sight(board: GameState | HexMap, a: HexLike, b: HexLike) -> LineOfSight:
    """Judge the line from the centre of ``a`` to the centre of ``b`` (labels or hexes).

    >>> board = HexMap.blank(8, 8).with_terrain({"0404": "forest"})
    >>> line_of_sight(board, "0402", "0406").clear          # straight through the forest
    False
    >>> line_of_sight(board, "0303", "0503").clear          # along one forest hex's side
    True
    """
    if not isinstance(board, (GameState, HexMap)):
        raise ArgumentError("board", board, "a GameState or a HexMap")
    state = board if isinstance(board, GameState) else GameState(board)
    hexmap = state.map
    start, end = on_map(hexmap, "a", a), on_map(hexmap, "b", b)  # never judge off the map
    grid = hexmap.grid
    trace = grid.trace(start, end)
    judge = _Judge(hexmap, start, end)
    crossings: list[Sighting] = []
    add = crossings.append

    last = len(trace.crossed) - 1
    for i, h in enumerate(trace.crossed):
        if i == 0 or i == last:
            add(Sighting("hex", (h,), "end", f"{grid.label(h)}: the line starts or ends here"))
            continue
        why = judge.obstruction(h)
        if why:
            add(
                Sighting("hex", (h,), "blocked", f"the line passes through {why}", judge.rule_of(h))
            )
        else:
            add(Sighting("hex", (h,), "clear", f"{grid.label(h)} does not obstruct"))
    for side in trace.along:
        add(_judge_along(judge, side))
    for h in trace.touched:
        why = judge.obstruction(h)
        text = f"the line only touches a corner of {grid.label(h)}"
        add(Sighting("corner", (h,), "clear", text + (" (an obstruction)" if why else "")))
    for sighting in _hexsides_crossed(hexmap, trace):
        add(sighting)
    if len(crossings) > len(trace.crossed):  # hexes are in order; put the rest among them
        crossings.sort(key=lambda s: _position(start, end, s))
    first_blocking = next((s for s in crossings if s.verdict == "blocked"), None)

    adjacent_only = _adjacent_only(hexmap, start, end)
    if adjacent_only is not None:
        return LineOfSight(
            start=start, end=end, clear=False, reason=Reason(*adjacent_only),
            crossings=tuple(crossings), blocking=first_blocking, state=state,
        )  # fmt: skip
    if first_blocking is not None:
        return LineOfSight(
            start=start, end=end, clear=False, reason=first_blocking.reason,
            crossings=tuple(crossings), blocking=first_blocking, state=state,
        )  # fmt: skip
    return LineOfSight(
        start=start, end=end, clear=True,
        reason=Reason("nothing obstructs the line between the two hexes", LINE_OF_SIGHT),
        crossings=tuple(crossings), modifiers=_line_modifiers(state, trace), state=state,
    )  # fmt: skip


def _judge_along(judge: _Judge, side: Hexside) -> Sighting:
    grid = judge.grid
    name = grid.hexside_label(side)
    first, second = (judge.obstruction(h) for h in side.hexes)
    feature = judge.map.hexsides.get(side)
    note = f"; it runs along the {feature} hexside without crossing it" if feature else ""
    if first and second:
        return Sighting(
            "hexside",
            side.hexes,
            "blocked",
            f"the line runs along hexside {name}, shared by two obstructing hexes "
            f"({first}; {second})",
        )
    if first or second:
        text = f"the line runs along hexside {name}: only one side obstructs ({first or second})"
    else:
        text = f"the line runs along hexside {name}; neither side obstructs"
    return Sighting("hexside", side.hexes, "clear", text + note)


def _featured_sides(hexmap: HexMap) -> dict[tuple[int, int, int, int], Hexside]:
    """Each hexside with a feature, keyed by both of its hexes' coordinates (cached)."""
    found = hexmap.derived.get("featured_sides")
    if found is None:
        found = hexmap.derived["featured_sides"] = {}
        for side in hexmap.hexsides:
            a, b = side.hexes
            found[(a.q, a.r, b.q, b.r)] = found[(b.q, b.r, a.q, a.r)] = side
    return found


def _through_an_end(trace: Trace, h1: Hex, h2: Hex) -> bool:
    """Whether the line passes the hexside between neighbours ``h1`` and ``h2`` exactly at
    one of its two ends: the corner shared with a hex next to both, at (h1 + h2 + g) / 3.
    Exact in integers: three times that point, from the start, is collinear with the line."""
    d = trace.end - trace.start
    for g in h1.neighbors():
        if g.distance(h2) != 1:
            continue
        q = h1.q + h2.q + g.q - 3 * trace.start.q
        r = h1.r + h2.r + g.r - 3 * trace.start.r
        if q * d.r - r * d.q == 0:
            return True
    return False


def _hexsides_crossed(hexmap: HexMap, trace: Trace) -> list[Sighting]:
    """Hexsides with a feature that the line passes from one crossed hex to the next:
    blocking when it crosses a fire-blocking one, clear when it only passes its end."""
    found: list[Sighting] = []
    if not hexmap.hexsides:
        return found
    featured = _featured_sides(hexmap)
    for h1, h2 in pairwise(trace.crossed):
        side = featured.get((h1.q, h1.r, h2.q, h2.r))
        if side is None:
            continue
        kind = hexmap.hexsides[side]
        feature = hexmap.hexside_types[kind]
        name = hexmap.grid.hexside_label(side)
        if _through_an_end(trace, h1, h2):
            text = f"the line passes the end of the {kind} hexside {name}, at a corner"
            found.append(Sighting("hexside", side.hexes, "clear", text))
        elif feature.blocks_fire:
            text = f"the line crosses the {kind} hexside {name}: no fire through it"
            found.append(Sighting("hexside", side.hexes, "blocked", text, feature.rule))
    return found


def _position(start: Hex, end: Hex, sighting: Sighting) -> tuple[float, int]:
    """Where along the line a sighting lies, for ordering (centre projected on the line)."""
    dq, dr = end.q - start.q, end.r - start.r
    q = sum(h.q for h in sighting.hexes) / len(sighting.hexes) - start.q
    r = sum(h.r for h in sighting.hexes) / len(sighting.hexes) - start.r
    # A dot product in the cube metric: ordering along the line is what matters.
    along = q * (2 * dq + dr) + r * (dq + 2 * dr)
    return along, 0 if sighting.kind == "hex" else 1


def _adjacent_only(hexmap: HexMap, start: Hex, end: Hex) -> tuple[str, str] | None:
    """Alleys and forest paths: fire only to or from an adjacent hex."""
    if start.distance(end) <= 1:
        return None
    for h in (start, end):
        terrain = hexmap.terrain_at(h)
        if terrain.fire_adjacent_only:
            label = hexmap.grid.label(h)
            reason = (
                f"{label} is {terrain.name}: a tank there fires, and is fired at, only from "
                f"an adjacent hex ({start.distance(end)} hexes apart)"
            )
            return reason, terrain.rule
    return None


def _line_modifiers(state: GameState, trace: Trace) -> tuple[Modifier, ...]:
    """Wreckage the line passes through (-1 once; not the target's hex) and smoke in, out
    of or through a hex (-2)."""
    modifiers = []
    between = set(trace.crossed[1:-1])
    if state.options.wreckage and any(t.wreck and t.hex in between for t in state.tanks):
        modifiers.append(Modifier("line of sight through wreckage", -1, WRECKAGE))
    smoked = {t.hex for t in state.tanks if t.smoke}
    if smoked & set(trace.crossed):
        modifiers.append(Modifier("firing into, out of or through smoke", -2, SMOKE))
    return tuple(modifiers)
