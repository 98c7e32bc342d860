"""Thin ipywidgets over the rules and the renderer: they keep a state and a selection, ask the
rules, and redraw. No rule lives here.

The stepper (and ``explore``) are imported with the package; the map editor and the games'
explorers when first named (``workbench.widgets.Editor``), so the teacher app's page, which
needs only the stepper, starts without them."""

from __future__ import annotations

import importlib
from typing import Any

from workbench.players import offer
from workbench.widgets.explorers import explore, register_explorer
from workbench.widgets.stepper import Stepper

_LATER = {
    "Editor": "workbench.widgets.editor",
    "edit": "workbench.widgets.editor",
    "PanzerStrikeExplorer": "workbench.games.panzer_strike.widgets.explorer",
    "Explorer": "workbench.games.panzer_vor.widgets.explorer",
    "game_state_of": "workbench.games.panzer_vor.widgets.explorer",
}


def __getattr__(name: str) -> Any:
    if name in _LATER:
        return getattr(importlib.import_module(_LATER[name]), name)
    raise AttributeError(f"module 'workbench.widgets' has no attribute {name!r}")


offer()  # the search players join each game's Game.bots, wherever those are listed

__all__ = [
    "Editor",
    "Explorer",
    "PanzerStrikeExplorer",
    "Stepper",
    "edit",
    "explore",
    "game_state_of",
    "register_explorer",
]
