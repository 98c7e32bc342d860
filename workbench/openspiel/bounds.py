"""The most steps a game of a scenario can take (OpenSpiel's ``max_game_length``), each game's
registered by its ``numbering`` part (``@bound(name, option)``): typically its turn limit times
the most steps a turn can take, counted from its turn's structure (every chance step
included). A game with no such limit is bounded by what its options give (a deck, a number of
replays), or refuses with :class:`Unbounded` naming the option that would bound it; where the
bridge needs an option the rules leave open, the game registers the value the bridge plays
with (``bridge_options``: a stand-in of the bridge's, not the rulebook's). The conformance
tests play random games and fail any that runs past it (OpenSpiel's random simulation raises
there too).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from workbench.errors import WorkbenchError

Bound = Callable[[Any], int]  # first state -> most steps
_BOUNDS: dict[str, Bound] = {}
_SCALED_BY: dict[str, str] = {}  # the option a game's bound grows with
# the options the bridge plays a game with unless asked otherwise, by game (registered)
BRIDGE_OPTIONS: dict[str, dict[str, Any]] = {}


class Unbounded(WorkbenchError, ValueError):
    """A game with no turn limit: OpenSpiel needs a bound (give the option that sets one)."""


def bound(game: str, option: str = "turn_limit",
          bridge_options: dict[str, Any] | None = None) -> Callable[[Bound], Bound]:  # fmt: skip
    """Register ``game``'s bound, which grows with its ``option``; ``bridge_options``: the
    options the bridge plays it with where none are given (what bounds it there)."""

    def register(function: Bound) -> Bound:
        _BOUNDS[game] = function
        _SCALED_BY[game] = option
        if bridge_options:
            BRIDGE_OPTIONS[game] = dict(bridge_options)
        return function

    return register


def scaled_by(game: str) -> str:
    """The option ``game``'s bound grows with (a turn limit, a number of replays, a deck)."""
    return _SCALED_BY.get(game, "turn_limit")


def max_game_length(game: str, start: Any) -> int:
    """The most steps a game from ``start`` can take (see the module)."""
    if game not in _BOUNDS:
        raise Unbounded(f"{game} has no proved bound on its length yet")
    return _BOUNDS[game](start)
