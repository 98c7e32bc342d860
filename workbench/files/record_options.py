"""A record's options as saved and as loaded (ARCHITECTURE.md: "Records keep every option").

A record is saved with every option of its game written out: the ones given, the rest at
their defaults. A default that changes later then changes no saved record. A record that
leaves an option out (saved before records wrote them all, or before the option existed) is
read with the value such a record was played with: the option's ``unwritten`` value, which is
its default unless that has changed since (Panzer Strike's ``barricades``: off by default now,
on in a record that leaves it out).

The files know no game: the rules register each game's options here when the game is
registered (``workbench.rules.core.register_game``); a record of a game not registered yet
first imports the games' packages (``workbench.discovery``) and is kept as written if its game
is still unknown.

>>> register_options("a game", lambda scenario: ({"walls": False}, {"walls": True}, dict))
>>> written_out("a game", None, {"turns": 3}), as_recorded("a game", None, {"turns": 3})
({'walls': False, 'turns': 3}, {'walls': True, 'turns': 3})
>>> as_recorded("no such game", None, {"turns": 3})
{'turns': 3}
>>> del _GAMES["a game"]
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from workbench.discovery import game_modules, import_new
from workbench.errors import WorkbenchError

# a game's options for a scenario: each option's default, what a record leaving it out means,
# and the options a record gives spelled as they are now (a value once spelled otherwise)
Recorded = tuple[
    Mapping[str, Any], Mapping[str, Any], Callable[[Mapping[str, Any]], dict[str, Any]]
]

_GAMES: dict[str, Callable[[Any], Recorded]] = {}


def register_options(game: str, options: Callable[[Any], Recorded]) -> None:
    """How the game called ``game`` reads its records' options (the rules call this)."""
    _GAMES[game] = options


def _recorded(game: str, scenario: Any) -> Recorded | None:
    if game not in _GAMES:
        import_new(game_modules())  # a game's package registers its options
    lister = _GAMES.get(game)
    if lister is None:
        return None
    try:
        return lister(scenario)
    except (WorkbenchError, AttributeError, TypeError, ValueError):
        return None  # not this game's scenario, or its own options are wrong: replay says so


def written_out(game: str, scenario: Any, given: Mapping[str, Any]) -> dict[str, Any]:
    """The options to save: those given, and every other option at its default."""
    found = _recorded(game, scenario)
    return {**(found[0] if found else {}), **given}


def as_recorded(game: str, scenario: Any, given: Mapping[str, Any]) -> dict[str, Any]:
    """The options a loaded record was played with: those it writes (a value once spelled
    otherwise read as it is spelled now: Panzer Vor!'s ``"attack card"`` is
    ``"attack-card"``), and for every option it leaves out the value a record that leaves it
    out was played with."""
    found = _recorded(game, scenario)
    if not found:
        return dict(given)
    return {**found[1], **found[2](given)}
