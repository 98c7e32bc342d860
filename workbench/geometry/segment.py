"""Exact meeting of a segment with a convex grid cell, shared by the hex and square grids.

A cell of either grid is the set of points ``p`` with ``|n . (p - centre)| <= 1`` for a few
integer normals ``n``; a segment is ``A + t (B - A)`` for ``t`` in ``[0, 1]``. With integer
centres and endpoints every bound is a fraction, so whether the segment crosses a cell's
interior, runs along one of its sides or only touches a corner is decided exactly, with no
floating-point nudge.
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Literal

Vector = tuple[int, ...]
Meeting = Literal["crossed", "along", "touched"]


@dataclass(frozen=True, slots=True)
class Chord:
    """Where a segment meets one closed cell: parameters ``start <= end`` in ``[0, 1]``.

    ``meeting`` is ``"crossed"`` when the segment passes through the interior, ``"along"``
    when it runs along a side for a positive length (``side`` is then the index of that
    side's normal and ``sign`` which way it faces), ``"touched"`` when it meets one point.
    """

    start: Fraction
    end: Fraction
    meeting: Meeting
    side: int = -1
    sign: int = 0


def _dot(a: Sequence[int], b: Sequence[int]) -> int:
    return sum(x * y for x, y in zip(a, b, strict=True))


def chord(start: Sequence[int], delta: Sequence[int], normals: Sequence[Vector]) -> Chord | None:
    """How the segment ``start + t * delta`` (``start`` relative to the cell's centre) meets
    the cell ``|n . p| <= 1`` for every ``n`` in ``normals``; None if it misses.

    >>> square = [(2, 0), (0, 2)]          # |2x| <= 1 and |2y| <= 1: the unit square
    >>> chord((0, 0), (2, 0), square).meeting
    'crossed'
    >>> chord((2, 0), (0, 2), square) is None     # a segment two squares to the right
    True
    >>> chord((-1, 0), (1, 1), square).meeting    # a diagonal through the corner (-1/2, 1/2)
    'touched'
    """
    low, high = Fraction(0), Fraction(1)
    for normal in normals:
        c, k = _dot(normal, start), _dot(normal, delta)
        if k == 0:
            if abs(c) > 1:
                return None
            continue
        a, b = Fraction(-1 - c, k), Fraction(1 - c, k)
        if a > b:
            a, b = b, a
        low, high = max(low, a), min(high, b)
        if low > high:
            return None
    if low == high:
        return Chord(low, high, "touched")
    middle = (low + high) / 2
    for index, normal in enumerate(normals):
        value = _dot(normal, start) + middle * _dot(normal, delta)
        if abs(value) == 1:
            return Chord(low, high, "along", index, 1 if value > 0 else -1)
    return Chord(low, high, "crossed")


def candidate_cells(
    start: Sequence[int], end: Sequence[int], reach: Fraction
) -> Iterator[tuple[int, int]]:
    """Integer points ``(u, v)`` within ``reach`` (in both coordinates) of some point of the
    segment: every cell whose centre is there and that could meet it, row by row in ``v``."""
    (u0, v0), (u1, v1) = start, end
    du, dv = u1 - u0, v1 - v0
    for v in range(math.floor(min(v0, v1) - reach), math.ceil(max(v0, v1) + reach) + 1):
        if dv == 0:
            if abs(v - v0) > reach:
                continue
            t_low, t_high = Fraction(0), Fraction(1)
        else:
            a, b = (v - reach - v0) / Fraction(dv), (v + reach - v0) / Fraction(dv)
            t_low, t_high = max(Fraction(0), min(a, b)), min(Fraction(1), max(a, b))
            if t_low > t_high:
                continue
        u_a, u_b = u0 + t_low * du, u0 + t_high * du
        for u in range(math.ceil(min(u_a, u_b) - reach), math.floor(max(u_a, u_b) + reach) + 1):
            yield u, v
