"""TANKS sight on the open table: the visible part of a hull and who hides it, cover by
corners, close range, side shot and the assault-gun arc, hand-built cases and properties."""

import math
from dataclasses import replace

import numpy as np
from hypothesis import given
from hypothesis import strategies as st
from shapely.geometry import Point, Polygon

from tests.tanks_pieces import battle, box, table, tank
from workbench.games.tanks.rules.sight import (
    close_range,
    cover,
    heatmaps,
    heatmaps_reference,
    in_arc,
    line_of_sight,
    sees,
    side_shot,
)
from workbench.geometry.table import Hull
from workbench.geometry.table_sight import edge_shadow, segments_clear, shadow, visible_part

SHOOTER = replace(
    tank("Panther", "Panther", "German", (10, 45), 90), hull=Hull((10, 45), 90, 6.9, 3.4)
)


def target_at(x, y=45.0, heading=90.0):
    return tank("Sherman", "Sherman (75mm)", "American", (x, y), heading)


# --- line of sight -----------------------------------------------------------------------


def test_hidden_behind_a_building():
    # Terrain: Buildings: "Buildings block Line of Sight to tanks hidden behind them and give
    # Cover to tanks partially behind them."
    barn = box("Barn", "building", 30, 38, 10, 14)
    sherman = target_at(60)
    sight = line_of_sight(table(barn), [SHOOTER, sherman], SHOOTER, sherman)
    assert not sight.seen
    assert sight.part.blockers == ("Barn",)
    assert sight.part.seen.area < 1e-9
    assert "hidden by Barn" in sight.reasons[0].text
    assert sight.reasons[0].section == "Shooting: Line of Sight"
    assert not sees(table(barn), [SHOOTER, sherman], SHOOTER, sherman)


def test_half_hidden_behind_a_building_edge_on_the_sight_line():
    # the barn's lower edge lies on the line y = 45 through the turret: it hides the half
    # of the target above that line, exactly
    barn = box("Barn", "building", 30, 30, 10, 15)
    sherman = target_at(60)
    sight = line_of_sight(table(barn), [SHOOTER, sherman], SHOOTER, sherman)
    assert sight.seen
    assert math.isclose(sight.part.fraction, 0.5, abs_tol=1e-9)
    assert sight.part.blockers == ("Barn",)
    hidden = dict(sight.part.hidden_by)["Barn"]
    assert math.isclose(hidden.area, sherman.polygon.area / 2, rel_tol=1e-9)


def test_seen_past_a_corner():
    # the barn hides everything but a sliver of the target's south-east
    barn = box("Barn", "building", 30, 35, 10, 10.5)
    sherman = target_at(60)
    sight = line_of_sight(table(barn), [SHOOTER, sherman], SHOOTER, sherman)
    assert sight.seen and 0 < sight.part.fraction < 0.5


def test_another_tank_hides_the_target_and_is_named():
    blocker = tank("Panzer IV", "Panzer IV", "German", (35, 43), 90)
    sherman = target_at(60)
    sight = line_of_sight(table(), [SHOOTER, blocker, sherman], SHOOTER, sherman)
    assert sight.part.blockers == ("Panzer IV",)
    assert 0 < sight.part.fraction < 1


def test_a_wood_around_the_target_does_not_hide_it():
    wood = box("Wood", "woods", 50, 35, 20, 20)
    sherman = target_at(60)
    assert line_of_sight(table(wood), [SHOOTER, sherman], SHOOTER, sherman).part.fraction == 1


def test_a_wood_between_hides_the_target():
    wood = box("Wood", "woods", 30, 30, 10, 30)
    sherman = target_at(60)
    assert not line_of_sight(table(wood), [SHOOTER, sherman], SHOOTER, sherman).seen


def test_assault_gun_sees_from_its_barrel_point():
    # Shooting: Line of Sight: "Line of Sight for tanks with the Assault Gun keyword is measured
    # from the point the gun barrel crosses the front of the hull." Keyword Reference: Assault
    # Gun: "Line of Sight for this tank is measured from the point the gun barrel crosses the
    # front of the hull."
    stug = tank("StuG", "StuG G", "German", (10, 45), 90)
    assert stug.eye == stug.hull.gun_point != stug.hull.turret


# --- cover -------------------------------------------------------------------------------


def test_cover_with_exactly_two_corners_seen():
    # Shooting: Cover: "Add one Defence die if the target tank is in Cover. A target is in Cover
    # if you cannot draw a line from the tank's turret (or the point the gun crosses the hull of
    # an Assault Gun) to at least three corners of the target tank without passing through any
    # other tank or any terrain that Blocks Line of Sight or gives Cover."
    wall = box("Wall", "building", 30, 0, 1, 44.6)
    sherman = target_at(60)
    check = cover(table(wall), [SHOOTER, sherman], SHOOTER, sherman)
    assert check.corners_seen == 2 and check.in_cover
    assert {line.corner for line in check.corners if not line.seen} == {"front-left", "rear-left"}
    assert all(line.blockers == ("Wall",) for line in check.corners if not line.seen)
    assert check.reason.section == "Shooting: Cover"


def test_no_cover_with_exactly_three_corners_seen():
    wall = box("Wall", "building", 30, 0, 1, 44.47)
    sherman = target_at(60)
    check = cover(table(wall), [SHOOTER, sherman], SHOOTER, sherman)
    assert check.corners_seen == 3 and not check.in_cover
    assert [line.corner for line in check.corners if not line.seen] == ["rear-left"]


def test_terrain_directly_under_the_shooter_is_ignored_but_not_the_whole_piece():
    # Shooting: Cover: "Ignore terrain directly underneath the shooting tank (not the whole
    # terrain piece) when determining if the target is in Cover."
    # a wood the shooter stands at the edge of: the part under it is ignored; its far
    # part still gives cover
    wood = box("Wood", "woods", 5, 30, 40, 14.9)
    sherman = target_at(60)
    check = cover(table(wood), [SHOOTER, sherman], SHOOTER, sherman)
    assert all(not line.seen for line in check.corners if line.at[1] < 45)
    narrow = box("Wood", "woods", 7, 30, 6, 14.9)  # crossed only under the shooter
    assert not cover(table(narrow), [SHOOTER, sherman], SHOOTER, sherman).in_cover


def test_wholly_within_a_wood_is_cover_both_ways():
    wood = box("Wood", "woods", 50, 35, 20, 20)
    sherman = target_at(60)
    check = cover(table(wood), [SHOOTER, sherman], SHOOTER, sherman)
    assert check.in_cover and "completely within Wood" in check.reason.text
    shooter_wood = box("Wood", "woods", 2, 38, 16, 14)
    check = cover(table(shooter_wood), [SHOOTER, sherman], SHOOTER, sherman)
    assert check.in_cover and "shoots from completely within" in check.reason.text


def test_another_tank_gives_cover():
    other = tank("Panzer IV", "Panzer IV", "German", (35, 43), 90)
    sherman = target_at(60)
    check = cover(table(), [SHOOTER, other, sherman], SHOOTER, sherman)
    assert check.in_cover
    assert any("Panzer IV" in line.blockers for line in check.corners)


# --- close range, side shot, arc ------------------------------------------------------


def test_close_range_includes_the_whole_arrow():
    # Components: Measuring Arrow: "The whole template is used for other measurements."
    # Shooting: Close Range: "Subtract one Defence die if the shooting tank is within one
    # Measuring Arrow (including the head) of the target tank."
    gap = 15.0  # the stand-in arrow's whole length
    front_x = SHOOTER.hull.polygon().bounds[2]
    near = target_at(front_x + gap + 5.9 / 2)
    far = target_at(front_x + gap + 0.01 + 5.9 / 2)
    assert close_range(table(), SHOOTER, near)[0]
    assert not close_range(table(), SHOOTER, far)[0]
    assert close_range(table(), SHOOTER, far)[1].section == "Shooting: Close Range"


def test_side_shot_just_behind_and_just_in_front_of_the_front_line():
    target = tank("Sherman", "Sherman (75mm)", "American", (50, 50), 0)  # faces north
    front_y = 50 - 5.9 / 2
    half = 6.9 / 2
    in_front = tank("Panther", "Panther", "German", (30, front_y - half - 0.01), 0)
    behind = tank("Panther", "Panther", "German", (30, front_y - half + 0.01), 0)
    on_line = tank("Panther", "Panther", "German", (30, front_y - half), 0)
    assert not side_shot(in_front, target)[0]
    assert side_shot(behind, target)[0]
    assert not side_shot(on_line, target)[0]


def test_assault_gun_arc():
    # Shooting: Firing Arc: "Most tanks can shoot in any direction. As an exception, an Assault
    # Gun can only shoot at a tank if either:" "its entire hull (excluding protruding gun
    # barrels) is in front of the Assault Gun, or" "any part of its hull (again excluding
    # protruding gun barrels) is directly in front of the Assault Gun."
    stug = tank("StuG", "StuG G", "German", (10, 45), 90)
    ahead = target_at(60)
    assert in_arc(stug, ahead)[0]
    beside = target_at(10, 70)
    assert not in_arc(stug, beside)[0]
    # partly directly in front: overlapping the strip ahead, though not wholly in front
    oblique = tank("Sherman", "Sherman (75mm)", "American", (12, 48.5), 0)
    assert not stug.hull.in_front(oblique.hull.corners()).all()
    assert in_arc(stug, oblique)[0]
    assert in_arc(SHOOTER, beside)[0]  # a turreted tank shoots all round


# --- properties ----------------------------------------------------------------------------

coord = st.floats(5, 85, allow_nan=False)
heading = st.floats(0, 359, allow_nan=False)


def _box_at(x, y, w, h):
    return Polygon([(x, y), (x + w, y), (x + w, y + h), (x, y + h)])


blocker = st.builds(_box_at, coord, coord, st.floats(1, 15), st.floats(1, 15))


@given(coord, coord, coord, coord, heading, st.lists(blocker, max_size=4))
def test_visible_part_is_never_larger_than_the_hull(ex, ey, tx, ty, h, walls):
    hull = Hull((tx, ty), h, 6.0, 3.0).polygon()
    part = visible_part((ex, ey), hull, [(f"w{i}", w) for i, w in enumerate(walls)], 200)
    assert part.seen.area <= hull.area + 1e-9
    assert part.seen.difference(hull).area < 1e-9


@given(coord, coord, coord, coord, heading, st.lists(blocker, min_size=1, max_size=4))
def test_taking_a_blocker_away_never_reduces_what_is_seen(ex, ey, tx, ty, h, walls):
    hull = Hull((tx, ty), h, 6.0, 3.0).polygon()
    named = [(f"w{i}", w) for i, w in enumerate(walls)]
    more = visible_part((ex, ey), hull, named, 200).seen
    fewer = visible_part((ex, ey), hull, named[1:], 200).seen
    assert more.difference(fewer).area < 1e-6


@given(coord, coord, coord, coord, st.lists(blocker, max_size=4))
def test_line_of_sight_is_symmetric_between_points(ax, ay, bx, by, walls):
    forward = segments_clear(np.array([[ax, ay]]), np.array([[bx, by]]), walls)
    backward = segments_clear(np.array([[bx, by]]), np.array([[ax, ay]]), walls)
    assert forward.tolist() == backward.tolist()


@given(
    coord,
    coord,
    coord,
    coord,
    heading,
    st.lists(blocker, max_size=3),
    st.floats(0, 1),
    st.floats(0, 1),
)
def test_visible_part_agrees_with_single_lines(ex, ey, tx, ty, h, walls, u, v):
    eye = (ex, ey)
    if any(w.covers(Point(eye)) for w in walls):
        return
    hull = Hull((tx, ty), h, 6.0, 3.0)
    fl, fr, _, rl = hull.corners()
    point = (
        fl[0] + u * (fr[0] - fl[0]) + v * (rl[0] - fl[0]),
        fl[1] + u * (fr[1] - fl[1]) + v * (rl[1] - fl[1]),
    )
    part = visible_part(eye, hull.polygon(), [(str(i), w) for i, w in enumerate(walls)], 200)
    if part.seen.boundary.distance(Point(point)) < 1e-6:
        return  # on the edge of a shadow: either answer is a grazing line
    clear = segments_clear(np.array([eye]), np.array([point]), walls)[0]
    assert clear == part.seen.contains(Point(point))


def test_shadow_of_a_wall_next_to_the_eye_reaches_across_the_table():
    # the wall subtends nearly 180 degrees from the eye: its shadow must still reach far
    wall = _box_at(0, 10.01, 90, 1)
    s = shadow((45, 10), wall, 130)
    assert s.contains(Point(1, 80)) and s.contains(Point(89, 89))


# --- heatmaps -----------------------------------------------------------------------------


def test_heatmaps_agree_with_the_per_position_reference():
    pieces = [box("Barn", "building", 30, 30, 10, 12), box("Wood", "woods", 55, 55, 15, 15)]
    shooter = tank("Panther", "Panther", "German", (15, 20), 135)
    other = tank("Panzer IV", "Panzer IV", "German", (45, 70), 0)
    target = tank("Sherman", "Sherman (75mm)", "American", (0, 0), 270)
    t = table(*pieces)
    maps = heatmaps(t, [shooter, other, target], shooter, target, step=1.0)
    assert maps.seen.shape == (8100,) and maps.shape == (90, 90)
    rng = np.random.default_rng(3)
    picks = rng.choice(np.flatnonzero(maps.placeable), 120, replace=False)
    ref = heatmaps_reference(t, [shooter, other, target], shooter, target, maps.centres[picks])
    for name in ("seen", "in_cover", "close", "side"):
        assert getattr(maps, name)[picks].tolist() == ref[name], name
    assert maps.in_cover.any() and (~maps.in_cover).any() and (~maps.seen).any()
    assert not maps.placeable[maps.centres[:, 0] < 2].any()  # a hull off the table


def test_heatmap_target_moves_only_its_own_copy():
    t = table()
    shooter = tank("Panther", "Panther", "German", (15, 20), 135)
    target = tank("Sherman", "Sherman (75mm)", "American", (60, 60), 0)
    maps = heatmaps(t, [shooter, target], shooter, target)
    assert maps.seen[maps.placeable].all()
    moved = replace(target, id="other")
    assert not heatmaps(t, [shooter, target], shooter, moved).placeable[60 * 90 + 60]


def test_battle_helper_builds_a_valid_state():
    b = battle(table(), [SHOOTER, target_at(60)])
    assert b.tank("Sherman").left == 6


@given(coord, coord, blocker, heading)
def test_the_convex_shadow_equals_the_edge_by_edge_shadow(ex, ey, wall, turn):
    from shapely import affinity

    wall = affinity.rotate(wall, turn)
    if wall.covers(Point(ex, ey)):
        return
    fast, plain = shadow((ex, ey), wall, 130), edge_shadow((ex, ey), wall, 130)
    disk = Point(ex, ey).buffer(130, quad_segs=64)
    assert fast.intersection(disk).symmetric_difference(plain.intersection(disk)).area < 1e-6


@given(coord, coord, coord, coord, heading, blocker, st.floats(0.1, 0.9), st.floats(0.1, 0.9))
def test_a_smaller_blocker_never_hides_more(ex, ey, tx, ty, h, wall, fx, fy):
    """Moving a blocker's edges away from what it covered (a blocker inside the old one)
    never reduces what is seen."""
    x0, y0, x1, y1 = wall.bounds
    inner = _box_at(x0, y0, (x1 - x0) * fx, (y1 - y0) * fy)
    if wall.covers(Point(ex, ey)):
        return
    hull = Hull((tx, ty), h, 6.0, 3.0).polygon()
    big = visible_part((ex, ey), hull, [("w", wall)], 200).seen
    small = visible_part((ex, ey), hull, [("w", inner)], 200).seen
    assert big.difference(small).area < 1e-6
