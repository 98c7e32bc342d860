"""Thin ipywidgets over the rules and the renderer: they keep a state and a selection, ask the
rules, and redraw. No rule lives here."""

from workbench.players import offer
from workbench.widgets.editor import Editor, edit
from workbench.widgets.explorers import explore, register_explorer
from workbench.widgets.panzer_strike import PanzerStrikeExplorer
from workbench.widgets.panzer_vor import Explorer, game_state_of
from workbench.widgets.stepper import Stepper

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
