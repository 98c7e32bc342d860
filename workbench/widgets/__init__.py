"""Thin ipywidgets over the rules and the renderer: they keep a state and a selection, ask the
rules, and redraw. No rule lives here."""

from pathlib import Path
from typing import Any

from workbench.widgets.editor import Editor, edit
from workbench.widgets.panzer_strike import PanzerStrikeExplorer
from workbench.widgets.panzer_vor import Explorer, game_state_of
from workbench.widgets.stepper import Stepper

__all__ = [
    "Editor",
    "Explorer",
    "PanzerStrikeExplorer",
    "Stepper",
    "edit",
    "explore",
    "game_state_of",
]


def explore(value: Any, **options: Any) -> Any:
    """The explorer for a game value or file: a Panzer Strike scenario, match or board (one
    that places its tanks) opens the Panzer Strike explorer, anything else the Panzer Vor!
    one."""
    from workbench.boards.panzer_strike.board import SquareBoard
    from workbench.boards.panzer_strike.scenario import PanzerStrikeScenario
    from workbench.rules.panzer_strike.state import Match

    if isinstance(value, str | Path):
        from workbench.files import load

        value = load(value)
    if isinstance(value, PanzerStrikeScenario | Match | SquareBoard):
        return PanzerStrikeExplorer(value, **options)
    return Explorer(value, **options)
