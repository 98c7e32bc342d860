"""Overlays that work on any board kind through the scene's layout: heatmaps with a legend,
per-cell tints (fire arcs), and text badges (odds). They draw the values they are given."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import replace
from typing import Any

from workbench.render.labels import (
    ASCENT,
    LINE_HEIGHT,
    Box,
    annotation_placer,
    clear_numbers,
    fit_text,
    text_width,
    wrap_text,
)
from workbench.render.legend import INK, MARGIN_PX, Entry, box_swatch, legend_band, legend_font
from workbench.render.scene import (
    ANNOTATIONS,
    LABELS,
    OVERLAYS,
    Polygon,
    Primitive,
    Scene,
    SceneError,
    Style,
    Text,
    Texts,
)
from workbench.render.themes import DEFAULT, Theme, contrast_text, mix


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


def text_size(scene: Scene, fraction: float) -> float:
    """A font size of ``fraction`` of a cell, never under the theme's least label size (a
    board label a notebook shows at 9 px at the least)."""
    least = scene.theme.label_min_px if isinstance(scene.theme, Theme) else 9.0
    return max(least, round(fraction * cell_px(scene) * _cell_units(scene), 1))


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
    """A boxed text label by each cell (e.g. ``"hit 15/36 · kill 1/4"``), on top of everything:
    above the counter in the cell (``above``), else below or beside it, never over a counter or
    another label and never past the picture's edge; hex numbers under it give way."""
    theme, layout = _theme(scene), _layout(scene)
    size = theme.odds_font_px * theme.zoom if font_px is None else font_px
    placer = annotation_placer(scene)
    counters = placer.units
    cell_px = scene.transform.scale * _cell_units(scene)
    prims: list[Primitive] = []
    boxes: list[Box] = []
    text_style = Style(fill=theme.odds_text, font_size=size)
    for cell in _sorted(labels):
        text = fit_text(labels[cell], scene.width - 12.0, size)
        x, y = scene.transform.to_pixel(*layout.cell_center(cell))
        bottom, top = y + 0.5 * cell_px, y - 0.5 * cell_px  # the cell's counter, if any
        for b in counters:
            if b.x0 <= x <= b.x1 and b.y0 <= y <= b.y1:
                bottom, top = b.y1, b.y0
        half_h = ASCENT * size + 3.0
        half_w = text_width(text, size) / 2 + 5.0
        spots = [(x, top - half_h - 2.0), (x, bottom + half_h + 2.0)]
        if not above:
            spots.reverse()
        spots += [(x + sx * (half_w + 0.5 * cell_px), y) for sx in (1, -1)]
        candidates = [Box(cx - half_w, cy - half_h, cx + half_w, cy + half_h) for cx, cy in spots]
        found = placer.place(candidates)
        if found is None:
            continue
        corners = _px_box(scene, found.x0, found.y0, found.x1 - found.x0, found.y1 - found.y0)
        prims.append(Polygon(corners, Style(fill=theme.odds_fill, stroke="#333333", width=1.0)))
        mid = scene.transform.to_board((found.x0 + found.x1) / 2, (found.y0 + found.y1) / 2)
        prims.append(Text(mid, text, text_style, labels[cell]))
        boxes.append(found)
    return clear_numbers(scene, boxes).add(ANNOTATIONS, prims)


def _px_box(scene: Scene, x: float, y: float, w: float, h: float) -> tuple:
    t = scene.transform
    corners = ((x, y), (x + w, y), (x + w, y + h), (x, y + h))
    return tuple(t.to_board(px, py) for px, py in corners)


def legend_swatches(scene: Scene, entries: list[tuple[str, str]], heading: str) -> Scene:
    """A legend band under the board: a heading and one swatch per (name, colour)."""
    return legend_band(scene, [Entry(name, box_swatch(color)) for name, color in entries], heading)


def caption_overlay(scene: Scene, text: str) -> Scene:
    """Text in a band under the board (a verdict, a reason), wrapped to the picture's width."""
    font = legend_font(scene)
    lines = wrap_text(text, scene.width - 2 * MARGIN_PX, font)
    step = font * LINE_HEIGHT
    top = scene.height
    taller = replace(scene, height=round(top + step * len(lines) + font, 2))
    style = Style(fill=INK, font_size=font, anchor="start")
    prims: list[Primitive] = [
        Text(taller.transform.to_board(MARGIN_PX, top + font * 0.5 + step * (i + 0.5)), line, style)
        for i, line in enumerate(lines)
    ]
    return taller.add(ANNOTATIONS, prims)


def heatmap_overlay(
    scene: Scene,
    values: Mapping[Any, float],
    *,
    low: float | None = None,
    high: float | None = None,
    legend: str | None = "value",
    numbers: bool = False,
    fmt: Callable[[float], str] = lambda v: f"{v:g}",
    ends: tuple[str, str] = ("low", "high"),
) -> Scene:
    """Colour each cell (hex, square or table cell) by its value on the theme's colour scale;
    ``legend`` (a heading, or None) adds a colour bar from ``low`` to ``high`` under the board,
    each end named by its word in ``ends`` (e.g. ``("sheltered", "exposed")``)."""
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
        board_fill = theme.board_fill
        size = text_size(scene, theme.overlay_font_scale)
        for cell in order:
            color = contrast_text(mix(board_fill, scale.color(values[cell]), theme.heat_opacity))
            prims.append(
                Text(layout.cell_center(cell), fmt(values[cell]), Style(fill=color, font_size=size))
            )
    grounds = {
        cell: mix(theme.board_fill, scale.color(values[cell]), theme.heat_opacity) for cell in order
    }
    scene = _labels_over(scene.add(OVERLAYS, prims), grounds)
    if legend is not None:
        scene = _colour_bar(scene, lo, hi, legend, fmt, ends)
    return scene


def _labels_over(scene: Scene, grounds: Mapping[Any, str]) -> Scene:
    """The board's labels lifted over a strong tint (they would fade under it): drawn again in
    the annotations layer, each hex number re-inked to read on the tinted colour of its cell
    (``grounds``: cell -> colour as tinted). The labels layer stays the same value and the
    tint one batch; no counter stands on a label (the board placed them clear)."""
    theme, layout = _theme(scene), _layout(scene)
    lifted: list[Primitive] = []
    for prim in scene.layer(LABELS):
        if isinstance(prim, Texts):
            inks = []
            for x, y in prim.at.tolist():
                ground = grounds.get(layout.cell_at(x, y + 0.62 * _cell_units(scene)))
                inks.append(prim.style.fill if ground is None else theme.label_ink(ground))
            for ink in dict.fromkeys(inks):
                pick = [i for i, k in enumerate(inks) if k == ink]
                titles = tuple(prim.titles[i] for i in pick) if prim.titles else ()
                texts = tuple(prim.texts[i] for i in pick)
                lifted.append(Texts(prim.at[pick], texts, prim.style.with_(fill=ink), titles))
        elif isinstance(prim, Text) and prim.style.stroke:
            lifted.append(prim)
    return scene.add(ANNOTATIONS, lifted) if lifted else scene


def _colour_bar(
    scene: Scene,
    low: float,
    high: float,
    heading: str,
    fmt: Callable[[float], str],
    ends: tuple[str, str] = ("low", "high"),
) -> Scene:
    """A band with ``heading:``, then the low value and its word, the colour ramp, and the high
    value and its word (``ends``), e.g. ``hexes seen: 3 (few) ▮▮▮▮ 120 (many)``."""
    theme = _theme(scene)
    scale = theme.heat_scale(low, high)
    steps = 10

    def ramp(taller: Scene, x: float, y: float, size: float) -> list[Primitive]:
        width = size * RAMP_WIDTH / steps
        left = x - size * RAMP_WIDTH / 2
        out: list[Primitive] = []
        for i in range(steps):
            value = low + (high - low) * i / (steps - 1)
            box = _px_box(taller, left + i * width, y - size / 2, width, size)
            out.append(Polygon(box, Style(fill=scale.color(value))))
        return out

    low_text = f"{fmt(low)} ({ends[0]})" if ends[0] else fmt(low)
    high_text = f"{fmt(high)} ({ends[1]})" if ends[1] else fmt(high)
    entries = [Entry(low_text), Entry("", ramp, RAMP_WIDTH), Entry(high_text)]
    return legend_band(scene, entries, heading)


RAMP_WIDTH = 5.0
"""A heatmap's colour ramp is this many legend swatches wide."""
