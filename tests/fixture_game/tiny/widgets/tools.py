"""Tiny Race's editor tools (a test fixture): click a square to dig a pit or fill it."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from workbench.games.tiny.boards import Track
from workbench.games.tiny.render import SQUARE

from workbench.render import scene_of
from workbench.render.scene import Scene
from workbench.widgets.editor_tools import Tools, register_tools


@register_tools(Track)
class TrackTools(Tools):
    names = ("pit",)

    def scene(self, value: Track) -> Scene:
        return scene_of(value)

    def title(self, value: Track) -> str:
        return f"track {value.name} ({value.length} squares)"

    def press(self, scene: Scene, x: float, y: float) -> None:
        track: Track = self.value
        square = int(scene.board_point(x, y)[0] // SQUARE)
        if 0 < square < track.length:
            pits = set(track.pits) ^ {square}
            self.set(replace(track, pits=tuple(sorted(pits))))


def pit_at(editor: Any, square: int) -> None:
    """Click the middle of ``square`` (what a learner's pointer does)."""
    editor.click(square * SQUARE + SQUARE / 2, SQUARE / 2)
