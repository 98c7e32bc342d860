"""TANKS Crew and Upgrade cards as values a user supplies (Components: Crew and Upgrades —
Card Anatomy): each card's name, kind (a Crew or an Upgrade card), Type, Point Cost, Hero
medal and Country, from the user's own file (``workbench.cards.tanks/1``).

The rulebook prints the rules for these cards (Building Your Platoon: one card of each Type
on a tank, Crew Slots, one of each Hero, the Country's or Global cards; face down until first
used; their points count in Panzer Ace) but none of the cards: the workbench ships none and
applies no effect. A card's printed ``text`` is kept to show, never played.

>>> card = CrewCard("Made-up Gunner", "crew", "Gunner", 5, country="Global")
>>> card.kind, card.hero, card.slot_tuple()
('crew', False, ('Made-up Gunner', 'Gunner', 5, False))
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

from workbench.boards.values import FileValue
from workbench.errors import InvalidValue

CARD_KINDS = ("crew", "upgrade")
GLOBAL = "Global"  # Building Your Platoon: Global Cards: "shown with a globe symbol"


@dataclass(frozen=True)
class CrewCard:
    """One Crew or Upgrade card as the user's file gives it."""

    name: str
    kind: str  # "crew" (takes a Crew Slot) or "upgrade"
    type: str  # "Card Type — A tank is limited to one Upgrade or Crew card of each type"
    points: int  # "Point Cost — This is how much the card costs to add it to your army"
    hero: bool = False  # "Hero — Hero cards are marked with a medal"
    country: str = GLOBAL
    text: str = ""  # the card's printed text, shown only: no effect is applied

    def __post_init__(self) -> None:
        if self.kind not in CARD_KINDS:
            raise InvalidValue(f"{self.name}: kind must be one of {CARD_KINDS}, not {self.kind!r}")
        if not isinstance(self.points, int) or isinstance(self.points, bool) or self.points < 0:
            raise InvalidValue(f"{self.name}: points must be a whole number of at least 0")

    def slot_tuple(self) -> tuple[str, str, int, bool]:
        """(name, Type, points, hero), as ``platoons.PlatoonTank`` holds a card."""
        return (self.name, self.type, self.points, self.hero)

    def entry(self) -> dict[str, Any]:
        """The card as its file writes it (defaults left out)."""
        out: dict[str, Any] = {"kind": self.kind, "type": self.type, "points": self.points}
        if self.hero:
            out["hero"] = True
        if self.country != GLOBAL:
            out["country"] = self.country
        if self.text:
            out["text"] = self.text
        return out


@dataclass(frozen=True)
class CrewCards(FileValue):
    """A user's set of Crew and Upgrade cards by name (``source``: where the values come
    from, default ``"user file: <name>"``)."""

    name: str
    cards: Mapping[str, CrewCard] = field(default_factory=dict)
    description: str = ""
    source: str = ""

    __hash__ = None  # type: ignore[assignment]  # immutable, but holds a mapping

    def __post_init__(self) -> None:
        object.__setattr__(self, "cards", MappingProxyType(dict(self.cards)))

    def option(self) -> dict[str, dict[str, Any]]:
        """The cards as the game option ``crew_cards`` takes them (JSON, kept in records)."""
        return {name: card.entry() for name, card in self.cards.items()}


def crew_card(name: str, entry: Mapping[str, Any]) -> CrewCard:
    """A card from its file entry (already checked against the schema)."""
    return CrewCard(
        name=name,
        kind=entry["kind"],
        type=entry["type"],
        points=entry["points"],
        hero=entry.get("hero", False),
        country=entry.get("country", GLOBAL),
        text=entry.get("text", ""),
    )


__all__ = ["CARD_KINDS", "GLOBAL", "CrewCard", "CrewCards", "crew_card"]
