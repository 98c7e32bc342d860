"""Hex geometry: the Panzer Vor! label convention, hex arithmetic, pixels and the exact trace."""

import math

import pytest
import shapely
from hypothesis import given, settings
from hypothesis import strategies as st

from workbench.geometry.hexgrid import (
    DIRECTIONS,
    EAST,
    NORTHEAST,
    GridError,
    Hex,
    HexGrid,
    Hexside,
    direction_angle,
    trace,
    trace_arrays,
)

PANZER_VOR = HexGrid(rows=20, cols=20)

# Pairs the Panzer Vor! rulebook states (see shared/data/FACTS.md).
ADJACENT = [
    ("0716", "0817"),
    ("0505", "0605"),
    ("0903", "0804"),
    ("0305", "0406"),
    ("0406", "0505"),
    ("0505", "0506"),
    ("0506", "0507"),
]
TWO_APART = [("0505", "0704"), ("0903", "0704"), ("0506", "0508")]


@pytest.mark.parametrize(("a", "b"), ADJACENT)
def test_rulebook_pairs_are_adjacent(a, b):
    assert PANZER_VOR.distance(a, b) == 1
    assert PANZER_VOR.hex(b) in PANZER_VOR.neighbors(a)
    assert PANZER_VOR.hexside(a, b) == PANZER_VOR.hexside(b, a)


@pytest.mark.parametrize(("a", "b"), TWO_APART)
def test_rulebook_pairs_two_apart(a, b):
    assert PANZER_VOR.distance(a, b) == 2
    with pytest.raises(GridError, match="not adjacent"):
        PANZER_VOR.hexside(a, b)


def test_east_of_row_16_means_the_second_pair_grows():
    grid = HexGrid(rows=20, cols=20)
    assert grid.hex("0716").neighbor(EAST) == grid.hex("0717")
    west, east = grid.center("0716"), grid.center("0717")
    assert east[0] > west[0] and east[1] == west[1]


def test_odd_rows_are_shifted_right():
    grid = HexGrid(rows=3, cols=3)
    assert grid.center("0101")[0] > grid.center("0201")[0]
    assert grid.center("0301")[0] == grid.center("0101")[0]


def test_hexside_label_names_both_hexes():
    side = PANZER_VOR.hexside("0817", "0716")
    assert PANZER_VOR.hexside_label(side) == "0716|0817"


@pytest.mark.parametrize(
    ("label", "message"),
    [("07", "should be 4 digits"), ("07a6", "should be 4 digits"), ("2101", "off the map")],
)
def test_bad_labels_are_refused_with_the_reason(label, message):
    with pytest.raises(GridError, match=message):
        PANZER_VOR.hex(label)


def test_labels_round_trip_on_every_hex_of_a_20_by_30_grid():
    for grid in _layouts(20, 30):
        labels = [grid.label(h) for h in grid]
        assert len(set(labels)) == 600
        assert all(grid.hex(label) == h for label, h in zip(labels, grid, strict=True))
        assert all(grid.contains(label) for label in labels)


def _layouts(rows, cols):
    return [
        HexGrid(rows, cols, orientation=o, shifted=p, label_order=order)
        for o in ("pointy", "flat")
        for p in ("odd", "even")
        for order in ("row-col", "col-row")
    ]


def test_directions_run_clockwise_with_the_hexsides():
    grid = HexGrid(5, 5)
    center = grid.hex("0303")
    cx, cy = grid.center(center)
    for direction, step in enumerate(DIRECTIONS):
        nx, ny = grid.center(center + step)
        angle = math.degrees(math.atan2(nx - cx, cy - ny)) % 360
        assert angle == pytest.approx(direction_angle(direction, "pointy"))
    assert center.neighbor(NORTHEAST) == center + Hex(1, -1)


def test_hex_arithmetic():
    assert Hex(2, -1) - Hex(1, 1) == Hex(1, -2)
    assert 3 * Hex(1, -1) == Hex(3, -3)
    assert Hex(1, 0).rotate(6) == Hex(1, 0)
    assert Hex(1, 0).rotate(-1) == Hex(1, -1)
    assert Hex(2, 0).rotate(3, center=Hex(1, 0)) == Hex(0, 0)
    assert len(Hex(0, 0).ring(3)) == 18
    assert len(set(Hex(0, 0).disk(3))) == 37
    assert all(Hex(1, 1).distance(h) == 2 for h in Hex(1, 1).ring(2))
    assert Hex(0, 0).direction_to(Hex(0, 1)) == 2


def test_corners_lie_on_the_hex_and_hexsides_are_shared():
    grid = HexGrid(4, 4)
    a, b = grid.hex("0202"), grid.hex("0203")
    corners_a = {(round(x, 9), round(y, 9)) for x, y in grid.corners(a, size=10)}
    corners_b = {(round(x, 9), round(y, 9)) for x, y in grid.corners(b, size=10)}
    assert len(corners_a & corners_b) == 2
    cx, cy = grid.center(a, size=10)
    assert all(math.hypot(x - cx, y - cy) == pytest.approx(10) for x, y in corners_a)


@pytest.mark.parametrize("grid", _layouts(7, 9), ids=repr)
def test_board_fits_its_pixel_size(grid):
    width, height = grid.pixel_size(size=10)
    points = [p for h in grid for p in grid.corners(h, size=10)]
    assert min(x for x, _ in points) == pytest.approx(0, abs=1e-9)
    assert min(y for _, y in points) == pytest.approx(0, abs=1e-9)
    assert max(x for x, _ in points) == pytest.approx(width)
    assert max(y for _, y in points) == pytest.approx(height)


hexes = st.builds(Hex, st.integers(-30, 30), st.integers(-30, 30))


@given(hexes, hexes, hexes)
def test_distance_is_a_metric(a, b, c):
    assert a.distance(b) == b.distance(a)
    assert a.distance(c) <= a.distance(b) + b.distance(c)
    assert (a.distance(b) == 0) == (a == b)


@settings(max_examples=300)
@given(
    st.sampled_from(_layouts(20, 30)),
    st.integers(0, 29),
    st.integers(0, 29),
    st.floats(0, 0.84),
    st.floats(0, 360),
    st.floats(1, 50),
)
def test_pixel_to_hex_round_trip(grid, col, row, radius, angle, size):
    h = grid.from_offset(col % grid.cols, row % grid.rows)
    cx, cy = grid.center(h, size)
    x = cx + radius * size * math.sin(math.radians(angle))  # inside the inscribed circle
    y = cy - radius * size * math.cos(math.radians(angle))
    assert grid.hex_at(x, y, size) == h


# --- the exact trace ---------------------------------------------------------------------


def test_trace_through_a_straight_row():
    t = trace(Hex(0, 0), Hex(3, 0))
    assert t.crossed == (Hex(0, 0), Hex(1, 0), Hex(2, 0), Hex(3, 0))
    assert t.along == () and t.touched == ()


def test_trace_along_a_hexside_on_the_diagonal():
    grid = HexGrid(10, 10)
    t = grid.trace("0303", "0503")  # straight down: between the two hexes of row 04
    assert [grid.label(h) for h in t.crossed] == ["0303", "0503"]
    assert [grid.hexside_label(s) for s in t.along] == ["0403|0404"]
    assert t.touched == ()


def test_long_diagonal_alternates_hexsides_and_hexes():
    t = trace(Hex(0, 0), Hex(2, 2))
    assert t.crossed == (Hex(0, 0), Hex(1, 1), Hex(2, 2))
    assert t.along == (
        Hexside.between(Hex(0, 1), Hex(1, 0)),
        Hexside.between(Hex(1, 2), Hex(2, 1)),
    )


def _reference_meetings(a, b):
    """Shapely's DE-9IM over integer coordinates: 3 x (q, r) puts every centre and corner
    on whole numbers, an affine image that keeps which cells a segment crosses or touches."""
    segment = shapely.LineString([(3 * a.q, 3 * a.r), (3 * b.q, 3 * b.r)])
    corners = [(2, -1), (1, 1), (-1, 2), (-2, 1), (-1, -1), (1, -2)]
    result = {"crossed": set(), "along": set(), "touched": set()}
    lo_q, hi_q = sorted((a.q, b.q))
    lo_r, hi_r = sorted((a.r, b.r))
    for q in range(lo_q - 2, hi_q + 3):
        for r in range(lo_r - 2, hi_r + 3):
            cell = shapely.Polygon([(3 * q + x, 3 * r + y) for x, y in corners])
            pattern = segment.relate(cell)  # interior/boundary of segment vs cell
            if pattern[0] == "1":
                result["crossed"].add(Hex(q, r))
            elif "1" in (pattern[1], pattern[4]):
                result["along"].add(Hex(q, r))
            elif segment.intersects(cell):
                result["touched"].add(Hex(q, r))
    return result


small = st.builds(Hex, st.integers(-9, 9), st.integers(-9, 9))


@settings(max_examples=400)
@given(small, small)
def test_trace_matches_shapely(a, b):
    t = trace(a, b)
    reference = _reference_meetings(a, b)
    assert set(t.crossed) == reference["crossed"]
    assert {h for side in t.along for h in side.hexes} == reference["along"]
    assert set(t.touched) == reference["touched"]


@settings(max_examples=400)
@given(small, small)
def test_trace_is_symmetric_and_partitions_what_it_meets(a, b):
    forward, backward = trace(a, b), trace(b, a)
    assert forward.crossed == tuple(reversed(backward.crossed))
    assert forward.along == tuple(reversed(backward.along))
    assert set(forward.touched) == set(backward.touched)
    along_hexes = [h for side in forward.along for h in side.hexes]
    everything = [*forward.crossed, *forward.touched, *along_hexes]
    assert len(everything) == len(set(everything)) == len(forward.met())
    assert forward.crossed[0] == a and forward.crossed[-1] == b


def test_trace_touching_corners():
    # A line through a corner that does not run along a hexside passes two hexes' interiors
    # there and only touches the third: from the origin to Hex(5, -1), through (5, -1, -4) / 3.
    t = trace(Hex(0, 0), Hex(5, -1))
    assert t.touched == (Hex(2, -1), Hex(3, 0))  # the corners at one and two thirds
    assert not any(trace(Hex(0, 0), target).touched for target in Hex(0, 0).ring(3))
    for t in (trace(Hex(0, 0), target) for target in Hex(0, 0).ring(5)):
        assert all(h not in t.crossed for h in t.touched)


def _reference_sides_crossed(a, b):
    """Shapely on integer coordinates (3 x (q, r)): the hexsides whose interior the segment
    meets at a point (not along them, not only at an end)."""
    segment = shapely.LineString([(3 * a.q, 3 * a.r), (3 * b.q, 3 * b.r)])
    found = set()
    lo_q, hi_q = sorted((a.q, b.q))
    lo_r, hi_r = sorted((a.r, b.r))
    for q in range(lo_q - 2, hi_q + 3):
        for r in range(lo_r - 2, hi_r + 3):
            h = Hex(q, r)
            for d, unit in enumerate(DIRECTIONS):
                before, after = DIRECTIONS[(d - 1) % 6], DIRECTIONS[(d + 1) % 6]
                ends = [(3 * q + unit.q + x.q, 3 * r + unit.r + x.r) for x in (before, after)]
                if segment.relate(shapely.LineString(ends))[0] == "0":
                    found.add(Hexside.between(h, h + unit))
    return found


@settings(max_examples=200)  # each example is judged side by side with shapely (35 ms)
@given(small, small)
def test_the_hexsides_a_line_crosses_are_those_whose_interior_it_meets(a, b):
    arrays = trace_arrays(b - a)
    crossed = {
        Hexside.between(a + Hex(q, r), a + Hex(q, r) + DIRECTIONS[d])
        for q, r, d in arrays.sides_crossed.tolist()
    }
    assert crossed == _reference_sides_crossed(a, b)


def test_a_line_through_the_middle_of_a_hexside_near_a_touched_corner_crosses_it():
    # issue: from 0302 to 0407 the line crosses the middle of 0304|0405 while it touches a
    # hex next to both at another corner
    grid = HexGrid(8, 8)
    a, b = grid.hex("0302"), grid.hex("0407")
    side = Hexside.between(grid.hex("0304"), grid.hex("0405"))
    arrays = trace_arrays(b - a)
    crossed = {
        Hexside.between(a + Hex(q, r), a + Hex(q, r) + DIRECTIONS[d])
        for q, r, d in arrays.sides_crossed.tolist()
    }
    assert side in crossed
