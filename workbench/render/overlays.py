"""Overlays that work on any board kind through the scene's layout: heatmaps with a legend,
per-cell tints (fire arcs), and text badges (odds). They draw the values they are given."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import replace
from typing import Any

from workbench.render.scene import (
    ANNOTATIONS,
    OVERLAYS,
    Polygon,
    Primitive,
    Scene,
    SceneError,
    Style,
    Text,
)
from workbench.render.themes import DEFAULT, Theme, contrast_text

LEGEND_BAND_PX = 44.0


def _theme(scene: Scene) -> Theme:
    return scene.theme if isinstance(scene.theme, Theme) else DEFAULT


def _layout(scene: Scene) -> Any:
    if scene.layout is None:
        raise SceneError("this scene has no board layout: build it with a board builder first")
    return scene.layout


def _sorted(cells: Mapping[Any, Any]) -> list[Any]:
    """Cells in a stable order (hexes and squares order themselves; table cells are tuples)."""
    return sorted(cells, key=repr) if not _orderable(cells) else sorted(cells)


def _orderable(cells: Mapping[Any, Any]) -> bool:
    try:
        sorted(cells)
    except TypeError:
        return False
    return True


def cell_px(scene: Scene) -> float:
    """Pixels across one board unit (a hex size, a square, a centimetre)."""
    return scene.transform.scale


def text_size(scene: Scene, fraction: float, minimum: float = 7.0) -> float:
    """A font size of ``fraction`` of a cell, at least ``minimum`` pixels."""
    return max(minimum, round(fraction * cell_px(scene) * _cell_units(scene), 1))


def _cell_units(scene: Scene) -> float:
    return float(getattr(scene.layout, "cell_units", 1.0))


def tint_overlay(
    scene: Scene, colors: Mapping[Any, str], *, opacity: float | None = None, title: str = ""
) -> Scene:
    """Shade each cell in its own colour (under the units)."""
    theme, layout = _theme(scene), _layout(scene)
    alpha = theme.reach_opacity if opacity is None else opacity
    prims: list[Primitive] = [
        Polygon(layout.cell_polygon(c), Style(fill=colors[c], opacity=alpha), title)
        for c in _sorted(colors)
    ]
    return scene.add(OVERLAYS, prims)


def arcs_overlay(scene: Scene, arcs: Mapping[Any, str], *, legend: bool = True) -> Scene:
    """Tint each cell by the fire arc it lies in (``"front"``, ``"side"``, ``"rear"``...)."""
    theme = _theme(scene)
    colors = {c: theme.arc_colors.get(name, "#999999") for c, name in arcs.items()}
    scene = tint_overlay(scene, colors, opacity=theme.arc_opacity)
    if legend:
        names = [n for n in ("front", "side", "rear") if n in arcs.values()]
        names += sorted(set(arcs.values()) - set(names))
        scene = legend_swatches(
            scene, [(n, theme.arc_colors.get(n, "#999999")) for n in names], "fire arc"
        )
    return scene


def label_overlay(
    scene: Scene, labels: Mapping[Any, str], *, above: bool = True, font_px: float | None = None
) -> Scene:
    """A boxed text label at each cell (e.g. ``"hit 15/36 · kill 1/4"``), on top of everything."""
    theme, layout = _theme(scene), _layout(scene)
    size = theme.odds_font_px if font_px is None else font_px
    prims: list[Primitive] = []
    for cell in _sorted(labels):
        text = labels[cell]
        cx, cy = layout.cell_center(cell)
        if above:
            cy -= 0.55 * _cell_units(scene)
        half_w = (0.3 * size * len(text) + 4.0) / scene.transform.scale
        half_h = (0.7 * size) / scene.transform.scale
        box = (
            (cx - half_w, cy - half_h),
            (cx + half_w, cy - half_h),
            (cx + half_w, cy + half_h),
            (cx - half_w, cy + half_h),
        )
        prims.append(Polygon(box, Style(fill=theme.odds_fill, stroke="#333333", width=1.0)))
        prims.append(Text((cx, cy), text, Style(fill=theme.odds_text, font_size=size), text))
    return scene.add(ANNOTATIONS, prims)


def _extend(scene: Scene) -> tuple[Scene, float]:
    """The scene made taller by a legend band; returns it and the band's top (pixels)."""
    top = scene.height
    return replace(scene, height=scene.height + LEGEND_BAND_PX), top


def _px_box(scene: Scene, x: float, y: float, w: float, h: float) -> tuple:
    t = scene.transform
    corners = ((x, y), (x + w, y), (x + w, y + h), (x, y + h))
    return tuple(t.to_board(px, py) for px, py in corners)


def legend_swatches(scene: Scene, entries: list[tuple[str, str]], heading: str) -> Scene:
    """A legend band under the board: a heading and one swatch per (name, colour)."""
    theme = _theme(scene)
    scene, top = _extend(scene)
    font = theme.legend_font_px
    t = scene.transform
    prims: list[Primitive] = []
    x = 8.0
    y = top + LEGEND_BAND_PX / 2
    prims.append(
        Text(t.to_board(x, y), heading + ":", Style(fill="#111111", font_size=font, anchor="start"))
    )
    x += 0.6 * font * (len(heading) + 2)
    for name, color in entries:
        prims.append(
            Polygon(
                _px_box(scene, x, y - font / 2, font, font), Style(fill=color, stroke="#333333")
            )
        )
        x += font * 1.4
        prims.append(
            Text(t.to_board(x, y), name, Style(fill="#111111", font_size=font, anchor="start"))
        )
        x += 0.6 * font * len(name) + font
    return scene.add(ANNOTATIONS, prims)


def caption_overlay(scene: Scene, text: str) -> Scene:
    """A line of text in a band under the board (a verdict, a reason)."""
    theme = _theme(scene)
    scene, top = _extend(scene)
    at = scene.transform.to_board(8.0, top + LEGEND_BAND_PX / 2)
    style = Style(fill="#111111", font_size=theme.legend_font_px, anchor="start")
    return scene.add(ANNOTATIONS, [Text(at, text, style)])


def heatmap_overlay(
    scene: Scene,
    values: Mapping[Any, float],
    *,
    low: float | None = None,
    high: float | None = None,
    legend: str | None = "value",
    numbers: bool = False,
    fmt: Callable[[float], str] = lambda v: f"{v:g}",
) -> Scene:
    """Colour each cell (hex, square or table cell) by its value on the theme's colour scale;
    ``legend`` (a heading, or None) adds a colour bar from ``low`` to ``high`` under the board."""
    theme, layout = _theme(scene), _layout(scene)
    if not values:
        return scene
    lo = min(values.values()) if low is None else low
    hi = max(values.values()) if high is None else high
    scale = theme.heat_scale(lo, hi)
    prims: list[Primitive] = []
    order = _sorted(values)
    for cell in order:
        color = scale.color(values[cell])
        prims.append(
            Polygon(
                layout.cell_polygon(cell),
                Style(fill=color, opacity=theme.heat_opacity),
                fmt(values[cell]),
            )
        )
    if numbers:
        size = text_size(scene, theme.overlay_font_scale)
        for cell in order:
            color = contrast_text(scale.color(values[cell]))
            prims.append(
                Text(layout.cell_center(cell), fmt(values[cell]), Style(fill=color, font_size=size))
            )
    scene = scene.add(OVERLAYS, prims)
    if legend is not None:
        scene = _colour_bar(scene, lo, hi, legend, fmt)
    return scene


def _colour_bar(
    scene: Scene, low: float, high: float, heading: str, fmt: Callable[[float], str]
) -> Scene:
    theme = _theme(scene)
    scene, top = _extend(scene)
    scale = theme.heat_scale(low, high)
    font = theme.legend_font_px
    t = scene.transform
    y = top + LEGEND_BAND_PX / 2
    x = 8.0
    prims: list[Primitive] = [
        Text(t.to_board(x, y), heading + ":", Style(fill="#111111", font_size=font, anchor="start"))
    ]
    x += 0.6 * font * (len(heading) + 2)
    prims.append(
        Text(t.to_board(x, y), fmt(low), Style(fill="#111111", font_size=font, anchor="start"))
    )
    x += 0.6 * font * (len(fmt(low)) + 1)
    steps, width = 10, 14.0
    for i in range(steps):
        value = low + (high - low) * i / (steps - 1)
        box = _px_box(scene, x + i * width, y - font / 2, width, font)
        prims.append(Polygon(box, Style(fill=scale.color(value))))
    x += steps * width + 4.0
    prims.append(
        Text(t.to_board(x, y), fmt(high), Style(fill="#111111", font_size=font, anchor="start"))
    )
    return scene.add(ANNOTATIONS, prims)
