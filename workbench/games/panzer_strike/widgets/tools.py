"""The map editor's tools for a Panzer Strike board: lay a tile face in a slot or flip it to
its back; flags with their owner; barricades on street squares; tanks with a facing (click a
tank to turn it 45°)::

    editor = Editor(SquareBoard.assembled(TileSet.builtin(), "north"))
    editor.tools.toggle_flag(Square(3, 4), "north")
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import ipywidgets as widgets

from workbench.games.panzer_strike.boards.board import BoardTank, SquareBoard
from workbench.games.panzer_strike.render.pictures import squareboard_scene
from workbench.geometry.squaregrid import FACING_NAMES, Square
from workbench.render.scene import Scene
from workbench.widgets.checks import checked_methods
from workbench.widgets.editor_tools import Tools, combo, register_tools


@register_tools(SquareBoard)
@checked_methods
class SquareTools(Tools):
    """Tools for a SquareBoard: its tiles, flags, barricades and tanks."""

    names = ("tile", "flip", "flag", "barricade", "tank", "erase")
    size = largest = 30.0

    def __init__(self, editor: Any) -> None:
        super().__init__(editor)
        board: SquareBoard = editor.value
        faces = sorted(board.tiles.faces)
        self.face = widgets.Dropdown(options=faces, value=faces[0], description="tile face")
        self.side = combo("side", ("north", "south"), "north")
        self.kind = combo("tank", ("Heavy", "Medium", "Light"), "Medium")
        self.facing = widgets.Dropdown(
            options=[(n, i) for i, n in enumerate(FACING_NAMES)], value=4, description="facing"
        )

    def controls(self) -> list[widgets.Widget]:
        return [self.tool_buttons, self.face, self.side, self.kind, self.facing]

    def title(self, value: SquareBoard) -> str:
        return f"square board {value.name} ({value.width} × {value.depth} squares)"

    def scene(self, value: SquareBoard) -> Scene:
        return squareboard_scene(value, size=self.size)

    def slot(self, square: Square) -> tuple[int, int]:
        """The layout slot (row, column) a square lies in."""
        tiles = self.value.tiles
        return square.y // tiles.depth, square.x // tiles.width

    # edits by name
    def set_tile(self, row: int, column: int, label: str) -> None:
        self.editor.attempt(lambda: self.value.with_tile(row, column, label))

    def flip(self, row: int, column: int) -> None:
        self.editor.attempt(lambda: self._flipped(self.value, row, column))

    def _flipped(self, board: SquareBoard, row: int, column: int) -> SquareBoard:
        label = board.layout[row][column]
        back = board.tiles.back_of(label)
        if back is None:
            raise ValueError(f"tile face {label} has no back in the tile set {board.tiles.name}")
        return board.with_tile(row, column, back)

    def toggle_flag(self, square: Square, owner: str) -> None:
        self.editor.attempt(lambda: self._flagged(self.value, square, owner))

    @staticmethod
    def _flagged(board: SquareBoard, square: Square, owner: str) -> SquareBoard:
        if square in board.flags:
            return board.without_flag(square)
        return board.with_flag(square, owner)

    def toggle_barricade(self, square: Square) -> None:
        self.editor.attempt(lambda: self._barricaded(self.value, square))

    @staticmethod
    def _barricaded(board: SquareBoard, square: Square) -> SquareBoard:
        if square in board.barricades:
            return board.without_barricade(square)
        return board.with_barricade(square)

    def place_tank(self, kind: str, side: str, square: Square, facing: int = 0) -> None:
        self.editor.attempt(lambda: self._placed(self.value, kind, side, square, facing))

    @staticmethod
    def _placed(board: SquareBoard, kind: str, side: str, square: Square, facing: int) -> Any:
        tank = board.tank_at(square)
        if tank is not None:  # turn it 45° clockwise
            return board.with_tank(replace(tank, facing=(tank.facing + 1) % 8))
        used = {t.id for t in board.tanks}
        n = 1 + sum(t.kind == kind and t.side == side for t in board.tanks)
        while f"{side} {kind} {n}" in used:
            n += 1
        return board.with_tank(BoardTank(f"{side} {kind} {n}", kind, side, square, facing))

    def erase(self, square: Square) -> None:
        self.editor.attempt(lambda: self._erased(self.value, square))

    @staticmethod
    def _erased(board: SquareBoard, square: Square) -> SquareBoard:
        tank = board.tank_at(square)
        if tank is not None:
            return board.without_tank(tank.id)
        if square in board.flags:
            return board.without_flag(square)
        return board.without_barricade(square)

    def press(self, scene: Scene, x: float, y: float) -> None:
        square = scene.cell_at(x, y)
        if square is None:
            return
        board = self.value
        row, column = self.slot(square)
        actions = {
            "tile": lambda: board.with_tile(row, column, self.face.value),
            "flip": lambda: self._flipped(board, row, column),
            "flag": lambda: self._flagged(board, square, self.side.value or "north"),
            "barricade": lambda: self._barricaded(board, square),
            "tank": lambda: self._placed(
                board, self.kind.value or "Medium", self.side.value, square, self.facing.value
            ),
            "erase": lambda: self._erased(board, square),
        }
        self.set(actions[self.tool]())
