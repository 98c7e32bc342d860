"""Panzer Vor! movement: steps with facing, their cost in MP, and every pose within reach.

A tank's pose is its hex and the hexside it faces. Its steps (Moving):
forward one hex (the terrain's entry cost: 1 MP on clear ground), reverse one hex (2 MP per
hex, so one more than forward), each with one free 60-degree turn before or after; or a turn
in place (1 MP whatever the angle). ``reachable`` searches the poses by least MP;
``explain_move`` checks a path a learner proposes and says why each step costs what it costs,
or which step is refused and by which rule.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Literal

from workbench.boards.hexmap import HexMap
from workbench.geometry.hexgrid import DIRECTIONS, Hex, HexLike
from workbench.rules.core import IllegalAction, Modifier, Reason, total
from workbench.rules.panzer_vor.state import GameState, Tank

MOVEMENT = "Moving: Movement"
DIRECTION = "Moving: Movement Direction"
TURNING = "Moving: Turning"
OBSTRUCTING = "Moving: Obstructing Movement"
REVERSE = "Moving: Reverse Movement"
BONUSES = "Moving: Movement Bonuses"
IMMOBILE = "Sequence of Play: Action Phase"
WRECKAGE = "Optional Rules: Wreckage"
CUTTING_THROUGH = "Optional Rules: Cutting Through"
SMOKE = "Kuromorimine scenario: Smokescreen"

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


@dataclass(frozen=True)
class Refusal:
    """Why a step may not be taken."""

    reason: str
    rule: str

    def __str__(self) -> str:
        return f"{self.reason} ({self.rule})"


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
        base = Modifier(f"{tank.name} movement", tank.counter.movement, MOVEMENT)
    parts = (base, *bonuses)
    return total(parts), parts


class StepRules:
    """Step costs for one tank on one state; shared by the search and the explanation."""

    def __init__(self, state: GameState, tank: Tank) -> None:
        self.state, self.tank, self.map = state, tank, state.map
        self.grid = state.map.grid
        self.blockers = {t.hex: t for t in state.tanks if t.id != tank.id and not t.wreck}
        self.wrecks = {t.hex for t in state.tanks if t.wreck} if state.options.wreckage else set()

    def label(self, h: Hex) -> str:
        return self.grid.label(h)

    def enter(
        self, start: Hex, end: Hex, reverse: bool
    ) -> tuple[int, tuple[Reason, ...]] | Refusal:
        """MP to move from ``start`` into the adjacent ``end``, or why it may not."""
        if end not in self.grid:
            return Refusal(f"hex {self.label(end)} is off the map", DIRECTION)
        side = self.map.hexside_at(start, end)
        if side is not None and side.blocks_movement:
            return Refusal(
                f"the hexside {self.label(start)}|{self.label(end)} is {side.name}: "
                "tanks may not move through it",
                side.rule,
            )
        terrain = self.map.terrain_at(end)
        where = f"hex {self.label(end)} is {terrain.name}"
        if not terrain.enterable:
            return Refusal(f"{where}: it may not be entered", terrain.rule or OBSTRUCTING)
        if terrain.deployment_only:
            return Refusal(f"{where}: it may be entered only while deploying", terrain.rule)
        if terrain.may_enter is not None and self.tank.side not in terrain.may_enter:
            who = " and ".join(terrain.may_enter)
            return Refusal(f"{where}: only {who} tanks may enter", terrain.rule)
        came_from = self.map.terrain_name(start)
        cost = terrain.entry_cost(came_from)
        if cost == terrain.mp_enter:
            reasons = [Reason(f"entering {terrain.name} costs {cost} MP", terrain.rule or MOVEMENT)]
        else:
            text = f"entering {terrain.name} from {came_from} costs {cost} MP"
            reasons = [Reason(text, terrain.rule or MOVEMENT)]
        if reverse:
            cost += 1
            reasons.append(Reason("reverse movement costs twice as much: +1 MP", REVERSE))
        if end in self.wrecks:
            cost += 1
            reasons.append(Reason(f"wreckage in {self.label(end)}: +1 MP", WRECKAGE))
        if end in self.blockers:
            other = self.blockers[end]
            if not self.state.options.cutting_through:
                return Refusal(
                    f"hex {self.label(end)} holds {other.id}: a tank may not enter or move "
                    "through another tank's hex",
                    OBSTRUCTING,
                )
            cost += 1
            reasons.append(Reason(f"passing through {other.id}: +1 MP", CUTTING_THROUGH))
        return cost, tuple(reasons)

    def step(self, start: Pose, end: Pose) -> Step | Refusal:
        """The step between two poses, or why there is none."""
        (h, f), (h2, g) = start, end
        if h2 == h:
            if g % 6 == f % 6:
                return Refusal("this step neither moves nor turns", DIRECTION)
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
                    return Refusal(
                        "only one 60° turn comes free with a move; turning 120° or more "
                        "costs 1 MP as a turn in place",
                        TURNING,
                    )
                entered = self.enter(h, h2, reverse=sign < 0)
                if isinstance(entered, Refusal):
                    return entered
                cost, reasons = entered
                if turned:
                    reasons += (Reason("one 60° turn before or after the move is free", TURNING),)
                return Step(kind, start, end, cost, reasons)  # type: ignore[arg-type]
        if h.distance(h2) == 1:
            return Refusal("a tank moves only straight forwards or backwards", DIRECTION)
        return Refusal(f"a step moves one hex, not {h.distance(h2)}", DIRECTION)

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
                if isinstance(entered, Refusal):
                    continue
                cost = entered[0]
                finals = (d,) if turn else ((f - 1) % 6, f, (f + 1) % 6)
                for g in finals:
                    yield (h2, g), cost

    def may_end(self, h: Hex) -> bool:
        return h not in self.blockers


@dataclass(frozen=True)
class Reach:
    """Every pose a tank can end a move in, with its least MP and one cheapest path."""

    tank: Tank
    mp: int
    budget: tuple[Modifier, ...]
    costs: Mapping[Pose, int]
    _previous: Mapping[Pose, Pose] = field(repr=False)
    _steps: Mapping[tuple[Pose, Pose], Step] = field(repr=False)

    __hash__ = None  # type: ignore[assignment]

    def hex_costs(self) -> dict[Hex, int]:
        """The least MP to end in each reachable hex, whatever the facing."""
        best: dict[Hex, int] = {}
        for (h, _), cost in self.costs.items():
            if cost < best.get(h, cost + 1):
                best[h] = cost
        return best

    def facings_at(self, where: Hex) -> tuple[int, ...]:
        """The facings a tank can end with in a hex."""
        return tuple(sorted(f for (h, f) in self.costs if h == where))

    def cost(self, where: Hex, facing: int | None = None) -> int | None:
        if facing is None:
            return self.hex_costs().get(where)
        return self.costs.get((where, facing))

    def path_to(self, where: Hex, facing: int | None = None) -> tuple[Step, ...]:
        """One cheapest path of steps to a pose (the cheapest facing when none is given)."""
        if facing is None:
            options = [(cost, f) for (h, f), cost in self.costs.items() if h == where]
            if not options:
                raise KeyError(f"{where} is out of reach")
            facing = min(options)[1]
        pose = (where, facing)
        if pose not in self.costs:
            raise KeyError(f"{where} facing {facing} is out of reach")
        steps: list[Step] = []
        while pose in self._previous:
            before = self._previous[pose]
            steps.append(self._steps[(before, pose)])
            pose = before
        return tuple(reversed(steps))


def reachable(
    state: GameState,
    tank_id: str,
    mp: int | None = None,
    bonuses: Sequence[Modifier] = (),
) -> Reach:
    """Every (hex, facing) the tank can end a move in with at most ``mp`` MP (default: its
    movement points with ``bonuses``), each with its least MP: a shortest-path search over
    poses, the small integer costs kept in buckets.

    An immobile tank stays where it is (Sequence of Play: Action Phase).
    """
    tank = state.tank(tank_id)
    budget_mp, budget = movement_points(tank, bonuses)
    if mp is not None:
        budget_mp, budget = mp, (Modifier("movement points given", mp, MOVEMENT),)
    start: Pose = (tank.hex, tank.facing)
    if tank.immobile:
        return Reach(tank, budget_mp, budget, {start: 0}, {}, {})
    mover = StepRules(state, tank)
    best: dict[Pose, int] = {start: 0}
    previous: dict[Pose, Pose] = {}
    buckets: list[list[Pose]] = [[] for _ in range(budget_mp + 1)]
    buckets[0].append(start)
    for cost in range(budget_mp + 1):
        for pose in buckets[cost]:
            if best[pose] != cost:
                continue
            for nxt, step_mp in mover.successors(pose):
                new = cost + step_mp
                if new <= budget_mp and new < best.get(nxt, budget_mp + 1):
                    best[nxt] = new
                    previous[nxt] = pose
                    buckets[new].append(nxt)
    steps: dict[tuple[Pose, Pose], Step] = {}
    for after, before in previous.items():
        made = mover.step(before, after)
        assert isinstance(made, Step)  # the search only follows legal steps
        steps[(before, after)] = made
    endable = {pose: cost for pose, cost in best.items() if mover.may_end(pose[0])}
    return Reach(tank, budget_mp, budget, endable, previous, steps)


@dataclass(frozen=True)
class MoveExplanation:
    """A proposed move checked step by step: legal or not, the MP of each step, and the first
    refused step with the reason and the rule."""

    tank: Tank
    steps: tuple[Step, ...]
    mp_spent: int
    mp_available: int
    budget: tuple[Modifier, ...]
    refusal: Refusal | None = None
    refused_at: int | None = None  # index into the proposed path

    __hash__ = None  # type: ignore[assignment]

    @property
    def legal(self) -> bool:
        return self.refusal is None

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


def _poses(hexmap: HexMap, path: Iterable[tuple[HexLike, int]]) -> list[Pose]:
    return [(hexmap.grid.parse(h), int(f) % 6) for h, f in path]


def explain_move(
    state: GameState,
    tank_id: str,
    path: Iterable[tuple[HexLike, int]],
    bonuses: Sequence[Modifier] = (),
) -> MoveExplanation:
    """Check a move given as the poses ``(hex or label, facing)`` after the start.

    >>> from workbench.boards.counters import Gun, TankCounter
    >>> from workbench.boards.hexmap import HexMap
    >>> from workbench.rules.panzer_vor.state import GameState, Tank
    >>> tiger = TankCounter("Tiger I", 3, 1, (Gun(12, 6),), {"front": 16, "side": 13, "rear": 11})
    >>> board = HexMap.blank(10, 10)
    >>> state = GameState(board, (Tank("Tiger", tiger, "Kuromorimine", board.hex("0505"), 1),))
    >>> # move + turn 60°, three times: each turn comes free with its move (Moving: Turning)
    >>> explain_move(state, "Tiger", [("0506", 2), ("0607", 3), ("0706", 4)]).mp_spent
    3
    """
    tank = state.tank(tank_id)
    available, budget = movement_points(tank, bonuses)
    poses = _poses(state.map, path)
    if poses and poses[0] == (tank.hex, tank.facing):
        poses = poses[1:]

    def result(
        steps: list[Step], refusal: Refusal | None = None, at: int | None = None
    ) -> MoveExplanation:
        spent = sum(s.mp for s in steps)
        return MoveExplanation(tank, tuple(steps), spent, available, budget, refusal, at)

    if tank.immobile and poses:
        return result([], Refusal(f"{tank.id} is immobile: it may not use Move cards", IMMOBILE), 0)
    mover = StepRules(state, tank)
    steps: list[Step] = []
    current: Pose = (tank.hex, tank.facing)
    for index, pose in enumerate(poses):
        made = mover.step(current, pose)
        if isinstance(made, Refusal):
            return result(steps, made, index)
        if sum(s.mp for s in steps) + made.mp > available:
            spent = sum(s.mp for s in steps)
            why = Refusal(
                f"this step costs {made.mp} MP but only {available - spent} of "
                f"{available} MP are left",
                MOVEMENT,
            )
            return result(steps, why, index)
        steps.append(made)
        current = pose
    if steps and not mover.may_end(current[0]):
        other = mover.blockers[current[0]]
        why = Refusal(
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
        raise IllegalAction(explained.refusal.reason, explained.refusal.rule)
    tank = state.tank(tank_id)
    end_hex, end_facing = explained.end
    smoke = tank.smoke and not any(
        state.map.terrain_at(s.end[0]).removes_smoke for s in explained.steps if s.kind != "turn"
    )
    moved = replace(tank, hex=end_hex, facing=end_facing, smoke=smoke)
    return state.with_tank(moved), explained
