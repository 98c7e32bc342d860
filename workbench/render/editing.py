"""What the map editor draws over a board: outlines of the places a check found (pieces
breaking a set-up rule, say) and the shape being dragged. Pure drawing: which places to
mark is decided by the library's checks.

>>> from workbench.render.scene import Scene, Transform
>>> scene = outline_overlay(Scene(100, 100, Transform(10.0)), [((0, 0), (5, 0), (5, 5))])
>>> [type(p).__name__ for p in scene.layer("annotations")]
['Polygon']
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from workbench.render.scene import ANNOTATIONS, Point, Polygon, Scene, Style


def outline_overlay(
    scene: Scene,
    shapes: Iterable[Sequence[Point]],
    *,
    color: str = "#d62728",
    width: float = 3.0,
    dash: tuple[float, ...] = (),
    fill: str | None = None,
    opacity: float = 1.0,
    title: str = "",
) -> Scene:
    """Outlines (board units) drawn on top of the board."""
    style = Style(fill=fill, stroke=color, width=width, dash=dash, opacity=opacity)
    prims = [Polygon(tuple(shape), style, title) for shape in shapes if len(shape) >= 3]
    return scene.add(ANNOTATIONS, prims) if prims else scene


def polygon_rings(polygon: Any) -> list[tuple[Point, ...]]:
    """The outer rings of a shapely polygon or multipolygon, as point tuples."""
    parts = getattr(polygon, "geoms", [polygon])
    return [
        tuple((float(x), float(y)) for x, y in p.exterior.coords) for p in parts if not p.is_empty
    ]
