"""Panzer Vor! game state: tanks on a hex map, each with a hexside facing and markers.

Values only: a new state is made with ``dataclasses.replace`` or the ``with_*`` helpers;
nothing here decides legality (that is ``movement``, ``sight`` and ``firing``).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from types import MappingProxyType
from typing import Any

from workbench.arguments import facing, whole_number
from workbench.boards.hexmap import HexMap
from workbench.boards.values import Pictured
from workbench.errors import ArgumentError, WorkbenchError
from workbench.games.panzer_vor.boards.counters import TankCounter
from workbench.geometry.hexgrid import Hex, HexLike


class StateError(WorkbenchError, ValueError):
    """A game state that cannot be: two tanks in one hex, a tank off the map..."""


class UnknownTank(WorkbenchError, KeyError):
    """A tank named that is not in the state (the message lists those that are)."""

    def __str__(self) -> str:  # KeyError would quote the message
        return str(self.args[0])


def board_memo(board: object) -> dict:
    """Derived results kept on one board value (it never changes, so neither do they)."""
    return board.__dict__.setdefault("_derived", {})


# the values of the option ``turret_penalty`` (the default first; see ``OptionalRules``)
TURRET_PENALTIES = ("attack-card", "any-rotation")


@dataclass(frozen=True)
class OptionalRules:
    """The Optional Rules in force (Optional Rules section), and the firing-arc convention."""

    wreckage: bool = False
    turret_rotation: bool = False
    cutting_through: bool = False
    side_armour_only: bool = False  # Firing: Firing Arcs, the note's simplification
    # the option of that name: Turret Rotation's "-2 when you rotate a turret and fire in the
    # same turn (example 3 above)": "attack-card" (only a turn made as part of the attack,
    # example 3, costs -2) or "any-rotation" (any turn of the tank's turret earlier that
    # turn does; see ``turret``)
    turret_penalty: str = TURRET_PENALTIES[0]


@dataclass(frozen=True)
class Side:
    """One player's side: its name, colour and school (terrain's ``may_enter`` asks for the
    school; a side without one is its own school)."""

    name: str
    color: str = "#3366cc"
    school: str = ""  # the school its tanks belong to (both Mock Battle teams are Ōarai)


@dataclass(frozen=True)
class Tank:
    """A tank on the map. ``facing`` is the hexside its front faces (0..5, clockwise from NE
    on pointy-top maps); ``turret`` is the turret marker's turn from the hull in hexsides,
    clockwise (None: no marker, the turret points forward), so it turns with the hull;
    ``turret_turned``: hexsides the turret has turned in this player turn (Turret Rotation)."""

    id: str
    counter: TankCounter
    side: str
    hex: Hex
    facing: int
    immobile: bool = False
    smoke: bool = False
    flag: bool = False
    wreck: bool = False
    turret: int | None = None
    character: str | None = None
    turret_turned: int = 0

    __hash__ = None  # type: ignore[assignment]  # holds a counter with mappings

    def __post_init__(self) -> None:
        facing(f"{self.id}: facing", self.facing)
        if self.turret is not None:  # a turn from the hull, clockwise (negative: the other way)
            whole_number(f"{self.id}: turret", self.turret, low=-5, high=5)
        if not isinstance(self.hex, Hex):
            raise ArgumentError(f"{self.id}: hex", self.hex, "a Hex (map.hex(label))")

    @property
    def name(self) -> str:
        return self.counter.name

    @property
    def turret_facing(self) -> int:
        return (self.facing + (self.turret or 0)) % 6


@dataclass(frozen=True)
class GameState(Pictured):
    """The map, the sides and every tank (wrecks included when the Wreckage rule is on)."""

    map: HexMap
    tanks: tuple[Tank, ...] = ()
    sides: Mapping[str, Side] = field(default_factory=dict)
    options: OptionalRules = OptionalRules()
    special_rules: frozenset[str] = frozenset()  # the scenario's named rules in force

    __hash__ = None  # type: ignore[assignment]

    def __post_init__(self) -> None:
        object.__setattr__(self, "tanks", tuple(self.tanks))
        object.__setattr__(self, "sides", MappingProxyType(dict(self.sides)))
        seen: dict[Hex, str] = {}
        ids: set[str] = set()
        for tank in self.tanks:  # wreckage is a marker: a live tank may share its hex
            if tank.id in ids:
                raise StateError(f"two tanks are called {tank.id!r}")
            ids.add(tank.id)
            if tank.hex not in self.map.grid:
                raise StateError(f"{tank.id} stands off the map at {self.map.grid.label(tank.hex)}")
            if tank.wreck:  # a wreck hinders; a tank may enter its hex (Optional Rules: Wreckage)
                continue
            if tank.hex in seen:
                raise StateError(
                    f"{tank.id} and {seen[tank.hex]} share hex {self.map.grid.label(tank.hex)}: "
                    "only one tank may be placed in any one hex (Game Setup)"
                )
            seen[tank.hex] = tank.id

    def tank(self, tank_id: str) -> Tank:
        for tank in self.tanks:
            if tank.id == tank_id:
                return tank
        raise UnknownTank(
            f"no tank called {tank_id!r} (tanks: {', '.join(t.id for t in self.tanks)})"
        )

    def tank_at(self, where: HexLike) -> Tank | None:
        h = self.map.hex(where)
        here = [t for t in self.tanks if t.hex == h]
        return next((t for t in here if not t.wreck), here[0] if here else None)

    def occupied(self) -> Mapping[Hex, Tank]:
        return {t.hex: t for t in self.tanks}

    def enemies_of(self, tank: Tank) -> tuple[Tank, ...]:
        return tuple(t for t in self.tanks if t.side != tank.side and not t.wreck)

    def side_color(self, side: str) -> str:
        return self.sides[side].color if side in self.sides else "#777777"

    def with_tank(self, tank: Tank) -> GameState:
        """A copy with this tank replacing the one of the same id (or added)."""
        if any(t.id == tank.id for t in self.tanks):
            return replace(self, tanks=tuple(tank if t.id == tank.id else t for t in self.tanks))
        return replace(self, tanks=(*self.tanks, tank))

    def with_options(self, **changes: Any) -> GameState:
        return replace(self, options=replace(self.options, **changes))

    def without(self, tank_ids: Iterable[str]) -> GameState:
        gone = set(tank_ids)
        return replace(self, tanks=tuple(t for t in self.tanks if t.id not in gone))


class DrawnResult(Pictured):
    """A rules result a notebook shows as a picture over its state (``self.state``)."""
