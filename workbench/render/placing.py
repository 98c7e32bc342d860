"""A label set where it collides with nothing. The ways to set a thing's name are tried in
order: inside the thing, below it, above it, beside it (right, then left), wrapped on two
lines (below, above, beside), then its short name (inside, below, above, beside); the first
whose box lies in the picture and clear of every box a :class:`~workbench.render.labels.Placer`
has taken (other labels, pieces, counters, tokens) is kept and taken in turn. With none clear
the label is left out, and the thing keeps its whole name in its hover title.

Everything is in pixels; boxes are measured as :func:`~workbench.render.labels.text_box_px`
measures a line (a wrapped label's box holds all its lines).

>>> style = Style(font_size=10.0)
>>> wood = Box(0, 0, 100, 40)
>>> placer = Placer(200, 200, [Box(20, 10, 80, 30)])  # a token in the wood's middle
>>> setting = first_clear(placer, settings("North wood", wood, style, style))
>>> setting.where, setting.lines
('below', ('North wood',))
>>> two_lines("South-west house", 10.0)
('South-west', 'house')
>>> short_name("North-east house"), short_name("Sherman (75mm) A1"), short_name("Panzer IV G1")
('NE house', 'Sherman A1', 'Pz IV G1')
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, replace
from itertools import chain

from workbench.render.labels import (
    ABBREVIATIONS,
    ASCENT,
    LINE_HEIGHT,
    Box,
    Placer,
    text_box_px,
    text_width,
    wrap_text,
)
from workbench.render.scene import Style, Text, Transform

GAP_PX = 2.0  # between a thing and a label set beside it


@dataclass(frozen=True)
class Setting:
    """One way to set a label: its lines centred on pixel ``(x, y)`` in ``style``, and
    where that is from the thing it names (``inside``, ``below``, ``above``, ``right``,
    ``left``)."""

    lines: tuple[str, ...]
    x: float
    y: float
    style: Style
    where: str = "inside"

    def shifted(self, dx: float, dy: float) -> Setting:
        return replace(self, x=self.x + dx, y=self.y + dy)

    def line_ys(self) -> list[float]:
        step = LINE_HEIGHT * self.style.font_size
        middle = (len(self.lines) - 1) / 2
        return [self.y + (i - middle) * step for i in range(len(self.lines))]

    def box(self) -> Box:
        """The box round every line (as :func:`text_box_px` measures each)."""
        boxes = [text_box_px(self.x, y, line, self.style) for line, y in self._lines()]
        return Box(
            min(b.x0 for b in boxes),
            min(b.y0 for b in boxes),
            max(b.x1 for b in boxes),
            max(b.y1 for b in boxes),
        )

    def texts(self, transform: Transform, title: str = "") -> list[Text]:
        """The label's lines as texts in board units, each with the hover ``title``."""
        return [
            Text(transform.to_board(self.x, y), line, self.style, title)
            for line, y in self._lines()
        ]

    def _lines(self) -> list[tuple[str, float]]:
        return list(zip(self.lines, self.line_ys(), strict=True))


def block_size(lines: Sequence[str], style: Style) -> tuple[float, float]:
    """The width and height in pixels of ``lines`` set one under another in ``style``."""
    halo = style.width / 2 if style.fill and style.stroke else 0.0
    width = max(text_width(line, style.font_size, style.bold) for line in lines) + 2 * halo
    height = (len(lines) - 1) * LINE_HEIGHT * style.font_size + 2 * ASCENT * style.font_size
    return width, height + 2 * halo


def around(thing: Box, lines: Sequence[str], style: Style, *, gap: float = GAP_PX) -> list[Setting]:
    """``lines`` below, above, right of and left of the box ``thing``, in that order."""
    w, h = block_size(lines, style)
    cx, cy = (thing.x0 + thing.x1) / 2, (thing.y0 + thing.y1) / 2
    spots = (
        (cx, thing.y1 + gap + h / 2, "below"),
        (cx, thing.y0 - gap - h / 2, "above"),
        (thing.x1 + gap + w / 2, cy, "right"),
        (thing.x0 - gap - w / 2, cy, "left"),
    )
    return [Setting(tuple(lines), x, y, style, where) for x, y, where in spots]


def within(thing: Box, lines: Sequence[str], style: Style, *, gap: float = GAP_PX) -> list[Setting]:
    """``lines`` inside the box ``thing``: in its middle, then at its top, then at its foot
    (clear of a token standing in its middle); none where the lines, with a pixel to spare
    round them, are wider or taller."""
    w, h = block_size(lines, style)
    if w + 2.0 > thing.x1 - thing.x0 or h + 2.0 > thing.y1 - thing.y0:
        return []
    cx, cy = (thing.x0 + thing.x1) / 2, (thing.y0 + thing.y1) / 2
    top, foot = thing.y0 + min(gap, 1.0) + h / 2, thing.y1 - min(gap, 1.0) - h / 2
    ys = dict.fromkeys((cy, top, foot) if foot - top > 1.0 else (cy,))
    return [Setting(tuple(lines), cx, y, style) for y in ys]


def two_lines(text: str, font: float, bold: bool = False) -> tuple[str, str] | None:
    """``text`` broken at the space (or after the hyphen or slash) that makes its longer line
    the shortest; None for a single word that does not break."""
    best: tuple[float, tuple[str, str]] | None = None
    for i, char in enumerate(text):
        if char == " ":
            first, second = text[:i], text[i + 1 :]
        elif char in "-/" and 0 < i < len(text) - 1:
            first, second = text[: i + 1], text[i + 1 :]
        else:
            continue
        if not first.strip() or not second.strip():
            continue
        longer = max(text_width(first, font, bold), text_width(second, font, bold))
        if best is None or longer < best[0]:
            best = (longer, (first.strip(), second.strip()))
    return None if best is None else best[1]


def settings(
    name: str,
    thing: Box,
    inside: Style,
    outside: Style,
    *,
    short: str = "",
    room: float | None = None,
) -> list[Setting]:
    """Every way to set ``name`` for the box ``thing``, best first (see the module):
    ``inside`` is the style of a name inside it, ``outside`` of one set beside it (a halo);
    ``room``: the width a name inside may take (the box's width if None), wrapped there on
    as many lines as the box holds; ``short``: the thing's short name."""
    font = inside.font_size
    width = thing.x1 - thing.x0 if room is None else room
    rows = max(1, int((thing.y1 - thing.y0) // (font * LINE_HEIGHT)))
    wrapped = wrap_text(name, width, font, inside.bold, max_lines=rows)
    out: list[Setting] = []
    if not any(line.endswith("…") for line in wrapped) or name.endswith("…"):
        out += within(thing, wrapped, inside)
    out += around(thing, (name,), outside)
    broken = two_lines(name, font, outside.bold)
    if broken is not None:
        out += around(thing, broken, outside)
    if short and short != name:
        out += within(thing, (short,), inside) + around(thing, (short,), outside)
    return out


COMPASS: tuple[tuple[str, str], ...] = (
    ("North-east", "NE"),
    ("North-west", "NW"),
    ("South-east", "SE"),
    ("South-west", "SW"),
    ("North", "N"),
    ("South", "S"),
    ("East", "E"),
    ("West", "W"),
)
"""Compass words as a crowded map letters them."""


def short_name(text: str) -> str:
    """A name as a crowded picture shortens it: the usual abbreviations of tank names
    (:data:`~workbench.render.labels.ABBREVIATIONS`), compass words as letters, words in
    brackets left out."""
    short = re.sub(r"\s*\([^)]*\)", "", text)
    for long, abbreviation in ABBREVIATIONS:
        short = short.replace(long, abbreviation)
    for word, letters in COMPASS:
        short = re.sub(rf"\b{word}\b", letters, short)
    return " ".join(short.split()) or text


def first_clear(
    placer: Placer,
    candidates: Iterable[Setting],
    fits: Callable[[Setting, Box], bool] | None = None,
) -> Setting | None:
    """The first setting whose box is free in ``placer`` (and that ``fits``, if given: an
    inside setting that stays inside an irregular thing), its box taken; None if none is.
    Where none is, those that leave the picture are slid back along the thing's side (a name
    under a thing at the picture's edge slides sideways, one beside it up or down) and tried
    again in turn."""
    tried = list(candidates)
    for setting in chain(tried, (slid_inside(placer, s) for s in tried)):
        box = setting.box()
        if placer.free(box) and (fits is None or fits(setting, box)):
            placer.take(box)
            return setting
    return None


def slid_inside(placer: Placer, setting: Setting) -> Setting:
    """``setting`` moved the least way along its thing's side to lie inside the picture."""
    if setting.where == "inside":
        return setting
    box = setting.box()
    moved = placer.inside(box)
    dx, dy = moved.x0 - box.x0, moved.y0 - box.y0
    if setting.where in ("below", "above"):
        return setting.shifted(dx, 0.0)
    return setting.shifted(0.0, dy)


__all__ = [
    "COMPASS",
    "GAP_PX",
    "Setting",
    "around",
    "block_size",
    "first_clear",
    "settings",
    "short_name",
    "slid_inside",
    "two_lines",
    "within",
]
