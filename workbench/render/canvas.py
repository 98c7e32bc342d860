"""Live backend: a scene drawn on an ipycanvas ``MultiCanvas``, one sub-canvas per layer group
(:data:`~workbench.render.scene.LAYER_GROUPS`), so an overlay redraws without the board.

Drawing is batched: everything goes out in one ``hold_canvas()`` message, and consecutive
primitives of a layer that share a kind and a style become *one* vectorised call
(``fill_polygons``, ``stroke_polygons``, ``stroke_line_segments``, ``fill_circles``), so a
1200-hex board costs a handful of polygon calls, not one per hex. Text has no batched call in
ipycanvas: each label is one ``fill_text`` inside the same held message.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from itertools import groupby
from typing import Any

import numpy as np

from workbench.render.scene import (
    LAYER_GROUPS,
    Arrow,
    Circle,
    Polygon,
    Polyline,
    Primitive,
    Scene,
    Style,
    Text,
    Transform,
)
from workbench.render.svg import TEXT_BASELINE_SHIFT

GROUPS: tuple[str, ...] = tuple(LAYER_GROUPS)


def _runs(prims: Iterable[Primitive]) -> Iterator[tuple[type, Style, list[Primitive]]]:
    """Consecutive primitives of the same kind and style (drawing order is kept)."""
    for (kind, style), run in groupby(prims, key=lambda p: (type(p), p.style)):
        yield kind, style, list(run)


def _pixels(points: Sequence[tuple[float, float]], t: Transform) -> np.ndarray:
    arr = np.asarray(points, dtype=float).reshape(-1, 2)
    return arr * t.scale + np.array([t.offset_x, t.offset_y])


def _set_style(canvas: Any, style: Style) -> None:
    canvas.global_alpha = style.opacity
    if style.fill:
        canvas.fill_style = style.fill
    if style.stroke:
        canvas.stroke_style = style.stroke
        canvas.line_width = style.width
        canvas.line_join = "round"
        canvas.line_cap = "round"
    canvas.set_line_dash(list(style.dash))


def _draw_run(
    canvas: Any, kind: type, style: Style, run: list[Any], t: Transform, family: str
) -> None:
    _set_style(canvas, style)
    if kind is Polygon:
        shapes = [_pixels(p.points, t) for p in run]
        if style.fill:
            canvas.fill_polygons(shapes)
        if style.stroke:
            canvas.stroke_polygons(shapes)
    elif kind is Polyline:
        if style.stroke:
            canvas.stroke_line_segments([_pixels(p.points, t) for p in run])
    elif kind is Circle:
        centres = _pixels([p.center for p in run], t)
        radii = np.array([p.radius * t.scale for p in run])
        if style.fill:
            canvas.fill_circles(centres[:, 0], centres[:, 1], radii)
        if style.stroke:
            canvas.stroke_circles(centres[:, 0], centres[:, 1], radii)
    elif kind is Arrow:
        shafts = [np.array([t.to_pixel(*p.start), p.shaft_end(t)]) for p in run]
        canvas.stroke_line_segments(shafts)
        canvas.set_line_dash([])
        canvas.fill_style = style.stroke or style.fill or "#000000"
        canvas.fill_polygons([np.array(p.head_points(t)) for p in run])
    elif kind is Text:
        weight = "bold " if style.bold else ""
        canvas.font = f"{weight}{style.font_size:g}px {family}"
        canvas.text_align = {"start": "left", "middle": "center", "end": "right"}[style.anchor]
        canvas.text_baseline = "alphabetic"
        halo = bool(style.fill and style.stroke)
        if not style.fill:
            canvas.fill_style = style.stroke or "#000000"
        for p in run:
            x, y = t.to_pixel(*p.at)
            y += style.font_size * TEXT_BASELINE_SHIFT
            if halo:
                canvas.stroke_text(p.text, x, y)
            canvas.fill_text(p.text, x, y)


def draw_layers(canvas: Any, scene: Scene, layers: Iterable[str]) -> None:
    """Draw these layers of the scene on one ipycanvas ``Canvas`` (no clearing, no holding)."""
    family = getattr(scene.theme, "font_family", "sans-serif")
    for name in layers:
        for kind, style, run in _runs(scene.layer(name)):
            _draw_run(canvas, kind, style, run, scene.transform, family)
    canvas.global_alpha = 1.0


def new_canvas(scene: Scene) -> Any:
    """An empty ``MultiCanvas`` the size of the scene, one sub-canvas per layer group."""
    from ipycanvas import MultiCanvas

    return MultiCanvas(len(GROUPS), width=round(scene.width), height=round(scene.height))


def draw_scene(multi: Any, scene: Scene, groups: Iterable[str] | None = None) -> Any:
    """Clear and redraw the chosen layer groups (all by default) in one held message.

    ``groups`` are names from :data:`GROUPS`: ``"base"``, ``"overlays"``, ``"units"``,
    ``"annotations"``; e.g. ``draw_scene(c, scene, ["overlays"])`` after a new reach."""
    from ipycanvas import hold_canvas

    chosen = GROUPS if groups is None else tuple(groups)
    unknown = set(chosen) - set(GROUPS)
    if unknown:
        raise ValueError(
            f"unknown layer group(s) {sorted(unknown)}: groups are {', '.join(GROUPS)}"
        )
    with hold_canvas():
        for name in chosen:
            canvas = multi[GROUPS.index(name)]
            canvas.clear()
            if name == "base" and getattr(scene.theme, "background", None):
                canvas.fill_style = scene.theme.background
                canvas.fill_rect(0, 0, scene.width, scene.height)
            draw_layers(canvas, scene, LAYER_GROUPS[name])
    return multi


def canvas_of(scene: Scene) -> Any:
    """A new ``MultiCanvas`` with the whole scene drawn on it."""
    return draw_scene(new_canvas(scene), scene)


def canvas_cell_at(scene: Scene, x: float, y: float) -> Any:
    """The cell under a canvas click (mouse events report pixels): hex, square or table point."""
    return scene.cell_at(x, y)
