"""Panzer Vor! movement, from the rulebook's Moving section and the scenarios' terrain rules."""

from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from panzer_vor_pieces import PANZER_IV_D, TIGER_I, board, state

from workbench.games.panzer_vor.rules import movement
from workbench.games.panzer_vor.rules.movement import (
    explain_move,
    move,
    movement_points,
    plain_reach_costs,
)
from workbench.games.panzer_vor.rules.solo import shortest_routes
from workbench.geometry.hexgrid import EAST, NORTHEAST, SOUTHEAST, SOUTHWEST, WEST
from workbench.rules.core import IllegalAction, Modifier


def one_tank(hexmap=None, piece=TIGER_I, label="0505", facing=EAST, side="Ōarai", **options):
    hexmap = hexmap or board()
    return state(hexmap, ("Tank", piece, side, label, facing), **options)


def test_tiger_moves_three_hexes_with_its_three_mp():
    # Moving: Movement: "It is not necessary to spend all of a unit's movement points in a
    # single move - however, unspent movement points may not be transferred to another tank or
    # carried over to the next turn."
    # Moving: Movement: "This value represents the amount of Movement Points (MP) it may expend
    # in a single move. All tanks may move forward one hex by spending one Movement Point."
    # "Example: A Tiger I has a movement score of 3, which means it can move forward three hexes
    # by playing a Move card."
    s = one_tank()
    explained = explain_move(s, "Tank", [("0506", EAST), ("0507", EAST), ("0508", EAST)])
    assert explained.legal and explained.mp_spent == 3 and explained.mp_available == 3
    fourth = explain_move(
        s, "Tank", [("0506", EAST), ("0507", EAST), ("0508", EAST), ("0509", EAST)]
    )
    assert not fourth.legal and fourth.refused_at == 3
    assert "only 0 of 3 MP are left" in fourth.refusal.text


def test_move_and_turn_sixty_degrees_three_times_costs_three_mp():
    # Moving: Turning: "When a tank spends movement points to move forward, it may also turn one
    # hex-side (60°) at no MP cost - the tank may turn before or after moving into a hex." "You
    # can have several free turns if you advance 1 square before making each turn (move + turn
    # 60°, move + turn 60°, move + turn 60° = 3 MP)."
    s = one_tank()
    path = [("0506", SOUTHEAST), ("0607", SOUTHWEST), ("0706", WEST)]
    explained = explain_move(s, "Tank", path)
    assert explained.legal and [step.mp for step in explained.steps] == [1, 1, 1]
    assert all("60° turn" in str(step.reasons[-1]) for step in explained.steps)


def test_turning_without_moving_costs_one_mp_whatever_the_angle():
    # Moving: Turning: "If you want to turn without moving, you must spend 1 MP regardless of
    # the number of hex-sides you turn." "In other words, it costs 1 movement point to turn
    # except when making a 60° turn after moving one hex."
    s = one_tank()
    for facing in (NORTHEAST, SOUTHEAST, SOUTHWEST, WEST):
        explained = explain_move(s, "Tank", [("0505", facing)])
        assert explained.mp_spent == 1
        assert explained.steps[0].kind == "turn"
        assert explained.steps[0].reasons[0].section == "Moving: Turning"


def test_a_turn_of_120_degrees_with_a_move_is_not_free():
    # Moving: Turning: "However, it costs 1 MP to turn two hex-sides (120°) or more."
    explained = explain_move(one_tank(), "Tank", [("0506", SOUTHWEST)])
    assert not explained.legal
    assert explained.refusal.section == "Moving: Turning"
    # ...but turning in place first and then moving is legal: 1 + 1 MP.
    assert (
        explain_move(one_tank(), "Tank", [("0505", SOUTHEAST), ("0606", SOUTHEAST)]).mp_spent == 2
    )


def test_reverse_costs_two_mp_per_hex_with_a_free_sixty_degree_turn():
    # Moving: Reverse Movement: "A tank may move backwards regardless of its facing. This is
    # called reverse movement. In order to move in reverse, you must spend 2 MP per hex. In
    # other words, it costs twice as much to move backwards as it does forwards. When moving in
    # reverse, it costs as much to turn as it does when moving forward. This means that turning
    # 60 degrees costs nothing, and turning 120 degrees or more costs 1 movement point."
    # Movement Direction: "A tank may only move one hex forwards or backwards per Movement
    # Point."
    s = one_tank()
    explained = explain_move(s, "Tank", [("0504", EAST)])
    assert explained.legal and explained.steps[0].kind == "reverse" and explained.mp_spent == 2
    turned = explain_move(s, "Tank", [("0504", SOUTHEAST)])
    assert turned.legal and turned.mp_spent == 2
    assert not explain_move(s, "Tank", [("0504", EAST), ("0503", EAST)]).legal  # 4 > 3 MP


def test_movement_bonuses_add_up():
    # Moving: Movement Bonuses: "Cards such as Full Speed Ahead! can temporarily increase your
    # movement score, as can bonuses from character abilities (see the Character section for
    # more details). All of these movement bonuses are cumulative." "Example: The Ōarai Girls
    # Academy player uses Full Speed Ahead! (which gives +2 MP) on a Panzer IV with a Movement
    # score of 3, along with Mako's Movement Bonus 2. As a result, the Panzer IV's movement
    # score becomes 7 for this turn."
    # Full Speed Ahead! (+2) on a Panzer IV (3) with Mako's bonus 2: 7 MP (Movement Bonuses).
    s = one_tank(piece=PANZER_IV_D)
    bonuses = [Modifier("Full Speed Ahead!", 2, "card"), Modifier("Mako", 2, "character ability")]
    mp, parts = movement_points(s.tank("Tank"), bonuses)
    assert mp == 7 and [p.value for p in parts] == [3, 2, 2]
    assert movement.reach(s, "Tank", bonuses=bonuses).cost(s.map.hex("0512")) == 7


def test_hills_cost_two_from_flat_and_one_within_or_down():
    # Moving: Movement: "However, it may be necessary to spend more Movement Points depending on
    # the terrain. On those types of terrain (hills etc.) the amount of additional movement
    # points necessary and any other special rules will be listed in the scenario." Saunders:
    # "Hills: Moving from flat terrain into hills requires 2 MP." Anzio (Original): "Hills and
    # Angled Fire: Moving from flat terrain into hills requires 2 MP."
    hexmap = board(hill=["0506", "0507"])
    s = one_tank(hexmap)
    costs = [
        step.mp
        for step in explain_move(
            s,
            "Tank",
            [("0506", EAST), ("0507", EAST)],
        ).steps
    ]
    assert costs == [2, 1]
    down = one_tank(hexmap, label="0507")
    assert explain_move(down, "Tank", [("0508", EAST)]).mp_spent == 1


def test_ridge_costs_two_to_enter_and_one_to_leave():
    s = one_tank(board(ridge=["0506"]))
    assert [st.mp for st in explain_move(s, "Tank", [("0506", EAST), ("0507", EAST)]).steps] == [
        2,
        1,
    ]


# Kuromorimine: "Rivers and Shallows: River hexes may not be entered." Pravda: "Church (Hex
# 1403): This hex may not be entered, and obstructs fire." Deployment in Forests: "These forest
# hexes may only be entered or moved through at the start of the match. Once a tank has left
# one of these hexes, they may not re-enter them."
@pytest.mark.parametrize(
    ("terrain", "message"),
    [
        ("forest", "0506 is forest: it may not be entered"),
        ("river", "0506 is river: it may not be entered"),
        ("church", "0506 is church: it may not be entered"),
        ("deployment_forest", "may not re-enter"),
    ],
)
def test_impassable_terrain_is_refused_with_its_rule(terrain, message):
    # Moving: Obstructing Movement: "A tank may not enter or move through a hex that is
    # designated as a forest on the map." "Other restrictions on movement may be listed in the
    # scenario."
    s = one_tank(board(**{terrain: ["0506"]}))
    explained = explain_move(s, "Tank", [("0506", EAST)])
    assert not explained.legal and message in explained.refusal.text
    assert explained.refusal.section == s.map.terrain_types[terrain.replace("_", " ")].rule
    assert s.map.hex("0506") not in movement.reach(s, "Tank").hex_costs()


def test_a_tank_may_leave_a_deployment_forest():
    s = one_tank(board(deployment_forest=["0505"]))
    assert explain_move(s, "Tank", [("0506", EAST)]).legal


def test_shallows_cost_two():
    # Kuromorimine: "Entering a Shallows hex (hex 1002 only) requires 2 movement points." (1002
    # on the shipped map: tests/test_panzer_vor_files.py)
    assert explain_move(one_tank(board(shallows=["0506"])), "Tank", [("0506", EAST)]).mp_spent == 2


def test_alleys_only_for_oarai():
    # St. Gloriana: "Only the Ōarai tanks may enter these hexes (they represent alleys that only
    # residents of the town are familiar with)."
    hexmap = board(alley=["0506"])
    refused = explain_move(one_tank(hexmap, side="Enemy"), "Tank", [("0506", EAST)])
    assert refused.refusal.text == "hex 0506 is alley: only Ōarai tanks may enter"
    assert "St. Gloriana" in refused.refusal.section
    assert explain_move(one_tank(hexmap, side="Ōarai"), "Tank", [("0506", EAST)]).legal


def test_white_hexside_blocks_movement():
    hexmap = board(rows=10, cols=20).with_hexside("0716", "0817", "white")
    s = one_tank(hexmap, label="0716", facing=SOUTHEAST)
    refused = explain_move(s, "Tank", [("0817", SOUTHEAST)])
    assert "0716|0817 is white" in refused.refusal.text


def test_no_entering_or_passing_through_another_tank():
    # Moving: Obstructing Movement: "A tank may not enter a hex that contains another tank or
    # which it is otherwise prohibited from moving through. A tank may also not move through a
    # hex occupied by another tank (see the Advanced Rules section for alternative options)."
    hexmap = board()
    s = state(
        hexmap, ("Tank", TIGER_I, "Ōarai", "0505", EAST), ("Other", TIGER_I, "Enemy", "0506", EAST)
    )
    refused = explain_move(s, "Tank", [("0506", EAST)])
    assert refused.refusal.section == "Moving: Obstructing Movement"
    assert hexmap.hex("0507") not in movement.reach(s, "Tank", mp=2).hex_costs()  # round it: 3 MP
    # Optional Rules: Cutting Through: "By spending 1 additional Movement Point, a tank may move
    # through a hex that is occupied by another tank. While you may pass through the hex, you
    # may not end your movement in a hex that is occupied by another tank. If you do not have
    # enough movement points to move through the hex, you may not enter it."
    cutting = s.with_options(cutting_through=True)
    passed = explain_move(cutting, "Tank", [("0506", EAST), ("0507", EAST)])
    assert passed.legal and [st.mp for st in passed.steps] == [2, 1]
    ended = explain_move(cutting, "Tank", [("0506", EAST)])
    assert not ended.legal and ended.refusal.section == "Optional Rules: Cutting Through"
    reach = movement.reach(cutting, "Tank")
    assert hexmap.hex("0506") not in reach.hex_costs() and reach.cost(hexmap.hex("0507")) == 3
    assert hexmap.hex("0507") not in movement.reach(cutting, "Tank", mp=2).hex_costs()


def test_wreckage_costs_one_more_mp():
    # Optional Rules: Wreckage: "From then on, the wreckage of the tank hinders movement and
    # line of sight through that hex." "Example: A clear hex that has wreckage in it costs 2
    # movement points to move into." "If you do not have enough movement points, you cannot
    # enter the hex."
    hexmap = board()
    wreck = ("Wreck", TIGER_I, "Enemy", "0506", EAST, {"wreck": True})
    s = state(hexmap, ("Tank", TIGER_I, "Ōarai", "0505", EAST), wreck, wreckage=True)
    assert explain_move(s, "Tank", [("0506", EAST)]).mp_spent == 2
    assert hexmap.hex("0506") not in movement.reach(s, "Tank", mp=1).hex_costs()


def test_immobile_tanks_cannot_move():
    # Turn Phases: Action Phase: "A tank that is considered Immobile may not use Move Cards."
    s = state(board(), ("Tank", TIGER_I, "Ōarai", "0505", EAST, {"immobile": True}))
    refused = explain_move(s, "Tank", [("0506", EAST)])
    assert "immobile" in refused.refusal.text
    assert list(movement.reach(s, "Tank").costs) == [(s.map.hex("0505"), EAST)]


def test_smoke_sets_base_movement_to_three_and_barren_ground_clears_it():
    # Kuromorimine: Smokescreen: "As long as a tank has a smoke marker on it, its base movement
    # becomes 3 (this actually makes the P Tiger, B1 Bis and Type 89 tanks faster!). The smoke
    # counter stays on the tank as it moves. When a tank with a smoke marker enters or moves
    # through a Barren hex (see below), remove the smoke marker from the map." Barren Hexes:
    # "Treat a barren hex as a clear hex - however, when a tank with a smoke marker enters a
    # barren hex, the smoke marker is removed from the map."
    slow = counter_with_movement(2)
    s = state(board(barren=["0507"]), ("Tank", slow, "Ōarai", "0505", EAST, {"smoke": True}))
    assert movement_points(s.tank("Tank"))[0] == 3
    moved, _ = move(s, "Tank", [("0506", EAST)])
    assert moved.tank("Tank").smoke  # it moves with the tank
    after, _ = move(s, "Tank", [("0506", EAST), ("0507", EAST)])
    assert not after.tank("Tank").smoke
    assert [step.mp for step in explain_move(s, "Tank", [("0506", EAST), ("0507", EAST)]).steps
            ] == [1, 1]  # barren costs as clear  # fmt: skip


def counter_with_movement(mp):
    return replace(TIGER_I, movement=mp)


def test_the_board_edge_stops_a_tank():
    s = one_tank(label="0512")
    assert "off the map" in explain_move(s, "Tank", [("0513", EAST)]).refusal.text


def test_an_illegal_move_raises_and_changes_nothing():
    s = one_tank(board(forest=["0506"]))
    with pytest.raises(IllegalAction, match="forest"):
        move(s, "Tank", [("0506", EAST)])
    assert s.tank("Tank").hex == s.map.hex("0505")
    after, explained = move(s, "Tank", [("0505", NORTHEAST), ("0406", NORTHEAST)])
    assert after.tank("Tank").hex == s.map.hex("0406") and explained.mp_spent == 2
    assert s.tank("Tank").hex == s.map.hex("0505")


def test_solo_enemy_lists_every_tied_shortest_route():
    hexmap = board()
    s = state(
        hexmap,
        ("Enemy", TIGER_I, "Enemy", "0505", EAST),
        ("Panzer IV", PANZER_IV_D, "Ōarai", "0508", EAST),
    )
    routes = shortest_routes(s, "Enemy", "Panzer IV")
    assert routes == ((hexmap.hex("0506"), hexmap.hex("0507")),)
    s2 = state(
        hexmap,
        ("Enemy", TIGER_I, "Enemy", "0505", EAST),
        ("Panzer IV", PANZER_IV_D, "Ōarai", "0905", EAST),
    )
    routes = shortest_routes(s2, "Enemy", "Panzer IV")
    assert len(routes) > 1 and len(set(routes)) == len(routes)
    assert all(len(r) == 3 and r[-1].distance(hexmap.hex("0905")) == 1 for r in routes)


# --- properties on random maps --------------------------------------------------------------

TERRAIN = ["clear", "clear", "clear", "hill", "forest", "shallows", "ridge", "barren"]


@st.composite
def random_states(draw):
    rows, cols = 8, 9
    kinds = draw(st.lists(st.sampled_from(TERRAIN), min_size=rows * cols, max_size=rows * cols))
    hexmap = board(rows, cols)
    hexmap = hexmap.with_terrain({h: k for h, k in zip(hexmap.grid, kinds, strict=True)})
    start = draw(st.sampled_from(list(hexmap.grid)))
    hexmap = hexmap.with_terrain({start: "clear"})
    facing = draw(st.integers(0, 5))
    other = draw(st.sampled_from([h for h in hexmap.grid if h != start]))
    others = ("Other", TIGER_I, "Enemy", other, 0)
    cutting = draw(st.booleans())
    return state(
        hexmap, ("Tank", PANZER_IV_D, "Ōarai", start, facing), others, cutting_through=cutting
    )


@settings(max_examples=60, deadline=None)
@given(random_states(), st.integers(1, 7))
def test_reach_is_never_below_distance_and_its_paths_explain_at_the_same_cost(s, mp):
    reach = movement.reach(s, "Tank", mp=mp)
    start = s.tank("Tank").hex
    for (h, facing), cost in reach.costs.items():
        assert cost >= start.distance(h)
        assert cost <= mp
        path = reach.path_to(h, facing)
        explained = explain_move(
            s, "Tank", [step.end for step in path], [Modifier("given", mp - 3, "test")]
        )
        assert explained.legal, explained
        assert explained.mp_spent == cost


@settings(max_examples=60, deadline=None)
@given(random_states(), st.integers(0, 8), st.booleans())
def test_the_fast_search_finds_the_same_costs_as_a_plain_search_over_poses(s, mp, wreck):
    if wreck:
        s = s.with_options(wreckage=True).with_tank(replace(s.tank("Other"), wreck=True))
    assert dict(movement.reach(s, "Tank", mp=mp).costs) == plain_reach_costs(s, "Tank", mp)


def test_the_movement_tables_entry_costs_are_the_step_rules_costs():
    """The table's fast cost (movement.entry_cost) against StepRules.enter, the explained
    version: every hex and direction of every shipped map, for each school on it."""
    import workbench
    from workbench.games.panzer_vor.rules.movement import StepRules, entry_cost, move_table
    from workbench.games.panzer_vor.rules.state import GameState, Tank
    from workbench.geometry.hexgrid import DIRECTIONS
    from workbench.paths import shipped

    for path in shipped("panzer-vor", "scenarios").values():
        scenario = workbench.load(path)
        hexmap = scenario.hexmap
        schools = {s.school or s.key for s in scenario.sides} | {"Ōarai", "nobody"}
        for school in sorted(schools):
            rules = StepRules(
                GameState(hexmap), Tank("", PANZER_IV_D, school, next(iter(hexmap.grid)), 0)
            )
            table = move_table(hexmap, school)
            for i, h in enumerate(table.hexes):
                for d, step in enumerate(DIRECTIONS):
                    entered = rules.enter(h, h + step, reverse=False)
                    expected = -1 if not isinstance(entered, tuple) else entered[0]
                    assert entry_cost(hexmap, school, h, h + step) == expected
                    assert table.entry[i][d] == expected
