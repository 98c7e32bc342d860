"""The most steps a game of a scenario can take (OpenSpiel's ``max_game_length``), each game's
registered by its ``numbering`` part (``@bound(name, option)``): typically its turn limit times
the most steps a turn can take, counted from its turn's structure (every chance step
included). A game with no such limit is bounded by what its options give (a deck, a number of
replays), or refuses with :class:`Unbounded` naming the option that would bound it; where the
bridge needs an option the rules leave open, the game registers the value the bridge plays
with (``bridge_options``: a stand-in of the bridge's, not the rulebook's). The conformance
tests play random games and fail any that runs past it (OpenSpiel's random simulation raises
there too). Where the rulebook sets no limit, the bridge's own step limit (:func:`step_limits`)
is the length declared; ``benchmarks/game_lengths.py`` measures how far below it random games
stay.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from workbench.errors import WorkbenchError
from workbench.vocabulary import removed_names

Bound = Callable[[Any], int]  # first state -> most steps
Limit = Callable[[str], int | None]  # shipped scenario's name -> the bridge's step limit
_LIMITS: dict[str, Limit] = {}


@dataclass(frozen=True)
class Registered:
    """What a game's ``numbering`` part registered with :func:`bound`: the bound, the option it
    grows with and the options the bridge plays the game with where none are given."""

    bound: Bound
    option: str = "turn_limit"
    bridge_options: Mapping[str, Any] = field(default_factory=dict)


_REGISTERED: dict[str, Registered] = {}


class Unbounded(WorkbenchError, ValueError):
    """A game with no turn limit: OpenSpiel needs a bound (give the option that sets one)."""


def bound(game: str, option: str = "turn_limit",
          bridge_options: Mapping[str, Any] | None = None) -> Callable[[Bound], Bound]:  # fmt: skip
    """Register ``game``'s bound, which grows with its ``option``; ``bridge_options``: the
    options the bridge plays it with where none are given (what bounds it there), kept in the
    game's home beside its bound."""

    def register(function: Bound) -> Bound:
        _REGISTERED[game] = Registered(function, option, dict(bridge_options or {}))
        return function

    return register


def scaled_by(game: str) -> str:
    """The option ``game``'s bound grows with (a turn limit, a number of replays, a deck)."""
    found = _REGISTERED.get(game)
    return "turn_limit" if found is None else found.option


def bridge_options(game: str) -> dict[str, Any]:
    """The options the bridge plays ``game`` with where none are given, as its home registered
    them with its bound (none for most games; a copy)."""
    found = _REGISTERED.get(game)
    return {} if found is None else dict(found.bridge_options)


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
    if game not in _REGISTERED:
        raise Unbounded(f"{game} has no proved bound on its length yet")
    return _REGISTERED[game].bound(start)


if not TYPE_CHECKING:  # for mypy no catch-all: a misspelt name stays an error
    __getattr__ = removed_names(
        "workbench.openspiel.bounds", {"BRIDGE_OPTIONS": "bridge_options(game)"}
    )
