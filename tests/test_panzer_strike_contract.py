"""Panzer Strike on the one contract (ARCHITECTURE.md: "One contract"): its options as one
checked list, the learner's odds, reach and explain from a state (each agreeing with the
rules' own lists and apply), the labelled greedy player, sides called "chance" and
"terminal", and a scenario drawn from its own values. Each rule quotes its sentence."""

from __future__ import annotations

import random
from dataclasses import asdict, fields, replace
from fractions import Fraction

import pytest

from workbench import panzer_strike as ps
from workbench.errors import ArgumentError
from workbench.games.panzer_strike.rules import sections
from workbench.games.panzer_strike.rules.movement import reach as search
from workbench.games.panzer_strike.rules.options import OPTIONS
from workbench.games.panzer_strike.rules.state import Options
from workbench.render import svg_of
from workbench.rules.core import Turn, not_now

BOARD = ps.open_board()  # 16 × 8 open squares


def duel(*tanks, options=None, board=BOARD):
    return ps.position(board, tanks, options=options)


def moving(match, large=(6,)):
    """The match with the movement dice set to ``large``."""
    return ps.with_dice(match, list(large))


def shooting(match):
    """The match at its shooting phase, no tank moved."""
    return ps.apply(moving(match), ps.EndMovement()).state


def destroyed_after(state, target):
    """The chance that ``target`` is destroyed once the shot's gun dice are rolled."""
    outcomes = ps.chance_outcomes(state)
    return sum(
        (p for r, p in outcomes if ps.apply(state, r).state.tank(target).destroyed), Fraction(0)
    )


# --- options ---------------------------------------------------------------------------------


def test_every_option_is_listed_with_its_values_default_section_and_reading():
    listed = ps.options(ps.load_scenario("capture-the-flag"))
    assert [o.name for o in listed] == [f.name for f in fields(Options)]
    assert {o.name: o.default for o in listed} == asdict(Options())
    for option in listed:
        assert option.section in sections.ALL and option.reading, option.name
        for value in option.choices if option.kind == "choice" else ():
            assert f"'{value}'" in option.reading, (option.name, value)  # each reading named


def test_the_defaults_change_only_on_purpose_and_old_records_keep_theirs():
    # a record is saved with every option written out; one that leaves an option out was
    # played with its ``unwritten`` value: only Barricades, an optional rule now off by
    # default, was on for the records saved before
    assert {o.name: o.default for o in OPTIONS} == {
        "damage": False,
        "barricades": False,
        "backward_counts": True,
        "backward_alone": False,
        "backward_steps": "once",
        "diagonal_cut": "allowed",
        "trajectory": "crossed",
        "distance_rounding": "up",
        "divided_square": "side",
        "flag_next_to": "eight",
        "flag_turning": "moves",
        "flag_arrival": "arrive",
        "one_die_per_tank": True,
        "any_flags": False,
        "any_positions": False,
        "turn_limit": 30,
    }
    changed = {o.name: o.if_unwritten for o in OPTIONS if o.if_unwritten != o.default}
    assert changed == {"barricades": True}


def test_a_scenarios_own_options_are_its_defaults():
    by_name = {
        n: {o.name: o.default for o in ps.options(ps.load_scenario(n))} for n in ps.scenarios()
    }
    assert by_name["annihilation"]["damage"] is True
    assert by_name["attack-defence"]["turn_limit"] == 8
    assert by_name["capture-the-flag"]["turn_limit"] == 30


@pytest.mark.parametrize(
    "given",
    [
        {"damage": "no"},  # text is no switch: refused, not taken as on
        {"damage": 1},
        {"turn_limit": 2.7},
        {"turn_limit": 0},
        {"turn_limit": True},
        {"trajectory": "grazed"},
        {"no_such_rule": True},
    ],
)
def test_start_refuses_an_option_it_does_not_have_or_a_value_it_does_not_allow(given):
    scenario = ps.load_scenario("capture-the-flag")
    (name,) = given
    with pytest.raises(ps.OptionError, match=name) as refused:
        ps.start(scenario, given)
    assert isinstance(refused.value, ArgumentError) and refused.value.option == name
    with pytest.raises(ps.OptionError, match=name):
        Options.of(given)


def test_no_turn_limit_and_every_reading_start_a_game():
    scenario = ps.load_scenario("capture-the-flag")
    assert ps.start(scenario, {"turn_limit": None}).options.turn_limit is None
    for option in OPTIONS:
        for value in option.choices:
            assert getattr(ps.start(scenario, {option.name: value}).options, option.name) == value


def test_a_scenario_whose_own_option_is_wrong_is_refused_naming_it():
    scenario = replace(ps.load_scenario("annihilation"), options={"damage": "yes"})
    with pytest.raises(ps.OptionError, match=r'options\["damage"\].*scenario'):
        ps.start(scenario)
    with pytest.raises(ps.OptionError, match="damage"):
        replace(Options(), damage="yes")


# --- odds ------------------------------------------------------------------------------------


def test_the_odds_give_the_shot_that_declares_them_and_agree_with_the_gun_dice():
    # "To shoot, a player rolls as many dice as indicated for that tank type in the column
    # "Gun" in the Tables."
    match = shooting(
        duel(("F", "Heavy", "north", (5, 0), "S"), ("T", "Light", "south", (5, 3), "N"))
    )
    odds = ps.odds(match, "F", "T")
    assert odds.shot == ps.Shoot("F", "T") and odds.shot in ps.legal_actions(match)
    assert odds.destroy == destroyed_after(ps.apply(match, odds.shot).state, "T") > 0
    assert odds.lines()[0].startswith(f"F at T: destroys with {odds.destroy}")
    assert "destroy" in svg_of(odds) and "<svg" in odds._repr_svg_()


def test_the_odds_before_shooting_say_why_the_shot_is_not_declared_now():
    # "After moving, all tanks can shoot."
    match = moving(duel(("F", "Heavy", "north", (5, 0), "S"), ("T", "Light", "south", (5, 3), "N")))
    odds = ps.odds(match, "F", "T")
    with pytest.raises(ps.IllegalAction) as refused:
        ps.apply(match, ps.Shoot("F", "T"))
    assert odds.shot is None and odds.reasons[-1] == odds.refusal
    assert odds.refusal == not_now("move phase", refused.value.reason)  # the phase and the rule
    assert odds.destroy > 0  # the chance as things stand, were it fired


def test_the_odds_of_a_blocked_shot_end_with_what_blocks_it():
    # "The trajectory of the shell must be clear – there must not be anything on its way"
    match = shooting(
        duel(
            ("F", "Heavy", "north", (5, 0), "S"),
            ("W", "Light", "north", (5, 2), "S"),
            ("T", "Light", "south", (5, 5), "N"),
        )
    )
    odds = ps.odds(match, "F", "T")
    assert odds.shot is None and "blocked by tank W" in odds.reasons[-1].text
    refused = ps.explain(match, ps.Shoot("F", "T")).reasons[0]
    assert odds.refusal == odds.reasons[-1] == not_now("shoot phase", refused)
    assert odds.destroy == 0  # the rules allow no such shot


def test_the_odds_name_a_tank_that_is_not_there():
    match = duel(("F", "Heavy", "north", (5, 0), "S"), ("T", "Light", "south", (5, 3), "N"))
    with pytest.raises(ArgumentError, match=r"attacker.*F, T"):
        ps.odds(match, "X", "T")
    with pytest.raises(ArgumentError, match="target"):
        ps.odds(match, "F", "X")


# --- reach -----------------------------------------------------------------------------------


def test_reach_is_where_the_legal_moves_end():
    # "Example from the printed sheet: a Light tank with a large number of 6 (modified by +1)
    # may move 7 steps."
    match = moving(duel(("L", "Light", "north", (0, 0), "E"), ("H", "Heavy", "south", (6, 5), "N")))
    where = ps.reach(match, "L")
    moves = [a for a in ps.legal_actions(match) if isinstance(a, ps.Move) and a.tank == "L"]
    assert where.destinations == {m.to for m in moves}
    assert (7, 0) in where.destinations and (8, 0) not in where.destinations
    assert where.steps[ps.Square(7, 0)] == 7
    assert where.reasons[0] == ps.Reason("Light: large number 6 +1 = 7 steps", sections.TABLE_A)
    assert where.lines()[0] == f"L: {len(where.destinations)} squares in reach now"
    assert "<svg" in svg_of(where)


def test_reach_says_why_a_tank_cannot_move_now():
    # "this tank can't move (it can only shoot)" and "Heavy tank: large number − 2"
    match = duel(("H", "Heavy", "north", (0, 0), "E"), ("E", "Light", "south", (6, 5), "N"))
    assert ps.reach(match, "H").destinations == frozenset()
    assert "not rolled yet" in ps.reach(match, "H").reasons[0].text
    rolled = moving(match)
    with pytest.raises(ps.IllegalAction) as refused:
        ps.apply(rolled, ps.Move("E", 0, (6, 4), 0))
    assert ps.reach(rolled, "E").reasons == (refused.value.reason,)  # not its side's turn
    damaged = moving(match.with_tank(replace(match.tank("H"), damaged=True)))
    assert ps.reach(damaged, "H").reasons[0].section == sections.DAMAGE
    slow = ps.reach(moving(match, (2,)), "H")
    assert not slow.destinations and "large number 2 -2 gives no step" in slow.reasons[0].text
    after = ps.apply(rolled, ps.EndMovement()).state
    assert ps.reach(after, "H").reasons[0].section == sections.SHOOTING
    with pytest.raises(ArgumentError, match="tank"):
        ps.reach(match, "nobody")


# --- explain ---------------------------------------------------------------------------------


def test_explain_gives_a_moves_die_and_every_step():
    # "Any motion forward by one square or rotation for 45° counts as one step."
    match = moving(duel(("L", "Light", "north", (0, 0), "E"), ("H", "Heavy", "south", (6, 5), "N")))
    verdict = ps.explain(match, "L (0,0)-(2,1) SE")  # the move as text: from, to, facing
    assert verdict.action == ps.Move("L", 0, (2, 1), 3)
    assert verdict.legal and verdict.reasons[0].text == "die 1 shows large number 6"
    steps = [r.text for r in verdict.reasons if r.text.startswith("step ")]
    assert steps == [
        "step 1: one square forward to (1, 0) facing E",
        "step 2: turn right 45° to (1, 0) facing SE",
        "step 3: one square forward to (2, 1) facing SE",
    ]


def test_explain_refuses_as_apply_does_and_then_says_what_blocks():
    # "Tanks can shoot over, but not pass through squares with flags."
    board = BOARD.with_flag(ps.Square(3, 0), "south")
    match = moving(
        duel(
            ("L", "Light", "north", (0, 0), "E"), ("H", "Heavy", "south", (6, 5), "N"), board=board
        )
    )
    move = ps.Move("L", 0, (3, 0), 2)
    with pytest.raises(ps.IllegalAction) as refused:
        ps.apply(match, move)
    verdict = ps.explain(match, move)
    assert not verdict.legal and verdict.reasons[0] == refused.value.reason
    assert "(3, 0) holds south's flag" in [r.text for r in verdict.reasons]


def test_explain_a_shot_after_moving_gives_the_arc_first_then_its_parts():
    # "Tanks that have moved can shoot only +/- 90° (including the squares along 90° line)."
    match = duel(("F", "Heavy", "north", (5, 1), "N"), ("T", "Light", "south", (5, 5), "N"))
    moved = ps.apply(moving(match, (4,)), ps.Move("F", 0, (5, 2), 0)).state  # one back
    moved = ps.apply(moved, ps.EndMovement()).state if moved.phase == "move" else moved
    verdict = ps.explain(moved, ps.Shoot("F", "T"))
    with pytest.raises(ps.IllegalAction) as refused:
        ps.apply(moved, ps.Shoot("F", "T"))
    assert not verdict.legal and verdict.reasons[0] == refused.value.reason
    assert "outside" in verdict.reasons[0].text
    texts = " | ".join(r.text for r in verdict.reasons)
    assert "distance 3.00" in texts and "trajectory is clear" in texts and "armour" in texts
    assert verdict.reasons[-1].text.startswith("if it could shoot, it destroys with")


def test_explain_a_roll_gives_its_chance_and_a_legal_shot_its_odds():
    # "If the same large number is rolled on all the dice, then one extra tank can be moved."
    match = duel(("F", "Heavy", "north", (5, 0), "S"), ("T", "Light", "south", (5, 3), "N"))
    roll = ps.explain(match, ps.RollMovement((6, 6)))
    assert roll.reasons[0].text == "this roll's chance is 1/36 (2.8%)"
    assert "one extra tank can move" in " ".join(r.text for r in roll.reasons)
    at_shot = shooting(match)
    shot = ps.explain(at_shot, ps.Shoot("F", "T"))
    odds = ps.odds(at_shot, "F", "T")
    assert shot.legal and shot.reasons[0].text.startswith(f"it destroys with {odds.destroy}")


# --- results every learner asks about --------------------------------------------------------


def test_trajectory_hit_side_and_reach_give_reasons_and_lines():
    match = duel(("F", "Heavy", "north", (5, 0), "S"), ("T", "Light", "south", (5, 3), "N"))
    path = ps.trajectory(match, ps.Square(5, 0), ps.Square(5, 3))
    assert path.lines() == [
        "the trajectory is clear (2 squares between) (Rules: Shooting and Armour)"
    ]
    hit = ps.hit_side(match, match.tank("T"), ps.Square(5, 0))
    assert hit.reasons == (hit.reason,) and hit.lines() == [str(hit.reason)]
    found = search(match, "F", 4)
    assert found.reasons[0].section == sections.MOVEMENT and "within 4 steps" in found.lines()[0]


# --- players ---------------------------------------------------------------------------------


def test_the_greedy_player_is_the_games_labelled_practice_opponent():
    assert ps.GAME.bots["greedy"] is ps.greedy_player
    assert "not the rulebook's" in ps.greedy_player.label
    assert ps.GAME.bots["flag seeker"] is ps.flag_seeker


def _choice(state, player=None):
    side = ps.current_player(state)
    return (player or ps.greedy_player)(ps.GAME, ps.observation(state, side), random.Random(0))


def test_the_greedy_player_shoots_the_shot_with_the_best_odds_or_none():
    near = ("N", "Light", "south", (5, 3), "N")  # 3 squares: its front, the best odds
    far = ("M", "Medium", "south", (12, 7), "N")
    match = shooting(duel(("F", "Heavy", "north", (5, 0), "S"), near, far))
    assert _choice(match) == ps.Shoot("F", "N")
    hopeless = shooting(
        duel(("F", "Light", "north", (0, 0), "S"), ("H", "Heavy", "south", (15, 7), "N"))
    )
    assert ps.Shoot("F", "H") in ps.legal_actions(hopeless)
    assert ps.odds(hopeless, "F", "H").destroy == 0 and _choice(hopeless) == ps.EndTurn()


def test_the_greedy_player_drives_towards_the_enemy_flag_and_then_keeps_still():
    # "To capture a flag, a tank must come to a square next to it, survive the following
    # opponent's turn and stand still on that square one more turn."
    board = BOARD.with_flag(ps.Square(8, 7), "south").with_flag(ps.Square(1, 0), "north")
    match = ps.position(
        board, [("A", "Light", "north", (8, 2), "S"), ("D", "Heavy", "south", (15, 3), "W")]
    )
    move = _choice(moving(match, (3,)))
    assert move.tank == "A" and max(abs(move.to[0] - 8), abs(move.to[1] - 7)) == 1
    state = ps.apply(moving(match, (3,)), move).state
    state = ps.apply(state, ps.EndTurn()).state  # the watch starts
    state = ps.apply(ps.apply(moving(state, (1,)), ps.EndMovement()).state, ps.EndTurn()).state
    assert _choice(moving(state, (6,))) == ps.EndMovement()  # A watches the flag: it stays


def test_the_greedy_player_wins_more_often_than_the_random_one():
    scenario = ps.load_scenario("attack-defence")
    a, b = (side.name for side in scenario.sides)
    wins = {"greedy": 0, "random": 0}
    for seed in range(6):  # each side three times (attack-defence favours the defender)
        greedy = (a, b)[seed % 2]
        other = b if greedy == a else a
        record = ps.play(
            scenario,
            {greedy: ps.greedy_player, other: ps.random_player},
            seed=seed,
            options={"turn_limit": 5},
        )
        winner = ps.outcome(ps.replay(record)[-1]).winner
        wins["greedy"] += winner == greedy
        wins["random"] += winner == other
    assert wins["greedy"] > wins["random"], wins


def test_sides_called_chance_and_terminal_play_to_the_end():
    scenario = ps.load_scenario("capture-the-flag")
    named = {scenario.sides[0].name: "chance", scenario.sides[1].name: "terminal"}
    board = replace(scenario.board, flags={s: named[o] for s, o in scenario.board.flags.items()})
    sides = tuple(replace(side, name=named[side.name]) for side in scenario.sides)
    renamed = replace(scenario, board=board, sides=sides)
    record = ps.play(renamed, ps.greedy_player, seed=3, options={"turn_limit": 4})
    states = ps.replay(record)
    assert ps.players(states[0]) == ("chance", "terminal")
    result = ps.outcome(states[-1])
    assert result is not None and ps.current_player(states[-1]) is ps.TERMINAL
    assert result.winner in ("chance", "terminal", None)
    acting = {ps.current_player(s) for s in states}
    assert {"chance", "terminal", ps.CHANCE, ps.TERMINAL} <= acting
    for state in states:
        who = ps.current_player(state)
        if isinstance(who, str):  # a side: it acts with its own list of actions
            assert not isinstance(who, Turn) and ps.legal_actions(state)
            assert ps.observation(state, who).legal_actions == tuple(ps.legal_actions(state))


# --- pictures --------------------------------------------------------------------------------


def test_a_scenario_is_drawn_from_its_own_values_without_starting_a_game():
    from workbench.games.panzer_strike.render.pictures import match_scene, scenario_scene

    for name in ps.scenarios():
        scenario = ps.load_scenario(name)
        assert svg_of(scenario) == svg_of(ps.start(scenario))  # the picture of its opening
    scenario = ps.load_scenario("capture-the-flag")
    barricades = replace(scenario, options={"barricades": True})
    assert svg_of(barricades) == svg_of(match_scene(ps.start(barricades)))
    assert svg_of(barricades) != svg_of(scenario)  # the optional rule is off by default
    # forces not on opposite sides: start refuses (Initial Positions), the picture does not
    north, south = scenario.sides
    mixed = replace(
        scenario,
        sides=(north, replace(south, tanks=(replace(south.tanks[0], at=ps.Square(6, 1)),))),
    )
    with pytest.raises(ps.IllegalAction, match="opposite sides"):
        ps.start(mixed)
    assert "<svg" in svg_of(scenario_scene(mixed)) and "<svg" in mixed._repr_svg_()
