"""TANKS tank cards (Components: Tank Cards — Card Anatomy) as values, each carrying where its
values come from.

The printed cards are not in the rulebook text. The shipped cards come from community data
(``workbench/data/tanks-cards.csv``, the BattleScribe files of BSData/tanks, named in the
file's header) and are flagged with that source, value by value; a roster file
(``workbench.roster.tanks/1``) lets a user replace any value with their own card's.
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from functools import cache
from importlib import resources
from types import MappingProxyType
from typing import Any

from workbench.boards.values import FileValue
from workbench.errors import InvalidValue, UnknownName

STAND_IN = "stand-in"
CARD_SOURCE = "community data: BSData/tanks (BattleScribe), not the official cards"
CARD_SOURCE_SHORT = "community data: BSData/tanks"  # CARD_SOURCE where a line names it
UNKNOWN = "unknown"  # a value no source gives, written so in the card file
MISSING_SOURCE = (
    "unknown: missing in BSData/tanks (give your card's value: the game option card_points, "
    "or a roster file)"
)
NUMBER_FIELDS = ("crew_slots", "initiative", "attack", "defence", "damage_capacity", "points")
# Each value's range: Defence at most 6 by the rule ("A tank can never roll more than six
# Defence dice", Shooting: Roll Defence Dice); the others the library's own sanity limits, well
# above the card data's largest (crew slots 4, Initiative 8, Attack 6, Damage Capacity 8,
# points 46): an Attack roll of 11 dice already has 4,368 outcomes.
CARD_LIMITS = {"crew_slots": 10, "initiative": 20, "attack": 10, "defence": 6,
               "damage_capacity": 20, "points": 1000}  # fmt: skip
CARD_FIELDS = ("country", *NUMBER_FIELDS, "keywords")


@dataclass(frozen=True)
class TanksCard:
    """One tank card: the anatomy fields the rules use, and a source per value.

    >>> panther = tanks_cards()["Panther"]
    >>> panther.initiative, panther.attack, panther.keywords, panther.source("attack")[:24]
    (7, 5, ('Blitzkrieg',), 'community data: BSData/t')
    """

    name: str
    country: str
    crew_slots: int
    initiative: int
    attack: int
    defence: int
    damage_capacity: int
    points: int | None  # None: unknown (no source gives it; MISSING_SOURCE)
    keywords: tuple[str, ...] = ()
    sources: Mapping[str, str] = field(default_factory=dict)

    __hash__ = None  # type: ignore[assignment]  # immutable, but holds a mapping

    def __post_init__(self) -> None:
        object.__setattr__(self, "keywords", tuple(self.keywords))
        object.__setattr__(self, "sources", MappingProxyType(dict(self.sources)))
        for name in NUMBER_FIELDS:
            value = getattr(self, name)
            if value is None and name == "points":
                continue  # unknown: a platoon with this card is refused for points
            most = CARD_LIMITS[name]
            if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= most:
                raise InvalidValue(f"{self.name}: {name} must be a whole number from 0 to {most}")

    def source(self, field_name: str) -> str:
        """Where a value comes from: a named source, ``"rulebook: ..."`` or ``"stand-in"``."""
        return self.sources.get(field_name, STAND_IN)

    def label(self, field_name: str) -> str:
        """Where a value comes from, in a few words (an explanation's line names it).

        >>> tanks_cards()["Panther"].label("attack")
        'community data: BSData/tanks'
        """
        source = self.source(field_name)
        return CARD_SOURCE_SHORT if source == CARD_SOURCE else source

    def has(self, keyword: str) -> bool:
        return keyword in self.keywords

    def values(self) -> dict[str, object]:
        """The card's values by field name (keywords as a tuple)."""
        return {name: getattr(self, name) for name in CARD_FIELDS}

    def with_values(self, source: str, **values: object) -> TanksCard:
        """A copy with these values changed, each marked with ``source``."""
        unknown = set(values) - set(CARD_FIELDS)
        if unknown:
            raise InvalidValue(
                f"a tank card has no field {sorted(unknown)} (fields: {CARD_FIELDS})"
            )
        sources = {**self.sources, **dict.fromkeys(values, source)}
        return replace(self, **values, sources=sources)  # type: ignore[arg-type]


@dataclass(frozen=True)
class Keyword:
    """A keyword's rule text and where it comes from (Keyword Reference)."""

    name: str
    text: str
    source: str
    country: str = ""


def read_cards_csv(text: str, source: str = CARD_SOURCE) -> dict[str, TanksCard]:
    """Cards from CSV text in the shipped layout (``#`` lines are comments)."""
    rows = csv.DictReader(line for line in io.StringIO(text) if not line.startswith("#"))
    cards = {}
    for row in rows:
        numbers: dict[str, Any] = {
            name: None if row[name].strip() == UNKNOWN else int(row[name]) for name in NUMBER_FIELDS
        }
        sources = dict.fromkeys(CARD_FIELDS, source)
        if numbers["points"] is None:
            sources["points"] = MISSING_SOURCE
        cards[row["tank"]] = TanksCard(
            name=row["tank"],
            country=row["country"],
            keywords=tuple(k for k in row["keywords"].split(";") if k),
            sources=sources,
            **numbers,
        )
    return cards


def cards_csv_text() -> str:
    return resources.files("workbench.data").joinpath("tanks-cards.csv").read_text("utf-8")


def cards_source_note() -> str:
    """The shipped card file's header: where the values come from."""
    lines = cards_csv_text().splitlines()
    return "\n".join(line.lstrip("# ") for line in lines if line.startswith("#"))


@cache
def tanks_cards() -> Mapping[str, TanksCard]:
    """The shipped tank cards by name (community data; see :func:`cards_source_note`)."""
    return MappingProxyType(read_cards_csv(cards_csv_text()))


@cache
def tanks_keywords() -> Mapping[str, Keyword]:
    """Keyword texts by name, each with its source.

    >>> tanks_keywords()["Fast"].source
    'rulebook: Keyword Reference: Fast'
    """
    text = resources.files("workbench.data").joinpath("tanks-keywords.json").read_text("utf-8")
    data = json.loads(text)["keywords"]
    return MappingProxyType({name: Keyword(name=name, **entry) for name, entry in data.items()})


@dataclass(frozen=True)
class TanksRoster(FileValue):
    """A set of tank cards a game draws from: the shipped cards with a user's changes, or a
    user's own cards only (``base="none"``). ``source`` marks the values the roster's file
    gives (default ``"user file: <name>"``)."""

    name: str
    cards: Mapping[str, TanksCard]
    description: str = ""
    base: str = "builtin"
    source: str = ""

    __hash__ = None  # type: ignore[assignment]  # immutable, but holds a mapping

    def __post_init__(self) -> None:
        object.__setattr__(self, "cards", MappingProxyType(dict(self.cards)))
        if self.base not in ("builtin", "none"):
            raise InvalidValue(f"a roster's base is 'builtin' or 'none', not {self.base!r}")

    @property
    def own_source(self) -> str:
        return self.source or f"user file: {self.name}"

    @staticmethod
    def builtin(name: str = "TANKS cards (community data)") -> TanksRoster:
        return TanksRoster(name, tanks_cards())

    def card(self, name: str) -> TanksCard:
        try:
            return self.cards[name]
        except KeyError:
            known = ", ".join(self.cards)
            raise UnknownName("card", name, f"a Tank card of {self.name} ({known})") from None

    def with_card(self, card: TanksCard) -> TanksRoster:
        return replace(self, cards={**self.cards, card.name: card})

    def with_values(self, tank: str, **values: object) -> TanksRoster:
        """A copy with one card's values changed, marked with the roster's own source."""
        return self.with_card(self.card(tank).with_values(self.own_source, **values))
