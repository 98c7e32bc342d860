"""Panzer Strike benchmarks: ``reach_by_die`` for 5 dice and 12 tanks on a board of two
tile rows, and ``shooting.odds`` for one shot, each against a plain reference in the same run
(``workbench.testing.panzer_strike_reference``)."""

from __future__ import annotations

import random

from workbench.files import load
from workbench.games.panzer_strike import lint as square_lint
from workbench.games.panzer_strike.boards.board import SquareBoard, TileFace, TileSet
from workbench.games.panzer_strike.rules import shooting
from workbench.games.panzer_strike.rules.movement import reach_by_die
from workbench.games.panzer_strike.rules.setup import position
from workbench.paths import MAPS
from workbench.testing.bench_cases import LearningCase, LintSamples, Sample, Sweep
from workbench.testing.panzer_strike_reference import plain_kill, plain_movement_options
from workbench.testing.timing import Result, median_seconds

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


BENCHMARKS = (movement, odds)


# --- boards for the other benchmarks (lint's estimates) -------------------------


def tile_set(size: int, seed: int = 1) -> TileSet:
    """100 faces (the files' most) of ``size`` × ``size`` squares, a tenth of them buildings."""
    rng = random.Random(seed)
    faces = {}
    for i in range(100):
        rows = tuple(
            "".join("#" if rng.random() < 0.1 else "." for _ in range(size)) for _ in range(size)
        )
        faces[f"F{i}"] = TileFace(f"F{i}", rows)
    return TileSet("benchmark", size, size, faces, {})


def square_board(tiles: int, size: int) -> SquareBoard:
    """``tiles`` × ``tiles`` tiles of ``size`` squares (the files' largest: 14 × 14 of 50,
    two sets of 100 faces)."""
    layout = tuple(tuple(f"F{(r * tiles + c) % 100}" for c in range(tiles)) for r in range(tiles))
    return SquareBoard(f"{tiles * size} squares", tile_set(size), layout, sets=2)


def lint_samples(quick: bool) -> list[Sample]:
    """Square boards, from the shipped scenario to the files' largest (700 squares)."""
    found: list[Sample] = [
        ("capture the flag", lambda: load(MAPS / "panzer-strike" / "capture-the-flag.json"),
         square_lint.CHECKS, {}),
        ("4 x 4 tiles of 10", lambda: square_board(4, 10), square_lint.CHECKS, {}),
    ]  # fmt: skip
    if quick:
        return found
    return [
        *found,
        ("8 x 8 tiles of 25 (200 squares)", lambda: square_board(8, 25), square_lint.CHECKS, {}),
        ("14 x 14 tiles of 50 (700 squares), no lines of fire",
         lambda: square_board(14, 50), square_lint.CHECKS, {"leave_out": ["lines of fire"]}),
    ]  # fmt: skip


LINT_SAMPLES = LintSamples("square boards", 87, square_lint.CHECKS, lint_samples)

# the balance lab's sweep with search players: capture-the-flag, easy search on both sides
SEARCH_SWEEP = Sweep("panzer-strike", "capture-the-flag", {"turn_limit": 4}, "Panzer Strike games")

LEARNING = LearningCase(
    "panzer-strike", "capture-the-flag", {"turn_limit": 8}
)  # benchmarks/dqn.py trains on it
