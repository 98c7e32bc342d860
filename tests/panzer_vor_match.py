"""Helpers for the card-game tests: a match arranged at a phase with chosen hands and deck."""

from __future__ import annotations

import functools
from typing import Any

import workbench
from workbench.games import get_game
from workbench.games.panzer_vor.rules.deck import from_counts
from workbench.games.panzer_vor.rules.match import CardMatch, evolve

GAME = get_game("panzer-vor")


@functools.cache
def scenario(name: str) -> Any:
    return workbench.load(GAME.scenarios()[name])


QUICK = {"setup": "quick"}  # tanks placed by the labelled quick placement, not chosen


def started(name: str, **options: Any) -> CardMatch:
    """The scenario's match with its tanks placed by the quick placement (``setup: "quick"``,
    unless ``setup`` is given): the tests here arrange positions by hand."""
    return GAME.start(scenario(name), {**QUICK, **options})


def arranged(
    name: str,
    hands: dict[str, tuple[str, ...]] | None = None,
    deck: dict[str, int] | None = None,
    phase: str = "action",
    **changes: Any,
) -> CardMatch:
    """The scenario's match with nothing being resolved, at ``phase`` of the first side's
    turn, holding ``hands`` with ``deck`` left (the card count made to fit)."""
    match = started(name)
    match = evolve(match, stack=(), phase=phase, waiting_cards=(), **changes)
    if hands is not None:
        full = dict(match.hands)
        full.update({side: tuple(sorted(cards)) for side, cards in hands.items()})
        match = evolve(match, hands=full)
    if deck is not None:
        match = evolve(match, deck=from_counts(deck.items()))
    return evolve(match, total_cards=match.cards_accounted())


def play(match: CardMatch, *actions: Any) -> CardMatch:
    for action in actions:
        match = GAME.apply(match, action).state
    return match


def events(match: CardMatch, action: Any) -> list[str]:
    return [e.text for e in GAME.apply(match, action).events]
