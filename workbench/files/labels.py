"""Hex labels and label ranges in files: ``"0716"`` is one hex, ``"0404-0407"`` every hex in
the rectangle of rows and columns between the two (here row 04, columns 04 to 07)."""

from __future__ import annotations

from collections.abc import Iterable

from workbench.files.errors import Where
from workbench.geometry.hexgrid import GridError, Hex, HexGrid


def read_hexes(grid: HexGrid, text: str, where: Where, field: list[str | int]) -> list[Hex]:
    """The hexes a label or a range names; a BoardFileError names the field if any is off."""
    first, dash, last = text.partition("-")
    try:
        start = grid.hex(first)
        end = grid.hex(last) if dash else start
    except GridError as error:
        raise where.error(field, text, f"a hex label or range on the map ({error})") from None
    (c0, r0), (c1, r1) = grid.to_offset(start), grid.to_offset(end)
    return [
        grid.from_offset(c, r)
        for r in range(min(r0, r1), max(r0, r1) + 1)
        for c in range(min(c0, c1), max(c0, c1) + 1)
    ]


def read_hex(grid: HexGrid, text: str, where: Where, field: list[str | int]) -> Hex:
    try:
        return grid.hex(text)
    except GridError as error:
        raise where.error(field, text, f"a hex label on the map ({error})") from None


def write_labels(grid: HexGrid, hexes: Iterable[Hex]) -> list[str]:
    """Labels in reading order (row by row), for stable files."""
    return [grid.label(h) for h in sorted(hexes, key=lambda h: grid.to_offset(h)[::-1])]
