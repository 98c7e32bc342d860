"""Drawing cards (Turn Phases: Draw Phase; Enforcement Cards; Match Types and Stagnant
Matches): a card drawn goes to the hand, an Enforcement card drawn in the Draw Phase is
resolved at once (drawn at any other time it is discarded without effect but still counts),
the fourth goes back into the deck and drawing it again ends the match, and a Scenario card
that acts when drawn acts. When the deck runs out the discard pile makes a new deck (a
reading: the rulebook does not say)."""

from __future__ import annotations

from dataclasses import replace

from workbench.games.panzer_vor.rules import ending, hooks, sections
from workbench.games.panzer_vor.rules.deck import Draw, add, size, take
from workbench.games.panzer_vor.rules.facts import Drew, pool_of_all
from workbench.games.panzer_vor.rules.match import (
    CardMatch,
    Chance,
    Drawing,
    add_to_hand,
    evolve,
    noted,
    pop,
    push,
    set_top,
)
from workbench.rules.core import Event, Reason

S = sections


def as_pile(cards: tuple[str, ...]) -> tuple[tuple[str, int], ...]:
    pile: tuple[tuple[str, int], ...] = ()
    for card in cards:
        pile = add(pile, card)
    return pile


def deal_allowed(match: CardMatch, deck: tuple[tuple[str, int], ...]) -> frozenset[str]:
    # Game Setup: Enforcement cards dealt are set aside and replaced until the hand has none;
    # that draws uniformly from the other cards. Stage 2 also sets aside Reinforcements.
    return frozenset(
        c for c, _ in deck if match.card(c).kind != "enforcement" and c != "Reinforcements"
    )


def draw(match: CardMatch, frame: Drawing, action: Draw, events: list[Event]) -> CardMatch:
    if not size(match.deck) and not match.marked:
        events.append(
            Event(
                "the deck is empty: the discard pile is shuffled into a new deck",
                (Reason("not in the rulebook: a documented reading", ""),),
            )
        )
        match = evolve(match, deck=as_pile(match.discard), discard=())
    more = frame.count > 1
    match = set_top(match, replace(frame, count=frame.count - 1)) if more else pop(match)
    card = match.card(action.card)
    face_up = action.marked or card.kind == "enforcement" or card.acts_as == "drawn"
    into = frame.side if frame.deal or not face_up else None
    match = noted(match, Drew(into, frame.deal, pool_of_all(match), action.marked))
    if action.marked:
        events.append(Event(f"{frame.side} draws {action.card} again: the match is stagnant"))
        return evolve(
            match, marked=None, discard=(*match.discard, action.card), ended=ending.stagnant(match)
        )
    match = evolve(match, deck=take(match.deck, action.card))
    side = frame.side
    if frame.deal:
        events.append(Event(f"{side} is dealt a card"))
        return add_to_hand(match, side, action.card, face_up=False)
    if card.kind == "enforcement":
        return _enforcement(match, side, action.card, frame.draw_phase, events)
    if card.acts_as == "drawn":
        events.append(Event(f"{side} draws {action.card}", (Reason(card.source, ""),)))
        return hooks.drawn(
            evolve(match, removed=(*match.removed, action.card)), side, card.effect, events
        )
    events.append(Event(f"{side} draws a card"))
    return add_to_hand(match, side, action.card, face_up=False)


def _enforcement(
    match: CardMatch, side: str, name: str, draw_phase: bool, events: list[Event]
) -> CardMatch:
    card = match.card(name)
    count = match.enforcement_drawn + 1
    match = evolve(match, enforcement_drawn=count)
    match = hooks.enforcement_drawn(match, side, events)
    if match.solo:
        pass  # its printed effect is not resolved: the solo scenario's rule acts instead
    elif draw_phase:
        events.append(
            Event(f"{side} draws {name}: {card.text}", (Reason(card.source, S.ENFORCEMENT),))
        )
        if card.effect in ("desperate", "engine trouble"):
            match = evolve(match, restrictions=match.restrictions | {card.effect})
        elif card.effect == "thrown tread":
            tanks = match.tanks_of(side)
            if tanks:
                match = push(match, Chance("thrown tread", len(tanks), side))
    else:
        events.append(
            Event(
                f"{side} draws {name} outside the Draw Phase: discarded without effect",
                (Reason("it still counts for a stagnant match", S.ENFORCEMENT),),
            )
        )
    if count == 4:
        events.append(
            Event(
                f"the fourth Enforcement card ({name}) goes back into the deck: "
                "when it is drawn again the match ends",
                (Reason("", S.STAGNANT),),
            )
        )
        return evolve(match, marked=name)
    return evolve(match, discard=(*match.discard, name))


@hooks.CHANCES("thrown tread")
def thrown_tread(match: CardMatch, frame: Chance, value: int, events: list[Event]) -> CardMatch:
    """Thrown Tread: a tank of the side, chosen at random, is Immobile (Enforcement Cards)."""
    tank = match.tanks_of(frame.side)[value - 1]
    events.append(
        Event(
            f"Thrown Tread: {tank.id} is Immobile",
            (Reason("a tank chosen at random", S.ENFORCEMENT),),
        )
    )
    return evolve(match, board=match.board.with_tank(replace(tank, immobile=True)))
