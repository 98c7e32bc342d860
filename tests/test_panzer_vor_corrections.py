"""The eight rules corrections of the "Panzer Vor! played whole" issue, each from the
rulebook's words."""

from __future__ import annotations

from dataclasses import replace

from panzer_vor_pieces import PANZER_IV_D, T34_76, TIGER_I, board, state

from tests.panzer_vor_match import GAME, arranged, play
from workbench.boards.hexmap import HexMap
from workbench.games.panzer_vor.rules import firing, movement
from workbench.games.panzer_vor.rules.actions import Fire, Move, PlayCard, Select
from workbench.games.panzer_vor.rules.firing import aimed
from workbench.games.panzer_vor.rules.match import evolve
from workbench.games.panzer_vor.rules.movement import explain_move, move
from workbench.games.panzer_vor.rules.sight import line_of_sight
from workbench.games.panzer_vor.rules.visibility import visibility_matrix
from workbench.geometry.hexgrid import DIRECTIONS, EAST, WEST


# 1. A line that crosses a white hexside through its middle is blocked.
def test_a_line_through_the_middle_of_a_white_hexside_is_blocked():
    hexmap = HexMap.blank(8, 8).with_hexside("0304", "0405", "white")
    line = line_of_sight(hexmap, "0302", "0407")
    assert not line.clear and "white" in line.reason.text
    assert not visibility_matrix(hexmap).sees("0302", "0407")


# 2. Wreckage is a marker in a hex, not a tank.
def test_a_tank_may_enter_and_stop_in_a_wreckage_hex_for_one_more_mp():
    wreck = ("Wreck", TIGER_I, "Enemy", "0506", EAST, {"wreck": True})
    s = state(board(), ("Tank", TIGER_I, "Ōarai", "0505", EAST), wreck, wreckage=True)
    assert movement.reach(s, "Tank").cost(s.map.hex("0506"), EAST) == 2  # "costs 2 movement points"
    after, explained = move(s, "Tank", [("0506", EAST)])
    assert explained.mp_spent == 2 and after.tank("Tank").hex == s.map.hex("0506")


def test_a_tank_may_be_set_up_on_a_wreck_and_a_shot_at_it_takes_no_wreckage_modifier():
    hexmap = board(4, 20)
    s = state(
        hexmap,
        ("Firer", PANZER_IV_D, "Ōarai", "0201", EAST),
        ("Wreck", TIGER_I, "Enemy", "0205", EAST, {"wreck": True}),
        ("Target", T34_76, "Enemy", "0205", WEST),
        wreckage=True,
    )
    odds = firing.odds(s, "Firer", "Target")
    assert not any("wreckage" in m.name for m in odds.attack_modifiers)


# 3. Kuromorimine, Deployment in Forests.
def test_deployment_forests_may_be_moved_through_until_left_never_re_entered():
    # Kuromorimine: Deployment in Forests: "Kuromorimine's deployment hexes in the first stage
    # are forest hexes. These forest hexes may only be entered or moved through at the start of
    # the match. Once a tank has left one of these hexes, they may not re-enter them.
    # Furthermore, lines of fire may not be made through these forest hexes. There are no
    # attack modifiers for firing into or out of forest hexes though."
    hexmap = board(deployment_forest=["0505", "0506", "0507"])
    inside = state(hexmap, ("Tank", TIGER_I, "Enemy", "0505", EAST))
    assert explain_move(inside, "Tank", [("0506", EAST), ("0507", EAST)]).legal
    outside = state(hexmap, ("Tank", TIGER_I, "Enemy", "0504", EAST))
    assert not explain_move(outside, "Tank", [("0505", EAST)]).legal
    assert not line_of_sight(hexmap, "0504", "0508").clear  # through the forest
    out_of = state(hexmap, ("Firer", TIGER_I, "Enemy", "0507", EAST),
                   ("Target", T34_76, "Ōarai", "0510", WEST))  # fmt: skip
    odds = firing.odds(out_of, "Firer", "Target")
    assert odds.can_fire and [m.name for m in odds.attack_modifiers] == ["T-34/76 target size"]


def test_kuromorimine_tanks_deployed_in_the_forest_have_moves():
    match = arranged("kuromorimine-stage-1", hands={"Kuromorimine": ("Move",)}, active=1)
    match = play(match, PlayCard("Move"))
    inner = []
    for select in (a for a in GAME.legal_actions(match) if isinstance(a, Select)):
        tank = match.board.tank(select.tank)
        neighbours = [match.board.map.terrain_name(n) for n in tank.hex.neighbors()
                      if n in match.board.map.grid]  # fmt: skip
        if all(name == "deployment forest" for name in neighbours):
            moves = [a for a in GAME.legal_actions(play(match, select)) if isinstance(a, Move)]
            inner.append(bool(moves) or all(
                match.board.tank_at(n) is not None for n in tank.hex.neighbors()
                if n in match.board.map.grid))  # fmt: skip
    assert inner and all(inner)  # deep in the forest, a tank with a free neighbour moves


# 4. Turret Rotation.
def test_after_a_rotate_and_fire_the_marker_stays_and_the_next_shot_takes_no_minus_two():
    # Optional Rules: Turret Rotation: "When you rotate a turret, use a turret marker to
    # indicate which direction it is pointed in. From then on, when firing, use the direction
    # of the turret marker to determine the forward field of fire of the tank (see Diagram 14)."
    # "Example (see Diagram 14): A Panzer IV without a turret marker wants to fire at the tank
    # to its upper right. In order to do so, the player places a turret marker and rotates it
    # 60 degrees, applying a -2 modifier to the Attack Roll. On the next turn, if the Panzer IV
    # wants to fire at the same tank, it can do so with no negative modifier. However, in order
    # to fire at the other two tanks, it must rotate its turret again, and fire with a -2
    # modifier."
    hexmap = board(8, 20)
    s = state(
        hexmap,
        ("Firer", PANZER_IV_D, "Ōarai", "0405", EAST),
        ("Target", T34_76, "Enemy", "0106", EAST),
        ("Ahead", T34_76, "Enemy", "0409", EAST),
        turret_rotation=True,
    )
    turning = [m.value for m in firing.odds(s, "Firer", "Target").attack_modifiers
               if "turret" in m.name]  # fmt: skip
    assert turning == [-2]
    after = aimed(s, "Firer", "Target")
    assert after.tank("Firer").turret is not None  # the marker stays where it turned
    again = firing.odds(after, "Firer", "Target")
    assert again.can_fire and not any("turret" in m.name for m in again.attack_modifiers)
    assert not any("turret" in m.name for m in firing.odds(s, "Firer", "Ahead").attack_modifiers)
    next_turn = after.with_tank(replace(after.tank("Firer"), turret_turned=0))
    other = firing.odds(next_turn, "Firer", "Ahead")  # ahead of the hull, not of the turret
    assert [m.value for m in other.attack_modifiers if "turret" in m.name] == [-2]


def test_the_card_game_keeps_the_turret_marker_after_a_shot():
    match = arranged("exhibition", hands={"Player 1": ("Fire",)})
    board_ = match.board.with_options(turret_rotation=True)
    firer = replace(board_.tank("Panzer IV Ausf. D"), hex=board_.map.hex("0405"), facing=EAST)
    target = replace(board_.tank("Panzer IV Ausf. D 2"), hex=board_.map.hex("0106"))
    match = evolve(match, board=board_.with_tank(firer).with_tank(target))
    match = play(match, PlayCard("Fire"), Select(firer.id), Fire(firer.id, target.id))
    assert match.board.tank(firer.id).turret is not None
    shot = match.top
    assert [m.value for m in shot.attack if "turret" in m.name] == [-2]


def test_a_target_on_the_line_between_two_arcs_can_be_engaged_by_turning_the_turret():
    hexmap = board(12, 12)
    firer_hex = hexmap.hex("0606")
    target_hex = firer_hex + (DIRECTIONS[1] + DIRECTIONS[2]) * 2  # on the E|SE arc line
    s = state(
        hexmap,
        ("Firer", PANZER_IV_D, "Ōarai", "0606", 0),  # the turret points NE
        ("Target", T34_76, "Enemy", hexmap.grid.label(target_hex), 0),
        turret_rotation=True,
    )
    odds = firing.odds(s, "Firer", "Target")
    assert odds.can_fire  # one hexside of turn lays the turret on that line
    assert [m.value for m in odds.attack_modifiers if "turret" in m.name] == [-2]


# 5. A Mock Battle!: Ōarai tanks may enter the alleys whichever team they play for.
def test_both_mock_battle_teams_are_oarai_and_may_enter_the_alleys():
    match = arranged("mock-battle")
    board_ = match.board
    alley = board_.map.hex("0610")  # "Some hexes on the map are marked in red (e.g. hex 0610)"
    start = next(n for n in alley.neighbors() if board_.map.terrain_name(n) in ("clear", "road"))
    facing = next(d for d in range(6) if start.neighbor(d) == alley)
    for team in ("Team A", "Team B"):
        tank = match.tanks_of(team)[0]
        s = board_.with_tank(replace(tank, hex=start, facing=facing))
        s = s.without([t.id for t in s.tanks if t.id != tank.id])
        assert explain_move(s, tank.id, [("0610", facing)]).legal, team


# 7. Reverse movement: twice as much as forwards.
def test_reversing_into_a_hill_costs_twice_the_hills_cost():
    hexmap = board(hill=["0504"])
    s = state(hexmap, ("Tank", TIGER_I, "Ōarai", "0505", EAST))
    tank = replace(s.tank("Tank"), counter=replace(TIGER_I, movement=4))
    s = s.with_tank(tank)
    explained = explain_move(s, "Tank", [("0504", EAST)])
    assert explained.legal and explained.mp_spent == 4  # 2 MP for the hill, twice
    assert movement.reach(s, "Tank").cost(s.map.hex("0504"), EAST) == 4
