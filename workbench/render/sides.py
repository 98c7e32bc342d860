"""The colours of the sides: always distinct, by side, in every picture of a game.

Every game's pictures ask :func:`side_colors` for the colours of its sides, given in the
game's own order (Panzer Vor!'s scenario order, Panzer Strike's turn order, TANKS' sides by
name) with the colours the game's files prefer (a school's colour from the roster). The
preferred colours are used when each reads on the board and every two of them stay apart for
every reader; otherwise the first side takes the first colour of :data:`SIDE_PALETTE`, the
second the second, and so on. So both Mock Battle teams (Ōarai light blue, both) are blue and
orange, and a side keeps its colour at every step of a game.

"Read on the board": a contrast of at least :data:`MIN_CONTRAST` (WCAG 2's 3:1 for graphics)
against the board's ground; a preferred colour too light for that is shown as a deeper shade
of itself (its CIELAB lightness lowered, hue and chroma kept). "Apart": a CIEDE2000 difference
of at least :data:`MIN_DIFFERENCE` in normal vision and as readers with deuteranopia and
protanopia see them (:mod:`workbench.render.perception`).

>>> side_colors(("Team A", "Team B"), {"Team A": "#8ecae6", "Team B": "#8ecae6"})
{'Team A': '#0072b2', 'Team B': '#c25400'}
>>> side_colors(("Ōarai", "Pravda"), {"Ōarai": "#8ecae6", "Pravda": "#d9544d"})
{'Ōarai': '#4c8aa4', 'Pravda': '#d9544d'}
"""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from functools import lru_cache
from itertools import combinations
from typing import Any

from workbench.discovery import import_new, parts
from workbench.render.perception import lab, least_difference, with_lightness
from workbench.render.themes import Theme, contrast_ratio, theme_named

SIDE_PALETTE: tuple[str, ...] = ("#0072b2", "#c25400", "#007a5a", "#b0417e")
"""The sides' colours by their order in the game: the Okabe–Ito blue and vermillion (Okabe &
Ito 2008), the vermillion a shade deeper so that both have a 3:1 contrast on every shipped
board's ground; they stay 48 CIEDE2000 apart in every vision checked. A third and a fourth
side (no shipped game has one) take a deeper bluish green and reddish purple, apart from the
first two in normal vision."""

WRECK_COLOR = "#b4b4b4"
"""A wreck's colour: a light grey no side's colour comes near (a black school's tanks too)."""

MIN_CONTRAST = 3.0
"""The least contrast of a side's colour on the board's ground (WCAG 2.1, 1.4.11: graphics)."""

MIN_DIFFERENCE = 20.0
"""The least CIEDE2000 difference between two sides' colours, in every vision checked."""

BOARD_GROUND = "#e9e6cf"
"""The ground colours are checked against when a picture names none (Panzer Vor!'s clear)."""


def deepened(color: str, ground: str, ratio: float = MIN_CONTRAST) -> str:
    """``color`` if it has a contrast of ``ratio`` on ``ground``, else the lightest deeper
    shade of it that has (its CIELAB lightness lowered a step at a time).

    >>> deepened("#2b2b2b", "#e9e6cf")
    '#2b2b2b'
    >>> contrast_ratio(deepened("#f2d64b", "#e9e6cf"), "#e9e6cf") >= 3.0
    True
    """
    if contrast_ratio(color, ground) >= ratio:
        return color
    lightness = lab(color)[0]
    while lightness > 0:
        lightness -= 1.0
        shade = with_lightness(color, lightness)
        if contrast_ratio(shade, ground) >= ratio:
            return shade
    return "#000000"


def distinct(colors: Sequence[str], least: float = MIN_DIFFERENCE) -> bool:
    """Whether every two of ``colors`` differ by at least ``least`` (CIEDE2000) in normal
    vision, deuteranopia and protanopia."""
    return all(least_difference(a, b) >= least for a, b in combinations(colors, 2))


def side_colors(
    sides: Sequence[str],
    preferred: Mapping[str, str] | None = None,
    ground: str = BOARD_GROUND,
) -> dict[str, str]:
    """Each side's colour (see the module): ``sides`` in the game's order, ``preferred`` the
    colours its files give (a side missing from it: the palette for all), ``ground`` the
    board's ground colour."""
    wanted = tuple((preferred or {}).get(side, "") for side in sides)
    return dict(zip(sides, _colors(len(sides), wanted, ground), strict=True))


@lru_cache(maxsize=256)
def _colors(count: int, wanted: tuple[str, ...], ground: str) -> tuple[str, ...]:
    if all(wanted):
        shown = tuple(deepened(c, ground) for c in wanted)
        if distinct(shown):
            return shown
    return tuple(SIDE_PALETTE[i % len(SIDE_PALETTE)] for i in range(count))


def themed(theme_colors: Mapping[str, str], colors: Mapping[str, str]) -> dict[str, str]:
    """``colors`` with a theme's own side colours (a user's choice) put over them."""
    return {side: theme_colors.get(side, color) for side, color in colors.items()}


@functools.singledispatch
def _colors_of(value: Any, th: Theme) -> dict[str, str]:
    if import_new(parts("render")):  # a game's pictures added since
        return _colors_of(value, th)
    raise TypeError(f"no sides to colour in a {type(value).__name__}")


colors_register = _colors_of.register
"""How a game's render module says what colour each side of its values is drawn in."""


def colors_of(value: Any, theme: Theme | str | None = None) -> dict[str, str]:
    """The colour each side of a game state, board or scenario is drawn in, in the game's
    order of sides (the app can write a side's name in it)."""
    return _colors_of(value, theme_named(theme))
