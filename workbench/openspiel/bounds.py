"""The most steps a game of a scenario can take (OpenSpiel's ``max_game_length``): each game
registers its own count (:func:`bound`, in its home's ``numbering``: its turn limit times the
most steps a turn can take, written out from its turn's structure, every chance step
included; the card game and its two series, which have no turn limit, by their deck), and
where the rulebook sets no limit the bridge's own step limit (:func:`step_limits`) is the
length declared. The conformance tests play random games and fail any that runs past it
(OpenSpiel's random simulation raises there too); ``benchmarks/game_lengths.py`` measures how
far below it random games stay.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from workbench.errors import WorkbenchError

Bound = Callable[[Any], int]  # first state -> most steps
Limit = Callable[[str], int | None]  # shipped scenario's name -> the bridge's step limit
_BOUNDS: dict[str, Bound] = {}
_SCALED_BY: dict[str, str] = {}  # the option a game's bound grows with
_LIMITS: dict[str, Limit] = {}


class Unbounded(WorkbenchError, ValueError):
    """A game with no turn limit: OpenSpiel needs a bound (give the option that sets one)."""


def bound(game: str, option: str = "turn_limit") -> Callable[[Bound], Bound]:
    """Register ``game``'s bound, which grows with its ``option``."""

    def register(function: Bound) -> Bound:
        _BOUNDS[game] = function
        _SCALED_BY[game] = option
        return function

    return register


def scaled_by(game: str) -> str:
    """The option ``game``'s bound grows with (a turn limit, a number of replays, a deck)."""
    return _SCALED_BY.get(game, "turn_limit")


def step_limits(game: str) -> Callable[[Limit], Limit]:
    """Register ``game``'s default step limits: the bridge's own (a game with no turn limit
    in its rulebook is cut there, a draw), by shipped scenario (None: no limit)."""

    def register(function: Limit) -> Limit:
        _LIMITS[game] = function
        return function

    return register


def step_limit(game: str, scenario: str) -> int | None:
    """The bridge's default step limit of a shipped scenario of ``game`` (None: none; a
    scenario file the game does not ship has none)."""
    found = _LIMITS.get(game)
    return None if found is None or not scenario else found(scenario)


def max_game_length(game: str, start: Any) -> int:
    """The most steps a game from ``start`` can take (see the module)."""
    if game not in _BOUNDS:
        raise Unbounded(f"{game} has no proved bound on its length yet")
    return _BOUNDS[game](start)
