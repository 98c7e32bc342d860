"""Tiny Race's pictures (a test fixture): the track, and the runners on it."""

from __future__ import annotations

from typing import Any

from workbench.games.tiny.boards import Track
from workbench.games.tiny.rules.game import Die, Race

from workbench.render import scene_of
from workbench.render.dice import DieFace, dice_of
from workbench.render.scene import (
    ANNOTATIONS,
    BOARD,
    UNITS,
    Circle,
    Polygon,
    Scene,
    Style,
    Text,
    Transform,
)

SQUARE = 40.0


def _squares(track: Track) -> tuple[Polygon, ...]:
    def square(n: int) -> Polygon:
        x = n * SQUARE
        fill = "#333333" if n in track.pits else "#dddddd"
        corners = ((x, 0.0), (x + SQUARE, 0.0), (x + SQUARE, SQUARE), (x, SQUARE))
        return Polygon(corners, Style(fill=fill, stroke="#000000"), title=f"square {n}")

    return tuple(square(n) for n in range(track.length + 1))


@scene_of.register
def _(track: Track, **options: Any) -> Scene:
    width = (track.length + 1) * SQUARE
    label = Text((width / 2, SQUARE + 12), track.name, Style(fill="#000000"))
    return Scene(
        width, SQUARE + 24, Transform(1.0), {BOARD: _squares(track), ANNOTATIONS: (label,)}
    )


@scene_of.register
def _(race: Race, **options: Any) -> Scene:
    board = scene_of(race.track)
    runners = tuple(
        Circle((at * SQUARE + SQUARE / 2, SQUARE / 2 + (i * 2 - 1) * 8), 6,
               Style(fill=("#cc0000", "#0000cc")[i]), title=("Red", "Blue")[i])
        for i, at in enumerate(race.at)
    )  # fmt: skip
    return Scene(board.width, board.height, board.transform, {**board.layers, UNITS: runners})


@dice_of.register
def _(action: Die) -> tuple[DieFace, ...]:
    return (DieFace(action.face, kind="run"),)
