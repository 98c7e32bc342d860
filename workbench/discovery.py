"""How the workbench finds its games' modules: by where they are, never from a hand-kept list.

A game is the package ``workbench/rules/<game>/``; every module in it is imported when the
games are first asked for (its ``Game`` registers itself there). Each layer above finds the
game's own modules by their names: ``workbench/render/<game>.py`` and
``workbench/render/<game>_*.py``, ``workbench/widgets/<game>.py`` and
``workbench/widgets/<game>_*.py``. A layer whose modules are all registrations
(``workbench/files/formats/``, ``workbench/lint/``) imports every module it has.

Packages are read through their ``__path__``, so a folder added to it (a test's temporary
game) is found as the shipped ones are. Nothing here is imported at module level: this module
sits below every layer and names the layers only as text.

>>> "tanks" in game_packages()
True
>>> "workbench.render.tanks" in named_after_games("workbench.render")
True
"""

from __future__ import annotations

import importlib
import pkgutil
import sys
from collections.abc import Iterable
from types import ModuleType

RULES = "workbench.rules"


def _modules(package: ModuleType) -> list[pkgutil.ModuleInfo]:
    return sorted(pkgutil.iter_modules(package.__path__), key=lambda m: m.name)


def game_packages() -> list[str]:
    """The games' packages by their short names (``"panzer_vor"``, ``"tanks"``, ...): every
    package in ``workbench/rules/``."""
    return [m.name for m in _modules(importlib.import_module(RULES)) if m.ispkg]


def modules_of(package: str) -> list[str]:
    """Every module of ``package`` by its full name, in the order of their names (the
    package's subpackages are not entered)."""
    found = _modules(importlib.import_module(package))
    return [f"{package}.{m.name}" for m in found if not m.ispkg]


def game_modules() -> list[str]:
    """Every module of every game's rules package (``workbench.rules.tanks.game``, ...)."""
    return [name for game in game_packages() for name in modules_of(f"{RULES}.{game}")]


def named_after_games(package: str) -> list[str]:
    """The modules of ``package`` named after a game's package: ``<game>`` or ``<game>_*``
    (``workbench.widgets.panzer_vor_view`` is Panzer Vor!'s)."""
    games = game_packages()

    def of_a_game(name: str) -> bool:
        short = name.rpartition(".")[2]
        return any(short == game or short.startswith(f"{game}_") for game in games)

    return [name for name in modules_of(package) if of_a_game(name)]


def import_all(names: Iterable[str]) -> list[ModuleType]:
    """Import each module named (each registers what it holds); the modules, in that order."""
    return [importlib.import_module(name) for name in names]


def import_new(names: Iterable[str]) -> bool:
    """Import the modules named that are not imported yet; whether there was one (a registry
    asked for something nobody registered looks again with this before it says so)."""
    new = [name for name in names if name not in sys.modules]
    import_all(new)
    return bool(new)
