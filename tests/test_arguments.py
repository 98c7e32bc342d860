"""Public functions refuse bad arguments with the library's own error, saying what was
expected (ArgumentError, or the layer's WorkbenchError), never an IndexError or TypeError
from deep inside, and never an answer for something that is not there."""

from __future__ import annotations

import math

import pytest

from workbench.arguments import facing, sequence_of, whole_number
from workbench.boards.hexmap import HexMap
from workbench.errors import ArgumentError, WorkbenchError
from workbench.geometry.hexgrid import MAX_GRID_HEXES, GridError, HexGrid


@pytest.mark.parametrize("bad", [2.5, math.nan, "3", None, True, -1, 6])
def test_a_facing_is_a_whole_number_from_0_to_5(bad):
    with pytest.raises(ArgumentError, match="from 0 to 5"):
        facing("facing", bad)


def test_checks_pass_good_values_through():
    assert whole_number("mp", 10**6, low=0) == 10**6
    assert facing("facing", 5) == 5
    assert sequence_of("path", [1, 2], int, "numbers") == (1, 2)
    with pytest.raises(ArgumentError, match="a list of numbers"):
        sequence_of("path", "12", int, "numbers")
    with pytest.raises(ArgumentError, match="not str"):
        sequence_of("path", [1, "2"], int, "numbers")


@pytest.mark.parametrize(
    ("rows", "cols"), [("8", 8), (8, 8.0), (0, 8), (True, 8), (8, 10**6), (None, 3)]
)
def test_hexmap_blank_refuses_what_is_not_a_size(rows, cols):
    with pytest.raises(ArgumentError) as caught:
        HexMap.blank(rows, cols)
    assert "whole number" in str(caught.value)


def test_a_grid_checks_its_numbers():
    with pytest.raises(GridError, match="whole number"):
        HexGrid("8", 8)  # type: ignore[arg-type]
    with pytest.raises(GridError, match=f"{MAX_GRID_HEXES:,}"):
        HexGrid(10**5, 10**5, digits=6)
    assert issubclass(GridError, WorkbenchError)
