"""Panzer Strike: France 1944 – Pocket, from the rulebook's words: movement dice and steps,
shooting (arc, range, trajectory, hit direction), kill odds, Damage, Barricades, winning and
Capture the Flag. Each test quotes the sentence it checks."""

from fractions import Fraction
from itertools import product
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

import workbench
from workbench.errors import ArgumentError
from workbench.games.panzer_strike.boards.tank_types import PanzerStrikeRoster
from workbench.games.panzer_strike.rules import sections, shooting
from workbench.games.panzer_strike.rules.game import (
    GAME,
    EndMovement,
    EndTurn,
    Move,
    RollGun,
    RollMovement,
    Shoot,
    apply,
    chance_outcomes,
    legal_actions,
)
from workbench.games.panzer_strike.rules.movement import allowance, reach, reach_by_die
from workbench.games.panzer_strike.rules.setup import open_board, position, rolled, with_dice
from workbench.games.panzer_strike.rules.shooting import hit_side, trajectory
from workbench.geometry.squaregrid import Square
from workbench.rules.core import IllegalAction

ROOT = Path(__file__).resolve().parents[1]
BOARD = open_board()  # 16 × 8 open squares


def duel(*tanks, options=None, board=BOARD):
    return position(board, tanks, options=options)


# --- Movement ------------------------------------------------------------------------------


def test_a_light_tank_rolling_6_moves_7_steps():
    # "a Light tank with a large number of 6 (modified by +1) may move 7 steps"
    match = duel(("L", "Light", "north", (0, 0), "E"))
    assert allowance(match, match.tank("L"), 6) == 7
    options = reach_by_die(match, [6])
    assert options.options[("L", 6)].steps == 7
    # seven squares forward along its facing, and no further
    assert options.options[("L", 6)].squares[Square(7, 0)] == 7
    assert Square(8, 0) not in options.options[("L", 6)].squares


@pytest.mark.parametrize(
    ("kind", "large", "steps"),
    [("Heavy", 6, 4), ("Medium", 6, 6), ("Light", 1, 2), ("Heavy", 2, 0)],
)
def test_steps_are_the_large_number_modified_by_type(kind, large, steps):
    # "Heavy tank: large number − 2 / Medium tank: large number / Light tank: large number + 1"
    match = duel(("T", kind, "north", (3, 3), "N"))
    assert allowance(match, match.tank("T"), large) == steps


@pytest.mark.parametrize(
    ("active", "dice"), [(1, 2), (4, 2), (5, 3), (8, 3), (9, 4), (12, 4), (13, 5), (20, 5)]
)
def test_dice_table(active, dice):
    tanks = [(f"T{i}", "Light", "north", (i % 16, i // 16), "S") for i in range(active)]
    match = duel(*tanks, ("E", "Light", "south", (15, 7), "N"))
    outcomes = chance_outcomes(match)
    assert {len(a.large) for a, _ in outcomes} == {dice}
    assert sum(p for _, p in outcomes) == 1


def test_movement_roll_probabilities_are_exact_over_the_faces():
    # Movement: "In each turn, players roll dice to determine movement."
    match = duel(("A", "Light", "north", (0, 0), "S"), ("B", "Light", "south", (9, 7), "N"))
    faces = [f.movement for f in match.roster.die_faces]
    brute: dict[tuple, Fraction] = {}
    for roll in product(faces, repeat=2):
        key = tuple(sorted(roll))
        brute[key] = brute.get(key, Fraction(0)) + Fraction(1, len(faces) ** 2)
    assert {a.large: p for a, p in chance_outcomes(match)} == brute


def test_same_large_number_on_all_dice_gives_one_extra_tank_move():
    # "If the same large number is rolled on all the dice, then one extra tank can be moved."
    tanks = [(f"T{i}", "Medium", "north", (2 * i, 0), "S") for i in range(3)]
    match = rolled(duel(*tanks, ("E", "Light", "south", (15, 7), "N")), [4, 4])
    assert match.slots == (4, 4, 4)
    for i in range(3):
        match = apply(match, Move(f"T{i}", i, (2 * i, 4), 4)).state
    assert match.phase == "shoot"
    other = rolled(duel(*tanks, ("E", "Light", "south", (15, 7), "N")), [3, 4])
    assert other.slots == (3, 4)


def test_a_die_moves_one_tank_and_fewer_or_none_may_move():
    # "a player can move a tank per dice rolled (you can move fewer tanks, or none)"
    match = rolled(
        duel(
            ("A", "Medium", "north", (0, 0), "S"),
            ("B", "Medium", "north", (3, 0), "S"),
            ("E", "Light", "south", (15, 7), "N"),
        ),
        [2, 5],
    )
    after = apply(match, Move("A", 0, (0, 2), 4)).state
    with pytest.raises(IllegalAction, match="already moved"):
        apply(after, Move("B", 0, (3, 2), 4))
    with pytest.raises(IllegalAction, match="already moved this turn"):
        apply(after, Move("A", 1, (0, 3), 4))
    assert apply(match, EndMovement()).state.phase == "shoot"


def test_a_step_is_one_square_forward_or_a_45_degree_turn():
    # Movement: "The movement consists of a sequence of steps."
    # "Any motion forward by one square or rotation for 45° counts as one step."
    match = duel(("M", "Medium", "north", (5, 5), "N"))
    found = reach(match, "M", 1).within(1)
    assert found == {
        (Square(5, 4), 0): 1,
        (Square(5, 5), 1): 1,
        (Square(5, 5), 7): 1,
        (Square(5, 6), 0): 1,
    }
    two = reach(match, "M", 2).within(2)
    assert two[(Square(6, 4), 1)] == 2  # a turn to NE, then a diagonal square forward
    assert (Square(6, 3), 1) not in two


def test_backwards_only_one_square():
    # "A movement backwards is restricted to one step: a tank can move only by a square backwards."
    match = duel(("M", "Medium", "north", (5, 2), "N"))
    squares = reach(match, "M", 4).squares(4)
    assert Square(5, 3) in squares and Square(5, 4) not in squares  # not a second square back
    # turning round and driving forward is allowed: that is not moving backwards
    assert reach(match, "M", 6).costs[(Square(5, 4), 4)] == 6


def test_backward_readings_are_named_options():
    free = duel(("M", "Medium", "north", (5, 2), "N"), options={"backward_counts": False})
    assert reach(free, "M", 1).costs[(Square(5, 3), 0)] == 0
    assert (Square(5, 3), 1) in reach(free, "M", 1).within(1)  # back, then a turn
    alone = duel(("M", "Medium", "north", (5, 2), "N"), options={"backward_alone": True})
    poses = reach(alone, "M", 3).within(3)
    assert (Square(5, 3), 0) in poses and (Square(5, 3), 1) not in poses
    with pytest.raises(ArgumentError):
        duel(("M", "Medium", "north", (5, 2), "N"), options={"diagonal_cut": "maybe"})
    with pytest.raises(ArgumentError):
        duel(("M", "Medium", "north", (5, 2), "N"), options={"no_such_rule": True})


@pytest.mark.parametrize("blocker", ["tank", "wreck", "building", "flag", "barricade"])
def test_no_moving_through_tanks_wrecks_buildings_flags_or_barricades(blocker):
    board = workbench.load(ROOT / "maps" / "panzer-strike" / "capture-the-flag.json")
    # (9, 5) holds a barricade, (7, 0) a building, (2, 1) a flag on that board
    where = {
        "tank": (9, 4),
        "wreck": (9, 4),
        "building": (7, 3),
        "flag": (12, 1),
        "barricade": (9, 5),
    }[blocker]
    start = {
        "tank": (9, 3),
        "wreck": (9, 3),
        "building": (7, 2),
        "flag": (12, 2),
        "barricade": (9, 4),
    }[blocker]
    facing = {"tank": "S", "wreck": "S", "building": "S", "flag": "N", "barricade": "S"}[blocker]
    tanks = [("M", "Medium", "north", start, facing)]
    if blocker in ("tank", "wreck"):
        tanks.append(("X", "Light", "south", where, "N"))
    match = duel(*tanks, board=board, options={"barricades": blocker == "barricade"})
    if blocker == "wreck":
        from dataclasses import replace

        match = match.with_tank(replace(match.tank("X"), destroyed=True))
    found = reach(match, "M", 6)
    assert Square(*where) not in found.squares(6)
    ahead = Square(where[0], where[1] + (1 if facing == "S" else -1))
    beyond = found.costs.get((ahead, 4 if facing == "S" else 0))
    assert beyond is None or beyond > 2  # it must go round, not through


def test_barricades_are_an_optional_rule_off_unless_switched_on():
    # "Optional Rules ... Barricades: Barricades can be placed on any street square. Tanks can
    # neither move nor shoot over them."
    board = workbench.load(ROOT / "maps" / "panzer-strike" / "capture-the-flag.json")
    assert Square(9, 5) in board.barricades
    off = duel(("M", "Medium", "north", (9, 4), "S"), board=board)
    on = duel(("M", "Medium", "north", (9, 4), "S"), board=board, options={"barricades": True})
    assert not off.options.barricades and not off.in_play_barricades()
    assert Square(9, 5) in reach(off, "M", 1).squares(1)  # a street square without the rule
    assert Square(9, 5) not in reach(on, "M", 1).squares(1)


@pytest.mark.parametrize(
    ("cut", "one", "two"),
    [("allowed", True, True), ("not-between-two", True, False), ("not-past-any", False, False)],
)
def test_diagonal_step_between_blocked_squares_is_a_named_option(cut, one, two):
    base = [("M", "Medium", "north", (5, 5), "NE"), ("A", "Light", "south", (5, 4), "N")]
    assert (
        (Square(6, 4), 1) in reach(duel(*base, options={"diagonal_cut": cut}), "M", 1).within(1)
    ) == one
    both = [*base, ("B", "Light", "south", (6, 5), "N")]
    assert (
        (Square(6, 4), 1) in reach(duel(*both, options={"diagonal_cut": cut}), "M", 1).within(1)
    ) == two


def test_damaged_tank_cannot_move():
    from dataclasses import replace

    match = duel(("M", "Medium", "north", (5, 5), "N"), ("E", "Light", "south", (5, 1), "S"))
    match = match.with_tank(replace(match.tank("M"), damaged=True))
    match = rolled(match, [3, 5])
    assert match.phase == "shoot"  # nothing can move: straight to shooting
    assert Shoot("M", "E") in list(legal_actions(match))


def test_movement_options_lists_every_assignment():
    match = duel(
        ("A", "Medium", "north", (0, 0), "S"),
        ("B", "Heavy", "north", (5, 0), "S"),
        ("E", "Light", "south", (15, 7), "N"),
    )
    found = reach_by_die(match, [1, 4])
    assert ("B", 1) not in found.options  # a Heavy tank gets 1 − 2 steps: none
    assignments = set(found.assignments())
    assert assignments == {(), ((0, "A"),), ((1, "A"),), ((1, "B"),), ((0, "A"), (1, "B"))}
    same = reach_by_die(match, [4, 4])
    assert same.slots == (4, 4, 4)
    listed = list(same.assignments())
    assert len(listed) == len(set(listed)) == 4  # none, A, B, A and B


def test_path_is_stepwise_and_as_long_as_its_cost():
    match = duel(("L", "Light", "north", (0, 0), "E"))
    options = reach_by_die(match, [6]).options[("L", 6)]
    for (square, facing), cost in list(options.poses.items())[:50]:
        path = options.path_to(square, facing)
        assert len(path) == cost and path[-1].at == square and path[-1].facing == facing
        assert [s.count for s in path] == list(range(1, cost + 1))


# --- Shooting ------------------------------------------------------------------------------


def test_unmoved_tank_shoots_all_round_moved_only_within_90_degrees():
    # Shooting and Armour: "Tanks that haven't moved in current turn can shoot in any direction
    # (360°)."
    # "Tanks that haven't moved ... can shoot in any direction (360°). Tanks that have moved
    # can shoot only +/- 90° (including the squares along 90° line)."
    tanks = [
        ("F", "Medium", "north", (5, 4), "N"),
        ("R", "Light", "south", (5, 7), "N"),
        ("L", "Light", "south", (1, 4), "N"),
    ]
    match = duel(*tanks)
    assert shooting.odds(match, "F", "R").can_shoot  # behind it, but it has not moved
    from dataclasses import replace

    moved = replace(match, moved=("F",))
    assert not shooting.odds(moved, "F", "R").can_shoot
    assert "within 90°" in shooting.odds(moved, "F", "R").refusal.text
    assert shooting.odds(moved, "F", "L").can_shoot  # exactly on the 90° line


def test_minimum_distance_is_2():
    # Shooting and Armour: "Players can determine if a tank can shoot at an enemy as well as the
    # distance between them with the ruler provided." (the ruler's scale is a stand-in: one unit
    # a square)
    # "the minimum distance to be able to shoot is 2"
    match = duel(
        ("F", "Medium", "north", (5, 4), "N"),
        ("A", "Light", "south", (6, 3), "N"),
        ("B", "Light", "south", (5, 2), "N"),
        ("C", "Light", "south", (3, 2), "N"),
    )
    assert not shooting.odds(match, "F", "A").can_shoot  # diagonal neighbour, 1.41
    assert shooting.odds(match, "F", "B").can_shoot  # 2
    assert shooting.odds(match, "F", "C").can_shoot  # 2.83


def test_trajectory_blocked_by_tanks_active_or_destroyed_and_buildings_not_flags():
    board = workbench.load(ROOT / "maps" / "panzer-strike" / "capture-the-flag.json")
    # row 1: flag at (2, 1); row 3: building at (5, 3)
    match = duel(
        ("F", "Medium", "north", (0, 1), "E"),
        ("T", "Light", "south", (4, 1), "W"),
        ("G", "Light", "south", (4, 3), "W"),
        ("H", "Light", "south", (8, 3), "W"),
        board=board,
    )
    assert shooting.odds(match, "F", "T").can_shoot  # over the flag
    path = trajectory(match, Square(4, 3), Square(8, 3))
    assert [s for s, _ in path.blockers] == [Square(5, 3), Square(7, 3)]
    blocked = duel(
        ("F", "Medium", "north", (0, 5), "E"),
        ("X", "Light", "north", (2, 5), "E"),
        ("T", "Light", "south", (4, 5), "W"),
    )
    assert "tank X" in shooting.odds(blocked, "F", "T").refusal.text
    from dataclasses import replace

    wreck = blocked.with_tank(replace(blocked.tank("X"), destroyed=True))
    assert "destroyed tank X" in shooting.odds(wreck, "F", "T").refusal.text


def test_grazing_a_corner_blocks_only_under_the_met_reading():
    tanks = [
        ("F", "Medium", "north", (0, 0), "E"),
        ("X", "Light", "north", (1, 0), "E"),
        ("T", "Light", "south", (2, 2), "W"),
    ]
    assert shooting.odds(duel(*tanks), "F", "T").can_shoot
    assert not shooting.odds(duel(*tanks, options={"trajectory": "met"}), "F", "T").can_shoot


def test_barricade_blocks_shots():
    # "Tanks can neither move nor shoot over them."
    board = workbench.load(ROOT / "maps" / "panzer-strike" / "capture-the-flag.json")
    tanks = [("F", "Medium", "north", (7, 5), "E"), ("T", "Light", "south", (11, 5), "W")]
    on = {"barricades": True}
    blocked = shooting.odds(duel(*tanks, board=board, options=on), "F", "T")
    assert "barricade" in blocked.refusal.text
    assert shooting.odds(duel(*tanks, board=board), "F", "T").can_shoot


@pytest.mark.parametrize(
    ("firer", "zone"),
    [
        ((5, 1), "front"),
        ((5, 8), "rear"),
        ((1, 5), "side"),
        ((7, 2), "front"),
        ((8, 2), "side"),
        ((2, 8), "side"),
        ((4, 9), "rear"),
    ],
)
def test_hit_direction_front_and_rear_90_degree_wedges_the_rest_side(firer, zone):
    # Shooting and Armour: "Depending on the direction from which a tank is targeted, certain
    # part of its armour can be hit: front, side or rear."
    # target at (5, 5) facing N: front wedge within 45° of north, rear within 45° of south;
    # (8, 2) and (2, 8) stand on the dividing lines: "a square divided by an arrow hits the side"
    match = duel(("T", "Heavy", "north", (5, 5), "N"))
    assert hit_side(match, match.tank("T"), Square(*firer)).zone == zone


def test_divided_square_reading_is_a_named_option():
    from dataclasses import replace

    from workbench.games.panzer_strike.boards.tank_types import HitDirection

    roster = replace(PanzerStrikeRoster.builtin(), hit_direction=HitDirection(30, 30))
    # the 30° line from (5, 5) cuts the square (6, 2) but leaves its centre in the front zone
    side = position(BOARD, [("T", "Heavy", "north", (5, 5), "N")], roster=roster)
    centre = position(
        BOARD,
        [("T", "Heavy", "north", (5, 5), "N")],
        roster=roster,
        options={"divided_square": "centre"},
    )
    assert hit_side(side, side.tank("T"), Square(6, 2)).zone == "side"
    assert hit_side(centre, centre.tank("T"), Square(6, 2)).zone == "front"


def test_kill_odds_sum_of_small_numbers_at_least_distance_plus_armour():
    # "the sum of the small numbers on the dice rolled (Firepower) must be equal or greater
    # than the sum of distance to the target ... and its armour"
    match = duel(("F", "Heavy", "north", (5, 0), "S"), ("T", "Light", "south", (5, 3), "N"))
    odds = shooting.odds(match, "F", "T")
    assert (odds.distance, odds.zone, odds.armour, odds.dice, odds.needed) == (3, "front", 4, 4, 7)
    small = [f.firepower for f in match.roster.die_faces]
    hits = sum(1 for roll in product(small, repeat=4) if sum(roll) >= 7)
    assert odds.destroy == Fraction(hits, len(small) ** 4)
    assert sum(odds.firepower.values()) == 1
    for part in ("distance 3.00", "front armour 4", "4 gun dice"):
        assert any(part in r.text for r in odds.reasons), part
    assert all(r.section for r in odds.reasons)
    assert odds.lines()[-1].endswith("(Rules: Shooting and Armour)")


@given(
    st.integers(0, 15),
    st.integers(0, 7),
    st.integers(0, 15),
    st.integers(0, 7),
    st.integers(0, 7),
    st.sampled_from(["up", "nearest", "exact"]),
    st.booleans(),
    st.lists(st.tuples(st.integers(1, 6), st.integers(0, 4)), min_size=1, max_size=6),
)
def test_kill_odds_match_brute_force_over_any_dice(fx, fy, tx, ty, facing, rounding, damage, faces):
    import math

    if (fx, fy) == (tx, ty):
        return
    roster = PanzerStrikeRoster.builtin().with_die_faces(faces, "test")
    match = position(
        BOARD,
        [("F", "Medium", "north", (fx, fy), "N"), ("T", "Heavy", "south", (tx, ty), facing)],
        roster=roster,
        options={"distance_rounding": rounding, "damage": damage},
    )
    odds = shooting.odds(match, "F", "T")
    d = math.hypot(tx - fx, ty - fy)
    assert odds.can_shoot == (d >= 2)
    counted = {"up": math.ceil(d - 1e-9), "nearest": math.floor(d + 0.5), "exact": d}[rounding]
    need = counted + odds.armour
    destroyed = damaged = 0
    for roll in product([s for _, s in faces], repeat=3):
        total = sum(roll)
        if total > need + 1e-9 or (not damage and abs(total - need) < 1e-9):
            destroyed += 1
        elif damage and abs(total - need) < 1e-9:
            damaged += 1
    assert odds.destroy == Fraction(destroyed, len(faces) ** 3)
    assert odds.damage == Fraction(damaged, len(faces) ** 3)


def shot(match, firer, target, small):
    match = apply(match, Shoot(firer, target)).state
    return apply(match, RollGun(tuple(sorted(small)))).state


def at_shooting(match, large=(1, 1)):
    match = rolled(match, large)
    return apply(match, EndMovement()).state if match.phase == "move" else match


def test_a_destroyed_tank_stays_as_an_obstacle_and_the_winner_destroys_all():
    # "If the target is destroyed, the piece is flipped to its side and it remains on the board
    # (as an obstacle). The winner is the player who destroys all enemy tanks."
    match = at_shooting(
        duel(
            ("F", "Heavy", "north", (5, 0), "S"),
            ("T", "Light", "south", (5, 3), "N"),
            ("U", "Light", "south", (9, 3), "N"),
        )
    )
    after = shot(match, "F", "T", (2, 2, 2, 1))  # 7 = 3 + 4
    assert after.tank("T").destroyed and after.tank("T").at == Square(5, 3)
    assert after.outcome if False else GAME.outcome(after) is None
    assert Square(5, 3) not in reach(after, "F", 6).squares(6)
    match2 = at_shooting(
        duel(("F", "Heavy", "north", (5, 0), "S"), ("T", "Light", "south", (5, 3), "N"))
    )
    won = shot(match2, "F", "T", (3, 3, 1, 1))
    assert GAME.outcome(won).winner == "north"
    assert GAME.summarize(won) == {
        "lost": {"north": 0, "south": 1},
        "damage_by": {"Heavy": 1},
        "flags_captured": 0,
    }


def test_one_short_survives_and_damage_rule_equal_sum_damages():
    # "If the sum of small numbers on dice rolled is equal to distance + armour, the targeted
    # tank is only damaged ... from that moment the tank can't move (it can only shoot)."
    tanks = (("F", "Heavy", "north", (5, 0), "S"), ("T", "Light", "south", (5, 3), "N"))
    plain = at_shooting(duel(*tanks))
    assert not shot(plain, "F", "T", (2, 2, 1, 1)).tank("T").destroyed  # 6 < 7
    damage = at_shooting(duel(*tanks, options={"damage": True}))
    hit = shot(damage, "F", "T", (2, 2, 2, 1))
    assert hit.tank("T").damaged and not hit.tank("T").destroyed
    assert shot(damage, "F", "T", (2, 2, 2, 2)).tank("T").destroyed
    turn = apply(hit, EndTurn()).state
    turn = rolled(turn, [6, 6])
    assert turn.phase == "shoot" and Shoot("T", "F") in list(legal_actions(turn))


def test_each_tank_shoots_once_a_turn_and_only_when_its_turn():
    match = at_shooting(
        duel(("F", "Heavy", "north", (5, 0), "S"), ("T", "Heavy", "south", (5, 4), "N"))
    )
    after = shot(match, "F", "T", (1, 1, 1, 1))
    with pytest.raises(IllegalAction, match="already shot"):
        apply(after, Shoot("F", "T"))
    with pytest.raises(IllegalAction, match="north's turn"):
        apply(after, Shoot("T", "F"))


# --- Capture the Flag --------------------------------------------------------------------


def flag_match(**options):
    board = (
        BOARD.with_flag(Square(8, 7), "south")
        .with_flag(Square(14, 7), "south")
        .with_flag(Square(1, 0), "north")
        .with_flag(Square(13, 0), "north")
    )
    return position(
        board,
        [
            ("A", "Light", "north", (8, 2), "S"),
            ("B", "Light", "north", (2, 3), "S"),
            ("D", "Heavy", "south", (15, 3), "W"),
        ],
        options=options,
    )


def end_turn(match):
    match = at_shooting(match) if match.phase == "roll" else match
    if match.phase == "move":
        match = apply(match, EndMovement()).state
    return apply(match, EndTurn()).state


def test_flag_captured_after_coming_next_surviving_and_standing_still():
    # Task: Capture the Flag: "When captured, a flag is removed from the board."
    # "a tank must come to a square next to it, survive the following opponent's turn and
    # stand still on that square one more turn. ... When captured, a flag is removed"
    match = rolled(flag_match(), [3, 5])
    match = apply(match, Move("A", 0, (8, 6), 4)).state  # 4 steps: next to the flag at (8, 7)
    match = end_turn(match)
    assert Square(8, 7) in match.board.flags and match.watches
    match = end_turn(match)  # the opponent's turn: A survives
    assert Square(8, 7) in match.board.flags
    match = end_turn(match)  # A stands still one more turn
    assert Square(8, 7) not in match.board.flags
    assert match.captured == ((Square(8, 7), "south", "A"),)
    assert GAME.outcome(match) is None  # one south flag is left


def test_moving_again_or_being_destroyed_restarts_or_ends_the_watch():
    match = apply(rolled(flag_match(), [3, 5]), Move("A", 0, (8, 6), 4)).state
    match = end_turn(end_turn(match))
    match = apply(rolled(match, [1, 2]), Move("A", 0, (8, 6), 5)).state  # a turn: it moved
    match = end_turn(match)
    assert Square(8, 7) in match.board.flags  # did not stand still
    assert [w.since for w in match.watches] == [3]


def test_capturing_all_enemy_flags_wins():
    # "The winner is the player who captures all enemy flags first."
    board = BOARD.with_flag(Square(8, 7), "south").with_flag(Square(1, 0), "north")
    match = position(
        board, [("A", "Light", "north", (8, 2), "S"), ("D", "Heavy", "south", (15, 3), "W")]
    )
    match = apply(rolled(match, [3, 5]), Move("A", 0, (8, 6), 4)).state
    match = end_turn(end_turn(end_turn(match)))
    assert GAME.outcome(match).winner == "north"
    assert GAME.outcome(match).termination.section == sections.CAPTURE_THE_FLAG


def test_attack_vs_defence_turn_limit_defender_wins():
    # "In attack vs. defence, the game can be limited to a certain number of turns until
    # which the attacker must capture the flag(s)."
    board = BOARD.with_flag(Square(8, 7), "south")
    match = position(
        board,
        [("A", "Light", "north", (0, 0), "S"), ("D", "Heavy", "south", (15, 3), "W")],
        options={"turn_limit": 1},
    )
    assert match.task == "attack-defence"
    match = end_turn(end_turn(match))
    assert GAME.outcome(match).winner == "south"


def test_flags_next_to_reading():
    four = flag_match(flag_next_to="four")
    match = apply(rolled(four, [3, 5]), Move("A", 1, (7, 6), 5)).state  # diagonal to (8, 7)
    assert not end_turn(match).watches
    eight = apply(rolled(flag_match(), [3, 5]), Move("A", 1, (7, 6), 5)).state
    assert end_turn(eight).watches


# --- records and refusals ----------------------------------------------------------------


def test_illegal_actions_are_refused_with_a_section_and_leave_the_state():
    from workbench.testing.conformance import canonical

    match = rolled(flag_match(), [3, 5])
    before = canonical(match)
    for action, text in [
        (Move("D", 0, (14, 3), 6), "south's"),
        (Move("A", 0, (8, 9), 4), "cannot reach"),
        (Move("A", 7, (8, 3), 4), "no die"),
        (Shoot("A", "D"), "not possible in the move phase"),
        (RollMovement((1, 2)), "not possible"),
    ]:
        with pytest.raises(IllegalAction, match=text) as caught:
            apply(match, action)
        assert caught.value.section
    assert canonical(match) == before
    assert (
        repr(match)
        == "<Panzer Strike match on open ground: turn 1, north to move; 3 of 3 tanks active>"
    )


def test_a_played_game_replays_from_its_record(tmp_path):
    from workbench.rules.core import replay
    from workbench.rules.play import play

    scenario = workbench.load(
        ROOT / "maps" / "panzer-strike" / "scenarios" / "capture-the-flag.json"
    )
    record = play(GAME, scenario, seed=3, options={"turn_limit": 3})
    loaded = workbench.load(record.save(tmp_path / "game.json"))
    assert replay(loaded, GAME)[-1] == replay(record, GAME)[-1]
    assert GAME.outcome(replay(loaded, GAME)[-1]) is not None


# --- fast analyses against the plain references ---------------------------------------------


@given(
    st.lists(st.tuples(st.integers(0, 15), st.integers(0, 7)), min_size=2, max_size=8, unique=True),
    st.lists(st.integers(0, 7), min_size=8, max_size=8),
    st.lists(st.integers(1, 6), min_size=1, max_size=5),
    st.sampled_from(["allowed", "not-between-two", "not-past-any"]),
    st.booleans(),
    st.booleans(),
    st.sampled_from(["once", "repeatable"]),
)
def test_movement_options_match_the_plain_search(squares, facings, dice, cut, counts, alone, back):
    from workbench.testing.panzer_strike_reference import plain_movement_options

    counts = counts or back == "repeatable"  # a free step back may not be repeated

    board = workbench.load(ROOT / "maps" / "panzer-strike" / "capture-the-flag.json")
    squares = [s for s in squares if not board.blocks_movement(Square(*s))]
    if len(squares) < 2:
        return
    kinds = ("Heavy", "Medium", "Light")
    tanks = [
        (f"T{i}", kinds[i % 3], "north" if i % 2 == 0 else "south", s, facings[i])
        for i, s in enumerate(squares)
    ]
    match = position(
        board,
        tanks,
        options={
            "diagonal_cut": cut,
            "backward_counts": counts,
            "backward_alone": alone,
            "backward_steps": back,
        },
    )
    fast = reach_by_die(match, dice)
    plain = plain_movement_options(match, dice)
    assert set(fast.options) == set(plain)
    for key, poses in plain.items():
        assert fast.options[key].poses == poses, key


@given(
    st.integers(0, 15),
    st.integers(0, 11),
    st.integers(0, 15),
    st.integers(0, 11),
    st.integers(0, 7),
    st.integers(0, 7),
    st.booleans(),
)
def test_kill_odds_match_the_plain_rules(fx, fy, tx, ty, ff, tf, moved):
    from dataclasses import replace

    from workbench.testing.panzer_strike_reference import plain_kill

    board = workbench.load(ROOT / "maps" / "panzer-strike" / "capture-the-flag.json")
    if (
        (fx, fy) == (tx, ty)
        or board.blocks_movement(Square(fx, fy))
        or board.blocks_movement(Square(tx, ty))
    ):
        return
    match = position(
        board, [("F", "Heavy", "north", (fx, fy), ff), ("T", "Medium", "south", (tx, ty), tf)]
    )
    if moved:
        match = replace(match, moved=("F",))
    odds = shooting.odds(match, "F", "T")
    plain = plain_kill(match, "F", "T")
    assert odds.can_shoot == (plain is not None)
    if plain is not None:
        assert odds.destroy == plain


def test_a_malformed_move_is_refused_not_crashed():
    match = rolled(flag_match(), [3, 5])
    for bad in [(8,), ("8", "3"), (8, 3, 1)]:
        with pytest.raises(IllegalAction, match="two whole numbers"):
            apply(match, Move("A", 0, bad, 4))
    with pytest.raises(IllegalAction, match="no tank"):
        apply(match, Move("Z", 0, (8, 3), 4))


def test_the_invariants_catch_broken_states():
    from dataclasses import replace

    from workbench.games.panzer_strike.rules.state import ShotRecord

    match = duel(("A", "Medium", "north", (2, 2), "N"), ("B", "Light", "south", (6, 6), "S"))
    GAME.invariants(match)
    broken = [
        match.with_tank(replace(match.tank("B"), at=Square(2, 2))),  # two tanks on a square
        replace(match, steps_used=(("A", 5, 4, Square(2, 2), Square(2, 7)),)),  # over allowance
        replace(match, steps_used=(("A", 2, 2, Square(2, 2), Square(2, 7)),)),  # too far
        replace(match, shots=(ShotRecord("A", "B", Square(2, 2), Square(3, 3), 0, False),)),
        replace(match, shots=(ShotRecord("A", "B", Square(2, 2), Square(2, 6), 0, True),)),
        replace(match, wrecks=(("B", Square(6, 5)),)),  # a wreck that moved
    ]
    for state in broken:
        with pytest.raises(AssertionError):
            GAME.invariants(state)


def test_the_flat_module_loads_by_name_and_refuses_other_files():
    from workbench import panzer_strike as ps
    from workbench.files import BoardFileError

    assert set(ps.scenarios()) == set(GAME.scenarios())
    assert ps.start(ps.load_scenario("attack-defence")).task == "attack-defence"
    record = ps.play(ps.load_scenario("annihilation"), seed=2, options={"turn_limit": 2})
    assert ps.outcome(ps.replay(record)[-1]) is not None
    with pytest.raises(BoardFileError, match="expected a PanzerStrikeScenario, found SquareBoard"):
        ps.load_scenario(ROOT / "maps" / "panzer-strike" / "capture-the-flag.json")


def test_cost_to_agrees_with_the_costs_view():
    match = duel(("L", "Light", "north", (3, 3), "NE"), ("E", "Heavy", "south", (6, 3), "N"))
    found = reach(match, "L", 5)
    for (square, facing), cost in found.costs.items():
        assert found.cost_to(square, facing) == cost
    assert found.cost_to(Square(6, 3), 0) is None  # the enemy's square
    assert found.cost_to(Square(40, 3), 0) is None  # off the board


def test_errors_raised_on_purpose_are_workbench_errors():
    from workbench.errors import WorkbenchError
    from workbench.games.panzer_strike.boards.scenario import ScenarioError

    match = rolled(flag_match(), [3, 5])
    with pytest.raises(WorkbenchError, match="start of a turn"):
        with_dice(match, [1, 2])
    assert issubclass(ScenarioError, WorkbenchError)
    with pytest.raises(ScenarioError, match="one tank per square"):
        position(
            BOARD, [("A", "Light", "north", (1, 1), "N"), ("B", "Light", "south", (1, 1), "N")]
        )


def test_gun_dice_outcomes_are_exact_over_the_faces():
    # "To shoot, a player rolls as many dice as indicated for that tank type in the column Gun"
    match = at_shooting(
        duel(("F", "Heavy", "north", (5, 0), "S"), ("T", "Light", "south", (5, 3), "N"))
    )
    waiting = apply(match, Shoot("F", "T")).state
    outcomes = chance_outcomes(waiting)
    small = [f.firepower for f in match.roster.die_faces]
    brute: dict[tuple, Fraction] = {}
    for roll in product(small, repeat=4):
        key = tuple(sorted(roll))
        brute[key] = brute.get(key, Fraction(0)) + Fraction(1, len(small) ** 4)
    assert {a.small: p for a, p in outcomes} == brute
    destroyed = sum(p for a, p in outcomes if apply(waiting, a).state.tank("T").destroyed)
    assert destroyed == shooting.odds(match, "F", "T").destroy


def test_flag_counts_as_the_task_says():
    # "It can be symmetrical (1 or 2 flags each) or attack vs. defence (one player has up to
    # 4 flags)."
    tanks = [("A", "Light", "north", (0, 0), "S"), ("D", "Heavy", "south", (15, 7), "N")]
    three = BOARD.with_flag(Square(2, 7), "south").with_flag(Square(4, 7), "south")
    three = three.with_flag(Square(6, 7), "south").with_flag(Square(1, 0), "north")
    with pytest.raises(IllegalAction, match="1 or 2 flags each"):
        position(three, tanks)
    assert position(three, tanks, options={"any_flags": True}).task == "symmetric"
    five = BOARD
    for x in range(5):
        five = five.with_flag(Square(2 * x, 7), "south")
    with pytest.raises(IllegalAction, match="up to 4 flags"):
        position(five, tanks)
    assert position(five.without_flag(Square(0, 7)), tanks).task == "attack-defence"


def test_a_board_that_places_its_own_tanks_starts_a_game():
    from workbench.games.panzer_strike.boards.board import BoardTank

    board = BOARD.with_tank(BoardTank("Tiger", "Heavy", "axis", Square(1, 1), 4))
    board = board.with_tank(BoardTank("Sherman", "Medium", "allies", Square(12, 6), 0))
    match = GAME.start(board)
    assert match.order == ("axis", "allies") and match.tank("Tiger").facing == 4
    assert not match.board.tanks  # the tanks live in the match
    with pytest.raises(IllegalAction, match="two sides"):
        GAME.start(BOARD.with_tank(BoardTank("Tiger", "Heavy", "axis", Square(1, 1), 4)))
