"""Bands under a picture: a legend of what the board uses (terrain with its symbol, hexside
features, zones, markers), wrapped over as many rows as the picture's width needs.

Each entry is a name and a swatch: a function that draws a small sample about a pixel centre.
A band makes the scene taller and never wider; a name too long for a row is shortened (its
full text stays in the swatch's hover title).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace

from workbench.render.labels import fit_text, text_width
from workbench.render.scene import ANNOTATIONS, Primitive, Scene, Style, Text
from workbench.render.themes import DEFAULT, Theme

Swatch = Callable[[Scene, float, float, float], list[Primitive]]
"""Draws a sample of ``size`` pixels about pixel ``(x, y)`` of the scene."""

INK = "#111111"
MARGIN_PX = 8.0


@dataclass(frozen=True)
class Entry:
    """A legend entry: a swatch (``width`` swatches wide) followed by a name."""

    name: str
    swatch: Swatch | None = None
    width: float = 1.0


def _theme(scene: Scene) -> Theme:
    return scene.theme if isinstance(scene.theme, Theme) else DEFAULT


def legend_font(scene: Scene) -> float:
    th = _theme(scene)
    return th.legend_font_px * th.zoom


def legend_band(scene: Scene, entries: Sequence[Entry], heading: str = "") -> Scene:
    """The scene made taller by a band holding ``heading:`` and the entries, row after row."""
    if not entries and not heading:
        return scene
    font = legend_font(scene)
    row_h = font * 2.0
    swatch = font * 1.3
    right = scene.width - MARGIN_PX
    items: list[tuple[str, bool, Swatch | None, float]] = []
    if heading:
        items.append((heading + ":", True, None, 0.0))
    items += [(e.name, False, e.swatch, e.width) for e in entries]
    # row, x, text, bold, swatch, swatch width
    placed: list[tuple[int, float, str, bool, Swatch | None, float]] = []
    row, x = 0, MARGIN_PX
    for text, bold, draw, wide in items:
        sw = swatch * wide
        lead = sw + font * 0.4 if draw else 0.0
        room = right - MARGIN_PX - lead
        text = fit_text(text, room, font, bold) if text else ""
        need = lead + text_width(text, font, bold)
        if x > MARGIN_PX and x + need > right:
            row, x = row + 1, MARGIN_PX
        placed.append((row, x, text, bold, draw, sw))
        x += need + font * 0.8
    top = scene.height
    taller = replace(scene, height=round(top + (row + 1) * row_h + font * 0.4, 2))
    t = taller.transform
    prims: list[Primitive] = []
    for row_i, x, text, bold, draw, sw in placed:
        y = top + font * 0.2 + row_h * (row_i + 0.5)
        if draw is not None:
            prims += draw(taller, x + sw / 2, y, swatch)
            x += sw + font * 0.4
        if text:
            style = Style(fill=INK, font_size=font, bold=bold, anchor="start")
            prims.append(Text(t.to_board(x, y), text, style))
    return taller.add(ANNOTATIONS, prims)


def box_swatch(fill: str, stroke: str = "#333333", opacity: float = 1.0) -> Swatch:
    """A filled square."""

    def draw(scene: Scene, x: float, y: float, size: float) -> list[Primitive]:
        from workbench.render.scene import Polygon

        h = size / 2
        t = scene.transform
        corners = tuple(t.to_board(px, py) for px, py in _square(x, y, h))
        return [Polygon(corners, Style(fill=fill, stroke=stroke, width=1.0, opacity=opacity))]

    return draw


def line_swatch(style: Style, casing: Style | None = None) -> Swatch:
    """A short line (a hexside feature, a zone's border, a road)."""

    def draw(scene: Scene, x: float, y: float, size: float) -> list[Primitive]:
        from workbench.render.scene import Polyline

        t = scene.transform
        a, b = t.to_board(x - size / 2, y), t.to_board(x + size / 2, y)
        out: list[Primitive] = []
        if casing is not None:
            out.append(Polyline((a, b), casing))
        out.append(Polyline((a, b), style))
        return out

    return draw


def _square(x: float, y: float, h: float) -> tuple[tuple[float, float], ...]:
    return ((x - h, y - h), (x + h, y - h), (x + h, y + h), (x - h, y + h))
