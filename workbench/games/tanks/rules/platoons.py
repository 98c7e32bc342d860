"""Building Your Platoon: the checks a platoon must pass (point limit, one Country, one card
of each Type per tank, Crew Slots, unique Heroes) and the platoons a game starts with.

A Tank card's point value that no source gives is unknown (``None``): a platoon with such a
card is refused for points until the players give their printed card's value (the game
option ``card_points``), since both the point limit and Panzer Ace's "points worth of tanks"
destroyed need it.

>>> [r.text for r in platoon_problems([PlatoonTank("Panther"), PlatoonTank("Panther")], 50)]
['64 points is over the limit of 50']
>>> print(platoon_problems([PlatoonTank("ISU-122")], 100)[0].text)  # doctest: +ELLIPSIS
ISU-122's point value is unknown (missing in BSData/tanks): give your card's value ...
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from workbench.games.tanks.boards.cards import TanksCard, tanks_cards, tanks_keywords
from workbench.games.tanks.rules import sections
from workbench.games.tanks.rules.crew_cards import given_cards, tank_cards
from workbench.games.tanks.rules.options import KEYWORDS, PLATOON_RULES
from workbench.rules.core import Reason
from workbench.rules.options import OptionError

CARD_POINTS_SOURCE = "game option card_points"  # the source of a point value the players give
KEYWORDS_IGNORED = "game option community_keywords: 'ignored'"  # a card's keywords without them
COMMUNITY = "community data"  # how a keyword's source from community data begins


@dataclass(frozen=True)
class PlatoonTank:
    """A tank in a platoon with its crew and upgrade cards (name, type, points, hero)."""

    card: str
    crew: tuple[tuple[str, str, int, bool], ...] = ()  # (name, type, points, hero)
    upgrades: tuple[tuple[str, str, int], ...] = ()  # (name, type, points)


def unknown_points(card: TanksCard) -> Reason:
    """The refusal of a card whose point value no source gives, saying how to give it."""
    return Reason(
        f"{card.name}'s point value is unknown (missing in BSData/tanks): give your card's "
        f'value with the option card_points, e.g. {{"card_points": {{"{card.name}": 30}}}}',
        sections.POINT_LIMIT,
    )


def platoon_problems(
    tanks: Sequence[PlatoonTank],
    point_limit: int | None,
    cards: Mapping[str, TanksCard] | None = None,
    card_countries: Mapping[str, str] | None = None,
) -> list[Reason]:
    """Everything that breaks Building Your Platoon: the point limit (``None``: no limit, the
    points must still be known), one Country (Global cards excepted), one card of each Type
    per tank, crew slots, unique Heroes."""
    cards = cards or tanks_cards()
    countries = dict(card_countries or {})
    found: list[Reason] = []
    known = [t for t in tanks if t.card in cards]
    for t in tanks:
        if t.card not in cards:
            found.append(Reason(f"no tank card {t.card!r}", sections.TANK_CARDS))
    nations = {cards[t.card].country for t in known}
    if len(nations) > 1:
        found.append(
            Reason(f"tanks from {', '.join(sorted(nations))}: one Country only", sections.COUNTRY)
        )
    unknown = {t.card: cards[t.card] for t in known if cards[t.card].points is None}
    found += [unknown_points(card) for card in unknown.values()]
    points = sum(cards[t.card].points or 0 for t in known)
    points += sum(c[2] for t in tanks for c in t.crew) + sum(
        u[2] for t in tanks for u in t.upgrades
    )
    if not unknown and point_limit is not None and points > point_limit:
        found.append(
            Reason(f"{points} points is over the limit of {point_limit}", sections.POINT_LIMIT)
        )
    heroes: set[str] = set()
    for t in tanks:
        types = [c[1] for c in t.crew] + [u[1] for u in t.upgrades]
        doubled = sorted({k for k in types if types.count(k) > 1})
        if doubled:
            found.append(
                Reason(f"{t.card} has two cards of type {', '.join(doubled)}", sections.UPGRADES)
            )
        if t.card in cards and len(t.crew) > cards[t.card].crew_slots:
            found.append(
                Reason(
                    f"{t.card} has {len(t.crew)} crew for {cards[t.card].crew_slots} Crew Slots",
                    sections.CREW_SLOTS,
                )
            )
        for name, _, _, hero in t.crew:
            if hero and name in heroes:
                found.append(Reason(f"{name} is a Hero: one copy only", sections.HEROES))
            heroes.add(name) if hero else None
        for name in [c[0] for c in t.crew] + [u[0] for u in t.upgrades]:
            country = countries.get(name, "Global")
            if country != "Global" and nations and country not in nations:
                found.append(Reason(f"{name} is a {country} card", sections.GLOBAL_CARDS))
    return found


def community_keywords() -> frozenset[str]:
    """The keywords whose rule comes from community data, not the rulebook (Heavy Tank, Big
    Gun: ``tanks-keywords.json``).

    >>> sorted(community_keywords())
    ['Big Gun', 'Heavy Tank']
    """
    return frozenset(name for name, k in tanks_keywords().items() if k.source.startswith(COMMUNITY))


def game_cards(given: Mapping[str, Any]) -> dict[str, TanksCard]:
    """The shipped Tank cards with the point values the option ``card_points`` gives, each
    marked with its source (CARD_POINTS_SOURCE), and without the community data's keywords
    where the option ``community_keywords`` is ``"ignored"``."""
    cards = dict(tanks_cards())
    for name, points in given.get("card_points", {}).items():
        cards[name] = cards[name].with_values(CARD_POINTS_SOURCE, points=points)
    if given.get("community_keywords", KEYWORDS[0]) == "ignored":
        dropped = community_keywords()
        for name, card in cards.items():
            if dropped & set(card.keywords):
                kept = tuple(k for k in card.keywords if k not in dropped)
                cards[name] = card.with_values(KEYWORDS_IGNORED, keywords=kept)
    return cards


def check_platoons(
    platoons: Mapping[str, Sequence[str]],
    given: Mapping[str, Any],
    cards: Mapping[str, TanksCard],
    default_limit: int | None,
) -> None:
    """Refuse a game whose platoons, with their Crew and Upgrade cards (option ``crew``),
    break Building Your Platoon (OptionError on ``platoons``, with every rule broken and its
    section). Option ``platoon_rules:
    "practice"`` skips these checks; an unknown point value is refused even then (Panzer
    Ace's victory on time counts the points destroyed)."""
    practice = given.get("platoon_rules", PLATOON_RULES[0]) == "practice"
    limit = given.get("point_limit", default_limit)
    countries = {name: card.country for name, card in given_cards(given).items()}
    for side, names in platoons.items():
        unknown = [
            unknown_points(cards[n]) for n in dict.fromkeys(names) if cards[n].points is None
        ]
        tanks = [
            PlatoonTank(
                name,
                crew=tuple(c.slot_tuple() for c in extra if c.kind == "crew"),
                upgrades=tuple(c.slot_tuple()[:3] for c in extra if c.kind == "upgrade"),
            )
            for name, extra in zip(names, tank_cards(given, side, names), strict=True)
        ]
        broken = [] if practice else platoon_problems(tanks, limit, cards, countries)
        broken = [r for r in broken if r not in unknown]
        if unknown or broken:
            why = "; ".join(f"{r.text} ({r.section})" for r in [*unknown, *broken])
            hint = " (option platoon_rules 'practice' skips these checks)" if broken else ""
            raise OptionError(
                "platoons", {side: list(names)}, f"a platoon Building Your Platoon allows: "
                f"{side}: {why}{hint}", (unknown or broken)[0].section,
            )  # fmt: skip


__all__ = [
    "CARD_POINTS_SOURCE",
    "PlatoonTank",
    "check_platoons",
    "community_keywords",
    "game_cards",
    "platoon_problems",
    "unknown_points",
]
