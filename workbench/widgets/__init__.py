"""Thin ipywidgets over the rules and the renderer: they keep a state and a selection, ask the
rules, and redraw. No rule lives here."""

from workbench.widgets.panzer_strike import PanzerStrikeExplorer
from workbench.widgets.panzer_vor import Explorer, game_state_of

__all__ = ["Explorer", "PanzerStrikeExplorer", "game_state_of"]
