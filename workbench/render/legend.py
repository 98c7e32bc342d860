"""Legends: what a board uses (terrain with its symbol and what it does, hexside features,
zones, the sides' colours, markers), as a band under a picture or as a picture of its own.

Each entry is a name and a swatch: a function that draws a small sample about a pixel centre.
A band makes the scene taller and never wider, wrapped over as many rows as the width needs;
a name too long for a row is shortened. :func:`legend_of` draws a board's legend on its own
(the teacher app shows it in a section of its own), one entry a row: each game's render
module registers the entries of its boards and states with ``@legend_entries.register``.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Any

from workbench.discovery import import_new, parts
from workbench.render.labels import fit_text, text_width, wrap_text
from workbench.render.scene import (
    ANNOTATIONS,
    Polygon,
    Polyline,
    Primitive,
    Scene,
    Style,
    Text,
    Transform,
)
from workbench.render.themes import DEFAULT, Theme, theme_named

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


def legend_band(
    scene: Scene, entries: Sequence[Entry], heading: str = "", *, one_per_row: bool = False
) -> Scene:
    """The scene made taller by a band holding ``heading:`` and the entries, row after row
    (``one_per_row``: each entry on a row of its own)."""
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
        if one_per_row:  # a long name wraps over the rows under it, indented like it
            lines = wrap_text(text, room, font, bold, max_lines=3) if text else [""]
            if x > MARGIN_PX:
                row, x = row + 1, MARGIN_PX
            placed.append((row, x, lines[0], bold, draw, sw))
            for line in lines[1:]:
                row += 1
                placed.append((row, x + lead, line, bold, None, 0.0))
            x += lead + max(text_width(line, font, bold) for line in lines) + font * 0.8
            continue
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
        h = size / 2
        t = scene.transform
        corners = tuple(t.to_board(px, py) for px, py in _square(x, y, h))
        return [Polygon(corners, Style(fill=fill, stroke=stroke, width=1.0, opacity=opacity))]

    return draw


def line_swatch(style: Style, casing: Style | None = None) -> Swatch:
    """A short line (a hexside feature, a zone's border, a road)."""

    def draw(scene: Scene, x: float, y: float, size: float) -> list[Primitive]:
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


# --- a board's legend as a picture of its own ------------------------------------------------
class NoLegend(TypeError):
    """A value no game registered a legend for (a game a user added without pictures)."""


@functools.singledispatch
def legend_entries(value: Any, th: Theme, px: float) -> list[Entry]:
    """The legend entries of a board, game state or scenario (``px``: the cell size the
    board is drawn at, for the swatches' line widths): each game registers its types."""
    if import_new(parts("render")):  # a game's pictures added since
        return legend_entries(value, th, px)
    raise NoLegend(f"no legend for a {type(value).__name__}: expected a board or game state")


LEGEND_WIDTH = 420.0
"""A legend's width in pixels when none is asked for: the teacher app's side panel."""


def legend_scene(
    value: Any,
    *,
    theme: Theme | str | None = None,
    width: float = LEGEND_WIDTH,
    size: float = 36.0,
    heading: str = "Legend",
) -> Scene:
    """A board's legend as a picture of its own, ``width`` pixels wide, one entry a row:
    each terrain with its colour, symbol and what it does, the hexside features, the zones,
    each side's colour and the markers in play (``size``: the board's cell size, as
    ``show`` takes it)."""
    th = theme_named(theme)
    px = size * th.zoom
    blank = Scene(width, 1.0, Transform(px), theme=th, title=heading)
    return legend_band(blank, legend_entries(value, th, px), heading, one_per_row=True)
