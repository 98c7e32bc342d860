"""Movement (Rules: Movement): steps from the dice, the squares and facings a tank can reach,
and the path to each.

A step is one square forward along the facing (orthogonal or diagonal) or a 45° turn; a tank
moves one square backwards in a move (or, by option, a step back at a time, repeatable).
Steps for a die = large number − 2 (Heavy), large number (Medium), large number + 1 (Light):
Table A's Speed column. Tanks, wrecks, buildings, flags and barricades in play block. The open
cases are the named options of :class:`Options`.

One breadth-first search per tank gives the fewest steps to every pose it can reach with the
largest allowance; a smaller die reaches exactly the poses that cost no more, so every die is
answered from the same search.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from itertools import combinations
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

from workbench.errors import ArgumentError
from workbench.games.panzer_strike.rules import sections
from workbench.games.panzer_strike.rules.state import Match, Options, Tank
from workbench.geometry.squaregrid import FACING_NAMES, Square
from workbench.rules.core import Reason, lines_of
from workbench.vocabulary import removed_names

_DX = (0, 1, 1, 1, 0, -1, -1, -1)
_DY = (-1, -1, 0, 1, 1, 1, 0, -1)
Pose = tuple[Square, int]


@dataclass(frozen=True)
class Step:
    """One step of a path: what the tank did, where it stands after, and the count so far."""

    action: str  # "forward", "turn left", "turn right", "backward"
    at: Square
    facing: int
    count: int

    @property
    def reason(self) -> Reason:
        where = f"({self.at.x}, {self.at.y}) facing {FACING_NAMES[self.facing]}"
        if self.action == "backward":
            return Reason(f"step {self.count}: one square backwards to {where}", sections.MOVEMENT)
        if self.action == "forward":
            return Reason(f"step {self.count}: one square forward to {where}", sections.MOVEMENT)
        return Reason(f"step {self.count}: {self.action} 45° to {where}", sections.MOVEMENT)


def step_rule(options: Options) -> str:
    """What a step is, and how far back a move goes under the readings in force.

    >>> step_rule(Options())
    'a step is one square forward or a 45° turn; at most one square backwards'
    >>> step_rule(Options(backward_steps="repeatable")).split("; ")[1]
    "a step back is one square and may be repeated (backward_steps 'repeatable')"
    """
    text = "a step is one square forward or a 45° turn; "
    if options.backward_steps == "repeatable":
        text += "a step back is one square and may be repeated (backward_steps 'repeatable')"
    else:
        text += "at most one square backwards"
    if not options.backward_counts:
        text += ", free (backward_counts off)"
    if options.backward_alone:
        text += ", as a move of its own (backward_alone on)"
    return text


def allowance(match: Match, tank: Tank, large: int) -> int:
    """Steps a tank may take on a die showing ``large`` (Table A's Speed column).

    The Light tank's +1 gives the rulebook's example: a 6 moves it 7 steps."""
    return match.kind(tank).steps(large)


def blocked_squares(match: Match, mover: str | None = None) -> frozenset[Square]:
    """Every square a tank (other than ``mover``) may not enter: buildings, flags, barricades
    in play, and every other tank, active or destroyed."""
    return _static(match)[0] | {t.at for t in match.tanks if t.id != mover}


_STATIC: dict[int, tuple[object, bool, frozenset[Square], bytes]] = {}


def _static(match: Match) -> tuple[frozenset[Square], bytes]:
    """The board's own blocks (buildings, flags, barricades in play), as squares and as a
    row-by-row free map; kept per board value (boards are immutable)."""
    key = id(match.board)
    cached = _STATIC.get(key)
    if cached is not None and cached[0] is match.board and cached[1] == match.options.barricades:
        return cached[2], cached[3]
    board = match.board
    found = frozenset(s for s in board.squares() if board.feature_at(s).blocks_movement)
    found |= frozenset(board.flags) | match.in_play_barricades()
    width = board.width
    free = bytes(Square(i % width, i // width) not in found for i in range(width * board.depth))
    if len(_STATIC) > 64:
        _STATIC.clear()
    _STATIC[key] = (board, match.options.barricades, found, free)
    return found, free


def _static_free(match: Match) -> bytes:
    return _static(match)[1]


_ACTIONS = ("", "turn left", "turn right", "forward", "backward")


@dataclass(frozen=True)
class Reach:
    """Fewest steps from a tank's pose to every pose it can reach within ``limit`` steps.

    Kept as the search's flat arrays (a node is ``(square index * 8 + facing) * 3 + backed``,
    squares indexed row by row on the board padded by one square all round: ``width`` is
    the padded width);
    :attr:`costs` and the other views are made when asked."""

    tank: str
    start: Pose
    limit: int
    width: int
    _cost: list[int] = field(repr=False, compare=False)
    _parent: list[int] = field(repr=False, compare=False)
    _action: bytearray = field(repr=False, compare=False)
    _order: list[int] = field(repr=False, compare=False)  # reached nodes, in search order
    options: Options = field(default_factory=Options, repr=False, compare=False)

    def raw(self, steps: int) -> dict[tuple[int, int, int], int]:
        """``(x, y, facing) -> fewest steps`` for poses within ``steps`` (start excluded)."""
        out: dict[tuple[int, int, int], int] = {}
        width, cost = self.width, self._cost
        start = (self.start[0].x, self.start[0].y, self.start[1])
        for node in self._order:
            c = cost[node]
            if c > steps:
                continue
            cell, f = divmod(node // 3, 8)
            key = (cell % width - 1, cell // width - 1, f)
            if key != start and c < out.get(key, steps + 1):
                out[key] = c
        return out

    @property
    def reasons(self) -> tuple[Reason, ...]:
        """Where the search starts, its steps and how many poses it reaches."""
        at, facing = self.start
        text = (
            f"{self.tank} from ({at.x}, {at.y}) facing {FACING_NAMES[facing]}: "
            f"{len(self.costs) - 1} squares and facings within {self.limit} steps "
            f"({step_rule(self.options)})"
        )
        return (Reason(text, sections.MOVEMENT),)

    def lines(self) -> list[str]:
        """The reasons as text lines, each with its section."""
        return lines_of(self.reasons)

    @cached_property
    def costs(self) -> Mapping[Pose, int]:
        """Every reachable pose (start included, at 0) with its fewest steps."""
        found = {(Square(x, y), f): c for (x, y, f), c in self.raw(self.limit).items()}
        found[self.start] = 0
        return MappingProxyType(found)

    def within(self, steps: int) -> dict[Pose, int]:
        """The poses (other than the start) reachable in ``steps`` or fewer, with their cost."""
        return {(Square(x, y), f): c for (x, y, f), c in self.raw(steps).items()}

    def squares(self, steps: int) -> dict[Square, int]:
        """Each square reachable in ``steps`` or fewer, with its fewest steps (any facing)."""
        out: dict[Square, int] = {}
        for (square, _), cost in self.within(steps).items():
            if cost < out.get(square, steps + 1):
                out[square] = cost
        out.pop(self.start[0], None)
        return out

    def facings(self, square: Square, steps: int) -> dict[int, int]:
        """The facings the tank can end in on ``square``, with their fewest steps."""
        return {f: c for (s, f), c in self.within(steps).items() if s == square}

    def cost_to(self, square: Square, facing: int) -> int | None:
        """The fewest steps to a pose (0 for the start), None when it is out of reach."""
        if (square, facing) == self.start:
            return 0
        if not (0 <= square.x < self.width - 2 and square.y >= 0 and 0 <= facing < 8):
            return None
        base = (((square.y + 1) * self.width + square.x + 1) * 8 + facing) * 3
        found = [c for c in self._cost[base : base + 3] if c >= 0]
        return min(found) if found else None

    def path_to(self, square: Square, facing: int) -> tuple[Step, ...]:
        """A fewest-steps path to the pose, step by step (empty if it is not reachable)."""
        base = (((square.y + 1) * self.width + square.x + 1) * 8 + facing) * 3
        nodes = [
            n for n in range(base, base + 3) if 0 <= n < len(self._cost) and self._cost[n] >= 0
        ]
        if not nodes or (square, facing) == self.start:
            return ()
        node = min(nodes, key=lambda n: self._cost[n])
        chain: list[int] = []
        while self._parent[node] >= 0:
            chain.append(node)
            node = self._parent[node]
        chain.reverse()
        out, count = [], 0
        for node in chain:
            action = _ACTIONS[self._action[node]]
            count += self._cost[node] - self._cost[self._parent[node]]
            cell, f = divmod(node // 3, 8)
            at = Square(cell % self.width - 1, cell // self.width - 1)
            out.append(Step(action, at, f, count))
        return tuple(out)


def reach(match: Match, tank_id: str, limit: int) -> Reach:
    """Every pose ``tank_id`` can reach in at most ``limit`` steps (Rules: Movement)."""
    tank = match.tank(tank_id)
    return _search(
        tank,
        _free_cells(match, tank_id),
        match.board.width,
        match.board.depth,
        limit,
        match.options,
    )


def _free_cells(match: Match, mover: str | None) -> bytearray:
    """1 for each square (row by row) a tank other than ``mover`` may enter, else 0."""
    width = match.board.width
    free = bytearray(_static_free(match))
    for t in match.tanks:
        if t.id != mover:
            free[t.at.y * width + t.at.x] = 0
    return free


def _cut(cells: bytearray, cell: int, f: int, sign: int, padded: int, need_both: bool) -> bool:
    """A diagonal step refused for passing blocked squares (``diagonal_cut``)."""
    a, b = cells[cell + sign * _DX[f]], cells[cell + sign * _DY[f] * padded]
    return (need_both and not (a and b)) or not (a or b)


def _search(
    tank: Tank, free: bytearray, width: int, depth: int, limit: int, options: Options
) -> Reach:
    """A breadth-first search over poses (0-1 when the backward square is free).

    "A movement backwards is restricted to one step: a tank can move only by a square
    backwards." Read (``backward_steps``) as one square backwards a move (``'once'``: a node
    records that the move has gone back, ``backed`` 1) or as a step back that may be taken
    again (``'repeatable'``: going back leaves ``backed`` at 0). With ``backward_alone`` the
    move backwards is nothing else (``backed`` 2: no turn or forward step follows; only further
    steps back, when they are repeatable).

    Squares are indexed on the board padded by one blocked square all round, so a step off
    the board is a step into a blocked square and needs no bounds test."""
    cut = options.diagonal_cut
    back_cost = 1 if options.backward_counts else 0
    alone = options.backward_alone
    repeat = options.backward_steps == "repeatable"
    padded = width + 2
    cells = bytearray(padded * (depth + 2))
    for y in range(depth):
        cells[(y + 1) * padded + 1 : (y + 1) * padded + 1 + width] = free[
            y * width : (y + 1) * width
        ]
    ahead = [_DY[f] * padded + _DX[f] for f in range(8)]
    size = len(cells) * 24
    cost = [-1] * size
    parent = [-1] * size
    action = bytearray(size)
    start = (((tank.at.y + 1) * padded + tank.at.x + 1) * 8 + tank.facing) * 3
    cost[start] = 0
    order = [start]
    queue = deque([start])
    checks_cut = cut != "allowed"
    need_both = cut == "not-past-any"

    if back_cost == 1:  # every step costs one: level by level, first visit is fewest
        mark = 2 if alone else 0 if repeat else 1
        frontier, c = [start], 0
        while frontier and c < limit:
            c += 1
            reached: list[int] = []
            for node in frontier:
                pose, backed = divmod(node, 3)
                cell, f = divmod(pose, 8)
                if backed != 2:
                    base = cell * 8
                    for nxt, kind in (
                        ((base + (f + 7) % 8) * 3 + backed, 1),
                        ((base + (f + 1) % 8) * 3 + backed, 2),
                    ):
                        if cost[nxt] < 0:
                            cost[nxt], parent[nxt], action[nxt] = c, node, kind
                            reached.append(nxt)
                    to = cell + ahead[f]
                    if cells[to] and not (
                        checks_cut and f % 2 and _cut(cells, cell, f, 1, padded, need_both)
                    ):
                        nxt = (to * 8 + f) * 3 + backed
                        if cost[nxt] < 0:
                            cost[nxt], parent[nxt], action[nxt] = c, node, 3
                            reached.append(nxt)
                if (not backed and (c == 1 or not alone)) or (backed == 2 and repeat):
                    to = cell - ahead[f]
                    if cells[to] and not (
                        checks_cut and f % 2 and _cut(cells, cell, f, -1, padded, need_both)
                    ):
                        nxt = (to * 8 + f) * 3 + mark
                        if cost[nxt] < 0:
                            cost[nxt], parent[nxt], action[nxt] = c, node, 4
                            reached.append(nxt)
            order += reached
            frontier = reached
        return Reach(
            tank.id, (tank.at, tank.facing), limit, padded, cost, parent, action, order, options
        )

    assert not repeat, "repeatable steps back cost a step each (Options refuses them free)"

    def open_step(cell: int, f: int, sign: int) -> int:
        to = cell + sign * ahead[f]
        if not cells[to]:
            return -1
        if checks_cut and f % 2:
            a, b = cells[cell + sign * _DX[f]], cells[cell + sign * _DY[f] * padded]
            if (need_both and not (a and b)) or not (a or b):
                return -1
        return to

    while queue:
        node = queue.popleft()
        c = cost[node]
        pose, backed = divmod(node, 3)
        if backed == 2:  # a move backwards that is the whole move (backward_alone)
            continue
        cell, f = divmod(pose, 8)
        moves: list[tuple[int, int, int]] = []
        if c < limit:
            base = cell * 8
            moves.append(((base + (f + 7) % 8) * 3 + backed, 1, 1))
            moves.append(((base + (f + 1) % 8) * 3 + backed, 2, 1))
            to = open_step(cell, f, 1)
            if to >= 0:
                moves.append(((to * 8 + f) * 3 + backed, 3, 1))
        if not backed and c + back_cost <= limit and (c == 0 or not alone):
            to = open_step(cell, f, -1)
            if to >= 0:
                moves.append(((to * 8 + f) * 3 + (2 if alone else 1), 4, back_cost))
        for nxt, kind, step in moves:
            new = c + step
            old = cost[nxt]
            if 0 <= old <= new:
                continue
            if old < 0:
                order.append(nxt)
            cost[nxt], parent[nxt], action[nxt] = new, node, kind
            if step == 0:
                queue.appendleft(nxt)
            else:
                queue.append(nxt)
    return Reach(
        tank.id, (tank.at, tank.facing), limit, padded, cost, parent, action, order, options
    )


@dataclass(frozen=True)
class TankOptions:
    """What one tank can do with one die: its steps and the poses within them."""

    tank: str
    large: int
    steps: int
    reach: Reach
    reasons: tuple[Reason, ...]

    @property
    def poses(self) -> dict[Pose, int]:
        return self.reach.within(self.steps)

    @property
    def squares(self) -> dict[Square, int]:
        return self.reach.squares(self.steps)

    def path_to(self, square: Square, facing: int) -> tuple[Step, ...]:
        if self.reach.costs.get((square, facing), self.steps + 1) > self.steps:
            return ()
        return self.reach.path_to(square, facing)


@dataclass(frozen=True)
class MovementOptions:
    """The rolled dice and, for each tank that may move and each die value, what it reaches
    (``options[(tank, large)]``); :meth:`assignments` lists every legal use of the dice."""

    dice: tuple[int, ...]
    slots: tuple[int, ...]
    tanks: tuple[str, ...]
    options: Mapping[tuple[str, int], TankOptions]
    reasons: tuple[Reason, ...]

    def lines(self) -> list[str]:
        """The dice's reasons, then each tank's steps per die, as text lines."""
        out = lines_of(self.reasons)
        for option in self.options.values():
            out += lines_of(option.reasons)
        return out

    def for_tank(self, tank: str) -> dict[int, TankOptions]:
        return {large: o for (t, large), o in self.options.items() if t == tank}

    def assignments(self) -> Iterator[tuple[tuple[int, str], ...]]:
        """Every legal assignment: tuples of (slot index, tank), each tank at most once,
        any slot left unused ("you can move fewer tanks, or none"). Slots showing the same
        number are interchangeable, so each multiset of choices appears once."""
        groups: dict[int, list[int]] = {}
        for i, large in enumerate(self.slots):
            groups.setdefault(large, []).append(i)
        values = sorted(groups)

        def extend(k: int, used: frozenset[str]) -> Iterator[tuple[tuple[int, str], ...]]:
            if k == len(values):
                yield ()
                return
            large, indices = values[k], groups[values[k]]
            able = [t for t in self.tanks if t not in used and (t, large) in self.options]
            for n in range(min(len(indices), len(able)) + 1):
                for chosen in combinations(able, n):
                    for rest in extend(k + 1, used | set(chosen)):
                        yield (*zip(indices, chosen, strict=False), *rest)

        yield from extend(0, frozenset())


def slots_of(dice: Sequence[int]) -> tuple[int, ...]:
    """The moves a roll gives: one per die, and one extra when every die shows the same
    large number (Rules: Movement); the extra move uses that number (this project's reading)."""
    dice = tuple(sorted(dice))
    if len(dice) > 1 and len(set(dice)) == 1:
        return (*dice, dice[0])
    return dice


MAX_DICE = 10  # dice of a what-if roll (the Dice Table gives at most 4)


def large_numbers(argument: str, match: Match, large: Any) -> tuple[int, ...]:
    """``large`` as a tuple, if it is 1 to MAX_DICE large numbers the die faces show."""
    faces = sorted({f.movement for f in match.roster.die_faces})
    expected = f"1 to {MAX_DICE} large numbers of the die faces ({', '.join(map(str, faces))})"
    if not isinstance(large, list | tuple) or not 1 <= len(large) <= MAX_DICE:
        raise ArgumentError(argument, large, expected)
    if not all(isinstance(d, int) and not isinstance(d, bool) and d in faces for d in large):
        raise ArgumentError(argument, large, expected)
    return tuple(large)


def reach_by_die(match: Match, dice: Sequence[int] | None = None) -> MovementOptions:
    """Every tank of the side to act that may move, and for each die value the squares and
    facings it can reach, with the fewest steps and a path to each (Rules: Movement).

    ``dice`` are large numbers (default: the dice of the turn)."""
    if dice is None:
        dice, slots = match.dice, match.slots
    else:
        dice = large_numbers("dice", match, dice)
        slots = slots_of(dice)
    side = match.side_to_act
    tanks = tuple(t.id for t in match.active_tanks(side) if not t.damaged)
    values = sorted(set(slots))
    reasons = [
        Reason(f"{len(dice)} dice rolled: {', '.join(map(str, sorted(dice)))}", sections.DICE_TABLE)
    ]
    if len(slots) > len(dice):
        reasons.append(
            Reason("every die shows the same large number: one extra tank moves", sections.MOVEMENT)
        )
    found: dict[tuple[str, int], TankOptions] = {}
    static = _static_free(match)
    width = match.board.width
    for tank_id in tanks:
        tank = match.tank(tank_id)
        steps = {v: allowance(match, tank, v) for v in values}
        most = max(steps.values(), default=0)
        if most <= 0:
            continue
        free = bytearray(static)
        for other in match.tanks:
            if other.id != tank_id:
                free[other.at.y * width + other.at.x] = 0
        searched = _search(tank, free, width, match.board.depth, most, match.options)
        modifier = match.kind(tank).speed_modifier
        for v in values:
            if steps[v] <= 0:
                continue
            why = Reason(
                f"{tank.kind}: large number {v} {modifier:+d} = {steps[v]} steps", sections.TABLE_A
            )
            found[(tank_id, v)] = TankOptions(tank_id, v, steps[v], searched, (why,))
    return MovementOptions(
        tuple(sorted(dice)), slots, tanks, MappingProxyType(found), tuple(reasons)
    )


if not TYPE_CHECKING:  # for mypy no catch-all: a misspelt name stays an error
    __getattr__ = removed_names(
        "workbench.games.panzer_strike.rules.movement", {"movement_options": "reach_by_die"}
    )
