"""Straightforward references the fast paths are measured against (and checked by).

``sees``: the line-of-sight rules for one pair of hexes, from an exact trace computed afresh
for that pair in plain Python with fractions: no caching, no numpy, no symmetry.
"""

from __future__ import annotations

import itertools
import math
from fractions import Fraction

from workbench.boards.hexmap import HexMap
from workbench.geometry.hexgrid import Hex

_NORMALS = ((1, -1, 0), (0, 1, -1), (-1, 0, 1))
_BEYOND = (Hex(1, -1), Hex(0, 1), Hex(-1, 0))


def _meeting(a: Hex, b: Hex, h: Hex) -> tuple[str, Fraction, Hex | None] | None:
    """How the segment between the centres of a and b meets hex h, exactly."""
    start = (a.q - h.q, a.r - h.r, a.s - h.s)
    delta = (b.q - a.q, b.r - a.r, b.s - a.s)
    low, high = Fraction(0), Fraction(1)
    for n in _NORMALS:
        c = sum(x * y for x, y in zip(n, start, strict=True))
        k = sum(x * y for x, y in zip(n, delta, strict=True))
        if k == 0:
            if abs(c) > 1:
                return None
            continue
        t1, t2 = Fraction(-1 - c, k), Fraction(1 - c, k)
        low, high = max(low, min(t1, t2)), min(high, max(t1, t2))
        if low > high:
            return None
    if low == high:
        return "touched", low, None
    middle = (low + high) / 2
    for n, beyond in zip(_NORMALS, _BEYOND, strict=True):
        value = sum(x * (s + middle * d) for x, s, d in zip(n, start, delta, strict=True))
        if abs(value) == 1:
            return "along", low, h + beyond * int(value)
    return "crossed", low, None


def _near_the_line(a: Hex, b: Hex) -> list[tuple[int, int]]:
    """Row by row, the hexes within two of the line's span in that row (a generous window:
    the exact test decides)."""
    out = []
    for r in range(min(a.r, b.r) - 1, max(a.r, b.r) + 2):
        if a.r == b.r:
            lo, hi = float(min(a.q, b.q)), float(max(a.q, b.q))
        else:
            qs = [a.q + (b.q - a.q) * (rr - a.r) / (b.r - a.r) for rr in (r - 1, r + 1)]
            lo, hi = max(min(qs), min(a.q, b.q) - 1), min(max(qs), max(a.q, b.q) + 1)
        out += [(q, r) for q in range(math.floor(lo) - 2, math.ceil(hi) + 3)]
    return out


def sees(hexmap: HexMap, a: Hex, b: Hex) -> bool:
    """Whether a sees b under the Panzer Vor! rules (Firing: Line of Sight and the scenario
    terrain rules), judged pair by pair."""
    if a == b:
        return True
    here, there = hexmap.terrain_at(a), hexmap.terrain_at(b)
    if a.distance(b) > 1 and (here.fire_adjacent_only or there.fire_adjacent_only):
        return False
    across = here.name if here.see_across_same and here.name == there.name else None

    def obstructs(h: Hex) -> bool:
        if h not in hexmap.grid:
            return False
        t = hexmap.terrain_at(h)
        return t.blocks_los and t.name != across

    met = []
    for q, r in _near_the_line(a, b):
        found = _meeting(a, b, Hex(q, r))
        if found:
            met.append((found[1], found[0], Hex(q, r), found[2]))
    met.sort(key=lambda m: (m[0], m[2]))
    crossed = [h for _, kind, h, _ in met if kind == "crossed"]
    entered = {h: t for t, kind, h, _ in met if kind == "crossed"}  # where the line enters it
    touched = [(h, t) for t, kind, h, _ in met if kind == "touched"]
    for h in crossed[1:-1]:
        if obstructs(h):
            return False
    for _, kind, h, other in met:
        if kind == "along" and obstructs(h) and other is not None and obstructs(other):
            return False
    for h1, h2 in itertools.pairwise(crossed):
        # from h1 into h2 through their side's middle, unless the line passes the side's end:
        # a corner it shares with a third hex the line touches there and then
        at_an_end = any(
            g.distance(h1) == 1 and g.distance(h2) == 1 and t == entered[h2] for g, t in touched
        )
        if h1.distance(h2) != 1 or at_an_end:
            continue
        side_kind = (
            hexmap.hexsides.get(hexmap.grid.hexside(h1, h2))
            if h1 in hexmap.grid and h2 in hexmap.grid
            else None
        )
        if side_kind is not None and hexmap.hexside_types[side_kind].blocks_fire:
            return False
    return True
