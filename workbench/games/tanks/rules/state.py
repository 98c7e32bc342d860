"""The TANKS battle as a frozen value: tanks on the table (hull, damage, speed token,
critical cards), the phase and who has acted, the Critical deck, victory points.

Tanks of the table and their cards: :class:`TankPiece` holds what changes in play; the card
(:class:`~workbench.games.tanks.boards.cards.TanksCard`) holds the printed values.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from functools import cached_property
from types import MappingProxyType
from typing import Any

from shapely.geometry import Polygon

from workbench.arguments import check_type, one_of, whole_number
from workbench.boards.values import Pictured
from workbench.errors import ArgumentError, UnknownName
from workbench.games.tanks.boards.cards import TanksCard
from workbench.games.tanks.boards.table import Table, TerrainPiece
from workbench.games.tanks.rules.criticals import CRITICAL_CARDS
from workbench.geometry.table import Hull
from workbench.rules.core import Outcome


@dataclass(frozen=True)
class TankPiece:
    """One tank on the table. ``speed`` is its Speed token (``0``: stationary, no token);
    ``damage`` the Damage Points crossed off; ``criticals`` the Repairable Critical cards
    placed on its card; ``destroyed`` once the Command Phase marks it."""

    id: str
    card: TanksCard
    side: str
    hull: Hull
    damage: int = 0
    speed: int = 0
    criticals: tuple[str, ...] = ()
    destroyed: bool = False
    crew: tuple[str, ...] = ()  # its Crew and Upgrade cards by name (no effect applied)
    finished_by: str = ""  # the card of the tank whose shot left it no Damage Points

    __hash__ = None  # type: ignore[assignment]

    @property
    def left(self) -> int:
        """Damage Points left (never negative)."""
        return max(0, self.card.damage_capacity - self.damage)

    @cached_property
    def polygon(self) -> Polygon:
        return self.hull.polygon()

    def has(self, keyword: str) -> bool:
        return self.card.has(keyword)

    @property
    def eye(self) -> tuple[float, float]:
        """Where its Line of Sight is drawn from: the turret, or for an Assault Gun the point
        where the barrel crosses the front of the hull (Shooting: Line of Sight)."""
        return self.hull.gun_point if self.has("Assault Gun") else self.hull.turret

    @property
    def initiative(self) -> int:
        return self.card.initiative


def moves_allowed(tank: TankPiece) -> int:
    """Two Moves a turn, three with Fast (Movement: Rapid Movement; Keyword Reference: Fast)."""
    return 3 if tank.has("Fast") else 2


def check_tank(argument: str, tank: object) -> TankPiece:
    """``tank`` if it is a TankPiece a battle can hold, else ArgumentError naming the field:
    its Speed token at most the Moves it may make (Movement: Rapid Movement: "Tanks can move
    twice in a turn"; Fast: three), its damage at most its card's Damage Capacity (Shooting:
    Hits), its Critical cards the deck's, its hull of finite place and heading."""
    if not isinstance(tank, TankPiece):
        raise ArgumentError(argument, tank, "a tank (tanks.tank(...): a TankPiece)")
    for name, kind in (("id", str), ("side", str), ("card", TanksCard), ("hull", Hull),
                       ("destroyed", bool), ("finished_by", str)):  # fmt: skip
        check_type(f"{argument}.{name}", getattr(tank, name), kind)
    check_type(f"{argument}.crew", tank.crew, tuple[str, ...])
    whole_number(f"{argument}.speed", tank.speed, low=0, high=moves_allowed(tank))
    whole_number(f"{argument}.damage", tank.damage, low=0, high=tank.card.damage_capacity)
    check_type(f"{argument}.criticals", tank.criticals, tuple[str, ...])
    for name in tank.criticals:
        one_of(f"{argument}.criticals", name, CRITICAL_CARDS, "a Critical card's name")
    hull = tank.hull
    if not all(map(math.isfinite, (*hull.centre, hull.heading))):
        raise ArgumentError(f"{argument}.hull", hull, "a hull of finite centre and heading")
    return tank


@dataclass(frozen=True)
class Shot:
    """A shot being resolved, step by step (see ``game.py``)."""

    shooter: str
    target: str
    attack_dice: int
    defence_dice: int
    # "attack", "reroll?", "reroll", "defence", "cancel-shooter", "cancel-target", "critical"
    step: str
    attack: tuple[int, ...] = ()
    kept: tuple[int, ...] = ()  # Semi-Indirect Fire: the die kept before the re-roll
    rerolled: bool = False
    defence: tuple[int, ...] = ()
    hits: int = 0
    crits: int = 0
    to_cancel_shooter: int = 0  # 4-5 results left for the shooter to allocate
    to_cancel_target: int = 0  # 6 results left for the target to allocate
    criticals_to_draw: int = 0

    def cancel_choices(self) -> range:
        """How many of the cancellations now to allocate may fall on Hits (the rest fall on
        Critical Hits): the shooter's 4-5s, then the target's 6s (Roll Defence Dice)."""
        shooters = self.step == "cancel-shooter"
        n = self.to_cancel_shooter if shooters else self.to_cancel_target
        n = min(n, self.hits + self.crits)
        return range(max(0, n - self.crits), min(n, self.hits) + 1)


@dataclass(frozen=True)
class TableSetup:
    """Game Set Up being played (``games/tanks/rules/table_setup.py``): the ``step``
    ("terrain-roll", "terrain", "sides-roll", "role" or "table-side"), the terrain pieces still
    to place (woods first), the side to act next and the pieces no legal place was left for."""

    step: str
    box: tuple[TerrainPiece, ...] = ()
    placer: str = ""
    set_aside: tuple[str, ...] = ()


@dataclass(frozen=True)
class Battle(Pictured):
    """A TANKS game in progress."""

    table: Table
    tanks: tuple[TankPiece, ...]
    attacker: str
    defender: str
    mission: str = "panzer-ace"
    turn: int = 1
    phase: str = "movement"  # setup, objectives, deployment, movement, shooting, command
    acted: tuple[str, ...] = ()  # tanks done with this phase (or this Command step)
    moving: str | None = None  # a tank in the middle of its moves
    shot: Shot | None = None
    repairing: str | None = None  # a tank waiting for its repair roll
    repair_card: str = ""  # the card it tries to repair ("": the first Repairable on it)
    deck: tuple[str, ...] = ()  # the Critical deck, as sorted card names
    discard: tuple[str, ...] = ()
    shot_at: tuple[tuple[str, str], ...] = ()  # (shooter, target) this Shooting Phase
    victory_points: Mapping[str, int] = field(default_factory=dict)
    destroyed_points: Mapping[str, int] = field(default_factory=dict)  # by the side that destroyed
    objectives: tuple[tuple[str, tuple[float, float]], ...] = ()  # (who scores it, centre)
    objectives_due: tuple[str, ...] = ()  # sides still to place an Objective token, in turn
    turn_limit: int = 10
    options: Mapping[str, Any] = field(default_factory=dict)
    ended: Outcome | None = None
    reserve: tuple[TankPiece, ...] = ()  # tanks waiting to be deployed by the players
    deploy_at: Mapping[str, str] = field(default_factory=dict)  # side -> edge or corner
    setup: TableSetup | None = None  # Game Set Up while it is played (phase "setup")

    __hash__ = None  # type: ignore[assignment]

    def __post_init__(self) -> None:
        object.__setattr__(self, "victory_points", MappingProxyType(dict(self.victory_points)))
        object.__setattr__(self, "destroyed_points", MappingProxyType(dict(self.destroyed_points)))
        object.__setattr__(self, "options", MappingProxyType(dict(self.options)))
        object.__setattr__(self, "deploy_at", MappingProxyType(dict(self.deploy_at)))

    @property
    def sides(self) -> tuple[str, str]:
        return (self.attacker, self.defender)

    def tank(self, tank_id: str) -> TankPiece:
        for tank in self.tanks:
            if tank.id == tank_id:
                return tank
        known = ", ".join(t.id for t in self.tanks)
        raise UnknownName("tank", tank_id, f"the name of a tank in this battle ({known})")

    def has_tank(self, tank_id: str) -> bool:
        return any(t.id == tank_id for t in self.tanks)

    def in_play(self, side: str | None = None) -> tuple[TankPiece, ...]:
        """Tanks not yet destroyed (a tank with no Damage left stays until the Command Phase)."""
        return tuple(t for t in self.tanks if not t.destroyed and (side is None or t.side == side))

    def enemy_of(self, side: str) -> str:
        return self.defender if side == self.attacker else self.attacker

    def with_tank(self, tank: TankPiece) -> Battle:
        return replace(self, tanks=tuple(tank if t.id == tank.id else t for t in self.tanks))

    def order_key(self, tank: TankPiece) -> tuple[int, int]:
        """Initiative with ties broken for the Attacker (Game Set Up: Initiative Ties): the
        Attacker's tank counts as having the higher Initiative."""
        return (tank.initiative, 1 if tank.side == self.attacker else 0)
