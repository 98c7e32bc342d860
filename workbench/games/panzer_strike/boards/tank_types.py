"""Panzer Strike tank types (Table A), the Dice Table, and the unknowns as labelled stand-ins.

Table A and the Dice Table are kept exactly as the rulebook prints them (source
``"rulebook: Table A"``, ``"rulebook: Dice Table"``). The dice faces, the ruler's scale and the
Hit Direction zones are not in the text: they ship as ``"stand-in"``
values in ``workbench/data/panzer-strike-types.json``; a ``workbench.roster.panzer-strike/1``
file replaces any of them.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from functools import cache
from importlib import resources
from types import MappingProxyType
from typing import Any, Literal

from workbench.boards.values import FileValue
from workbench.errors import InvalidValue, UnknownName

STAND_IN = "stand-in"
TYPE_FIELDS = ("speed", "armour_front", "armour_side", "armour_rear", "gun_dice", "value")
# Each number's range: the library's own sanity limits (no rule gives one), well above Table
# A's largest (armour 10, gun dice 4, value 3): a roll of 10 gun dice has 3,003 outcomes.
TYPE_LIMITS = {"armour_front": 99, "armour_side": 99, "armour_rear": 99, "gun_dice": 10,
               "value": 1000}  # fmt: skip
Zone = Literal["front", "side", "rear"]
_SPEED = re.compile(r"^large number(?:\s*([+−-])\s*(\d+))?$")


def speed_modifier(printed: str) -> int:
    """The steps added to a die's large number, from Table A's Speed text.

    >>> speed_modifier("large number − 2"), speed_modifier("large number + 1")
    (-2, 1)
    """
    match = _SPEED.match(printed.strip())
    if match is None:
        raise InvalidValue(
            f"a speed reads like 'large number', 'large number + 1' or 'large number − 2', "
            f"not {printed!r}"
        )
    sign, amount = match.groups()
    return 0 if amount is None else (int(amount) if sign == "+" else -int(amount))


@dataclass(frozen=True)
class TankType:
    """One row of Table A, with a source per value.

    >>> heavy = panzer_strike_types()["Heavy"]
    >>> heavy.steps(6), heavy.armour("side"), heavy.source("armour_side")
    (4, 7, 'rulebook: Table A')
    """

    name: str
    speed: str
    armour_front: int
    armour_side: int
    armour_rear: int
    gun_dice: int
    value: int
    sources: Mapping[str, str] = field(default_factory=dict)

    __hash__ = None  # type: ignore[assignment]  # immutable, but holds a mapping

    def __post_init__(self) -> None:
        object.__setattr__(self, "sources", MappingProxyType(dict(self.sources)))
        speed_modifier(self.speed)
        for name in TYPE_FIELDS[1:]:
            value = getattr(self, name)
            most = TYPE_LIMITS[name]
            if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= most:
                raise InvalidValue(f"{self.name}: {name} must be a whole number from 0 to {most}")

    @property
    def speed_modifier(self) -> int:
        return speed_modifier(self.speed)

    def steps(self, large_number: int) -> int:
        """Steps a tank of this type may take for a die's large number (Movement)."""
        return max(0, large_number + self.speed_modifier)

    def armour(self, zone: Zone) -> int:
        return int(getattr(self, f"armour_{zone}"))

    def source(self, field_name: str) -> str:
        return self.sources.get(field_name, STAND_IN)

    def values(self) -> dict[str, Any]:
        return {name: getattr(self, name) for name in TYPE_FIELDS}

    def with_values(self, source: str, **values: Any) -> TankType:
        unknown = set(values) - set(TYPE_FIELDS)
        if unknown:
            raise InvalidValue(
                f"a tank type has no field {sorted(unknown)} (fields: {TYPE_FIELDS})"
            )
        return replace(self, **values, sources={**self.sources, **dict.fromkeys(values, source)})


@dataclass(frozen=True)
class DieFace:
    """One face: a large number for movement, a small number for firepower."""

    movement: int
    firepower: int


@dataclass(frozen=True)
class DiceRow:
    """One row of the Dice Table: how many dice a player with this many active tanks rolls."""

    active_tanks: str  # as printed, e.g. "1 – 4"
    least: int
    most: int | None
    dice: int


@dataclass(frozen=True)
class HitDirection:
    """Which armour a shot hits, by the bearing from the target's facing to the shooter.

    A stand-in for the Hit Direction diagrams: strictly within ``front_within`` degrees of the
    facing is the front, strictly within ``rear_within`` of its back the rear, the rest
    (dividing lines included) the side.

    >>> zones = HitDirection(45, 45)
    >>> zones.zone(0), zones.zone(45), zones.zone(-100), zones.zone(180)
    ('front', 'side', 'side', 'rear')
    """

    front_within: float
    rear_within: float

    def zone(self, bearing: float) -> Zone:
        off = abs((bearing + 180.0) % 360.0 - 180.0)
        if off < self.front_within:
            return "front"
        if 180.0 - off < self.rear_within:
            return "rear"
        return "side"


SECTIONS = ("dice_table", "die", "ruler", "hit_direction")


@dataclass(frozen=True)
class PanzerStrikeRoster(FileValue):
    """Everything a Panzer Strike game reads from its tables and components.

    ``sources`` names where each section comes from (``die``, ``ruler``, ``hit_direction``,
    ``dice_table``); tank types carry their own per value.

    >>> roster = PanzerStrikeRoster.builtin()
    >>> roster.dice_rolled(6), roster.source("die")
    (3, 'stand-in')
    """

    name: str
    types: Mapping[str, TankType]
    dice_table: tuple[DiceRow, ...]
    die_faces: tuple[DieFace, ...]
    squares_per_unit: float
    hit_direction: HitDirection
    sources: Mapping[str, str] = field(default_factory=dict)
    description: str = ""
    source_note: str = ""  # marks values a user's file gives (default "user file: <name>")

    __hash__ = None  # type: ignore[assignment]  # immutable, but holds mappings

    def __post_init__(self) -> None:
        object.__setattr__(self, "types", MappingProxyType(dict(self.types)))
        object.__setattr__(self, "sources", MappingProxyType(dict(self.sources)))
        object.__setattr__(self, "dice_table", tuple(self.dice_table))
        object.__setattr__(self, "die_faces", tuple(self.die_faces))
        if not self.die_faces:
            raise InvalidValue("a die needs at least one face")

    @staticmethod
    def builtin() -> PanzerStrikeRoster:
        """Table A and the Dice Table as printed, with the stand-in dice, ruler and zones."""
        return _builtin()

    @property
    def own_source(self) -> str:
        return self.source_note or f"user file: {self.name}"

    def source(self, section: str) -> str:
        return self.sources.get(section, STAND_IN)

    def tank_type(self, name: str) -> TankType:
        try:
            return self.types[name]
        except KeyError:
            known = ", ".join(self.types)
            raise UnknownName("tank type", name, f"a tank type ({known})") from None

    def dice_rolled(self, active_tanks: int) -> int:
        """Dice a player rolls for movement with this many active tanks (Dice Table)."""
        for row in self.dice_table:
            if active_tanks >= row.least and (row.most is None or active_tanks <= row.most):
                return row.dice
        return 0

    def with_type_values(self, tank: str, **values: Any) -> PanzerStrikeRoster:
        changed = self.tank_type(tank).with_values(self.own_source, **values)
        return replace(self, types={**self.types, tank: changed})

    def with_die_faces(self, faces: list[tuple[int, int]], source: str) -> PanzerStrikeRoster:
        return replace(
            self,
            die_faces=tuple(DieFace(m, f) for m, f in faces),
            sources={**self.sources, "die": source},
        )


def types_data() -> dict[str, Any]:
    text = resources.files("workbench.data").joinpath("panzer-strike-types.json").read_text("utf-8")
    data: dict[str, Any] = json.loads(text)
    return data


def types_from_rows(rows: list[Mapping[str, Any]], source: str) -> dict[str, TankType]:
    return {
        row["tank"]: TankType(
            name=row["tank"],
            sources=dict.fromkeys(TYPE_FIELDS, source),
            **{k: row[k] for k in TYPE_FIELDS},
        )
        for row in rows
    }


def sections_from(data: Mapping[str, Any]) -> dict[str, Any]:
    """The roster fields the dice, ruler, zone and dice-table sections of a file give."""
    out: dict[str, Any] = {}
    if "dice_table" in data:
        out["dice_table"] = tuple(
            DiceRow(r["active_tanks"], r["least"], r["most"], r["dice"])
            for r in data["dice_table"]["rows"]
        )
    if "die" in data:
        out["die_faces"] = tuple(DieFace(m, f) for m, f in data["die"]["faces"])
    if "ruler" in data:
        out["squares_per_unit"] = data["ruler"]["squares_per_unit"]
    if "hit_direction" in data:
        zones = data["hit_direction"]
        out["hit_direction"] = HitDirection(zones["front_within"], zones["rear_within"])
    return out


@cache
def _builtin() -> PanzerStrikeRoster:
    data = types_data()
    table_a = data["table_a"]
    return PanzerStrikeRoster(
        name="Panzer Strike: France 1944 – Pocket",
        types=types_from_rows(table_a["rows"], table_a["source"]),
        sources={name: data[name]["source"] for name in SECTIONS},
        **sections_from(data),
    )


def panzer_strike_types() -> Mapping[str, TankType]:
    """Table A's tank types by name (Heavy, Medium, Light)."""
    return _builtin().types
