"""A turn drawn on a board with cells (hexes, squares): each move as an arrow from where the
tank stood to where it ended, each shot as a dashed arrow labelled with its chance of
destroying, each tank destroyed crossed out. Any board whose scene has a layout with
``cell_center`` draws it; the game's view says which cells (render decides nothing).

>>> from workbench.render.scene import Scene, Transform
>>> class Line:  # a toy layout: cell n at (n, 0)
...     def cell_center(self, cell): return (float(cell), 0.0)
>>> scene = Scene(100, 20, Transform(10.0), {}, layout=Line())
>>> drawn = turn_marks(scene, moves=[(0, 3)], shots=[(3, 7, "destroys 33%")], destroyed=[7])
>>> [type(p).__name__ for p in drawn.layers["annotations"]]
['Arrow', 'Arrow', 'Text', 'Polyline', 'Polyline']
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from typing import Any

from workbench.render.scene import ANNOTATIONS, Arrow, Polyline, Scene, Style, Text
from workbench.render.themes import Theme

MOVED = "#1565c0"
SHOT = "#c62828"


def turn_marks(
    scene: Scene,
    *,
    moves: Iterable[tuple[Any, Any]] = (),
    shots: Iterable[tuple[Any, Any, str]] = (),
    destroyed: Iterable[Any] = (),
) -> Scene:
    """``scene`` with ``moves`` ((from cell, to cell)), ``shots`` ((firer's cell, target's
    cell, label)) and the ``destroyed`` tanks' cells drawn over everything."""
    centre = scene.layout.cell_center
    font = scene.theme.name_min_px if isinstance(scene.theme, Theme) else 12.0
    marks: list[Any] = []
    short = 0.45 * _cell_size(scene)  # the head stops at the counter's edge, in sight
    for start, end in moves:
        if start != end:
            a, b = centre(start), _short_of(centre(start), centre(end), short)
            marks.append(Arrow(a, b, Style(stroke=MOVED, width=3.0), 12.0))
    for firer, target, label in shots:
        a, b = centre(firer), _short_of(centre(firer), centre(target), short)
        marks.append(Arrow(a, b, Style(stroke=SHOT, width=2.5, dash=(8.0, 4.0)), 12.0))
        middle = ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)
        halo = Style(fill=SHOT, stroke="#ffffff", width=3.0, font_size=font, bold=True)
        marks.append(Text(middle, label, halo, label))
    cross = Style(stroke=SHOT, width=4.0)
    for cell in destroyed:
        x, y = centre(cell)
        r = 0.45 * _cell_size(scene)
        marks += [Polyline(((x - r, y - r), (x + r, y + r)), cross, "destroyed"),
                  Polyline(((x - r, y + r), (x + r, y - r)), cross, "destroyed")]  # fmt: skip
    return scene.add(ANNOTATIONS, marks)


def _short_of(a: tuple[float, float], b: tuple[float, float], by: float) -> tuple[float, float]:
    """``b`` moved ``by`` towards ``a`` (not past the middle of the two)."""
    length = math.dist(a, b)
    if length == 0:
        return b
    k = min(by, length / 2) / length
    return (b[0] + (a[0] - b[0]) * k, b[1] + (a[1] - b[1]) * k)


def _cell_size(scene: Scene) -> float:
    """A cell's size in board units (a hex's or a square's: 1 unless the layout says)."""
    return float(getattr(scene.layout, "cell_units", 1.0))


__all__ = ["turn_marks"]
