"""Thin ipywidgets over the rules and the renderer: they keep a state and a selection, ask the
rules, and redraw. No rule lives here.

The stepper (and ``explore``) are imported with the package; the map editor when first named
(``workbench.widgets.Editor``), and a game's own widgets (its explorer, from its home's
``widgets``) when first named by what that game's widget modules export
(``from workbench.widgets import Explorer``), so the teacher app's page, which needs only the
stepper, starts without them."""

from __future__ import annotations

import importlib
from typing import Any

from workbench.discovery import import_all, parts
from workbench.players import offer
from workbench.widgets.explorers import explore, register_explorer
from workbench.widgets.stepper import Stepper

_LATER = {"Editor": "workbench.widgets.editor", "edit": "workbench.widgets.editor"}


def __getattr__(name: str) -> Any:
    if name in _LATER:
        return getattr(importlib.import_module(_LATER[name]), name)
    if name.startswith("__"):  # a tool asking for a dunder: no game is imported for it
        raise AttributeError(f"module 'workbench.widgets' has no attribute {name!r}")
    found = {
        id(value): value
        for module in import_all(parts("widgets"))
        if name in getattr(module, "__all__", ())
        for value in [getattr(module, name)]
    }
    if len(found) == 1:
        return next(iter(found.values()))
    if found:
        raise AttributeError(f"{name!r} is exported by more than one game's widgets")
    raise AttributeError(f"module 'workbench.widgets' has no attribute {name!r}")


offer()  # the search players join each game's Game.bots, wherever those are listed

__all__ = ["Editor", "Stepper", "edit", "explore", "register_explorer"]
