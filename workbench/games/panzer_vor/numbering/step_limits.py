"""The bridge's step limits for Panzer Vor!'s card game and its two series: a stand-in of the
bridge's, not the rulebook's.

The card game has no turn limit: a match ends when a side is destroyed, when its scenario's
goal is met, or when the fourth Enforcement card is drawn again (Match Types and Stagnant
Matches), which bounds it by its deck (:mod:`.card_bound`), but at 100,000 to a million steps:
200 to 2,000 times the longest of many random games. OpenSpiel takes ``max_game_length`` as a
real bound (its searches and learners size what they keep by it), so the bridge ends a game
that reaches its step limit, a draw (returns 0 each), and declares the limit as the game's
length. Each shipped scenario's limit is twice the longest of the random games
``benchmarks/game_lengths.py`` played (the README gives their number and lengths), rounded up
to a hundred: no random game there reached it. A scenario file the workbench does not ship
has none (its bound is the deck's); ``workbench.openspiel.game(..., step_limit=...)`` sets
another, and ``step_limit=None`` asks for none.
"""

from __future__ import annotations

from workbench.openspiel.bounds import step_limits

CARD_GAME = {  # scenario -> steps
    "anzio-original": 1_100,
    "anzio-revised": 1_100,
    "exhibition": 1_200,
    "kuromorimine-stage-1": 1_100,
    "kuromorimine-stage-2": 900,
    "mock-battle": 900,
    "pravda": 1_500,
    "saunders": 1_000,
    "st-gloriana": 1_100,
    "test-your-luck": 500,
}
LINKED = {"linked-scenarios": 2_900}
TOURNAMENT = {"exhibition": 9_200}  # with the bridge's three replays of a drawn match

step_limits("panzer-vor")(CARD_GAME.get)
step_limits("panzer-vor-linked")(LINKED.get)
step_limits("panzer-vor-tournament")(TOURNAMENT.get)
