"""Panzer Vor! movement: steps with facing, their cost in MP, and every pose within reach.

A tank's pose is its hex and the hexside it faces. Its steps (Moving):
forward one hex (the terrain's entry cost: 1 MP on clear ground), reverse one hex (twice
the forward cost: 2 MP on clear ground, 4 into a hill from flat ground), each with one free
60-degree turn before or after; or a turn in place (1 MP whatever the angle).
``reach`` searches the poses by least MP; ``explain_move`` checks a path a learner
proposes and says why each step costs what it costs, or which step is refused and by which
rule.
"""

from __future__ import annotations

import heapq
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from itertools import pairwise
from typing import TYPE_CHECKING, Literal

from workbench.boards.hexmap import HexMap
from workbench.bounds import MAX_BYTES, MAX_SECONDS, Cost, refuse_past
from workbench.errors import ArgumentError
from workbench.games.panzer_vor.rules import arguments as checked
from workbench.games.panzer_vor.rules.sections import (
    ACTION_PHASE,
    CUTTING_THROUGH,
    MOVEMENT,
    MOVEMENT_DIRECTION,
    OBSTRUCTING,
    REVERSE,
    SMOKE,
    TURNING,
    WRECKAGE,
)
from workbench.games.panzer_vor.rules.state import DrawnResult, GameState, Tank
from workbench.geometry.hexgrid import DIRECTIONS, Hex, HexLike
from workbench.rules.core import IllegalAction, Modifier, Reason, total
from workbench.vocabulary import removed_names

Pose = tuple[Hex, int]
StepKind = Literal["forward", "reverse", "turn"]


@dataclass(frozen=True)
class Step:
    """One step of a move: from one pose to the next, its MP and why."""

    kind: StepKind
    start: Pose
    end: Pose
    mp: int
    reasons: tuple[Reason, ...] = ()


def movement_points(
    tank: Tank, bonuses: Sequence[Modifier] = ()
) -> tuple[int, tuple[Modifier, ...]]:
    """The MP a tank may spend in one move, with each part named.

    The counter's movement score (3 while it carries smoke), plus every bonus — cards such as
    Full Speed Ahead! (+2) and character abilities add up (Moving: Movement Bonuses).
    """
    if tank.smoke:
        base = Modifier("base movement under a smoke marker", 3, SMOKE)
    else:
        source = f"{MOVEMENT}; value: {tank.counter.source('movement')}"
        base = Modifier(f"{tank.name} movement", tank.counter.movement, source)
    parts = (base, *bonuses)
    return total(parts), parts


def school_of(state: GameState, side: str) -> str:
    """The school a side's tanks belong to (alleys admit "the Ōarai tanks", whichever team
    they play for: both teams of A Mock Battle! are Ōarai)."""
    found = state.sides.get(side)
    return found.school if found is not None and found.school else side


class StepRules:
    """Step costs for one tank on one state; shared by the search and the explanation."""

    def __init__(self, state: GameState, tank: Tank) -> None:
        self.state, self.tank, self.map = state, tank, state.map
        self.grid = state.map.grid
        self.blockers = {t.hex: t for t in state.tanks if t.id != tank.id and not t.wreck}
        self.wrecks = {t.hex for t in state.tanks if t.wreck} if state.options.wreckage else set()
        self.school = school_of(state, tank.side)

    def label(self, h: Hex) -> str:
        return self.grid.label(h)

    def enter(self, start: Hex, end: Hex, reverse: bool) -> tuple[int, tuple[Reason, ...]] | Reason:
        """MP to move from ``start`` into the adjacent ``end``, or why it may not."""
        if end not in self.grid:
            return Reason(f"hex {self.label(end)} is off the map", MOVEMENT_DIRECTION)
        side = self.map.hexside_at(start, end)
        if side is not None and side.blocks_movement:
            return Reason(
                f"the hexside {self.label(start)}|{self.label(end)} is {side.name}: "
                "tanks may not move through it",
                side.rule,
            )
        terrain = self.map.terrain_at(end)
        where = f"hex {self.label(end)} is {terrain.name}"
        if not terrain.enterable:
            return Reason(f"{where}: it may not be entered", terrain.rule or OBSTRUCTING)
        if terrain.deployment_only and not self.map.terrain_at(start).deployment_only:
            return Reason(
                f"{where}: once a tank has left the deployment forest it may not re-enter",
                terrain.rule,
            )
        if terrain.may_enter is not None and self.school not in terrain.may_enter:
            who = " and ".join(terrain.may_enter)
            return Reason(f"{where}: only {who} tanks may enter", terrain.rule)
        came_from = self.map.terrain_name(start)
        cost = terrain.entry_cost(came_from)
        if cost == terrain.mp_enter:
            reasons = [Reason(f"entering {terrain.name} costs {cost} MP", terrain.rule or MOVEMENT)]
        else:
            text = f"entering {terrain.name} from {came_from} costs {cost} MP"
            reasons = [Reason(text, terrain.rule or MOVEMENT)]
        if reverse:
            text = f"reverse movement costs twice as much: 2 x {cost} MP"
            reasons.append(Reason(text, REVERSE))
            cost *= 2
        if end in self.wrecks:
            cost += 1
            reasons.append(Reason(f"wreckage in {self.label(end)}: +1 MP", WRECKAGE))
        if end in self.blockers:
            other = self.blockers[end]
            if not self.state.options.cutting_through:
                return Reason(
                    f"hex {self.label(end)} holds {other.id}: a tank may not enter or move "
                    "through another tank's hex",
                    OBSTRUCTING,
                )
            cost += 1
            reasons.append(Reason(f"passing through {other.id}: +1 MP", CUTTING_THROUGH))
        return cost, tuple(reasons)

    def step(self, start: Pose, end: Pose) -> Step | Reason:
        """The step between two poses, or why there is none."""
        (h, f), (h2, g) = start, end
        if h2 == h:
            if g % 6 == f % 6:
                return Reason("this step neither moves nor turns", MOVEMENT_DIRECTION)
            why = Reason("turning without moving costs 1 MP, whatever the angle", TURNING)
            return Step("turn", start, end, 1, (why,))
        offset = h2 - h
        for kind, sign in (("forward", 1), ("reverse", -1)):
            for turn in (-1, 0, 1):
                if offset != DIRECTIONS[(f + turn) % 6] * sign:
                    continue
                turned = (g - f) % 6
                free = turned in (0, 1, 5) if turn == 0 else (g - (f + turn)) % 6 == 0
                if not free:
                    return Reason(
                        "only one 60° turn comes free with a move; turning 120° or more "
                        "costs 1 MP as a turn in place",
                        TURNING,
                    )
                entered = self.enter(h, h2, reverse=sign < 0)
                if isinstance(entered, Reason):
                    return entered
                cost, reasons = entered
                if turned:
                    reasons += (Reason("one 60° turn before or after the move is free", TURNING),)
                return Step(kind, start, end, cost, reasons)  # type: ignore[arg-type]
        if h.distance(h2) == 1:
            return Reason("a tank moves only straight forwards or backwards", MOVEMENT_DIRECTION)
        return Reason(f"a step moves one hex, not {h.distance(h2)}", MOVEMENT_DIRECTION)

    def successors(self, pose: Pose) -> Iterator[tuple[Pose, int]]:
        """Every pose one step away that may be entered, with its MP."""
        h, f = pose
        for g in range(6):
            if g != f:
                yield (h, g), 1
        for sign in (1, -1):
            for turn in (-1, 0, 1):
                d = (f + turn) % 6
                h2 = h + DIRECTIONS[d] * sign
                entered = self.enter(h, h2, reverse=sign < 0)
                if isinstance(entered, Reason):
                    continue
                cost = entered[0]
                finals = (d,) if turn else ((f - 1) % 6, f, (f + 1) % 6)
                for g in finals:
                    yield (h2, g), cost

    def may_end(self, h: Hex) -> bool:
        return h not in self.blockers


@dataclass(frozen=True)
class MoveTable:
    """A map's hexes by number, each hex's neighbour through each hexside (-1: off the map)
    and the MP to move forward into it (-1: the map forbids it for this side: terrain,
    hexside features). Derived once per map and side; tanks are not in it."""

    hexes: tuple[Hex, ...]
    index: Mapping[Hex, int]
    neighbor: tuple[tuple[int, ...], ...]
    entry: tuple[tuple[int, ...], ...]


class PoseCosts(Mapping[Pose, int]):
    """The least MP of every pose a move may end in, read from the search's compact result:
    per hex its least MP and the facings reaching it at that cost (any other facing costs
    one more: a turn in place)."""

    def __init__(self, ends: Mapping[Hex, tuple[int, int]], budget: int) -> None:
        self._ends, self._budget = ends, budget

    def __getitem__(self, pose: Pose) -> int:
        least, mask = self._ends[pose[0]]
        cost = least if mask >> pose[1] & 1 else least + 1
        if cost > self._budget:
            raise KeyError(pose)
        return cost

    def __iter__(self) -> Iterator[Pose]:
        for h, (least, mask) in self._ends.items():
            for g in range(6):
                if (least if mask >> g & 1 else least + 1) <= self._budget:
                    yield (h, g)

    def __len__(self) -> int:
        return sum(1 for _ in self)

    def __contains__(self, pose: object) -> bool:
        try:
            self[pose]  # type: ignore[index]
        except (KeyError, TypeError):
            return False
        return True


@dataclass(frozen=True, kw_only=True)
class Reach(DrawnResult):
    """Every pose a tank can end a move in, with its least MP and one cheapest path.

    ``ends``: each hex the move may end in, with its least MP and the facings (a bit mask)
    reaching it at that cost; ``costs`` reads every (hex, facing) from it."""

    state: GameState = field(repr=False)
    tank: Tank
    mp: int
    budget: tuple[Modifier, ...]
    ends: Mapping[Hex, tuple[int, int]] = field(repr=False)
    _came: Mapping[tuple[int, int], tuple[int, int, int]] = field(repr=False)
    _table: MoveTable | None = field(repr=False)
    _searched: Mapping[int, tuple[int, int]] = field(repr=False)  # every hex passed, by number

    __hash__ = None  # type: ignore[assignment]

    @property
    def costs(self) -> Mapping[Pose, int]:
        return PoseCosts(self.ends, self.mp)

    @property
    def reasons(self) -> tuple[Reason, ...]:
        """Where the MP come from: the movement score and each bonus, with its rule."""
        return tuple(m.reason for m in self.budget)

    def lines(self) -> list[str]:
        """The budget and what it reaches, for a learner."""
        head = f"{self.tank.id}: {self.mp} MP to spend"
        return [head, *(f"  {m}" for m in self.budget), f"{len(self.ends)} hexes in reach"]

    def hex_costs(self) -> dict[Hex, int]:
        """The least MP to end in each reachable hex, whatever the facing."""
        return {h: least for h, (least, _) in self.ends.items()}

    def facings_at(self, where: Hex) -> tuple[int, ...]:
        """The facings a tank can end with in a hex."""
        if where not in self.ends:
            return ()
        least, mask = self.ends[where]
        return tuple(g for g in range(6) if (least if mask >> g & 1 else least + 1) <= self.mp)

    def cost(self, where: Hex, facing: int | None = None) -> int | None:
        if facing is None:
            return self.ends[where][0] if where in self.ends else None
        return self.costs.get((where, facing))

    def path_to(self, where: Hex, facing: int | None = None) -> tuple[Step, ...]:
        """One cheapest path of steps to a pose (the cheapest facing when none is given)."""
        if where not in self.ends:
            raise KeyError(f"{where} is out of reach")
        least, mask = self.ends[where]
        if facing is None:
            facing = (mask & -mask).bit_length() - 1
        if (where, facing) not in self.costs:
            raise KeyError(f"{where} facing {facing} is out of reach")
        start = (self.tank.hex, self.tank.facing)
        poses = [(where, facing)]
        if self._table is not None:
            hexes, index = self._table.hexes, self._table.index
            while poses[-1] != start:
                h, g = poses[-1]
                least, mask = self._searched[index[h]]
                came = self._came.get((index[h], g))
                if mask >> g & 1 and came is not None and came[0] == least:
                    poses.append((hexes[came[1]], came[2]))
                else:  # not among the cheapest facings: a turn in place from one that is
                    poses.append((h, (mask & -mask).bit_length() - 1))
        rules = StepRules(self.state, self.tank)
        poses.reverse()
        steps = [rules.step(a, b) for a, b in pairwise(poses)]
        assert all(isinstance(s, Step) for s in steps)  # the search only follows legal steps
        return tuple(steps)  # type: ignore[arg-type]


def move_table(hexmap: HexMap, side: str) -> MoveTable:
    """The movement table of a map for tanks of one side (cached on the map)."""
    cache = hexmap.derived.setdefault("move_table", {})
    if side not in cache:
        hexes = tuple(hexmap.grid)
        index = {h: i for i, h in enumerate(hexes)}
        school = school_of(GameState(hexmap), side)
        neighbor, entry = [], []
        for h in hexes:
            near = [index.get(h + step, -1) for step in DIRECTIONS]
            neighbor.append(tuple(near))
            entry.append(tuple(entry_cost(hexmap, school, h, h + step) for step in DIRECTIONS))
        cache[side] = MoveTable(hexes, index, tuple(neighbor), tuple(entry))
    return cache[side]


def entry_cost(hexmap: HexMap, school: str, start: Hex, end: Hex) -> int:
    """MP for a tank of ``school`` to move forward from ``start`` into the adjacent ``end``
    on an empty map, or -1 where it may not: :meth:`StepRules.enter` without its reasons
    (the movement table's numbers, made once per map)."""
    if end not in hexmap.grid:
        return -1
    if hexmap.hexsides:
        side = hexmap.hexside_at(start, end)
        if side is not None and side.blocks_movement:
            return -1
    terrain = hexmap.terrain_at(end)
    if not terrain.enterable:
        return -1
    if terrain.deployment_only and not hexmap.terrain_at(start).deployment_only:
        return -1
    if terrain.may_enter is not None and school not in terrain.may_enter:
        return -1
    return terrain.entry_cost(hexmap.terrain_name(start))


def _arrivals(bits: int, d: int) -> tuple[tuple[int, int, int, bool], ...]:
    """Moving out through hexside ``d`` from a hex whose cheapest facings are ``bits``: each
    final facing with its extra MP, the facing it starts from, and whether it reverses.
    Forward through ``d``: facing d, or d +- 1 turned before, or a 60° turn after; reverse
    (out through the side behind, facing d + 3) pays the entry twice; a start facing not
    among the cheapest costs one more for the turn in place."""
    options = (
        (d, (d, d - 1, d + 1), False),
        (d - 1, (d,), False),
        (d + 1, (d,), False),
        (d + 3, (d + 3, d + 2, d + 4), True),
        (d + 2, (d + 3,), True),
        (d + 4, (d + 3,), True),
    )
    out = []
    for final, sources, reverse in options:
        ready = [f % 6 for f in sources if bits >> (f % 6) & 1]
        source = ready[0] if ready else sources[0] % 6
        out.append((final % 6, 0 if ready else 1, source, reverse))
    return tuple(sorted(out, key=lambda arrival: (arrival[3], arrival[1])))


_ARRIVALS = tuple(tuple(_arrivals(bits, d) for d in range(6)) for bits in range(64))


# the peak memory and time of reachable, measured (tracemalloc; untraced time on the shared
# 2-core machine) on blank maps of 60 x 60 to 200 x 200 with 10 to 1,000 MP: the map's
# movement table (once per map and school, then cached on the map) and, per hex the search
# reaches, its costs, facings and the way back (tests/test_bounded_work.py: within 2x)
REACH_TABLE_BYTES_PER_HEX = 350
REACH_BYTES_PER_HEX_REACHED = 850
REACH_TABLE_SECONDS_PER_HEX = 1.2e-4
REACH_SECONDS_PER_HEX_REACHED = 2e-5


def reach_cost(hexmap: HexMap, school: str, mp: int) -> Cost:
    """The estimated peak memory and time of :func:`reachable` with ``mp`` MP on ``hexmap``
    (a hex costs at least 1 MP, so at most the hexes within ``mp`` steps are reached)."""
    hexes = len(hexmap.grid)
    reached = min(hexes, 3 * mp * (mp + 1) + 1)
    table = 0 if school in hexmap.derived.get("move_table", {}) else hexes
    return Cost(
        REACH_TABLE_BYTES_PER_HEX * table + REACH_BYTES_PER_HEX_REACHED * reached,
        REACH_TABLE_SECONDS_PER_HEX * table + REACH_SECONDS_PER_HEX_REACHED * reached,
    )


def reach(
    state: GameState,
    tank_id: str,
    mp: int | None = None,
    bonuses: Sequence[Modifier] = (),
    *,
    max_bytes: int = MAX_BYTES,
    max_seconds: float | None = MAX_SECONDS,
) -> Reach:
    """Every (hex, facing) the tank can end a move in with at most ``mp`` MP (default: its
    movement points with ``bonuses``), each with its least MP.

    A shortest-path search over hexes, the small integer costs kept in buckets. Because a
    turn in place costs 1 MP whatever the angle, a hex is fully described by its least MP
    and the set of facings that reach it at that cost: every other facing costs one more.
    An immobile tank stays where it is (Sequence of Play: Action Phase). A search whose
    estimate (:func:`reach_cost`) passes ``max_bytes`` (2 GiB) or ``max_seconds`` (60 s: a
    map of about 700 x 700 the first time, its table not yet made) is refused with it.
    """
    tank = state.tank(tank_id)
    mp = checked.movement_points(mp)
    budget_mp, budget = movement_points(tank, checked.modifiers("bonuses", bonuses))
    if mp is not None:
        budget_mp, budget = mp, (Modifier("movement points given", mp, MOVEMENT),)
    if budget_mp < 0:
        raise ArgumentError(
            "bonuses", bonuses, f"bonuses that leave {tank.id} at least 0 MP (not {budget_mp})"
        )
    if tank.immobile:
        only = {tank.hex: (0, 1 << tank.facing)}
        return Reach(state=state, tank=tank, mp=0, budget=budget, ends=only, _came={},
                     _table=None, _searched={})  # fmt: skip
    school = school_of(state, tank.side)
    estimate = reach_cost(state.map, school, budget_mp)
    where = f"{tank_id} with {budget_mp} MP on a {state.map.grid.rows} x {state.map.grid.cols} map"
    refuse_past("state", where, "a search that fits", estimate, max_bytes, max_seconds)
    table = move_table(state.map, school)
    index, neighbor, entry_of = table.index, table.neighbor, table.entry
    extra_mp = [0] * len(table.hexes)  # tanks in the way (Cutting Through) and wreckage
    closed = [False] * len(table.hexes)  # another tank's hex: never entered
    transit = [False] * len(table.hexes)  # another tank's hex under Cutting Through: passed only
    for other in state.tanks:
        if other.id == tank.id or other.hex not in index:
            continue
        i = index[other.hex]
        if other.wreck:
            extra_mp[i] += 1 if state.options.wreckage else 0
        elif state.options.cutting_through:
            extra_mp[i] += 1
            transit[i] = True
        else:
            closed[i] = True
    home = index[tank.hex]
    unreached = budget_mp + 1
    best = [unreached] * len(table.hexes)
    mask = [0] * len(table.hexes)
    best[home], mask[home] = 0, 1 << tank.facing
    visited = [home]
    came: dict[tuple[int, int], tuple[int, int, int]] = {}  # (hex, facing) -> (MP, hex, facing)
    buckets: list[list[int]] = [[] for _ in range(budget_mp + 1)]
    buckets[0].append(home)
    for cost in range(budget_mp + 1):
        for i in buckets[cost]:
            if best[i] != cost:
                continue
            arrivals = _ARRIVALS[mask[i]]
            for d in range(6):
                j, entry = neighbor[i][d], entry_of[i][d]
                if entry < 0 or closed[j]:
                    continue
                base = cost + entry + extra_mp[j]
                for final, extra, source, reverse in arrivals[d]:
                    new = base + extra + (entry if reverse else 0)  # reverse: twice the entry
                    if new > budget_mp:
                        continue
                    known = best[j]
                    if new < known:
                        if known == unreached:
                            visited.append(j)
                        best[j], mask[j] = new, 1 << final
                        buckets[new].append(j)
                    elif new == known:
                        mask[j] |= 1 << final
                    else:
                        continue
                    seen = came.get((j, final))
                    if seen is None or seen[0] != new:
                        came[(j, final)] = (new, i, source)
    hexes = table.hexes
    # A tank may pass through another tank's hex but not end there.
    ends = {hexes[i]: (best[i], mask[i]) for i in visited if not transit[i]}
    searched = {i: (best[i], mask[i]) for i in visited}
    return Reach(state=state, tank=tank, mp=budget_mp, budget=budget, ends=ends, _came=came,
                 _table=table, _searched=searched)  # fmt: skip


def plain_reach_costs(state: GameState, tank_id: str, mp: int) -> dict[Pose, int]:
    """The same least costs by a plain Dijkstra over every (hex, facing) pose, step by step:
    the straightforward definition that :func:`reachable` is checked against."""
    tank = state.tank(tank_id)
    rules = StepRules(state, tank)
    start: Pose = (tank.hex, tank.facing)
    if tank.immobile:
        return {start: 0}
    best: dict[Pose, int] = {start: 0}
    queue: list[tuple[int, Pose]] = [(0, start)]
    while queue:
        cost, pose = heapq.heappop(queue)
        if cost != best[pose]:
            continue
        for nxt, step_mp in rules.successors(pose):
            new = cost + step_mp
            if new <= mp and new < best.get(nxt, mp + 1):
                best[nxt] = new
                heapq.heappush(queue, (new, nxt))
    return {pose: cost for pose, cost in best.items() if rules.may_end(pose[0])}


@dataclass(frozen=True, kw_only=True)
class MoveExplanation(DrawnResult):
    """A proposed move checked step by step: legal or not, the MP of each step, and the first
    refused step with the reason and the rule."""

    state: GameState = field(repr=False)
    tank: Tank
    steps: tuple[Step, ...]
    mp_spent: int
    mp_available: int
    budget: tuple[Modifier, ...]
    refusal: Reason | None = None
    refused_at: int | None = None  # index into the proposed path

    __hash__ = None  # type: ignore[assignment]

    @property
    def legal(self) -> bool:
        return self.refusal is None

    @property
    def reasons(self) -> tuple[Reason, ...]:
        """Why each step costs what it costs, then the refusal if there is one."""
        found = [r for step in self.steps for r in step.reasons]
        return (*found, *((self.refusal,) if self.refusal else ()))

    @property
    def end(self) -> Pose:
        return self.steps[-1].end if self.steps else (self.tank.hex, self.tank.facing)

    def lines(self, label: object = None) -> list[str]:
        """The explanation as short lines a learner can read."""
        name = (lambda h: label(h)) if callable(label) else str
        out = [
            f"{self.tank.id}: {self.mp_available} MP ("
            + ", ".join(str(m) for m in self.budget)
            + ")"
        ]
        for i, step in enumerate(self.steps, 1):
            why = "; ".join(str(r) for r in step.reasons)
            out.append(
                f"{i}. {step.kind} to {name(step.end[0])} facing {step.end[1]}: "
                f"{step.mp} MP — {why}"
            )
        if self.refusal:
            out.append(f"refused: {self.refusal}")
        else:
            out.append(f"legal: {self.mp_spent} of {self.mp_available} MP spent")
        return out

    def __str__(self) -> str:
        return "\n".join(self.lines())


def explain_move(
    state: GameState,
    tank_id: str,
    path: Iterable[tuple[HexLike, int]],
    bonuses: Sequence[Modifier] = (),
) -> MoveExplanation:
    """Check a move given as the poses ``(hex or label, facing)`` after the start.

    >>> from workbench.games.panzer_vor.boards.counters import Gun, TankCounter
    >>> from workbench.games.panzer_vor.rules.state import DrawnResult, GameState, Tank
    >>> armour = {"front": 16, "side": 13, "rear": 11}
    >>> tiger = TankCounter("Tiger I", 3, 1, (Gun(12, 6),), armour)
    >>> board = HexMap.blank(10, 10)
    >>> state = GameState(board, (Tank("Tiger", tiger, "Kuromorimine", board.hex("0505"), 1),))
    >>> # move + turn 60°, three times: each turn comes free with its move (Moving: Turning)
    >>> explain_move(state, "Tiger", [("0506", 2), ("0607", 3), ("0706", 4)]).mp_spent
    3
    """
    tank = state.tank(tank_id)
    available, budget = movement_points(tank, checked.modifiers("bonuses", bonuses))
    if available < 0:
        raise ArgumentError(
            "bonuses", bonuses, f"bonuses that leave {tank.id} at least 0 MP (not {available})"
        )
    poses = checked.path(state.map, path)
    if poses and poses[0] == (tank.hex, tank.facing):
        poses = poses[1:]

    def result(
        steps: list[Step], refusal: Reason | None = None, at: int | None = None
    ) -> MoveExplanation:
        spent = sum(s.mp for s in steps)
        return MoveExplanation(
            state=state, tank=tank, steps=tuple(steps), mp_spent=spent, mp_available=available,
            budget=budget, refusal=refusal, refused_at=at,
        )  # fmt: skip

    if tank.immobile and poses:
        return result(
            [], Reason(f"{tank.id} is immobile: it may not use Move cards", ACTION_PHASE), 0
        )
    mover = StepRules(state, tank)
    steps: list[Step] = []
    current: Pose = (tank.hex, tank.facing)
    for index, pose in enumerate(poses):
        made = mover.step(current, pose)
        if isinstance(made, Reason):
            return result(steps, made, index)
        if sum(s.mp for s in steps) + made.mp > available:
            spent = sum(s.mp for s in steps)
            why = Reason(
                f"this step costs {made.mp} MP but only {available - spent} of "
                f"{available} MP are left",
                MOVEMENT,
            )
            return result(steps, why, index)
        steps.append(made)
        current = pose
    if steps and not mover.may_end(current[0]):
        other = mover.blockers[current[0]]
        why = Reason(
            f"the move ends in {mover.label(current[0])}, which holds {other.id}: a tank may "
            "pass through but not end there",
            CUTTING_THROUGH,
        )
        return result(steps, why, len(poses) - 1)
    return result(steps)


def move(
    state: GameState,
    tank_id: str,
    path: Iterable[tuple[HexLike, int]],
    bonuses: Sequence[Modifier] = (),
) -> tuple[GameState, MoveExplanation]:
    """Make a move: the new state and its explanation. An illegal move raises IllegalAction
    with the reason and the rule, and the state stays as it was."""
    explained = explain_move(state, tank_id, path, bonuses)
    if explained.refusal is not None:
        raise IllegalAction(explained.refusal)
    tank = state.tank(tank_id)
    end_hex, end_facing = explained.end
    smoke = tank.smoke and not any(
        state.map.terrain_at(s.end[0]).removes_smoke for s in explained.steps if s.kind != "turn"
    )
    moved = replace(tank, hex=end_hex, facing=end_facing, smoke=smoke)
    return state.with_tank(moved), explained


if not TYPE_CHECKING:  # for mypy no catch-all: a misspelt name stays an error
    __getattr__ = removed_names(
        "workbench.games.panzer_vor.rules.movement",
        {"reachable": "reach", "plain_reachable_costs": "plain_reach_costs"},
    )
