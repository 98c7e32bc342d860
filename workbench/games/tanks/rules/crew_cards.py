"""The Crew and Upgrade cards a TANKS game is given (``workbench.games.tanks.boards.crew``): the
options ``crew_cards`` (the user's cards, as their file gives them) and ``crew`` (which cards
each tank of a side takes), and the cards as Building Your Platoon checks them.

No card's effect is applied (the rulebook prints none): a tank carries its cards by name
(``TankPiece.crew``), their points count in Panzer Ace ("Include the points values of any
Crew and Upgrade cards that Destroyed tanks started the game with"), and the opponent sees
them face down ("Upgrade and Crew cards start the game face down ... but they can see the
point cost on the back of the cards"; ``hidden.mask``): with no effect, none is ever used,
so none is turned face up.

>>> cards = _crew_cards({"Made-up Gunner": {"kind": "crew", "type": "Gunner", "points": 5}})
>>> cards["Made-up Gunner"]["points"]
5
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from workbench.errors import ArgumentError
from workbench.files import BoardFileError
from workbench.files.loading import load_document
from workbench.games.tanks.boards.crew import CrewCard, CrewCards, crew_card
from workbench.games.tanks.rules import sections
from workbench.rules.options import Option, OptionError

FORMAT = "workbench.cards.tanks/1"


def _crew_cards(value: Any) -> Any:
    """A user's cards: a loaded :class:`CrewCards` (kept as its plain entries, so a record
    holds them) or the entries of a ``workbench.cards.tanks/1`` file's ``cards``."""
    if isinstance(value, CrewCards):
        return value.option()
    document = {"format": FORMAT, "name": "crew_cards", "cards": value}
    try:
        load_document(document, 'options["crew_cards"]')
    except BoardFileError as bad:
        raise ArgumentError(
            "crew_cards", value, f"the cards of a {FORMAT} file ({bad.field}: {bad.expected})"
        ) from None
    return {name: dict(entry) for name, entry in value.items()}


def _crew(value: Any) -> Any:
    """Side -> one list of card names per tank of the side (in the order of ``platoons``)."""
    shape = "side -> one list of Crew and Upgrade card names per tank, in platoons' order"
    if not isinstance(value, Mapping):
        raise ArgumentError("crew", value, shape)
    for side, tanks in value.items():
        if isinstance(tanks, str) or not isinstance(tanks, list | tuple):
            raise ArgumentError("crew", value, f"{shape} ({side}: a list of lists)")
        for names in tanks:
            if isinstance(names, str) or not isinstance(names, list | tuple):
                raise ArgumentError("crew", value, f"{shape} ({side}: {names!r} is no list)")
            if not all(isinstance(n, str) for n in names):
                raise ArgumentError("crew", value, f"{shape} ({side}: card names are text)")
    return value


def crew_options() -> list[Option]:
    """The two options (``options.table_options`` lists them)."""
    return [
        Option.value(
            "crew_cards", {}, sections.PLATOON,
            "your own Crew and Upgrade cards (the workbench ships none; none of their effects "
            "is applied): a workbench.cards.tanks/1 file's cards, or tanks.load_crew_cards(path)",
            f"the cards of a {FORMAT} file: name -> kind, type, points, hero, country, text",
            _crew_cards,
        ),
        Option.value(
            "crew", {}, sections.UPGRADES,
            "which of crew_cards each tank takes: side -> one list of card names per tank, in "
            "platoons' order; checked by Building Your Platoon at start",
            "side -> one list of Crew and Upgrade card names per tank, in platoons' order",
            _crew,
        ),
    ]  # fmt: skip


def given_cards(given: Mapping[str, Any]) -> dict[str, CrewCard]:
    """The cards of the option ``crew_cards`` as values."""
    return {name: crew_card(name, entry) for name, entry in given.get("crew_cards", {}).items()}


def tank_cards(
    given: Mapping[str, Any], side: str, tanks: Sequence[str]
) -> list[tuple[CrewCard, ...]]:
    """Each tank's cards on ``side`` (the option ``crew``); an unknown card name or a list
    per tank that does not match ``platoons`` is refused naming the option."""
    cards = given_cards(given)
    lists = list(given.get("crew", {}).get(side, []))
    if len(lists) > len(tanks):
        raise OptionError(
            "crew", given["crew"],
            f"at most one list per tank of {side} ({len(tanks)}: {', '.join(tanks)})",
            sections.UPGRADES,
        )  # fmt: skip
    lists += [[]] * (len(tanks) - len(lists))
    found = []
    for names in lists:
        unknown = [n for n in names if n not in cards]
        if unknown:
            known = ", ".join(cards) or "none: give them with crew_cards"
            raise OptionError(
                "crew", given["crew"], f"cards of crew_cards (no card {unknown[0]!r}; cards: "
                f"{known})", sections.UPGRADES,
            )  # fmt: skip
        found.append(tuple(cards[n] for n in names))
    return found


def crew_sides(given: Mapping[str, Any], sides: Sequence[str]) -> None:
    """Refuse a ``crew`` naming a side that is not in ``platoons``."""
    for side in given.get("crew", {}):
        if side not in sides:
            raise OptionError(
                "crew", given["crew"], f"sides of platoons ({', '.join(sides)})", sections.UPGRADES
            )


def crew_points(given: Mapping[str, Any], names: Sequence[str]) -> int:
    """The points of the cards a tank started with (a name crew_cards does not give, such as
    Barkmann's Corner's Ernst Barkmann, whose value no source gives, counts none)."""
    cards = given.get("crew_cards", {})
    return sum(cards[n]["points"] for n in names if n in cards)


__all__ = ["crew_options", "crew_points", "crew_sides", "given_cards", "tank_cards"]
