"""Positions made by hand (a lesson, a test, a what-if): tanks placed on a board without a
scenario file, and a turn's dice set instead of rolled."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import replace
from itertools import islice
from typing import Any

from workbench.arguments import check_type, one_of, whole_number
from workbench.errors import ArgumentError
from workbench.games.panzer_strike.boards.board import SquareBoard, TileFace, TileSet
from workbench.games.panzer_strike.boards.scenario import (
    PanzerStrikeScenario,
    PlacedTank,
    ScenarioSide,
)
from workbench.games.panzer_strike.boards.tank_types import PanzerStrikeRoster
from workbench.games.panzer_strike.rules.game import RollMovement, apply, start
from workbench.games.panzer_strike.rules.movement import large_numbers, slots_of
from workbench.games.panzer_strike.rules.positions import opposite_sides
from workbench.games.panzer_strike.rules.state import Match
from workbench.geometry.squaregrid import FACING_NAMES, Square

SIDE_COLORS = ("#3366cc", "#cc3333")
MAX_SIDE_TANKS = 100  # a scenario side's tanks (maps/README.md: limits)


def open_board(columns: int = 4, rows: int = 2, name: str = "open ground") -> SquareBoard:
    """A board of open squares only, ``columns`` × ``rows`` tiles (at most 4 × 6)."""
    whole_number("columns", columns, low=1, high=4)
    whole_number("rows", rows, low=1, high=6)
    base = TileSet.builtin()
    blank = ("." * base.width,) * base.depth
    tiles = TileSet(
        "open tiles (a lesson's board)",
        base.width,
        base.depth,
        {label: TileFace(label, blank) for label in base.faces},
        {},
    )
    return SquareBoard.assembled(
        tiles, ("I", "II", "III", "IV", "V", "VI")[:rows], name=name
    ).with_layout(
        [[f"{r}-{c}" for c in "abcd"[:columns]] for r in ("I", "II", "III", "IV", "V", "VI")[:rows]]
    )


def position(
    board: SquareBoard,
    tanks: Iterable[tuple[str, str, str, tuple[int, int], str | int]],
    *,
    sides: Sequence[str] = ("north", "south"),
    options: Mapping[str, Any] | None = None,
    roster: PanzerStrikeRoster | None = None,
) -> Match:
    """A match with these tanks: ``(id, type, side, (x, y), facing)``, facing a name (N, NE …)
    or 0..7. The first of ``sides`` is to act, its movement dice not yet rolled. Tanks may
    stand anywhere (option ``any_positions``), not only on opposite sides."""
    if len(sides) != 2 or len(set(sides)) != 2 or not all(isinstance(s, str) for s in sides):
        raise ArgumentError("sides", sides, "two different sides' names")
    entries = tuple(islice(tanks, 2 * MAX_SIDE_TANKS + 1))  # an endless iterator ends here
    if len(entries) > 2 * MAX_SIDE_TANKS:
        raise ArgumentError("tanks", tanks, f"at most {2 * MAX_SIDE_TANKS} tanks")
    by_side: dict[str, list[PlacedTank]] = {s: [] for s in sides}
    for i, entry in enumerate(entries):
        check_type(f"tanks[{i}]", entry, tuple[str, str, str, tuple[int, int], str | int])
        ident, kind, side, (x, y), facing = entry
        one_of(f"tanks[{i}] side", side, sides, "one of the sides")
        if isinstance(facing, str):
            one_of(f"tanks[{i}] facing", facing, FACING_NAMES, "a facing's name or 0..7")
            facing = FACING_NAMES.index(facing)
        whole_number(f"tanks[{i}] facing", facing, low=0, high=len(FACING_NAMES) - 1)
        by_side[side].append(PlacedTank(ident, kind, Square(x, y), facing))
    scenario = PanzerStrikeScenario(
        name="a position",
        board=board,
        roster=roster or PanzerStrikeRoster.builtin(),
        sides=tuple(
            ScenarioSide(s, SIDE_COLORS[i % 2], tuple(by_side[s])) for i, s in enumerate(sides)
        ),
    )
    return start(scenario, {"any_positions": True, **dict(options or {})})


def with_dice(match: Match, large: Sequence[int]) -> Match:
    """The match with the side's movement dice set to these large numbers (as if rolled).

    Any count (1 to ``MAX_DICE``) of the numbers the die faces show is allowed here (a
    what-if); the game's own roll lists only those the Dice Table and the die faces allow."""
    large = large_numbers("large", match, large)
    if match.phase != "roll":
        raise ArgumentError(
            "match",
            f"a match in the {match.phase} phase",
            "a match at the start of a turn (the dice are rolled then)",
        )
    slots = slots_of(large)
    after = replace(
        match, phase="move", dice=tuple(sorted(large)), slots=slots, used=(False,) * len(slots)
    )
    return after


def rolled(match: Match, large: Sequence[int]) -> Match:
    """The match after the game's own movement roll of these large numbers."""
    return apply(match, RollMovement(tuple(sorted(large)))).state


__all__ = ["open_board", "opposite_sides", "position", "rolled", "with_dice"]
