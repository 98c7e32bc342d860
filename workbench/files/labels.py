"""Hex labels and label ranges in files: ``"0716"`` is one hex, ``"0404-0407"`` every hex in
the rectangle of rows and columns between the two (here row 04, columns 04 to 07)."""

from __future__ import annotations

from collections.abc import Iterable

from workbench.files.errors import Where
from workbench.files.limits import MAX_EXPANDED_HEXES
from workbench.geometry.hexgrid import GridError, Hex, HexGrid


class HexBudget:
    """How many more hexes the ranges of one file may name (MAX_EXPANDED_HEXES in all), so
    a short file of many whole-map ranges cannot take minutes to read."""

    def __init__(self, limit: int = MAX_EXPANDED_HEXES) -> None:
        self.limit = self.left = limit

    def spend(self, count: int, where: Where, field: list[str | int], text: str) -> None:
        self.left -= count
        if self.left < 0:
            raise where.error(
                field, text, f"ranges naming at most {self.limit:,} hexes in all (a limit)"
            )


def read_hexes(
    grid: HexGrid,
    text: str,
    where: Where,
    field: list[str | int],
    budget: HexBudget | None = None,
) -> list[Hex]:
    """The hexes a label or a range names; a BoardFileError names the field if any is off
    (or if the range would spend more than the ``budget`` left)."""
    first, dash, last = text.partition("-")
    try:
        start = grid.hex(first)
        end = grid.hex(last) if dash else start
    except GridError as error:
        raise where.error(field, text, f"a hex label or range on the map ({error})") from None
    (c0, r0), (c1, r1) = grid.to_offset(start), grid.to_offset(end)
    if budget is not None:
        budget.spend((abs(c1 - c0) + 1) * (abs(r1 - r0) + 1), where, field, text)
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
