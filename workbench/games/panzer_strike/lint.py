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
- The two deployment sides are *apart* when no tank from the north rows can reach a square
  of the south rows (a row of buildings or barricades across the board); the finding names
  the cut: the squares no tank enters between the squares reached and the open ones beyond.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable

from workbench.games.panzer_strike.boards.board import SquareBoard
from workbench.geometry.squaregrid import Square, square_trace
from workbench.lint import Finding, LintReport, connected, grouped, lint, summary
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


def the_cut(board: SquareBoard, region: set[Square]) -> list[Square]:
    """The squares no tank may enter between ``region`` (the squares tanks reach from one
    side) and the open squares beyond it, row by row. Linear in the board's size."""
    beyond = {s for s in board.squares() if s not in region and not board.blocks_movement(s)}
    cut = {
        n
        for s in region
        for n in s.neighbors()
        if n in board and n not in region and n not in beyond
        and any(m in beyond for m in n.neighbors() if m in board)
    }  # fmt: skip
    return sorted(cut, key=lambda s: (s.y, s.x))


def _kinds(board: SquareBoard, squares: list[Square]) -> str:
    """The squares in words by what they hold ("the buildings at square (3, 5), ...")."""
    kinds: dict[str, list[str]] = {}
    for s in squares:
        what = "flag" if s in board.flags else "barricade" if s in board.barricades else "building"
        kinds.setdefault(what, []).append(_place(s))
    return " and ".join(f"the {kind}s at {summary(names)}" for kind, names in kinds.items())


@lint.register(SquareBoard)
def lint_square_board(board: SquareBoard, *, deployment_rows: int = STAND_IN_ROWS) -> LintReport:
    findings: list[Finding] = []
    sides = {side: deployment_squares(board, side, deployment_rows) for side in ("north", "south")}
    reached = {side: reach(board, squares) for side, squares in sides.items()}
    anywhere = set(reached["north"]) | set(reached["south"])
    lost = [s for s in board.squares() if not board.blocks_movement(s) and s not in anywhere]
    for area in connected(lost, lambda s: (n for n in s.neighbors() if n in board)):
        area.sort(key=lambda s: (s.y, s.x))
        names = [_place(s) for s in area]
        which = names[0] if len(area) == 1 else f"these {len(area)} squares"
        text = f"no tank from either side can reach {which}"
        findings.append(grouped("unreachable", names, area, Reason(text, MOVEMENT)))
    for flag, owner in board.flags.items():
        attackers = [side for side in ("north", "south") if side != owner]
        near = [n for n in flag.neighbors() if n in board]
        if not any(n in reached[side] for side in attackers for n in near):
            who = " or ".join(attackers)
            text = f"the {owner} flag on {_place(flag)}: no {who} tank reaches a square by it"
            findings.append(
                Finding(
                    "flag-unapproachable",
                    _place(flag),
                    Reason(text, CAPTURE_THE_FLAG),
                    "error",
                    (flag,),
                )
            )
    if sides["north"] and sides["south"] and not set(sides["south"]) & set(reached["north"]):
        cut = the_cut(board, set(reached["north"]))
        names = [_place(s) for s in cut]
        text = "no tank can go between the north and the south deployment rows: " + (
            f"cut off by {_kinds(board, cut)}" if cut else "the board's edge closes them in"
        )
        reason = Reason(text, MOVEMENT)
        findings.append(grouped("zones-apart", names or ["north"], cut, reason))
    lanes = lines_of_fire(board, deployment_rows)
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
        findings.append(Finding("line-of-fire", _place(a), Reason(text, SHOOTING), "note", (a, b)))
    notes = (
        Reason(
            f"deployment: the {deployment_rows} rows along the north and south edges", "stand-in"
        ),
        Reason("the two sides deploy on opposite sides of the board", INITIAL_POSITIONS),
    )
    heatmaps = {
        "lines of fire": heat,
        "reach from north": {s: float(n) for s, n in reached["north"].items()},
        "reach from south": {s: float(n) for s, n in reached["south"].items()},
    }
    return LintReport(board, tuple(findings), heatmaps, notes)
