"""The registry of games: name, rulebook, board kind and the rules' functions, so widgets,
tests and tools treat every game alike.

No list names the games: each one's package ``workbench/rules/<game>/`` is imported on first
use (:mod:`workbench.discovery`), and its ``game.py`` registers a :class:`Game` there; the
games are listed by their ``order``, then any a user registered.

>>> "panzer-vor" in names()
True
>>> get_game("panzer-vor").board_kind
'hex'
"""

from __future__ import annotations

import importlib
from types import ModuleType

import workbench.discovery as discovery
from workbench.rules.core import Game, UnknownGame, register_game, registered_games

__all__ = ["Game", "all_games", "get_game", "names", "register_game", "shipped_games"]

_FOUND: dict[tuple[str, ...], tuple[ModuleType, ...]] = {}


def _shipped_modules() -> tuple[ModuleType, ...]:
    """Every module of the games' packages, imported (once for each set of folders the rules
    are looked for in: a folder added to ``workbench.rules.__path__`` is found next time)."""
    where = tuple(importlib.import_module(discovery.RULES).__path__)
    if where not in _FOUND:
        _FOUND[where] = tuple(discovery.import_all(discovery.game_modules()))
    return _FOUND[where]


def _listed(games: list[Game]) -> list[Game]:
    """The games by their ``order`` (a game without one after those with one), else in the
    order they were registered."""
    return sorted(games, key=lambda g: (g.order is None, g.order or 0))


def names() -> list[str]:
    """The registered games' names: the shipped ones in their order, then a user's."""
    return [game.name for game in all_games()]


def all_games() -> list[Game]:
    """Every registered game: the shipped ones by their ``order`` (whatever order their
    modules happened to be imported in), then any a user registered."""
    shipped = shipped_games()
    ids = {id(g) for g in shipped}
    return shipped + _listed([g for g in registered_games().values() if id(g) not in ids])


def shipped_games() -> list[Game]:
    """The games the workbench ships: those its rules packages register."""
    modules = _shipped_modules()  # first: importing them registers the games
    registered = registered_games()
    found = {
        id(value): value
        for module in modules
        for value in vars(module).values()
        if isinstance(value, Game) and registered.get(value.name) is value
    }
    return _listed([g for g in registered.values() if id(g) in found])


def get_game(name: str) -> Game:
    """A registered game by name (``"panzer-vor"``, ``"panzer-strike"``, ``"tanks"``)."""
    _shipped_modules()
    games = registered_games()
    if name not in games:
        raise UnknownGame(f"no game called {name!r} (games: {', '.join(names())})")
    return games[name]
