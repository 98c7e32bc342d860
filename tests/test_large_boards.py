"""Large boards: the work that grows with the square of the map refuses, with the library's
own error, a map past its documented memory limit instead of exhausting the machine."""

from __future__ import annotations

import pytest

from workbench.boards.hexmap import HexMap
from workbench.errors import ArgumentError, WorkbenchError
from workbench.games.panzer_vor.rules.visibility import (
    MAX_MATRIX_BYTES,
    visibility_matrix,
    visibility_peak,
)


def test_visibility_matrix_refuses_a_map_past_its_memory_limit():
    side = int(MAX_MATRIX_BYTES**0.25) + 1  # 216: 46,656 hexes, over 2 GiB at the peak
    with pytest.raises(ArgumentError) as caught:
        visibility_matrix(HexMap.blank(side, side, digits=3))
    assert isinstance(caught.value, WorkbenchError)
    assert "max_bytes" in str(caught.value) and f"{side} x {side}" in str(caught.value)


def test_the_limit_is_an_argument():
    small = HexMap.blank(4, 4)
    peak = visibility_peak(16)  # the estimate of its peak memory (tests/test_bounded_work.py)
    with pytest.raises(ArgumentError, match=f"{peak:,} bytes at its peak"):
        visibility_matrix(small, max_bytes=peak - 1)
    assert visibility_matrix(small, max_bytes=peak).sees("0101", "0404")
    with pytest.raises(ArgumentError, match="a HexMap"):
        visibility_matrix("0101")  # type: ignore[arg-type]
