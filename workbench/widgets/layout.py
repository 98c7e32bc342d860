"""Fitting a board to the screen: the canvas takes the width it is given (and no more height
than the window has), with the side panel beside it when there is room and under it when not.
ipycanvas scales a click by the canvas's size on the page, so a scaled board clicks right."""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

import ipywidgets as widgets

from workbench.errors import ArgumentError
from workbench.render.fitting import NOTEBOOK_WIDTH, fit_size
from workbench.render.scene import LABELS, LAYERS, UNITS, Scene, Text, Texts
from workbench.render.themes import theme_named

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


ROOM_PX = 12.0
"""The least a board label is shown at in the teacher app in a 1280 × 720 window (read from
the back of a room); the render layer chooses what fits at that size (hex numbers where they
fit in a hex, a counter's short name where its long one does not)."""

# The teacher app's sizes, mirrored by its stylesheet (app/template/workbench.css): its text
# follows the window (15.5 px at 1280 × 720, 20.5 px at 1920 × 1080, never under 15 px), and
# every other size is in that text's em, so the board's room follows the window too.
APP_TEXT_PX = (15.0, 40.0)  # the text's least and greatest size
APP_TEXT_VW, APP_TEXT_VH, APP_TEXT_ADD = 0.78, 1.39, 5.5  # min(0.78vw, 1.39vh) + 5.5px
LARGE_TEXT = 1.25  # the app's "large" text (a projector in a big room): this much larger
APP_PAD_PX = 6.0  # the page's margin round the app
APP_PANEL_EM = 26.0  # the side panel's least width
APP_GAP_EM = 0.6  # between the board and the panel
APP_BAR_EM = 3.0  # the app's bar over the board (its row and the gaps round it)
APP_BELOW_EM = APP_BAR_EM + 2.6  # the bar and the step buttons under the board


def app_text_px(window: tuple[float, float], scale: float = 1.0) -> float:
    """The teacher app's text size in CSS pixels in a window of ``window`` (width, height) CSS
    pixels (the stylesheet's ``--wb-text``), ``scale`` times larger (:data:`LARGE_TEXT`).

    >>> round(app_text_px((1280, 720)), 2), round(app_text_px((1920, 1080)), 2)
    (15.48, 20.48)
    """
    width, height = window
    follows = min(APP_TEXT_VW * width / 100, APP_TEXT_VH * height / 100) + APP_TEXT_ADD
    least, most = APP_TEXT_PX
    return scale * min(most, max(least, follows))


def app_below_em(below: float = APP_BELOW_EM) -> str:
    """The CSS height the app leaves over and under a board (``below`` em and the page's
    margins), for a board's box to be no taller than the window less it."""
    return f"{below}em + {2 * APP_PAD_PX:g}px"


def checked_window(argument: str, window: Any) -> tuple[float, float]:
    """``window`` as (width, height) CSS pixels, or an ArgumentError naming ``argument``.

    >>> checked_window("window", (1280, 720))
    (1280.0, 720.0)
    """
    try:
        width, height = (float(v) for v in window)
    except (TypeError, ValueError):
        width = height = math.nan
    if not (0 < width < math.inf and 0 < height < math.inf):
        raise ArgumentError(argument, window, "a window's (width, height) in CSS pixels")
    return width, height


def board_room(
    window: tuple[float, float], *, below_em: float = APP_BELOW_EM, text_scale: float = 1.0
) -> tuple[float, float]:
    """The room a board has in the teacher app in a window of ``window`` (width, height) CSS
    pixels: the width less the side panel's least (:data:`APP_PANEL_EM`) and the gap, the
    height less ``below_em`` (the app's bar and the step buttons), in the app's text at
    ``text_scale`` (the sizes :func:`app_board` gives the page)."""
    width, height = window
    text = app_text_px(window, text_scale)
    room_w = width - 2 * APP_PAD_PX - (APP_PANEL_EM + APP_GAP_EM) * text
    return max(1.0, room_w), max(1.0, height - 2 * APP_PAD_PX - below_em * text)


def shown_scale(
    scene: Scene, window: tuple[float, float], *, below_em: float = APP_BELOW_EM
) -> float:
    """How much smaller than drawn a board fitted by :func:`app_board` shows in the teacher
    app in ``window`` (1: not scaled down)."""
    room_w, room_h = board_room(window, below_em=below_em)
    return min(1.0, room_w / scene.width, room_h / scene.height)


def readable_theme(
    theme: Any,
    scene: Scene,
    window: tuple[float, float],
    least: float,
    *,
    below_em: float = APP_BELOW_EM,
) -> Any:
    """A theme whose every board label stays at least ``least`` CSS pixels when ``scene``
    (drawn with ``theme``) is fitted to ``window``: ``theme`` itself (as a :class:`Theme`)
    when it already does."""
    scale = shown_scale(scene, window, below_em=below_em)
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


def app_board(box: Any, canvas: Any, scene: Scene, *, below_em: float = APP_BELOW_EM) -> None:
    """Size a board's column in the teacher app: as wide as the row less the side panel's
    least, and no wider than the window's height less ``below_em`` allows at the board's
    proportions; the canvas fills it. The panel takes the rest of the row (no blank band
    beside a board the height limits: :func:`app_row`)."""
    ratio = scene.width / scene.height
    least = APP_PANEL_EM + APP_GAP_EM
    box.layout.width = (
        f"min(calc(100% - {least}em), calc((100vh - ({app_below_em(below_em)})) * {ratio:.4f}))"
    )
    box.layout.flex, box.layout.min_width = "0 0 auto", "0"
    canvas.layout = widgets.Layout(width="100%", height="auto")


def app_row(board: Any, side: Any) -> Any:
    """The board's column (sized by :func:`app_board`) and the side panel in one row: the
    panel takes the rest of the row, its least :data:`APP_PANEL_EM`, and is no taller than
    the window under the app's bar (its parts are laid out by the app's stylesheet)."""
    side.layout.flex, side.layout.min_width = "1 1 0", f"{APP_PANEL_EM}em"
    side.layout.margin = f"0 0 0 {APP_GAP_EM}em"
    side.add_class("workbench-app-side")
    return widgets.HBox(
        [board, side], layout=widgets.Layout(align_items="flex-start", width="100%")
    )


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
