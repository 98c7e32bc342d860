"""Labels, symbols and legend swatches for the pieces of square boards and open tables, shared
by the games that draw them (each game's ``render`` keeps only its own drawing): a terrain
piece's name wrapped inside it and its symbol repeated across it, a square's swatch, a tank's
silhouette as a swatch, and a flag in its owner's colour.

>>> rect(1.0, 2.0, 3.0, 4.0)
((1.0, 2.0), (4.0, 2.0), (4.0, 6.0), (1.0, 6.0))
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

import numpy as np

from workbench.geometry.table import Hull
from workbench.render.labels import LINE_HEIGHT, Box, fit_text, text_box, text_width, wrap_text
from workbench.render.legend import box_swatch
from workbench.render.scene import Point, Primitive, Scene, Style, Text, Transform
from workbench.render.silhouettes import reach, silhouette_parts
from workbench.render.symbols import symbol_name, symbol_primitives
from workbench.render.themes import Theme, contrast_text

__all__ = [
    "area_label",
    "fitted",
    "hull_box",
    "piece_label",
    "piece_symbols",
    "rect",
    "square_swatch",
    "symbol_name",
    "symbol_primitives",
    "tank_swatch",
]


def piece_label(
    piece: Any, color: str, font: float, px_per_cm: float, depth: float = math.inf
) -> list[Text]:
    """A terrain piece's name inside it: wrapped to the piece's width, at most as many lines
    as its height holds, centred on the piece. A name that would be cut there (a one-word
    "Farmhouse" on a small building) is set whole on the table under the piece (over it
    where the table, ``depth`` cm deep, ends first), dark on a white halo."""
    x0, y0, x1, y1 = piece.polygon.bounds
    room = (x1 - x0) * px_per_cm * 0.9 - 4.0
    rows = max(1, int((y1 - y0) * px_per_cm * 0.9 // (font * LINE_HEIGHT)))
    lines = wrap_text(piece.name, room, font, max_lines=rows)
    c = piece.polygon.representative_point()
    cx = (x0 + x1) / 2 if piece.polygon.contains(_point((x0 + x1) / 2, c.y)) else c.x
    step = font * LINE_HEIGHT / px_per_cm
    title = f"{piece.name} ({piece.kind})"
    if any(line.endswith("…") for line in lines) and not piece.name.endswith("…"):
        outside = Style(fill="#1a1a1a", stroke="#ffffff", width=3.0, font_size=font)
        below = y1 + step * 0.7
        y = below if below + step / 2 <= depth else y0 - step * 0.7
        return [Text(((x0 + x1) / 2, y), piece.name, outside, title)]
    top = c.y - step * (len(lines) - 1) / 2
    style = Style(fill=contrast_text(color), font_size=font)
    return [Text((cx, top + i * step), line, style, title) for i, line in enumerate(lines)]


SYMBOL_SPACING_CM = 5.0  # symbols repeat across a piece this far apart (a drawing choice)


def piece_symbols(
    piece: Any, color: str, th: Theme, px_per_cm: float, label: Sequence[Text]
) -> list[Primitive]:
    """The piece's symbol (trees in woods, a house in a building...) repeated across it, kept
    off its name, so a piece reads by shape as well as by colour."""
    symbol = symbol_name(piece.kind)
    if symbol is None or not label:
        return []
    unit = SYMBOL_SPACING_CM * 0.5
    t = Transform(px_per_cm)
    boxes = [text_box(p, t) for p in label]
    x0, y0, x1, y1 = piece.polygon.bounds
    spots = []
    step = SYMBOL_SPACING_CM
    within = piece.polygon.buffer(-unit * 0.6)  # once: the symbols keep off the piece's edge
    for y in np.arange(y0 + step / 2, y1, step):
        for x in np.arange(x0 + step / 2, x1, step):
            reach = (x - 0.55 * unit, y - 0.35 * unit, x + 0.55 * unit, y + 0.55 * unit)
            around = Box(*(v * px_per_cm for v in reach))  # what a symbol covers
            inside = within.contains(_point(x, y))
            if inside and not any(around.overlaps(b) for b in boxes):
                spots.append((x, y))
    return symbol_primitives(symbol, np.array(spots), color, th, unit=unit, px=px_per_cm)


def _point(x: float, y: float) -> Any:
    from shapely.geometry import Point as ShapelyPoint

    return ShapelyPoint(x, y)


def square_swatch(kind: str, fill: str, th: Theme) -> Any:
    """A legend swatch: the square's colour and its symbol."""
    plain = box_swatch(fill)

    def draw(scene: Scene, x: float, y: float, size: float) -> list[Primitive]:
        t = scene.transform
        centre = np.array([t.to_board(x, y)])
        unit = size * 0.45 / t.scale
        return plain(scene, x, y, size) + symbol_primitives(
            symbol_name(kind), centre, fill, th, unit=unit, px=t.scale
        )

    return draw


def tank_swatch(fill: str, stroke: str = "#111111") -> Any:
    """A legend swatch: a tank seen from above in a side's colour, facing right."""

    def draw(scene: Scene, x: float, y: float, size: float) -> list[Primitive]:
        t = scene.transform
        length = size * 0.5 / reach(1.0) / t.scale
        parts = silhouette_parts(
            t.to_board(x, y), (1.0, 0.0), None, length, fill, stroke, 1.0,
            least_barrel=1.0 / t.scale,
        )  # fmt: skip
        return [prim for _, prim in parts]

    return draw


def rect(x: float, y: float, w: float, h: float) -> tuple[Point, ...]:
    return ((x, y), (x + w, y), (x + w, y + h), (x, y + h))


def fitted(text: str, width: float, font: float, least: float = 8.0) -> tuple[float, str]:
    """A font size and the text to draw in ``width`` pixels: the text whole at ``font`` or a
    size or two smaller (never below ``least``), else shortened with an ellipsis."""
    size = max(least, font)
    while text_width(text, size, True) > width and size * 0.9 >= least:
        size = round(size * 0.9, 1)
    return size, fit_text(text, width, size, True)


def area_label(area: Any, name: str, style: Style, hulls: Sequence[Hull], px_per_cm: float) -> Text:
    """An area's name (a deployment area) at a point inside it clear of the tank hulls
    standing there: the area's own representative point, else the first of a few inside it."""
    t = Transform(px_per_cm)
    c = area.representative_point()
    x0, y0, x1, y1 = area.bounds
    spots = [(c.x, c.y)] + [
        (x0 + (x1 - x0) * fx, y0 + (y1 - y0) * fy)
        for fy in (0.25, 0.5, 0.75)
        for fx in (0.25, 0.5, 0.75)
    ]
    for x, y in spots:
        text = Text((x, y), name, style)
        box = text_box(text, t)
        if not area.contains(_point(x, y)):
            continue
        if not any(box.overlaps(hull_box(h, t)) for h in hulls):
            return text
    return Text((c.x, c.y), name, style)


def hull_box(hull: Hull, t: Transform) -> Box:
    """The pixel box round a hull's corners."""
    xs, ys = zip(*((float(x), float(y)) for x, y in hull.corners()), strict=True)
    (a, b), (c, d) = t.to_pixel(min(xs), min(ys)), t.to_pixel(max(xs), max(ys))
    return Box(a, b, c, d)
