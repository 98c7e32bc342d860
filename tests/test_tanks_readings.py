"""TANKS' Line of Sight and Firing Arc readings as named options (TANKS item 15), each named
in the result it changes: a grazing line, a wood the target overlaps, a hull corner exactly
on an Assault Gun's front line, and the Assault Gun arc by the keyword or by both Firing Arc
conditions. Each test quotes the sentence it reads."""

from __future__ import annotations

from dataclasses import replace

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.tanks_pieces import battle, box, table, tank
from workbench import tanks
from workbench.games.tanks.rules import sections
from workbench.games.tanks.rules.readings import GRAZING, WOODS_TOUCHED, SightReadings
from workbench.games.tanks.rules.shooting import pools
from workbench.games.tanks.rules.sight import (
    heatmaps,
    heatmaps_reference,
    in_arc,
    line_of_sight,
    sees,
)
from workbench.geometry.table import Hull

# a shooter whose eye is its centre, (10, 45) exactly
SHOOTER = replace(
    tank("Panther", "Panther", "German", (10, 45), 90), hull=Hull((10, 45), 90, 6.9, 3.4)
)
AREA = SightReadings(sight_grazing="area")
IGNORED = SightReadings(woods_touched="ignored")


def sherman(hull):
    return replace(tank("Sherman", "Sherman (75mm)", "American", hull.centre, 0), hull=hull)


def test_a_line_grazing_a_blocker_is_named_as_such_and_its_reading_is_an_option():
    # Shooting: Line of Sight: "A tank has a Line of Sight to its target if you can draw a line
    # from the tank's turret to any part of the target tank without passing through any other
    # tank or any Blocking terrain." Along y = 45 the line touches the Barn's edge only.
    assert SHOOTER.eye == (10.0, 45.0)
    barn = box("Barn", "building", 30, 45, 10, 15)
    target = sherman(Hull((60, 47), 0, 4.0, 3.0))  # its top edge on y = 45
    t, everyone = table(barn), [SHOOTER, target]
    graze = line_of_sight(t, everyone, SHOOTER, target)
    assert graze.seen and graze.grazing and not graze.part.any
    assert "only grazes the edge of Barn" in graze.lines()[0]
    assert "a grazing line is a Line of Sight (reading sight_grazing 'sees')" in graze.lines()[0]
    assert "0%" not in graze.lines()[0]
    strict = line_of_sight(t, everyone, SHOOTER, target, AREA)
    assert (
        not strict.seen
        and "is no Line of Sight (reading sight_grazing 'area')" in (strict.lines()[0])
    )
    assert sees(t, everyone, SHOOTER, target) and not sees(t, everyone, SHOOTER, target, AREA)
    # the game reads the option: the shot is refused with the reading named
    refused = pools(battle(t, everyone, options={"sight_grazing": "area"}), "Panther", "Sherman")
    assert not refused.can_shoot and "sight_grazing 'area'" in refused.refusal.text
    assert pools(battle(t, everyone), "Panther", "Sherman").can_shoot


def test_a_wood_the_target_overlaps_hides_the_part_beyond_it_by_default():
    # Terrain: Woods: "Woods block Line of Sight to tanks hidden behind them and give Cover to
    # tanks partially behind them. Woods can give Cover to tanks on their edges." A hull
    # 0.5 cm into a wood is seen only where it is within the wood.
    wood = box("Wood", "woods", 40, 35, 15, 20)  # x 40..55
    target = sherman(Hull((56, 45), 0, 4.0, 3.0))  # x 54.5..57.5
    t, everyone = table(wood), [SHOOTER, target]
    narrow = line_of_sight(t, everyone, SHOOTER, target)
    assert narrow.seen and narrow.part.fraction == pytest.approx(0.5 / 3)
    why = narrow.lines()
    assert any("overlaps Wood: the wood hides the part of Sherman beyond it" in w for w in why)
    assert any("reading woods_touched 'beyond'" in w for w in why)
    assert [r.section for r in narrow.reasons][-1] == sections.WOODS
    whole = line_of_sight(t, everyone, SHOOTER, target, IGNORED)
    assert whole.part.fraction == 1 and "does not block this shot" in whole.lines()[-1]


def test_a_tank_completely_within_a_wood_is_seen_under_either_reading():
    # Terrain: Woods: "Tanks completely within a Wood, and anything they shoot at, are in
    # Cover." (so they can be shot at: the wood does not hide them)
    wood = box("Wood", "woods", 50, 35, 20, 20)
    target = sherman(Hull((60, 45), 0, 4.0, 3.0))
    for readings in (SightReadings(), IGNORED):
        seen = line_of_sight(table(wood), [SHOOTER, target], SHOOTER, target, readings)
        assert seen.part.fraction == 1


STUG = tank("StuG", "StuG G", "German", (10, 45), 90)


def _on_the_front_line(y):
    gx, _ = STUG.hull.gun_point
    return sherman(Hull((gx + 1.5, y), 0, 4.0, 3.0))  # its west edge on the gun's front line


def test_a_hull_on_an_assault_guns_front_line_is_not_in_front_by_default():
    # Shooting: Firing Arc: "an Assault Gun can only shoot at a tank if either: its entire
    # hull (excluding protruding gun barrels) is in front of the Assault Gun, or any part of
    # its hull ... is directly in front of the Assault Gun."
    beside = _on_the_front_line(65)  # on the line, off the strip straight ahead
    ok, why = in_arc(STUG, beside)
    assert not ok and "2 of its corners lie exactly on the line" in why.text
    assert "reading front_line 'not-in-front'" in why.text
    ok, why = in_arc(STUG, beside, readings=SightReadings(front_line="in-front"))
    assert ok and "wholly in front of StuG" in why.text and "'in-front'" in why.text
    assert in_arc(STUG, _on_the_front_line(45))[0]  # on the line and directly in front


def test_the_assault_gun_arc_by_its_keyword_alone_is_an_option():
    # Keyword Reference: Assault Gun: "This tank gun can only shoot targets entirely in front
    # of it." against Shooting: Firing Arc's two conditions (the default).
    oblique = tank("Sherman", "Sherman (75mm)", "American", (12, 48.5), 0)
    assert in_arc(STUG, oblique)[0]  # partly directly in front
    ok, why = in_arc(STUG, oblique, readings=SightReadings(assault_gun_arc="keyword"))
    assert not ok and "reading assault_gun_arc 'keyword'" in why.text
    assert why.section == sections.FIRING_ARC
    ahead = tank("Sherman", "Sherman (75mm)", "American", (60, 45), 90)
    assert in_arc(STUG, ahead, readings=SightReadings(assault_gun_arc="keyword"))[0]


def test_the_readings_are_listed_and_checked_as_the_games_options():
    standard = tanks.load_scenario("standard-table")
    listed = {o.name: o for o in tanks.options(standard)}
    defaults = {"sight_grazing": "sees", "woods_touched": "beyond", "front_line": "not-in-front"}
    for name, default in {**defaults, "assault_gun_arc": "firing-arc"}.items():
        assert listed[name].default == default and listed[name].changes_play
    with pytest.raises(tanks.OptionError) as refused:
        tanks.start(standard, {"woods_touched": "sometimes"})
    assert refused.value.option == "woods_touched"
    assert SightReadings.of(tanks.start(standard, {"woods_touched": "ignored"}).options) == IGNORED


@pytest.mark.parametrize("readings", [SightReadings(), IGNORED], ids=["beyond", "ignored"])
def test_heatmaps_agree_with_the_reference_where_the_target_overlaps_a_wood(readings):
    wood = box("Wood", "woods", 40, 30, 15, 20)
    shooter = tank("Panther", "Panther", "German", (12, 20), 120)
    target = tank("Sherman", "Sherman (75mm)", "American", (0, 0), 0)
    t = table(wood, box("Barn", "building", 25, 55, 8, 8))
    maps = heatmaps(t, [shooter, target], shooter, target, step=1.0, readings=readings)
    x, y = maps.centres[:, 0], maps.centres[:, 1]
    near = maps.placeable & (x > 35) & (x < 60) & (y > 25) & (y < 55)  # on or by the wood
    picks = np.random.default_rng(5).choice(np.flatnonzero(near), 40, replace=False)
    ref = heatmaps_reference(t, [shooter, target], shooter, target, maps.centres[picks], readings)
    assert maps.seen[picks].tolist() == ref["seen"]
    assert not all(ref["seen"]) and any(ref["seen"])  # positions on both sides of the answer


READINGS = st.builds(
    SightReadings,
    sight_grazing=st.sampled_from(GRAZING),
    woods_touched=st.sampled_from(WOODS_TOUCHED),
)
spot = st.floats(20, 70, allow_nan=False)


@settings(max_examples=40)
@given(spot, spot, spot, spot, st.floats(0, 359), st.sampled_from(["woods", "building"]), READINGS)
def test_the_fast_sight_check_agrees_with_the_exact_line_of_sight(
    wx, wy, tx, ty, h, kind, readings
):
    # sees (a clear line first, the exact part remembered) against line_of_sight (the plain
    # exact answer), under every reading, with the target often overlapping the piece
    piece = box("Piece", kind, wx, wy, 12, 9)
    target = replace(sherman(Hull((tx, ty), h, 6.0, 3.0)), id="Sherman")
    t, everyone = table(piece), [SHOOTER, target]
    assert sees(t, everyone, SHOOTER, target, readings) == (
        line_of_sight(t, everyone, SHOOTER, target, readings).seen
    )
