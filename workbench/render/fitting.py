"""Boards drawn at the size they are shown: the cell size at which a picture fills an area, so
its labels' sizes in the scene are their sizes on the screen.

Two areas matter: a notebook's output (:data:`NOTEBOOK_WIDTH` wide, any height: pictures
shown wider are scaled down by the notebook, and their labels with them) and the teacher
app's board beside its side panel (:func:`workbench.widgets.layout.board_room`).
"""

from __future__ import annotations

from collections.abc import Callable

from workbench.render.scene import Scene

NOTEBOOK_WIDTH = 800.0
"""A notebook's output width in CSS pixels: JupyterLab's at 1280 × 720 with its file browser
open. A picture no wider than this is shown at its own size."""


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
    widths: list[float] = []
    for _ in range(4):
        scene = draw(size)
        if widths and scene.width == widths[-1]:  # the picture does not grow with its cells
            return start
        widths.append(scene.width)
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
