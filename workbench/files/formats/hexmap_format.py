"""``workbench.map.hex/1``: a hex map (Panzer Vor!) as JSON.

```
{"format": "workbench.map.hex/1", "name": "...", "description": "...",
 "grid": {"rows": 16, "cols": 17},                 # + orientation, shifted, label_order...
 "terrain": {"0304": "forest", "0404-0407": "barren"},   # labels or ranges; default clear
 "hexsides": [{"between": ["0716", "0817"], "type": "white"}],
 "places": {"0802": "Ōarai Station"},
 "zones": {"Ōarai deployment": ["0101-0120"]},
 "terrain_types": {"swamp": {"mp_enter": 3, "description": "..."}},  # a map's own types
 "hexside_types": {...}}
```
"""

from __future__ import annotations

from typing import Any

from workbench.boards.hexmap import HexMap
from workbench.boards.terrain import (
    hexside_from_dict,
    hexside_to_dict,
    panzer_vor_types,
    terrain_from_dict,
    terrain_to_dict,
)
from workbench.files.errors import Where
from workbench.files.labels import read_hex, read_hexes, write_labels
from workbench.files.limits import MAX_EXPANDED_HEXES
from workbench.files.registry import Document, Format, register
from workbench.geometry.hexgrid import GridError, Hex, HexGrid, Hexside

GRID_DEFAULTS = {
    "orientation": "pointy",
    "shifted": "odd",
    "label_order": "row-col",
    "first_number": 1,
    "digits": 2,
}


class HexBudget:
    """How many more hexes the ranges of one file may name (MAX_EXPANDED_HEXES in all), so
    a short file of many whole-map ranges cannot take minutes to read: each range is at most
    one map, so the work is bounded by the limit and one map more."""

    def __init__(self, where: Where, limit: int = MAX_EXPANDED_HEXES) -> None:
        self.where, self.limit, self.left = where, limit, limit

    def spend(self, hexes: list[Hex], field: list[str | int], text: str) -> list[Hex]:
        self.left -= len(hexes)
        if self.left < 0:
            expected = f"ranges naming at most {self.limit:,} hexes in all (a limit)"
            raise self.where.error(field, text, expected)
        return hexes


def decode(document: Document, where: Where) -> HexMap:
    try:
        grid = HexGrid(**{**GRID_DEFAULTS, **document["grid"]})
    except GridError as error:
        raise where.error(["grid"], document["grid"], f"a grid that fits ({error})") from None
    builtin_terrain, builtin_hexsides = panzer_vor_types()
    terrain_types = dict(builtin_terrain)
    for name, data in document.get("terrain_types", {}).items():
        terrain_types[name] = terrain_from_dict(name, data)
    hexside_types = dict(builtin_hexsides)
    for name, data in document.get("hexside_types", {}).items():
        hexside_types[name] = hexside_from_dict(name, data)
    default = document.get("default_terrain", "clear")
    known = ", ".join(sorted(terrain_types))
    if default not in terrain_types:
        raise where.error(["default_terrain"], default, f"a terrain type ({known})")

    budget = HexBudget(where)
    terrain = {}
    for key, kind in document.get("terrain", {}).items():
        if kind not in terrain_types:
            raise where.error(["terrain", key], kind, f"a terrain type ({known})")
        for h in budget.spend(
            read_hexes(grid, key, where, ["terrain", key]), ["terrain", key], key
        ):
            terrain[h] = kind
    hexsides = {}
    for i, entry in enumerate(document.get("hexsides", [])):
        a, b = (
            read_hex(grid, label, where, ["hexsides", i, "between"]) for label in entry["between"]
        )
        if a.distance(b) != 1:
            raise where.error(
                ["hexsides", i, "between"],
                entry["between"],
                f"two adjacent hexes (these are {a.distance(b)} apart)",
            )
        if entry["type"] not in hexside_types:
            kinds = ", ".join(sorted(hexside_types))
            raise where.error(["hexsides", i, "type"], entry["type"], f"a hexside type ({kinds})")
        hexsides[Hexside.between(a, b)] = entry["type"]
    places = {
        read_hex(grid, label, where, ["places", label]): name
        for label, name in document.get("places", {}).items()
    }
    zones = {
        name: frozenset(
            h
            for i, text in enumerate(items)
            for h in budget.spend(
                read_hexes(grid, text, where, ["zones", name, i]), ["zones", name, i], text
            )
        )
        for name, items in document.get("zones", {}).items()
    }
    return HexMap(
        name=document["name"],
        description=document.get("description", ""),
        grid=grid,
        terrain={h: k for h, k in terrain.items() if k != default},
        hexsides=hexsides,
        places=places,
        zones=zones,
        terrain_types=terrain_types,
        hexside_types=hexside_types,
        default_terrain=default,
    )


def encode(hexmap: HexMap) -> Document:
    grid = hexmap.grid
    grid_fields: dict[str, Any] = {"rows": grid.rows, "cols": grid.cols}
    grid_fields |= {k: getattr(grid, k) for k, v in GRID_DEFAULTS.items() if getattr(grid, k) != v}
    builtin_terrain, builtin_hexsides = panzer_vor_types()
    document: Document = {"name": hexmap.name}
    if hexmap.description:
        document["description"] = hexmap.description
    document["grid"] = grid_fields
    if hexmap.default_terrain != "clear":
        document["default_terrain"] = hexmap.default_terrain
    document["terrain"] = _compact_terrain(hexmap)
    document["hexsides"] = [
        {"between": [grid.label(s.first), grid.label(s.second)], "type": kind}
        for s, kind in sorted(hexmap.hexsides.items(), key=lambda item: grid.hexside_label(item[0]))
    ]
    document["places"] = {
        grid.label(h): name
        for h, name in sorted(hexmap.places.items(), key=lambda item: grid.to_offset(item[0])[::-1])
    }
    document["zones"] = {name: write_labels(grid, hexes) for name, hexes in hexmap.zones.items()}
    own_terrain = {
        n: terrain_to_dict(t)
        for n, t in hexmap.terrain_types.items()
        if n not in builtin_terrain or t != builtin_terrain[n]
    }
    if own_terrain:
        document["terrain_types"] = own_terrain
    own_hexsides = {
        n: hexside_to_dict(t)
        for n, t in hexmap.hexside_types.items()
        if n not in builtin_hexsides or t != builtin_hexsides[n]
    }
    if own_hexsides:
        document["hexside_types"] = own_hexsides
    return document


def _compact_terrain(hexmap: HexMap) -> dict[str, str]:
    """Terrain as labels and ranges per type (``"0401-0408": "river"``), in reading order."""
    grid = hexmap.grid
    by_kind: dict[str, list[Hex]] = {}
    for h, kind in hexmap.terrain.items():
        by_kind.setdefault(kind, []).append(h)
    entries = []
    for kind, hexes in by_kind.items():
        for text in grid.ranges(hexes):
            first = grid.hex(text.partition("-")[0])
            entries.append((grid.to_offset(first)[::-1], text, kind))
    return {text: kind for _, text, kind in sorted(entries)}


FORMAT = register(
    Format(
        name="workbench.map.hex",
        version=1,
        schema="map-hex-1.json",
        kind=HexMap,
        decode=decode,
        encode=encode,
    )
)
