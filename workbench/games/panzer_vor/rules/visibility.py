"""Line of sight between every pair of hexes of a map at once, for designers' analysis.

The same rules as :func:`workbench.games.panzer_vor.rules.sight.line_of_sight`, restructured for
speed. A trace depends only on the offset between two hexes, and the matrix is symmetric, so
half the offsets are enough; their exact traces are computed together
(:func:`workbench.geometry.hextrace.batch_traces`) once per grid shape and kept as gather
plans. The map is then held as bits: each axial row of hexes is a row of bits in one or two
64-bit words, with one copy of the board per sideways shift, so for one offset the line from
*every* start hex of a row is judged by OR-ing one word per hex on the line. Tanks are not
considered: they never block (Firing: Line of Sight).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property, lru_cache

import numpy as np
import numpy.typing as npt

from workbench.boards.hexmap import HexMap
from workbench.bounds import MAX_BYTES, MAX_SECONDS, Cost, refuse_past
from workbench.errors import ArgumentError
from workbench.geometry.hexgrid import Hex, HexGrid, HexLike
from workbench.geometry.hextrace import BatchTraces, batch_traces

IntArray = npt.NDArray[np.int64]


@dataclass(frozen=True, eq=False)
class VisibilityMatrix:
    """``matrix[i, j]`` is True when hex ``hexes[i]`` sees hex ``hexes[j]``."""

    map: HexMap
    hexes: tuple[Hex, ...]
    matrix: np.ndarray

    @cached_property
    def _index(self) -> dict[Hex, int]:
        return {h: i for i, h in enumerate(self.hexes)}

    def sees(self, a: HexLike, b: HexLike) -> bool:
        index = self._index
        return bool(self.matrix[index[self.map.hex(a)], index[self.map.hex(b)]])

    def counts(self) -> dict[Hex, int]:
        """How many other hexes each hex sees (a heatmap of exposure)."""
        seen = self.matrix.sum(axis=1) - 1
        return {h: int(n) for h, n in zip(self.hexes, seen, strict=True)}


@dataclass(frozen=True, eq=False)
class _Group:
    """All offsets ``(dq, dr)`` of one ``dr``, ``dq`` from ``dq_low`` on, as gather plans.

    The offsets are taken longest line first (``order``); ``between[i, k]`` is the bit-table
    row of the k-th hex between the ends of the i-th line (for a start in row 0; add the start
    row), and only the first ``between_active[k]`` lines have a k-th hex. ``along`` has the
    two hexes of each hexside a line runs along, ``sides`` the hexside tables' rows of the
    hexsides it crosses."""

    dr: int
    dq_low: int
    count: int
    order: IntArray  # the dq index of each line, longest first
    rank: IntArray  # the place of each dq index in that order
    between: IntArray
    between_active: IntArray
    along: IntArray  # (offsets, p, 2)
    along_active: IntArray
    sides: IntArray
    sides_active: IntArray
    far: npt.NDArray[np.bool_]  # the line is longer than one step (longest-first order)


@dataclass(frozen=True, eq=False)
class _Plan:
    """Everything about a grid's shape that the matrix needs, independent of its terrain."""

    hexes: tuple[Hex, ...]  # sorted by axial row, then q
    grid_order: IntArray | None  # where each hex of the grid's own order sits in ``hexes``
    q_min: int
    r_min: int
    rows: int  # axial rows
    words: int  # 64-bit words per row of bits (bit b holds q = q_min + b - 1)
    shift: int  # sideways shifts run from -shift to +shift
    row_first: IntArray  # index in ``hexes`` of each axial row's first hex
    row_q: IntArray  # its q - q_min
    row_len: IntArray
    groups: tuple[_Group, ...]

    @property
    def planes(self) -> int:
        return 2 * self.shift + 2  # one per shift, then an all-zero plane

    @property
    def height(self) -> int:
        return self.rows + 2  # a row of padding above and below

    def cell_rows(self, cells: IntArray, direction: IntArray | None = None) -> IntArray:
        """Table rows of cells (q, r) relative to a start in row 0 (and of a hexside
        direction, for the hexside tables)."""
        plane = cells[..., 0] + self.shift
        if direction is not None:
            plane = plane + direction * self.planes
        return plane * self.height + cells[..., 1] + 1

    @property
    def zero_row(self) -> int:
        return (self.planes - 1) * self.height


@lru_cache(maxsize=8)
def _plan(grid: HexGrid) -> _Plan:
    own = tuple(grid)
    hexes = tuple(sorted(own, key=lambda h: (h.r, h.q)))
    qs = np.array([h.q for h in hexes])
    rs = np.array([h.r for h in hexes])
    q_min, r_min = int(qs.min()), int(rs.min())
    rows = int(rs.max()) - r_min + 1
    row_len = np.bincount(rs - r_min, minlength=rows)
    row_first = np.concatenate([[0], np.cumsum(row_len)[:-1]])
    row_q = np.where(row_len > 0, qs[np.minimum(row_first, len(hexes) - 1)] - q_min, 0)
    if not (qs - q_min == row_q[rs - r_min] + np.arange(len(hexes)) - row_first[rs - r_min]).all():
        raise ArgumentError("hexmap", "a grid with broken rows", "a rectangular hex grid")
    width = int(qs.max()) - q_min + 1
    grid_order = None
    if own != hexes:
        where = {h: i for i, h in enumerate(hexes)}
        grid_order = np.array([where[h] for h in own])
    plan = _Plan(
        hexes, grid_order, q_min, r_min, rows, (width + 2 + 63) // 64, width + 1,
        row_first, row_q, row_len, (),
    )  # fmt: skip
    ranges = []
    for dr in range(rows):
        present = [r for r in range(rows - dr) if row_len[r] and row_len[r + dr]]
        if not present:
            continue
        if dr == 0:
            low, high = 1, int(row_len.max()) - 1
        else:
            low = min(int(row_q[r + dr] - row_q[r] - row_len[r] + 1) for r in present)
            high = max(int(row_q[r + dr] + row_len[r + dr] - 1 - row_q[r]) for r in present)
        if high >= low:
            ranges.append((dr, low, high - low + 1))
    spans = np.array(ranges, dtype=np.int64).reshape(-1, 3)
    group = np.repeat(np.arange(len(spans)), spans[:, 2])
    place = np.arange(len(group)) - np.repeat(np.cumsum(spans[:, 2]) - spans[:, 2], spans[:, 2])
    offsets = np.stack([spans[group, 1] + place, spans[group, 0]], axis=1)
    traces = batch_traces(offsets)
    _check_reach(plan, offsets, traces)
    lengths = np.maximum(np.abs(offsets).max(axis=1), np.abs(offsets.sum(axis=1)))
    between_rows = plan.cell_rows(traces.between)
    along_rows = plan.cell_rows(traces.along)
    side_rows = plan.cell_rows(traces.sides[:, :2], traces.sides[:, 2])
    groups, first = [], 0
    for dr, low, count in ranges:
        mine = slice(first, first + count)
        order = np.argsort(-lengths[mine], kind="stable")
        between = _padded(plan, between_rows, traces.between_start, mine, order)
        along = _padded(plan, along_rows, traces.along_start, mine, order)
        sides = _padded(plan, side_rows, traces.sides_start, mine, order)
        far = lengths[mine][order] > 1
        groups.append(
            _Group(dr, low, count, order, np.argsort(order), *between, *along, *sides, far)
        )
        first += count
    return _Plan(**{**plan.__dict__, "groups": tuple(groups)})


def _check_reach(plan: _Plan, offsets: IntArray, traces: BatchTraces) -> None:
    """Every hex a line meets lies within one row of its ends' rows and within the shifts
    the bit tables hold (so a gather never reads another row's bits)."""
    for cells, start in (
        (traces.between, traces.between_start),
        (traces.along.reshape(-1, 2), 2 * traces.along_start),
        (traces.sides[:, :2], traces.sides_start),
    ):
        dr = np.repeat(offsets[:, 1], np.diff(start))
        if len(cells) and not (
            (cells[:, 1] >= -1).all()
            and (cells[:, 1] <= dr + 1).all()
            and (np.abs(cells[:, 0]) <= plan.shift).all()
        ):
            raise AssertionError("a traced hex lies outside the bit tables")


def _bit_table(plan: _Plan, channels: list[npt.NDArray[np.bool_]]) -> np.ndarray:
    """``table[row] -> words``: for each shift s (a plane) and padded row, the bits of each
    channel (one bool per hex of ``plan.hexes``) with bit b holding the hex at q + s, where
    q is the start's; flattened to (planes x height, channels x words)."""
    bits = 64 * plan.words
    out = np.zeros((plan.planes, plan.height, len(channels), plan.words), dtype=np.uint64)
    rows = np.repeat(np.arange(plan.rows), plan.row_len) + 1
    cols = (
        np.concatenate([q + np.arange(n) for q, n in zip(plan.row_q, plan.row_len, strict=True)])
        + 1
    )
    for i, values in enumerate(channels):
        padded = np.zeros((plan.height, bits + 2 * plan.shift), dtype=bool)
        padded[rows, cols + plan.shift] = values
        windows = np.lib.stride_tricks.sliding_window_view(padded, bits, axis=1)
        packed = np.packbits(windows.transpose(1, 0, 2), axis=-1, bitorder="little")
        out[:-1, :, i, :] = packed.view(np.uint64)
    return out.reshape(plan.planes * plan.height, len(channels) * plan.words)


def _padded(
    plan: _Plan, rows: IntArray, start: IntArray, mine: slice, order: IntArray
) -> tuple[IntArray, IntArray]:
    """The compressed rows of the offsets ``mine`` as one array, one line per row in
    ``order``, padded with the all-zero row; and, for each k, how many lines from the first
    cover every line that has a k-th entry (lines come longest first, so nearly a prefix)."""
    sizes = np.diff(start[mine.start : mine.stop + 1])[order]
    width = int(sizes.max()) if len(sizes) else 0
    out = np.full((len(sizes), width, *rows.shape[1:]), plan.zero_row, dtype=np.int64)
    line = np.repeat(np.arange(len(sizes)), sizes)
    place = np.arange(len(line)) - np.repeat(np.cumsum(sizes) - sizes, sizes)
    out[line, place] = rows[np.repeat(start[mine.start : mine.stop][order], sizes) + place]
    has = sizes[None, :] > np.arange(width)[:, None]  # (k, line)
    active = len(sizes) - np.argmax(has[:, ::-1], axis=1)  # one past the last line with a k-th
    return out, active


def _windows(table: np.ndarray, rows: int) -> np.ndarray:
    """``windows[i]`` is ``table[i : i + rows]`` (a view): one gather fetches a line's hex
    for every start row at once."""
    step, word = table.strides
    shape = (table.shape[0] - rows + 1, rows, table.shape[1])
    return np.lib.stride_tricks.as_strided(table, shape, (step, step, word), writeable=False)


def _gather_or(windows: np.ndarray, rows: IntArray, active: IntArray) -> np.ndarray:
    """For each line (a row of ``rows``) and start row: the OR of the table rows it meets."""
    out = np.zeros((len(rows), *windows.shape[1:]), dtype=np.uint64)
    for k, n in enumerate(active.tolist()):
        out[:n] |= windows[rows[:n, k]]
    return out


MAX_MATRIX_BYTES = MAX_BYTES  # the default bound on the peak memory: 29,000 hexes (170 x 170)
# the peak memory of visibility_matrix, measured with tracemalloc on blank maps of 40 x 40 to
# 128 x 128 (tests/test_bounded_work.py checks it within 2x; smaller maps need less): a byte
# per pair for the matrix, the rest for the bit tables and one offset group's line windows
PEAK_BYTES_PER_PAIR = 2.4
PEAK_BASE_BYTES = 24 * 1024 * 1024
SECONDS_PER_PAIR = 4e-8  # maps of 30 x 40 to 200 x 200, untraced (benchmarks/README.md)


def visibility_peak(hexes: int) -> int:
    """The estimated peak memory (bytes) of :func:`visibility_matrix` on a map of ``hexes``."""
    return int(PEAK_BASE_BYTES + PEAK_BYTES_PER_PAIR * hexes * hexes)


def visibility_cost(hexes: int) -> Cost:
    """The estimated peak memory and time of :func:`visibility_matrix` on ``hexes`` hexes."""
    return Cost(visibility_peak(hexes), SECONDS_PER_PAIR * hexes * hexes)


def check_visibility_bound(
    hexmap: HexMap, max_bytes: object, max_seconds: object = MAX_SECONDS
) -> None:
    """ArgumentError if the visibility matrix of ``hexmap`` would pass ``max_bytes`` at its
    peak (a whole number of bytes: NaN, infinity and text are refused too) or take longer
    than ``max_seconds`` (None: no bound on time)."""
    n = len(hexmap.grid)
    refuse_past(
        "hexmap",
        f"a {hexmap.grid.rows} x {hexmap.grid.cols} map of {n:,} hexes",
        "a map whose visibility matrix fits",
        visibility_cost(n),
        max_bytes,
        max_seconds,
    )


def visibility_matrix(
    hexmap: HexMap, *, max_bytes: int = MAX_MATRIX_BYTES, max_seconds: float | None = MAX_SECONDS
) -> VisibilityMatrix:
    """Which hexes of the map see which, by the line-of-sight rules, for every pair.

    The matrix takes a byte per pair of hexes, and its making about 2.4 at the peak
    (:func:`visibility_peak`): a map whose peak would pass ``max_bytes`` (2 GiB, a 170 x 170
    map) is refused with an ArgumentError, with the estimate, rather than exhausting the
    machine; pass a larger ``max_bytes`` to allow it. A map whose matrix would take longer
    than ``max_seconds`` (60 s, about a 195 x 195 map on this machine; None: no bound) is
    refused the same way.

    >>> board = HexMap.blank(6, 6).with_terrain({"0303": "forest"})
    >>> seen = visibility_matrix(board)
    >>> seen.sees("0301", "0305"), seen.sees("0301", "0302")
    (False, True)
    """
    if not isinstance(hexmap, HexMap):
        raise ArgumentError("hexmap", hexmap, "a HexMap")
    check_visibility_bound(hexmap, max_bytes, max_seconds)
    plan = _plan(hexmap.grid)
    placed = hexmap.terrain
    kinds = sorted({*placed.values(), hexmap.default_terrain})
    number = {k: i for i, k in enumerate(kinds)}
    default = number[hexmap.default_terrain]
    kind = np.array([number[placed[h]] if h in placed else default for h in plan.hexes])
    types = [hexmap.terrain_types[k] for k in kinds]
    blocks = np.array([t.blocks_los for t in types])[kind]
    across = [i for i, t in enumerate(types) if t.see_across_same and t.blocks_los]
    # Obstruction, then (hill to hill) obstruction other than each see-across type.
    obstructing = _bit_table(plan, [blocks, *(blocks & (kind != k) for k in across)])
    adjacent_only = np.array([t.fire_adjacent_only for t in types])[kind]
    ends = _bit_table(plan, [adjacent_only, *(kind == k for k in across)])
    walls = _walls(hexmap, plan)
    n, w = len(plan.hexes), plan.words
    matrix = np.zeros((n, n), dtype=bool)
    start_base = plan.shift * plan.height + 1
    for group in plan.groups:
        count = np.arange(plan.rows - group.dr)
        lines = _windows(obstructing, len(count))
        blocked = _gather_or(lines, group.between, group.between_active)
        for k, m in enumerate(group.along_active.tolist()):
            pairs = group.along[:m, k]
            blocked[:m] |= lines[pairs[:, 0]] & lines[pairs[:, 1]]
        general = blocked[..., :w]
        dqs = np.arange(group.dq_low, group.dq_low + group.count)
        end_rows = (dqs + plan.shift) * plan.height + group.dr + 1
        there = ends[end_rows[:, None] + count]  # (offsets, rows, channels x words)
        there = there[group.order]  # longest line first, as the plans
        here = ends[start_base + count][None]
        for j in range(len(across)):
            on_both = here[..., (j + 1) * w : (j + 2) * w] & there[..., (j + 1) * w : (j + 2) * w]
            relaxed = blocked[..., (j + 1) * w : (j + 2) * w]
            general = (general & ~on_both) | (relaxed & on_both)
        if walls is not None:
            general = general | _gather_or(
                _windows(walls, len(count)), group.sides, group.sides_active
            )
        general[group.far] |= here[..., :w] | there[group.far][..., :w]
        seen = np.unpackbits((~general).view(np.uint8), axis=-1, bitorder="little")
        _fill(matrix, plan, group, seen[group.rank].view(bool))
    np.fill_diagonal(matrix, True)
    hexes = plan.hexes
    if plan.grid_order is not None:
        matrix = matrix[np.ix_(plan.grid_order, plan.grid_order)]
        hexes = tuple(hexmap.grid)
    return VisibilityMatrix(hexmap, hexes, matrix)


def _fill(matrix: np.ndarray, plan: _Plan, group: _Group, seen: np.ndarray) -> None:
    """Copy one group's verdicts, ``seen[offset, start row, bit]``, into the matrix and its
    mirror: block by block (a row of hexes against the row ``dr`` below it), all blocks of
    the group in one step when every row has as many hexes."""
    rows = plan.rows - group.dr
    lengths = plan.row_len
    if (lengths == lengths[0]).all():
        size = int(lengths[0])
        r = np.arange(rows)[:, None, None]
        ci, cj = np.arange(size)[None, :, None], np.arange(size)[None, None, :]
        shift = (plan.row_q[group.dr :] - plan.row_q[:rows])[:, None, None]
        which = np.clip(shift - group.dq_low + cj - ci, 0, group.count - 1)
        block = seen[which, r, ci + plan.row_q[:rows, None, None] + 1]
        by_row = matrix.reshape(plan.rows, size, plan.rows, size)
        if group.dr == 0:
            block &= cj > ci
            by_row[r[:, 0, 0], :, r[:, 0, 0], :] = block | block.transpose(0, 2, 1)
        else:
            by_row[r[:, 0, 0], :, r[:, 0, 0] + group.dr, :] = block
            by_row[r[:, 0, 0] + group.dr, :, r[:, 0, 0], :] = block.transpose(0, 2, 1)
        return
    for row in range(rows):
        t = row + group.dr
        mine, theirs = int(lengths[row]), int(lengths[t])
        if not mine or not theirs:
            continue
        ci, cj = np.arange(mine)[:, None], np.arange(theirs)[None, :]
        which = int(plan.row_q[t] - plan.row_q[row]) - group.dq_low + cj - ci
        block = seen[np.clip(which, 0, group.count - 1), row, ci + int(plan.row_q[row]) + 1]
        first, other = int(plan.row_first[row]), int(plan.row_first[t])
        if group.dr == 0:
            block &= cj > ci
            block |= block.T
        matrix[first : first + mine, other : other + theirs] = block
        matrix[other : other + theirs, first : first + mine] = block.T


def _walls(hexmap: HexMap, plan: _Plan) -> np.ndarray | None:
    """Bit tables, one per hexside direction d, of the hexes whose side d blocks fire."""
    sides = [s for s, kind in hexmap.hexsides.items() if hexmap.hexside_types[kind].blocks_fire]
    if not sides:
        return None
    index = {h: i for i, h in enumerate(plan.hexes)}
    walls = [np.zeros(len(plan.hexes), dtype=bool) for _ in range(6)]
    for side in sides:
        for a, b in (side.hexes, side.hexes[::-1]):
            if a in index:
                walls[a.direction_to(b)][index[a]] = True
    return np.concatenate([_bit_table(plan, [wall]) for wall in walls])
