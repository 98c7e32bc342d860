"""Public functions refuse bad arguments with the library's own error, saying what was
expected (ArgumentError, or the layer's WorkbenchError), never an IndexError or TypeError
from deep inside, and never an answer for something that is not there."""

from __future__ import annotations

import math
from pathlib import Path

import pytest

from workbench.arguments import facing, sequence_of, whole_number
from workbench.boards.hexmap import HexMap
from workbench.errors import ArgumentError, WorkbenchError
from workbench.games.panzer_vor.rules import firing
from workbench.geometry.hexgrid import MAX_GRID_HEXES, GridError, HexGrid


@pytest.mark.parametrize("bad", [2.5, math.nan, "3", None, True, -1, 6])
def test_a_facing_is_a_whole_number_from_0_to_5(bad):
    with pytest.raises(ArgumentError, match="from 0 to 5"):
        facing("facing", bad)


def test_checks_pass_good_values_through():
    assert whole_number("mp", 10**6, low=0) == 10**6
    assert facing("facing", 5) == 5
    assert sequence_of("path", [1, 2], int, "numbers") == (1, 2)
    with pytest.raises(ArgumentError, match="a list of numbers"):
        sequence_of("path", "12", int, "numbers")
    with pytest.raises(ArgumentError, match="not str"):
        sequence_of("path", [1, "2"], int, "numbers")


@pytest.mark.parametrize(
    ("rows", "cols"), [("8", 8), (8, 8.0), (0, 8), (True, 8), (8, 10**6), (None, 3)]
)
def test_hexmap_blank_refuses_what_is_not_a_size(rows, cols):
    with pytest.raises(ArgumentError) as caught:
        HexMap.blank(rows, cols)
    assert "whole number" in str(caught.value)


def test_a_grid_checks_its_numbers():
    with pytest.raises(GridError, match="whole number"):
        HexGrid("8", 8)  # type: ignore[arg-type]
    with pytest.raises(GridError, match=f"{MAX_GRID_HEXES:,}"):
        HexGrid(10**5, 10**5, digits=6)
    assert issubclass(GridError, WorkbenchError)


# --- the Panzer Vor! rules at their public boundary -------------------------------------------
from workbench.games.panzer_vor.rules import GameState, Side, Tank, movement  # noqa: E402
from workbench.games.panzer_vor.rules.arguments import MAX_MP  # noqa: E402
from workbench.games.panzer_vor.rules.firing import card  # noqa: E402
from workbench.games.panzer_vor.rules.movement import explain_move  # noqa: E402
from workbench.games.panzer_vor.rules.sight import line_of_sight  # noqa: E402
from workbench.geometry.hexgrid import EAST, Hex  # noqa: E402
from workbench.panzer_vor import roster as panzer_vor_roster  # noqa: E402
from workbench.rules.core import Modifier  # noqa: E402


def duel() -> GameState:
    roster = panzer_vor_roster()
    board = HexMap.blank(5, 12)
    sides = {"A": Side("A"), "B": Side("B")}
    return GameState(
        board,
        (
            Tank("P", roster.get("Panzer IV Ausf. D"), "A", board.hex("0302"), EAST),
            Tank("T", roster.get("Tiger II"), "B", board.hex("0309"), EAST),
        ),
        sides,
    )


@pytest.mark.parametrize("mp", [-1, 2.5, math.nan, "3", True, MAX_MP + 1, 10**8])
def test_reachable_refuses_what_is_not_movement_points(mp):
    with pytest.raises(ArgumentError, match="mp: expected a whole number from 0"):
        movement.reach(duel(), "P", mp=mp)


def test_reachable_takes_its_largest_mp():
    state = duel()
    assert len(movement.reach(state, "P", mp=MAX_MP).hex_costs()) == len(state.map.grid) - 1


def test_bonuses_that_leave_less_than_nothing_are_refused():
    state = duel()
    minus = [card("what if", -9)]
    with pytest.raises(ArgumentError, match="at least 0 MP"):
        movement.reach(state, "P", bonuses=minus)
    with pytest.raises(ArgumentError, match="at least 0 MP"):
        explain_move(state, "P", [("0303", EAST)], bonuses=minus)
    with pytest.raises(ArgumentError, match="modifiers"):
        movement.reach(state, "P", bonuses=[2])


@pytest.mark.parametrize("facing", [6, -1, 1.9, "1", None])
def test_a_tank_facing_is_checked_where_the_tank_is_made(facing):
    roster = panzer_vor_roster()
    with pytest.raises(ArgumentError, match="facing: expected a whole number from 0 to 5"):
        Tank("P", roster.get("Tiger I"), "A", Hex(0, 0), facing)


@pytest.mark.parametrize(
    "path", [["0303"], "0303", [("0303",)], [("0303", 1.9)], [("0303", 6)], [(3, 1)], 5]
)
def test_explain_move_refuses_what_is_not_a_path(path):
    with pytest.raises(ArgumentError, match="path"):
        explain_move(duel(), "P", path)


@pytest.mark.parametrize("attack", [[5], 5, "Mobile Fire", [None]])
def test_attack_modifiers_must_be_modifiers(attack):
    with pytest.raises(ArgumentError, match="attack"):
        firing.odds(duel(), "P", "T", attack=attack)


def test_a_modifier_is_a_whole_number():
    with pytest.raises(ArgumentError, match="whole number"):
        card("Mobile Fire", 1.5)
    with pytest.raises(ArgumentError, match="whole number"):
        Modifier("x", math.nan, "card")


@pytest.mark.parametrize("where", [Hex(500, 500), "0913", "0000", 303, None])
def test_line_of_sight_never_answers_off_the_map(where):
    with pytest.raises(ArgumentError, match="a hex on the 5 x 12 map"):
        line_of_sight(duel(), "0302", where)
    with pytest.raises(ArgumentError, match="a GameState or a HexMap"):
        line_of_sight("map", "0302", "0303")  # type: ignore[arg-type]


def test_the_explorer_shows_a_refusal_and_stays_usable():
    from workbench.widgets import Explorer

    explorer = Explorer(duel())
    assert explorer.movement_bonus.min == 0  # no control offers a bonus the rules refuse
    explorer.click_hex("0302")
    state = explorer.state
    explorer.state = state.with_tank(state.tank("P"))  # unchanged, still selected
    explorer.movement_bonus.value = 2
    assert "P" in explorer.panel_text

    def refuse(*args, **kwargs):
        raise ArgumentError("bonuses", -1, "bonuses that leave P at least 0 MP")

    import workbench.games.panzer_vor.widgets.explorer as module

    real = module.movement.reach
    module.movement.reach = refuse
    try:
        explorer.movement_bonus.value = 3  # the change handler must not raise
        assert "The rules refuse this" in explorer.panel_text
        explorer.set_options(cutting_through=True)  # still usable: no raise either
    finally:
        module.movement.reach = real
    explorer.set_options(cutting_through=False)
    explorer.click_hex("0302")
    assert "refuse" not in explorer.panel_text


def test_the_anzio_type_89_with_the_lowest_movement_bonus():
    """The issue's case: Anzio (original), the Type 89 at 1603, the bonus slider at its
    lowest: the slider stops at 0, and the click shows the tank's reach."""
    import workbench
    from workbench.widgets import Explorer

    root = Path(__file__).resolve().parents[1]
    explorer = Explorer(workbench.load(root / "maps/panzer-vor/scenarios/anzio-original.json"))
    explorer.movement_bonus.value = -3
    assert explorer.movement_bonus.value == 0
    tank = explorer.state.tank_at("1603")
    assert tank is not None and tank.name == "Type 89"
    explorer.click_hex("1603")
    assert explorer.selected == tank.id and "refuse" not in explorer.panel_text
    for flag in explorer.options:
        explorer.set_options(**{flag: True})  # every toggle still works


def test_a_tank_may_end_its_move_on_a_wreck_under_the_wreckage_rule():
    """Found by the random-play soak (seed 2214, kuromorimine-stage-2): "A tank can enter a
    hex with wreckage in it" (Optional Rules: Wreckage), so a wreck does not occupy its hex."""
    from dataclasses import replace

    from workbench.games.panzer_vor.rules.movement import move
    from workbench.games.panzer_vor.rules.state import StateError

    state = duel()
    wreck = replace(state.tank("T"), hex=state.map.hex("0303"), wreck=True)
    state = state.with_tank(wreck).with_options(wreckage=True)
    after, explained = move(state, "P", [("0303", EAST)])
    assert after.tank("P").hex == after.tank("T").hex and explained.mp_spent == 2
    with pytest.raises(StateError, match="share hex"):
        after.with_tank(replace(wreck, wreck=False))  # two tanks: still refused
