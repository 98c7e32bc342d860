"""Thin ipywidgets over the rules and the renderer: they keep a state and a selection, ask the
rules, and redraw. No rule lives here."""

from workbench.widgets.editor import Editor, edit
from workbench.widgets.panzer_vor import Explorer, game_state_of
from workbench.widgets.stepper import Stepper

__all__ = ["Editor", "Explorer", "Stepper", "edit", "game_state_of"]
