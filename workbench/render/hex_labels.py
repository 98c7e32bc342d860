"""The words on a hex map, as a printed map sets them: its title over the frame, the names of
its places and zones, and a small number at the top edge of every hex.

Labels are placed most important first, each in the first free spot among its candidates:
place names, then zone names, then hex numbers, which give way where a name lies over them
(the number is in the hex's hover title). Boxes given as ``reserved`` (counters, in board
units) are kept clear of, so a place's name is never under a tank.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import Any

import numpy as np
import numpy.typing as npt

from workbench.boards.hexmap import HexMap
from workbench.render.counters import HexRoom
from workbench.render.labels import (
    ASCENT,
    Box,
    Placer,
    around,
    box_text,
    fit_text,
    text_box_px,
    text_width,
)
from workbench.render.scene import Circle, Primitive, Style, Text, Texts, Transform
from workbench.render.themes import Theme, readable

TITLE_SCALE = 0.55  # the map's title in hex sizes (at least a name's least size and 2 px)


def title_font(th: Theme, px: float) -> float:
    """The map title's font size."""
    return max(th.name_min_px + 2.0, round(TITLE_SCALE * px, 1))


def place_font(th: Theme, px: float, scale: float = 1.0) -> float:
    """The font size of place names (``scale`` 0.85: zone names)."""
    return max(th.name_min_px, round(th.place_scale * scale * px, 1))


def px_box(t: Transform, b: Sequence[float]) -> Box:
    """A box given in board units (x0, y0, x1, y1), in pixels."""
    (x0, y0), (x1, y1) = t.to_pixel(b[0], b[1]), t.to_pixel(b[2], b[3])
    return Box(x0, y0, x1, y1)


def map_labels(
    hexmap: HexMap,
    layout: Any,
    transform: Transform,
    size: tuple[float, float],
    th: Theme,
    room: HexRoom,
    *,
    numbers: bool = True,
    reserved: Sequence[Sequence[float]] = (),
    by_type: Mapping[str, npt.NDArray[np.intp]] | None = None,
    fills: Mapping[str, str] | None = None,
) -> list[Primitive]:
    """The map's labels (see the module): the title, a dot and a name for each place, each
    zone's name, and (``numbers``) the hex numbers in an ink that reads on each hex's terrain
    (``by_type``: the hexes of each terrain type in the grid's order, ``fills``: its colour)."""
    px = transform.scale
    grid = layout.grid
    boxes = [px_box(transform, b) for b in reserved]
    placer = Placer(size[0], size[1], boxes)
    out: list[Primitive] = []
    if hexmap.name:
        out.append(_title(hexmap.name, transform, size, th, placer))
    style = Style(
        fill=th.place_color, stroke=th.halo, width=3.0, font_size=place_font(th, px), bold=True
    )
    for cell in sorted(hexmap.places):
        centre = layout.cell_center(cell)
        cx, cy = transform.to_pixel(*centre)
        out.append(Circle(centre, 0.12, Style(fill=th.place_color), hexmap.places[cell]))
        occupied = any(b.overlaps(Box(cx - 1, cy - 1, cx + 1, cy + 1)) for b in boxes)
        text = _place_label(placer, cx, cy, px, hexmap.places[cell], style, occupied, room)
        if text is not None:
            out.append(box_text(*text, transform, grid.label(cell)))
    for i, zone_name in enumerate(sorted(hexmap.zones)):
        if not hexmap.zones[zone_name]:
            continue
        color = th.zone_colors[i % len(th.zone_colors)]
        zone_style = Style(
            fill=readable(color, th.halo),
            stroke=th.halo,
            width=3.0,
            font_size=place_font(th, px, 0.85),
            bold=True,
        )
        cells = sorted(hexmap.zones[zone_name], key=lambda c: (c.r, c.q))
        spots = [transform.to_pixel(*layout.cell_center(c)) for c in cells[:12]]
        rows = (room.counter_dy + 0.45, room.counter_dy - 0.3, room.counter_dy)
        candidates = [
            text_box_px(x, y + dy * px, zone_name, zone_style) for x, y in spots for dy in rows
        ]
        candidates += [  # else on the zone's line of hex numbers (they give way to it)
            text_box_px(x, y + dy * px, zone_name, zone_style)
            for dy in (room.number_dy, room.number_dy - 0.25)
            for x, y in spots
        ]
        found = placer.place(candidates)
        if found is not None:
            out.append(box_text(found, zone_name, zone_style, transform, f"zone {zone_name}"))
    if numbers and by_type is not None and fills is not None:  # the room in each hex keeps
        # every counter clear of the numbers already: they give way to names only
        names = Placer(size[0], size[1], placer.taken[len(boxes) :])
        out += hex_numbers(names, transform, layout, by_type, fills, th, room)
    return out


def _title(name: str, t: Transform, size: tuple[float, float], th: Theme, placer: Placer) -> Text:
    """The map's name centred over its frame (in the band the scene leaves for it)."""
    font = title_font(th, t.scale)
    style = Style(fill=th.place_color, font_size=font, bold=True)
    text = fit_text(name, size[0] - 8.0, font, True)
    box = text_box_px(size[0] / 2, t.offset_y - title_gap(th, t.scale) / 2, text, style)
    placer.take(box)
    return box_text(box, text, style, t, name)


def title_gap(th: Theme, px: float) -> float:
    """The height of the band over the map's frame that holds its title."""
    return title_font(th, px) * 1.7


def _place_label(
    placer: Placer,
    cx: float,
    cy: float,
    px: float,
    name: str,
    style: Style,
    occupied: bool,
    room: HexRoom,
) -> tuple[Box, str, Style] | None:
    """A place name's spot: under its dot, else under or over the counter standing there, else
    beside; shortened to two hexes' width if it fits nowhere whole."""
    half = ASCENT * style.font_size + style.width / 2
    low = (room.counter_dy + room.radius) * px + half + 1
    high = (room.counter_dy - room.radius) * px - half - 1
    offsets = [(0.0, room.counter_dy * px + half)] if not occupied else []
    offsets += [(0.0, low), (0.0, high), (0.0, 1.0 * px), (0.0, -1.0 * px)]
    for text in (name, fit_text(name, 2.0 * px, style.font_size, True)):
        found = placer.place(around(cx, cy, text, style, offsets))
        if found is not None:
            return found, text, style
    return None


def hex_numbers(
    placer: Placer,
    transform: Transform,
    layout: Any,
    by_type: Mapping[str, npt.NDArray[np.intp]],
    fills: Mapping[str, str],
    th: Theme,
    room: HexRoom,
) -> list[Primitive]:
    """Hex numbers at the top edge of each hex, small, in an ink that reads on its terrain,
    where they do not run into a label placed before."""
    font = room.number_font
    centers = layout.board_centers()
    names = layout.board_labels()
    at = centers + np.array([0.0, room.number_dy])
    pixel = at * transform.scale + np.array([transform.offset_x, transform.offset_y])
    widths = number_widths(tuple(names), font) / 2
    half = ASCENT * font
    boxes = np.column_stack(
        [pixel[:, 0] - widths, pixel[:, 1] - half, pixel[:, 0] + widths, pixel[:, 1] + half]
    )
    free = placer.free_mask(boxes)
    by_ink: dict[str, list[npt.NDArray[np.intp]]] = {}
    for name in sorted(by_type):
        by_ink.setdefault(th.label_ink(fills[name]), []).append(by_type[name])
    out: list[Primitive] = []
    every = np.array(names, dtype=object)
    for ink, parts in by_ink.items():
        index = np.sort(np.concatenate(parts))
        index = index[free[index]]
        if len(index):
            chosen = tuple(every[index].tolist())
            out.append(Texts(at[index], chosen, Style(fill=ink, font_size=font)))
    return out


@lru_cache(maxsize=16)
def number_widths(names: tuple[str, ...], font: float) -> npt.NDArray[np.float64]:
    """The widths of a board's hex numbers (the same board is drawn again and again)."""
    return np.array([text_width(n, font) for n in names])


def widest_number(layout: Any, font: float) -> float:
    """The width in pixels of the widest hex number of a layout's grid."""
    return float(number_widths(tuple(layout.board_labels()), font).max(initial=0.0))
