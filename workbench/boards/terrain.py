"""Terrain and hexside types as data: what a hex or hexside does to movement and fire.

The rulebook leaves terrain to each scenario ("the amount of additional movement points
necessary and any other special rules will be listed in the scenario", Moving: Movement), so a
type is a set of effects, each traceable to the rule it comes from. The types the Panzer Vor!
rulebook uses ship in ``workbench/data/terrain-panzer-vor.json``; a map file may add its own.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from types import MappingProxyType
from typing import Any


@dataclass(frozen=True)
class TerrainType:
    """What a hex of this type does.

    Movement: entering costs ``mp_enter`` MP (clear: 1), or ``mp_enter_from[other]`` when
    coming from a hex of type ``other`` (hill: 1 from another hill). Fire: a type that
    ``blocks_los`` stops a line that passes through it, never one that starts or ends in it;
    ``see_across_same`` lets a tank on this type see a tank on this type across it (hills).
    ``fire_adjacent_only``: a tank here fires, and is fired at, only from adjacent hexes.
    """

    name: str
    enterable: bool = True
    mp_enter: int = 1
    mp_enter_from: Mapping[str, int] = field(default_factory=lambda: MappingProxyType({}))
    blocks_los: bool = False
    see_across_same: bool = False
    fire_adjacent_only: bool = False
    may_enter: tuple[str, ...] | None = None  # sides allowed to enter; None: every side
    attack_modifier: int = 0  # to attacks against a tank in this hex
    damage_modifier: int = 0  # to damage against a tank in this hex
    angled_fire_modifier: int = 0  # to attacks against a tank here from a hex of another type
    removes_smoke: bool = False
    deployment_only: bool = False  # entered only from another such hex: left, never re-entered
    color: str = "#e8e4d0"
    rule: str = ""  # where the effects come from, e.g. "Saunders scenario: Hills"
    description: str = ""

    __hash__ = None  # type: ignore[assignment]  # immutable, but holds a mapping

    def __post_init__(self) -> None:
        object.__setattr__(self, "mp_enter_from", MappingProxyType(dict(self.mp_enter_from)))
        if self.may_enter is not None:
            object.__setattr__(self, "may_enter", tuple(self.may_enter))

    def entry_cost(self, coming_from: str) -> int:
        """MP to enter a hex of this type from a hex of type ``coming_from``."""
        return self.mp_enter_from.get(coming_from, self.mp_enter)


@dataclass(frozen=True)
class HexsideType:
    """A feature on the side between two hexes (the Ōarai City map's white hexsides)."""

    name: str
    blocks_movement: bool = False
    blocks_fire: bool = False
    color: str = "#ffffff"
    rule: str = ""
    description: str = ""


TERRAIN_FIELDS = tuple(TerrainType.__dataclass_fields__)
HEXSIDE_FIELDS = tuple(HexsideType.__dataclass_fields__)


def terrain_from_dict(name: str, data: Mapping[str, Any]) -> TerrainType:
    return TerrainType(name=name, **{k: v for k, v in data.items() if k != "name"})


def terrain_to_dict(terrain: TerrainType) -> dict[str, Any]:
    """The fields that differ from the defaults (what a file needs to say)."""
    default = TerrainType(terrain.name)
    out: dict[str, Any] = {}
    for key in TERRAIN_FIELDS:
        value = getattr(terrain, key)
        if key != "name" and value != getattr(default, key):
            out[key] = (
                dict(value)
                if isinstance(value, Mapping)
                else (list(value) if isinstance(value, tuple) else value)
            )
    return out


def hexside_from_dict(name: str, data: Mapping[str, Any]) -> HexsideType:
    return HexsideType(name=name, **{k: v for k, v in data.items() if k != "name"})


def hexside_to_dict(kind: HexsideType) -> dict[str, Any]:
    default = HexsideType(kind.name)
    return {
        k: getattr(kind, k)
        for k in HEXSIDE_FIELDS
        if k != "name" and getattr(kind, k) != getattr(default, k)
    }


@cache
def panzer_vor_types() -> tuple[Mapping[str, TerrainType], Mapping[str, HexsideType]]:
    """The terrain and hexside types the Panzer Vor! rulebook uses."""
    text = resources.files("workbench.data").joinpath("terrain-panzer-vor.json").read_text("utf-8")
    data = json.loads(text)
    terrain = {n: terrain_from_dict(n, d) for n, d in data["terrain"].items()}
    hexsides = {n: hexside_from_dict(n, d) for n, d in data["hexsides"].items()}
    return MappingProxyType(terrain), MappingProxyType(hexsides)
