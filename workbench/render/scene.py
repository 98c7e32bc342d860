"""A backend-neutral scene: ordered layers of styled primitives, sized in pixels.

Geometry is in *board units* (hex size 1 for hex maps, squares for square boards,
centimetres for open tables); a :class:`Transform` (scale + offset) maps it to pixels, and back
for clicks. Style metrics (line width, dash, font size, arrow head) are already in pixels, so a
theme's "thick line" stays thick whatever the board's scale. Everything is a frozen value, so
the same scene always draws the same picture (see ``svg.to_svg``).

Small things are single primitives (:class:`Polygon`, :class:`Text`...). What a board has one
of per cell comes as a *batch* of one style, its geometry in a read-only numpy array
(:class:`Polygons`, :class:`Segments`, :class:`Texts`): a 1,200-hex board is a handful of
values built with a few array operations, and a backend draws each batch in one go.

>>> t = Transform(scale=20.0, offset_x=5.0, offset_y=5.0)
>>> t.to_pixel(1.0, 2.0), t.to_board(25.0, 45.0)
((25.0, 45.0), (1.0, 2.0))
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from types import MappingProxyType
from typing import Any, Literal, Protocol, TypeAlias

import numpy as np
import numpy.typing as npt

from workbench.errors import WorkbenchError

Point: TypeAlias = tuple[float, float]
Anchor = Literal["start", "middle", "end"]

BOARD = "board"
TERRAIN = "terrain"
EDGES = "edges"
LABELS = "labels"
OVERLAYS = "overlays"
UNITS = "units"
ANNOTATIONS = "annotations"
LAYERS: tuple[str, ...] = (BOARD, TERRAIN, EDGES, LABELS, OVERLAYS, UNITS, ANNOTATIONS)
"""Drawing order, bottom first. Overlays (shading) sit under the units so counters stay
readable; annotations (lines of sight, odds, legends) sit on top of everything."""

LAYER_GROUPS: Mapping[str, tuple[str, ...]] = MappingProxyType(
    {
        "base": (BOARD, TERRAIN, EDGES, LABELS),
        "overlays": (OVERLAYS,),
        "units": (UNITS,),
        "annotations": (ANNOTATIONS,),
    }
)
"""The layers a live canvas keeps on one sub-canvas each, so an overlay redraws without the
board under it."""


class SceneError(WorkbenchError, ValueError):
    """A scene that cannot be built as asked (an unknown layer, a bad size)."""


@dataclass(frozen=True, slots=True)
class Style:
    """How a primitive looks. ``None`` fill or stroke: none. Widths, dashes and font sizes are
    in pixels; ``opacity`` multiplies both fill and stroke."""

    fill: str | None = None
    stroke: str | None = None
    width: float = 1.0
    dash: tuple[float, ...] = ()
    opacity: float = 1.0
    font_size: float = 10.0
    bold: bool = False
    anchor: Anchor = "middle"

    def with_(self, **changes: Any) -> Style:
        return replace(self, **changes)


@dataclass(frozen=True, slots=True)
class Polygon:
    """A closed polygon (board units)."""

    points: tuple[Point, ...]
    style: Style
    title: str = ""


@dataclass(frozen=True, slots=True)
class Polyline:
    """An open line through points (board units)."""

    points: tuple[Point, ...]
    style: Style
    title: str = ""


@dataclass(frozen=True, slots=True)
class Circle:
    """A circle; ``radius`` in board units."""

    center: Point
    radius: float
    style: Style
    title: str = ""


@dataclass(frozen=True, slots=True)
class Text:
    """A line of text centred vertically on ``at``; horizontal alignment is ``style.anchor``."""

    at: Point
    text: str
    style: Style
    title: str = ""


@dataclass(frozen=True, slots=True)
class Arrow:
    """A line from ``start`` to ``end`` with a filled head at ``end``; ``head`` in pixels.
    The head is filled with ``style.stroke`` (or ``style.fill`` when there is no stroke)."""

    start: Point
    end: Point
    style: Style
    head: float = 8.0
    title: str = ""

    def head_points(self, transform: Transform) -> tuple[Point, Point, Point]:
        """The head's triangle in pixels: tip, then the two back corners."""
        x0, y0 = transform.to_pixel(*self.start)
        x1, y1 = transform.to_pixel(*self.end)
        length = math.hypot(x1 - x0, y1 - y0) or 1.0
        ux, uy = (x1 - x0) / length, (y1 - y0) / length
        back_x, back_y = x1 - ux * self.head, y1 - uy * self.head
        half = self.head * 0.5
        return (
            (x1, y1),
            (back_x - uy * half, back_y + ux * half),
            (back_x + uy * half, back_y - ux * half),
        )

    def shaft_end(self, transform: Transform) -> Point:
        """Where the shaft stops (pixels): at the back of the head, so a thick line stays sharp."""
        x0, y0 = transform.to_pixel(*self.start)
        x1, y1 = transform.to_pixel(*self.end)
        length = math.hypot(x1 - x0, y1 - y0) or 1.0
        back = min(self.head * 0.8, length)
        return (x1 - (x1 - x0) / length * back, y1 - (y1 - y0) / length * back)


def _frozen_array(values: Any, tail: tuple[int | None, ...], what: str) -> npt.NDArray[Any]:
    """A read-only float copy of ``values`` shaped ``(n, *tail)`` (``None``: any length >= 1)."""
    arr = np.array(values, dtype=float)
    if arr.size == 0:
        arr = arr.reshape((0, *(2 if t is None else t for t in tail)))
    if arr.ndim != len(tail) + 1 or any(
        (t is not None and n != t) or n < 1 for n, t in zip(arr.shape[1:], tail, strict=True)
    ):
        shape = ", ".join("k" if t is None else str(t) for t in tail)
        raise SceneError(f"{what} must be an array of shape (n, {shape}), not {arr.shape}")
    arr.setflags(write=False)
    return arr


def _check_titles(titles: tuple[str, ...], count: int, what: str) -> None:
    if titles and len(titles) != count:
        raise SceneError(f"{what}: {len(titles)} titles for {count} items (give one each, or none)")


class _Batch:
    """Equality for batches: same type, style, titles and the same numbers."""

    __slots__ = ()

    def _key(self) -> tuple[Any, ...]:
        raise NotImplementedError

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        mine, theirs = self._key(), other._key()
        return all(
            np.array_equal(a, b) if isinstance(a, np.ndarray) else a == b
            for a, b in zip(mine, theirs, strict=True)
        )

    __hash__ = None  # type: ignore[assignment]  # immutable, but holds an array


@dataclass(frozen=True, slots=True, eq=False)
class Polygons(_Batch):
    """Many closed polygons of one style with the same number of corners: ``points`` has shape
    (polygons, corners, 2), board units. ``titles``: one per polygon, or none."""

    points: npt.NDArray[Any]
    style: Style
    titles: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "points", _frozen_array(self.points, (None, 2), "polygon points"))
        object.__setattr__(self, "titles", tuple(self.titles))
        _check_titles(self.titles, len(self), "polygons")

    def __len__(self) -> int:
        return int(self.points.shape[0])

    def _key(self) -> tuple[Any, ...]:
        return (self.style, self.titles, self.points)

    def parts(self) -> list[Polygon]:
        """The same polygons one by one."""
        titles = self.titles or ("",) * len(self)
        return [
            Polygon(tuple(map(tuple, p.tolist())), self.style, t)
            for p, t in zip(self.points, titles, strict=True)
        ]


@dataclass(frozen=True, slots=True, eq=False)
class Segments(_Batch):
    """Many straight lines of one style: ``points`` has shape (lines, 2, 2), board units, each
    line from its first point to its second. ``titles``: one per line, or none."""

    points: npt.NDArray[Any]
    style: Style
    titles: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "points", _frozen_array(self.points, (2, 2), "segment points"))
        object.__setattr__(self, "titles", tuple(self.titles))
        _check_titles(self.titles, len(self), "segments")

    def __len__(self) -> int:
        return int(self.points.shape[0])

    def _key(self) -> tuple[Any, ...]:
        return (self.style, self.titles, self.points)

    def parts(self) -> list[Polyline]:
        """The same lines one by one, as two-point polylines."""
        titles = self.titles or ("",) * len(self)
        return [
            Polyline(tuple(map(tuple, p.tolist())), self.style, t)
            for p, t in zip(self.points, titles, strict=True)
        ]


@dataclass(frozen=True, slots=True, eq=False)
class Texts(_Batch):
    """Many strings of one style: ``texts[i]`` at ``at[i]`` (shape (texts, 2), board units),
    placed like :class:`Text`. ``titles``: one per text, or none."""

    at: npt.NDArray[Any]
    texts: tuple[str, ...]
    style: Style
    titles: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "at", _frozen_array(self.at, (2,), "text positions"))
        object.__setattr__(self, "texts", tuple(self.texts))
        object.__setattr__(self, "titles", tuple(self.titles))
        if len(self.texts) != len(self.at):
            raise SceneError(f"{len(self.texts)} texts for {len(self.at)} positions")
        _check_titles(self.titles, len(self), "texts")

    def __len__(self) -> int:
        return len(self.texts)

    def _key(self) -> tuple[Any, ...]:
        return (self.style, self.texts, self.titles, self.at)

    def parts(self) -> list[Text]:
        """The same texts one by one."""
        titles = self.titles or ("",) * len(self)
        return [
            Text((x, y), text, self.style, title)
            for (x, y), text, title in zip(self.at.tolist(), self.texts, titles, strict=True)
        ]


Single: TypeAlias = Polygon | Polyline | Circle | Text | Arrow
Batch: TypeAlias = Polygons | Segments | Texts
Primitive: TypeAlias = Single | Batch


def singles(prims: Iterable[Primitive]) -> list[Single]:
    """The primitives with every batch split into its single primitives (same order)."""
    out: list[Single] = []
    for prim in prims:
        if isinstance(prim, Polygons | Segments | Texts):
            out.extend(prim.parts())
        else:
            out.append(prim)
    return out


@dataclass(frozen=True, slots=True)
class Transform:
    """Board units to pixels: ``pixel = board * scale + offset``."""

    scale: float
    offset_x: float = 0.0
    offset_y: float = 0.0

    def to_pixel(self, x: float, y: float) -> Point:
        return (x * self.scale + self.offset_x, y * self.scale + self.offset_y)

    def to_board(self, px: float, py: float) -> Point:
        return ((px - self.offset_x) / self.scale, (py - self.offset_y) / self.scale)


class Layout(Protocol):
    """What a board kind tells the scene: where a cell is, and which cell a point is in."""

    def cell_at(self, x: float, y: float) -> Any:
        """The cell (hex, square or table point) at a board point, or None off the board."""

    def holds(self, cell: Any) -> bool:
        """Whether ``cell`` is one of this board's cells (a hex on a hex map, a square on a
        square board): what :meth:`cell_polygon` outlines, such as a lint finding's cells."""

    def cell_polygon(self, cell: Any) -> tuple[Point, ...]:
        """The outline of a cell in board units (for shading and heatmaps)."""

    def cell_center(self, cell: Any) -> Point:
        """The centre of a cell in board units."""


@dataclass(frozen=True)
class Scene:
    """A picture: ``width`` x ``height`` pixels, layers in :data:`LAYERS` order.

    ``layout`` maps clicks back to cells; ``theme`` is the theme the builder used, so overlays
    added later match it.
    """

    width: float
    height: float
    transform: Transform
    layers: Mapping[str, tuple[Primitive, ...]] = field(default_factory=dict)
    layout: Any = None
    theme: Any = None
    title: str = ""

    __hash__ = None  # type: ignore[assignment]  # immutable, but holds a mapping

    def __post_init__(self) -> None:
        if self.width <= 0 or self.height <= 0:
            raise SceneError(f"a scene needs a positive size, not {self.width} x {self.height}")
        unknown = set(self.layers) - set(LAYERS)
        if unknown:
            raise SceneError(f"unknown layer(s) {sorted(unknown)}: layers are {', '.join(LAYERS)}")
        ordered = {name: tuple(self.layers[name]) for name in LAYERS if name in self.layers}
        object.__setattr__(self, "layers", MappingProxyType(ordered))

    def layer(self, name: str) -> tuple[Primitive, ...]:
        if name not in LAYERS:
            raise SceneError(f"unknown layer {name!r}: layers are {', '.join(LAYERS)}")
        return self.layers.get(name, ())

    def items(self) -> Iterable[tuple[str, Primitive]]:
        """Every primitive with its layer name, bottom first."""
        for name, prims in self.layers.items():
            for prim in prims:
                yield name, prim

    def add(self, layer: str, primitives: Iterable[Primitive]) -> Scene:
        """A copy with ``primitives`` drawn on top of what ``layer`` already holds."""
        self.layer(layer)
        new = tuple(primitives)
        return replace(self, layers={**self.layers, layer: self.layer(layer) + new})

    def without(self, *layers: str) -> Scene:
        """A copy with these layers emptied (e.g. to swap one overlay for another)."""
        for name in layers:
            self.layer(name)
        return replace(self, layers={k: v for k, v in self.layers.items() if k not in layers})

    def count(self) -> int:
        """Primitives in all layers (a batch counts once)."""
        return sum(len(p) for p in self.layers.values())

    # --- clicks ---------------------------------------------------------------------------
    def board_point(self, px: float, py: float) -> Point:
        """The board point under a pixel."""
        return self.transform.to_board(px, py)

    def cell_at(self, px: float, py: float) -> Any:
        """The hex, square or table point under a pixel (None off the board, or without a
        layout)."""
        if self.layout is None:
            return None
        return self.layout.cell_at(*self.transform.to_board(px, py))

    def pixel_of(self, cell: Any) -> Point:
        """The pixel at the centre of a cell."""
        if self.layout is None:
            raise SceneError("this scene has no board layout to place cells on")
        return self.transform.to_pixel(*self.layout.cell_center(cell))
