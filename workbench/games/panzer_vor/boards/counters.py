"""Panzer Vor! tank counters: the printed values a tank brings to the rules, with sources.

Most counter values are not in the rulebook text: a roster marks
each value with where it comes from — ``"rulebook: <section>"``, a named outside source, or
``"stand-in"`` for a plausible value a user should replace with their counter's.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Literal

from workbench.errors import InvalidValue, shown

STAND_IN = "stand-in"
Arc = Literal["front", "side", "rear"]


# Each value's range: the roster format's (target size -5 to +5; turret rotation 0 to 6
# hexsides, a whole turn) and the library's own sanity limits where no source gives one, well
# above the shipped counters' largest (movement 4, range 15, firepower 11, armour 24, points
# 60): a range at most the largest map's side (200 hexes).
COUNTER_LIMITS = {"movement": (0, 99), "target_size": (-5, 5), "turret_rotation": (0, 6),
                  "points": (0, 10_000), "range": (0, 200), "firepower": (0, 99),
                  "armour": (0, 99)}  # fmt: skip


def _in_limits(owner: str, name: str, value: object) -> None:
    low, high = COUNTER_LIMITS[name]
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        raise InvalidValue(f"{owner}: {name} must be a whole number from {low} to {high}, "
                           f"not {shown(value)}")  # fmt: skip


@dataclass(frozen=True)
class Gun:
    """One gun: its Range and Firepower, and whether it turns with a turret."""

    range: int
    firepower: int
    turret: bool = True

    def __post_init__(self) -> None:
        _in_limits("a gun", "range", self.range)
        _in_limits("a gun", "firepower", self.firepower)
        if not isinstance(self.turret, bool):
            raise InvalidValue(f"a gun: turret must be true or false, not {shown(self.turret)}")


@dataclass(frozen=True)
class TankCounter:
    """A tank counter (Glossary: Counter Types, Tank Counter).

    ``guns`` holds one gun, or two for the multiple-gun tanks (M3 Lee, Char B1 bis), main gun
    first (Firing: Multiple-gun Tanks). A tank without a turret (an assault gun or
    Jagdpanzer) fires only into its front arc (Firing: Assault Guns and Jagdpanzers).

    >>> tiger = TankCounter("Tiger I", movement=3, target_size=1, guns=(Gun(12, 6),),
    ...                     armour={"front": 16, "side": 13, "rear": 11})
    >>> tiger.armour_against("side"), tiger.source("movement")
    (13, 'stand-in')
    """

    name: str
    movement: int
    target_size: int
    guns: tuple[Gun, ...]
    armour: Mapping[str, int]
    turret_rotation: int = 1  # hexsides a turn under the Turret Rotation optional rule
    points: int = 0
    school: str = ""
    color: str = "#777777"
    sources: Mapping[str, str] = field(default_factory=dict)
    label: str = ""  # the short name printed on the counter ("PzIV D"); "": the name

    __hash__ = None  # type: ignore[assignment]  # immutable, but holds mappings

    def __post_init__(self) -> None:
        object.__setattr__(self, "guns", tuple(self.guns))
        object.__setattr__(self, "armour", MappingProxyType(dict(self.armour)))
        object.__setattr__(self, "sources", MappingProxyType(dict(self.sources)))
        if not self.guns or len(self.guns) > 2 or not all(isinstance(g, Gun) for g in self.guns):
            raise InvalidValue(f"{self.name}: a tank counter has one or two Guns, not "
                               f"{shown(self.guns)}")  # fmt: skip
        missing = {"front", "side", "rear"} - set(self.armour)
        if missing:
            raise InvalidValue(
                f"{self.name}: armour needs front, side and rear (missing {sorted(missing)})"
            )
        for name in ("movement", "target_size", "turret_rotation", "points"):
            _in_limits(str(self.name), name, getattr(self, name))
        for arc in ("front", "side", "rear"):
            _in_limits(str(self.name), "armour", self.armour[arc])

    @property
    def turreted(self) -> bool:
        """Whether any gun turns with a turret (an assault gun's does not)."""
        return any(gun.turret for gun in self.guns)

    @property
    def multiple_guns(self) -> bool:
        return len(self.guns) == 2

    def gun(self, which: Literal["main", "secondary"] | None = None) -> Gun:
        """The gun that fires: a multiple-gun tank fires its secondary gun unless the main
        gun is declared (Firing: Multiple-gun Tanks)."""
        if which == "main" or not self.multiple_guns:
            return self.guns[0]
        return self.guns[1]

    def armour_against(self, arc: Arc) -> int:
        return self.armour[arc]

    def source(self, field_name: str) -> str:
        """Where a value comes from: ``"rulebook: ..."``, a named source, or ``"stand-in"``."""
        return self.sources.get(field_name, STAND_IN)
