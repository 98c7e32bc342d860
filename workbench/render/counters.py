"""Panzer Vor! counters as a player reads them: one counter per tank, a rectangle in the side's
colour with the tank's name (shortened or wrapped to fit), a pointer on its rim toward the
hexside it faces, and small markers for flag, smoke, immobile, turret and wreck. Values are in
the counter's hover title and the explorer's panel.

Board units are hex sizes (centre to corner = 1); a counter fits inside its hex, so counters in
different hexes never overlap. Everything is drawn part by part (every body, then every
pointer, every name...) grouped by style, which a backend draws in a few calls.
"""

from __future__ import annotations

import math
from functools import lru_cache
from typing import Any

from workbench.render.labels import LINE_HEIGHT, wrap_text
from workbench.render.scene import (
    Arrow,
    Circle,
    Point,
    Polygon,
    Polyline,
    Primitive,
    Style,
    Text,
)
from workbench.render.themes import Theme, contrast_text
from workbench.rules.panzer_vor.state import Tank

# The parts of a counter, bottom first.
BODY, FACING, TURRET, NAME, FLAG_POLE, FLAG, SMOKE, IMMOBILE, WRECK = range(9)

WRECK_FILL = "#555555"
POINTER_LENGTH = 0.3  # how far the facing pointer reaches past the rim, in hex sizes
POINTER_HALF = 0.1  # half its base
FLAG_RISE = 0.14  # how far a flag on a counter rises above it


def counter_half(th: Theme) -> tuple[float, float]:
    """Half the counter's width and height in hex sizes."""
    return th.counter_half_width, th.counter_scale


def counter_font(th: Theme, px: float) -> float:
    """The counter name's font size for a hex size of ``px`` pixels."""
    return max(th.name_min_px - 1.0, round(th.counter_text_scale * px, 1))


def rim_point(v: Point, hw: float, hh: float) -> Point:
    """Where a ray from the counter's centre along ``v`` leaves its rectangle."""
    tx = hw / abs(v[0]) if abs(v[0]) > 1e-9 else math.inf
    ty = hh / abs(v[1]) if abs(v[1]) > 1e-9 else math.inf
    t = min(tx, ty)
    return (v[0] * t, v[1] * t)


def pointer(cx: float, cy: float, v: Point, hw: float, hh: float, length: float, half: float):
    """A triangle on the rim toward ``v``: its base on the rim, its tip ``length`` outside."""
    px, py = rim_point(v, hw, hh)
    bx, by = cx + px - v[0] * 0.06, cy + py - v[1] * 0.06
    tip = (bx + v[0] * length, by + v[1] * length)
    return (tip, (bx - v[1] * half, by + v[0] * half), (bx + v[1] * half, by - v[0] * half))


@lru_cache(maxsize=64)
def counter_extent(v: Point, hw: float, hh: float) -> tuple[float, float, float, float]:
    """The box (x0, y0, x1, y1) about the centre that a counter facing ``v`` covers."""
    tip = pointer(0.0, 0.0, v, hw, hh, POINTER_LENGTH, POINTER_HALF)
    xs = [-hw, hw, *(p[0] for p in tip)]
    ys = [-hh, hh, *(p[1] for p in tip)]
    return (min(xs), min(ys), max(xs), max(ys))


class CounterStyles:
    """The styles of a theme's counters at one size: made once per drawing, not per counter."""

    def __init__(self, th: Theme, px: float) -> None:
        self.th = th
        self.px = px
        self.font = counter_font(th, px)
        self.by_fill: dict[str, tuple[Style, Style, Style]] = {}
        self.turret = Style(fill=th.turret_color, stroke=th.counter_stroke, width=1.0)
        self.staff = Style(stroke=th.counter_stroke, width=1.5)
        self.cloth = Style(fill=th.flag_color, stroke=th.counter_stroke, width=0.8)
        self.puff = Style(fill=th.smoke_color, stroke="#ffffff", width=1.0, opacity=0.95)
        self.immobile = Style(stroke=th.immobile_color, width=max(2.0, px / 12))
        self.wreck = Style(stroke=th.wreck_color, width=max(2.0, px / 12), opacity=0.8)

    def on(self, fill: str) -> tuple[Style, Style, Style]:
        """Body, facing pointer and name styles of a counter of this colour."""
        found = self.by_fill.get(fill)
        if found is None:
            ink = contrast_text(fill)
            found = self.by_fill[fill] = (
                Style(fill=fill, stroke=self.th.counter_stroke, width=1.5),
                Style(stroke=self.th.counter_stroke, width=max(2.0, self.px / 14)),
                Style(fill=ink, font_size=self.font, bold=True),
            )
        return found

    def name_lines(self, name: str) -> tuple[list[str], float]:
        """The name in at most two lines that fit the counter, and their font size."""
        hw, _ = counter_half(self.th)
        return _name_lines(name, 2 * hw * self.px - 6.0, self.font, self.th.name_min_px - 1.0)


@lru_cache(maxsize=1024)
def _name_lines(name: str, room: float, font: float, least: float) -> tuple[list[str], float]:
    """Wrapped at the counter's font size; a name that would be cut short is tried a size or
    two smaller first (never below ``least``), as printed counters squeeze a long name."""
    size = font
    while True:
        lines = wrap_text(name, room, size, True, max_lines=2)
        if not any(line.endswith("…") for line in lines) or size * 0.9 < least:
            return lines, size
        size = round(size * 0.9, 1)


def counter_label(tank: Tank) -> str:
    """What the counter shows: the tank's id (the name a player uses for it)."""
    return str(tank.id)


def short_label(tank: Tank) -> str:
    """The id with the counter's printed short name for its type ("PzIV D 2" for "Panzer IV
    Ausf. D 2"): what a counter too small for the whole name shows."""
    counter = tank.counter
    if not counter.label:
        return tank.id
    if tank.id.startswith(counter.name):
        return counter.label + tank.id[len(counter.name) :]
    return tank.id if tank.id != counter.name else counter.label


def counter_parts(
    tank: Any,
    center: Point,
    v: Point,
    turret: Point | None,
    fill: str,
    title: str,
    styles: CounterStyles,
) -> list[tuple[int, Primitive]]:
    """One tank's counter as (part, primitive) pairs; ``v`` and ``turret`` are unit vectors."""
    th = styles.th
    hw, hh = counter_half(th)
    cx, cy = center
    body, facing, name = styles.on(fill)
    box = ((cx - hw, cy - hh), (cx + hw, cy - hh), (cx + hw, cy + hh), (cx - hw, cy + hh))
    parts: list[tuple[int, Primitive]] = [(BODY, Polygon(box, body, title))]
    rx, ry = rim_point(v, hw, hh)
    start = (cx + rx * 0.8, cy + ry * 0.8)
    tip = (cx + rx + v[0] * POINTER_LENGTH, cy + ry + v[1] * POINTER_LENGTH)
    parts.append((FACING, Arrow(start, tip, facing, max(5.0, styles.px * 0.2), title)))
    if turret is not None:
        rx, ry = rim_point(turret, hw, hh)
        at = (cx + rx * 0.78, cy + ry * 0.78)
        parts.append(
            (TURRET, Polyline(((cx + rx * 0.55, cy + ry * 0.55), (cx + rx, cy + ry)), styles.staff))
        )
        parts.append((TURRET, Circle(at, 0.08, styles.turret, "turret")))
    lines, size = styles.name_lines(counter_label(tank))
    if any(line.endswith("…") for line in lines):  # cut short: the counter's printed name
        lines, size = styles.name_lines(short_label(tank))
    if size != name.font_size:
        name = name.with_(font_size=size)
    step = size * LINE_HEIGHT / styles.px
    top = cy + 0.06 - step * (len(lines) - 1) / 2
    for i, line in enumerate(lines):
        parts.append((NAME, Text((cx, top + i * step), line, name, title)))
    corner_x, corner_y = cx - hw, cy - hh
    if tank.flag:
        pole = (corner_x + 0.08, corner_y + 0.3)
        top_of_pole = (pole[0], corner_y - FLAG_RISE + 0.02)
        parts.append((FLAG_POLE, Polyline((pole, top_of_pole), styles.staff)))
        cloth = (
            top_of_pole,
            (top_of_pole[0] + 0.26, top_of_pole[1] + 0.08),
            (top_of_pole[0], top_of_pole[1] + 0.16),
        )
        parts.append((FLAG, Polygon(cloth, styles.cloth, "flag")))
    if tank.smoke:
        parts.append((SMOKE, Circle((cx + hw - 0.05, cy - hh + 0.02), 0.14, styles.puff, "smoke")))
    if tank.immobile:
        r = 0.1
        ix, iy = cx + hw - 0.05, cy + hh - 0.02
        red = styles.immobile
        parts.append((IMMOBILE, Polyline(((ix - r, iy - r), (ix + r, iy + r)), red, "immobile")))
        parts.append((IMMOBILE, Polyline(((ix - r, iy + r), (ix + r, iy - r)), red, "immobile")))
    if tank.wreck:
        parts.append(
            (WRECK, Polyline(((cx - hw, cy - hh), (cx + hw, cy + hh)), styles.wreck, "wreck"))
        )
        parts.append(
            (WRECK, Polyline(((cx - hw, cy + hh), (cx + hw, cy - hh)), styles.wreck, "wreck"))
        )
    return parts


def tank_title(tank: Tank, where: str) -> str:
    """The hover text: id, name, side, hex, facing and markers."""
    name = f"{tank.id}: {tank.name}" if tank.id != tank.name else str(tank.id)
    title = f"{name} ({tank.side}) at {where}, facing {tank.facing}"
    flags = {"wreck": tank.wreck, "immobile": tank.immobile, "smoke": tank.smoke, "flag": tank.flag}
    marks = [m for m, on in flags.items() if on]
    return title + (" [" + ", ".join(marks) + "]" if marks else "")
