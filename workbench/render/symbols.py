"""Terrain a player recognises without colour: a symbol per kind of terrain, drawn in every hex
of that kind (and in its legend swatch), so forest and hill differ in shape as well as hue.

A terrain type's symbol comes from its name (``forest``, ``hill``, ``ridge``, ``river``...:
the words the rulebooks use); a custom type with another name gets the marks of its rules
instead: a hatch if it blocks line of sight, a cross if it cannot be entered. Shapes are
drawn about a hex centre in hex sizes (centre to corner = 1), below the hex number (which sits
at -0.62) and inside the hex; ``unit`` scales them (a legend swatch is smaller than a hex).

>>> symbol_name("deployment forest", blocks_los=True, enterable=True)
'trees'
>>> symbol_name("swamp", blocks_los=False, enterable=False)
'cross'
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np
import numpy.typing as npt

from workbench.render.scene import Polygons, Primitive, Segments, Style
from workbench.render.themes import Theme, contrast_text, mix

SYMBOL_WORDS: tuple[tuple[str, str], ...] = (
    ("forest", "trees"),
    ("wood", "trees"),
    ("ridge", "ridge"),
    ("hill", "hill"),
    ("river", "water"),
    ("shallows", "water"),
    ("water", "water"),
    ("church", "building"),
    ("building", "building"),
    ("house", "building"),
    ("alley", "alley"),
    ("barren", "dots"),
    ("rubble", "dots"),
)
"""The first word found in a terrain type's name picks its symbol."""


def symbol_name(name: str, *, blocks_los: bool = False, enterable: bool = True) -> str | None:
    """The symbol of a terrain type: by its name, else by its rules, else none."""
    lowered = name.lower()
    for word, symbol in SYMBOL_WORDS:
        if word in lowered:
            return symbol
    if not enterable:
        return "cross"
    if blocks_los:
        return "hatch"
    return None


def _tree_triangles() -> npt.NDArray[np.float64]:
    spots = ((-0.36, 0.32), (0.36, 0.32), (0.0, 0.02))
    return np.array([((x, y - 0.3), (x + 0.17, y + 0.08), (x - 0.17, y + 0.08)) for x, y in spots])


def _trunks() -> npt.NDArray[np.float64]:
    spots = ((-0.36, 0.32), (0.36, 0.32), (0.0, 0.02))
    return np.array([((x, y + 0.08), (x, y + 0.2)) for x, y in spots])


def _hill_strokes() -> npt.NDArray[np.float64]:
    """Two nested contour chevrons."""
    strokes = []
    for w, top in ((0.45, -0.12), (0.25, 0.12)):
        base = top + w * 0.8
        strokes.append(((-w, base), (0.0, top)))
        strokes.append(((0.0, top), (w, base)))
    return np.array(strokes)


def _ridge_strokes() -> npt.NDArray[np.float64]:
    """A spine with hachures falling from it."""
    strokes = [((-0.5, 0.05), (0.5, 0.05))]
    for x in (-0.4, -0.2, 0.0, 0.2, 0.4):
        strokes.append(((x, 0.05), (x - 0.06, 0.35)))
    return np.array(strokes)


def _wave_strokes() -> npt.NDArray[np.float64]:
    strokes = []
    for y in (0.0, 0.32):
        xs = np.linspace(-0.5, 0.5, 7)
        ys = y + 0.08 * np.array([math.sin(i * math.pi / 2) for i in range(7)])
        strokes += [((xs[i], ys[i]), (xs[i + 1], ys[i + 1])) for i in range(6)]
    return np.array(strokes)


def _house() -> npt.NDArray[np.float64]:
    return np.array([((-0.3, 0.45), (-0.3, 0.05), (0.0, -0.22), (0.3, 0.05), (0.3, 0.45))])


def _alley_strokes() -> npt.NDArray[np.float64]:
    return np.array([((-0.12, -0.3), (-0.12, 0.7)), ((0.12, -0.3), (0.12, 0.7))])


def _dot_strokes() -> npt.NDArray[np.float64]:
    spots = ((-0.35, 0.05), (0.3, -0.05), (0.0, 0.3), (-0.3, 0.5), (0.35, 0.45))
    return np.array([((x, y), (x + 0.02, y)) for x, y in spots])


def _hatch_strokes() -> npt.NDArray[np.float64]:
    d = math.sqrt(0.5)
    strokes = []
    for k in (-0.3, 0.0, 0.3):
        half = math.sqrt(0.55**2 - k * k / 2) * 0.75
        x0, y0 = k * d, k * d + 0.12
        strokes.append(((x0 - half * d, y0 + half * d), (x0 + half * d, y0 - half * d)))
    return np.array(strokes)


_CROSS = np.array([((-0.22, -0.1), (0.22, 0.34)), ((-0.22, 0.34), (0.22, -0.1))])

_STROKES = {
    "hill": _hill_strokes(),
    "ridge": _ridge_strokes(),
    "water": _wave_strokes(),
    "alley": _alley_strokes(),
    "dots": _dot_strokes(),
    "hatch": _hatch_strokes(),
    "cross": _CROSS,
}


def symbol_ink(fill: str) -> str:
    """The symbol colour on a ground: the ground darkened (or lightened) enough to show."""
    return mix(fill, contrast_text(fill), 0.55)


def symbol_primitives(
    symbol: str | None,
    centers: npt.NDArray[np.float64],
    fill: str,
    th: Theme,
    *,
    unit: float = 1.0,
    px: float = 36.0,
) -> list[Primitive]:
    """The symbol drawn about each centre (board units; ``unit``: its scale; ``px``: pixels
    per board unit, for line widths)."""
    if symbol is None or not len(centers):
        return []
    ink = symbol_ink(fill)
    width = max(1.0, th.mark_width_px * 1.2 * min(1.0, px * unit / 30.0))
    centers = np.asarray(centers, dtype=float).reshape(-1, 2)
    prims: list[Primitive] = []
    if symbol == "trees":
        tri = centers[:, None, None, :] + _tree_triangles()[None] * unit
        trunk = centers[:, None, None, :] + _trunks()[None] * unit
        prims.append(Segments(trunk.reshape(-1, 2, 2), Style(stroke=ink, width=width * 1.5)))
        prims.append(Polygons(tri.reshape(-1, 3, 2), Style(fill=ink)))
    elif symbol == "building":
        shape = centers[:, None, None, :] + _house()[None] * unit
        prims.append(Polygons(shape.reshape(-1, 5, 2), Style(fill=ink, stroke=ink, width=1.0)))
    else:
        strokes = centers[:, None, None, :] + _STROKES[symbol][None] * unit
        dots = symbol == "dots"
        style = Style(stroke=ink, width=width * (3.0 if dots else 1.0))
        prims.append(Segments(strokes.reshape(-1, 2, 2), style))
    return prims


def terrain_symbol(kind: Any) -> str | None:
    """The symbol of a terrain type value (``name``, ``blocks_los``, ``enterable``)."""
    return symbol_name(
        kind.name,
        blocks_los=bool(getattr(kind, "blocks_los", False)),
        enterable=bool(getattr(kind, "enterable", True)),
    )
