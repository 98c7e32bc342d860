"""Exact meeting of a segment with convex grid cells, shared by the hex and square grids.

A cell of either grid is the set of points ``p`` with ``|n . (p - centre)| <= 1`` for a few
integer normals ``n``; a segment is ``A + t (B - A)`` for ``t`` in ``[0, 1]``. With integer
centres and endpoints every bound on ``t`` is a fraction whose denominator divides
``scale``, the least common multiple of the ``|n . (B - A)|``; so bounds are kept as whole
numbers ``T = t * scale``, and whether the segment crosses a cell's interior, runs along one
of its sides or only touches a corner is decided in integers (numpy, many cells at once),
with no floating-point nudge.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

Vector = tuple[int, ...]

CROSSED, ALONG, TOUCHED, MISSED = 0, 1, 2, 3
MEETINGS = ("crossed", "along", "touched", "missed")


@dataclass(frozen=True)
class Chords:
    """How a segment meets each of several cells (arrays, one entry per cell).

    ``meeting``: CROSSED (through the interior), ALONG (along a side for a positive length;
    ``side`` is that side's normal and ``sign`` which way it faces), TOUCHED (one point) or
    MISSED. ``start`` and ``end``: where along the segment, as ``t * scale``.
    """

    meeting: np.ndarray
    start: np.ndarray
    end: np.ndarray
    side: np.ndarray
    sign: np.ndarray
    scale: int


def chords(starts: np.ndarray, delta: Sequence[int], normals: Sequence[Vector]) -> Chords:
    """How the segment ``s + t * delta`` meets the cell ``|n . p| <= 1`` (every ``n`` in
    ``normals``), for each row ``s`` of ``starts`` (the segment's start relative to a cell's
    centre).

    >>> square = [(2, 0), (0, 2)]          # |2x| <= 1 and |2y| <= 1: the unit square
    >>> found = chords(np.array([(0, 0), (2, 0), (-1, 0)]), (1, 1), square)
    >>> [MEETINGS[m] for m in found.meeting]   # through it, beside it, through its corner
    ['crossed', 'missed', 'touched']
    """
    starts = np.asarray(starts, dtype=np.int64).reshape(-1, len(delta))
    n = np.asarray(normals, dtype=np.int64)
    c = starts @ n.T  # (cells, normals)
    k = n @ np.asarray(delta, dtype=np.int64)  # (normals,)
    steps = [abs(int(x)) for x in k if x]
    scale = math.lcm(*steps) if steps else 1
    low = np.zeros(len(starts), dtype=np.int64)
    high = np.full(len(starts), scale, dtype=np.int64)
    inside = np.ones(len(starts), dtype=bool)
    for i, ki in enumerate(k.tolist()):
        if ki == 0:
            inside &= np.abs(c[:, i]) <= 1
            continue
        a, b = (-1 - c[:, i]) * (scale // ki), (1 - c[:, i]) * (scale // ki)
        low = np.maximum(low, np.minimum(a, b))
        high = np.minimum(high, np.maximum(a, b))
    met = inside & (low <= high)
    # At the middle of the chord n . p = c + k (low + high) / (2 scale): +-1 on a side.
    twice = 2 * scale * c + (low + high)[:, None] * k[None, :]
    on_side = np.abs(twice) == 2 * scale
    along = met & (low < high) & on_side.any(axis=1)
    side = np.where(along, on_side.argmax(axis=1), -1)
    sign = np.where(along, np.sign(twice[np.arange(len(starts)), np.maximum(side, 0)]), 0)
    meeting = np.full(len(starts), MISSED, dtype=np.int8)
    meeting[met & (low < high)] = CROSSED
    meeting[along] = ALONG
    meeting[met & (low == high)] = TOUCHED
    return Chords(meeting, low, high, side, sign, scale)


def candidate_cells(start: Sequence[int], end: Sequence[int], reach: float) -> np.ndarray:
    """Integer points ``(u, v)`` within ``reach`` (in both coordinates) of some point of the
    segment — every cell whose centre is there and that could meet it — row by row in ``v``.
    Rows are found in floating point with a margin of a whole cell: a few extra candidates
    cost a test each, and :func:`chords` decides exactly."""
    (u0, v0), (u1, v1) = start, end
    du, dv = u1 - u0, v1 - v0
    rows = np.arange(math.floor(min(v0, v1) - reach), math.ceil(max(v0, v1) + reach) + 1)
    if dv == 0:
        rows = rows[np.abs(rows - v0) <= reach]
        lo_t, hi_t = np.zeros(len(rows)), np.ones(len(rows))
    else:
        a, b = (rows - reach - v0) / dv, (rows + reach - v0) / dv
        lo_t = np.clip(np.minimum(a, b), 0.0, 1.0)
        hi_t = np.clip(np.maximum(a, b), 0.0, 1.0)
    ua, ub = u0 + lo_t * du, u0 + hi_t * du
    first = np.floor(np.minimum(ua, ub) - reach).astype(np.int64) - 1
    last = np.ceil(np.maximum(ua, ub) + reach).astype(np.int64) + 1
    counts = last - first + 1
    v = np.repeat(rows, counts)
    u = np.repeat(first, counts) + (
        np.arange(counts.sum()) - np.repeat(np.cumsum(counts) - counts, counts)
    )
    return np.stack([u, v], axis=1)


def ordered(found: Chords, cells: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The cells a segment meets, in order along it: ``(crossed, along, touched)``, each an
    integer array of rows ``(u, v)``, the ``along`` rows ``(u, v, side, sign)``."""
    met = np.flatnonzero(found.meeting != MISSED)
    order = met[np.lexsort((cells[met, 1], cells[met, 0], found.end[met], found.start[met]))]
    kinds = found.meeting[order]
    crossed = cells[order[kinds == CROSSED]]
    touched = cells[order[kinds == TOUCHED]]
    alongs = order[kinds == ALONG]
    along = np.column_stack([cells[alongs], found.side[alongs], found.sign[alongs]])
    return crossed, along, touched
