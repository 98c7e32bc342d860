"""How people see two colours: CIELAB, the CIEDE2000 colour difference, and red-green colour
blindness simulated, so a picture can check that two sides stay apart for every reader.

- :func:`lab` converts an sRGB colour (``"#rrggbb"``) to CIELAB (D65 white, CIE 1976).
- :func:`ciede2000` is the CIEDE2000 difference of two CIELAB colours, written from
  Sharma, Wu & Dalal, "The CIEDE2000 Color-Difference Formula: Implementation Notes,
  Supplementary Test Data, and Mathematical Observations", Color Research and Application
  30 (1), 2005 (tested against its 34 published pairs). About 1 is a just-noticeable
  difference; 20 and more is a difference a room reads at a glance.
- :func:`simulate` shows a colour as a reader with deuteranopia or protanopia sees it, by the
  matrices of Machado, Oliveira & Fernandes, "A Physiologically-based Model for Simulation of
  Color Vision Deficiency", IEEE TVCG 15 (6), 2009 (severity 1.0), applied to linear RGB.

>>> round(ciede2000((50.0, 2.6772, -79.7751), (50.0, 0.0, -82.7485)), 4)
2.0425
>>> simulate("#ff0000", "deuteranopia")
'#a39000'
>>> blue, vermillion = "#0072b2", "#d55e00"
>>> round(difference(blue, vermillion), 1), round(difference(blue, vermillion, "deuteranopia"), 1)
(49.6, 56.5)
"""

from __future__ import annotations

import math
from functools import lru_cache

from workbench.errors import InvalidValue
from workbench.render.themes import _hex, _rgb

Lab = tuple[float, float, float]

WHITE_D65 = (0.95047, 1.0, 1.08883)
"""The D65 reference white in XYZ (Y = 1), as sRGB defines it."""

_SRGB_TO_XYZ = (
    (0.4124564, 0.3575761, 0.1804375),
    (0.2126729, 0.7151522, 0.0721750),
    (0.0193339, 0.1191920, 0.9503041),
)

MACHADO_2009: dict[str, tuple[tuple[float, float, float], ...]] = {
    "deuteranopia": (
        (0.367322, 0.860646, -0.227968),
        (0.280085, 0.672501, 0.047413),
        (-0.011820, 0.042940, 0.968881),
    ),
    "protanopia": (
        (0.152286, 1.052583, -0.204868),
        (0.114503, 0.786281, 0.099216),
        (-0.003882, -0.048116, 1.051998),
    ),
}
"""Machado et al. (2009), severity 1.0: linear RGB of what a dichromat sees, from linear RGB."""

VISIONS: tuple[str, ...] = ("normal", *MACHADO_2009)
"""The ways of seeing a check covers: normal vision and the two red-green dichromacies."""


def _linear(channel: int) -> float:
    v = channel / 255
    return v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4


def _encoded(v: float) -> float:
    v = min(1.0, max(0.0, v))
    return 255 * (v * 12.92 if v <= 0.0031308 else 1.055 * v ** (1 / 2.4) - 0.055)


def _mul(m: tuple[tuple[float, float, float], ...], v: tuple[float, ...]) -> tuple[float, ...]:
    return tuple(sum(a * b for a, b in zip(row, v, strict=True)) for row in m)


@lru_cache(maxsize=1024)
def lab(color: str) -> Lab:
    """The CIELAB coordinates (L*, a*, b*) of an sRGB colour.

    >>> [round(v, 2) for v in lab("#ffffff")], [round(v, 2) for v in lab("#000000")]
    ([100.0, -0.0, 0.0], [0.0, 0.0, 0.0])
    """
    x, y, z = _mul(_SRGB_TO_XYZ, tuple(_linear(c) for c in _rgb(color)))

    def f(t: float) -> float:
        return t ** (1 / 3) if t > (6 / 29) ** 3 else t / (3 * (6 / 29) ** 2) + 4 / 29

    fx, fy, fz = (f(v / w) for v, w in zip((x, y, z), WHITE_D65, strict=True))
    return (116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz))


def ciede2000(lab1: Lab, lab2: Lab) -> float:
    """The CIEDE2000 colour difference of two CIELAB colours (kL = kC = kH = 1)."""
    l1, a1, b1 = lab1
    l2, a2, b2 = lab2
    c_bar = (math.hypot(a1, b1) + math.hypot(a2, b2)) / 2
    g = 0.5 * (1 - math.sqrt(c_bar**7 / (c_bar**7 + 25.0**7)))
    a1p, a2p = (1 + g) * a1, (1 + g) * a2
    c1p, c2p = math.hypot(a1p, b1), math.hypot(a2p, b2)
    h1p = math.degrees(math.atan2(b1, a1p)) % 360 if c1p else 0.0
    h2p = math.degrees(math.atan2(b2, a2p)) % 360 if c2p else 0.0

    dl = l2 - l1
    dc = c2p - c1p
    if c1p * c2p == 0:
        dh_angle = 0.0
    elif abs(h2p - h1p) <= 180:
        dh_angle = h2p - h1p
    elif h2p - h1p > 180:
        dh_angle = h2p - h1p - 360
    else:
        dh_angle = h2p - h1p + 360
    dh = 2 * math.sqrt(c1p * c2p) * math.sin(math.radians(dh_angle / 2))

    l_bar = (l1 + l2) / 2
    cp_bar = (c1p + c2p) / 2
    if c1p * c2p == 0:
        h_bar = h1p + h2p
    elif abs(h1p - h2p) <= 180:
        h_bar = (h1p + h2p) / 2
    elif h1p + h2p < 360:
        h_bar = (h1p + h2p + 360) / 2
    else:
        h_bar = (h1p + h2p - 360) / 2
    t = (
        1
        - 0.17 * math.cos(math.radians(h_bar - 30))
        + 0.24 * math.cos(math.radians(2 * h_bar))
        + 0.32 * math.cos(math.radians(3 * h_bar + 6))
        - 0.20 * math.cos(math.radians(4 * h_bar - 63))
    )
    d_theta = 30 * math.exp(-(((h_bar - 275) / 25) ** 2))
    r_c = 2 * math.sqrt(cp_bar**7 / (cp_bar**7 + 25.0**7))
    s_l = 1 + 0.015 * (l_bar - 50) ** 2 / math.sqrt(20 + (l_bar - 50) ** 2)
    s_c = 1 + 0.045 * cp_bar
    s_h = 1 + 0.015 * cp_bar * t
    r_t = -math.sin(math.radians(2 * d_theta)) * r_c
    return math.sqrt(
        (dl / s_l) ** 2 + (dc / s_c) ** 2 + (dh / s_h) ** 2 + r_t * (dc / s_c) * (dh / s_h)
    )


@lru_cache(maxsize=1024)
def simulate(color: str, vision: str) -> str:
    """``color`` as a reader with ``vision`` sees it (``"normal"``: itself)."""
    if vision == "normal":
        return _hex(_rgb(color))
    if vision not in MACHADO_2009:
        raise InvalidValue(f"no vision called {vision!r} (visions: {', '.join(VISIONS)})")
    seen = _mul(MACHADO_2009[vision], tuple(_linear(c) for c in _rgb(color)))
    red, green, blue = (_encoded(v) for v in seen)
    return _hex((red, green, blue))


def difference(a: str, b: str, vision: str = "normal") -> float:
    """The CIEDE2000 difference of two sRGB colours as a reader with ``vision`` sees them."""
    return ciede2000(lab(simulate(a, vision)), lab(simulate(b, vision)))


def least_difference(a: str, b: str) -> float:
    """The smallest CIEDE2000 difference of two colours over every vision in :data:`VISIONS`."""
    return min(difference(a, b, vision) for vision in VISIONS)


_XYZ_TO_SRGB = (
    (3.2404542, -1.5371385, -0.4985314),
    (-0.9692660, 1.8760108, 0.0415560),
    (0.0556434, -0.2040259, 1.0572252),
)


def from_lab(value: Lab) -> str:
    """The sRGB colour (``"#rrggbb"``) of CIELAB coordinates, clipped to what sRGB shows.

    >>> from_lab(lab("#5c8396"))
    '#5c8396'
    """
    lightness, a, b = value
    fy = (lightness + 16) / 116
    fx, fz = fy + a / 500, fy - b / 200

    def f_inv(t: float) -> float:
        return t**3 if t > 6 / 29 else 3 * (6 / 29) ** 2 * (t - 4 / 29)

    xyz = tuple(f_inv(t) * w for t, w in zip((fx, fy, fz), WHITE_D65, strict=True))
    red, green, blue = (_encoded(v) for v in _mul(_XYZ_TO_SRGB, xyz))
    return _hex((red, green, blue))


def with_lightness(color: str, lightness: float) -> str:
    """``color`` with its CIELAB lightness set to ``lightness``, hue and chroma kept as far as
    sRGB allows (a darker shade of the same colour, not a greyer one)."""
    _, a, b = lab(color)
    return from_lab((lightness, a, b))
