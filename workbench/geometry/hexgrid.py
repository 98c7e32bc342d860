"""Hexagonal grids: immutable axial hexes, bounded labelled maps, pixels and exact line traces.

Conventions (ARCHITECTURE.md): x to the right, y down, angles in degrees clockwise from
north. Axial coordinates ``(q, r)`` with the cube coordinate ``s = -q - r``; the six
directions are numbered clockwise, so a facing ``i`` turns right to ``i + 1``: for
pointy-top hexes they point NE, E, SE, SW, W, NW; for flat-top hexes NE, SE, S, SW, NW, N.
Direction ``i`` points through hexside ``i`` (see :func:`direction_names`).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Literal

import numpy as np

from workbench.bounds import MAX_BYTES, MAX_SECONDS, Cost, refuse_past
from workbench.errors import WorkbenchError
from workbench.geometry.segment import candidate_cells, chords, ordered

Orientation = Literal["pointy", "flat"]
Parity = Literal["odd", "even"]
LabelOrder = Literal["row-col", "col-row"]


MAX_GRID_HEXES = 1_000_000  # a grid lists its hexes: a billion would exhaust the machine


class GridError(WorkbenchError, ValueError):
    """A label, hex or pair of hexes that does not fit the grid; the message says why."""


@dataclass(frozen=True, slots=True, order=True)
class Hex:
    """A hex in axial coordinates; ``s`` is the third cube coordinate.

    >>> Hex(1, -1) + Hex(0, 1)
    Hex(q=1, r=0)
    >>> Hex(0, 0).distance(Hex(2, -1))
    2
    >>> Hex(1, 0).rotate(1)        # 60 degrees clockwise about the origin
    Hex(q=0, r=1)
    """

    q: int
    r: int

    @property
    def s(self) -> int:
        return -self.q - self.r

    def __add__(self, other: Hex) -> Hex:
        return Hex(self.q + other.q, self.r + other.r)

    def __sub__(self, other: Hex) -> Hex:
        return Hex(self.q - other.q, self.r - other.r)

    def __mul__(self, factor: int) -> Hex:
        return Hex(self.q * factor, self.r * factor)

    __rmul__ = __mul__

    def __neg__(self) -> Hex:
        return Hex(-self.q, -self.r)

    def length(self) -> int:
        """Steps from the origin."""
        return max(abs(self.q), abs(self.r), abs(self.s))

    def distance(self, other: Hex) -> int:
        """Steps between two hexes (counting the far one, not this one)."""
        return (self - other).length()

    def neighbor(self, direction: int) -> Hex:
        """The adjacent hex through hexside ``direction`` (0..5, clockwise)."""
        return self + DIRECTIONS[direction % 6]

    def neighbors(self) -> tuple[Hex, ...]:
        """The six adjacent hexes, in direction order."""
        return tuple(self + d for d in DIRECTIONS)

    def direction_to(self, other: Hex) -> int:
        """The direction index of an adjacent hex; GridError if ``other`` is not adjacent."""
        try:
            return DIRECTIONS.index(other - self)
        except ValueError:
            raise GridError(f"{other} is not adjacent to {self}") from None

    def rotate(self, steps: int, center: Hex | None = None) -> Hex:
        """Rotate by ``steps`` x 60 degrees clockwise (negative: anticlockwise) about ``center``."""
        origin = center or Hex(0, 0)
        q, r, s = self.q - origin.q, self.r - origin.r, self.s - origin.s
        for _ in range(steps % 6):
            q, r, s = -r, -s, -q
        return Hex(q + origin.q, r + origin.r)

    def ring(self, radius: int) -> list[Hex]:
        """The hexes at exactly ``radius`` steps, clockwise from the one in direction 4 x radius."""
        if radius == 0:
            return [self]
        hexes = []
        current = self + DIRECTIONS[4] * radius
        for side in range(6):
            for _ in range(radius):
                hexes.append(current)
                current = current.neighbor(side)
        return hexes

    def disk(self, radius: int) -> list[Hex]:
        """The hexes within ``radius`` steps, this one first, then ring by ring."""
        return [h for k in range(radius + 1) for h in self.ring(k)]


DIRECTIONS: tuple[Hex, ...] = (Hex(1, -1), Hex(1, 0), Hex(0, 1), Hex(-1, 1), Hex(-1, 0), Hex(0, -1))
"""The six unit steps, clockwise; index ``i`` is the hexside (and facing) ``i``."""
FACINGS: tuple[int, ...] = tuple(range(len(DIRECTIONS)))
"""Every facing a tank on a hex may have: the hexsides 0..5 of :data:`DIRECTIONS`."""
HEX_STEPS = np.array([(d.q, d.r) for d in DIRECTIONS], dtype=np.int64)
""":data:`DIRECTIONS` as an array of axial (q, r) steps, for vectorised traces."""

# Pointy-top names of the directions (the Panzer Vor! layout).
NORTHEAST, EAST, SOUTHEAST, SOUTHWEST, WEST, NORTHWEST = range(6)
# Flat-top names of the same indices.
FLAT_NORTHEAST, FLAT_SOUTHEAST, FLAT_SOUTH, FLAT_SOUTHWEST, FLAT_NORTHWEST, FLAT_NORTH = range(6)


def direction_names(orientation: Orientation) -> tuple[str, ...]:
    """Compass names of directions 0..5 for an orientation.

    >>> direction_names("pointy")
    ('NE', 'E', 'SE', 'SW', 'W', 'NW')
    """
    if orientation == "pointy":
        return ("NE", "E", "SE", "SW", "W", "NW")
    return ("NE", "SE", "S", "SW", "NW", "N")


def direction_angle(direction: int, orientation: Orientation) -> float:
    """Degrees clockwise from north of the hexside ``direction`` faces."""
    return (30.0 if orientation == "pointy" else 60.0) + 60.0 * (direction % 6)


@dataclass(frozen=True, slots=True)
class Hexside:
    """The side two adjacent hexes share; the pair is stored in a fixed order, so
    ``Hexside.between(a, b) == Hexside.between(b, a)``."""

    first: Hex
    second: Hex

    @staticmethod
    def between(a: Hex, b: Hex) -> Hexside:
        if a.distance(b) != 1:
            raise GridError(f"{a} and {b} are not adjacent: they share no hexside")
        return Hexside(*sorted((a, b)))

    @property
    def hexes(self) -> tuple[Hex, Hex]:
        return (self.first, self.second)


# Cube-coordinate normals of a hex cell: the hex at the origin is |n . p| <= 1 for these.
_HEX_NORMALS = ((1, -1, 0), (0, 1, -1), (-1, 0, 1))
# The neighbour beyond side ``n . p = +1`` of each normal (``-1``: the opposite one):
# directions 0, 2 and 4
HEX_NORMAL_STEPS = HEX_STEPS[[0, 2, 4]]
_HEX_REACH = 2 / 3  # no point of a cell is further than 2/3 from its centre in q or r


@dataclass(frozen=True, slots=True)
class Trace:
    """What the centre-to-centre segment from ``start`` to ``end`` meets, in order along it.

    ``crossed``: hexes whose interior it passes through (both ends included);
    ``along``: hexsides it runs along for a positive length;
    ``touched``: hexes it meets only at a corner. Every hex it meets is in exactly one of
    ``crossed``, ``touched`` or a hexside of ``along``.
    """

    start: Hex
    end: Hex
    crossed: tuple[Hex, ...]
    along: tuple[Hexside, ...]
    touched: tuple[Hex, ...]

    def met(self) -> frozenset[Hex]:
        """Every hex the closed segment meets."""
        return frozenset(self.crossed).union(self.touched, *(s.hexes for s in self.along))

    def shifted(self, offset: Hex) -> Trace:
        """The same trace moved by ``offset``."""
        return Trace(
            self.start + offset,
            self.end + offset,
            tuple(h + offset for h in self.crossed),
            tuple(Hexside(s.first + offset, s.second + offset) for s in self.along),
            tuple(h + offset for h in self.touched),
        )


# the peak memory and time of a trace of a new offset, measured (tracemalloc; untraced
# time on the shared 2-core machine) on lines of 1,000 to 100,000 hexes: its hexes, tuples
# and arrays (tests/test_bounded_work.py checks it within 2x)
TRACE_BYTES_PER_HEX = 380
TRACE_BASE_BYTES = 16 * 1024
TRACE_SECONDS_PER_HEX = 2e-5


def trace_cost(distance: int) -> Cost:
    """The estimated peak memory and time of :func:`trace` over ``distance`` hexes."""
    return Cost(TRACE_BASE_BYTES + TRACE_BYTES_PER_HEX * distance, TRACE_SECONDS_PER_HEX * distance)


def trace(
    a: Hex, b: Hex, *, max_bytes: int = MAX_BYTES, max_seconds: float | None = MAX_SECONDS
) -> Trace:
    """The exact trace of the segment between the centres of ``a`` and ``b``.

    Its work grows with the distance: a line whose trace would pass ``max_bytes`` (2 GiB,
    about 5 million hexes) or ``max_seconds`` (60 s, about 3 million) is refused with the
    estimate (ArgumentError); no map holds such a line.

    >>> t = trace(Hex(0, 0), Hex(2, 0))          # straight through a neighbour
    >>> t.crossed, t.along, t.touched
    ((Hex(q=0, r=0), Hex(q=1, r=0), Hex(q=2, r=0)), (), ())
    >>> t = trace(Hex(0, 0), Hex(1, 1))          # the "diagonal": along one hexside
    >>> t.crossed, [side.hexes for side in t.along]
    ((Hex(q=0, r=0), Hex(q=1, r=1)), [(Hex(q=0, r=1), Hex(q=1, r=0))])
    """
    distance = a.distance(b)
    what = f"a hex whose line from {a} is traced"
    refuse_past("b", b, what, trace_cost(distance), max_bytes, max_seconds)
    return _trace_from_origin(b - a).shifted(a)


@dataclass(frozen=True, eq=False)
class TraceArrays:
    """A trace from the origin as integer arrays of axial ``(q, r)`` rows, in order along the
    line: ``crossed`` (m, 2), ``along`` (p, 2, 2) — the two hexes of each hexside —,
    ``touched`` (s, 2), and ``sides_crossed``: the hexsides the line passes through from one
    crossed hex to the next (not where it only passes their end, a corner). For vectorised
    work over many hexes at once."""

    crossed: np.ndarray
    along: np.ndarray
    touched: np.ndarray
    sides_crossed: np.ndarray  # (k, 3): hex q, r and the hexside it leaves through


@lru_cache(maxsize=65536)
def trace_arrays(offset: Hex) -> TraceArrays:
    """The trace from the origin to ``offset`` (a trace depends only on the offset).

    The hex lattice looks the same turned by 60°, and so do its traces: only offsets in one
    sector (``q > 0, r >= 0``) are traced; the others are that trace turned."""
    if offset == Hex(0, 0):
        return _traced(offset)
    turns = next(k for k in range(6) if _in_sector(offset.rotate(-k)))
    return _turned(_traced(offset.rotate(-turns)), turns)


def _in_sector(h: Hex) -> bool:
    return h.q > 0 and h.r >= 0


def _turn_cells(cells: np.ndarray, turns: int) -> np.ndarray:
    q, r = cells[..., 0], cells[..., 1]
    for _ in range(turns):
        q, r = -r, q + r  # (q, r, s) -> (-r, -s, -q): 60 degrees clockwise
    return np.stack([q, r], axis=-1)


def _sorted_pairs(pairs: np.ndarray) -> np.ndarray:
    """Each pair of hexes with its lower hex (by q, then r) first."""
    swap = (pairs[:, 0, 0] > pairs[:, 1, 0]) | (
        (pairs[:, 0, 0] == pairs[:, 1, 0]) & (pairs[:, 0, 1] > pairs[:, 1, 1])
    )
    out = pairs.copy()
    out[swap] = pairs[swap][:, ::-1]
    return out


def _turned(arrays: TraceArrays, turns: int) -> TraceArrays:
    sides = arrays.sides_crossed
    turned_sides = np.column_stack([_turn_cells(sides[:, :2], turns), (sides[:, 2] + turns) % 6])
    return TraceArrays(
        _turn_cells(arrays.crossed, turns),
        _sorted_pairs(_turn_cells(arrays.along, turns)),
        _turn_cells(arrays.touched, turns),
        turned_sides.astype(np.int64),
    )


@lru_cache(maxsize=16384)
def _traced(offset: Hex) -> TraceArrays:
    cells = candidate_cells((0, 0), (offset.q, offset.r), _HEX_REACH)
    starts = np.stack([-cells[:, 0], -cells[:, 1], cells[:, 0] + cells[:, 1]], axis=1)
    crossed, along, touched = ordered(
        chords(starts, (offset.q, offset.r, offset.s), _HEX_NORMALS), cells
    )
    neighbours = HEX_NORMAL_STEPS[along[:, 2]] * along[:, 3:4]
    pairs = _sorted_pairs(np.stack([along[:, :2], along[:, :2] + neighbours], axis=1))
    if len(pairs):  # both hexes of a hexside meet the line along it: keep each side once
        _, first = np.unique(pairs.reshape(len(pairs), 4), axis=0, return_index=True)
        pairs = pairs[np.sort(first)]
    sides = _sides_crossed(crossed, offset)
    return TraceArrays(crossed, pairs.reshape(-1, 2, 2), touched, sides)


def _sides_crossed(crossed: np.ndarray, offset: Hex) -> np.ndarray:
    """The hexsides the line from the origin to ``offset`` passes through between two
    crossed hexes: those whose interior it meets. A step between neighbours crosses their
    shared hexside, at an inner point unless the line runs through one of the hexside's two
    ends; an end is the corner shared with a hex next to both, at (a + b + c) / 3, so the
    test is exact in integers (three times the corner, collinear with the offset)."""
    first, second = crossed[:-1], crossed[1:]
    step = second - first
    direction = np.full(len(step), -1)
    for d, unit in enumerate(DIRECTIONS):
        direction[(step[:, 0] == unit.q) & (step[:, 1] == unit.r)] = d
    keep = direction >= 0
    units = np.array([(u.q, u.r) for u in DIRECTIONS], dtype=np.int64)
    for turn in (-1, 1):
        beside = first + units[(direction + turn) % 6]  # a hex next to both
        corner = first + second + beside  # three times the hexside's end
        on_line = corner[:, 0] * offset.r - corner[:, 1] * offset.q == 0
        keep &= ~on_line
    return np.column_stack([first[keep], direction[keep]]).astype(np.int64)


@lru_cache(maxsize=65536)
def _trace_from_origin(offset: Hex) -> Trace:
    arrays = trace_arrays(offset)
    return Trace(
        Hex(0, 0),
        offset,
        tuple(Hex(q, r) for q, r in arrays.crossed.tolist()),
        tuple(Hexside(Hex(*a), Hex(*b)) for a, b in arrays.along.tolist()),
        tuple(Hex(q, r) for q, r in arrays.touched.tolist()),
    )


HexLike = Hex | str


@dataclass(frozen=True)
class HexGrid:
    """A bounded hex map with its layout and its wargame labels.

    ``HexGrid(rows, cols)`` alone is the Panzer Vor! layout: pointy-top hexes, labels of two
    digits for the row (from the top, starting at 01) and two for the column (from the
    left), odd-numbered rows shifted half a hex to the right.

    >>> grid = HexGrid(rows=16, cols=17)
    >>> grid.distance("0716", "0817"), grid.distance("0505", "0704")
    (1, 2)
    >>> grid.label(grid.hex("0903"))
    '0903'
    """

    rows: int
    cols: int
    orientation: Orientation = "pointy"
    shifted: Parity = "odd"
    label_order: LabelOrder = "row-col"
    first_number: int = 1
    digits: int = 2
    _cells: frozenset[Hex] = field(init=False, repr=False, compare=False)
    _labels: dict[Hex, str] = field(init=False, repr=False, compare=False, default_factory=dict)

    @property
    def direction_names(self) -> tuple[str, ...]:
        """The compass names of facings 0..5 on this grid (they differ for flat-top hexes).

        >>> HexGrid(2, 2, orientation="flat").direction_names[2]
        'S'
        """
        return direction_names(self.orientation)

    def __post_init__(self) -> None:
        for name in ("rows", "cols", "first_number", "digits"):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int):
                raise GridError(f"{name} must be a whole number, not {value!r}")
        if self.rows * self.cols > MAX_GRID_HEXES:
            raise GridError(
                f"a grid of at most {MAX_GRID_HEXES:,} hexes, not {self.rows} x {self.cols}"
            )
        if self.rows < 1 or self.cols < 1:
            raise GridError(
                f"a grid needs at least one row and one column, not {self.rows} x {self.cols}"
            )
        if self.orientation not in ("pointy", "flat"):
            raise GridError(f"orientation must be 'pointy' or 'flat', not {self.orientation!r}")
        if self.shifted not in ("odd", "even"):
            raise GridError(f"shifted must be 'odd' or 'even', not {self.shifted!r}")
        if self.label_order not in ("row-col", "col-row"):
            raise GridError(f"label_order must be 'row-col' or 'col-row', not {self.label_order!r}")
        largest = self.first_number + max(self.rows, self.cols) - 1
        if largest >= 10**self.digits:
            raise GridError(f"{self.digits} digits cannot label line number {largest}")
        cells = frozenset(
            self.from_offset(c, r) for r in range(self.rows) for c in range(self.cols)
        )
        object.__setattr__(self, "_cells", cells)

    # --- offset coordinates: (column index, row index), both from 0 -------------------
    def _line_is_shifted(self, index: int) -> bool:
        return (index + self.first_number) % 2 == (1 if self.shifted == "odd" else 0)

    def _parity_fix(self) -> int:
        # Added before halving so that shifted lines land on whole axial coordinates.
        return 1 if self._line_is_shifted(0) else 0

    def from_offset(self, col: int, row: int) -> Hex:
        """The hex at column and row indices (from 0, top-left)."""
        if self.orientation == "pointy":
            return Hex(col - (row + self._parity_fix()) // 2, row)
        return Hex(col, row - (col + self._parity_fix()) // 2)

    def to_offset(self, h: Hex) -> tuple[int, int]:
        """Column and row indices (from 0) of a hex."""
        if self.orientation == "pointy":
            return h.q + (h.r + self._parity_fix()) // 2, h.r
        return h.q, h.r + (h.q + self._parity_fix()) // 2

    # --- labels -----------------------------------------------------------------------
    def hex(self, value: HexLike) -> Hex:
        """The hex for a label like ``"0716"`` on the map (a Hex passes through unchanged)."""
        if isinstance(value, Hex):
            return value
        h = self.parse(value)
        if h not in self._cells:
            raise GridError(
                f"hex {value} is off the map: rows run {self._span(self.rows)}, "
                f"columns {self._span(self.cols)}"
            )
        return h

    def parse(self, value: HexLike) -> Hex:
        """The hex a label names, on the map or off it (a Hex passes through unchanged)."""
        if isinstance(value, Hex):
            return value
        text = str(value)
        if len(text) != 2 * self.digits or not text.isdigit():
            raise GridError(f"hex label {text!r} should be {2 * self.digits} digits, like '0716'")
        first, second = int(text[: self.digits]), int(text[self.digits :])
        row, col = (first, second) if self.label_order == "row-col" else (second, first)
        return self.from_offset(col - self.first_number, row - self.first_number)

    def names_a_hex(self, value: object) -> bool:
        """Whether ``value`` is the label of a hex on the map (``'0716'``), without an error.

        >>> grid = HexGrid(rows=8, cols=8)
        >>> grid.names_a_hex("0404"), grid.names_a_hex("0909"), grid.names_a_hex("pass")
        (True, False, False)
        """
        if not isinstance(value, str):
            return False
        try:
            return self.parse(value) in self._cells
        except GridError:
            return False

    def hexes_in(self, text: HexLike) -> list[Hex]:
        """The hexes a label or a range names: ``"0404-0407"`` is every hex in the rectangle
        of rows and columns between the two labels (as map files write them).

        >>> grid = HexGrid(rows=8, cols=8)
        >>> [grid.label(h) for h in grid.hexes_in("0404-0506")]
        ['0404', '0405', '0406', '0504', '0505', '0506']
        """
        if isinstance(text, Hex) or "-" not in str(text):
            return [self.hex(text)]
        first, _, last = str(text).partition("-")
        (c0, r0), (c1, r1) = self.to_offset(self.hex(first)), self.to_offset(self.hex(last))
        return [
            self.from_offset(c, r)
            for r in range(min(r0, r1), max(r0, r1) + 1)
            for c in range(min(c0, c1), max(c0, c1) + 1)
        ]

    def ranges(self, hexes: Iterable[Hex]) -> list[str]:
        """Labels and ranges that name exactly these hexes, in reading order: runs along a
        row, stacked into rectangles where rows repeat the run (the inverse of
        :meth:`hexes_in`).

        >>> grid = HexGrid(rows=8, cols=8)
        >>> grid.ranges(grid.hexes_in("0101-0108") + grid.hexes_in("0303"))
        ['0101-0108', '0303']
        """
        rows: dict[int, list[int]] = {}
        for h in set(hexes):
            col, row = self.to_offset(h)
            rows.setdefault(row, []).append(col)
        runs: dict[int, list[tuple[int, int]]] = {}
        for row, cols in rows.items():
            cols.sort()
            start = prev = cols[0]
            for col in cols[1:]:
                if col != prev + 1:
                    runs.setdefault(row, []).append((start, prev))
                    start = col
                prev = col
            runs.setdefault(row, []).append((start, prev))
        out: list[tuple[int, int, str]] = []
        for row in sorted(runs):
            for run in runs[row]:
                bottom = row
                while run in runs.get(bottom + 1, ()):
                    bottom += 1
                    runs[bottom].remove(run)
                first = self.label(self.from_offset(run[0], row))
                last = self.label(self.from_offset(run[1], bottom))
                out.append((row, run[0], first if first == last else f"{first}-{last}"))
        return [text for _, _, text in sorted(out)]

    def _span(self, count: int) -> str:
        width = self.digits
        return f"{self.first_number:0{width}d}-{self.first_number + count - 1:0{width}d}"

    def label(self, value: HexLike) -> str:
        """The wargame label of a hex (its numbers even when it lies off the map)."""
        h = self.hex(value)
        known = self._labels.get(h)
        if known is None:
            known = self._labels[h] = self._make_label(h)
        return known

    def _make_label(self, h: Hex) -> str:
        col, row = self.to_offset(h)
        row_n, col_n = row + self.first_number, col + self.first_number
        first, second = (row_n, col_n) if self.label_order == "row-col" else (col_n, row_n)
        if min(first, second) < 0:
            return f"({col},{row})"
        return f"{first:0{self.digits}d}{second:0{self.digits}d}"

    def hexside_label(self, side: Hexside) -> str:
        """A hexside named by its two hexes, e.g. ``'0716|0817'``."""
        return f"{self.label(side.first)}|{self.label(side.second)}"

    # --- the map ----------------------------------------------------------------------
    def __contains__(self, value: object) -> bool:
        return isinstance(value, Hex) and value in self._cells

    def __iter__(self) -> Iterator[Hex]:
        """Every hex, row by row from the top-left."""
        return (self.from_offset(c, r) for r in range(self.rows) for c in range(self.cols))

    def __len__(self) -> int:
        return self.rows * self.cols

    def contains(self, value: HexLike) -> bool:
        """Whether a hex or label lies on the map."""
        try:
            return self.hex(value) in self._cells
        except GridError:
            return False

    def neighbors(self, value: HexLike) -> tuple[Hex, ...]:
        """The adjacent hexes that are on the map."""
        return tuple(n for n in self.hex(value).neighbors() if n in self._cells)

    def distance(self, a: HexLike, b: HexLike) -> int:
        """Steps between two hexes or labels."""
        return self.hex(a).distance(self.hex(b))

    def hexside(self, a: HexLike, b: HexLike) -> Hexside:
        """The side two adjacent hexes share; GridError if they are not adjacent."""
        first, second = self.hex(a), self.hex(b)
        if first.distance(second) != 1:
            raise GridError(
                f"{self.label(first)} and {self.label(second)} are not adjacent "
                f"(distance {first.distance(second)}): they share no hexside"
            )
        return Hexside.between(first, second)

    def trace(self, a: HexLike, b: HexLike) -> Trace:
        """The exact trace of the centre-to-centre segment (see :func:`trace`)."""
        return trace(self.hex(a), self.hex(b))

    # --- pixels -----------------------------------------------------------------------
    def center(self, value: HexLike, size: float = 1.0) -> tuple[float, float]:
        """Board pixel of a hex's centre; ``size`` is the centre-to-corner distance.

        The top-left hex's corners touch x = 0 and y = 0."""
        h = self.hex(value)
        root3 = math.sqrt(3.0)
        if self.orientation == "pointy":
            x = root3 * (h.q + h.r / 2 + self._parity_fix() / 2) + root3 / 2
            return size * x, size * (1.0 + 1.5 * h.r)
        y = root3 * (h.r + h.q / 2 + self._parity_fix() / 2) + root3 / 2
        return size * (1.0 + 1.5 * h.q), size * y

    def corners(self, value: HexLike, size: float = 1.0) -> list[tuple[float, float]]:
        """The six corners, clockwise; corner ``i`` starts hexside ``i`` (side ``i`` runs from
        corner ``i`` to corner ``i + 1``)."""
        cx, cy = self.center(value, size)
        first = 0.0 if self.orientation == "pointy" else 30.0
        points = []
        for i in range(6):
            angle = math.radians(first + 60.0 * i)
            points.append((cx + size * math.sin(angle), cy - size * math.cos(angle)))
        return points

    def hex_at(self, x: float, y: float, size: float = 1.0) -> Hex:
        """The hex containing a board pixel (it may lie off the map: check ``contains``)."""
        root3 = math.sqrt(3.0)
        if self.orientation == "pointy":
            r = (y / size - 1.0) / 1.5
            q = (x / size - root3 / 2) / root3 - r / 2 - self._parity_fix() / 2
        else:
            q = (x / size - 1.0) / 1.5
            r = (y / size - root3 / 2) / root3 - q / 2 - self._parity_fix() / 2
        return _round_cube(q, r)

    def pixel_size(self, size: float = 1.0) -> tuple[float, float]:
        """Width and height in pixels of the whole board."""
        root3 = math.sqrt(3.0)
        if self.orientation == "pointy":
            shifted = 0.5 if self.rows > 1 or self._line_is_shifted(0) else 0.0
            return size * root3 * (self.cols + shifted), size * (0.5 + 1.5 * self.rows)
        shifted = 0.5 if self.cols > 1 or self._line_is_shifted(0) else 0.0
        return size * (0.5 + 1.5 * self.cols), size * root3 * (self.rows + shifted)


def _round_cube(q: float, r: float) -> Hex:
    """The hex containing fractional axial coordinates (cube rounding)."""
    s = -q - r
    rq, rr, rs = round(q), round(r), round(s)
    dq, dr, ds = abs(rq - q), abs(rr - r), abs(rs - s)
    if dq > dr and dq > ds:
        rq = -rr - rs
    elif dr > ds:
        rr = -rq - rs
    return Hex(int(rq), int(rr))
