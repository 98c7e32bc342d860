"""Panzer Strike game state: tanks on a square board, the dice of the turn, flags and watches.

Values only: a new state is made with ``dataclasses.replace``; nothing here decides legality
(that is ``movement``, ``shooting`` and ``game``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from workbench.boards.values import Pictured
from workbench.errors import UnknownName
from workbench.games.panzer_strike.boards.board import SquareBoard
from workbench.games.panzer_strike.boards.tank_types import PanzerStrikeRoster, TankType
from workbench.games.panzer_strike.rules import sections
from workbench.games.panzer_strike.rules.options import OPTIONS
from workbench.geometry.squaregrid import FACING_NAMES, Square
from workbench.rules.core import Outcome
from workbench.rules.options import OptionError, check_options


@dataclass(frozen=True)
class Options:
    """The optional rules in force and this project's readings of open cases, each named:
    the fields are the options of :data:`~workbench.games.panzer_strike.rules.options.OPTIONS`
    (which says what each value chooses and the section it reads), with their defaults.
    Every value is checked against that list (OptionError naming the option)."""

    damage: bool = False
    barricades: bool = False
    backward_counts: bool = True
    backward_alone: bool = False
    backward_steps: str = "once"
    diagonal_cut: str = "allowed"
    trajectory: str = "crossed"
    distance_rounding: str = "up"
    divided_square: str = "side"
    flag_next_to: str = "eight"
    flag_turning: str = "moves"
    flag_arrival: str = "arrive"
    one_die_per_tank: bool = True
    any_flags: bool = False
    any_positions: bool = False
    turn_limit: int | None = 30

    def __post_init__(self) -> None:
        for option in OPTIONS:
            option.check(getattr(self, option.name))
        if self.backward_steps == "repeatable" and not self.backward_counts:
            raise OptionError(
                "backward_steps",
                "repeatable",
                "'once' while backward_counts is off (a free square back, repeated, would move "
                "a tank any distance for nothing)",
                sections.MOVEMENT,
            )

    @staticmethod
    def of(given: Mapping[str, Any] | None) -> Options:
        """The options ``given`` (checked: OptionError for an unknown name or a value not
        allowed), the rest at their defaults."""
        return Options(**check_options(OPTIONS, given))


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
        known = ", ".join(t.id for t in self.tanks)
        raise UnknownName("tank", tank_id, f"the id of a tank in this match ({known})")

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
