"""Print and play: any board at real scale as a PDF, tiled across A4 or Letter pages.

The board's scene goes through the SVG path (:func:`workbench.render.svg.to_svg`) and
cairosvg. Each page shows one window onto the board at the chosen scale; neighbouring
windows share an ``overlap_mm`` band. On every page the centres of the shared bands carry
alignment crosshairs; the later page (to the right or below) also shows a dashed trim line
through them: cut along it and lay the page over its neighbour with the crosshairs matched.
A 50 mm scale bar in the margin checks that the printer kept the scale ("actual size").

Sizes: ``hex_mm`` is the distance between the centres of adjacent hexes (across the flats),
``square_mm`` the side of a square, and a table measured in centimetres is drawn at
``table_scale`` (1.0: 1 cm on the table is 1 cm on paper; 0.5: a 90 × 90 cm table on
45 × 45 cm of paper). The rulebooks print no hex or square size, so the defaults are
stand-ins (one inch). Each board kind says how it prints with ``@print_scale.register``
(a hex map here; a game's own boards in its ``render``).

>>> from workbench.boards import HexMap
>>> scale = print_scale(HexMap.blank(rows=4, cols=4), Sizes(hex_mm=30.0))
>>> round(scale.mm_per_unit, 2), scale.words
(17.32, 'hexes 30 mm across')
"""

from __future__ import annotations

import io
import math
from dataclasses import dataclass, replace
from functools import singledispatch
from pathlib import Path
from typing import Any

import numpy as np

from workbench.boards.hexmap import HexMap
from workbench.bounds import MAX_BYTES, MAX_SECONDS, Cost, refuse_past
from workbench.discovery import import_new, parts
from workbench.errors import ArgumentError
from workbench.render import scene_of
from workbench.render.scene import Arrow, Circle, Scene, Single, Text, singles
from workbench.render.svg import escape, number, to_svg

PAPER_MM = {"A4": (210.0, 297.0), "Letter": (215.9, 279.4)}
STAND_IN_MM = 25.4  # one inch: the rulebooks print no hex or square size
MAX_PRINT_MM = 1e6  # a size past a kilometre is refused before any page is counted
PX_PER_MM = 96 / 25.4  # cairosvg's CSS pixel


@dataclass(frozen=True)
class PrintPlan:
    """How a board is laid out on paper: the page size and margins in mm, the board's size
    on paper, how many pages across and down, and where each page's window starts."""

    paper: str
    page_mm: tuple[float, float]
    margin_mm: float
    overlap_mm: float
    board_mm: tuple[float, float]
    mm_per_px: float
    columns: int
    rows: int
    caption: str

    @property
    def window_mm(self) -> tuple[float, float]:
        return (self.page_mm[0] - 2 * self.margin_mm, self.page_mm[1] - 2 * self.margin_mm)

    @property
    def pages(self) -> int:
        return self.columns * self.rows

    def origin(self, column: int, row: int) -> tuple[float, float]:
        """The board point (mm from the picture's top-left) at a page window's top-left."""
        w, h = self.window_mm
        return (column * (w - self.overlap_mm), row * (h - self.overlap_mm))


@dataclass(frozen=True)
class Sizes:
    """The sizes asked for on paper (see the module): a hex, a square, a table's scale."""

    hex_mm: float = STAND_IN_MM
    square_mm: float = STAND_IN_MM
    table_scale: float = 1.0


@dataclass(frozen=True)
class PrintScale:
    """How a board prints: the ``board`` drawn (a scenario prints its map), millimetres on
    paper per unit of its scene, and its size in ``words`` for the pages' caption."""

    board: Any
    mm_per_unit: float
    words: str


@singledispatch
def print_scale(board: Any, sizes: Sizes) -> PrintScale:
    """How ``board`` prints at ``sizes``: each board kind registers its own."""
    if import_new(parts("render")):  # a game added since: its boards too
        return print_scale(board, sizes)
    kinds = sorted(t.__name__ for t in print_scale.registry if t is not object)
    raise ArgumentError("board", type(board).__name__, f"a board that prints ({', '.join(kinds)})")


@print_scale.register
def _hexmap(board: HexMap, sizes: Sizes) -> PrintScale:
    # hex size 1 (centre to corner): centres sqrt(3) apart
    return PrintScale(board, sizes.hex_mm / math.sqrt(3), f"hexes {sizes.hex_mm:g} mm across")


def plan(
    board: Any,
    *,
    hex_mm: float = STAND_IN_MM,
    square_mm: float = STAND_IN_MM,
    table_scale: float = 1.0,
    paper: str = "A4",
    margin_mm: float = 10.0,
    overlap_mm: float = 10.0,
    scene: Scene | None = None,
) -> PrintPlan:
    """The page layout for printing ``board`` (the orientation that needs fewer pages)."""
    if paper not in PAPER_MM:
        raise ArgumentError("paper", paper, "one of " + ", ".join(PAPER_MM))
    for name, value in (("hex_mm", hex_mm), ("square_mm", square_mm), ("table_scale", table_scale)):
        real = isinstance(value, int | float) and not isinstance(value, bool)
        if not (real and math.isfinite(value) and value > 0):
            raise ArgumentError(name, value, "a positive number")
        if value > MAX_PRINT_MM:
            raise ArgumentError(name, value, f"a positive number of at most {MAX_PRINT_MM:g}")
    scale = print_scale(board, Sizes(hex_mm, square_mm, table_scale))
    printed = scale.board
    scene = scene or scene_of(printed)
    mm_px = scale.mm_per_unit / scene.transform.scale
    board_mm = (scene.width * mm_px, scene.height * mm_px)
    best: PrintPlan | None = None
    short, long = PAPER_MM[paper]
    for page in ((short, long), (long, short)):
        w, h = page[0] - 2 * margin_mm, page[1] - 2 * margin_mm
        if not 0 <= overlap_mm < min(w, h) / 2:
            raise ArgumentError("overlap_mm", overlap_mm, f"0 to {min(w, h) / 2:g} mm")
        columns = max(1, math.ceil((board_mm[0] - overlap_mm) / (w - overlap_mm)))
        rows = max(1, math.ceil((board_mm[1] - overlap_mm) / (h - overlap_mm)))
        name = str(getattr(printed, "name", "") or "board")
        candidate = PrintPlan(
            paper, page, margin_mm, overlap_mm, board_mm, mm_px, columns, rows,
            f"{name}, {scale.words}",
        )  # fmt: skip
        if best is None or candidate.pages < best.pages:
            best = candidate
    assert best is not None
    return best


def _mm(value: float) -> str:
    return number(round(value, 3))


def page_svg(plan: PrintPlan, inner: str, column: int, row: int) -> str:
    """One page: the board window, alignment crosshairs and trim lines, caption, scale bar."""
    pw, ph = plan.page_mm
    m = plan.margin_mm
    w, h = plan.window_mm
    x0, y0 = plan.origin(column, row)
    k = plan.mm_per_px
    start = inner.index("<svg")
    end = inner.index(">", start) + 1
    body = (
        f'<svg x="{_mm(m)}" y="{_mm(m)}" width="{_mm(w)}" height="{_mm(h)}" '
        f'viewBox="{_mm(x0 / k)} {_mm(y0 / k)} {_mm(w / k)} {_mm(h / k)}" overflow="hidden">'
        + inner[end:]
    )
    marks: list[str] = []
    half = plan.overlap_mm / 2
    ink = 'stroke="#000000" stroke-width="0.25" fill="none"'

    def cross(x: float, y: float) -> None:
        marks.append(
            f'<circle cx="{_mm(x)}" cy="{_mm(y)}" r="2" {ink}/>'
            f'<line x1="{_mm(x - 4)}" y1="{_mm(y)}" x2="{_mm(x + 4)}" y2="{_mm(y)}" {ink}/>'
            f'<line x1="{_mm(x)}" y1="{_mm(y - 4)}" x2="{_mm(x)}" y2="{_mm(y + 4)}" {ink}/>'
        )

    # marks only where this page shows the board (the last column or row may end early)
    shown_w = min(w, plan.board_mm[0] - x0)
    shown_h = min(h, plan.board_mm[1] - y0)
    ys = (m + 0.15 * shown_h, m + 0.5 * shown_h, m + 0.85 * shown_h)
    xs = (m + 0.15 * shown_w, m + 0.5 * shown_w, m + 0.85 * shown_w)
    trim = 'stroke="#000000" stroke-width="0.3" stroke-dasharray="3 2"'
    if column > 0:  # shared band on the left: marks, and the trim line on this (later) page
        x = m + half
        marks.append(
            f'<line x1="{_mm(x)}" y1="{_mm(m)}" x2="{_mm(x)}" y2="{_mm(m + shown_h)}" {trim}/>'
        )
        for y in ys:
            cross(x, y)
    if column < plan.columns - 1:
        for y in ys:
            cross(m + w - half, y)
    if row > 0:
        y = m + half
        marks.append(
            f'<line x1="{_mm(m)}" y1="{_mm(y)}" x2="{_mm(m + shown_w)}" y2="{_mm(y)}" {trim}/>'
        )
        for x in xs:
            cross(x, y)
    if row < plan.rows - 1:
        for x in xs:
            cross(x, m + h - half)
    page = row * plan.columns + column + 1
    caption = (
        f"{plan.caption} · page {page} of {plan.pages} (row {row + 1} of {plan.rows}, "
        f"column {column + 1} of {plan.columns}) · print at actual size"
    )
    text = (
        f'<text x="{_mm(m)}" y="{_mm(m - 3)}" font-family="DejaVu Sans, Arial, sans-serif" '
        f'font-size="3.2" fill="#000000">{escape(caption)}</text>'
    )
    bar_y = ph - m + 4
    scale_bar = (
        f'<line x1="{_mm(m)}" y1="{_mm(bar_y)}" x2="{_mm(m + 50)}" y2="{_mm(bar_y)}" '
        f'stroke="#000000" stroke-width="0.5"/>'
        f'<line x1="{_mm(m)}" y1="{_mm(bar_y - 1.5)}" x2="{_mm(m)}" y2="{_mm(bar_y + 1.5)}" '
        f'stroke="#000000" stroke-width="0.5"/>'
        f'<line x1="{_mm(m + 50)}" y1="{_mm(bar_y - 1.5)}" x2="{_mm(m + 50)}" '
        f'y2="{_mm(bar_y + 1.5)}" stroke="#000000" stroke-width="0.5"/>'
        f'<text x="{_mm(m + 53)}" y="{_mm(bar_y + 1.2)}" font-family="DejaVu Sans, Arial, '
        f'sans-serif" font-size="3.2" fill="#000000">50 mm</text>'
    )
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="{_mm(pw)}mm" '
        f'height="{_mm(ph)}mm" viewBox="0 0 {_mm(pw)} {_mm(ph)}">\n'
        f'<rect width="{_mm(pw)}" height="{_mm(ph)}" fill="#ffffff"/>\n'
        f"{body}\n{''.join(marks)}\n{text}\n{scale_bar}\n</svg>\n"
    )


# the cost of a PDF, about three times the CPU time measured here (benchmarks/README.md,
# "Pictures' estimates"): each page drawn by cairosvg, each primitive of the board's scene
# written and drawn (on about 1.5 pages: the pages overlap), and looked for on every page
PDF_PAGE_SECONDS = 0.05
PDF_PRIMITIVE_SECONDS = 6e-4
PDF_LOOKUP_SECONDS = 2e-8  # a primitive, a page
PDF_PAGE_BYTES = 100_000
PDF_PRIMITIVE_BYTES = 600


def pdf_cost(pages: int, primitives: int) -> Cost:
    """The estimated peak memory and time of the PDF of ``pages`` pages of a scene of
    ``primitives`` single primitives (its pages' SVG kept until the PDF is made)."""
    return Cost(
        PDF_PAGE_BYTES * pages + PDF_PRIMITIVE_BYTES * primitives,
        PDF_PAGE_SECONDS * pages
        + PDF_PRIMITIVE_SECONDS * primitives
        + PDF_LOOKUP_SECONDS * pages * primitives,
    )


def page_svgs(
    board: Any,
    *,
    max_bytes: int = MAX_BYTES,
    max_seconds: float | None = MAX_SECONDS,
    **options: Any,
) -> tuple[PrintPlan, list[str]]:
    """The layout and every page's SVG, row by row (options as for :func:`plan`, and
    ``scene_options`` for the board's scene, e.g. ``{"theme": "colorblind"}``). A PDF whose
    estimate (:func:`pdf_cost`) would pass ``max_bytes`` (2 GiB) or ``max_seconds`` (60 s)
    is refused first (ArgumentError naming ``pages``): a larger hex, square or scale makes
    more pages."""
    scene_options = options.pop("scene_options", {})
    scene = scene_of(print_scale(board, Sizes()).board, **scene_options)  # sizes checked next
    layout = plan(board, scene=scene, **options)
    crop = Cropper(scene)
    primitives = crop.primitives
    what = f"a print whose {layout.pages:,} pages of {primitives:,} primitives fit"
    refuse_past("pages", layout.pages, what, pdf_cost(layout.pages, primitives), max_bytes,
                max_seconds, instead="a smaller size, or ")  # fmt: skip
    pages = []
    for row in range(layout.rows):
        for column in range(layout.columns):
            x0, y0 = layout.origin(column, row)
            w, h = layout.window_mm
            window = (x0, y0, x0 + w, y0 + h)
            inner = to_svg(crop([v / layout.mm_per_px for v in window]))
            pages.append(page_svg(layout, inner, column, row))
    return layout, pages


def _reach(prim: Single) -> tuple[float, float, float, float]:
    """A primitive's bounding box in board units (a text's anchor point)."""
    if isinstance(prim, Circle):
        (x, y), r = prim.center, prim.radius
        return (x - r, y - r, x + r, y + r)
    if isinstance(prim, Text):
        return (*prim.at, *prim.at)
    points = (prim.start, prim.end) if isinstance(prim, Arrow) else prim.points
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    return (min(xs), min(ys), max(xs), max(ys))


def cropped(scene: Scene, window: list[float], margin_px: float = 60.0) -> Scene:
    """The scene with only the primitives that reach into a pixel window (plus a margin for
    labels and strokes), so each page draws its part of the board, not all of it."""
    return Cropper(scene, margin_px)(window)


class Cropper:
    """:func:`cropped` for many windows of one scene: every primitive's reach is found once
    (``primitives``: how many single primitives the scene has), and each window keeps
    those that reach into it."""

    def __init__(self, scene: Scene, margin_px: float = 60.0) -> None:
        self.scene, self.margin_px = scene, margin_px
        self.layers = {name: singles(prims) for name, prims in scene.layers.items()}
        self.reaches = {
            name: np.array([_reach(p) for p in prims], dtype=float).reshape(-1, 4)
            for name, prims in self.layers.items()
        }
        self.primitives = sum(len(prims) for prims in self.layers.values())

    def __call__(self, window: list[float]) -> Scene:
        t, margin = self.scene.transform, self.margin_px
        left, top = t.to_board(window[0] - margin, window[1] - margin)
        right, bottom = t.to_board(window[2] + margin, window[3] + margin)
        kept = {}
        for name, prims in self.layers.items():
            box = self.reaches[name]
            inside = (box[:, 2] >= left) & (box[:, 0] <= right)
            inside &= (box[:, 3] >= top) & (box[:, 1] <= bottom)
            kept[name] = tuple(prims[i] for i in np.flatnonzero(inside).tolist())
        return replace(self.scene, layers=kept)


def export_pdf(board: Any, path: str | Path, **options: Any) -> PrintPlan:
    """Write ``board`` at real scale as a PDF of tiled pages and return the layout used.

    Options: ``hex_mm``, ``square_mm``, ``table_scale``, ``paper`` ("A4" or "Letter"),
    ``margin_mm``, ``overlap_mm`` (see the module's description), ``scene_options``.
    """
    layout, pages = page_svgs(board, **options)
    target = Path(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_bytes(pdf_of(pages))
    return layout


def pdf_of(pages: list[str]) -> bytes:
    """One PDF of SVG pages (all the same size), each drawn by cairosvg onto one cairo
    PDF surface."""
    import cairocffi  # type: ignore[import-untyped]
    from cairosvg.parser import Tree
    from cairosvg.surface import PDFSurface

    out = io.BytesIO()
    shared: list[Any] = []

    class _Pages(PDFSurface):
        """cairosvg's PDF surface drawing every page onto one shared cairo surface."""

        def _create_surface(self, width: float, height: float) -> tuple[Any, float, float]:
            if not shared:
                shared.append(cairocffi.PDFSurface(out, width, height))
            return shared[0], width, height

    for text in pages:
        surface = _Pages(Tree(bytestring=text.encode("utf-8")), None, 96)
        surface.context.show_page()
    if shared:
        shared[0].finish()
    return out.getvalue()


def page_preview(page: str, px_per_mm: float = 3.0) -> str:
    """A page's SVG sized in pixels for a screen (the printed page is sized in mm)."""
    start = page.index("<svg")
    head_end = page.index(">", start)
    head = page[start:head_end]
    for name in ("width", "height"):
        marker = f' {name}="'
        i = head.index(marker) + len(marker)
        j = head.index('mm"', i)
        head = head[:i] + _mm(float(head[i:j]) * px_per_mm) + head[j + 2 :]
    return page[:start] + head + page[head_end:]
