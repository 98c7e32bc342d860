"""The batched tracer gives exactly the traces of the one-offset tracer."""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from workbench.errors import ArgumentError
from workbench.geometry.hexgrid import Hex, trace_arrays
from workbench.geometry.hextrace import _in_chunks, _sector_traces, batch_traces


def _offsets(radius):
    return [
        (q, r)
        for q in range(-radius, radius + 1)
        for r in range(-radius, radius + 1)
        if (q, r) != (0, 0) and Hex(q, r).length() <= radius
    ]


def _rows(rows, start, i):
    return rows[start[i] : start[i + 1]].tolist()


def _pair_set(pairs):
    return sorted(tuple(sorted(map(tuple, p))) for p in pairs)


def _assert_same(offsets):
    found = batch_traces(offsets)
    for i, (q, r) in enumerate(offsets):
        exact = trace_arrays(Hex(q, r))
        assert _rows(found.between, found.between_start, i) == exact.crossed[1:-1].tolist()
        assert _pair_set(_rows(found.along, found.along_start, i)) == _pair_set(
            exact.along.tolist()
        ), (q, r)
        assert _rows(found.sides, found.sides_start, i) == exact.sides_crossed.tolist(), (q, r)


def test_every_offset_up_to_twenty_steps():
    _assert_same(_offsets(20))  # 1,260 offsets: all six sectors, every corner case near


@settings(max_examples=30)
@given(st.lists(st.tuples(st.integers(-150, 150), st.integers(-150, 150)), min_size=1, max_size=8))
def test_long_offsets(offsets):
    offsets = [o for o in offsets if o != (0, 0)]
    if offsets:
        _assert_same(offsets)


def test_chunks_join_to_the_same_traces():
    sector = np.array([(q, r) for q in range(1, 30) for r in range(0, 30)])
    whole, parts = _sector_traces(sector), _in_chunks(sector, cells=500)
    for name in ("between", "between_start", "along", "along_start", "sides", "sides_start"):
        assert np.array_equal(getattr(whole, name), getattr(parts, name)), name


def test_the_zero_offset_is_refused():
    with pytest.raises(ArgumentError, match="no line"):
        batch_traces([(1, 0), (0, 0)])
