"""The registry of games: name, rulebook, board kind and the rules' functions, so widgets,
tests and tools treat the three games alike.

>>> "panzer-vor" in names()
True
>>> get_game("panzer-vor").board_kind
'hex'
"""

from __future__ import annotations

import importlib

from workbench.rules.core import Game, UnknownGame, register_game, registered_games

# name -> the module whose import registers that game
SHIPPED = {
    "panzer-vor": "workbench.rules.panzer_vor.game",
    "panzer-vor-practice": "workbench.rules.panzer_vor.game",
    "panzer-strike": "workbench.rules.panzer_strike.game",
    "tanks": "workbench.rules.tanks.game",
    "panzer-vor-linked": "workbench.rules.panzer_vor.linked_game",
    "panzer-vor-tournament": "workbench.rules.panzer_vor.tournament_game",
}

__all__ = ["Game", "all_games", "get_game", "names", "register_game", "shipped_games"]


def _load_shipped() -> None:
    for module in SHIPPED.values():
        try:
            importlib.import_module(module)
        except ModuleNotFoundError as missing:  # a game whose rules are not built yet
            if not module.startswith(str(missing.name)):
                raise


def names() -> list[str]:
    """The registered games' names: the shipped ones in their order, then a user's."""
    return [game.name for game in all_games()]


def all_games() -> list[Game]:
    """Every registered game: the shipped ones in :data:`SHIPPED`'s order (whatever order
    their modules happened to be imported in), then any a user registered."""
    games = registered_games()
    shipped = shipped_games()
    return shipped + [g for name, g in games.items() if name not in SHIPPED]


def shipped_games() -> list[Game]:
    """The games the workbench ships (whose rules are built)."""
    _load_shipped()
    games = registered_games()
    return [games[name] for name in SHIPPED if name in games]


def get_game(name: str) -> Game:
    """A registered game by name (``"panzer-vor"``, ``"panzer-strike"``, ``"tanks"``)."""
    _load_shipped()
    games = registered_games()
    if name not in games:
        raise UnknownGame(f"no game called {name!r} (games: {', '.join(games)})")
    return games[name]
