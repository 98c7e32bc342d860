"""``workbench.cards.tanks/1``: a user's TANKS Crew and Upgrade cards (the workbench ships
none: the rulebook prints their rules, not the cards). The example below is made up to show
the format; it is no card of the game.

```
{"format": "workbench.cards.tanks/1", "name": "My crew cards",
 "source": "my printed cards",                 # marks where the values come from
 "cards": {"Made-up Gunner": {"kind": "crew",  # "crew" (takes a Crew Slot) or "upgrade"
                             "type": "Gunner", # one card of each type on a tank
                             "points": 5,      # the Point Cost
                             "hero": false,    # a medal: one copy in an army
                             "country": "Global",                 # or the card's Country
                             "text": "what the card says (shown, not applied)"}}}
```
"""

from __future__ import annotations

from workbench.files.errors import Where
from workbench.files.registry import Document, Format, register
from workbench.games.tanks.boards.crew import CrewCards, crew_card


def decode(document: Document, where: Where) -> CrewCards:
    cards = {name: crew_card(name, entry) for name, entry in document["cards"].items()}
    return CrewCards(
        name=document["name"],
        cards=cards,
        description=document.get("description", ""),
        source=document.get("source", ""),
    )


def encode(cards: CrewCards) -> Document:
    document: Document = {"name": cards.name}
    if cards.description:
        document["description"] = cards.description
    if cards.source:
        document["source"] = cards.source
    document["cards"] = cards.option()
    return document


FORMAT = register(
    Format(
        name="workbench.cards.tanks",
        version=1,
        schema="cards-tanks-1.json",
        kind=CrewCards,
        decode=decode,
        encode=encode,
    )
)
