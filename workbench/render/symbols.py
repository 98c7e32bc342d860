"""Terrain a player recognises without colour: a symbol per kind of terrain, drawn in every hex
of that kind (and in its legend swatch), so forest and hill differ in shape as well as hue.

A terrain type's symbol comes from its name (``forest``, ``hill``, ``ridge``, ``river``...:
the words the rulebooks use); a custom type with another name gets the marks of its rules
instead: a hatch if it blocks line of sight, a cross if it cannot be entered. Shapes are
drawn about a hex centre in hex sizes (centre to corner = 1), in the hex's lower part, clear of
its number at its top edge; ``unit`` scales them (a legend swatch is smaller than a hex). They
follow the printed maps: woods as tree crowns, buildings as roofs, hills in lighter steps as
they rise, a ridge as a spine with hachures, water as waves.

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

from workbench.render.scene import Point, Polygons, Primitive, Segments, Style
from workbench.render.themes import Theme, contrast_text, mix

SYMBOL_WORDS: tuple[tuple[str, str], ...] = (
    ("barren ridge", "barren ridge"),
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


def _octagons(spots: tuple[Point, ...], radius: float) -> npt.NDArray[np.float64]:
    ring = [
        (radius * math.cos(math.pi * (k + 0.5) / 4), radius * math.sin(math.pi * (k + 0.5) / 4))
        for k in range(8)
    ]
    return np.array([[(x + dx, y + dy) for dx, dy in ring] for x, y in spots])


_CANOPIES = _octagons(
    ((-0.44, 0.12), (0.44, 0.12), (0.0, 0.02), (-0.22, 0.44), (0.22, 0.44), (0.0, 0.74)), 0.19
)
"""Round tree crowns seen from above, as printed maps draw woods."""

_ROOF = np.array([((-0.46, 0.0), (0.46, 0.0), (0.46, 0.62), (-0.46, 0.62))])
_ROOF_LINES = np.array(
    [
        ((-0.2, 0.31), (0.2, 0.31)),  # the ridge
        ((-0.46, 0.0), (-0.2, 0.31)),
        ((-0.46, 0.62), (-0.2, 0.31)),
        ((0.46, 0.0), (0.2, 0.31)),
        ((0.46, 0.62), (0.2, 0.31)),
    ]
)
"""A hipped roof seen from above: its eaves, ridge and hips."""


def _hex_ring(scale: float, dy: float) -> npt.NDArray[np.float64]:
    corners = [
        (scale * math.cos(math.radians(a)), dy + scale * math.sin(math.radians(a)))
        for a in range(-90, 270, 60)
    ]
    return np.array([corners])


_HILL_STEPS = ((_hex_ring(0.66, 0.14), 0.2), (_hex_ring(0.36, 0.2), 0.4))
"""A hill's layers, lighter as they rise (as a printed map shades its hills)."""


def _ridge_strokes() -> npt.NDArray[np.float64]:
    """A spine with hachures falling from it on both sides."""
    strokes = [((-0.62, 0.25), (0.62, 0.25))]
    for x in (-0.45, -0.25, -0.05, 0.15, 0.35, 0.55):
        strokes.append(((x, 0.25), (x - 0.07, 0.52)))
        strokes.append(((x - 0.1, 0.25), (x - 0.03, 0.02)))
    return np.array(strokes)


def _wave_strokes() -> npt.NDArray[np.float64]:
    strokes = []
    for y in (0.12, 0.42, 0.7):
        width = 0.5 if y < 0.6 else 0.3
        xs = np.linspace(-width, width, 7)
        ys = y + 0.07 * np.array([math.sin(i * math.pi / 2) for i in range(7)])
        strokes += [((xs[i], ys[i]), (xs[i + 1], ys[i + 1])) for i in range(6)]
    return np.array(strokes)


def _alley_strokes() -> npt.NDArray[np.float64]:
    return np.array([((-0.12, -0.1), (-0.12, 0.85)), ((0.12, -0.1), (0.12, 0.85))])


_DOT_SPOTS = ((-0.35, 0.1), (0.3, 0.0), (0.0, 0.32), (-0.3, 0.56), (0.35, 0.5), (0.02, 0.78))


def _dot_strokes() -> npt.NDArray[np.float64]:
    return np.array([((x, y), (x + 0.02, y)) for x, y in _DOT_SPOTS])


def _hatch_strokes() -> npt.NDArray[np.float64]:
    d = math.sqrt(0.5)
    strokes = []
    for k in (-0.3, 0.0, 0.3):
        half = math.sqrt(0.55**2 - k * k / 2) * 0.75
        x0, y0 = k * d, k * d + 0.3
        strokes.append(((x0 - half * d, y0 + half * d), (x0 + half * d, y0 - half * d)))
    return np.array(strokes)


_CROSS = np.array([((-0.22, 0.08), (0.22, 0.52)), ((-0.22, 0.52), (0.22, 0.08))])

_STROKES = {
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

    def shapes(shape: npt.NDArray[np.float64]) -> npt.NDArray[np.float64]:
        placed = centers[:, None, None, :] + shape[None] * unit
        return placed.reshape(-1, shape.shape[1], 2)

    if symbol == "trees":
        crown = Style(fill=mix(fill, "#000000", 0.3), stroke=ink, width=max(0.8, width * 0.7))
        prims.append(Polygons(shapes(_CANOPIES), crown))
    elif symbol == "building":
        roof = Style(fill=mix(fill, "#5a2418", 0.45), stroke=ink, width=max(0.8, width * 0.8))
        prims.append(Polygons(shapes(_ROOF), roof))
        prims.append(Segments(shapes(_ROOF_LINES), Style(stroke=ink, width=max(0.8, width * 0.8))))
    elif symbol == "hill":
        for ring, lighter in _HILL_STEPS:
            step = Style(
                fill=mix(fill, "#ffffff", lighter), stroke=ink, width=max(0.6, width * 0.5)
            )
            prims.append(Polygons(shapes(ring), step))
    else:
        for name in ("ridge", "dots") if symbol == "barren ridge" else (symbol,):
            dots = name == "dots"
            style = Style(stroke=ink, width=width * (3.0 if dots else 1.0))
            prims.append(Segments(shapes(_STROKES[name]), style))
    return prims


def terrain_symbol(kind: Any) -> str | None:
    """The symbol of a terrain type value (``name``, ``blocks_los``, ``enterable``)."""
    return symbol_name(
        kind.name,
        blocks_los=bool(getattr(kind, "blocks_los", False)),
        enterable=bool(getattr(kind, "enterable", True)),
    )
