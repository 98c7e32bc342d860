"""Hex labels and label ranges in files: ``"0716"`` is one hex, ``"0404-0407"`` every hex in
the rectangle of rows and columns between the two (here row 04, columns 04 to 07)."""

from __future__ import annotations

from collections.abc import Iterable

from workbench.files.errors import Where
from workbench.geometry.hexgrid import GridError, Hex, HexGrid


def read_hexes(grid: HexGrid, text: str, where: Where, field: list[str | int]) -> list[Hex]:
    """The hexes a label or a range names; a BoardFileError names the field if any is off."""
    try:
        return grid.hexes_in(text)
    except GridError as error:
        raise where.error(field, text, f"a hex label or range on the map ({error})") from None


def read_hex(grid: HexGrid, text: str, where: Where, field: list[str | int]) -> Hex:
    try:
        return grid.hex(text)
    except GridError as error:
        raise where.error(field, text, f"a hex label on the map ({error})") from None


def write_labels(grid: HexGrid, hexes: Iterable[Hex]) -> list[str]:
    """Labels and ranges in reading order, as compact as a designer writes them."""
    return grid.ranges(hexes)
