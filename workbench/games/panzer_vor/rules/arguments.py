"""The checks at the public boundary of the Panzer Vor! rules: hexes on the map, facings,
paths, modifiers and movement points. Each raises :class:`~workbench.errors.ArgumentError`
saying what was expected; the rules never answer for a hex that is not on the map.

>>> from workbench.boards.hexmap import HexMap
>>> try:
...     on_map(HexMap.blank(8, 8), "b", "0909")
... except ArgumentError as error:
...     print(error.expected)
a hex on the 8 x 8 map (rows 01-08, columns 01-08)
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from workbench.arguments import facing, sequence_of, whole_number
from workbench.boards.hexmap import HexMap
from workbench.errors import ArgumentError
from workbench.geometry.hexgrid import GridError, Hex
from workbench.rules.core import Modifier

MAX_MP = 1_000  # far beyond any move on a map of the files' size, and cheap to search


def on_map(hexmap: HexMap, argument: str, value: object) -> Hex:
    """The hex a label or Hex names, if it is on the map."""
    grid = hexmap.grid
    first, digits = grid.first_number, grid.digits
    last_row, last_column = first + grid.rows - 1, first + grid.cols - 1
    expected = (
        f"a hex on the {grid.rows} x {grid.cols} map (rows {first:0{digits}d}-"
        f"{last_row:0{digits}d}, columns {first:0{digits}d}-{last_column:0{digits}d})"
    )
    if not isinstance(value, (Hex, str)):
        raise ArgumentError(argument, value, expected)
    try:
        h = grid.parse(value)
    except GridError:
        raise ArgumentError(argument, value, expected) from None
    if h not in grid:
        raise ArgumentError(argument, value, expected)
    return h


def path(hexmap: HexMap, value: object) -> list[tuple[Hex, int]]:
    """A move's poses: a list of (hex, facing 0..5) pairs. A step off the edge is a move the
    rules refuse with their reason, so a hex need only be a well-formed label or a Hex."""
    expected = 'a list of (hex, facing) pairs, like [("0803", 1), ("0804", 1)]'
    if isinstance(value, (str, bytes, dict)) or not isinstance(value, Iterable):
        raise ArgumentError("path", value, expected)
    poses = []
    for i, pose in enumerate(value):
        if isinstance(pose, (str, bytes)) or not isinstance(pose, (tuple, list)) or len(pose) != 2:
            raise ArgumentError(f"path[{i}]", pose, expected)
        where, turned = pose
        if not isinstance(where, (Hex, str)):
            raise ArgumentError(f"path[{i}]", pose, expected)
        try:
            h = hexmap.grid.parse(where)
        except GridError as error:
            raise ArgumentError(f"path[{i}]", pose, f"{expected} ({error})") from None
        poses.append((h, facing(f"path[{i}] facing", turned)))
    return poses


def modifiers(argument: str, value: object) -> tuple[Modifier, ...]:
    """A list of Modifier values (``card(...)``, ``character(...)``)."""
    return sequence_of(argument, value, Modifier, 'modifiers, like [card("Mobile Fire 2", -2)]')


def movement_points(value: Any) -> int | None:
    """``mp``: None (the tank's own) or a whole number from 0 to MAX_MP."""
    return None if value is None else whole_number("mp", value, low=0, high=MAX_MP)
