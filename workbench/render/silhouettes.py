"""A tank seen from above, as the counters of all three games draw it: two tracks, the hull
(its front corners cut, so the front shows), the turret and the barrel along the turret's
facing (a turretless tank: a casemate with its gun along the hull), filled with its side's
colour.

Shapes are in board units about the tank's centre: ``heading`` and ``turret`` are unit vectors
(x right, y down), ``length`` and ``width`` the hull's. :func:`reach` is how far the drawing
goes from the centre, so a counter can be sized to fit its cell.

>>> parts = silhouette_parts((0.0, 0.0), (0.0, -1.0), None, 1.0, "#0072b2", "#000000", 1.0)
>>> [kind for kind, _ in parts]
['tracks', 'tracks', 'hull', 'turret', 'barrel']
>>> round(reach(1.0), 2)
0.64
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from workbench.render.scene import Point, Polygon, Style
from workbench.render.themes import mix

WIDTH_RATIO = 0.68
"""A counter's hull is this wide for its length (a Panzer IV's hull is about 5.9 by 2.9 m with
its tracks: a drawing choice close to most tanks)."""

BARREL = 0.64
"""The barrel's tip from the turret's centre, in hull lengths."""

# The hull and the tracks in (along, across) fractions of the hull's length and width.
_HULL = ((-0.46, -0.33), (0.36, -0.33), (0.47, -0.2), (0.47, 0.2), (0.36, 0.33), (-0.46, 0.33))
_TRACK_LEFT = ((-0.5, -0.5), (0.5, -0.5), (0.5, -0.29), (-0.5, -0.29))
_TRACK_RIGHT = ((-0.5, 0.29), (0.5, 0.29), (0.5, 0.5), (-0.5, 0.5))
_CASEMATE = ((-0.2, -0.27), (0.22, -0.24), (0.32, -0.14), (0.32, 0.14), (0.22, 0.24), (-0.2, 0.27))
_TURRET_SIDES = 8


def reach(length: float, width: float | None = None, barrel: float = BARREL) -> float:
    """How far a silhouette of this hull reaches from its centre (hull corners or barrel tip)."""
    width = length * WIDTH_RATIO if width is None else width
    return max(math.hypot(length / 2, width / 2), barrel * length)


def _place(
    shape: Sequence[Point], centre: Point, u: Point, length: float, width: float
) -> tuple[Point, ...]:
    """Local (along, across) fractions to board points: along ``u``, across to its right."""
    cx, cy = centre
    vx, vy = -u[1], u[0]  # right of the heading (y down)
    return tuple(
        (cx + u[0] * a * length + vx * c * width, cy + u[1] * a * length + vy * c * width)
        for a, c in shape
    )


def _bar(start: Point, direction: Point, length: float, half: float) -> tuple[Point, ...]:
    """A rectangle from ``start`` along ``direction``, ``half`` wide on each side."""
    nx, ny = -direction[1] * half, direction[0] * half
    ex, ey = start[0] + direction[0] * length, start[1] + direction[1] * length
    return (
        (start[0] + nx, start[1] + ny),
        (ex + nx, ey + ny),
        (ex - nx, ey - ny),
        (start[0] - nx, start[1] - ny),
    )


def silhouette_parts(
    centre: Point,
    heading: Point,
    turret: Point | None,
    length: float,
    fill: str,
    stroke: str,
    stroke_px: float,
    *,
    width: float | None = None,
    turreted: bool = True,
    hull_gun: bool = False,
    turret_at: Point | None = None,
    barrel: float = BARREL,
    least_barrel: float = 0.0,
    title: str = "",
) -> list[tuple[str, Polygon]]:
    """The silhouette's parts, bottom first, as (part, polygon): ``tracks`` (darker than the
    side's colour), ``hull`` (titled: the counter's box), ``turret`` or ``casemate``, and the
    ``barrel`` (along ``turret``, else the heading); a multiple-gun tank's ``hull_gun`` too.
    ``turret_at``: the turret's centre (the hull's centre if None); ``least_barrel``: the
    barrel's least half-thickness in board units (so it shows on a small counter)."""
    width = length * WIDTH_RATIO if width is None else width
    outline = Style(fill=fill, stroke=stroke, width=stroke_px)
    dark = Style(fill=mix(fill, "#000000", 0.55), stroke=stroke, width=stroke_px)
    gun = Style(fill=stroke, stroke=stroke, width=max(0.5, stroke_px * 0.5))
    parts: list[tuple[str, Polygon]] = [
        ("tracks", Polygon(_place(_TRACK_LEFT, centre, heading, length, width), dark)),
        ("tracks", Polygon(_place(_TRACK_RIGHT, centre, heading, length, width), dark)),
        ("hull", Polygon(_place(_HULL, centre, heading, length, width), outline, title)),
    ]
    half = max(width * 0.055, least_barrel)
    pivot = centre if turret_at is None else turret_at
    if turreted:
        aim = turret or heading
        radius = width * 0.34
        ring = tuple(
            (
                pivot[0] + radius * math.cos(2 * math.pi * (k + 0.5) / _TURRET_SIDES),
                pivot[1] + radius * math.sin(2 * math.pi * (k + 0.5) / _TURRET_SIDES),
            )
            for k in range(_TURRET_SIDES)
        )
        top = Style(fill=mix(fill, "#ffffff", 0.18), stroke=stroke, width=stroke_px)
        start = (pivot[0] + aim[0] * radius * 0.7, pivot[1] + aim[1] * radius * 0.7)
        tube = _bar(start, aim, barrel * length - radius * 0.7, half)
        parts.append(("turret", Polygon(ring, top)))
        parts.append(("barrel", Polygon(tube, gun)))
        if hull_gun:  # a second gun fixed in the hull (Firing: Multiple-gun Tanks)
            side = _place(((0.3, -0.16),), centre, heading, length, width)[0]
            parts.append(("barrel", Polygon(_bar(side, heading, length * 0.32, half * 0.8), gun)))
    else:
        box = _place(_CASEMATE, centre, heading, length, width)
        muzzle = _place(((0.3, 0.0),), centre, heading, length, width)[0]
        parts.append(("turret", Polygon(box, outline)))
        parts.append(("barrel", Polygon(_bar(muzzle, heading, (barrel - 0.3) * length, half), gun)))
    return parts
