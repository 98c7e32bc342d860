"""Panzer Vor! counters as a player reads them: a tank seen from above in its side's colour, its
barrel along the turret's facing (:mod:`workbench.render.silhouettes`), its name on a tag in the
side's colour beside it, and small markers for flag, smoke, immobile and wreck. Values are in
the counter's hover title and the explorer's panel.

Board units are hex sizes (centre to corner = 1). A counter stands in its hex's room under the
hex number (:func:`workbench.render.counters.hex_room`). A name tag sits beside its counter
where nothing else is (another counter or tag, a hex number, a place's name), else over its own
counter.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from workbench.games.panzer_vor.rules.state import Tank
from workbench.render.counters import name_font
from workbench.render.labels import ASCENT, box_text, text_box_px, text_width
from workbench.render.scene import Circle, Point, Polygon, Polyline, Primitive, Style
from workbench.render.sides import WRECK_COLOR
from workbench.render.silhouettes import reach, silhouette_parts
from workbench.render.themes import Theme, contrast_text

# The parts of a counter, bottom first; every counter's part n is drawn before any part n + 1.
PARTS = ("tracks", "hull", "turret", "barrel", "marker", "tag", "name")


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


def tag_text(tank: Tank, font: float, room_px: float) -> str:
    """The name on a tank's tag: its id if that fits ``room_px`` (about a hex's width), else
    the name printed on its counter."""
    whole = counter_label(tank)
    if text_width(whole, font, True) <= room_px:
        return whole
    return short_label(tank)


def tank_title(tank: Tank, where: str) -> str:
    """The hover text: id, name, side, hex, facing and markers."""
    name = f"{tank.id}: {tank.name}" if tank.id != tank.name else str(tank.id)
    title = f"{name} ({tank.side}) at {where}, facing {tank.facing}"
    flags = {"wreck": tank.wreck, "immobile": tank.immobile, "smoke": tank.smoke, "flag": tank.flag}
    marks = [m for m, on in flags.items() if on]
    return title + (" [" + ", ".join(marks) + "]" if marks else "")


@dataclass(frozen=True)
class Counter:
    """One tank to draw: its centre (board units), hull and turret directions, radius, fill
    colour and hover title."""

    tank: Tank
    centre: Point
    heading: Point
    turret: Point
    radius: float
    fill: str
    title: str


def counter_parts(counter: Counter, th: Theme, px: float) -> list[tuple[str, Primitive]]:
    """The silhouette and markers of one counter as (part, primitive) pairs."""
    tank, r = counter.tank, counter.radius
    cx, cy = counter.centre
    length = r / reach(1.0)
    parts: list[tuple[str, Primitive]] = [
        (kind, prim)
        for kind, prim in silhouette_parts(
            counter.centre,
            counter.heading,
            counter.turret,
            length,
            counter.fill,
            th.counter_stroke,
            1.2,
            turreted=tank.counter.turreted,
            hull_gun=tank.counter.multiple_guns and tank.counter.turreted,
            least_barrel=1.4 / px,
            title=counter.title,
        )
    ]
    staff = Style(stroke=th.counter_stroke, width=1.5)
    if tank.flag:
        x = cx - 0.62 * r
        parts.append(("marker", Polyline(((x, cy + 0.05 * r), (x, cy - 0.8 * r)), staff)))
        cloth = ((x, cy - 0.8 * r), (x + 0.55 * r, cy - 0.63 * r), (x, cy - 0.46 * r))
        flag = Style(fill=th.flag_color, stroke=th.counter_stroke, width=0.8)
        parts.append(("marker", Polygon(cloth, flag, "flag")))
    if tank.smoke:
        puff = Style(fill=th.smoke_color, stroke="#ffffff", width=1.0, opacity=0.95)
        parts.append(("marker", Circle((cx + 0.5 * r, cy - 0.45 * r), 0.27 * r, puff, "smoke")))
    if tank.immobile:
        red = Style(stroke=th.immobile_color, width=max(2.0, px / 12))
        ix, iy, k = cx + 0.5 * r, cy + 0.45 * r, 0.25 * r
        parts.append(("marker", Polyline(((ix - k, iy - k), (ix + k, iy + k)), red, "immobile")))
        parts.append(("marker", Polyline(((ix - k, iy + k), (ix + k, iy - k)), red, "immobile")))
    if tank.wreck:
        cross = Style(stroke=th.wreck_color, width=max(2.0, px / 12), opacity=0.85)
        k = 0.6 * r
        parts.append(("marker", Polyline(((cx - k, cy - k), (cx + k, cy + k)), cross, "wreck")))
        parts.append(("marker", Polyline(((cx - k, cy + k), (cx + k, cy - k)), cross, "wreck")))
    return parts


def counter_fill(tank: Tank, colors: dict[str, str]) -> str:
    """A counter's colour: its side's, or the wreck grey."""
    return WRECK_COLOR if tank.wreck else colors.get(tank.side, WRECK_COLOR)


# --- name tags ----------------------------------------------------------------------------
PAD_PX = (3.0, 1.5)  # a tag's padding round its name, in pixels (across, up and down)


def tag_boxes(
    centre_px: Point, radius_px: float, width: float, height: float
) -> npt.NDArray[np.float64]:
    """A tag's candidate boxes (pixels) about a counter, best first: right of it, left of it,
    a tag's height above and below those (tanks stacked in a hex line their tags up), over
    and under it, then over the counter itself (the last resort)."""
    x, y = centre_px
    gap = radius_px * 0.92 + 1.0
    half, step = height / 2, height + 1.0
    right, left, middle = x + gap, x - gap - width, x - width / 2
    spots = [
        (right, y),
        (left, y),
        (right, y - step),
        (right, y + step),
        (left, y - step),
        (left, y + step),
        (middle, y - gap - half),
        (middle, y + gap + half),
        (middle, y),
    ]
    return np.array([(x0, cy - half, x0 + width, cy + half) for x0, cy in spots])


def free_boxes(
    boxes: npt.NDArray[np.float64], taken: npt.NDArray[np.float64], size: tuple[float, float]
) -> npt.NDArray[np.bool_]:
    """Which of ``boxes`` lie inside a picture of ``size`` and clear of every ``taken`` box."""
    ok = (boxes[:, 0] >= 0) & (boxes[:, 1] >= 0)
    ok &= (boxes[:, 2] <= size[0]) & (boxes[:, 3] <= size[1])
    if len(taken):
        hit = (
            (boxes[:, None, 0] < taken[None, :, 2])
            & (taken[None, :, 0] < boxes[:, None, 2])
            & (boxes[:, None, 1] < taken[None, :, 3])
            & (taken[None, :, 1] < boxes[:, None, 3])
        )
        ok &= ~hit.any(axis=1)
    return ok


def tag_parts(
    counters: Sequence[Counter],
    th: Theme,
    px: float,
    transform: Any,
    size: tuple[float, float],
    taken: npt.NDArray[np.float64],
) -> list[list[tuple[str, Primitive]]]:
    """Each counter's name tag (its plate and its name; none when there is no room), in the
    first free candidate spot (see :func:`tag_boxes`). ``taken``: pixel boxes tags keep clear
    of (labels, hex numbers); every counter is kept clear of too, and the tags placed before.
    Where nothing is free, the counter's short printed name is tried, then a spot clear of the
    counters and tags only, then its own counter; a tag never covers another tag: a counter
    with no room left keeps its name in its hover title."""
    font = name_font(th, px)
    height = font * 2 * ASCENT + 2 * PAD_PX[1]
    circles = np.array(
        [
            (*transform.to_pixel(c.centre[0] - c.radius, c.centre[1] - c.radius),
             *transform.to_pixel(c.centre[0] + c.radius, c.centre[1] + c.radius))
            for c in counters
        ],
        dtype=float,
    ).reshape(-1, 4)  # fmt: skip
    placed: list[npt.NDArray[np.float64]] = []
    out: list[list[tuple[str, Primitive]]] = []
    for counter in counters:
        tags = np.array(placed, dtype=float).reshape(-1, 4)
        apart = [j for j, c in enumerate(counters) if c.centre != counter.centre]  # a stack's
        others = np.concatenate([circles[apart], tags])  # own counters lie under its tags
        everything = np.concatenate([taken.reshape(-1, 4), others])
        whole, short = tag_text(counter.tank, font, 1.8 * px), short_label(counter.tank)
        centre = transform.to_pixel(*counter.centre)
        found = None
        for text, blocked in ((whole, everything), (short, everything), (short, others)):
            width = text_width(text, font, True) + 2 * PAD_PX[0]
            boxes = tag_boxes(centre, counter.radius * px, width, height)
            free = free_boxes(boxes[:-1], blocked, size)
            if free.any():
                found = (text, boxes[int(np.argmax(free))])
                break
        if found is None and free_boxes(boxes[-1:], tags, size)[0]:
            found = (short, boxes[-1])
        if found is None:
            out.append([])
            continue
        text, box = found
        placed.append(box)
        out.append(tag(counter, text, box, font, th, transform))
    return out


def tag(
    counter: Counter, text: str, box: npt.NDArray[np.float64], font: float, th: Theme, t: Any
) -> list[tuple[str, Primitive]]:
    """A name tag in the counter's colour filling ``box`` (pixels): its plate and its name."""
    x0, y0, x1, y1 = box.tolist()
    plate = tuple(t.to_board(x, y) for x, y in ((x0, y0), (x1, y0), (x1, y1), (x0, y1)))
    fill = counter.fill
    plate_style = Style(fill=fill, stroke=th.counter_stroke, width=1.0)
    ink = Style(fill=contrast_text(fill), font_size=font, bold=True)
    box_px = text_box_px((x0 + x1) / 2, (y0 + y1) / 2, text, ink)
    return [
        ("tag", Polygon(plate, plate_style, counter.title)),
        ("name", box_text(box_px, text, ink, t, counter.title)),
    ]


__all__ = [
    "PARTS",
    "Counter",
    "counter_fill",
    "counter_label",
    "counter_parts",
    "free_boxes",
    "short_label",
    "tag_parts",
    "tag_text",
    "tank_title",
]
