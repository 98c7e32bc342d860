"""Helpers for the card-game tests: a match arranged at a phase with chosen hands and deck."""

from __future__ import annotations

import functools
from dataclasses import replace
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


# Exhibition!'s tanks as the duels place them: Player 1's Panzer IVs and StuG, Player 2's H
P1, P2 = "Player 1", "Player 2"
D1, F1, H1, S1 = "Panzer IV Ausf. D", "Panzer IV Ausf. F2", "Panzer IV Ausf. H", "StuG III Ausf. F"
H2 = "Panzer IV Ausf. H 2"


def duel(
    hands: dict[str, tuple[str, ...]],
    where: dict[str, str] | None = None,
    crew: tuple[Any, ...] = (),
    **changes: Any,
) -> CardMatch:
    """Exhibition! on the blank map (``arranged``): Player 1's Panzer IVs in row 08, Player 2's
    H at 0811 (or the tanks ``where`` says), with ``crew`` the only characters."""
    match = arranged("exhibition", hands=hands, **changes)
    board = match.board
    where = where or {D1: "0805", F1: "0807", H1: "0803", H2: "0811"}
    for tank_id, label in where.items():
        board = board.with_tank(replace(board.tank(tank_id), hex=board.map.hex(label)))
    return evolve(match, board=board, crew=tuple(crew))


def play(match: CardMatch, *actions: Any) -> CardMatch:
    for action in actions:
        match = GAME.apply(match, action).state
    return match


def events(match: CardMatch, action: Any) -> list[str]:
    return [e.text for e in GAME.apply(match, action).events]
