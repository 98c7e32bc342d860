"""Open-table geometry: hulls, the Measuring Arrow template, polygon checks, sight lines."""

import itertools
import math
import random

import numpy as np
import pytest
from shapely.geometry import LineString, Point, Polygon

from workbench.geometry.table import (
    ArrowShape,
    Hull,
    arrow_polygon,
    arrow_tail,
    direction,
    gaps_to_edges,
    heading_towards,
    hidden_area,
    lines_clear,
    outside,
    overlapping_pairs,
    pairs_within,
    polygon_from_rings,
    polygon_problem,
    rectangle,
    rings_of,
    visible_corners,
)


def box(x, y, w, h):
    return Polygon([(x, y), (x + w, y), (x + w, y + h), (x, y + h)])


def close(a, b, tol=1e-9):
    return all(math.isclose(p, q, abs_tol=tol) for p, q in zip(a, b, strict=True))


# --- directions -------------------------------------------------------------------------


def test_directions_follow_the_convention_clockwise_from_north_with_y_down():
    assert direction(0) == (0.0, -1.0)
    assert direction(90) == (1.0, 0.0)
    assert direction(180) == (0.0, 1.0)
    assert direction(270) == (-1.0, 0.0)
    assert direction(-90) == direction(270)
    assert close(direction(45), (math.sqrt(0.5), -math.sqrt(0.5)))


@pytest.mark.parametrize("heading", [0, 10, 45, 135, 200, 359.5])
def test_heading_towards_inverts_direction(heading):
    dx, dy = direction(heading)
    assert math.isclose(heading_towards((3, 4), (3 + 7 * dx, 4 + 7 * dy)), heading)


# --- hulls ------------------------------------------------------------------------------


def test_hull_corners_facing_north():
    hull = Hull((10, 20), 0, length=6, width=4)
    front_left, front_right, rear_right, rear_left = hull.corners()
    assert front_left == (8.0, 17.0) and front_right == (12.0, 17.0)
    assert rear_right == (12.0, 23.0) and rear_left == (8.0, 23.0)
    assert hull.gun_point == (10.0, 17.0)


@pytest.mark.parametrize("heading", [0, 30, 90, 123.4, 270])
def test_hull_polygon_is_a_valid_rectangle_of_the_right_area_at_any_heading(heading):
    hull = Hull((40, 40), heading, length=7, width=3, turret_offset=1)
    poly = hull.polygon()
    assert poly.is_valid and math.isclose(poly.area, 21)
    assert math.isclose(hull.edge("front").length, 3)
    assert math.isclose(hull.edge("left").length, 7)
    # the turret lies on the centre line, one cm ahead of the centre
    dx, dy = direction(heading)
    assert close(hull.turret, (40 + dx, 40 + dy))
    # the front edge is the one nearest the gun point, the rear the farthest
    gun = hull.gun_point
    assert hull.edge("front").distance(Point(gun)) < 1e-9
    assert math.isclose(hull.edge("rear").distance(Point(gun)), 7)


def test_hull_edges_and_bad_side():
    hull = Hull((0, 0), 90, 4, 2)
    assert hull.edge("front").equals(LineString([(2, -1), (2, 1)]))
    assert hull.edge("rear").equals(LineString([(-2, -1), (-2, 1)]))
    assert hull.edge("left").equals(LineString([(-2, -1), (2, -1)]))  # facing east: left is north
    with pytest.raises(ValueError, match="front, rear, left or right"):
        hull.edge("top")  # type: ignore[arg-type]


def test_hull_needs_a_positive_size():
    with pytest.raises(ValueError, match="positive length and width"):
        Hull((0, 0), 0, 0, 2)


def test_hull_front_and_behind_are_vectorised():
    hull = Hull((0, 0), 90, 4, 2)  # front edge at x = 2
    points = np.array([(5, 0), (2, 9), (0, 0), (-9, 3)])
    assert hull.in_front(points).tolist() == [True, False, False, False]
    assert hull.behind_front(points).tolist() == [False, False, True, True]


def test_front_corridor_and_moved():
    hull = Hull((0, 0), 0, 4, 2)
    assert hull.front_corridor(10).bounds == (-1.0, -12.0, 1.0, -2.0)
    moved = hull.moved((5, 5), 180)
    assert moved.centre == (5.0, 5.0) and moved.heading == 180 and moved.length == 4
    assert hull.moved((1, 1)).heading == 0


# --- the Measuring Arrow -----------------------------------------------------------------


def test_arrow_shape_checks_its_measurements():
    with pytest.raises(ValueError, match="no longer than the whole arrow"):
        ArrowShape(10, 12, 2, 4)
    with pytest.raises(ValueError, match="no wider than its head"):
        ArrowShape(10, 5, 6, 4)
    assert ArrowShape(15, 10, 2, 4).head_length == 5


@pytest.mark.parametrize("heading", [0, 45, 90, 200])
def test_arrow_polygon_area_and_tip(heading):
    shape = ArrowShape(length=15, tail_length=10, tail_width=2, head_width=4)
    arrow = arrow_polygon(shape, (45, 45), heading)
    assert arrow.is_valid
    assert math.isclose(arrow.area, 10 * 2 + 0.5 * 5 * 4)
    dx, dy = direction(heading)
    tip = (45 + 15 * dx, 45 + 15 * dy)
    far = max(arrow.exterior.coords, key=lambda p: math.dist(p, (45, 45)))
    assert close(far, tip, 1e-9)
    assert math.isclose(arrow_tail(shape, (45, 45), heading).length, 10)


def test_arrow_without_a_head_is_its_tail():
    arrow = arrow_polygon(ArrowShape(10, 10, 2, 2), (0, 0), 90)
    assert arrow.bounds == (0.0, -1.0, 10.0, 1.0)


# --- polygons ---------------------------------------------------------------------------


def test_polygon_rings_round_trip_with_a_hole():
    rings = [[[0, 0], [10, 0], [10, 10], [0, 10], [0, 0]], [[4, 4], [6, 4], [6, 6], [4, 6], [4, 4]]]
    poly = polygon_from_rings(rings)
    assert poly.area == 96
    assert rings_of(poly) == rings
    with pytest.raises(ValueError, match="outer ring"):
        polygon_from_rings([])


def test_polygon_problems_name_the_fault():
    bowtie = Polygon([(0, 0), (4, 4), (4, 0), (0, 4)])
    assert polygon_problem(bowtie) == "its outline crosses itself near (2, 2)"
    flat = Polygon([(0, 0), (1, 1), (2, 2)])
    assert polygon_problem(flat) is not None
    assert polygon_problem(box(0, 0, 3, 3)) is None
    assert polygon_problem(Polygon()) == "it has fewer than three corners"


def brute_overlaps(polys):
    return sorted(
        (i, j)
        for i, j in itertools.combinations(range(len(polys)), 2)
        if polys[i].intersection(polys[j]).area > 0
    )


def test_overlapping_pairs_ignore_touching_and_count_containment():
    a, b, c, d = box(0, 0, 2, 2), box(2, 0, 2, 2), box(1, 1, 4, 4), box(1.5, 1.5, 0.2, 0.2)
    corner = box(5, 5, 1, 1)  # meets c at c's corner only
    assert overlapping_pairs([a, b]) == []  # share an edge only
    assert overlapping_pairs([a, d]) == [(0, 1)]  # d lies inside a
    assert overlapping_pairs([a, b, c, d, corner]) == brute_overlaps([a, b, c, d, corner])
    assert overlapping_pairs([]) == [] and overlapping_pairs([a]) == []


def test_vectorised_queries_agree_with_one_by_one_checks():
    rng = random.Random(7)
    polys = [
        box(rng.uniform(0, 80), rng.uniform(0, 80), rng.uniform(2, 12), rng.uniform(2, 12))
        for _ in range(40)
    ]
    assert overlapping_pairs(polys) == brute_overlaps(polys)
    expected = sorted(
        (i, j)
        for i, j in itertools.combinations(range(len(polys)), 2)
        if polys[i].distance(polys[j]) < 6
    )
    assert [(i, j) for i, j, _ in pairs_within(polys, 6)] == expected
    table = rectangle(90, 90)
    assert outside(polys, table).tolist() == [not table.covers(p) for p in polys]
    gaps = gaps_to_edges(polys, 90, 90)
    for poly, gap in zip(polys, gaps, strict=True):
        x0, y0, x1, y1 = poly.bounds
        assert math.isclose(gap, min(x0, y0, 90 - x1, 90 - y1))


def test_pairs_within_is_strict():
    a, b = box(0, 0, 1, 1), box(3, 0, 1, 1)
    assert pairs_within([a, b], 2) == []
    assert pairs_within([a, b], 2.01) == [(0, 1, 2.0)]


def test_lines_clear_blocks_crossings_not_grazes():
    wall = box(4, -1, 2, 2)
    ends = [(10, 0), (10, 5), (10, -4), (4, -1)]
    # through the wall; clear; clear; ends at the wall's corner
    assert lines_clear((0, 0), ends, [wall]).tolist() == [False, True, True, True]
    # crosses the wall's corner point only
    assert lines_clear((2, 1), [(6, -3)], [wall]).tolist() == [True]
    # along an edge: grazing
    assert lines_clear((4, -1), [(6, -1)], [wall]).tolist() == [True]
    assert lines_clear((0, 0), [], [wall]).tolist() == []
    assert lines_clear((0, 0), [(1, 1)], []).tolist() == [True]


def test_lines_clear_agrees_with_one_by_one_checks():
    rng = random.Random(3)
    walls = [box(rng.uniform(10, 70), rng.uniform(10, 70), 5, 8) for _ in range(8)]
    ends = [(rng.uniform(0, 90), rng.uniform(0, 90)) for _ in range(200)]
    start = (45.0, 2.0)
    expected = [
        not any(LineString([start, e]).relate_pattern(w, "T********") for w in walls) for e in ends
    ]
    assert lines_clear(start, ends, walls).tolist() == expected


def test_visible_corners_count_for_cover():
    target = Hull((60, 45), 0, 6, 3)
    assert visible_corners((10, 45), target, []).tolist() == [True] * 4
    wall = box(40, 40, 2, 10)  # hides the whole target from the west
    assert not visible_corners((10, 45), target, [wall]).any()
    low_wall = box(40, 44, 2, 10)  # hides only the corners south of the line of sight
    assert visible_corners((10, 40), target, [low_wall]).sum() == 2


def test_hidden_area_agrees_with_sight_lines():
    rng = random.Random(11)
    walls = [box(rng.uniform(10, 70), rng.uniform(10, 70), 6, 9) for _ in range(6)]
    walls.append(
        Polygon(
            [(20, 60), (40, 60), (40, 80), (20, 80)], [[(25, 65), (35, 65), (35, 75), (25, 75)]]
        )
    )
    start = (5.0, 45.0)
    hidden = hidden_area(start, walls, reach=130)
    ends = [(rng.uniform(0, 90), rng.uniform(0, 90)) for _ in range(400)]
    clear = lines_clear(start, ends, walls)
    assert [not hidden.contains(Point(e)) for e in ends] == clear.tolist()
    assert hidden_area(start, [], 10).is_empty
    assert hidden_area((2, 2), [box(0, 0, 5, 5)], 10).is_empty  # a blocker under the start
