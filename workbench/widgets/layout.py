"""Fitting a board to the screen: the canvas takes the width it is given (and no more height
than the window has), with the side panel beside it when there is room and under it when not.
ipycanvas scales a click by the canvas's size on the page, so a scaled board clicks right."""

from __future__ import annotations

from typing import Any

import ipywidgets as widgets


def fitted_board(canvas: Any, width: float, height: float, *, below: str = "9em") -> Any:
    """A box holding ``canvas`` (a ``width`` × ``height`` pixel board) scaled to the width
    of the box, its height at most the window's less ``below`` (room for the controls)."""
    canvas.layout = widgets.Layout(
        width=f"min(100%, calc((100vh - {below}) * {width / height:.4f}))", height="auto"
    )
    return widgets.Box([canvas], layout=widgets.Layout(width="100%"))


def board_and_panel(board: Any, side: Any) -> Any:
    """The board and the side panel in one row that wraps the panel under the board only when
    the row is narrower than both at their least (16em of board, 18em of panel)."""
    board.layout.flex, board.layout.min_width = "3 1 30em", "16em"
    side.layout.flex, side.layout.min_width, side.layout.max_width = "1 1 22em", "18em", "34em"
    return widgets.HBox(
        [board, side],
        layout=widgets.Layout(flex_flow="row wrap", align_items="flex-start", width="100%"),
    )
