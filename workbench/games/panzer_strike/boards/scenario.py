"""A Panzer Strike scenario: a board, the sides and their tanks (type, square, facing), the
points total the players agreed (Choosing Tanks) and the options in force.

The rulebook prints no scenarios: every shipped one is this project's example, and says so.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

from workbench.boards.problems import Problem, ScenarioError
from workbench.boards.values import FileValue, Pictured
from workbench.games.panzer_strike.boards.board import SquareBoard
from workbench.games.panzer_strike.boards.tank_types import PanzerStrikeRoster
from workbench.geometry.squaregrid import FACING_NAMES, Square


@dataclass(frozen=True)
class PlacedTank:
    """A tank as the scenario places it: Table A type, square centre, facing 0..7 (N..NW)."""

    id: str
    kind: str
    at: Square
    facing: int


@dataclass(frozen=True)
class ScenarioSide:
    name: str
    color: str
    tanks: tuple[PlacedTank, ...]

    def __post_init__(self) -> None:
        object.__setattr__(self, "tanks", tuple(self.tanks))


@dataclass(frozen=True)
class PanzerStrikeScenario(FileValue, Pictured):
    """Board, sides (the first listed moves first), agreed points and options.

    ``board_file`` remembers the board file's name (relative to the scenario's own file)."""

    name: str
    board: SquareBoard
    sides: tuple[ScenarioSide, ...]
    roster: PanzerStrikeRoster = field(default_factory=PanzerStrikeRoster.builtin)
    points: int | None = None
    options: Mapping[str, Any] = field(default_factory=dict)
    description: str = ""
    board_file: str = field(default="", compare=False)
    roster_file: str = field(default="", compare=False)

    __hash__ = None  # type: ignore[assignment]

    def __post_init__(self) -> None:
        object.__setattr__(self, "sides", tuple(self.sides))
        object.__setattr__(self, "options", MappingProxyType(dict(self.options)))
        found = scenario_problems(self)
        if found:
            raise ScenarioError(found[0])

    @property
    def tanks(self) -> tuple[PlacedTank, ...]:
        return tuple(t for side in self.sides for t in side.tanks)

    def side_of(self, tank_id: str) -> str:
        return next(s.name for s in self.sides for t in s.tanks if t.id == tank_id)

    def points_of(self, side: str) -> int:
        """The side's total value (Table A's last column)."""
        chosen = next(s for s in self.sides if s.name == side)
        return sum(self.roster.tank_type(t.kind).value for t in chosen.tanks)


def scenario_problems(scenario: PanzerStrikeScenario) -> list[Problem]:
    """What keeps a scenario from holding together, each naming its file field."""
    found: list[Problem] = []
    if len(scenario.sides) != 2:
        return [Problem(("sides",), f"{len(scenario.sides)} sides", "two sides")]
    names = [s.name for s in scenario.sides]
    if len(set(names)) != 2:
        return [Problem(("sides", 1, "name"), repr(names[1]), "a name the other side does not use")]
    board = scenario.board
    seen: dict[Square, str] = {}
    ids: set[str] = set()
    for i, side in enumerate(scenario.sides):
        for j, tank in enumerate(side.tanks):
            at: tuple[str | int, ...] = ("sides", i, "tanks", j)
            if tank.id in ids:
                found.append(Problem((*at, "id"), repr(tank.id), "an id no other tank has"))
            ids.add(tank.id)
            if tank.kind not in scenario.roster.types:
                known = ", ".join(scenario.roster.types)
                found.append(Problem((*at, "type"), repr(tank.kind), f"a Table A type ({known})"))
            if not 0 <= tank.facing < 8:
                found.append(Problem((*at, "facing"), str(tank.facing), " ".join(FACING_NAMES)))
            where = f"[{tank.at.x}, {tank.at.y}]"
            if tank.at not in board:
                found.append(
                    Problem(
                        (*at, "at"), where, f"a square on the {board.width} × {board.depth} board"
                    )
                )
            elif board.blocks_movement(tank.at):
                found.append(
                    Problem(
                        (*at, "at"),
                        f"{where}, a {board.feature_name(tank.at)} square or a flag or barricade",
                        "an empty square",
                    )
                )
            elif tank.at in seen:
                found.append(
                    Problem(
                        (*at, "at"),
                        f"{where}, where {seen[tank.at]} stands",
                        "one tank per square (Initial Positions)",
                    )
                )
            seen[tank.at] = tank.id
    if found or scenario.points is None:
        return found
    for i, side in enumerate(scenario.sides):
        total = scenario.points_of(side.name)
        if total > scenario.points:
            found.append(
                Problem(
                    ("sides", i, "tanks"),
                    f"tanks worth {total} points",
                    f"at most the agreed {scenario.points} (Choosing Tanks)",
                )
            )
    return found
