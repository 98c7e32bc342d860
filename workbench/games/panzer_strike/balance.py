"""A Panzer Strike board or scenario as the balance lab plays and changes it
(``workbench.balance``): a board that places its own tanks is played as the scenario
``scenario_of_board`` makes of it; a game is decided where its first tank is destroyed, or
where the first flag is captured; the single changes tried, near the squares where games are
decided: a tile flipped to its back, a flag moved one square, a barricade taken away, and a
side's tanks (its deployment) moved one square towards the other side or away.

Readings (the lab's, not the rulebook's): "near" is within :data:`NEAR` squares (either way,
diagonals too) of a place where games were decided; a change the board refuses (a flag on a
building, a tank off the board) is not offered.

>>> from workbench import panzer_strike as ps
>>> scenario = ps.load_scenario("capture-the-flag")
>>> texts = [c.text for c in changes(scenario, {scenario.board.tanks[0].at
...          if scenario.board.tanks else next(iter(scenario.board.flags)): 2})]
>>> any(t.startswith("move the") and "flag" in t for t in texts)
True
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from workbench.balance.designs import Change, Design, hottest, interleaved, register
from workbench.errors import WorkbenchError
from workbench.games.panzer_strike.boards.board import BoardTank, SquareBoard
from workbench.games.panzer_strike.boards.scenario import PanzerStrikeScenario, PlacedTank
from workbench.games.panzer_strike.rules.game import scenario_of_board
from workbench.geometry.squaregrid import Square

NEAR = 4  # squares from a place where games were decided
NUDGES = ((0, -1), (1, 0), (0, 1), (-1, 0))  # a flag's moves: north, east, south, west
NUDGE_NAMES = ("north", "east", "south", "west")
REFUSED = (WorkbenchError, ValueError, KeyError)


def decided(before: Any, after: Any) -> Square | None:
    """Where the first tank destroyed stood, or the first flag captured."""
    if len(after.kills) > len(before.kills):
        victim = after.kills[len(before.kills)][1]
        return next((t.at for t in before.tanks if t.id == victim), None)
    if len(after.captured) > len(before.captured):
        return after.captured[len(before.captured)][0]
    return None


def _near(square: Square, heat: Mapping[Square, float]) -> float:
    def apart(other: Square) -> int:
        return max(abs(square.x - other.x), abs(square.y - other.y))

    return sum(n / (1 + apart(h)) for h, n in heat.items() if apart(h) <= NEAR)


def board_changes(board: SquareBoard, heat: Mapping[Square, float]) -> list[Change]:
    """The single changes tried on a board that places its tanks (see the module)."""
    hot = {s: n for s, n in heat.items() if s in board}
    slots = list(dict.fromkeys((s.y // board.tiles.depth, s.x // board.tiles.width)
                               for s in hottest(hot, len(hot))))[:3]  # fmt: skip
    tiles: list[Change | None] = []
    for row, column in slots:
        face = board.layout[row][column]
        back = board.tiles.back_of(face)
        if back is not None:
            tiles.append(_tried(lambda b=back, r=row, c=column: board.with_tile(r, c, b),
                                f"flip the tile {face} to {back}", "tile",
                                _slot_squares(board, row, column)))  # fmt: skip
    flags: list[Change | None] = []
    for square in sorted(board.flags, key=lambda s: (-_near(s, hot), s.y, s.x)):
        if _near(square, hot) <= 0:
            continue
        for (dx, dy), name in zip(NUDGES, NUDGE_NAMES, strict=True):
            to = Square(square.x + dx, square.y + dy)
            if to in board and board.is_empty(to) and board.tank_at(to) is None:
                owner = board.flags[square]
                text = f"move the {owner} flag at ({square.x},{square.y}) one square {name}"
                flags.append(_tried(lambda s=square, t=to, o=owner: board.without_flag(s)
                                    .with_flag(t, o), text, "flag", (square, to)))  # fmt: skip
    barricades = [
        _tried(lambda s=s: board.without_barricade(s), f"take away the barricade at ({s.x},{s.y})",
               "remove", (s,))
        for s in sorted(board.barricades, key=lambda s: (-_near(s, hot), s.y, s.x))
        if _near(s, hot) > 0
    ]  # fmt: skip
    groups = [tiles, flags, barricades, _deployments(board)]
    return interleaved([[c for c in group if c is not None] for group in groups])


def _slot_squares(board: SquareBoard, row: int, column: int) -> tuple[Square, ...]:
    w, d = board.tiles.width, board.tiles.depth
    return tuple(Square(column * w + x, row * d + y) for y in range(d) for x in range(w))


def _deployments(board: SquareBoard) -> list[Change | None]:
    """Each side's tanks moved one square towards the other side, and away."""
    sides = list(dict.fromkeys(t.side for t in board.tanks))
    out: list[Change | None] = []
    for side in sides:
        mine = [t for t in board.tanks if t.side == side]
        others = [t for t in board.tanks if t.side != side]
        if not others:
            continue
        toward = 1 if sum(t.at.y for t in others) / len(others) > mine[0].at.y else -1
        for dy, word in ((toward, "towards"), (-toward, "away from")):
            moved = [replace(t, at=Square(t.at.x, t.at.y + dy)) for t in mine]
            if all(t.at in board and not board.blocks_movement(t.at) for t in moved):
                new = board
                for tank in moved:
                    new = new.with_tank(tank)
                text = f"move {side}'s tanks one square {word} the other side"
                out.append(_tried(lambda n=new: n, text, "deployment", tuple(t.at for t in moved)))
    return out


def _tried(make: Any, text: str, kind: str, places: tuple[Square, ...]) -> Change | None:
    try:
        return Change(text, kind, make(), places)
    except REFUSED:
        return None


def changes(value: Any, heat: Mapping[Square, float]) -> list[Change]:
    """:func:`board_changes` of a board, or of a scenario's board and tanks."""
    if isinstance(value, SquareBoard):
        return board_changes(value, heat)
    board = _board_of(value)
    return [replace(c, value=_scenario_with(value, c.value)) for c in board_changes(board, heat)]


def _board_of(scenario: PanzerStrikeScenario) -> SquareBoard:
    tanks = tuple(BoardTank(t.id, t.kind, side.name, t.at, t.facing)
                  for side in scenario.sides for t in side.tanks)  # fmt: skip
    return replace(scenario.board, tanks=tanks)


def _scenario_with(scenario: PanzerStrikeScenario, board: SquareBoard) -> PanzerStrikeScenario:
    sides = tuple(replace(side, tanks=tuple(PlacedTank(t.id, t.kind, t.at, t.facing)
                                            for t in board.tanks if t.side == side.name))
                  for side in scenario.sides)  # fmt: skip
    return replace(scenario, board=replace(board, tanks=()), sides=sides)


def named(value: Any, place: Square) -> str:
    return f"({place.x},{place.y})"


BOARD = register(Design(SquareBoard, ("panzer-strike",), scenario=scenario_of_board,
                        decided=decided, changes=changes, named=named))  # fmt: skip
SCENARIO = register(Design(PanzerStrikeScenario, ("panzer-strike",), decided=decided,
                           changes=changes, named=named))  # fmt: skip
