"""Where things go in a hex: its number at the top edge, as a printed map has it, and a
counter below it as large as it can be without covering a hex number, its own or a
neighbour's (:func:`hex_room`); and the fonts of hex numbers and counter names. The map's
picture keeps the room in its layout (``HexLayout.room``), so a game that draws counters on a
hex map puts them there.

Board units are hex sizes (centre to corner = 1).

>>> room = hex_room("flat", 36.0, 9.0, 20.0, True)
>>> room.number_dy < 0 < room.counter_dy, room.radius <= LARGEST
(True, True)
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache

import numpy as np
import numpy.typing as npt

from workbench.render.labels import ASCENT
from workbench.render.themes import Theme

MARGIN_PX = 1.5  # the least gap between a counter and a hex number, in pixels
LARGEST = 0.62  # the largest counter radius in hex sizes (room for a tag beside it)
OVERHANG = 0.12  # how far a counter may reach over its hex's side (as a printed one does)


@dataclass(frozen=True)
class HexRoom:
    """Where things go in a hex drawn ``px`` pixels to the hex size: the hex number's centre
    ``number_dy`` above or below the hex's centre (hex sizes), and a counter's centre
    ``counter_dy`` below it with its ``radius``."""

    number_dy: float
    number_font: float
    counter_dy: float
    radius: float


def number_font(th: Theme, px: float) -> float:
    """The hex numbers' font size: small, never under the theme's least label size."""
    return max(th.label_min_px, round(th.label_scale * px, 1))


def name_font(th: Theme, px: float) -> float:
    """The counter names' font size: never under the theme's least name size."""
    return max(th.name_min_px, round(th.counter_text_scale * px, 1))


_SQRT3 = math.sqrt(3)
_NEIGHBOURS = {  # a hex's centre and its six neighbours' (hex size 1)
    "pointy": (
        (0.0, 0.0),
        *((s * _SQRT3, 0.0) for s in (-1, 1)),
        *((sx * _SQRT3 / 2, sy * 1.5) for sx in (-1, 1) for sy in (-1, 1)),
    ),
    "flat": (
        (0.0, 0.0),
        *((0.0, s * _SQRT3) for s in (-1, 1)),
        *((sx * 1.5, sy * _SQRT3 / 2) for sx in (-1, 1) for sy in (-1, 1)),
    ),
}
_APOTHEM = math.sqrt(3) / 2


def _edge_normals(orientation: str) -> npt.NDArray[np.float64]:
    """Unit normals of a hex's six sides (size 1, centre 0), each side at the apothem."""
    first = 30.0 if orientation == "pointy" else 0.0  # a pointy hex's sides face 30°, 90°...
    angles = np.radians(first + 60.0 * np.arange(6))
    return np.column_stack([np.sin(angles), -np.cos(angles)])


@lru_cache(maxsize=128)
def hex_room(
    orientation: str, px: float, font: float, number_px: float, numbers: bool, line_px: float = 2.0
) -> HexRoom:
    """The room in a hex (see :class:`HexRoom`) for a number ``number_px`` pixels wide in a
    ``font`` pixel font: the number as high in the hex as it goes with its box inside the hex
    and clear of its sides (``line_px`` wide), and the counter under it as large as it can be
    (up to :data:`LARGEST`) inside the hex and clear of that number and the numbers of the six
    hexes around.

    >>> room = hex_room("pointy", 22.4, 9.0, 22.9, True)
    >>> round(room.number_dy, 2), round(room.counter_dy, 2), round(room.radius, 2)
    (-0.37, 0.44, 0.51)
    """
    normals = _edge_normals(orientation)
    gap = (line_px / 2 + 1.0) / px
    height = 2 * ASCENT * font / px
    half_w = number_px / px / 2
    upper = normals[normals[:, 1] < -1e-9]
    # the box's top corners (±half_w, top) inside every upper side, ``gap`` in from it
    top = float(max((_APOTHEM - gap - abs(n[0]) * half_w) / n[1] for n in upper))
    if not numbers:
        return HexRoom(top + height / 2, font, 0.0, LARGEST)
    offsets = np.array(_NEIGHBOURS[orientation])
    boxes = np.column_stack(
        [
            offsets[:, 0] - half_w,
            offsets[:, 1] + top,
            offsets[:, 0] + half_w,
            offsets[:, 1] + top + height,
        ]
    )
    margin = MARGIN_PX / px
    best = (-1.0, 0.0)
    for dy in np.linspace(-0.1, 0.5, 61).tolist():
        nearest_x = np.clip(0.0, boxes[:, 0], boxes[:, 2])
        nearest_y = np.clip(dy, boxes[:, 1], boxes[:, 3])
        clear = float(np.hypot(nearest_x, nearest_y - dy).min())
        inside = float((_APOTHEM - normals[:, 1] * dy).min())  # to the hex's nearest side
        radius = min(LARGEST, clear - margin, inside + OVERHANG)
        if radius > best[0] + 1e-9:
            best = (radius, dy)
    return HexRoom(top + height / 2, font, best[1], max(0.2, best[0]))


__all__ = ["LARGEST", "HexRoom", "hex_room", "name_font", "number_font"]
