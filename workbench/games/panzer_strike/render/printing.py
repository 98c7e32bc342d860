"""How a Panzer Strike board prints (:mod:`workbench.render.pdf`): a square ``square_mm``
on paper, a board unit being a square."""

from __future__ import annotations

from workbench.games.panzer_strike.boards.board import SquareBoard
from workbench.render.pdf import PrintScale, Sizes, print_scale


@print_scale.register
def _square_board(board: SquareBoard, sizes: Sizes) -> PrintScale:
    return PrintScale(board, sizes.square_mm, f"squares of {sizes.square_mm:g} mm")
