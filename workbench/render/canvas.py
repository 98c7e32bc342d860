"""Live backend: a scene drawn on an ipycanvas ``MultiCanvas``, one sub-canvas per layer group
(:data:`~workbench.render.scene.LAYER_GROUPS`), so an overlay redraws without the board.

Drawing is batched: everything goes out in one ``hold_canvas()`` message, and consecutive
primitives of a layer that share a kind and a style (a batch such as ``Polygons`` counts as
many) become *one* vectorised call (``fill_polygons``, ``stroke_polygons``,
``stroke_line_segments``, ``fill_circles``), so a 1200-hex board costs a handful of polygon
calls, not one per hex. Settings (colours, widths, font...) are sent only when they change.
Text has no batched call in ipycanvas: each label is one ``fillText`` command in the same held
message, appended the cheap way described in :func:`_send_texts`.

A heatmap is a run of fill-only polygons that differ only in colour: it goes out as *one*
``fill_styled_polygons`` call carrying a colour per polygon (:func:`_batched`), not one call
and one ``fillStyle`` per cell. And :func:`draw_scene` remembers what each sub-canvas shows:
a group whose layers are the very same values as last time (the board and its hex labels,
after a click that only changes the overlay) is not cleared and sent again, so a click
redraws only what changed. In the browser every redrawn sub-canvas also costs a composite of
all the layers, so skipping the unchanged ones matters there too.
"""

from __future__ import annotations

import weakref
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import fields
from functools import lru_cache
from itertools import groupby
from operator import attrgetter
from typing import Any

import numpy as np
import numpy.typing as npt

from workbench.errors import InvalidValue
from workbench.render.scene import (
    LAYER_GROUPS,
    Arrow,
    Circle,
    Polygon,
    Polygons,
    Polyline,
    Primitive,
    Scene,
    Segments,
    Style,
    Text,
    Texts,
    Transform,
)
from workbench.render.svg import TEXT_BASELINE_SHIFT

GROUPS: tuple[str, ...] = tuple(LAYER_GROUPS)

_KIND: dict[type, str] = {
    Polygon: "polygons",
    Polygons: "polygons",
    Polyline: "lines",
    Segments: "lines",
    Circle: "circles",
    Arrow: "arrows",
    Text: "texts",
    Texts: "texts",
}
"""What a primitive is drawn as: single primitives and batches of the same kind share a run."""


def _runs(prims: Iterable[Primitive]) -> Iterator[tuple[str, Style, list[Any]]]:
    """Consecutive primitives of the same kind and style (drawing order is kept)."""
    for (kind, style), run in groupby(prims, key=lambda p: (_KIND[type(p)], p.style)):
        yield kind, style, list(run)


@lru_cache(maxsize=4096)
def _rgb(color: str | None) -> tuple[int, int, int] | None:
    """``#rrggbb`` or ``#rgb`` as integers; None for anything else (drawn the plain way)."""
    if not color or not color.startswith("#") or len(color) not in (4, 7):
        return None
    digits = color[1:] if len(color) == 7 else "".join(c * 2 for c in color[1:])
    try:
        return int(digits[0:2], 16), int(digits[2:4], 16), int(digits[4:6], 16)
    except ValueError:
        return None


def _fill_only(kind: str, style: Style) -> bool:
    return kind == "polygons" and style.stroke is None and _rgb(style.fill) is not None


_all_but_fill = attrgetter(*(f.name for f in fields(Style) if f.name != "fill"))
"""A style's settings other than its fill, as a tuple (to compare two styles quickly)."""


def _batched(runs: Iterable[tuple[str, Style, list[Any]]]) -> Iterator[tuple[str, Style, list]]:
    """Runs as :func:`_runs` gives them, except that consecutive runs of fill-only polygons
    whose styles differ only in the fill colour (a heatmap: one colour per cell) become one
    ``"styled"`` run of ``(colour, run)`` pairs, drawn in the same order by one call."""
    pending: list[tuple[Style, list[Any]]] = []
    shared: tuple[Any, ...] = ()

    def flush() -> Iterator[tuple[str, Style, list]]:
        if len(pending) == 1:
            yield "polygons", pending[0][0], pending[0][1]
        elif pending:
            yield "styled", pending[0][0].with_(fill=None), list(pending)
        pending.clear()

    for kind, style, run in runs:
        mergeable = _fill_only(kind, style)
        if mergeable and pending and _all_but_fill(style) == shared:
            pending.append((style, run))
            continue
        yield from flush()
        if mergeable:
            pending.append((style, run))
            shared = _all_but_fill(style)
        else:
            yield kind, style, run
    yield from flush()


def _pixels(points: Any, t: Transform) -> npt.NDArray[np.float64]:
    """Board points (any array of shape (..., 2)) in pixels."""
    return np.asarray(points, dtype=float) * t.scale + np.array([t.offset_x, t.offset_y])


def _shapes(run: Sequence[Any]) -> npt.NDArray[np.float64] | list[npt.NDArray[np.float64]]:
    """The point lists of a run of polygons or lines (single or batched), in board units: one
    (shapes, points, 2) array when they all have as many points, else one array per shape."""
    if not any(isinstance(p, Polygons | Segments) for p in run):
        if len({len(p.points) for p in run}) == 1:
            return np.array([p.points for p in run], dtype=float)
        return [np.array(p.points, dtype=float) for p in run]
    blocks = [p.points if isinstance(p, Polygons | Segments) else np.array([p.points]) for p in run]
    if len({b.shape[1] for b in blocks}) == 1:
        return np.concatenate(blocks)
    return [shape for block in blocks for shape in block]


class _Pen:
    """The settings last sent to one canvas during one draw. ipycanvas sends a ``set`` command
    for every assignment to a canvas property, changed or not: the pen assigns only what
    changed, so a run costs its draw call and not a dozen settings. It starts knowing nothing,
    so the first setting of each kind is always sent."""

    def __init__(self, canvas: Any) -> None:
        self.canvas = canvas
        self.sent: dict[str, Any] = {}

    def set(self, **settings: Any) -> None:
        for name, value in settings.items():
            if name not in self.sent or self.sent[name] != value:
                setattr(self.canvas, name, value)
                self.sent[name] = value

    def dash(self, segments: Sequence[float]) -> None:
        key = tuple(segments)
        if self.sent.get("line_dash") != key:
            self.canvas.set_line_dash(list(key))
            self.sent["line_dash"] = key

    def style(self, style: Style) -> None:
        self.set(global_alpha=style.opacity)
        if style.fill:
            self.set(fill_style=style.fill)
        if style.stroke:
            self.set(
                stroke_style=style.stroke,
                line_width=style.width,
                line_join="round",
                line_cap="round",
            )
        self.dash(style.dash)


def _send_texts(canvas: Any, strings: Sequence[str], xy: Any, halo: bool) -> None:
    """Many ``fillText`` (and, for a halo, ``strokeText`` first) commands at pixel positions.

    ipycanvas has no batched text call. ``Canvas.fill_text(text, x, y)`` ends in one call of
    its canvas manager, ``send_command(canvas, [COMMANDS["fillText"], [text, x, y], 0])``
    (command code; arguments, the unset ``max_width`` dropped; no binary buffers), after a
    trait look-up for the manager and argument handling that cost about twice the command
    itself. We make that same ``send_command`` call directly, once per text, with the manager
    looked up once per run: the commands are exactly those ``fill_text`` sends, held by
    ``hold_canvas`` like any other (the manager still inserts the canvas switch), so the
    browser draws the same. What this relies on: ipycanvas's command protocol as in 0.14
    (``ipycanvas.canvas.COMMANDS``, ``Canvas._canvas_manager.send_command`` and the
    ``[code, args, buffer count]`` layout); ``tests/test_render_backends.py`` checks the
    commands against those of ``fill_text`` and ``stroke_text``, so a change there fails a test.
    Positions are rounded to 1/100 pixel, as in the SVG, which keeps the message short."""
    from ipycanvas.canvas import COMMANDS

    send = canvas._canvas_manager.send_command
    fill, stroke = COMMANDS["fillText"], COMMANDS["strokeText"]
    points = np.round(np.asarray(xy, dtype=float), 2).tolist()
    if halo:
        for text, (x, y) in zip(strings, points, strict=True):
            send(canvas, [stroke, [text, x, y], 0])
            send(canvas, [fill, [text, x, y], 0])
    else:
        for text, (x, y) in zip(strings, points, strict=True):
            send(canvas, [fill, [text, x, y], 0])


def _arrow_pixels(
    run: Sequence[Arrow], t: Transform
) -> tuple[npt.NDArray[np.float64], npt.NDArray[np.float64]]:
    """Shafts (n, 2, 2) and heads (n, 3, 2) of arrows in pixels, all at once (the same
    geometry as :meth:`Arrow.shaft_end` and :meth:`Arrow.head_points`)."""
    start = _pixels([p.start for p in run], t)
    end = _pixels([p.end for p in run], t)
    head = np.array([p.head for p in run])[:, None]
    delta = end - start
    length = np.hypot(delta[:, 0], delta[:, 1])[:, None]
    length[length == 0] = 1.0
    unit = delta / length
    shafts = np.stack([start, end - unit * np.minimum(head * 0.8, length)], axis=1)
    back = end - unit * head
    across = np.stack([-unit[:, 1], unit[:, 0]], axis=1) * head * 0.5
    heads = np.stack([end, back + across, back - across], axis=1)
    return shafts, heads


def _draw_run(
    canvas: Any, pen: _Pen, kind: str, style: Style, run: list[Any], t: Transform, family: str
) -> None:
    pen.style(style)
    if kind == "styled":
        outlines: list[Any] = []
        colors: list[tuple[int, int, int] | None] = []
        for fill_style, polygons in run:
            color = _rgb(fill_style.fill)
            for p in polygons:
                if isinstance(p, Polygons):
                    outlines.extend(p.points)
                    colors.extend([color] * len(p))
                else:
                    outlines.append(p.points)
                    colors.append(color)
        if len({len(shape) for shape in outlines}) == 1:
            styled: Any = _pixels(np.array(outlines, dtype=float), t)
        else:
            styled = [_pixels(shape, t) for shape in outlines]
        canvas.fill_styled_polygons(styled, np.array(colors, dtype=np.uint8))
    elif kind == "polygons":
        shapes = _shapes(run)
        pixels = (
            _pixels(shapes, t)
            if isinstance(shapes, np.ndarray)
            else [_pixels(s, t) for s in shapes]
        )
        if style.fill:
            canvas.fill_polygons(pixels)
        if style.stroke:
            canvas.stroke_polygons(pixels)
    elif kind == "lines":
        if style.stroke:
            shapes = _shapes(run)
            pixels = (
                _pixels(shapes, t)
                if isinstance(shapes, np.ndarray)
                else [_pixels(s, t) for s in shapes]
            )
            canvas.stroke_line_segments(pixels)
    elif kind == "circles":
        centres = _pixels([p.center for p in run], t)
        radii = np.array([p.radius * t.scale for p in run])
        if style.fill:
            canvas.fill_circles(centres[:, 0], centres[:, 1], radii)
        if style.stroke:
            canvas.stroke_circles(centres[:, 0], centres[:, 1], radii)
    elif kind == "arrows":
        shafts, heads = _arrow_pixels(run, t)
        canvas.stroke_line_segments(shafts)
        pen.dash(())
        pen.set(fill_style=style.stroke or style.fill or "#000000")
        canvas.fill_polygons(heads)
    elif kind == "texts":
        weight = "bold " if style.bold else ""
        pen.set(
            font=f"{weight}{style.font_size:g}px {family}",
            text_align={"start": "left", "middle": "center", "end": "right"}[style.anchor],
            text_baseline="alphabetic",
        )
        if not style.fill:
            pen.set(fill_style=style.stroke or "#000000")
        strings: list[str] = []
        points: list[Any] = []
        for p in run:
            if isinstance(p, Texts):
                strings.extend(p.texts)
                points.append(p.at)
            else:
                strings.append(p.text)
                points.append(np.array([p.at], dtype=float))
        xy = _pixels(np.concatenate(points), t)
        xy[:, 1] += style.font_size * TEXT_BASELINE_SHIFT
        _send_texts(canvas, strings, xy, halo=bool(style.fill and style.stroke))


def draw_layers(canvas: Any, scene: Scene, layers: Iterable[str]) -> None:
    """Draw these layers of the scene on one ipycanvas ``Canvas`` (no clearing, no holding)."""
    family = getattr(scene.theme, "font_family", "sans-serif")
    pen = _Pen(canvas)
    for name in layers:
        for kind, style, run in _batched(_runs(scene.layer(name))):
            _draw_run(canvas, pen, kind, style, run, scene.transform, family)
    pen.set(global_alpha=1.0)


def new_canvas(scene: Scene) -> Any:
    """An empty ``MultiCanvas`` the size of the scene, one sub-canvas per layer group."""
    from ipycanvas import MultiCanvas

    return MultiCanvas(len(GROUPS), width=round(scene.width), height=round(scene.height))


_SHOWN: weakref.WeakKeyDictionary[Any, dict[str, tuple[Any, ...]]] = weakref.WeakKeyDictionary()
"""What each live ``MultiCanvas`` shows, group by group (see :func:`_showing`)."""


def _showing(scene: Scene, group: str) -> tuple[Any, ...]:
    """What a group's sub-canvas shows: the scene's size, transform and background, and its
    layers' primitive tuples themselves (compared by identity: scenes share unchanged
    layers, so this is cheap and never mistakes a new overlay for an old one)."""
    background = getattr(scene.theme, "background", None) if group == "base" else None
    return (
        scene.width,
        scene.height,
        scene.transform,
        background,
        *(scene.layer(name) for name in LAYER_GROUPS[group]),
    )


def _same(a: tuple[Any, ...] | None, b: tuple[Any, ...]) -> bool:
    if a is None or len(a) != len(b):
        return False
    return a[:4] == b[:4] and all(x is y for x, y in zip(a[4:], b[4:], strict=True))


def draw_scene(
    multi: Any, scene: Scene, groups: Iterable[str] | None = None, *, force: bool = False
) -> Any:
    """Redraw the chosen layer groups (all by default) in one held message, each cleared
    first; a group that already shows these very layers is left alone unless ``force``
    (say, for a browser view that has just appeared and saw nothing).

    ``groups`` are names from :data:`GROUPS`: ``"base"``, ``"overlays"``, ``"units"``,
    ``"annotations"``; e.g. ``draw_scene(c, scene, ["overlays"])`` after a new reach."""
    from ipycanvas import hold_canvas

    chosen = GROUPS if groups is None else tuple(groups)
    unknown = set(chosen) - set(GROUPS)
    if unknown:
        raise InvalidValue(
            f"unknown layer group(s) {sorted(unknown)}: groups are {', '.join(GROUPS)}"
        )
    try:
        shown = _SHOWN.setdefault(multi, {})
    except TypeError:  # not weakly referable (a stand-in in a test): remember nothing
        shown = {}
    wanted = {name: _showing(scene, name) for name in chosen}
    todo = [name for name in chosen if force or not _same(shown.get(name), wanted[name])]
    if not todo:
        return multi
    with hold_canvas():
        for name in todo:
            canvas = multi[GROUPS.index(name)]
            canvas.clear()
            if name == "base" and getattr(scene.theme, "background", None):
                canvas.fill_style = scene.theme.background
                canvas.fill_rect(0, 0, scene.width, scene.height)
            draw_layers(canvas, scene, LAYER_GROUPS[name])
            shown[name] = wanted[name]
    return multi


def canvas_of(scene: Scene) -> Any:
    """A new ``MultiCanvas`` with the whole scene drawn on it."""
    return draw_scene(new_canvas(scene), scene)
