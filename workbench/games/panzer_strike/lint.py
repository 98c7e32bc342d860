"""Linting a Panzer Strike square board: squares no tank can reach, flags no tank can come
next to, and the lines of fire that cross the board between the two deployment sides.

Readings (the rulebook says only "on the opposite sides of the board", Initial Positions):

- The two sides deploy in the ``deployment_rows`` rows along the north and south edges (a
  labelled stand-in: 2 rows; the rulebook gives no depth).
- A tank steps one square orthogonally or diagonally (Movement: "forward by one square",
  facings 45° apart) and never into a building, flag or barricade square; a diagonal step
  between two blocked squares is allowed (the text does not forbid it).
- A line of fire is clear when no square whose interior the centre-to-centre line crosses,
  ends excluded, blocks fire (Shooting and Armour: "the trajectory of the shell must be
  clear"); squares it only touches at a corner or along an edge do not block.
- Squares no tank reaches are one finding per area of neighbouring squares (one cause).
- A flag is approached from a square next to it (Task: Capture the Flag), orthogonally or
  diagonally, by a tank from the side that does not own it (either side for an owner that
  is neither ``north`` nor ``south``).

Each check is registered in :data:`CHECKS` with its estimate, a line in the units of its
work (:func:`work_units`) fitted to measures (``benchmarks/README.md``, "Lint's
estimates"); the lines of fire, whose work grows with the board's width squared times its
depth, are the check left out when the bound would be passed.
"""

from __future__ import annotations

import math
from collections import deque
from collections.abc import Iterable

from workbench.arguments import whole_number
from workbench.bounds import MAX_BYTES, MAX_SECONDS, Cost
from workbench.games.panzer_strike.boards.board import SquareBoard
from workbench.geometry.squaregrid import TRACES_KEPT, Square, square_trace
from workbench.lint import (
    Checks,
    Finding,
    Found,
    LintReport,
    Options,
    Work,
    connected,
    grouped,
    lint,
    options_checked,
)
from workbench.rules.core import Reason

GAME = "panzer-strike"  # the game whose rulebook the sections below are headings of
INITIAL_POSITIONS = "Initial Positions"
MOVEMENT = "Movement"
SHOOTING = "Shooting and Armour"
CAPTURE_THE_FLAG = "Task: Capture the Flag"
STAND_IN_ROWS = 2


def deployment_squares(board: SquareBoard, side: str, rows: int = STAND_IN_ROWS) -> list[Square]:
    """The open squares in the ``rows`` rows along the ``north`` or ``south`` edge."""
    ys = range(rows) if side == "north" else range(board.depth - rows, board.depth)
    return [
        Square(x, y)
        for y in ys
        for x in range(board.width)
        if not board.blocks_movement(Square(x, y))
    ]


def reach(board: SquareBoard, starts: Iterable[Square]) -> dict[Square, int]:
    """Steps from the nearest start square to each square a tank can get to."""
    steps = {s: 0 for s in starts if not board.blocks_movement(s)}
    queue = deque(steps)
    while queue:
        here = queue.popleft()
        for there in here.neighbors():
            if there in board and there not in steps and not board.blocks_movement(there):
                steps[there] = steps[here] + 1
                queue.append(there)
    return steps


def line_clear(board: SquareBoard, a: Square, b: Square) -> bool:
    """Whether a shell from ``a`` to ``b`` crosses no square that blocks fire."""
    return not any(board.blocks_fire(s) for s in square_trace(a, b).crossed[1:-1])


def lines_of_fire(board: SquareBoard, rows: int = STAND_IN_ROWS) -> list[tuple[Square, Square]]:
    """Every clear line between a north deployment square and a south one."""
    north = deployment_squares(board, "north", rows)
    south = deployment_squares(board, "south", rows)
    return [(a, b) for a in north for b in south if line_clear(board, a, b)]


def _place(s: Square) -> str:
    return f"square ({s.x}, {s.y})"


# --- the checks and their estimates --------------------------------------------------------


def work_units(board: SquareBoard, options: Options) -> dict[str, int]:
    """The work each check does, in its units, as estimated before it runs (the tests count
    the same units as the checks run): ``squares`` (the board's, searched once from each
    side), ``lines`` (north deployment squares times south ones, at most), ``traced``
    (squares across those lines, |dx| + |dy| + 1 each, summed: the mean |dx| of two columns
    is (w² - 1) / 3w, the mean |dy| the depth less the deployment rows) and ``offsets``
    (distinct offsets between a north and a south square: traces the trace cache keeps)."""
    rows = options["deployment_rows"]
    width, depth = board.width, board.depth
    deployed = width * rows
    mean_dx = (width * width - 1) / (3 * width) if width else 0.0
    lines = deployed * deployed
    return {
        "squares": width * depth,
        "lines": lines,
        "traced": math.ceil(lines * (mean_dx + depth - rows + 1)),
        "offsets": (2 * width - 1) * (2 * rows - 1),
    }


# Each estimate: seconds and bytes per unit of work, about three times the CPU time measured
# here (the shared machine's wall clock under its usual load), fitted on the shipped board and
# boards of 40 x 40 to 700 x 700 squares (benchmarks/README.md, "Lint's estimates").
SQUARE_SECONDS = 5e-5  # a square searched from both sides (8 neighbours each)
KEPT_SECONDS = 5e-6  # a square looked at again, its steps kept in two heatmaps
KEPT_BYTES = 300
SQUARE_BYTES = 500
LINE_SECONDS = 7.5e-5
TRACED_SECONDS = 6e-7
TRACED_BYTES = 200  # a square of a trace the trace cache keeps
BASE_SECONDS = 2e-3


def _reached(board: SquareBoard, options: Options) -> dict[str, dict[Square, int]]:
    rows = options["deployment_rows"]
    return {side: reach(board, deployment_squares(board, side, rows)) for side in SIDES}


def _reached_cost(board: SquareBoard, options: Options) -> Cost:
    squares = work_units(board, options)["squares"]
    return Cost(SQUARE_BYTES * squares, BASE_SECONDS + SQUARE_SECONDS * squares)


SIDES = ("north", "south")
REACHED = Work("reach from each side", _reached, _reached_cost)
CHECKS = Checks("square board")


def _reach_cost(board: SquareBoard, options: Options) -> Cost:
    squares = work_units(board, options)["squares"]
    return Cost(KEPT_BYTES * squares, BASE_SECONDS + KEPT_SECONDS * squares)


@CHECKS.check("reach", cost=_reach_cost, needs=[REACHED])
def _reach(board: SquareBoard, options: Options, found: Found) -> None:
    reached = found.made(REACHED)
    anywhere = set(reached["north"]) | set(reached["south"])
    lost = [s for s in board.squares() if not board.blocks_movement(s) and s not in anywhere]
    for area in connected(lost, lambda s: (n for n in s.neighbors() if n in board)):
        area.sort(key=lambda s: (s.y, s.x))
        names = [_place(s) for s in area]
        which = names[0] if len(area) == 1 else f"these {len(area)} squares"
        text = f"no tank from either side can reach {which}"
        found.findings.append(grouped("unreachable", names, area, Reason(text, MOVEMENT)))
    for side in SIDES:
        found.heatmaps[f"reach from {side}"] = {s: float(n) for s, n in reached[side].items()}


def _flags_cost(board: SquareBoard, options: Options) -> Cost:
    return Cost(SQUARE_BYTES * len(board.flags), BASE_SECONDS + SQUARE_SECONDS * len(board.flags))


@CHECKS.check("flags", cost=_flags_cost, needs=[REACHED])
def _flags(board: SquareBoard, options: Options, found: Found) -> None:
    reached = found.made(REACHED)
    for flag, owner in board.flags.items():
        attackers = [side for side in SIDES if side != owner]
        near = [n for n in flag.neighbors() if n in board]
        if not any(n in reached[side] for side in attackers for n in near):
            who = " or ".join(attackers)
            text = f"the {owner} flag on {_place(flag)}: no {who} tank reaches a square by it"
            found.findings.append(
                Finding(
                    "flag-unapproachable",
                    _place(flag),
                    Reason(text, CAPTURE_THE_FLAG),
                    "error",
                    (flag,),
                )
            )


def _lines_cost(board: SquareBoard, options: Options) -> Cost:
    units = work_units(board, options)
    kept = min(units["offsets"], TRACES_KEPT) * (board.width + board.depth)
    return Cost(
        TRACED_BYTES * kept + 16 * units["lines"],
        BASE_SECONDS + LINE_SECONDS * units["lines"] + TRACED_SECONDS * units["traced"],
    )


@CHECKS.check("lines of fire", cost=_lines_cost, optional=True)
def _lines_of_fire(board: SquareBoard, options: Options, found: Found) -> None:
    lanes = lines_of_fire(board, options["deployment_rows"])
    heat: dict[Square, float] = {}
    for a, b in lanes:
        heat[a] = heat.get(a, 0) + 1
        heat[b] = heat.get(b, 0) + 1
    if lanes:
        a, b = lanes[0]
        text = (
            f"{len(lanes)} clear lines of fire cross the board between the north and south "
            f"deployment rows, e.g. {_place(a)} to {_place(b)}"
        )
        found.findings.append(
            Finding("line-of-fire", _place(a), Reason(text, SHOOTING), "note", (a, b))
        )
    found.heatmaps["lines of fire"] = heat


@lint.register(SquareBoard)
@options_checked
def lint_square_board(
    board: SquareBoard,
    *,
    deployment_rows: int = STAND_IN_ROWS,
    max_bytes: int = MAX_BYTES,
    max_seconds: float | None = MAX_SECONDS,
    leave_out: Iterable[str] = (),
) -> LintReport:
    """Lint a square board: squares no tank reaches, flags no tank comes next to, the clear
    lines of fire between the deployment rows (``deployment_rows`` deep, 1 to half the
    board). The checks' estimates are added up first (see :mod:`workbench.lint`): the lines
    of fire are left out (and named in the report) where they would pass ``max_bytes`` or
    ``max_seconds``; a board whose other checks alone would pass them is refused.
    ``leave_out``: names of checks not to run (:data:`CHECKS`)."""
    rows = whole_number("deployment_rows", deployment_rows, low=1, high=max(1, board.depth // 2))
    notes = (
        Reason(f"deployment: the {rows} rows along the north and south edges", "stand-in"),
        Reason("the two sides deploy on opposite sides of the board", INITIAL_POSITIONS),
    )
    described = f"a {board.width} x {board.depth} board"
    return CHECKS.run(board, {"deployment_rows": rows}, max_bytes=max_bytes,
                      max_seconds=max_seconds, leave_out=leave_out, described=described,
                      notes=notes)  # fmt: skip
