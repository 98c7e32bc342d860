"""``workbench.roster.tanks/1``: TANKS tank cards, the shipped ones changed or a user's own.

```
{"format": "workbench.roster.tanks/1", "name": "My printed cards",
 "base": "builtin",                          # start from the shipped cards ("none": only these)
 "source": "my printed cards",               # marks the values below (default "user file: <name>")
 "tanks": {"Panther": {"points": 33},        # change one value
           "Tiger I": {"country": "German", "crew_slots": 4, "initiative": 6, "attack": 6,
                       "defence": 2, "damage_capacity": 7, "points": 40,
                       "keywords": ["Blitzkrieg"],             # a new card gives every field
                       "sources": {"points": "a guess"}}}}     # a value's own source
```
"""

from __future__ import annotations

from typing import Any

from workbench.files.errors import Where
from workbench.files.overrides import changed_entry
from workbench.files.registry import Document, Format, register
from workbench.games.tanks.boards.cards import CARD_FIELDS, TanksCard, TanksRoster, tanks_cards


def decode(document: Document, where: Where) -> TanksRoster:
    name = document["name"]
    base = document.get("base", "builtin")
    own = document.get("source", "")
    default_source = own or f"user file: {name}"
    cards: dict[str, TanksCard] = dict(tanks_cards()) if base == "builtin" else {}
    for tank, entry in document["tanks"].items():
        values = {k: v for k, v in entry.items() if k != "sources"}
        if "keywords" in values:
            values["keywords"] = tuple(values["keywords"])
        sources = {**dict.fromkeys(values, default_source), **entry.get("sources", {})}
        if tank in cards:
            card = cards[tank].with_values(default_source, **values)
            cards[tank] = TanksCard(**{**_fields(card), "sources": {**card.sources, **sources}})
            continue
        for field in CARD_FIELDS:
            if field not in values and field != "keywords":
                known = "the shipped cards" if base == "builtin" else "no shipped cards (base none)"
                raise where.describe(
                    ["tanks", tank, field],
                    "nothing",
                    f"a {field!r} value: {tank!r} is a new card ({known}), so it gives every field",
                )
        cards[tank] = TanksCard(name=tank, sources=sources, **values)
    return TanksRoster(
        name=name, description=document.get("description", ""), base=base, cards=cards, source=own
    )


def _fields(card: TanksCard) -> dict[str, Any]:
    return {"name": card.name, **card.values()}


def _plain(value: object) -> object:
    return list(value) if isinstance(value, tuple) else value


def encode(roster: TanksRoster) -> Document:
    document: Document = {"name": roster.name}
    if roster.description:
        document["description"] = roster.description
    document["base"] = roster.base
    if roster.source:
        document["source"] = roster.source
    base = tanks_cards() if roster.base == "builtin" else {}
    tanks: Document = {}
    for name, card in roster.cards.items():
        entry = changed_entry(card, base.get(name), CARD_FIELDS, roster.own_source, _plain)
        if entry:
            tanks[name] = entry
    document["tanks"] = tanks
    return document


FORMAT = register(
    Format(
        name="workbench.roster.tanks",
        version=1,
        schema="roster-tanks-1.json",
        kind=TanksRoster,
        decode=decode,
        encode=encode,
    )
)
