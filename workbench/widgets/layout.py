"""Fitting a board to the screen: the canvas takes the width it is given (and no more height
than the window has), with the side panel beside it when there is room and under it when not.
ipycanvas scales a click by the canvas's size on the page, so a scaled board clicks right."""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

import ipywidgets as widgets

from workbench.render.fitting import NOTEBOOK_WIDTH, fit_size
from workbench.render.scene import LABELS, LAYERS, UNITS, Scene, Text, Texts

READABLE_PX = 8.0  # the smallest label a person reads on screen (as the legibility tests ask)
NOTEBOOK_PX = 9.0
"""The least a board label shows at in a notebook (JupyterLab at 1280 × 720, its file browser
open): a board is drawn no wider than the output area (:func:`notebook_size`) and shown no
smaller than drawn (``fitted_board(..., least_px=NOTEBOOK_PX)``)."""


def smallest_label_px(scene: Scene) -> float:
    """The smallest font of the scene's hex labels and counter texts, in canvas pixels; of
    every text it draws where it has neither (a picture in words, as a series' between its
    matches: its words are its labels, not an 8 px stand-in)."""

    def fonts(layers: tuple[str, ...]) -> list[float]:
        return [
            p.style.font_size
            for layer in layers
            for p in scene.layer(layer)
            if isinstance(p, Text | Texts)
        ]

    return min(fonts((LABELS, UNITS)) or fonts(LAYERS), default=READABLE_PX)


# The least a board label is shown at in the teacher app (1280 × 720). 8 px is the least a
# person reads; 9 keeps a margin. 12 px would fill every hex of a 20 × 16 map with its number
# and cut each counter's name to a letter or two at that size, so the board stays at 9.
ROOM_PX = 9.0


def checked_window(argument: str, window: Any) -> tuple[float, float]:
    """``window`` as (width, height) CSS pixels, or an ArgumentError naming ``argument``.

    >>> checked_window("window", (1280, 720))
    (1280.0, 720.0)
    """
    from workbench.errors import ArgumentError

    try:
        width, height = (float(v) for v in window)
    except (TypeError, ValueError):
        width = height = math.nan
    if not (0 < width < math.inf and 0 < height < math.inf):
        raise ArgumentError(argument, window, "a window's (width, height) in CSS pixels")
    return width, height


def board_room(window: tuple[float, float], *, below_px: float = 168.0) -> tuple[float, float]:
    """The room a fitted board has in a window of ``window`` (width, height) CSS pixels, beside
    its side panel: the board's share of the row (:func:`board_and_panel`: 30em of board to
    22em of panel, growing 3 to 1, about 0.64 of 1280 px) and the height less ``below_px``
    (the 10.5em that :func:`fitted_board` leaves for the controls under the board and the
    teacher app's rows over it, a new game's settings among them)."""
    width, height = window
    return 0.62 * width, max(1.0, height - below_px)


def shown_scale(scene: Scene, window: tuple[float, float]) -> float:
    """How much smaller than drawn a fitted board shows in ``window`` (1: not scaled down)."""
    room_w, room_h = board_room(window)
    return min(1.0, room_w / scene.width, room_h / scene.height)


def readable_theme(theme: Any, scene: Scene, window: tuple[float, float], least: float) -> Any:
    """A theme whose every board label stays at least ``least`` CSS pixels when ``scene``
    (drawn with ``theme``) is fitted to ``window``: ``theme`` itself (as a :class:`Theme`)
    when it already does."""
    from workbench.render.themes import theme_named

    scale = shown_scale(scene, window)
    if smallest_label_px(scene) * scale >= least:
        return theme_named(theme)
    return theme_named(theme).with_least_text(round(least / scale + 0.5, 1))


def notebook_size(draw: Callable[[float], Scene], size: float) -> float:
    """``size``, or the smaller size at which ``draw(size)`` is as wide as a notebook's output
    (:data:`~workbench.render.fitting.NOTEBOOK_WIDTH`) where it would be wider: a board drawn
    wider is shrunk by the notebook, and its labels with it (a 1,086 px map shows its 9 px
    labels at 7 px in JupyterLab's 848 px at 1280 × 720). The render layer chooses what fits
    at the size found: hex numbers at the theme's least size where they fit in a hex (none
    over a name), each counter's name cut to its short form."""
    scene = draw(size)
    if scene.width <= NOTEBOOK_WIDTH:
        return size
    start = round(size * NOTEBOOK_WIDTH / scene.width, 2)
    return fit_size(draw, (NOTEBOOK_WIDTH, math.inf), start=start)


def notebook_theme(theme: Any, scene: Scene) -> Any:
    """``theme`` (as a :class:`~workbench.render.themes.Theme`), with no label under
    :data:`NOTEBOOK_PX` where ``scene``, drawn with it, has a smaller one (a user's theme)."""
    from workbench.render.themes import theme_named

    if smallest_label_px(scene) >= NOTEBOOK_PX:
        return theme_named(theme)
    return theme_named(theme).with_least_text(NOTEBOOK_PX)


def fitted_board(
    canvas: Any,
    scene: Scene,
    *,
    below: str | None = "10.5em",
    least_px: float | None = None,
) -> Any:
    """A box holding ``canvas`` (drawn from ``scene``) scaled to the width of the box, its
    height at most the window's less ``below`` (room for the controls; None: no limit). With
    ``least_px`` it is not shown so small that its smallest label falls under ``least_px``
    (the panel goes under the board instead of beside it) unless the whole width is smaller
    still: then the whole board is shown, smaller, rather than cut off."""
    width = scene.width
    if below is None:
        shown = "100%"
    else:
        shown = f"min(100%, calc((100vh - {below}) * {scene.width / scene.height:.4f}))"
    layout = widgets.Layout(width=shown, height="auto")
    box = widgets.Box([canvas], layout=widgets.Layout(width="100%"))
    if least_px:
        least = least_px / smallest_label_px(scene)
        layout.min_width = box.layout.min_width = f"min({round(width * least)}px, 100%)"
    canvas.layout = layout
    return box


def board_and_panel(board: Any, side: Any) -> Any:
    """The board and the side panel in one row that wraps the panel under the board only when
    the row is narrower than both at their least (the board's least, 18em of panel)."""
    board.layout.flex = "3 1 30em"
    if not board.layout.min_width:
        board.layout.min_width = "16em"
    side.layout.flex, side.layout.min_width, side.layout.max_width = "1 1 22em", "18em", "34em"
    return widgets.HBox(
        [board, side],
        layout=widgets.Layout(flex_flow="row wrap", align_items="flex-start", width="100%"),
    )
