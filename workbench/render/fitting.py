"""Boards drawn at the size they are shown: the cell size at which a picture fills an area, so
its labels' sizes in the scene are their sizes on the screen.

Two areas matter: a notebook's output (:data:`NOTEBOOK_WIDTH` wide, any height: pictures
shown wider are scaled down by the notebook, and their labels with them) and the teacher
app's board beside its side panel in the smallest window it promises to fit,
:func:`app_board_area`.

>>> app_board_area()
(860.0, 576.0)
"""

from __future__ import annotations

from collections.abc import Callable

from workbench.render.scene import Scene

NOTEBOOK_WIDTH = 800.0
"""A notebook's output width in CSS pixels: JupyterLab's at 1280 × 720 with its file browser
open. A picture no wider than this is shown at its own size."""

SMALLEST_WINDOW = (1280.0, 720.0)
"""The smallest window the teacher app is made to fit."""

PANEL_PX = 420.0
"""The app's side panel beside the board (the rest of the window's width is the board's)."""

CONTROLS_PX = 144.0
"""The height the app keeps over and under the board (its menus, the step controls)."""


def app_board_area(
    window: tuple[float, float] = SMALLEST_WINDOW,
    panel: float = PANEL_PX,
    controls: float = CONTROLS_PX,
) -> tuple[float, float]:
    """The board's area in the teacher app: the window less the panel beside it and the
    controls over and under it."""
    return (max(1.0, window[0] - panel), max(1.0, window[1] - controls))


def fit_size(
    draw: Callable[[float], Scene],
    area: tuple[float, float],
    *,
    start: float = 36.0,
    largest: float | None = None,
) -> float:
    """The ``size`` for which ``draw(size)`` fills ``area`` (width, height; ``inf`` for no
    limit) without passing it, at most ``largest``. Margins, a title or a legend in pixels
    make the picture grow less than its cells: a few rounds settle it."""
    size = start
    for _ in range(4):
        scene = draw(size)
        ratio = min(area[0] / scene.width, area[1] / scene.height)
        if largest is not None and size * ratio > largest:
            return largest
        if 1.0 <= ratio <= 1.01:
            return size
        size = round(size * ratio * 0.999, 2)
    while size > 1.0:
        scene = draw(size)
        if scene.width <= area[0] + 0.5 and scene.height <= area[1] + 0.5:
            return size
        size = round(size * 0.98, 2)
    return size
