"""Every card's printed restriction — where, when, whose, which tank — as a check in code.

"A card may still only be used when the restrictions listed on the card are met" (Linked
Scenarios: Scenario Cards): a card is played only when each of its restrictions is met. A
card's restrictions are its Card Type's (:func:`of_type`: an Action card in your Action
Phase, one a turn; an Event card in your Event Phase, one a turn; a Reaction card on your
opponent's turn; a card that acts when drawn is never played by choice; a card with a Move
icon never moves an Immobile tank) and its own, registered by the rule that prints them
(``@restriction`` in ``event_cards`` and ``scenario_rules``). A card whose rule prints no
restriction of its own says so (:func:`unrestricted`), so a card with neither is a gap
``tests/test_panzer_vor_card_restrictions.py`` finds.

A restriction's ``holds(match, side)`` says whether it is met now; one with no ``holds``
is carried out by what the card offers once played (``by``: the tanks that may be declared,
the choices of its effect), or is the players' own (a song).

>>> from workbench.games.panzer_vor.rules.cards import CARDS
>>> [r.key for r in of_type(CARDS["Full Speed Ahead!"])]
['action card', 'move icon']
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Literal

from workbench.games.panzer_vor.rules import sections as S
from workbench.games.panzer_vor.rules.cards import Card
from workbench.games.panzer_vor.rules.match import CardMatch
from workbench.games.panzer_vor.rules.phases import Phase
from workbench.rules.core import Reason

Aspect = Literal["where", "when", "whose", "which tank"]
Holds = Callable[[CardMatch, str], bool]


@dataclass(frozen=True)
class Restriction:
    """One restriction on playing a card: its name (``key``), which of where, when, whose
    and which tank it sets (``aspects``), the rulebook's words (``printed``) and their
    ``section``; ``holds(match, side)``: whether it is met now, or None when ``by`` carries
    it out (what the card offers once played)."""

    key: str
    aspects: tuple[Aspect, ...]
    printed: str
    section: str
    holds: Holds | None = None
    by: str = ""

    def reason(self, card: str) -> Reason:
        """Why ``card`` may not be played now: this restriction, in the rulebook's words."""
        return Reason(f'{card} may not be played now: "{self.printed}"', self.section)


OWN: dict[str, tuple[Restriction, ...]] = {}
NONE_PRINTED: dict[str, str] = {}  # card -> why it has no restriction of its own


def restriction(
    *cards: str, key: str, aspects: tuple[Aspect, ...], printed: str, section: str
) -> Callable[[Holds], Holds]:
    """Register the function decorated as the check of a restriction of each of ``cards``."""

    def register(holds: Holds) -> Holds:
        for card in cards:
            add(card, Restriction(key, aspects, printed, section, holds))
        return holds

    return register


def add(card: str, found: Restriction) -> Restriction:
    """Register ``found`` as one of ``card``'s own restrictions."""
    if any(r.key == found.key for r in OWN.get(card, ())):
        raise ValueError(f"the restriction {found.key!r} of {card!r} is registered twice")
    OWN[card] = (*OWN.get(card, ()), found)
    return found


def unrestricted(*cards: str, why: str) -> None:
    """Document that the rulebook prints no restriction of the cards' own (``why`` says
    what it prints of them)."""
    for card in cards:
        NONE_PRINTED[card] = why


# --- the Card Types' restrictions -----------------------------------------------------------


def _action_phase(match: CardMatch, side: str) -> bool:
    awareness = match.phase is Phase.EVENT and match.awareness_used
    return (
        side == match.side_to_act
        and match.top is None
        and (match.phase is Phase.ACTION or awareness)
        and match.actions_left > 0
    )


def _event_phase(match: CardMatch, side: str) -> bool:
    return (
        side == match.side_to_act
        and match.top is None
        and match.phase is Phase.EVENT
        and not match.event_played
    )


def _opponents_turn(match: CardMatch, side: str) -> bool:
    return side != match.side_to_act


def _never(match: CardMatch, side: str) -> bool:
    return False


ACTION_CARD = Restriction(
    "action card", ("when",),
    "Each player may only play one Action Card during each of their turns (using the Combat "
    "Awareness Character ability is an exception to this)",
    S.ACTION_PHASE, _action_phase,
)  # fmt: skip
EVENT_CARD = Restriction(
    "event card", ("when",),
    "Each player may only play one Event Card during each of their turns",
    S.EVENT_PHASE, _event_phase,
)  # fmt: skip
REACTION_CARD = Restriction(
    "reaction card", ("when", "whose"),
    "These cards are used to resist your opponent's Actions, and can only be used on your "
    "opponent's turn",
    S.CARD_TYPES, _opponents_turn,
)  # fmt: skip
DRAWN_CARD = Restriction(
    "drawn", ("when",),
    "Scenario Cards differ from the regular ones used during a match ... These cards uses are "
    "described in each scenario",
    S.SCENARIO_CARDS, _never,
)  # fmt: skip
MOVE_ICON = Restriction(
    "move icon", ("which tank",),
    "A tank that is considered Immobile may not use Move Cards",
    S.TURN_ACTION_PHASE,
    by="the tanks that may be declared for the card (an Immobile tank is not, but for the "
    "Fire option of Move/Fire)",
)  # fmt: skip


def of_type(card: Card) -> tuple[Restriction, ...]:
    """The restrictions a card has by its Card Type (and its Move icon)."""
    kind = card.acts_as if card.kind == "scenario" else card.kind
    found = {
        "action": (ACTION_CARD,),
        "event": (EVENT_CARD,),
        "reaction": (REACTION_CARD,),
        "drawn": (DRAWN_CARD,),
    }.get(kind, ())
    return (*found, MOVE_ICON) if card.move and card.is_action else found


def of(card: Card) -> tuple[Restriction, ...]:
    """Every restriction of ``card``: its Card Type's, then its own."""
    return (*of_type(card), *OWN.get(card.name, ()))


TURN_RESTRICTIONS = {  # an Enforcement card drawn restricts the turn, not the card
    "desperate": (
        "Desperate Situation!: The player that draws this card may not take any Actions "
        "(Movement or Firing) during the rest of their turn",
        lambda card: card.is_action,
    ),
    "engine trouble": (
        "Engine Trouble: You cannot play any cards that have a Move icon on them",
        lambda card: card.move and not card.either,
    ),
}


def refusal(match: CardMatch, side: str, name: str) -> Reason | None:
    """Why ``side`` may not play the card called ``name`` now: an Enforcement card drawn this
    turn, or the first of the card's restrictions it does not meet (None: every checked one
    is met)."""
    card = match.card(name)
    for flag, (printed, hits) in TURN_RESTRICTIONS.items():
        if flag in match.restrictions and side == match.side_to_act and hits(card):
            return Reason(f'{name} may not be played now: "{printed}"', S.ENFORCEMENT)
    for found in of(card):
        if found.holds is not None and not found.holds(match, side):
            return found.reason(name)
    return None


def may_play(match: CardMatch, side: str, name: str) -> bool:
    """Whether the card's own restrictions are met (its Card Type's are the turn's)."""
    return all(r.holds is None or r.holds(match, side) for r in OWN.get(name, ()))


unrestricted(
    "Move", "Fire", "Move/Fire", "Move All Tanks", "Coordinated Move", "Full Speed Ahead!",
    "Mobile Fire 2", "Mobile Fire 3", "Commander!", "Volley Fire", "Covering Fire",
    "Aimed Shot 2", "Deadly Shot", "Solid Hit", "Crack Shot",
    why="the rulebook prints no restriction of an Action card's own: only its Card Type's "
    "(one a turn, in your Action Phase) and a Move icon's (not an Immobile tank); Engine "
    "Trouble and Desperate Situation! restrict the turn they are drawn in, not the card",
)  # fmt: skip
