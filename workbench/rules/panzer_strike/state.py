"""Panzer Strike game state: tanks on a square board, the dice of the turn, flags and watches.

Values only: a new state is made with ``dataclasses.replace``; nothing here decides legality
(that is ``movement``, ``shooting`` and ``game``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields, replace
from typing import Any

from workbench.boards.panzer_strike.board import SquareBoard
from workbench.boards.panzer_strike.tank_types import PanzerStrikeRoster, TankType
from workbench.boards.values import Pictured
from workbench.errors import ArgumentError
from workbench.geometry.squaregrid import FACING_NAMES, Square
from workbench.rules.core import Outcome

DIAGONAL_CUTS = ("allowed", "not-between-two", "not-past-any")
TRAJECTORIES = ("crossed", "met")
ROUNDINGS = ("up", "nearest", "exact")
DIVIDED = ("side", "centre")
NEXT_TO = ("eight", "four")


@dataclass(frozen=True)
class Options:
    """The optional rules in force and this project's readings of open cases, each named.

    Rulebook switches: ``damage`` (Optional Rules: Damage), ``barricades`` (Optional Rules:
    Barricades: the board's barricades are in play). Readings (defaults first):

    - ``backward_counts``: the one square backwards counts as a step (True) or is free.
    - ``backward_alone``: a move backwards is that one square and nothing else (True), or the
      square may be one step among turns and forward steps (False).
    - ``diagonal_cut``: a diagonal step between two blocked squares is ``allowed``, refused
      when both orthogonal neighbours block (``not-between-two``) or when either does
      (``not-past-any``).
    - ``trajectory``: a shell is stopped by what stands on squares whose inside the line
      crosses (``crossed``), or also by squares it only grazes at an edge or corner (``met``).
    - ``distance_rounding``: the ruler distance compared with the dice is rounded ``up`` to
      whole squares (a partly covered unit counts), to the ``nearest`` (halves up), or used
      ``exact`` (then Damage, an *equal* sum, happens only at whole distances).
    - ``divided_square``: a firing square that a dividing line of the hit zones cuts counts
      as ``side`` (the rulebook), or is judged by its centre (``centre``; on the line: side).
    - ``flag_next_to``: "next to" a flag is any of the ``eight`` squares around it or the
      ``four`` orthogonal ones.
    - ``one_die_per_tank``: each tank moves on at most one die in a turn.
    - ``any_positions``: allow forces that do not start on opposite sides of the board
      (Initial Positions), for a lesson's position or a designer's what-if.
    - ``any_flags``: allow flag counts the rulebook does not list (symmetrical: 1 or 2 each;
      attack vs. defence: up to 4) for a designer's variant.
    - ``turn_limit``: rounds (each side one turn). The rulebook's limit in attack vs. defence
      (the attacker must capture by then); otherwise a practice stand-in so a game ends.
    """

    damage: bool = False
    barricades: bool = True
    backward_counts: bool = True
    backward_alone: bool = False
    diagonal_cut: str = "allowed"
    trajectory: str = "crossed"
    distance_rounding: str = "up"
    divided_square: str = "side"
    flag_next_to: str = "eight"
    one_die_per_tank: bool = True
    any_flags: bool = False
    any_positions: bool = False
    turn_limit: int | None = 30

    def __post_init__(self) -> None:
        for name, allowed in (
            ("diagonal_cut", DIAGONAL_CUTS),
            ("trajectory", TRAJECTORIES),
            ("distance_rounding", ROUNDINGS),
            ("divided_square", DIVIDED),
            ("flag_next_to", NEXT_TO),
        ):
            if getattr(self, name) not in allowed:
                raise ArgumentError(name, getattr(self, name), " or ".join(map(repr, allowed)))
        if self.turn_limit is not None and (
            not isinstance(self.turn_limit, int) or self.turn_limit < 1
        ):
            raise ArgumentError("turn_limit", self.turn_limit, "a whole number of rounds, 1+")

    @staticmethod
    def of(given: Mapping[str, Any] | None) -> Options:
        given = dict(given or {})
        names = {f.name for f in fields(Options)}
        unknown = sorted(set(given) - names)
        if unknown:
            raise ArgumentError("options", unknown, f"option names among {sorted(names)}")
        return Options(**given)


OPTION_NAMES = tuple(f.name for f in fields(Options))


@dataclass(frozen=True)
class Tank:
    """A tank on the board: its Table A type, side, square, facing (0..7 = N, NE … NW)."""

    id: str
    kind: str
    side: str
    at: Square
    facing: int
    destroyed: bool = False
    damaged: bool = False

    @property
    def active(self) -> bool:
        return not self.destroyed

    def __str__(self) -> str:
        state = " (destroyed)" if self.destroyed else " (damaged)" if self.damaged else ""
        return (
            f"{self.id} ({self.kind}) at ({self.at.x}, {self.at.y}) facing "
            f"{FACING_NAMES[self.facing]}{state}"
        )


@dataclass(frozen=True)
class Watch:
    """A tank that came next to an enemy flag in its side's turn ``since`` (Capture the Flag)."""

    tank: str
    flag: Square
    since: int


@dataclass(frozen=True)
class ShotRecord:
    """A shot as it was fired: where both stood, the firer's facing and whether it had moved."""

    firer: str
    target: str
    firer_at: Square
    target_at: Square
    facing: int
    moved: bool


@dataclass(frozen=True)
class Match(Pictured):
    """A Panzer Strike game between two sides.

    ``turn`` counts player turns from 1 (a round is two turns); ``phase`` is ``roll`` (the
    movement dice are next), ``move``, ``shoot`` or ``gun`` (a shot waits for its dice).
    ``slots`` are the large numbers the side may still spend, one tank each (the rolled dice,
    plus the extra move when all dice showed the same large number); ``used`` marks the
    spent ones.
    """

    board: SquareBoard
    roster: PanzerStrikeRoster
    options: Options
    order: tuple[str, str]
    colors: Mapping[str, str]
    tanks: tuple[Tank, ...]
    task: str = "annihilation"  # "annihilation", "symmetric" or "attack-defence"
    turn: int = 1
    phase: str = "roll"
    dice: tuple[int, ...] = ()  # the large numbers rolled this turn, in order
    slots: tuple[int, ...] = ()
    used: tuple[bool, ...] = ()
    moved: tuple[str, ...] = ()
    fired: tuple[str, ...] = ()
    # this turn's moves: (tank, steps taken, allowance, from, to)
    steps_used: tuple[tuple[str, int, int, Square, Square], ...] = ()
    pending: tuple[str, str] | None = None  # (firer, target) awaiting the gun dice
    watches: tuple[Watch, ...] = ()
    captured: tuple[tuple[Square, str, str], ...] = ()  # (flag square, owner, by tank)
    shots: tuple[ShotRecord, ...] = ()  # this turn's shots, as fired
    wrecks: tuple[tuple[str, Square], ...] = ()  # destroyed tanks and where they stay
    kills: tuple[tuple[str, str, str], ...] = ()  # (firer's type, target, target's side)
    ended: Outcome | None = None

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        tanks = sum(not t.destroyed for t in self.tanks)
        where = f"ended: {self.ended}" if self.ended else f"{self.side_to_act} to {self.phase}"
        return (
            f"<Panzer Strike match on {self.board.name}: turn {self.turn}, {where}; "
            f"{tanks} of {len(self.tanks)} tanks active>"
        )

    @property
    def side_to_act(self) -> str:
        return self.order[(self.turn - 1) % 2]

    @property
    def enemy(self) -> str:
        return self.order[self.turn % 2]

    @property
    def round(self) -> int:
        return (self.turn + 1) // 2

    def tank(self, tank_id: str) -> Tank:
        for tank in self.tanks:
            if tank.id == tank_id:
                return tank
        raise KeyError(tank_id)

    def tank_at(self, square: Square) -> Tank | None:
        return next((t for t in self.tanks if t.at == square), None)

    def kind(self, tank: Tank) -> TankType:
        return self.roster.tank_type(tank.kind)

    def active_tanks(self, side: str) -> tuple[Tank, ...]:
        return tuple(t for t in self.tanks if t.side == side and not t.destroyed)

    def with_tank(self, tank: Tank) -> Match:
        return replace(self, tanks=tuple(tank if t.id == tank.id else t for t in self.tanks))

    def in_play_barricades(self) -> frozenset[Square]:
        return self.board.barricades if self.options.barricades else frozenset()

    def blocks_movement(self, square: Square) -> bool:
        """Off the board, a building, a flag or a barricade in play (tanks aside)."""
        if square not in self.board:
            return True
        board = self.board
        return (
            board.feature_at(square).blocks_movement
            or square in board.flags
            or square in self.in_play_barricades()
        )

    def blocks_fire(self, square: Square) -> bool:
        """A building or a barricade in play (tanks aside; flags are shot over)."""
        return self.board.feature_at(square).blocks_fire or square in self.in_play_barricades()
