"""Square grids: squares with eight facings, forward and backward steps, the ruler and exact traces.

Conventions (ARCHITECTURE.md): x to the right, y down; a square ``Square(x, y)`` has its
centre at ``(x, y)`` and spans half a square each way. Facings are numbered 0..7 clockwise
from north, 45 degrees apart: N, NE, E, SE, S, SW, W, NW.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache

from workbench.bounds import MAX_BYTES, MAX_SECONDS, Cost, refuse_past
from workbench.errors import GeometryError
from workbench.geometry.segment import candidate_cells, chords, ordered

FACING_NAMES = ("N", "NE", "E", "SE", "S", "SW", "W", "NW")
NORTH, NORTHEAST, EAST, SOUTHEAST, SOUTH, SOUTHWEST, WEST, NORTHWEST = range(8)
_STEPS = ((0, -1), (1, -1), (1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1))


@dataclass(frozen=True, slots=True, order=True)
class Square:
    """A square of the grid.

    >>> Square(2, 3).forward(NORTHEAST)
    Square(x=3, y=2)
    >>> Square(2, 3).backward(NORTHEAST)
    Square(x=1, y=4)
    >>> Square(0, 0).ruler(Square(3, 4))
    5.0
    """

    x: int
    y: int

    def __add__(self, other: Square) -> Square:
        return Square(self.x + other.x, self.y + other.y)

    def __sub__(self, other: Square) -> Square:
        return Square(self.x - other.x, self.y - other.y)

    def forward(self, facing: int, steps: int = 1) -> Square:
        """The square ``steps`` ahead along ``facing`` (orthogonal or diagonal)."""
        dx, dy = _STEPS[facing % 8]
        return Square(self.x + dx * steps, self.y + dy * steps)

    def backward(self, facing: int, steps: int = 1) -> Square:
        """The square ``steps`` behind, against ``facing``."""
        return self.forward(facing, -steps)

    def neighbors(self) -> tuple[Square, ...]:
        """The eight squares around this one, in facing order."""
        return tuple(self.forward(f) for f in range(8))

    def ruler(self, other: Square) -> float:
        """Euclidean distance between the two centres, in squares."""
        return math.hypot(other.x - self.x, other.y - self.y)

    def ruler_squared(self, other: Square) -> int:
        """The squared ruler distance: exact, for comparing against a range."""
        return (other.x - self.x) ** 2 + (other.y - self.y) ** 2

    def chebyshev(self, other: Square) -> int:
        """Steps between the squares when diagonal steps are allowed."""
        return max(abs(other.x - self.x), abs(other.y - self.y))


def rotate_facing(facing: int, steps: int) -> int:
    """Turn a facing by ``steps`` x 45 degrees clockwise (negative: anticlockwise).

    >>> FACING_NAMES[rotate_facing(NORTH, -1)]
    'NW'
    """
    return (facing + steps) % 8


def facing_angle(facing: int) -> float:
    """Degrees clockwise from north."""
    return 45.0 * (facing % 8)


@dataclass(frozen=True, slots=True)
class Edge:
    """The edge two orthogonally adjacent squares share, stored in a fixed order."""

    first: Square
    second: Square

    @staticmethod
    def between(a: Square, b: Square) -> Edge:
        if abs(a.x - b.x) + abs(a.y - b.y) != 1:
            raise GeometryError(f"{a} and {b} are not orthogonally adjacent: they share no edge")
        return Edge(*sorted((a, b)))

    @property
    def squares(self) -> tuple[Square, Square]:
        return (self.first, self.second)


_SQUARE_NORMALS = ((2, 0), (0, 2))
_SQUARE_NORMAL_NEIGHBOR = (Square(1, 0), Square(0, 1))
_SQUARE_REACH = 1 / 2


@dataclass(frozen=True, slots=True)
class SquareTrace:
    """What the segment between two square centres meets, in order along it: squares whose
    interior it crosses (both ends included), edges it runs along, squares it only touches
    at a corner."""

    start: Square
    end: Square
    crossed: tuple[Square, ...]
    along: tuple[Edge, ...]
    touched: tuple[Square, ...]

    def met(self) -> frozenset[Square]:
        """Every square the closed segment meets."""
        return frozenset(self.crossed).union(self.touched, *(e.squares for e in self.along))

    def shifted(self, offset: Square) -> SquareTrace:
        return SquareTrace(
            self.start + offset,
            self.end + offset,
            tuple(s + offset for s in self.crossed),
            tuple(Edge(e.first + offset, e.second + offset) for e in self.along),
            tuple(s + offset for s in self.touched),
        )


# the peak memory and time of a trace of a new offset, measured (tracemalloc; untraced
# time on the shared 2-core machine) on lines of 1,000 to 160,000 squares across (|dx| +
# |dy|): its squares, tuples and arrays (tests/test_bounded_work.py checks it within 2x)
TRACE_BYTES_PER_SQUARE = 330
TRACE_BASE_BYTES = 16 * 1024
TRACE_SECONDS_PER_SQUARE = 2e-5


def square_trace_cost(a: Square, b: Square) -> Cost:
    """The estimated peak memory and time of :func:`square_trace` from ``a`` to ``b``."""
    across = abs(b.x - a.x) + abs(b.y - a.y)
    return Cost(
        TRACE_BASE_BYTES + TRACE_BYTES_PER_SQUARE * across, TRACE_SECONDS_PER_SQUARE * across
    )


def square_trace(
    a: Square, b: Square, *, max_bytes: int = MAX_BYTES, max_seconds: float | None = MAX_SECONDS
) -> SquareTrace:
    """The exact trace of the centre-to-centre segment from ``a`` to ``b``.

    Its work grows with the squares across (|dx| + |dy|): a line whose trace would pass
    ``max_bytes`` (2 GiB, about 6 million squares) or ``max_seconds`` (60 s, about 3
    million) is refused with the estimate (ArgumentError).

    >>> t = square_trace(Square(0, 0), Square(2, 2))      # a diagonal passes two corners
    >>> t.crossed
    (Square(x=0, y=0), Square(x=1, y=1), Square(x=2, y=2))
    >>> t.touched
    (Square(x=0, y=1), Square(x=1, y=0), Square(x=1, y=2), Square(x=2, y=1))
    """
    cost = square_trace_cost(a, b)
    refuse_past("b", b, f"a square whose line from {a} is traced", cost, max_bytes, max_seconds)
    return _square_trace_from_origin(b - a).shifted(a)


TRACES_KEPT = 65536  # the traces of the latest offsets, kept for the next line of each


@lru_cache(maxsize=TRACES_KEPT)
def _square_trace_from_origin(offset: Square) -> SquareTrace:
    cells = candidate_cells((0, 0), (offset.x, offset.y), _SQUARE_REACH)
    crossed, along_cells, touched = ordered(
        chords(-cells, (offset.x, offset.y), _SQUARE_NORMALS), cells
    )
    along: list[Edge] = []
    for x, y, side, sign in along_cells.tolist():
        n = _SQUARE_NORMAL_NEIGHBOR[side]
        edge = Edge.between(Square(x, y), Square(x + n.x * sign, y + n.y * sign))
        if edge not in along:
            along.append(edge)
    return SquareTrace(
        Square(0, 0),
        offset,
        tuple(Square(x, y) for x, y in crossed.tolist()),
        tuple(along),
        tuple(Square(x, y) for x, y in touched.tolist()),
    )
