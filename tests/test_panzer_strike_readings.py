"""Panzer Strike's open readings as named options, from the rulebook's words: how far back a
move goes, a shot past a corner where two squares meet, and what "come to" and "stand still"
mean for capturing a flag; the optional Barricades off unless switched on. Each test quotes the
sentence it checks; ``explain`` names the reading in force where the verdict turns on it."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import workbench
from workbench import panzer_strike as ps
from workbench.games.panzer_strike.rules import sections, shooting
from workbench.games.panzer_strike.rules.movement import reach
from workbench.games.panzer_strike.rules.options import OPTIONS, READINGS
from workbench.games.panzer_strike.rules.setup import open_board, position, rolled
from workbench.games.panzer_strike.rules.shooting import trajectory
from workbench.geometry.squaregrid import Square

ROOT = Path(__file__).resolve().parents[1]
BOARD = open_board()  # 16 × 8 open squares


def duel(*tanks, options=None, board=BOARD):
    return position(board, tanks, options=options)


def turning_texts(verdict):
    return [r.text for r in verdict.reasons if r.text.startswith("this turns on the reading")]


# --- the options list ------------------------------------------------------------------------


def test_every_reading_is_a_short_choice_naming_each_value():
    # the stepper's new-game choices are built from this list: each reading is one line
    for option in OPTIONS:
        assert len(option.reading) <= 160, (option.name, len(option.reading))
        for value in option.choices if option.kind == "choice" else ():
            assert f"'{value}'" in option.reading, (option.name, value)
    assert set(READINGS) <= {o.name for o in OPTIONS}


# --- Movement: how far back a move goes ------------------------------------------------------


def test_one_square_back_a_move_unless_steps_back_are_repeatable():
    # "A movement backwards is restricted to one step: a tank can move only by a square
    # backwards."
    once = duel(("M", "Medium", "north", (5, 2), "N"))
    assert once.options.backward_steps == "once"  # the default
    assert (Square(5, 4), 0) not in reach(once, "M", 6).within(6)  # never two squares back
    again = duel(("M", "Medium", "north", (5, 2), "N"), options={"backward_steps": "repeatable"})
    poses = reach(again, "M", 3).within(3)
    assert poses[(Square(5, 4), 0)] == 2 and poses[(Square(5, 5), 0)] == 3  # a step each
    assert poses[(Square(4, 4), 1)] == 3  # back, a turn, back again
    path = reach(again, "M", 3).path_to(Square(5, 5), 0)
    assert [s.action for s in path] == ["backward"] * 3


def test_repeatable_steps_back_alone_make_a_move_of_steps_back_only():
    # backward_alone: "a move backwards is that square alone"; with repeatable steps back, a
    # move backwards is steps back and nothing else
    both = {"backward_steps": "repeatable", "backward_alone": True}
    match = duel(("M", "Medium", "north", (5, 2), "N"), options=both)
    poses = reach(match, "M", 3).within(3)
    assert poses[(Square(5, 5), 0)] == 3
    assert (Square(5, 3), 1) not in poses and (Square(5, 4), 7) not in poses  # no turn after


def test_a_free_step_back_may_not_be_repeated():
    scenario = ps.load_scenario("capture-the-flag")
    free_again = {"backward_counts": False, "backward_steps": "repeatable"}
    with pytest.raises(ps.OptionError, match="backward_steps") as refused:
        ps.start(scenario, free_again)
    assert refused.value.section == sections.MOVEMENT and "backward_counts" in str(refused.value)


def test_explain_names_the_backward_reading_a_refused_move_turns_on():
    match = rolled(
        duel(("M", "Medium", "north", (5, 2), "N"), ("E", "Light", "south", (5, 7), "N")), [4, 5]
    )
    move = ps.Move("M", 0, (5, 4), 0)  # two squares straight back
    verdict = ps.explain(match, move)
    assert not verdict.legal
    (text,) = turning_texts(verdict)
    assert text.startswith("this turns on the reading backward_steps, 'once' now")
    assert text.endswith("with 'repeatable', it would be allowed")
    assert verdict.reasons[1].text == text  # right after the refusal
    allowed = replace(match, options=replace(match.options, backward_steps="repeatable"))
    verdict = ps.explain(allowed, move)
    assert verdict.legal and "with 'once', it would be refused" in turning_texts(verdict)[0]
    assert ps.apply(allowed, move).state.tank("M").at == Square(5, 4)


# --- Shooting: a shot past a corner where two squares meet -----------------------------------

# F at (0, 0) shoots T at (2, 2): the line passes the corner where (1, 0) and (0, 1) meet
CORNER = [("F", "Medium", "north", (0, 0), "E"), ("T", "Light", "south", (2, 2), "W")]


@pytest.mark.parametrize(
    ("reading", "one_side", "both_sides"),
    [("crossed", True, True), ("met", False, False), ("both", True, False)],
)
def test_a_shot_past_a_corner_is_a_named_reading(reading, one_side, both_sides):
    # "The trajectory of the shell must be clear – there must not be anything on its way (like
    # a part of a building or an active or destroyed tank)."
    options = {"trajectory": reading}
    one = duel(*CORNER, ("X", "Light", "north", (1, 0), "E"), options=options)
    assert shooting.odds(one, "F", "T").can_shoot == one_side
    two = duel(
        *CORNER,
        ("X", "Light", "north", (1, 0), "E"),
        ("Y", "Light", "north", (0, 1), "E"),
        options=options,
    )
    wreck = two.with_tank(replace(two.tank("Y"), destroyed=True))  # a wreck is on its way too
    assert shooting.odds(two, "F", "T").can_shoot == both_sides
    assert shooting.odds(wreck, "F", "T").can_shoot == both_sides


def test_under_both_a_corner_stops_the_shell_only_with_something_each_side():
    # "Tanks can shoot over, but not pass through squares with flags": a flag is nothing on
    # the shell's way, so a tank and a flag at a corner let it by
    flagged = BOARD.with_flag(Square(0, 1), "south")
    options = {"trajectory": "both"}
    match = duel(*CORNER, ("X", "Light", "north", (1, 0), "E"), options=options, board=flagged)
    assert shooting.odds(match, "F", "T").can_shoot
    path = trajectory(match, Square(0, 0), Square(2, 2))
    assert path.clear and path.corners == ((Square(1, 0), "tank X"),)
    boxed = duel(
        *CORNER,
        ("X", "Light", "north", (1, 0), "E"),
        ("Y", "Light", "north", (0, 1), "E"),
        options=options,
    )
    refusal = shooting.odds(boxed, "F", "T").refusal.text
    assert "tank X at (1, 0)" in refusal and "tank Y at (0, 1)" in refusal
    assert refusal.endswith("(beside a corner the line passes: trajectory 'both')")


def test_explain_names_the_trajectory_reading_a_shot_turns_on():
    match = duel(*CORNER, ("X", "Light", "north", (1, 0), "E"))
    at_shot = ps.apply(rolled(match, [1, 2]), ps.EndMovement()).state
    verdict = ps.explain(at_shot, ps.Shoot("F", "T"))
    assert verdict.legal
    (text,) = turning_texts(verdict)
    assert text.startswith("this turns on the reading trajectory, 'crossed' now (a shot past")
    assert "with 'met', it would be refused: the trajectory is blocked by tank X" in text
    met = replace(at_shot, options=replace(at_shot.options, trajectory="met"))
    refused = ps.explain(met, ps.Shoot("F", "T"))
    assert not refused.legal and turning_texts(refused)[0].endswith(
        "with 'crossed', it would be allowed"
    )
    clear = duel(*CORNER)  # nothing at the corner: no reading to name
    at_clear = ps.apply(rolled(clear, [1, 2]), ps.EndMovement()).state
    assert not turning_texts(ps.explain(at_clear, ps.Shoot("F", "T")))


@settings(max_examples=150, deadline=None)
@given(
    st.lists(st.tuples(st.integers(0, 9), st.integers(0, 7)), min_size=3, max_size=12, unique=True),
    st.sampled_from(["crossed", "met", "both"]),
)
def test_the_trajectory_matches_the_plain_geometry(squares, reading):
    from workbench.testing.panzer_strike_reference import plain_trajectory_blocked

    board = workbench.load(ROOT / "maps" / "panzer-strike" / "capture-the-flag.json")
    squares = [s for s in squares if not board.blocks_movement(Square(*s))]
    if len(squares) < 2:
        return
    tanks = [(f"T{i}", "Light", "north", s, "N") for i, s in enumerate(squares)]
    match = position(board, tanks, options={"trajectory": reading, "barricades": True})
    a, b = Square(*squares[0]), Square(*squares[1])
    assert (not trajectory(match, a, b).clear) == plain_trajectory_blocked(match, a, b)


# --- Task: Capture the Flag: "come to" and "stand still" -------------------------------------


def flag_position(at=(8, 2), facing="S", **options):
    board = BOARD.with_flag(Square(8, 7), "south").with_flag(Square(1, 0), "north")
    return position(
        board,
        [("A", "Light", "north", at, facing), ("D", "Heavy", "south", (15, 3), "W")],
        options=options,
    )


def end_turn(match):
    if match.phase == "roll":
        match = rolled(match, [1, 2])
    if match.phase == "move":
        match = ps.apply(match, ps.EndMovement()).state
    return ps.apply(match, ps.EndTurn()).state


def at_end(match):
    if match.phase == "roll":
        match = rolled(match, [1, 2])
    if match.phase == "move":
        match = ps.apply(match, ps.EndMovement()).state
    return match


def test_turning_in_place_is_moving_unless_read_as_standing_still():
    # "To capture a flag, a tank must come to a square next to it, survive the following
    # opponent's turn and stand still on that square one more turn." and "Any motion forward
    # by one square or rotation for 45° counts as one step."
    for reading, captured in (("moves", False), ("still", True)):
        match = ps.apply(
            rolled(flag_position(flag_turning=reading), [3, 5]), ps.Move("A", 0, (8, 6), 4)
        ).state
        match = end_turn(end_turn(match))  # came next to the flag; survived the opponent's turn
        turned = ps.apply(rolled(match, [1, 2]), ps.Move("A", 0, (8, 6), 5)).state  # a turn
        after = end_turn(turned)
        assert (Square(8, 7) not in after.board.flags) == captured, reading
    texts = [r.text for e in ps.apply(at_end(turned), ps.EndTurn()).events for r in e.reasons]
    assert (
        "it only turned in place, which stands still by the reading flag_turning 'still'" in texts
    )


def test_a_turn_in_place_beside_the_flag_starts_the_count_only_as_a_move():
    for reading, counts in (("moves", True), ("still", False)):
        match = flag_position(at=(8, 6), flag_turning=reading)
        turned = ps.apply(rolled(match, [1, 2]), ps.Move("A", 0, (8, 6), 5)).state
        assert bool(end_turn(turned).watches) == counts, reading


def test_a_tank_already_next_to_the_flag_counts_only_when_present_is_the_reading():
    # "a tank must come to a square next to it": one that starts its turn there did not come
    arrive = end_turn(flag_position(at=(8, 6)))
    assert not arrive.watches
    present = flag_position(at=(8, 6), flag_arrival="present")
    events = ps.apply(at_end(present), ps.EndTurn()).events
    assert [e.text for e in events][1] == "A is next to south's flag at (8, 7)"
    assert "staying there counts by the reading flag_arrival 'present'" in events[1].reasons[1].text
    after = end_turn(end_turn(end_turn(present)))  # survived, stood still one more turn
    assert after.captured == ((Square(8, 7), "south", "A"),)


def test_explain_names_the_flag_reading_an_end_of_turn_turns_on():
    verdict = ps.explain(at_end(flag_position(at=(8, 6))), ps.EndTurn())
    assert verdict.legal
    (text,) = turning_texts(verdict)
    assert text.startswith("this turns on the reading flag_arrival, 'arrive' now")
    assert text.endswith("with 'present', A is next to south's flag at (8, 7)")
    match = ps.apply(rolled(flag_position(), [3, 5]), ps.Move("A", 0, (8, 6), 4)).state
    match = end_turn(end_turn(match))
    turned = ps.apply(rolled(match, [1, 2]), ps.Move("A", 0, (8, 6), 5)).state
    texts = turning_texts(ps.explain(at_end(turned), ps.EndTurn()))
    assert any(
        t.startswith("this turns on the reading flag_turning, 'moves' now")
        and t.endswith("with 'still', A captures south's flag at (8, 7)")
        for t in texts
    )


# --- Optional Rules: Barricades --------------------------------------------------------------


def test_capture_the_flag_starts_without_its_barricades_unless_switched_on():
    # "Optional Rules ... Barricades: Barricades can be placed on any street square. Tanks can
    # neither move nor shoot over them."
    scenario = ps.load_scenario("capture-the-flag")
    assert len(scenario.board.barricades) == 2
    assert not ps.start(scenario).in_play_barricades()
    on = ps.start(scenario, {"barricades": True})
    assert on.in_play_barricades() == scenario.board.barricades
    (barricades,) = [o for o in ps.options(scenario) if o.name == "barricades"]
    assert barricades.section == sections.BARRICADES and barricades.default is False
