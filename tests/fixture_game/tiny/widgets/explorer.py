"""Tiny Race's explorer (a test fixture): the race, and what each legal action would do."""

from __future__ import annotations

from typing import Any

import ipywidgets as widgets
from workbench.games.tiny.boards import Track
from workbench.games.tiny.rules.game import GAME, Race

from workbench.render import svg_of
from workbench.widgets.explorers import register_explorer


class TinyExplorer:
    """A track or a race: its picture and the verdict of each legal action."""

    def __init__(self, value: Track | Race, **options: Any) -> None:
        self.state = GAME.start(value) if isinstance(value, Track) else value
        self.panel_text = "\n".join(
            line
            for a in GAME.legal_actions(self.state)
            for line in GAME.explain(self.state, a).lines()
        )
        self.widget = widgets.HTML(svg_of(self.state))


register_explorer(TinyExplorer, Track, Race)
