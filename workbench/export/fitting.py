"""The board's room on an exported page, and the theme that keeps its labels readable there.

The page's style sheet (``assets/page.css``) gives the board :data:`BOARD_SHARE` of the window
(its width beside the side panel, its height under the bar of controls); the picture scales to
fill it, so a label's size on the screen is its size in the scene times the scale. A board is
drawn at the size that fills its room in the smallest window the page is made for
(:data:`WINDOW`, 1280 × 720) and with every label at least :data:`LEAST_LABEL_PX` there; a
larger window shows it larger.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from functools import partial
from typing import Any

from workbench.render.fitting import fit_size
from workbench.render.scene import Scene
from workbench.render.themes import Theme, theme_named
from workbench.widgets.layout import smallest_label_px

WINDOW = (1280.0, 720.0)  # the smallest window a page is made for (a classroom projector's)
BOARD_SHARE = (0.60, 0.90)  # page.css: the board's box is 60vw by (100vh - the 10vh bar)
LEAST_LABEL_PX = 12.0  # no board label under this on the screen at WINDOW
ROOM_MARGIN = 0.98  # the box's padding


def board_room(window: tuple[float, float] = WINDOW) -> tuple[float, float]:
    """The board's room on the page, in CSS pixels, in a window of ``window``.

    >>> board_room()
    (752.64, 635.04)
    """
    return (
        round(window[0] * BOARD_SHARE[0] * ROOM_MARGIN, 2),
        round(window[1] * BOARD_SHARE[1] * ROOM_MARGIN, 2),
    )


def shown_scale(scene: Scene, window: tuple[float, float] = WINDOW) -> float:
    """How much the page scales ``scene`` to fit its room (below 1: smaller than drawn)."""
    room_w, room_h = board_room(window)
    return min(room_w / scene.width, room_h / scene.height)


def readable(scene: Scene, theme: Any, least: float = LEAST_LABEL_PX) -> Theme:
    """``theme`` (a :class:`Theme`), with no label under ``least`` pixels once ``scene`` (drawn
    with it) is scaled into its room at :data:`WINDOW`."""
    scale = shown_scale(scene)
    if smallest_label_px(scene) * scale >= least:
        return theme_named(theme)
    return theme_named(theme).with_least_text(math.ceil(least / scale * 10) / 10)


def _swapped(draw: Callable[[float, Any], Scene], theme: Any, size: float) -> Scene:
    return draw(size, theme)


FITTING_ROUNDS = 4  # larger labels may widen a picture: fitted again, a few times at most


def fitted(draw: Callable[[float, Any], Scene], theme: Any) -> tuple[float, Theme]:
    """The cell size and theme a board is drawn with on a page: the size that fills its room
    at :data:`WINDOW` (``draw(size, theme)`` makes the scene), and the theme that keeps its
    labels readable there (:func:`readable`), fitted again with that theme until both hold."""
    chosen = theme_named(theme)
    size = 30.0
    for _ in range(FITTING_ROUNDS):
        size = fit_size(partial(_swapped, draw, chosen), board_room(), start=size)
        better = readable(draw(size, chosen), chosen)
        if better == chosen:
            break
        chosen = better
    return size, chosen


__all__ = ["BOARD_SHARE", "LEAST_LABEL_PX", "WINDOW", "board_room", "fitted", "readable"]
