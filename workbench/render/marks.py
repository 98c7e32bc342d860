"""Numbered marks on any board: each mark a group of cells and outlines (board units) drawn in
one colour, its number by its last cell or outline (where a move goes), where it keeps clear
of the labels and counters (the fairness panel's suggested changes, each drawn where it
acts).

>>> from workbench.boards import HexMap
>>> from workbench.render import scene_of
>>> board = HexMap.blank(rows=4, cols=4)
>>> scene = numbered_marks(scene_of(board, size=20), [("1", [board.hex("0202")], [])])
>>> len(scene.layers["annotations"]) > len(scene_of(board, size=20).layers.get("annotations", ()))
True
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from workbench.render.labels import annotation_placer, place_text
from workbench.render.scene import ANNOTATIONS, Polygon, Primitive, Scene, Style, Text
from workbench.render.themes import DEFAULT, Theme, readable

MARK_COLOR = "#7b3294"  # purple: apart from the findings' red, orange and blue
Mark = tuple[str, Sequence[Any], Sequence[Sequence[tuple[float, float]]]]


def numbered_marks(scene: Scene, marks: Iterable[Mark], *, color: str = MARK_COLOR) -> Scene:
    """``marks`` (each: its number as text, the board's cells it covers, outlines in board
    units) outlined over ``scene``, dashed, each numbered once (by its outlines' last)."""
    th = scene.theme if isinstance(scene.theme, Theme) else DEFAULT
    layout = scene.layout
    style = Style(stroke=color, width=max(2.5, th.zone_width_px), dash=(6.0, 3.0))
    prims: list[Primitive] = []
    firsts: list[tuple[str, tuple[float, float]]] = []
    for number, cells, shapes in marks:
        rings = [tuple(s) for s in shapes if len(s) >= 3]
        if layout is not None:
            rings += [tuple(layout.cell_polygon(c)) for c in cells]
        if not rings:
            continue
        prims += [Polygon(ring, style, f"change {number}") for ring in rings]
        xs, ys = zip(*rings[-1], strict=True)  # by its last place: where a move goes
        firsts.append((number, (sum(xs) / len(xs), sum(ys) / len(ys))))
    out = scene.add(ANNOTATIONS, prims) if prims else scene
    placer = annotation_placer(out)
    font = max(th.name_min_px, th.odds_font_px) * th.zoom
    text_style = Style(fill=readable(color, th.halo), stroke=th.halo, width=3.0, font_size=font,
                       bold=True)  # fmt: skip
    offsets = [(0.0, 0.0), (0.0, -font), (0.0, font), (font, 0.0), (-font, 0.0)]
    texts: list[Text] = []
    for number, at in firsts:
        placed = place_text(placer, out, at, number, text_style, offsets, f"change {number}")
        if placed is not None:
            texts.append(placed[0])
    return out.add(ANNOTATIONS, texts) if texts else out
