"""Thin ipywidgets over the rules and the renderer: they keep a state and a selection, ask the
rules, and redraw. No rule lives here."""

from workbench.widgets.editor import Editor, edit
from workbench.widgets.panzer_vor import Explorer, game_state_of

__all__ = ["Editor", "Explorer", "edit", "game_state_of"]
