"""What each side of a card match may not see, and a whole match drawn again from what it
does see (ARCHITECTURE.md: "One contract"; ``Game.seen_by``, ``mask``, ``sample_hidden``).

The hands are hidden from the other sides; the deck is a multiset whose order is chance
already. A card drawn into a hand is seen by its owner alone; an Enforcement card, a card that
acts when drawn (Reinforcements) and the stagnation card are seen by all, as is every card
played, discarded, taken back or put face up. A side's view of a match shows its own hand,
the other hands as as many placeholders, and, as the deck, the pool of the cards it has not
seen (the deck and the other hands together), so that two matches that differ only in which
unseen cards the opponent holds look the same.

Readings: a card the side has seen go back into an opponent's hand (an Attack card taken
back, a scenario's printed starting card) is not remembered: the view keeps only what the
state shows now. An Enforcement card and a card that acts when drawn never stay in a hand
(they are resolved, or set aside and replaced when dealt), so a hand drawn again never holds
one. A reaction window is opened only when its side holds a card that fits, so the window
itself tells the other side that much (as a pause at the table would).

>>> from workbench.games.panzer_vor.rules.deck import from_counts
>>> pool = pool_of(from_counts([("Move", 2)]), [("Fire", "Move")])
>>> pool
(('Fire', 1), ('Move', 3))
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from workbench.games.panzer_vor.rules.deck import Draw, Pile, add, from_counts
from workbench.games.panzer_vor.rules.match import CardMatch, Drawing, evolve
from workbench.rules.observation import Observation, history_from

HIDDEN_CARD = "(a card not seen)"  # a placeholder for each card of a hand another side holds


def seen_by(match: CardMatch, action: Any) -> frozenset[str] | None:
    """Who sees ``action`` taken in ``match``: a card drawn into a hand, its owner alone;
    anything else (None) every side."""
    top = match.top
    if not isinstance(action, Draw) or not isinstance(top, Drawing) or action.marked:
        return None
    if top.deal:
        return frozenset({top.side})
    card = match.card(action.card)
    if card.kind == "enforcement" or card.acts_as == "drawn":
        return None  # resolved at once, face up (as ``drawing.draw`` does)
    return frozenset({top.side})


def pool_of(deck: Pile, hands: Any) -> Pile:
    """The deck and the given hands' cards together, as a pile."""
    for hand in hands:
        for card in hand:
            deck = add(deck, card)
    return deck


def _without_history(match: CardMatch) -> CardMatch:
    """The match value without the history it carries (a view or a sample gets its own)."""
    match.__dict__.pop("history", None)
    return match


def mask(match: CardMatch, viewer: str | None) -> CardMatch:
    """``match`` as ``viewer`` sees it (None: a side not in the match, who sees no hand)."""
    others = [hand for side, hand in match.hands.items() if side != viewer]
    hands = {
        side: hand if side == viewer else (HIDDEN_CARD,) * len(hand)
        for side, hand in match.hands.items()
    }
    return _without_history(evolve(match, hands=hands, deck=pool_of(match.deck, others)))


def may_be_held(match: CardMatch, card: str) -> bool:
    """Whether a card can be in a hand (see the module's readings)."""
    found = match.card(card)
    return found.kind != "enforcement" and found.acts_as != "drawn"


def sample_hands(view: CardMatch, viewer: str | None, rng: random.Random) -> CardMatch:
    """A whole match consistent with ``view`` (a match as ``viewer`` sees it): each other hand
    drawn uniformly without replacement from the unseen cards that may be held, the rest the
    deck."""
    pool = [card for card, n in view.deck for _ in range(n)]
    held = [card for card in pool if may_be_held(view, card)]
    hands = dict(view.hands)
    for side, hand in view.hands.items():
        if side == viewer:
            continue
        drawn = rng.sample(held if len(held) >= len(hand) else pool, len(hand))
        for card in drawn:
            pool.remove(card)
            if card in held:
                held.remove(card)
        hands[side] = tuple(sorted(drawn))
    deck = from_counts(sorted(Counter(pool).items()))
    return _without_history(evolve(view, hands=hands, deck=deck))


def sample_hidden(observation: Observation, rng: random.Random) -> CardMatch:
    """A whole card match consistent with ``observation`` (its history as the side saw it)."""
    match = sample_hands(observation.state, observation.player, rng)
    object.__setattr__(match, "history", history_from(observation.history, observation.player))
    return match
