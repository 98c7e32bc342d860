"""What each side of a card match may not see, and a whole match drawn again from what it
does see (ARCHITECTURE.md: "One contract"; ``Game.seen_by``, ``mask``, ``sample_hidden``).

The hands are hidden from the other sides; the deck is a multiset whose order is chance
already. A card drawn into a hand is seen by its owner alone; an Enforcement card, a card that
acts when drawn (Reinforcements) and the stagnation card are seen by all, as is every card
played, discarded, taken back or put face up. A side's view of a match shows its own hand,
the other hands as as many placeholders, and, as the deck, the pool of the cards it has not
seen (the deck and the other hands together), so that two matches that differ only in which
unseen cards the opponent holds look the same. A world for a side (``sample_hidden``) is drawn
by :mod:`.worlds`, from the facts the table saw (:mod:`.facts`).

Readings: the view shows what the state shows now; a card the side has seen go back into an
opponent's hand (an Attack card taken back, a scenario's printed starting card) is remembered
by the history and its facts, from which a world is drawn. An Enforcement card and a card
that acts when drawn never stay in a hand (they are resolved, or set aside and replaced when
dealt), so a hand drawn again never holds one. A reaction window is opened only when its
side holds a card that fits, so the window itself tells the other side that much (as a pause
at the table would).

>>> from workbench.games.panzer_vor.rules.deck import from_counts
>>> pool = pool_of(from_counts([("Move", 2)]), [("Fire", "Move")])
>>> pool
(('Fire', 1), ('Move', 3))
"""

from __future__ import annotations

import random
from typing import Any

from workbench.games.panzer_vor.rules.deck import Draw, pool_of
from workbench.games.panzer_vor.rules.match import CardMatch, Drawing, evolve
from workbench.games.panzer_vor.rules.turn import legal_actions
from workbench.games.panzer_vor.rules.worlds import (
    World,
    by_hand,
    draw_world,
    world_history,
    world_match,
)
from workbench.rules.observation import Observation

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


def sample_hidden(observation: Observation, rng: random.Random) -> CardMatch:
    """A world for ``observation`` (:mod:`.worlds`): a whole card match reached by a history
    of the game that the side sees as it saw the real one, drawn given every fact the table
    saw, in which the side's legal actions are those it has."""
    view, side = observation.state, observation.player
    made: list[CardMatch] = []

    def accept(world: World) -> bool:
        match = world_match(view, world.hands, side)
        if observation.legal_actions and tuple(legal_actions(match)) != observation.legal_actions:
            return False
        made.append(match)
        return True

    world = draw_world(observation.history, view, side, rng, accept)
    match = made[-1]
    object.__setattr__(match, "history", world_history(observation.history, side, world))
    return match


def uniform_world(observation: Observation, rng: random.Random) -> CardMatch:
    """A whole match for ``observation`` with the hidden hands drawn uniformly from the unseen
    cards that may be held, no fact weighed: what a player that looks one move deep at the
    board needs (the greedy player), not a world a search may trust (:func:`sample_hidden`)."""
    view, side = observation.state, observation.player
    return world_match(view, by_hand(view, side, rng), side)
