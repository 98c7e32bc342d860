"""How the workbench finds its games' parts: by where they are, never from a hand-kept list.

A game's home is one package, ``workbench/games/<game>/`` (ARCHITECTURE.md: "One home per
game"), holding a subpackage or module per layer: ``boards``, ``formats``, ``rules``,
``render``, ``lint``, ``learn``, ``numbering``, ``search``, ``balance``, ``widgets``, ``bench``.
A generic layer asks for its part of every game with :func:`parts` (``parts("render")``: every
module of each game's ``render``), imports them, and finds what they registered. A layer
whose own modules are all registrations (``workbench/files/formats/``) imports every module
it has.

Packages are read through their ``__path__``, so a folder added to ``workbench.games``'s
(a test's fixture game) is found as the shipped ones are. Nothing here is imported at module
level: this module sits below every layer and names the layers only as text.

>>> "tanks" in game_packages()
True
>>> "workbench.games.tanks.render.pictures" in parts("render")
True
"""

from __future__ import annotations

import importlib
import importlib.util
import pkgutil
import sys
from collections.abc import Iterable
from types import ModuleType

GAMES = "workbench.games"
LAYERS = ("boards", "formats", "rules", "render", "lint", "learn", "numbering", "search",
          "balance", "widgets", "bench")  # fmt: skip


def _modules(package: ModuleType) -> list[pkgutil.ModuleInfo]:
    return sorted(pkgutil.iter_modules(package.__path__), key=lambda m: m.name)


def game_packages() -> list[str]:
    """The games' homes by their short names (``"panzer_vor"``, ``"tanks"``, ...): every
    package in ``workbench/games/``."""
    return [m.name for m in _modules(importlib.import_module(GAMES)) if m.ispkg]


def modules_of(package: str) -> list[str]:
    """Every module of ``package`` by its full name, in the order of their names (the
    package's subpackages are not entered)."""
    found = _modules(importlib.import_module(package))
    return [f"{package}.{m.name}" for m in found if not m.ispkg]


def part_of(game: str, layer: str) -> list[str]:
    """The modules of one game's ``layer``: the module ``workbench.games.<game>.<layer>``, or
    the package of that name and every module in it (none if the game has no such part)."""
    name = f"{GAMES}.{game}.{layer}"
    try:
        spec = importlib.util.find_spec(name)
    except ModuleNotFoundError:
        return []
    if spec is None:
        return []
    if spec.submodule_search_locations is None:
        return [name]
    return [name, *modules_of(name)]


def parts(layer: str) -> list[str]:
    """Every game's modules of ``layer`` (see :func:`part_of`), game by game."""
    return [name for game in game_packages() for name in part_of(game, layer)]


def game_modules() -> list[str]:
    """Every module of every game's rules (``workbench.games.tanks.rules.game``, ...)."""
    return parts("rules")


def import_all(names: Iterable[str]) -> list[ModuleType]:
    """Import each module named (each registers what it holds); the modules, in that order."""
    return [importlib.import_module(name) for name in names]


def import_new(names: Iterable[str]) -> bool:
    """Import the modules named that are not imported yet; whether there was one (a registry
    asked for something nobody registered looks again with this before it says so)."""
    new = [name for name in names if name not in sys.modules]
    import_all(new)
    return bool(new)
