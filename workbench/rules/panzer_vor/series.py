"""What the National Tournament's two games (``linked_game``, ``tournament_game``) share:
each plays Panzer Vor! card matches one after another, passing every action of the match in
play to that match, and starts each match with the series' card-game options."""

from __future__ import annotations

from typing import Any

from workbench.boards.panzer_vor.scenario import PanzerVorScenario
from workbench.rules.core import Action, Event, IllegalAction, Reason
from workbench.rules.panzer_vor.game import GAME as CARDS
from workbench.rules.panzer_vor.match import CardMatch

CARD_OPTIONS = ("deck", "setup")  # the series' options each of its card matches takes


def start_match(scenario: PanzerVorScenario, options: tuple[tuple[str, Any], ...]) -> CardMatch:
    """A card match of the series, with the series' card-game options."""
    return CARDS.start(scenario, {k: v for k, v in options if k in CARD_OPTIONS})


def play_in_match(
    match: CardMatch | None, action: Action, own: tuple[type, ...], section: str
) -> tuple[CardMatch, list[Event], bool]:
    """``action`` played in the match in play (an action of the series' ``own`` waits: it is
    refused, citing ``section``): the match after it, the events and whether it has ended."""
    if isinstance(action, own):
        raise IllegalAction(Reason(f"a match is being played: {action} waits", section))
    assert match is not None
    after, caused = CARDS.apply(match, action)
    return after, list(caused), CARDS.outcome(after) is not None
