"""Themes: every colour, line width and font size a scene builder uses, in one value.

Three ship: :data:`DEFAULT`, :data:`PROJECTOR` (a teacher's theme: large labels, thick lines,
strong contrast) and :data:`COLORBLIND` (the Okabe–Ito palette, safe for the common kinds of
colour blindness). A theme can override terrain colours by type name, and side colours.

>>> DEFAULT.terrain_color("forest", "#4f8a3c")
'#4f8a3c'
>>> DEFAULT.with_terrain_colors({"forest": "#00aa00"}).terrain_color("forest", "#4f8a3c")
'#00aa00'
>>> ColorScale(("#000000", "#ffffff"), 0, 10).color(5)
'#808080'
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from functools import lru_cache
from types import MappingProxyType

from workbench.errors import InvalidValue

OKABE_ITO: tuple[str, ...] = (
    "#E69F00",  # orange
    "#56B4E9",  # sky blue
    "#009E73",  # bluish green
    "#F0E442",  # yellow
    "#0072B2",  # blue
    "#D55E00",  # vermillion
    "#CC79A7",  # reddish purple
    "#000000",  # black
)
"""Okabe & Ito (2008), "Color Universal Design": eight colours distinguishable by people with
the common colour-vision deficiencies."""

VIRIDIS: tuple[str, ...] = ("#440154", "#3b528b", "#21918c", "#5ec962", "#fde725")
CIVIDIS: tuple[str, ...] = ("#00224e", "#414d6b", "#7c7b78", "#bcaf6f", "#fee838")


def _rgb(color: str) -> tuple[int, int, int]:
    text = color.lstrip("#")
    if len(text) == 3:
        text = "".join(c * 2 for c in text)
    if len(text) != 6:
        raise InvalidValue(f"colour {color!r} should be '#rrggbb'")
    return int(text[0:2], 16), int(text[2:4], 16), int(text[4:6], 16)


def _hex(rgb: tuple[float, float, float]) -> str:
    return "#" + "".join(f"{max(0, min(255, round(c))):02x}" for c in rgb)


@lru_cache(maxsize=4096)
def mix(a: str, b: str, t: float) -> str:
    """The colour ``t`` of the way from ``a`` to ``b`` (0: a, 1: b)."""
    ra, rb = _rgb(a), _rgb(b)
    red, green, blue = (x + (y - x) * t for x, y in zip(ra, rb, strict=True))
    return _hex((red, green, blue))


def luminance(color: str) -> float:
    """The WCAG 2 relative luminance of a colour (0 black .. 1 white)."""

    def channel(c: int) -> float:
        v = c / 255
        return v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4

    r, g, b = (channel(c) for c in _rgb(color))
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


@lru_cache(maxsize=1024)
def contrast_ratio(a: str, b: str) -> float:
    """The WCAG 2 contrast ratio of two colours, 1 to 21 (4.5 is the least for text).

    >>> round(contrast_ratio("#000000", "#ffffff"), 1)
    21.0
    >>> round(contrast_ratio("#777777", "#ffffff"), 2)
    4.48
    """
    hi, lo = sorted((luminance(a), luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


MIN_CONTRAST = 4.5
"""WCAG 2 level AA for normal text: every label is drawn at least this far from its ground."""


def contrast_text(background: str) -> str:
    """Black or white, whichever has the higher contrast on ``background`` (one of them always
    reaches 4.5:1)."""
    black, white = contrast_ratio("#000000", background), contrast_ratio("#ffffff", background)
    return "#000000" if black >= white else "#ffffff"


def readable(ink: str, background: str, minimum: float = MIN_CONTRAST) -> str:
    """``ink`` if it reads on ``background`` (contrast at least ``minimum``), else ``ink``
    darkened or lightened step by step until it does (black or white at the end).

    >>> readable("#5a5544", "#e9e6cf")
    '#5a5544'
    >>> contrast_ratio(readable("#2ca02c", "#ffffff"), "#ffffff") >= 4.5
    True
    """
    if contrast_ratio(ink, background) >= minimum:
        return ink
    toward = contrast_text(background)
    for step in range(1, 21):
        candidate = mix(ink, toward, step / 20)
        if contrast_ratio(candidate, background) >= minimum:
            return candidate
    return toward


@dataclass(frozen=True)
class ColorScale:
    """Values from ``low`` to ``high`` mapped linearly through colour ``stops`` (clamped)."""

    stops: tuple[str, ...]
    low: float
    high: float

    def color(self, value: float) -> str:
        if len(self.stops) == 1 or self.high == self.low:
            return self.stops[-1] if value >= self.high else self.stops[0]
        t = (value - self.low) / (self.high - self.low)
        t = min(1.0, max(0.0, t)) * (len(self.stops) - 1)
        i = min(int(t), len(self.stops) - 2)
        return mix(self.stops[i], self.stops[i + 1], t - i)


@dataclass(frozen=True)
class Theme:
    """Colours and sizes for every scene builder. Font sizes and widths marked ``_px`` are in
    pixels; ``*_scale`` values are fractions of a cell (hex size, square, or 1 cm)."""

    name: str
    background: str = "#ffffff"
    board_fill: str = "#e9e6cf"
    grid_stroke: str = "#8c8670"
    grid_width_px: float = 1.0
    label_color: str = "#48432f"  # reads on the board and on it under the reach tint
    label_scale: float = 0.22  # hex-number font size as a fraction of hex size: small
    label_min_px: float = 9.0  # no board label smaller (a notebook's least, on screen)
    terrain_colors: Mapping[str, str] = field(default_factory=dict)
    impassable_mark: str = "#222222"  # the cross drawn on hexes that cannot be entered
    blocking_mark: str = "#1b3a12"  # the hatch drawn on hexes that block line of sight
    mark_width_px: float = 1.0
    hexside_width_px: float = 5.0
    hexside_outline: str = "#333333"
    name_min_px: float = 9.0  # place, zone and tank names never smaller
    place_color: str = "#1a1a1a"
    place_scale: float = 0.26
    zone_colors: tuple[str, ...] = ("#1f77b4", "#d62728", "#2ca02c", "#9467bd")
    zone_width_px: float = 2.5
    zone_dash_px: tuple[float, ...] = (6.0, 3.0)
    side_colors: Mapping[str, str] = field(default_factory=dict)
    counter_stroke: str = "#111111"
    counter_text_scale: float = 0.26  # a tank's name as a fraction of the cell size
    frame_color: str = "#3b3626"  # the frame round a printed map
    facing_color: str = "#111111"
    turret_color: str = "#ffffff"
    flag_color: str = "#ffd700"
    smoke_color: str = "#9e9e9e"
    immobile_color: str = "#d62728"
    wreck_color: str = "#000000"
    reach_fill: str = "#4a90d9"
    reach_opacity: float = 0.35
    reach_text: str = "#0b2a4a"
    tick_color: str = "#0b2a4a"
    path_color: str = "#e67e22"
    path_width_px: float = 3.0
    los_line: str = "#111111"
    los_clear: str = "#2ca02c"
    los_blocked: str = "#d62728"
    los_end: str = "#1f77b4"
    los_width_px: float = 2.0
    arc_colors: Mapping[str, str] = field(
        default_factory=lambda: {"front": "#2ca02c", "side": "#ff7f0e", "rear": "#d62728"}
    )
    arc_opacity: float = 0.35
    odds_fill: str = "#fffbe6"
    odds_text: str = "#111111"
    odds_font_px: float = 11.0
    heat_stops: tuple[str, ...] = VIRIDIS
    heat_opacity: float = 0.7
    legend_font_px: float = 11.0
    overlay_font_scale: float = 0.3
    font_family: str = "DejaVu Sans, Arial, sans-serif"
    zoom: float = 1.0  # every builder multiplies its cell size by this (projector: larger)
    halo: str = "#ffffff"  # the outline drawn round labels that sit on busy ground

    __hash__ = None  # type: ignore[assignment]  # immutable, but holds mappings

    def __post_init__(self) -> None:
        for name in ("terrain_colors", "side_colors", "arc_colors"):
            object.__setattr__(self, name, MappingProxyType(dict(getattr(self, name))))

    def terrain_color(self, name: str, default: str) -> str:
        """The colour of a terrain type: the theme's override, else the type's own."""
        return self.terrain_colors.get(name, default)

    def side_color(self, side: str, default: str) -> str:
        return self.side_colors.get(side, default)

    def with_terrain_colors(self, colors: Mapping[str, str]) -> Theme:
        """This theme with a user's own colours for some terrain types, by name.

        >>> DEFAULT.with_terrain_colors({"forest": "#2e7d32"}).terrain_color("forest", "#000")
        '#2e7d32'
        """
        return replace(self, terrain_colors={**self.terrain_colors, **colors})

    def with_side_colors(self, colors: Mapping[str, str]) -> Theme:
        """This theme with a user's own colours for some sides, by name (a side's colour
        wherever a game draws it).

        >>> DEFAULT.with_side_colors({"Red": "#b71c1c"}).side_color("Red", "#000")
        '#b71c1c'
        """
        return replace(self, side_colors={**self.side_colors, **colors})

    def with_least_text(self, px: float) -> Theme:
        """This theme with no label, counter name or overlay text smaller than ``px`` pixels
        (a board shown scaled down keeps its text readable: ask for the least size divided
        by the scale it is shown at).

        >>> PROJECTOR.with_least_text(20.0).label_min_px >= 20.0
        True
        """
        least = px / self.zoom  # the overlays and legends multiply these by the zoom
        return replace(
            self,
            label_min_px=max(self.label_min_px, px),
            name_min_px=max(self.name_min_px, px),
            odds_font_px=max(self.odds_font_px, least),
            legend_font_px=max(self.legend_font_px, least),
        )

    def label_ink(self, background: str) -> str:
        """The colour of hex numbers and other plain labels on a ground of this colour: the
        theme's label colour where it reads (4.5:1), else black or white."""
        if contrast_ratio(self.label_color, background) >= MIN_CONTRAST:
            return self.label_color
        return contrast_text(background)

    def heat_scale(self, low: float, high: float) -> ColorScale:
        return ColorScale(self.heat_stops, low, high)


DEFAULT = Theme(name="default")

PROJECTOR = Theme(
    name="projector",
    grid_stroke="#000000",
    grid_width_px=2.0,
    label_color="#000000",
    label_min_px=10.0,  # shown down to 0.8 of its size in a notebook, still 8 px
    name_min_px=12.0,
    mark_width_px=2.5,
    hexside_width_px=9.0,
    hexside_outline="#000000",
    place_scale=0.34,
    zone_width_px=5.0,
    zone_dash_px=(10.0, 5.0),
    counter_stroke="#000000",
    counter_text_scale=0.3,
    frame_color="#000000",
    zoom=1.3,
    reach_opacity=0.5,
    path_width_px=6.0,
    los_width_px=4.0,
    odds_font_px=14.0,
    legend_font_px=13.0,
    overlay_font_scale=0.4,
)
"""For a room: big names (at least 12 px), thick lines, black grid."""

COLORBLIND = Theme(
    name="colorblind",
    zone_colors=(OKABE_ITO[4], OKABE_ITO[5], OKABE_ITO[2], OKABE_ITO[6]),
    immobile_color=OKABE_ITO[5],
    flag_color=OKABE_ITO[3],
    reach_fill=OKABE_ITO[1],
    path_color=OKABE_ITO[0],
    los_clear=OKABE_ITO[1],
    los_blocked=OKABE_ITO[5],
    los_end=OKABE_ITO[4],
    arc_colors={"front": OKABE_ITO[1], "side": OKABE_ITO[0], "rear": OKABE_ITO[5]},
    heat_stops=CIVIDIS,
    terrain_colors={
        "forest": "#009E73",
        "deployment forest": "#007a5a",
        "forest path": "#00543e",
        "river": "#0072B2",
        "shallows": "#56B4E9",
        "alley": "#CC79A7",
        "hill": "#E69F00",
        "ridge": "#D55E00",
    },
)
"""Okabe–Ito colours for terrain, overlays and verdicts (clear/blocked differ in lightness,
not only hue); cividis for heatmaps."""

THEMES: Mapping[str, Theme] = MappingProxyType(
    {t.name: t for t in (DEFAULT, PROJECTOR, COLORBLIND)}
)


def theme_named(theme: Theme | str | None) -> Theme:
    """A theme given itself, its name, or None (the default)."""
    if theme is None:
        return DEFAULT
    if isinstance(theme, Theme):
        return theme
    try:
        return THEMES[theme]
    except KeyError:
        raise InvalidValue(f"no theme called {theme!r} (themes: {', '.join(THEMES)})") from None
