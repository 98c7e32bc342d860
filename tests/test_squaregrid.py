"""Square geometry: facings, steps, the ruler and the exact trace."""

import math

import pytest
import shapely
from hypothesis import given, settings
from hypothesis import strategies as st

from workbench.geometry.squaregrid import (
    EAST,
    FACING_NAMES,
    NORTH,
    NORTHEAST,
    SOUTHWEST,
    Edge,
    Square,
    facing_angle,
    rotate_facing,
    square_trace,
)


def test_forward_and_backward_steps_along_every_facing():
    start = Square(5, 5)
    for facing in range(8):
        ahead = start.forward(facing)
        assert ahead.backward(facing) == start
        assert start.chebyshev(ahead) == 1
        dx, dy = ahead.x - start.x, ahead.y - start.y
        angle = math.degrees(math.atan2(dx, -dy)) % 360
        assert angle == pytest.approx(facing_angle(facing))
    assert start.forward(NORTH) == Square(5, 4)
    assert start.forward(NORTHEAST, 2) == Square(7, 3)


def test_rotation_in_45_degree_steps():
    assert rotate_facing(NORTH, 2) == EAST
    assert rotate_facing(NORTHEAST, 4) == SOUTHWEST
    assert rotate_facing(NORTH, -9) == 7
    assert FACING_NAMES[rotate_facing(EAST, 3)] == "SW"


def test_ruler_is_euclidean_between_centres():
    assert Square(0, 0).ruler(Square(1, 1)) == pytest.approx(math.sqrt(2))
    assert Square(1, 2).ruler_squared(Square(4, 6)) == 25


def test_orthogonal_trace_crosses_a_line_of_squares():
    t = square_trace(Square(0, 0), Square(0, 3))
    assert t.crossed == tuple(Square(0, y) for y in range(4))
    assert t.along == () and t.touched == ()


def test_edges_are_canonical():
    assert Edge.between(Square(1, 0), Square(0, 0)) == Edge.between(Square(0, 0), Square(1, 0))
    with pytest.raises(ValueError, match="not orthogonally adjacent"):
        Edge.between(Square(0, 0), Square(1, 1))


def _reference(a, b):
    segment = shapely.LineString([(2 * a.x, 2 * a.y), (2 * b.x, 2 * b.y)])
    result = {"crossed": set(), "along": set(), "touched": set()}
    for x in range(min(a.x, b.x) - 1, max(a.x, b.x) + 2):
        for y in range(min(a.y, b.y) - 1, max(a.y, b.y) + 2):
            cell = shapely.box(2 * x - 1, 2 * y - 1, 2 * x + 1, 2 * y + 1)
            pattern = segment.relate(cell)
            if pattern[0] == "1":
                result["crossed"].add(Square(x, y))
            elif "1" in (pattern[1], pattern[4]):
                result["along"].add(Square(x, y))
            elif segment.intersects(cell):
                result["touched"].add(Square(x, y))
    return result


squares = st.builds(Square, st.integers(-8, 8), st.integers(-8, 8))


@settings(max_examples=300)
@given(squares, squares)
def test_trace_matches_shapely_and_is_symmetric(a, b):
    t = square_trace(a, b)
    reference = _reference(a, b)
    assert set(t.crossed) == reference["crossed"]
    assert {s for e in t.along for s in e.squares} == reference["along"]
    assert set(t.touched) == reference["touched"]
    back = square_trace(b, a)
    assert back.crossed == tuple(reversed(t.crossed))
    assert set(back.touched) == set(t.touched)
