"""``workbench.roster.panzer-vor/1``: Panzer Vor! tank counters as JSON.

```
{"format": "workbench.roster.panzer-vor/1", "name": "...", "description": "...",
 "based_on": "panzer-vor",          # optional: values left out come from the shipped roster
 "default_source": "stand-in",      # the source of a value that names none of its own
 "tanks": {
   "M3 Lee": {"aliases": ["M3 Lee"],
              "movement": 3, "target_size": 1,
              "range": "8/6", "firepower": "4/2",     # X/Y: main gun / secondary gun
              "armour": {"front": 11, "side": 10, "rear": 9},
              "turreted": true,                      # false: an assault gun or Jagdpanzer
              "turret_rotation": 1, "points": 12,
              "school": "Ōarai", "color": "#8ecae6",
              "sources": {"movement": "rulebook: Moving: Movement"},
              "note": "..."}}}
```

A two-gun tank's main gun is fixed (``turret: false``) and its secondary gun turns with the
turret (Firing: Multiple-gun Tanks). Source keys are those of
:data:`workbench.games.panzer_vor.boards.roster.VALUE_FIELDS`.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any

from workbench.files.errors import Where
from workbench.files.registry import Document, Format, register
from workbench.games.panzer_vor.boards.counters import Gun, TankCounter
from workbench.games.panzer_vor.boards.roster import (
    SHIPPED,
    VALUE_FIELDS,
    PanzerVorRoster,
    RosterError,
)
from workbench.games.panzer_vor.formats.shipped import shipped_roster

ARCS = ("front", "side", "rear")
REQUIRED = ("movement", "target_size", "range", "firepower", "armour")
# file field -> source key, for the fields that are one value each
SOURCE_KEYS = {
    "movement": "movement",
    "target_size": "target_size",
    "range": "range",
    "firepower": "firepower",
    "turreted": "turret",
    "turret_rotation": "turret_rotation",
    "points": "points",
    "school": "school",
    "color": "color",
}
DEFAULTS: dict[str, Any] = {
    "turreted": True,
    "turret_rotation": 1,
    "points": 0,
    "school": "",
    "color": "#777777",
}


def _numbers(value: int | str, where: Where, field: list[str | int]) -> list[int]:
    if isinstance(value, int):
        return [value]
    parts = value.split("/")
    if len(parts) == 2 and all(p.strip().lstrip("-").isdigit() for p in parts):
        return [int(p) for p in parts]
    raise where.error(field, value, 'a whole number, or "X/Y" for a two-gun tank like "8/6"')


def _counter(
    name: str, entry: dict[str, Any], sources: dict[str, str], where: Where
) -> TankCounter:
    at: list[str | int] = ["tanks", name]
    ranges = _numbers(entry["range"], where, [*at, "range"])
    powers = _numbers(entry["firepower"], where, [*at, "firepower"])
    if len(ranges) != len(powers):
        raise where.error(
            [*at, "firepower"],
            entry["firepower"],
            f"as many firepower values as range values ({entry['range']!r})",
        )
    turreted = entry.get("turreted", DEFAULTS["turreted"])
    if len(ranges) == 1:
        guns: tuple[Gun, ...] = (Gun(ranges[0], powers[0], turret=turreted),)
    else:  # main gun fixed, secondary gun in the turret (Firing: Multiple-gun Tanks)
        guns = (Gun(ranges[0], powers[0], turret=False), Gun(ranges[1], powers[1], turreted))
    try:
        return TankCounter(
            name=name,
            movement=entry["movement"],
            target_size=entry["target_size"],
            guns=guns,
            armour={arc: entry["armour"][arc] for arc in ARCS},
            turret_rotation=entry.get("turret_rotation", DEFAULTS["turret_rotation"]),
            points=entry.get("points", DEFAULTS["points"]),
            school=entry.get("school", DEFAULTS["school"]),
            color=entry.get("color", DEFAULTS["color"]),
            sources=sources,
            label=next(iter(entry.get("aliases", [])), ""),  # the short name on the counter
        )
    except ValueError as error:
        raise where.error(at, name, f"a tank counter that fits ({error})") from None


def _entry(counter: TankCounter) -> dict[str, Any]:
    """A counter's values as a file entry (every value written out)."""
    guns = counter.guns
    if len(guns) == 1:
        range_: int | str = guns[0].range
        firepower: int | str = guns[0].firepower
        turreted = guns[0].turret
    else:
        range_ = f"{guns[0].range}/{guns[1].range}"
        firepower = f"{guns[0].firepower}/{guns[1].firepower}"
        turreted = guns[1].turret
    return {
        "movement": counter.movement,
        "target_size": counter.target_size,
        "range": range_,
        "firepower": firepower,
        "armour": {arc: counter.armour[arc] for arc in ARCS},
        "turreted": turreted,
        "turret_rotation": counter.turret_rotation,
        "points": counter.points,
        "school": counter.school,
        "color": counter.color,
    }


def _given_sources(entry: dict[str, Any]) -> set[str]:
    """The source keys of the values an entry gives."""
    keys = {SOURCE_KEYS[k] for k in entry if k in SOURCE_KEYS}
    keys |= {f"armour_{arc}" for arc in entry.get("armour", {})}
    return keys


def decode(document: Document, where: Where) -> PanzerVorRoster:
    based_on = document.get("based_on")
    base: PanzerVorRoster | None = None
    if based_on is not None:
        if based_on not in SHIPPED:
            raise where.error(["based_on"], based_on, f"a shipped roster ({', '.join(SHIPPED)})")

        base = shipped_roster(based_on)
    default_source = document.get("default_source", f"file: {Path(where.path).name}")
    counters: dict[str, TankCounter] = {}
    aliases: dict[str, str] = {}
    notes: dict[str, str] = {}
    for name, given in document["tanks"].items():
        at: list[str | int] = ["tanks", name]
        entry = dict(given)
        own_sources = dict(entry.pop("sources", {}))
        for key in own_sources:
            if key not in VALUE_FIELDS:
                raise where.error(
                    [*at, "sources", key], key, f"a value's name ({', '.join(VALUE_FIELDS)})"
                )
        sources = {key: default_source for key in _given_sources(entry)}
        if base is not None and name in base:
            old = base.get(name)
            filled = {**_entry(old), **entry}
            if old.label and "aliases" not in entry:
                filled["aliases"] = [old.label]
            filled["armour"] = {**old.armour, **entry.get("armour", {})}
            entry = filled
            sources = {**old.sources, **sources}
        for key in REQUIRED:
            if key not in entry:
                why = "it is required" if base is None else f"{name!r} is not in {based_on!r}"
                raise where.describe([*at, key], "nothing", f"a {key!r} field ({why})")
        for arc in ARCS:
            if arc not in entry["armour"]:
                raise where.describe(
                    [*at, "armour", arc], "nothing", f"a {arc} armour rating (front, side, rear)"
                )
        counters[name] = _counter(name, entry, {**sources, **own_sources}, where)
        for i, alias in enumerate(entry.get("aliases", [])):
            taken = aliases.get(alias, name)
            if taken != name or (alias in document["tanks"] and alias != name):
                raise where.error([*at, "aliases", i], alias, "a short label no other tank uses")
            aliases[alias] = name
        if "note" in entry:
            notes[name] = entry["note"]
    try:
        return PanzerVorRoster(
            name=document["name"],
            description=document.get("description", ""),
            counters=counters,
            aliases={a: n for a, n in aliases.items() if a != n},
            notes=notes,
            based_on=based_on,
        )
    except (ValueError, RosterError) as error:
        raise where.error(["tanks"], "...", f"a consistent roster ({error})") from None


def encode(roster: PanzerVorRoster) -> Document:
    tally = Counter(
        source for counter in roster.counters.values() for source in counter.sources.values()
    )
    default = min(tally, key=lambda s: (-tally[s], s)) if tally else "stand-in"
    document: Document = {"name": roster.name}
    if roster.description:
        document["description"] = roster.description
    if roster.based_on is not None:
        document["based_on"] = roster.based_on
    document["default_source"] = default
    tanks: dict[str, Any] = {}
    for name, counter in roster.counters.items():
        entry: dict[str, Any] = {}
        aliases = [a for a, n in roster.aliases.items() if n == name]
        if aliases:
            entry["aliases"] = aliases
        entry |= _entry(counter)
        own = {k: v for k, v in counter.sources.items() if v != default}
        if own:
            entry["sources"] = own
        if name in roster.notes:
            entry["note"] = roster.notes[name]
        tanks[name] = entry
    document["tanks"] = tanks
    return document


FORMAT = register(
    Format(
        name="workbench.roster.panzer-vor",
        version=1,
        schema="roster-panzer-vor-1.json",
        kind=PanzerVorRoster,
        decode=decode,
        encode=encode,
    )
)
