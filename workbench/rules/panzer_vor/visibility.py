"""Line of sight between every pair of hexes of a map at once, for designers' analysis.

The same rules as :func:`workbench.rules.panzer_vor.sight.line_of_sight`, restructured for
speed: a trace depends only on the offset between two hexes, so each offset is traced once
(:func:`workbench.geometry.hexgrid.trace_arrays`) and tested against every start hex
together, by gathering from flat numpy arrays of obstructing hexes and fire-blocking
hexsides. The matrix is symmetric, so half the offsets are enough. Tanks are not
considered: they never block (Firing: Line of Sight).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property, lru_cache

import numpy as np

from workbench.boards.hexmap import HexMap
from workbench.errors import ArgumentError
from workbench.geometry.hexgrid import DIRECTIONS, Hex, HexLike, trace_arrays

_STEPS = np.array([(d.q, d.r) for d in DIRECTIONS], dtype=np.int64)


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


class _Flat:
    """The map's axial bounding box, padded by its own size on every side and laid out flat,
    so that ``position + offset`` stays inside the array for any offset between two hexes."""

    def __init__(self, hexmap: HexMap) -> None:
        self.hexes = tuple(hexmap.grid)
        qs = np.array([h.q for h in self.hexes])
        rs = np.array([h.r for h in self.hexes])
        width, height = int(qs.max() - qs.min() + 1), int(rs.max() - rs.min() + 1)
        self.pad = max(width, height) + 1
        self.row = width + 2 * self.pad
        self.size = self.row * (height + 2 * self.pad)
        self.position = (rs - rs.min() + self.pad) * self.row + (qs - qs.min() + self.pad)
        self.width, self.height = width, height

    def flat(self, q: np.ndarray | int, r: np.ndarray | int) -> np.ndarray:
        return np.asarray(r) * self.row + np.asarray(q)

    def array(self, values: np.ndarray) -> np.ndarray:
        """A flat array holding ``values`` (one per hex) at the hexes' positions."""
        out = np.zeros(self.size, dtype=values.dtype)
        out[self.position] = values
        return out


MAX_MATRIX_BYTES = 256 * 1024 * 1024  # one byte per pair of hexes: 16,384 hexes, 128 x 128


def visibility_matrix(hexmap: HexMap, *, max_bytes: int = MAX_MATRIX_BYTES) -> VisibilityMatrix:
    """Which hexes of the map see which, by the line-of-sight rules, for every pair.

    The matrix takes a byte per pair of hexes (and its working arrays as much again): a map
    whose matrix would pass ``max_bytes`` (256 MiB, a 128 x 128 map) is refused with an
    ArgumentError rather than exhausting the machine; pass a larger ``max_bytes`` to allow it.

    >>> board = HexMap.blank(6, 6).with_terrain({"0303": "forest"})
    >>> seen = visibility_matrix(board)
    >>> seen.sees("0301", "0305"), seen.sees("0301", "0302")
    (False, True)
    """
    if not isinstance(hexmap, HexMap):
        raise ArgumentError("hexmap", hexmap, "a HexMap")
    n = len(hexmap.grid)
    if n * n > max_bytes:
        raise ArgumentError(
            "hexmap",
            f"a {hexmap.grid.rows} x {hexmap.grid.cols} map of {n:,} hexes",
            f"a map whose visibility matrix fits in max_bytes={max_bytes:,} "
            f"(this one needs {n * n:,} bytes; pass a larger max_bytes to allow it)",
        )
    flat = _Flat(hexmap)
    terrains = [hexmap.terrain_at(h) for h in flat.hexes]
    names = sorted({t.name for t in terrains})
    kind = flat.array(np.array([names.index(t.name) + 1 for t in terrains]))
    blocks = flat.array(np.array([t.blocks_los for t in terrains]))
    adjacent_only = flat.array(np.array([t.fire_adjacent_only for t in terrains]))
    index = np.full(flat.size, -1, dtype=np.int64)
    index[flat.position] = np.arange(n)
    walls = _walls(hexmap, flat)
    # Hill to hill: between two hexes of a see-across type, that type does not obstruct.

    def stack(obstructing: np.ndarray) -> np.ndarray:
        """The obstructing hexes, then the fire-blocking hexsides of each direction."""
        return obstructing if walls is None else np.concatenate([obstructing, *walls])

    stacked = stack(blocks)
    see_across = {
        k: stack(blocks & (kind != k))
        for k in (
            names.index(t.name) + 1
            for t in {t.name: t for t in terrains}.values()
            if t.see_across_same and t.blocks_los
        )
    }
    matrix = np.eye(n, dtype=bool)
    for dr in range(flat.height):
        for dq in range(1 - flat.width, flat.width):
            if dr == 0 and dq <= 0:
                continue
            offset = Hex(dq, dr)
            shift = int(flat.flat(dq, dr))
            there = index[flat.position + shift]
            valid = there >= 0
            if not valid.any():
                continue
            starts = flat.position[valid]
            line = _line(offset, flat.row, flat.size)
            blocked = line.blocked(starts, stacked, walls is not None)
            for k, stacked_but_k in see_across.items():
                both = (kind[starts] == k) & (kind[starts + shift] == k)
                if both.any():
                    relaxed = line.blocked(starts[both], stacked_but_k, walls is not None)
                    blocked[both] = relaxed
            if offset.length() > 1:
                blocked |= adjacent_only[starts] | adjacent_only[starts + shift]
            seen = ~blocked
            rows, cols = index[starts[seen]], there[valid][seen]
            matrix[rows, cols] = True
            matrix[cols, rows] = True
    return VisibilityMatrix(hexmap, flat.hexes, matrix)


class _Line:
    """One offset's trace as shifts into a stacked flat array — the obstructing hexes, then
    one copy of the board per hexside direction marking fire-blocking hexsides: ``single``
    (any of them blocks: hexes crossed between the ends, hexsides crossed), and ``pairs``
    (both of them block: the two hexes of a hexside the line runs along)."""

    def __init__(self, offset: Hex, row: int, size: int) -> None:
        arrays = trace_arrays(offset)
        inner = arrays.crossed[1:-1]
        sides = arrays.sides_crossed
        between = inner[:, 1] * row + inner[:, 0]
        walls = sides[:, 1] * row + sides[:, 0] + (sides[:, 2] + 1) * size
        self.single = np.concatenate([between, walls])
        self.hexes_only = between
        self.pairs = arrays.along[:, :, 1] * row + arrays.along[:, :, 0]  # (p, 2)

    def blocked(self, starts: np.ndarray, stacked: np.ndarray, walls: bool) -> np.ndarray:
        """For every start position: whether the line from it is blocked."""
        shifts = self.single if walls else self.hexes_only
        if len(shifts):
            out = stacked[starts[None, :] + shifts[:, None]].any(axis=0)
        else:
            out = np.zeros(len(starts), dtype=bool)
        if len(self.pairs):
            first = stacked[starts[None, :] + self.pairs[:, 0, None]]
            second = stacked[starts[None, :] + self.pairs[:, 1, None]]
            out |= (first & second).any(axis=0)
        return out


@lru_cache(maxsize=65536)
def _line(offset: Hex, row: int, size: int) -> _Line:
    return _Line(offset, row, size)


def _walls(hexmap: HexMap, flat: _Flat) -> list[np.ndarray] | None:
    """``walls[d][x]``: the hexside between x and its neighbour in direction d blocks fire."""
    sides = [s for s, kind in hexmap.hexsides.items() if hexmap.hexside_types[kind].blocks_fire]
    if not sides:
        return None
    walls = [np.zeros(flat.size, dtype=bool) for _ in range(6)]
    index = {h: i for i, h in enumerate(flat.hexes)}
    for side in sides:
        for a, b in (side.hexes, side.hexes[::-1]):
            if a in index:
                walls[a.direction_to(b)][flat.position[index[a]]] = True
    return walls
