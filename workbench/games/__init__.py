"""The registry of games: each a :class:`Game` (its name, rulebook, board kind and the rules'
methods), so widgets, tests and tools treat every game alike.

No list names the games: each one's home ``workbench/games/<game>/`` is imported on first
use (:mod:`workbench.discovery`), and its ``rules/game.py`` registers its subclass of
:class:`Game` there; the games are listed by their ``order``, then any a user registered.

>>> "panzer-vor" in names()
True
>>> get_game("panzer-vor").board_kind
'hex'
"""

from __future__ import annotations

import importlib

import workbench.discovery as discovery
from workbench.rules.core import Game, UnknownGame, register_game, registered_games

__all__ = ["Game", "all_games", "get_game", "names", "register_game", "shipped_games"]

_FOUND: dict[tuple[str, ...], tuple[Game, ...]] = {}


def _games_of_the_packages() -> tuple[Game, ...]:
    """The games the modules of the games' packages hold, those modules imported first (once
    for each set of folders the rules are looked for in: a folder added to
    ``workbench.rules.__path__`` is found next time)."""
    where = tuple(importlib.import_module(discovery.GAMES).__path__)
    if where not in _FOUND:
        modules = discovery.import_all(discovery.game_modules())
        held = {id(v): v for m in modules for v in vars(m).values() if isinstance(v, Game)}
        _FOUND[where] = tuple(held.values())
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
    held = _games_of_the_packages()  # first: importing the modules registers the games
    registered = registered_games()
    found = {id(g) for g in held if registered.get(g.name) is g}
    return _listed([g for g in registered.values() if id(g) in found])


def get_game(name: str) -> Game:
    """A registered game by name (``"panzer-vor"``, ``"panzer-strike"``, ``"tanks"``)."""
    _games_of_the_packages()
    games = registered_games()
    if name not in games:
        raise UnknownGame(f"no game called {name!r} (games: {', '.join(names())})")
    return games[name]
