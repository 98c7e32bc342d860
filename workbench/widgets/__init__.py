"""Thin ipywidgets over the rules and the renderer: they keep a state and a selection, ask the
rules, and redraw. No rule lives here."""

from workbench.widgets.panzer_vor import Explorer, game_state_of
from workbench.widgets.stepper import Stepper

__all__ = ["Explorer", "Stepper", "game_state_of"]
