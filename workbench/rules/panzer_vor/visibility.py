"""Line of sight between every pair of hexes of a map at once, for designers' analysis.

The same rules as :func:`workbench.rules.panzer_vor.sight.line_of_sight`, restructured for
speed: a trace depends only on the offset between two hexes, so each offset is traced once
and tested against every start hex together, as shifted views of numpy arrays
(obstructing hexes, fire-blocking hexsides). The matrix is symmetric, so half the offsets
are enough. Tanks are not considered: they never block (Firing: Line of Sight).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

import numpy as np

from workbench.boards.hexmap import HexMap
from workbench.geometry.hexgrid import Hex, HexLike, Hexside, trace


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


class _Box:
    """The map's axial bounding box, padded so any offset's shifted view stays inside."""

    def __init__(self, hexmap: HexMap) -> None:
        self.hexes = tuple(hexmap.grid)
        qs = [h.q for h in self.hexes]
        rs = [h.r for h in self.hexes]
        self.q0, self.r0 = min(qs), min(rs)
        self.width, self.height = max(qs) - self.q0 + 1, max(rs) - self.r0 + 1
        self.pad = max(self.width, self.height) + 2

    def padded(self, fill: bool | int = False, dtype: type = bool) -> np.ndarray:
        p = self.pad
        return np.full((self.height + 2 * p, self.width + 2 * p), fill, dtype=dtype)

    def cell(self, h: Hex) -> tuple[int, int]:
        return h.r - self.r0 + self.pad, h.q - self.q0 + self.pad

    def view(self, array: np.ndarray, offset: Hex) -> np.ndarray:
        """``array`` shifted so that position ``a`` holds the value at ``a + offset``."""
        top, left = self.pad + offset.r, self.pad + offset.q
        return array[top : top + self.height, left : left + self.width]


def _walls(hexmap: HexMap, box: _Box) -> list[np.ndarray]:
    """``walls[d][x]``: the hexside between x and x + DIRECTIONS[d] blocks fire (d = 0..5)."""
    walls = [box.padded() for _ in range(6)]
    for side, kind in hexmap.hexsides.items():
        if not hexmap.hexside_types[kind].blocks_fire:
            continue
        a, b = side.first, side.second
        walls[a.direction_to(b)][box.cell(a)] = True
        walls[b.direction_to(a)][box.cell(b)] = True
    return walls


def _blocked(box: _Box, offset: Hex, obstructs: np.ndarray, walls: list[np.ndarray]) -> np.ndarray:
    """For every start hex a: whether the line from a to a + offset is blocked."""
    line = trace(Hex(0, 0), offset)
    blocked = np.zeros((box.height, box.width), dtype=bool)
    for c in line.crossed[1:-1]:
        blocked |= box.view(obstructs, c)
    for side in line.along:
        blocked |= box.view(obstructs, side.first) & box.view(obstructs, side.second)
    touched = set(line.touched)
    for c1, c2 in zip(line.crossed, line.crossed[1:], strict=False):
        if c1.distance(c2) != 1 or any(
            g.distance(c1) == 1 and g.distance(c2) == 1 for g in touched
        ):
            continue
        blocked |= box.view(walls[c1.direction_to(c2)], c1)
    return blocked


def visibility_matrix(hexmap: HexMap) -> VisibilityMatrix:
    """Which hexes of the map see which, by the line-of-sight rules, for every pair.

    >>> board = HexMap.blank(6, 6).with_terrain({"0303": "forest"})
    >>> seen = visibility_matrix(board)
    >>> seen.sees("0301", "0305"), seen.sees("0301", "0302")
    (False, True)
    """
    box = _Box(hexmap)
    n = len(box.hexes)
    index = box.padded(-1, dtype=np.int64)
    kinds = {name: i for i, name in enumerate(hexmap.terrain_types)}
    kind = box.padded(-1, dtype=np.int64)
    blocks = box.padded()
    adjacent_only = box.padded()
    for i, h in enumerate(box.hexes):
        cell = box.cell(h)
        terrain = hexmap.terrain_at(h)
        index[cell], kind[cell] = i, kinds[terrain.name]
        blocks[cell] = terrain.blocks_los
        adjacent_only[cell] = terrain.fire_adjacent_only
    # Hill to hill: between two hexes of a see-across type, that type does not obstruct.
    see_across = [
        kinds[t.name] for t in hexmap.terrain_types.values() if t.see_across_same and t.blocks_los
    ]
    walls = _walls(hexmap, box)
    here_index = box.view(index, Hex(0, 0))
    here_kind = box.view(kind, Hex(0, 0))
    here_adjacent = box.view(adjacent_only, Hex(0, 0))
    matrix = np.zeros((n, n), dtype=bool)
    np.fill_diagonal(matrix, True)
    for dr in range(0, box.height):
        for dq in range(1 - box.width, box.width):
            if dr == 0 and dq <= 0:
                continue
            offset = Hex(dq, dr)
            there_index = box.view(index, offset)
            valid = (here_index >= 0) & (there_index >= 0)
            if not valid.any():
                continue
            blocked = _blocked(box, offset, blocks, walls)
            there_kind = box.view(kind, offset)
            for k in see_across:
                both = valid & (here_kind == k) & (there_kind == k)
                if both.any():
                    relaxed = _blocked(box, offset, blocks & (kind != k), walls)
                    blocked = np.where(both, relaxed, blocked)
            if offset.length() > 1:
                blocked |= here_adjacent | box.view(adjacent_only, offset)
            seen = valid & ~blocked
            rows, cols = here_index[seen], there_index[seen]
            matrix[rows, cols] = True
            matrix[cols, rows] = True
    return VisibilityMatrix(hexmap, box.hexes, matrix)


__all__ = ["Hexside", "VisibilityMatrix", "visibility_matrix"]
