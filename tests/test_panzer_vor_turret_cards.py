"""Optional Rules: Turret Rotation in the card game: "You may rotate a turret according to the
following rules: When you use a Movement Card, after moving. When you use a Movement Card,
without moving. When you use an Attack Card, you may rotate the turret and then fire."
(the readings are in ``workbench/games/panzer_vor/rules/turret.py``)."""

from __future__ import annotations

from dataclasses import replace

from hypothesis import given
from hypothesis import strategies as st

from tests.panzer_vor_match import GAME, arranged, play
from workbench.games.panzer_vor.rules import turret
from workbench.games.panzer_vor.rules.actions import Fire, Move, PlayCard, Select, Stop, TurnTurret
from workbench.games.panzer_vor.rules.match import Order, evolve
from workbench.games.panzer_vor.rules.reactions import resolving_odds
from workbench.games.panzer_vor.rules.sections import TURRET_ROTATION

EAST = 1
FIRER, TARGET, STUG = "Panzer IV Ausf. D", "Panzer IV Ausf. D 2", "StuG III Ausf. F"


def _match(cards=("Move",), rotation=True, any_rotation=False, **places):
    """Exhibition with the Panzer IV D (Turret Rotation 1) at 0405 facing east and the
    enemy Panzer IV D at 0106, up and to its left: out of its front arc."""
    match = arranged("exhibition", hands={"Player 1": tuple(cards)})
    board = match.board.with_options(
        turret_rotation=rotation, turret_penalty="any-rotation" if any_rotation else "attack-card"
    )
    where = {FIRER: "0405", TARGET: "0106", **places}
    for tank_id, label in where.items():
        tank = board.tank(tank_id)
        facing = EAST if tank_id == FIRER else tank.facing
        board = board.with_tank(replace(tank, hex=board.map.hex(label), facing=facing))
    return evolve(match, board=board)


def _again(match):
    """One more Action card this turn (as Combat Awareness would allow)."""
    return evolve(match, stack=(), phase="action", actions_left=1)


def _turns(match):
    return [a for a in GAME.legal_actions(match) if isinstance(a, TurnTurret)]


def test_a_movement_card_turns_the_turret_after_moving():
    match = play(_match(), PlayCard("Move"), Select(FIRER))
    move = next(a for a in GAME.legal_actions(match) if isinstance(a, Move))
    match = play(match, move)
    assert isinstance(match.top, Order) and match.top.stage == "turret"
    assert set(_turns(match)) == {TurnTurret(FIRER, 1), TurnTurret(FIRER, -1)}
    assert Stop() in GAME.legal_actions(match)  # turning is a choice
    match = play(match, TurnTurret(FIRER, -1))
    tank = match.board.tank(FIRER)
    assert tank.turret == -1 % 6 and tank.turret_turned == 1
    assert not isinstance(match.top, Order)  # the card is carried out


def test_a_movement_card_turns_the_turret_without_moving():
    match = play(_match(), PlayCard("Move"), Select(FIRER))
    assert TurnTurret(FIRER, 1) in GAME.legal_actions(match)
    before = match.board.tank(FIRER)
    match = play(match, TurnTurret(FIRER, 1))
    after = match.board.tank(FIRER)
    assert (after.hex, after.facing, after.turret) == (before.hex, before.facing, 1)
    assert "Move" in match.discard


def test_no_turret_turn_without_the_optional_rule():
    match = play(_match(rotation=False), PlayCard("Move"), Select(FIRER))
    assert not _turns(match)
    move = next(a for a in GAME.legal_actions(match) if isinstance(a, Move))
    assert not isinstance(play(match, move).top, Order)  # no turret stage after the move


def test_assault_guns_have_no_turret_to_turn():
    # Firing: Assault Guns and Jagdpanzers: "their guns are set in a fixed position"
    match = play(_match(), PlayCard("Move"), Select(STUG))
    assert not _turns(match)
    assert not turret.turns(match.board, STUG)


def test_the_turret_rotation_value_is_hexsides_per_player_turn():
    # "A value of 1 means that the turret can be rotated one hex-side (60 degrees) in the
    # player's turn": a Movement-card turn spends it, so no rotate-and-fire follows
    match = play(_match(cards=("Move", "Fire")), PlayCard("Move"), Select(FIRER))
    match = play(match, TurnTurret(FIRER, 1))  # away from the target
    match = play(_again(match), PlayCard("Fire"), Select(FIRER))
    assert Fire(FIRER, TARGET) not in GAME.legal_actions(match)
    assert not turret.turns(match.board, FIRER)
    # the next turn the turret may turn again
    fresh = turret.new_turn(match.board)
    assert fresh.tank(FIRER).turret_turned == 0 and turret.turns(fresh, FIRER)


def test_a_value_of_two_turns_two_hexsides_a_turn_in_one_or_two_goes():
    match = _match()
    tank = match.board.tank(FIRER)
    board = match.board.with_tank(replace(tank, counter=replace(tank.counter, turret_rotation=2)))
    assert {a.turn for a in turret.turns(board, FIRER)} == {1, -1, 2, -2}
    events: list = []
    board = turret.turn(board, TurnTurret(FIRER, 1), events)
    assert {a.turn for a in turret.turns(board, FIRER)} == {1, -1}  # one hexside left
    board = turret.turn(board, TurnTurret(FIRER, 1), events)
    assert board.tank(FIRER).turret == 2 and not turret.turns(board, FIRER)


def _turret_mods(match):
    """The turret modifiers of the attack roll of the shot being resolved."""
    odds = resolving_odds(match, match.top)
    return [m.value for m in odds.attack_modifiers if m.source == TURRET_ROTATION]


def _turned_onto_target(any_rotation):
    """The turret turned onto the target with a Move card, then a Fire card the same turn."""
    match = _match(cards=("Move", "Fire"), any_rotation=any_rotation)
    match = play(match, PlayCard("Move"), Select(FIRER), TurnTurret(FIRER, -1))
    return play(_again(match), PlayCard("Fire"), Select(FIRER), Fire(FIRER, TARGET))


def test_a_move_card_turn_then_a_shot_takes_no_minus_two_by_default():
    # "When you rotate a turret and fire in the same turn (example 3 above), apply a -2":
    # example 3 is the Attack Card's rotate-and-fire; this shot does not turn the turret
    assert _turret_mods(_turned_onto_target(any_rotation=False)) == []


def test_the_other_reading_any_turn_that_turn_costs_minus_two():
    assert _turret_mods(_turned_onto_target(any_rotation=True)) == [-2]


def test_the_rotate_and_fire_is_minus_two_once_under_either_reading():
    for any_rotation in (False, True):
        match = _match(cards=("Fire",), any_rotation=any_rotation)
        match = play(match, PlayCard("Fire"), Select(FIRER), Fire(FIRER, TARGET))
        assert match.board.tank(FIRER).turret_turned == 1
        assert _turret_mods(match) == [-2]


def test_the_marker_is_removed_when_the_turret_faces_forward_again():
    # "You may remove the turret marker from a tank when the turret is facing forward."
    match = play(_match(), PlayCard("Move"), Select(FIRER), TurnTurret(FIRER, 1))
    assert match.board.tank(FIRER).turret == 1
    board = turret.new_turn(match.board)
    board = turret.turn(board, TurnTurret(FIRER, -1), [])
    assert board.tank(FIRER).turret is None


def test_mobile_fire_turns_the_turret_only_with_its_shot():
    match = play(_match(cards=("Mobile Fire 2",)), PlayCard("Mobile Fire 2"), Select(FIRER))
    assert not _turns(match)


@given(
    offset=st.integers(-5, 5),
    rotation=st.integers(0, 3),
    spent=st.integers(0, 3),
)
def test_the_turns_offered_are_every_direction_within_the_budget_each_the_short_way(
    offset, rotation, spent
):
    board = _match().board
    tank = board.tank(FIRER)
    tank = replace(tank, counter=replace(tank.counter, turret_rotation=rotation),
                   turret=offset or None, turret_turned=spent)  # fmt: skip
    board = board.with_tank(tank)
    left = max(0, rotation - spent)
    here = offset % 6
    expected = {(here + d) % 6 for d in range(-left, left + 1)} - {here}
    offered = turret.turns(board, FIRER)
    reached = [(here + a.turn) % 6 for a in offered]
    assert sorted(reached) == sorted(expected)  # each new direction once
    for action in offered:  # never the long way round
        assert abs(action.turn) == min((action.turn % 6), (-action.turn) % 6)
        after = turret.turn(board, action, []).tank(FIRER)
        assert after.turret_facing == (tank.facing + here + action.turn) % 6
        assert after.turret_turned == spent + abs(action.turn)
