"""Text boxes and label layout: how wide a label is, where its box lies in pixels, and a
greedy placer that keeps labels apart and inside the picture.

Widths come from DejaVu Sans (the themes' first font; its advance widths, in thousandths of
an em, are below for printable ASCII). A browser that falls back to Arial draws narrower
text, so boxes measured here are never too small. A character outside ASCII is measured as
its base letter (``Ō`` as ``O``) or, failing that, as a full em.

>>> round(text_width("0802", 10.0), 1)
25.4
>>> Box(0, 0, 10, 10).overlaps(Box(9, 9, 20, 20)), Box(0, 0, 10, 10).overlaps(Box(10, 0, 20, 10))
(True, False)
>>> fit_text("Panzer IV Ausf. D", 40.0, 10.0)
'Pz IV D'
>>> wrap_text("Panzer IV Ausf. D", 60.0, 10.0)
['Panzer IV', 'Ausf. D']
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import NamedTuple

import numpy as np
import numpy.typing as npt

from workbench.render.scene import (
    Polygon,
    Primitive,
    Scene,
    Style,
    Text,
    Texts,
    Transform,
)

# fmt: off
_REGULAR: tuple[int, ...] = (
    318, 401, 460, 838, 636, 950, 780, 275, 390, 390, 500, 838, 318, 361, 318, 337,
    636, 636, 636, 636, 636, 636, 636, 636, 636, 636, 337, 337, 838, 838, 838, 531,
    1000, 684, 686, 698, 770, 632, 575, 775, 752, 295, 295, 656, 557, 863, 748, 787,
    603, 787, 695, 635, 611, 732, 684, 989, 685, 611, 685, 390, 337, 390, 838, 500,
    500, 613, 635, 550, 635, 615, 352, 635, 634, 278, 278, 579, 278, 974, 634, 612,
    635, 635, 411, 521, 392, 634, 592, 818, 592, 592, 525, 636, 337, 636, 838,
)
_BOLD: tuple[int, ...] = (
    348, 456, 521, 838, 696, 1002, 872, 306, 457, 457, 523, 838, 380, 415, 380, 365,
    696, 696, 696, 696, 696, 696, 696, 696, 696, 696, 400, 400, 838, 838, 838, 580,
    1000, 774, 762, 734, 830, 683, 683, 821, 837, 372, 372, 775, 637, 995, 837, 850,
    733, 850, 770, 720, 682, 812, 774, 1103, 771, 724, 725, 457, 365, 457, 838, 500,
    500, 675, 716, 593, 716, 678, 435, 716, 712, 343, 343, 665, 343, 1042, 712, 687,
    716, 716, 493, 595, 478, 712, 652, 924, 645, 652, 582, 712, 365, 712, 838,
)
# fmt: on
"""Advance widths of DejaVu Sans and DejaVu Sans Bold for characters 32..126, in 1/1000 em."""

ASCENT = 0.58
"""Half the height of a line box in font sizes: text is centred on its anchor point (the SVG
and canvas backends shift the baseline 0.35 em down), and DejaVu's accents reach 0.93 em above
the baseline and its descenders 0.24 em below."""

LINE_HEIGHT = 1.2
"""Distance between the centres of two wrapped lines, in font sizes."""


def _char_width(char: str, table: tuple[int, ...]) -> int:
    code = ord(char)
    if 32 <= code < 127:
        return table[code - 32]
    base = unicodedata.normalize("NFD", char)[0]
    if 32 <= ord(base) < 127:
        return table[ord(base) - 32]
    return 1000


@lru_cache(maxsize=4096)
def _em_width(text: str, bold: bool) -> float:
    table = _BOLD if bold else _REGULAR
    return sum(_char_width(c, table) for c in text) / 1000.0


def text_width(text: str, font_size: float, bold: bool = False) -> float:
    """The width of a line of text in pixels."""
    return _em_width(text, bold) * font_size


class Box(NamedTuple):
    """A rectangle in pixels, ``x0 <= x1`` and ``y0 <= y1``."""

    x0: float
    y0: float
    x1: float
    y1: float

    def overlaps(self, other: Box) -> bool:
        """Whether the two boxes share some area (touching edges do not count)."""
        return (
            self.x0 < other.x1 and other.x0 < self.x1 and self.y0 < other.y1 and other.y0 < self.y1
        )

    def inside(self, width: float, height: float) -> bool:
        eps = 1e-6
        return (
            self.x0 >= -eps
            and self.y0 >= -eps
            and self.x1 <= width + eps
            and self.y1 <= height + eps
        )

    def shifted(self, dx: float, dy: float) -> Box:
        return Box(self.x0 + dx, self.y0 + dy, self.x1 + dx, self.y1 + dy)


def text_box_px(x: float, y: float, text: str, style: Style) -> Box:
    """The box of a line of text anchored at pixel ``(x, y)`` (a halo widens it)."""
    width = text_width(text, style.font_size, style.bold)
    halo = style.width / 2 if style.fill and style.stroke else 0.0
    if style.anchor == "start":
        x0 = x
    elif style.anchor == "end":
        x0 = x - width
    else:
        x0 = x - width / 2
    half = ASCENT * style.font_size
    return Box(x0 - halo, y - half - halo, x0 + width + halo, y + half + halo)


def text_box(text: Text, transform: Transform) -> Box:
    """The pixel box of a :class:`Text`."""
    return text_box_px(*transform.to_pixel(*text.at), text.text, text.style)


@dataclass(frozen=True)
class Label:
    """A text of a scene with the layer it is in and its pixel box."""

    layer: str
    text: str
    box: Box


def scene_labels(scene: Scene) -> list[Label]:
    """Every text of the scene (batches split), with its pixel box."""
    out: list[Label] = []
    t = scene.transform
    for layer, prim in scene.items():
        if isinstance(prim, Texts):
            at = prim.at * t.scale + np.array([t.offset_x, t.offset_y])
            for (x, y), text in zip(at.tolist(), prim.texts, strict=True):
                out.append(Label(layer, text, text_box_px(x, y, text, prim.style)))
        elif isinstance(prim, Text):
            out.append(Label(layer, prim.text, text_box(prim, t)))
    return out


def overlapping(labels: Sequence[Label]) -> list[tuple[Label, Label]]:
    """Every pair of labels whose boxes overlap (a sweep along x); a label drawn again in the
    same place (lifted over a tint, see :func:`reink_numbers`) is one label, not a pair."""
    order = sorted(range(len(labels)), key=lambda i: labels[i].box.x0)
    pairs: list[tuple[Label, Label]] = []
    active: list[int] = []
    for i in order:
        box = labels[i].box
        active = [j for j in active if labels[j].box.x1 > box.x0]
        pairs.extend(
            (labels[j], labels[i])
            for j in active
            if labels[j].box.overlaps(box) and not same_label(labels[j], labels[i])
        )
        active.append(i)
    return pairs


def outside(labels: Iterable[Label], width: float, height: float) -> list[Label]:
    """The labels whose boxes leave a ``width`` x ``height`` picture."""
    return [label for label in labels if not label.box.inside(width, height)]


def unit_boxes(scene: Scene) -> list[Box]:
    """The boxes of the counters and pieces in the units layer (their titled polygons)."""
    t = scene.transform
    boxes = []
    for prim in scene.layer("units"):
        if isinstance(prim, Polygon) and prim.title:
            xs = [p[0] for p in prim.points]
            ys = [p[1] for p in prim.points]
            (x0, y0), (x1, y1) = t.to_pixel(min(xs), min(ys)), t.to_pixel(max(xs), max(ys))
            boxes.append(Box(x0, y0, x1, y1))
    return boxes


# --- fitting text ------------------------------------------------------------------------
ABBREVIATIONS: tuple[tuple[str, str], ...] = (
    ("Panzerkampfwagen", "Pz"),
    ("Panzer", "Pz"),
    ("Jagdpanzer", "JgPz"),
    ("Sturmgeschütz", "StuG"),
    (" Ausf.", ""),
    (" Ausführung", ""),
)
"""How counters shorten a tank's name when it does not fit (as printed short labels do)."""


def fit_text(text: str, width: float, font_size: float, bold: bool = False) -> str:
    """``text`` as it fits in ``width`` pixels: itself, else with the usual abbreviations,
    else cut with an ellipsis (at least one character)."""
    if text_width(text, font_size, bold) <= width:
        return text
    short = text
    for long, abbreviation in ABBREVIATIONS:
        short = short.replace(long, abbreviation)
    if text_width(short, font_size, bold) <= width:
        return short
    cut = short
    while len(cut) > 1 and text_width(cut + "…", font_size, bold) > width:
        cut = cut[:-1].rstrip()
    return cut + "…"


def wrap_text(
    text: str, width: float, font_size: float, bold: bool = False, max_lines: int = 0
) -> list[str]:
    """``text`` broken at spaces into lines no wider than ``width`` (a word wider than the line
    is cut with an ellipsis); at most ``max_lines`` lines (0: any), the last one shortened."""
    lines: list[str] = []
    for word in text.split():
        if lines and text_width(lines[-1] + " " + word, font_size, bold) <= width:
            lines[-1] += " " + word
        elif text_width(word, font_size, bold) > width and _breaks(word):
            lines += _broken(word, width, font_size, bold)  # T-34/76 -> "T-34/", "76"
        else:
            lines.append(word)
    lines = [fit_text(line, width, font_size, bold) for line in lines] or [""]
    if max_lines and len(lines) > max_lines:
        rest = " ".join(lines[max_lines - 1 :])
        lines = [*lines[: max_lines - 1], fit_text(rest, width, font_size, bold)]
    return lines


def _breaks(word: str) -> bool:
    return any(c in word[:-1] for c in "/-")


def _broken(word: str, width: float, font_size: float, bold: bool) -> list[str]:
    """A long word broken after its slashes and hyphens into lines that fit where they can."""
    pieces: list[str] = []
    for char in word:
        if pieces and pieces[-1][-1:] in ("/", "-"):
            pieces.append(char)
        elif pieces:
            pieces[-1] += char
        else:
            pieces.append(char)
    lines = [pieces[0]]
    for piece in pieces[1:]:
        if text_width(lines[-1] + piece, font_size, bold) <= width:
            lines[-1] += piece
        else:
            lines.append(piece)
    return lines


# --- placing labels ----------------------------------------------------------------------
class Placer:
    """Labels placed one at a time, each in the first of its candidate spots that is inside
    the picture and clear of everything placed before (so the first placed wins)."""

    def __init__(self, width: float, height: float, taken: Iterable[Box] = ()) -> None:
        self.width, self.height = width, height
        self.taken: list[Box] = list(taken)
        self.units: list[Box] = []  # the counters among them (see annotation_placer)

    def free(self, box: Box) -> bool:
        return box.inside(self.width, self.height) and not any(box.overlaps(b) for b in self.taken)

    def inside(self, box: Box) -> Box:
        """The box moved the least way to lie inside the picture (if it can)."""
        dx = max(0.0, -box.x0) - max(0.0, box.x1 - self.width)
        dy = max(0.0, -box.y0) - max(0.0, box.y1 - self.height)
        return box.shifted(dx, dy)

    def place(self, boxes: Iterable[Box]) -> Box | None:
        """The first candidate box (moved inside the picture) that is free; it is taken."""
        for box in boxes:
            moved = self.inside(box)
            if self.free(moved):
                self.taken.append(moved)
                return moved
        return None

    def take(self, box: Box) -> None:
        self.taken.append(box)

    def free_mask(self, boxes: npt.NDArray[np.float64]) -> npt.NDArray[np.bool_]:
        """For boxes given as rows (x0, y0, x1, y1): which are inside and clear of every taken
        box, all at once."""
        boxes = np.asarray(boxes, dtype=float).reshape(-1, 4)
        ok = (
            (boxes[:, 0] >= 0)
            & (boxes[:, 1] >= 0)
            & (boxes[:, 2] <= self.width)
            & (boxes[:, 3] <= self.height)
        )
        if self.taken:
            t = np.array(self.taken)
            hit = (
                (boxes[:, None, 0] < t[None, :, 2])
                & (t[None, :, 0] < boxes[:, None, 2])
                & (boxes[:, None, 1] < t[None, :, 3])
                & (t[None, :, 1] < boxes[:, None, 3])
            )
            ok &= ~hit.any(axis=1)
        return ok


def box_text(box: Box, text: str, style: Style, transform: Transform, title: str = "") -> Text:
    """A :class:`Text` that fills ``box`` (made by :func:`text_box_px` with this style)."""
    halo = style.width / 2 if style.fill and style.stroke else 0.0
    y = (box.y0 + box.y1) / 2
    if style.anchor == "start":
        x = box.x0 + halo
    elif style.anchor == "end":
        x = box.x1 - halo
    else:
        x = (box.x0 + box.x1) / 2
    return Text(transform.to_board(x, y), text, style, title)


def around(
    x: float, y: float, text: str, style: Style, offsets: Iterable[tuple[float, float]]
) -> Iterator[Box]:
    """Candidate boxes for ``text`` at pixel offsets from ``(x, y)``."""
    for dx, dy in offsets:
        yield text_box_px(x + dx, y + dy, text, style)


__all__ = [
    "Box",
    "Label",
    "Placer",
    "annotation_placer",
    "around",
    "box_text",
    "clear_numbers",
    "fit_text",
    "lift_haloed",
    "outside",
    "overlapping",
    "place_text",
    "reink_numbers",
    "scene_labels",
    "text_box",
    "text_width",
    "unit_boxes",
    "wrap_text",
]


# --- room for annotations ----------------------------------------------------------------
def annotation_placer(scene: Scene) -> Placer:
    """A placer for labels drawn over a finished scene: they keep clear of the counters and of
    every label except hex numbers (the ``Texts`` batches), which give way (see
    :func:`clear_numbers`)."""
    units = unit_boxes(scene)
    taken = list(units)
    t = scene.transform
    for _, prim in scene.items():
        if isinstance(prim, Text):
            taken.append(text_box(prim, t))
    placer = Placer(scene.width, scene.height, taken)
    placer.units = units
    return placer


def clear_numbers(scene: Scene, boxes: Sequence[Box]) -> Scene:
    """The scene without the hex numbers (``Texts`` entries, in any layer they were lifted to)
    that ``boxes`` would cover: a label placed over them takes their place, as on a printed
    map."""
    for layer in ("labels", "overlays", "annotations"):
        scene = _clear_numbers(scene, boxes, layer)
    return scene


def _clear_numbers(scene: Scene, boxes: Sequence[Box], layer: str) -> Scene:
    if not boxes:
        return scene
    t = scene.transform
    kept: list[Primitive] = []
    changed = False
    b = np.array(boxes, dtype=float).reshape(-1, 4)
    for prim in scene.layer(layer):
        if not isinstance(prim, Texts):
            kept.append(prim)
            continue
        at = prim.at * t.scale + np.array([t.offset_x, t.offset_y])
        half_w = (
            np.array([text_width(s, prim.style.font_size, prim.style.bold) for s in prim.texts]) / 2
        )
        half_h = ASCENT * prim.style.font_size
        x0, x1 = at[:, 0] - half_w, at[:, 0] + half_w
        y0, y1 = at[:, 1] - half_h, at[:, 1] + half_h
        hit = (
            (x0[:, None] < b[None, :, 2])
            & (b[None, :, 0] < x1[:, None])
            & (y0[:, None] < b[None, :, 3])
            & (b[None, :, 1] < y1[:, None])
        ).any(axis=1)
        if not hit.any():
            kept.append(prim)
            continue
        changed = True
        keep = np.flatnonzero(~hit)
        if len(keep):
            titles = tuple(prim.titles[i] for i in keep) if prim.titles else ()
            kept.append(
                Texts(prim.at[keep], tuple(prim.texts[i] for i in keep), prim.style, titles)
            )
    if not changed:
        return scene
    return scene.without(layer).add(layer, kept)


def place_text(
    placer: Placer,
    scene: Scene,
    at: tuple[float, float],
    text: str,
    style: Style,
    offsets: Iterable[tuple[float, float]],
    title: str = "",
) -> tuple[Text, Box] | None:
    """A text at the first free pixel offset from board point ``at`` (None if none is)."""
    x, y = scene.transform.to_pixel(*at)
    found = placer.place(around(x, y, text, style, offsets))
    if found is None:
        return None
    return box_text(found, text, style, scene.transform, title), found


def reink_numbers(scene: Scene, inks: Mapping[str, str]) -> Scene:
    """The hex numbers named in ``inks`` (number -> colour) drawn again in the annotations
    layer in their new colours: a number under a tint is lifted over it and inked to read on
    the tinted ground. The labels and overlays layers are left as they are (a live canvas need
    not redraw the board, and the tint stays one batch); the copy covers the faded number
    exactly, and no counter stands on a hex number (the board leaves those out)."""
    if not inks:
        return scene
    lifted: list[Primitive] = []
    for prim in scene.layer("labels"):
        if not isinstance(prim, Texts):
            continue
        hit = np.fromiter((t in inks for t in prim.texts), dtype=bool, count=len(prim.texts))
        if not hit.any():
            continue
        texts = np.array(prim.texts, dtype=object)
        moved = np.flatnonzero(hit)
        colours = [inks[t] for t in texts[moved].tolist()]
        for ink in dict.fromkeys(colours):
            pick = moved[[c == ink for c in colours]]
            lifted.append(
                Texts(prim.at[pick], tuple(texts[pick].tolist()), prim.style.with_(fill=ink))
            )
    return scene.add("annotations", lifted) if lifted else scene


def lift_haloed(scene: Scene) -> Scene:
    """The haloed labels (place and zone names) drawn again in the annotations layer, so a tint
    drawn over the board does not fade them (the labels layer is left as it is; the board
    placed them clear of the counters)."""
    labels = scene.layer("labels")
    haloed = [p for p in labels if isinstance(p, Text) and p.style.stroke and p.style.fill]
    return scene.add("annotations", haloed) if haloed else scene


def same_label(a: Label, b: Label) -> bool:
    """Whether two labels are one label drawn twice (lifted over a tint): same text, same box."""
    return a.text == b.text and all(abs(p - q) < 0.01 for p, q in zip(a.box, b.box, strict=True))
