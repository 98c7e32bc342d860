"""Exact hex traces of many offsets at once, for all-pairs work on a whole map.

:func:`workbench.geometry.hexgrid.trace_arrays` traces one offset at a time (about a third
of a millisecond each); a 30 × 40 map needs a few thousand offsets. :func:`batch_traces`
computes the same traces for every offset of an array together, in the same integer
arithmetic (:mod:`workbench.geometry.segment`): each offset is turned into the sector
``q > 0, r >= 0``, every cell near its segment is tested against the hex's three pairs of
sides in one set of numpy operations over all offsets, and the results are turned back.
``tests/test_hextrace.py`` checks it against ``trace_arrays`` on every offset up to a
length.

The result lists, per offset, what a line-of-sight judgement needs as sets: the hexes the
line crosses strictly between its ends, the hexsides it runs along (as pairs of hexes), and
the hexsides it crosses from one hex to the next (a hex and the direction of the side),
each in compressed rows (``cells[start[i]:start[i + 1]]`` belong to offset ``i``).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from workbench.errors import ArgumentError
from workbench.geometry.hexgrid import HEX_NORMAL_STEPS, HEX_STEPS

IntArray = npt.NDArray[np.int64]

_KEY = 1 << 11  # a cell is packed as (q + _KEY / 2) * _KEY + (r + _KEY / 2): |q|, |r| < 1024


@dataclass(frozen=True, eq=False)
class BatchTraces:
    """Traces of ``offsets`` (n, 2) from the origin, as compressed rows of axial cells.

    ``between``: crossed hexes other than the two ends; ``along``: (p, 2, 2) the two hexes of
    each hexside the line runs along; ``sides``: (k, 3) hex q, r and the direction of the
    hexside it leaves through to the next crossed hex (not at a corner). ``*_start`` (n + 1)
    delimit each offset's rows."""

    offsets: IntArray
    between: IntArray
    between_start: IntArray
    along: IntArray
    along_start: IntArray
    sides: IntArray
    sides_start: IntArray


def _turn(cells: IntArray, turns: IntArray) -> IntArray:
    """Axial cells (..., 2) turned ``turns`` x 60° clockwise (turns broadcast on the rows)."""
    q, r = cells[..., 0].copy(), cells[..., 1].copy()
    turns = np.broadcast_to(turns, q.shape)
    for k in range(1, 6):
        now = turns >= k
        if not now.any():
            break
        q[now], r[now] = -r[now], q[now] + r[now]
    return np.stack([q, r], axis=-1)


def _turns_into_sector(offsets: IntArray) -> IntArray:
    """For each offset, the k in 0..5 such that turning it -k x 60° lands in the sector
    ``q > 0, r >= 0`` (the first such k, as ``trace_arrays`` picks)."""
    turns = np.full(len(offsets), -1, dtype=np.int64)
    for k in range(6):
        turned = _turn(offsets, np.full(len(offsets), (6 - k) % 6))
        fits = (turned[:, 0] > 0) & (turned[:, 1] >= 0) & (turns < 0)
        turns[fits] = k
    return turns


def _segments(lengths: IntArray) -> tuple[IntArray, IntArray]:
    """For compressed rows of these lengths: the owner of each row and its place in it."""
    owner = np.repeat(np.arange(len(lengths)), lengths)
    starts = np.concatenate([[0], np.cumsum(lengths)])
    place = np.arange(int(starts[-1])) - starts[owner]
    return owner, place


def _starts(owner: IntArray, n: int) -> IntArray:
    return np.concatenate([[0], np.cumsum(np.bincount(owner, minlength=n))]).astype(np.int64)


def _candidates(sector: IntArray) -> tuple[IntArray, IntArray]:
    """Every cell that could meet each sector offset's segment (owner, cell), each once: row
    by row in r, the cells within 2/3 in q and r of the segment's part near that row, and a
    cell more on each side (as ``segment.candidate_cells``; floating point only picks
    candidates, :func:`_sector_traces` decides exactly)."""
    reach = 2 / 3
    heights = sector[:, 1] + 3  # rows -1 .. r + 1
    owner, place = _segments(heights)
    q, r = sector[owner, 0].astype(float), sector[owner, 1].astype(float)
    v = place - 1
    flat = r == 0
    safe = np.where(flat, 1.0, r)
    a, b = (v - reach) / safe, (v + reach) / safe
    lo_t = np.where(flat, 0.0, np.clip(np.minimum(a, b), 0.0, 1.0))
    hi_t = np.where(flat, 1.0, np.clip(np.maximum(a, b), 0.0, 1.0))
    near = ~flat | (np.abs(v) <= reach)
    first = np.floor(lo_t * q - reach).astype(np.int64) - 1
    last = np.ceil(hi_t * q + reach).astype(np.int64) + 1
    counts = np.where(near, last - first + 1, 0)
    row, u = _segments(counts)
    cells = np.stack([first[row] + u, v[row]], axis=1)
    return owner[row], cells


def _sector_traces(sector: IntArray) -> BatchTraces:
    """Exact traces of offsets in the sector ``q > 0, r >= 0`` (see ``segment.chords``)."""
    n = len(sector)
    owner, cells = _candidates(sector)
    u, v = cells[:, 0], cells[:, 1]
    # The segment relative to the cell's centre, against the normals (1,-1,0), (0,1,-1),
    # (-1,0,1): c = n . (start - centre), k = n . delta (cube coordinates).
    c = np.stack([v - u, -u - 2 * v, 2 * u + v], axis=1)
    k_all = np.stack([sector[:, 0] - sector[:, 1], sector.sum(axis=1) + sector[:, 1],
                      -2 * sector[:, 0] - sector[:, 1]], axis=1)  # fmt: skip
    scale_all = np.lcm(np.lcm(np.maximum(np.abs(k_all[:, 0]), 1), k_all[:, 1]), -k_all[:, 2])
    k, scale = k_all[owner], scale_all[owner]
    low = np.zeros(len(cells), dtype=np.int64)
    high = scale.copy()
    inside = np.ones(len(cells), dtype=bool)
    for i in range(3):
        ki = k[:, i]
        flat = ki == 0
        inside &= ~flat | (np.abs(c[:, i]) <= 1)
        step = np.where(flat, 0, scale // np.where(flat, 1, ki))
        a, b = (-1 - c[:, i]) * step, (1 - c[:, i]) * step
        low = np.where(flat, low, np.maximum(low, np.minimum(a, b)))
        high = np.where(flat, high, np.minimum(high, np.maximum(a, b)))
    met = inside & (low <= high)
    twice = 2 * scale[:, None] * c + (low + high)[:, None] * k
    on_side = np.abs(twice) == 2 * scale[:, None]
    chord = met & (low < high)
    along = chord & on_side.any(axis=1)
    crossed = chord & ~along

    # Crossed hexes in order along each line (their chords do not overlap).
    xs = np.flatnonzero(crossed)
    xs = xs[np.lexsort((low[xs], owner[xs]))]
    x_owner, x_cells = owner[xs], cells[xs]
    x_start = _starts(x_owner, n)
    _, place = _segments(np.diff(x_start))
    last = np.repeat(np.diff(x_start) - 1, np.diff(x_start))
    inner = (place > 0) & (place < last)

    # Sides crossed: consecutive crossed hexes one step apart, unless the line runs exactly
    # through one of that side's two ends: the corner shared with a hex next to both, at
    # (a + b + g) / 3. Exact in integers: three times that corner is collinear with the
    # offset. (A touched hex next to both crossed hexes proves nothing: the line may touch
    # it at another of its corners and still cross the side through its middle.)
    same = x_owner[1:] == x_owner[:-1]
    step = x_cells[1:] - x_cells[:-1]
    direction = np.full(len(step), -1)
    for d, unit in enumerate(HEX_STEPS):
        direction[(step[:, 0] == unit[0]) & (step[:, 1] == unit[1])] = d
    keep = same & (direction >= 0)
    if keep.any():
        offset = sector[x_owner[:-1]]
        for turn in (-1, 1):
            beside = x_cells[:-1] + HEX_STEPS[(direction + turn) % 6]
            corner = x_cells[:-1] + x_cells[1:] + beside
            keep &= corner[:, 0] * offset[:, 1] - corner[:, 1] * offset[:, 0] != 0
    kept = np.flatnonzero(keep)
    sides = np.column_stack([x_cells[kept], direction[kept]]).astype(np.int64)

    al = np.flatnonzero(along)
    side_of = on_side[al].argmax(axis=1)
    sign = np.sign(twice[al, side_of])
    pairs = np.stack([cells[al], cells[al] + HEX_NORMAL_STEPS[side_of] * sign[:, None]], axis=1)
    # Both hexes of such a side run along it: keep the side once, from its lower hex.
    lower = (pairs[:, 0, 0] < pairs[:, 1, 0]) | (
        (pairs[:, 0, 0] == pairs[:, 1, 0]) & (pairs[:, 0, 1] < pairs[:, 1, 1])
    )
    al, pairs = al[lower], pairs[lower]
    return BatchTraces(
        sector,
        x_cells[inner],
        _starts(x_owner[inner], n),
        pairs.astype(np.int64),
        _starts(owner[al], n),
        sides,
        _starts(x_owner[kept], n),
    )


def _in_chunks(sector: IntArray, cells: int = 200_000) -> BatchTraces:
    """:func:`_sector_traces` a few hundred offsets at a time (about ``cells`` candidate
    cells each), so that memory stays small on big maps."""
    weight = np.cumsum(3 * sector.sum(axis=1) + 10)
    cuts = np.searchsorted(weight, np.arange(cells, int(weight[-1]) if len(weight) else 0, cells))
    cuts = cuts[np.flatnonzero(np.diff(cuts, prepend=-1))]  # (np.unique imports numpy.ma)
    parts = [_sector_traces(part) for part in np.split(sector, cuts)]
    if len(parts) == 1:
        return parts[0]

    def joined(name: str) -> tuple[IntArray, IntArray]:
        rows = [getattr(p, name) for p in parts]
        starts = [getattr(p, name + "_start") for p in parts]
        shift = np.cumsum([0] + [len(r) for r in rows[:-1]])
        start = np.concatenate(
            [s[:-1] + k for s, k in zip(starts, shift, strict=True)] + [[sum(map(len, rows))]]
        )
        return np.concatenate(rows), start.astype(np.int64)

    return BatchTraces(sector, *joined("between"), *joined("along"), *joined("sides"))


def _expand(
    rows: IntArray, start: IntArray, which: IntArray
) -> tuple[IntArray, IntArray, IntArray]:
    """The compressed rows of entries ``which`` (repeats allowed), their owners (positions
    in ``which``) and the new row starts."""
    lengths = (start[1:] - start[:-1])[which]
    owner, place = _segments(lengths)
    return rows[start[which][owner] + place], owner, _starts(owner, len(which))


def batch_traces(offsets: npt.ArrayLike) -> BatchTraces:
    """Exact traces from the origin to each of ``offsets`` (axial (q, r) rows, none zero).

    >>> found = batch_traces([(2, 0), (1, 1)])
    >>> found.between.tolist(), found.between_start.tolist()   # (1, 0) lies between (2, 0)
    ([[1, 0]], [0, 1, 1])
    >>> found.along.tolist()          # the line to (1, 1) runs along the side of two hexes
    [[[0, 1], [1, 0]]]
    """
    offsets = np.asarray(offsets, dtype=np.int64).reshape(-1, 2)
    if (offsets == 0).all(axis=1).any():
        raise ArgumentError("offsets", "(0, 0)", "offsets other than zero (it has no line)")
    if len(offsets) and np.abs(offsets).max() >= _KEY // 4:
        raise ArgumentError("offsets", int(np.abs(offsets).max()), f"coordinates below {_KEY // 4}")
    turns = _turns_into_sector(offsets)
    sector = _turn(offsets, (6 - turns) % 6)
    keys, which = np.unique(sector[:, 0] * _KEY + sector[:, 1], return_inverse=True)
    traced = _in_chunks(np.stack([keys // _KEY, keys % _KEY], axis=1))
    between, owner_b, between_start = _expand(traced.between, traced.between_start, which)
    along, owner_a, along_start = _expand(traced.along, traced.along_start, which)
    sides, owner_s, sides_start = _expand(traced.sides, traced.sides_start, which)
    turned_sides = np.column_stack(
        [_turn(sides[:, :2], turns[owner_s]), (sides[:, 2] + turns[owner_s]) % 6]
    )
    return BatchTraces(
        offsets,
        _turn(between, turns[owner_b]),
        between_start,
        _turn(along, turns[owner_a][:, None]),
        along_start,
        turned_sides.astype(np.int64),
        sides_start,
    )
