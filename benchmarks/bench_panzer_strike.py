"""Panzer Strike benchmarks: ``reach_by_die`` for 5 dice and 12 tanks on a board of two
tile rows, and ``shooting.odds`` for one shot, each against a plain reference in the same run
(``workbench.testing.panzer_strike_reference``)."""

from __future__ import annotations

from benchmarks.timing import Result, median_seconds
from workbench.games.panzer_strike.boards.board import SquareBoard, TileSet
from workbench.games.panzer_strike.rules import shooting
from workbench.games.panzer_strike.rules.movement import reach_by_die
from workbench.games.panzer_strike.rules.setup import position
from workbench.testing.panzer_strike_reference import plain_kill, plain_movement_options

DICE = [1, 3, 4, 5, 6]  # five dice (13+ active tanks roll 5; a what-if for 12)
KINDS = ("Heavy", "Medium", "Light")


def two_tile_rows() -> SquareBoard:
    """Rows I and II of the stand-in tiles: 16 × 8 squares with houses and streets."""
    return SquareBoard.assembled(TileSet.builtin(), ("I", "II"), name="two tile rows")


def twelve_tanks():
    board = two_tile_rows()
    free = [s for s in board.squares() if not board.blocks_movement(s)]
    north = [s for s in free if s.y <= 3][::3][:12]
    south = [s for s in free if s.y >= 6][::3][:4]
    tanks = [(f"N{i}", KINDS[i % 3], "north", (s.x, s.y), (i * 3) % 8) for i, s in enumerate(north)]
    tanks += [(f"S{i}", KINDS[i % 3], "south", (s.x, s.y), 0) for i, s in enumerate(south)]
    return position(board, tanks)


def movement() -> Result:
    match = twelve_tanks()
    fast = reach_by_die(match, DICE)
    plain = plain_movement_options(match, DICE)
    if {k: o.poses for k, o in fast.options.items()} != plain:
        raise AssertionError("reach_by_die and the plain search disagree")
    seconds = median_seconds(lambda: reach_by_die(match, DICE), repeat=30, warmup=3)
    reference = median_seconds(lambda: plain_movement_options(match, DICE), repeat=5)
    poses = sum(len(o.poses) for o in fast.options.values())
    return Result(
        20, "Panzer Strike `reach_by_die`, 5 dice, 12 tanks, 16 × 8 (two tile rows)",
        seconds, 0.010,
        "plain Dijkstra per tank and die, dicts and a heap", reference,
        f"{len(fast.options)} tank-die pairs, {poses} poses",
    )  # fmt: skip


def odds() -> Result:
    match = position(
        two_tile_rows(),
        [("H", "Heavy", "north", (8, 7), "E"), ("M", "Medium", "south", (13, 7), "N")],
    )
    result = shooting.odds(match, "H", "M")
    if result.destroy != plain_kill(match, "H", "M"):
        raise AssertionError("shooting.odds and the plain reference disagree")
    seconds = median_seconds(lambda: shooting.odds(match, "H", "M"), repeat=300, warmup=3)
    reference = median_seconds(lambda: plain_kill(match, "H", "M"), repeat=50)
    return Result(
        21, "Panzer Strike `shooting.odds`, a Heavy at a Medium's side, 5 squares", seconds, 0.001,
        "each rule written out plainly, every ordered roll of the 4 gun dice counted",
        reference,
        f"destroy {result.destroy}; with the reasons, the trajectory and the firepower "
        "distribution",
    )  # fmt: skip


PANZER_STRIKE_BENCHMARKS = (movement, odds)
