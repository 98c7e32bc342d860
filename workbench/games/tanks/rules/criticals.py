"""The Critical deck (Components: Critical Cards; Shooting: Critical Hits).

The rulebook prints one card, Busted Tracks (Damage Effect 1; Special Effect: the tank cannot
move; Repairable). The rest of the deck and the number of copies are not in the text: the
other cards below are LABELLED STAND-INS so the game can be played, to replace with the
printed deck.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType

from workbench.games.tanks.rules import sources


@dataclass(frozen=True)
class CriticalCard:
    """One Critical card: its Damage Effect, its lasting Special Effect (``"cannot move"``,
    ``"cannot shoot"`` or none), whether it is Repairable, how many are in the deck, and where
    the card comes from."""

    name: str
    damage: int
    effect: str = ""
    repairable: bool = False
    copies: int = 1
    source: str = sources.STAND_IN


CRITICAL_CARDS: Mapping[str, CriticalCard] = MappingProxyType(
    {
        "Busted Tracks": CriticalCard(
            "Busted Tracks", 1, "cannot move", True, copies=3,
            source="rulebook: Shooting: Side Shot (example); copies: stand-in",
        ),
        "Gun Damaged (stand-in)": CriticalCard(
            "Gun Damaged (stand-in)", 0, "cannot shoot", True, 3
        ),
        "Penetration (stand-in)": CriticalCard("Penetration (stand-in)", 2, "", False, 3),
        "Shaken Crew (stand-in)": CriticalCard("Shaken Crew (stand-in)", 1, "", False, 3),
    }
)  # fmt: skip
EMPTY_DECK_DAMAGE = 1  # stand-in: a Critical Hit when no card is left to draw does 1 damage


def full_deck(cards: Mapping[str, CriticalCard] = CRITICAL_CARDS) -> tuple[str, ...]:
    """The whole deck as sorted card names, one entry per copy.

    >>> len(full_deck()), full_deck()[0]
    (12, 'Busted Tracks')
    """
    return tuple(sorted(name for name, card in cards.items() for _ in range(card.copies)))


def card(name: str) -> CriticalCard:
    return CRITICAL_CARDS[name]
