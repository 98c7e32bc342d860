"""``workbench.roster.panzer-strike/1``: Panzer Strike tank types and dice, with a user's changes.

```
{"format": "workbench.roster.panzer-strike/1", "name": "My box",
 "source": "my copy of the game",                # marks the values below
 "types": {"Heavy": {"armour_front": 11},          # change a Table A value
           "Tank destroyer": {"speed": "large number − 1", "armour_front": 8,  # a new type
                              "armour_side": 3, "armour_rear": 2, "gun_dice": 4, "value": 2}},
 "die": {"faces": [[1, 3], [2, 3], [3, 2], [4, 2], [5, 1], [6, 1]], "source": "my dice"},
 "ruler": {"squares_per_unit": 1, "source": "..."},
 "hit_direction": {"front_within": 45, "rear_within": 45, "source": "..."},
 "dice_table": {"rows": [...], "source": "..."}}     # each section replaces the shipped one
```
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from workbench.files.errors import Where
from workbench.files.overrides import changed_entry
from workbench.files.registry import Document, Format, register
from workbench.games.panzer_strike.boards.tank_types import (
    SECTIONS,
    TYPE_FIELDS,
    PanzerStrikeRoster,
    TankType,
    sections_from,
)


def decode(document: Document, where: Where) -> PanzerStrikeRoster:
    builtin = PanzerStrikeRoster.builtin()
    name = document["name"]
    own = document.get("source", "")
    default_source = own or f"user file: {name}"
    types = dict(builtin.types)
    for tank, entry in document.get("types", {}).items():
        values = {k: v for k, v in entry.items() if k != "sources"}
        sources = {**dict.fromkeys(values, default_source), **entry.get("sources", {})}
        if tank in types:
            shipped = types[tank]
            types[tank] = replace(shipped, **values, sources={**shipped.sources, **sources})
            continue
        for field in TYPE_FIELDS:
            if field not in values:
                raise where.describe(
                    ["types", tank, field],
                    "nothing",
                    f"a {field!r} value: {tank!r} is a new tank type, so it gives every field",
                )
        types[tank] = TankType(name=tank, sources=sources, **values)
    sections = {s: document[s]["source"] for s in SECTIONS if s in document}
    return replace(
        builtin,
        name=name,
        description=document.get("description", ""),
        source_note=own,
        types=types,
        sources={**builtin.sources, **sections},
        **sections_from(document),
    )


def _section(roster: PanzerStrikeRoster, name: str) -> dict[str, Any]:
    if name == "dice_table":
        rows = [
            {"active_tanks": r.active_tanks, "least": r.least, "most": r.most, "dice": r.dice}
            for r in roster.dice_table
        ]
        return {"source": roster.source(name), "rows": rows}
    if name == "die":
        faces = [[f.movement, f.firepower] for f in roster.die_faces]
        return {"source": roster.source(name), "faces": faces}
    if name == "ruler":
        return {"source": roster.source(name), "squares_per_unit": roster.squares_per_unit}
    zones = roster.hit_direction
    return {
        "source": roster.source(name),
        "front_within": zones.front_within,
        "rear_within": zones.rear_within,
    }


def encode(roster: PanzerStrikeRoster) -> Document:
    builtin = PanzerStrikeRoster.builtin()
    document: Document = {"name": roster.name}
    if roster.description:
        document["description"] = roster.description
    if roster.source_note:
        document["source"] = roster.source_note
    types: Document = {}
    for name, kind in roster.types.items():
        entry = changed_entry(kind, builtin.types.get(name), TYPE_FIELDS, roster.own_source)
        if entry:
            types[name] = entry
    document["types"] = types
    for name in SECTIONS:
        section = _section(roster, name)
        if section != _section(builtin, name):
            document[name] = section
    return document


FORMAT = register(
    Format(
        name="workbench.roster.panzer-strike",
        version=1,
        schema="roster-panzer-strike-1.json",
        kind=PanzerStrikeRoster,
        decode=decode,
        encode=encode,
    )
)
