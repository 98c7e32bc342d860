"""A hex map: a grid with terrain per hex, features on hexsides, named places and zones.

Immutable: the ``with_*`` methods return a new map, so a designer's sketch can be built up a
step at a time and every earlier version stays as it was.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from types import MappingProxyType
from typing import Any

from workbench.arguments import whole_number
from workbench.boards.terrain import HexsideType, TerrainType, panzer_vor_types
from workbench.boards.values import FileValue, Pictured
from workbench.errors import ArgumentError, WorkbenchError
from workbench.geometry.hexgrid import Hex, HexGrid, HexLike, Hexside


class MapError(WorkbenchError, ValueError):
    """A change that does not fit the map (an unknown terrain type, a label off the grid)."""


def _frozen(mapping: Mapping) -> MappingProxyType:
    return MappingProxyType(dict(mapping))


@dataclass(frozen=True)
class HexMap(FileValue, Pictured):
    """A Panzer Vor! style hex map.

    >>> m = HexMap.blank(rows=8, cols=8, name="sketch").with_terrain({"0304": "forest"})
    >>> m.terrain_at("0304").blocks_los, m.terrain_at("0305").name
    (True, 'clear')
    """

    name: str
    grid: HexGrid
    terrain: Mapping[Hex, str] = field(default_factory=dict)
    hexsides: Mapping[Hexside, str] = field(default_factory=dict)
    places: Mapping[Hex, str] = field(default_factory=dict)
    zones: Mapping[str, frozenset[Hex]] = field(default_factory=dict)
    terrain_types: Mapping[str, TerrainType] = field(default_factory=lambda: panzer_vor_types()[0])
    hexside_types: Mapping[str, HexsideType] = field(default_factory=lambda: panzer_vor_types()[1])
    description: str = ""
    default_terrain: str = "clear"
    # A cache for tables the rules derive from this (immutable) map, such as movement costs.
    derived: dict[str, Any] = field(default_factory=dict, init=False, repr=False, compare=False)

    __hash__ = None  # type: ignore[assignment]  # immutable, but holds mappings

    def __post_init__(self) -> None:
        for name in ("terrain", "hexsides", "places", "terrain_types", "hexside_types"):
            object.__setattr__(self, name, _frozen(getattr(self, name)))
        zones = {k: frozenset(v) for k, v in self.zones.items()}
        object.__setattr__(self, "zones", MappingProxyType(zones))
        self._check()

    def _check(self) -> None:
        if self.default_terrain not in self.terrain_types:
            raise MapError(f"default terrain {self.default_terrain!r} is not a terrain type")
        for h, kind in self.terrain.items():
            if kind not in self.terrain_types:
                raise MapError(
                    f"hex {self.grid.label(h)}: unknown terrain type {kind!r} "
                    f"(known: {', '.join(sorted(self.terrain_types))})"
                )
        for side, kind in self.hexsides.items():
            if kind not in self.hexside_types:
                raise MapError(f"hexside {self.grid.hexside_label(side)}: unknown type {kind!r}")
        every = [*self.terrain, *self.places, *(h for s in self.hexsides for h in s.hexes)]
        every += [h for zone in self.zones.values() for h in zone]
        for h in every:
            if h not in self.grid:
                raise MapError(
                    f"hex {self.grid.label(h)} is off the {self.grid.rows} x {self.grid.cols} map"
                )

    @staticmethod
    def blank(rows: int, cols: int, name: str = "blank map", **grid_options: object) -> HexMap:
        """An all-clear map (the Panzer Vor! layout unless ``grid_options`` say otherwise).

        >>> HexMap.blank("8", 8)
        Traceback (most recent call last):
        ...
        workbench.errors.ArgumentError: rows: expected a whole number from 1 to 1000, got '8'
        """
        whole_number("rows", rows, low=1, high=1000)
        whole_number("cols", cols, low=1, high=1000)
        if not isinstance(name, str):
            raise ArgumentError("name", name, "text")
        return HexMap(name=name, grid=HexGrid(rows, cols, **grid_options))  # type: ignore[arg-type]

    # --- reading ----------------------------------------------------------------------
    def hex(self, value: HexLike) -> Hex:
        return self.grid.hex(value)

    def terrain_name(self, value: HexLike) -> str:
        return self.terrain.get(self.grid.hex(value), self.default_terrain)

    def terrain_at(self, value: HexLike) -> TerrainType:
        """The terrain type of a hex (the map's default where none is set)."""
        return self.terrain_types[self.terrain_name(value)]

    def hexside_at(self, a: HexLike, b: HexLike) -> HexsideType | None:
        """The feature on the side between two adjacent hexes, if any."""
        kind = self.hexsides.get(self.grid.hexside(a, b))
        return None if kind is None else self.hexside_types[kind]

    def place_named(self, name: str) -> Hex:
        for h, place in self.places.items():
            if place == name:
                return h
        raise MapError(
            f"no place called {name!r} on {self.name} (places: {', '.join(self.places.values())})"
        )

    def zone(self, name: str) -> frozenset[Hex]:
        try:
            return self.zones[name]
        except KeyError:
            raise MapError(
                f"no zone called {name!r} on {self.name} (zones: {', '.join(self.zones)})"
            ) from None

    # --- a designer's changes -----------------------------------------------------------
    def with_terrain(self, changes: Mapping[HexLike, str]) -> HexMap:
        """A copy with these hexes (labels, ranges such as ``"0401-0408"``, or hexes) set to
        these terrain types."""
        terrain = dict(self.terrain)
        for where, kind in changes.items():
            for h in self.grid.hexes_in(where):
                if kind == self.default_terrain:
                    terrain.pop(h, None)
                else:
                    terrain[h] = kind
        return replace(self, terrain=terrain)

    def with_hexside(self, a: HexLike, b: HexLike, kind: str | None) -> HexMap:
        """A copy with a feature on the side between ``a`` and ``b`` (None removes it)."""
        hexsides = dict(self.hexsides)
        side = self.grid.hexside(a, b)
        if kind is None:
            hexsides.pop(side, None)
        else:
            hexsides[side] = kind
        return replace(self, hexsides=hexsides)

    def with_place(self, where: HexLike, name: str | None) -> HexMap:
        places = dict(self.places)
        if name is None:
            places.pop(self.grid.hex(where), None)
        else:
            places[self.grid.hex(where)] = name
        return replace(self, places=places)

    def with_zone(self, name: str, hexes: Iterable[HexLike]) -> HexMap:
        """A copy with a zone of these hexes (labels, ranges or hexes)."""
        cells = frozenset(h for item in hexes for h in self.grid.hexes_in(item))
        return replace(self, zones={**self.zones, name: cells})

    def without_zone(self, name: str) -> HexMap:
        self.zone(name)
        return replace(self, zones={k: v for k, v in self.zones.items() if k != name})

    def with_size(self, rows: int, cols: int) -> HexMap:
        """A copy on a grid of another size (same layout); what falls off the grid is dropped."""
        grid = replace(self.grid, rows=rows, cols=cols)
        return replace(
            self,
            grid=grid,
            terrain={h: k for h, k in self.terrain.items() if h in grid},
            hexsides={s: k for s, k in self.hexsides.items() if all(h in grid for h in s.hexes)},
            places={h: n for h, n in self.places.items() if h in grid},
            zones={n: frozenset(h for h in z if h in grid) for n, z in self.zones.items()},
        )

    def with_name(self, name: str) -> HexMap:
        return replace(self, name=name)

    def with_hexside_type(self, kind: HexsideType) -> HexMap:
        """A copy that knows one more hexside type (or a changed one)."""
        return replace(self, hexside_types={**self.hexside_types, kind.name: kind})

    def with_terrain_type(self, kind: TerrainType) -> HexMap:
        """A copy that knows one more terrain type (or a changed one)."""
        return replace(self, terrain_types={**self.terrain_types, kind.name: kind})
