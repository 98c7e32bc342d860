"""Panzer Vor! line of sight: the rulebook's six situations (Firing: Line of Sight), the
scenario terrain rules, and symmetry on random maps."""

from hypothesis import given, settings
from hypothesis import strategies as st
from panzer_vor_pieces import TIGER_I, board, state

from workbench.games.panzer_vor.rules.sight import line_of_sight
from workbench.geometry.hexgrid import EAST, Hex


def verdicts(line, kind):
    return [s.verdict for s in line.crossings if s.kind == kind]


# --- the six situations the rulebook lists ----------------------------------------------


def test_clear_hexes_and_a_tank_on_the_line_do_not_block():
    # Firing: Line of Sight: "To determine line of sight, extend a line from the center of the
    # firing tank's hex to the center of the target tank's hex. If there are no obstructions
    # along the line, then the firing tank has line of sight." "The presence of another tank,
    # whether friendly or enemy, does not block line of sight (with the exception of wreckage)."
    # "You have line of sight because the firing line does not pass through any obstructing
    # hexes (clear hexes and one with a tank)."
    hexmap = board()
    s = state(hexmap, ("Tank", TIGER_I, "Enemy", "0404", EAST))
    line = line_of_sight(s, "0402", "0406")
    assert line.clear and line.blocking is None
    assert verdicts(line, "hex") == ["end", "clear", "clear", "clear", "end"]


def test_along_the_hexside_of_one_obstructing_hex_is_clear():
    # Firing: Line of Sight: Situations With Line of Sight: "The firing line passes through the
    # hex-side of an obstructing hex."
    hexmap = board(forest=["0403"])
    line = line_of_sight(hexmap, "0303", "0503")
    assert line.clear
    sides = [s.hexes for s in line.crossings if s.kind == "hexside"]
    assert sides == [(hexmap.hex("0403"), hexmap.hex("0404"))]
    assert "only one side obstructs" in line.crossings[1].text


def test_through_the_corner_of_an_obstructing_hex_is_clear():
    # Situations With Line of Sight: "The firing line passes through the corner of an
    # obstructing hex."
    hexmap = board(16, 16)
    start = hexmap.hex("0303")
    end = start + Hex(5, -1)  # passes two corners (see the geometry tests)
    corners = hexmap.grid.trace(start, end).touched
    line = line_of_sight(hexmap.with_terrain({h: "forest" for h in corners}), start, end)
    assert line.clear and verdicts(line, "corner") == ["clear", "clear"]


def test_along_hexsides_of_separate_obstructing_hexes_is_clear():
    # Situations With Line of Sight: "The firing line passes through the hex-sides of multiple
    # separated obstructing hexes."
    line = line_of_sight(board(forest=["0403", "0604"]), "0303", "0703")
    assert line.clear and verdicts(line, "hexside") == ["clear", "clear"]


def test_through_an_obstructing_hex_is_blocked():
    # Situations Without Line of Sight: "The firing line passes through an obstructing hex."
    # "Whether something is considered an obstruction is determined by the scenario - generally,
    # forests will always block line of sight."
    line = line_of_sight(board(forest=["0404"]), "0402", "0406")
    assert not line.clear
    assert line.blocking.hexes == (board().hex("0404"),)
    assert "0404 is forest, which blocks line of sight" in line.reason.text


def test_along_the_shared_hexside_of_two_obstructing_hexes_is_blocked():
    # Situations Without Line of Sight: "The firing line passes through a shared hex-side of two
    # adjacent obstructing hexes."
    line = line_of_sight(board(forest=["0403", "0404"]), "0303", "0503")
    assert not line.clear and line.blocking.kind == "hexside"
    assert "shared by two obstructing hexes" in line.reason.text


# --- terrain from the scenarios ---------------------------------------------------------------


def test_hills_a_tank_on_a_hill_may_be_fired_at_but_not_through():
    # Saunders (and Anzio (Original)): "Hills block line of sight in the same manner as
    # forests. It is possible to fire at a tank that is on top of a hill, but you may not fire
    # at a tank that is on the other side of a hill when the firing line passes through it."
    assert line_of_sight(board(hill=["0406"]), "0402", "0406").clear
    assert not line_of_sight(board(hill=["0404"]), "0402", "0406").clear


def test_hill_to_hill_is_allowed_but_forest_between_still_blocks():
    # Saunders: "A tank that is on a hill may fire at another tank that is also on a hill."
    assert line_of_sight(board(hill=["0402", "0404", "0406"]), "0402", "0406").clear
    blocked = board(hill=["0402", "0406"], forest=["0404"])
    assert not line_of_sight(blocked, "0402", "0406").clear


def test_ridge_may_not_be_fired_through_but_a_tank_in_it_may_be_fired_at():
    # Kuromorimine: Ridge 207: "A Ridge hex may be entered like a hill hex, but Ridge hexes may
    # not be fired through. Tanks in these Ridge hexes may be fired upon from other hexes."
    assert not line_of_sight(board(ridge=["0404"]), "0402", "0406").clear
    assert line_of_sight(board(ridge=["0406"]), "0402", "0406").clear


def test_rivers_and_shallows_do_not_block():
    # Kuromorimine: "River hexes and Shallows hexes do not block line of sight."
    assert line_of_sight(board(river=["0403"], shallows=["0404"]), "0402", "0406").clear


def test_church_obstructs_fire():
    # Pravda: "Church (Hex 1403): This hex may not be entered, and obstructs fire." (may not be
    # entered: tests/test_panzer_vor_movement.py; the shipped map's 1403: test_other_maps_features)
    assert not line_of_sight(board(church=["0404"]), "0402", "0406").clear


def test_white_hexside_blocks_fire_crossing_it():
    # St. Gloriana: Scenario Rules: "On the Ōarai City Map, players may not move or fire
    # through any hex-side marked in white." "Example: The hex-side between hexes 0716 and 0817
    # is white. You may not move or fire through it." (the shipped map's: test_oarai_city_features)
    # Kuromorimine Stage 2: "City Map: You may not move through or fire through a white
    # hex-side." Anzio (Revised): "Also, tanks may not move or shoot beyond the white hexsides."
    hexmap = board(10, 20).with_hexside("0716", "0817", "white")
    line = line_of_sight(hexmap, "0716", "0817")
    assert not line.clear and "white hexside 0716|0817" in line.reason.text
    assert not line_of_sight(hexmap, "0716", "0917").clear  # two hexes on, through 0817
    assert line_of_sight(hexmap, "0716", "0717").clear


def test_running_along_a_white_hexside_does_not_cross_it():
    hexmap = board().with_hexside("0403", "0404", "white")
    line = line_of_sight(hexmap, "0303", "0503")
    assert line.clear and "without crossing it" in line.crossings[1].text


def test_alley_fire_only_to_and_from_adjacent_hexes():
    # St. Gloriana scenario rules: "A tank in hex 0505 may fire at a target in hex 0605, but
    # not at hex 0704. A tank in hex 0903 may fire at hex 0804, but not at hex 0704." "Tanks
    # in these alleys may only fire at adjacent hexes. At the same time, tanks in an alley hex
    # may only be fired at from an adjacent hex."
    hexmap = board(16, 20, alley=["0505", "0610", "0903"])
    assert line_of_sight(hexmap, "0505", "0605").clear
    assert not line_of_sight(hexmap, "0505", "0704").clear
    assert line_of_sight(hexmap, "0903", "0804").clear
    refused = line_of_sight(hexmap, "0903", "0704")
    assert not refused.clear and "only from an adjacent hex" in refused.reason.text
    assert not line_of_sight(hexmap, "0704", "0903").clear  # nor fired at from afar


def test_forest_path_fire_only_with_adjacent_hexes():
    # Anzio (Revised): "Hex 0506 can only fire upon hexes 0505 and 0507 ... not 0605 or 0508."
    # "Forest Paths: On the Anzio vs. Ōarai map, dark hexes (e.g. hex 1202) are Forest Paths.
    # Tanks in a Forest Path can only fire upon adjacent hexes. Similarly, tanks may only shoot
    # into a Forest Path from an adjacent hex." "Hex 0506 can only be fired upon from 0505 and
    # 0507, not 0605 or 0508." (the shipped map's 1202 and 0506: test_other_maps_features)
    hexmap = board(16, 20, forest_path=["0506", "1202"])
    assert line_of_sight(hexmap, "0506", "0505").clear
    assert line_of_sight(hexmap, "0506", "0507").clear
    assert not line_of_sight(hexmap, "0506", "0605").clear
    assert not line_of_sight(hexmap, "0508", "0506").clear
    assert not line_of_sight(hexmap, "0605", "0506").clear
    assert line_of_sight(hexmap, "0505", "0506").clear
    assert line_of_sight(hexmap, "0507", "0506").clear


def test_wreckage_on_the_line_gives_minus_one_once_but_not_in_the_target_hex():
    # Optional Rules: Wreckage: "When making an attack whose line of sight travels through a hex
    # with wreckage in it, apply a -1 modifier to the Attack Roll (even if the line of sight
    # travels through multiple hexes with wreckage in them, the modifier is only -1). Do not
    # apply the modifier when firing at a target in a hex with wreckage in it - the modifier
    # only applies when the line of sight travels through the hex."
    hexmap = board()
    wrecks = [
        (f"W{i}", TIGER_I, "Enemy", label, EAST, {"wreck": True})
        for i, label in enumerate(["0403", "0404"])
    ]
    s = state(hexmap, *wrecks, wreckage=True)
    line = line_of_sight(s, "0402", "0406")
    assert line.clear and [m.value for m in line.modifiers] == [-1]
    at_target = line_of_sight(s, "0402", "0404")
    assert [m.value for m in at_target.modifiers] == [-1]  # through 0403, not for 0404 itself
    assert line_of_sight(s, "0402", "0403").modifiers == ()


def test_smoke_into_out_of_or_through_gives_minus_two():
    # Kuromorimine: Smokescreen: "apply a -2 Attack Roll modifier when firing into, out of, or
    # through a hex with a smoke marker."
    hexmap = board()
    smoked = state(hexmap, ("Smoky", TIGER_I, "Ōarai", "0404", EAST, {"smoke": True}))
    for a, b in [("0402", "0406"), ("0404", "0407"), ("0401", "0404")]:
        assert [m.value for m in line_of_sight(smoked, a, b).modifiers] == [-2]


# --- symmetry on random maps -----------------------------------------------------------------

KINDS = ["clear"] * 5 + ["forest", "hill", "ridge", "alley", "church"]


@st.composite
def random_maps(draw):
    hexmap = board(7, 8)
    cells = list(hexmap.grid)
    kinds = draw(st.lists(st.sampled_from(KINDS), min_size=len(cells), max_size=len(cells)))
    hexmap = hexmap.with_terrain(dict(zip(cells, kinds, strict=True)))
    for a in draw(st.lists(st.sampled_from(cells), max_size=6)):
        neighbours = hexmap.grid.neighbors(a)
        hexmap = hexmap.with_hexside(a, draw(st.sampled_from(neighbours)), "white")
    return hexmap


@settings(max_examples=40, deadline=None)
@given(random_maps(), st.data())
def test_line_of_sight_is_symmetric(hexmap, data):
    cells = list(hexmap.grid)
    for _ in range(15):
        a, b = data.draw(st.sampled_from(cells)), data.draw(st.sampled_from(cells))
        there, back = line_of_sight(hexmap, a, b), line_of_sight(hexmap, b, a)
        assert there.clear == back.clear, (there.reason.text, back.reason.text)
