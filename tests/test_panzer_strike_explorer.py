"""The Panzer Strike explorer driven without a browser: dice, clicks in, panel text and canvas
messages out."""

from collections import Counter
from fractions import Fraction
from pathlib import Path

import pytest

import workbench
from workbench.errors import ArgumentError
from workbench.games.panzer_strike.rules.setup import open_board, position
from workbench.geometry.squaregrid import Square
from workbench.render.canvas import GROUPS
from workbench.widgets import PanzerStrikeExplorer

ROOT = Path(__file__).resolve().parents[1]
CTF = ROOT / "maps" / "panzer-strike" / "scenarios" / "capture-the-flag.json"


@pytest.fixture(scope="module")
def scenario():
    return workbench.load(CTF)


def test_it_opens_a_scenario_a_match_or_a_path(scenario):
    from_path = PanzerStrikeExplorer(CTF)
    assert {t.id for t in from_path.state.tanks} == {"N1", "N2", "N3", "S1", "S2", "S3"}
    assert PanzerStrikeExplorer(scenario).start.board.name == from_path.start.board.name
    with pytest.raises(ArgumentError, match="board: expected"):
        PanzerStrikeExplorer(42)  # type: ignore[arg-type]
    assert "click a tank" in repr(from_path) and "0x" not in repr(from_path)


def test_board_drawn_once_and_a_click_redraws_only_the_overlays(sent, scenario):
    explorer = PanzerStrikeExplorer(scenario)
    assert len(sent) == 1 and Counter(sent[0])["switchCanvas"] == len(GROUPS)
    explorer.set_dice([6, 3])
    sent.clear()
    x, y = explorer.scene.pixel_of(Square(14, 0))
    explorer.click(x, y)
    assert len(sent) == 1 and Counter(sent[0])["switchCanvas"] == 1, "the overlays layer only"
    sent.clear()
    explorer.click(*explorer.scene.pixel_of(Square(12, 5)))  # a path: the same reach
    assert len(sent) == 1, "one held message per click"


def test_the_light_tank_with_a_6_reaches_7_steps_and_the_path_steps(scenario):
    explorer = PanzerStrikeExplorer(
        position(
            open_board(),
            [("L", "Light", "north", (0, 0), "E"), ("H", "Heavy", "south", (12, 6), "W")],
        )
    )
    explorer.set_dice([6, 2])
    explorer.choose_die(6)
    explorer.click_square((0, 0))
    text = explorer.panel_text
    assert "L (Light) at (0, 0) facing E" in text
    assert "large number 6 +1 = 7 steps" in text
    assert explorer.tank_options.squares[Square(7, 0)] == 7
    explorer.click_square((7, 0))
    assert explorer.step_slider.max == 7 and explorer.step_slider.value == 7
    assert "Path to (7, 0) facing E: 7 steps" in explorer.panel_text
    assert "it can end here facing (steps): E 7" in explorer.panel_text
    explorer.click_square((5, 0))
    assert "NE 6" in explorer.panel_text and "E 5" in explorer.panel_text
    explorer.click_square((7, 0))
    explorer.step_by(-1)
    assert "▶ step 6: one square forward to (6, 0) facing E" in explorer.panel_text
    explorer.choose_die(2)
    assert "large number 2 +1 = 3 steps" in explorer.panel_text


def test_clicking_an_enemy_shows_trajectory_armour_side_and_exact_odds():
    match = position(
        open_board(), [("M", "Medium", "north", (2, 2), "E"), ("H", "Light", "south", (5, 2), "N")]
    )
    explorer = PanzerStrikeExplorer(match)
    explorer.click_square((2, 2))
    explorer.click_square((5, 2))
    odds = explorer.odds
    assert odds is not None and odds.can_shoot and odds.zone == "side"
    text = explorer.panel_text
    assert "M shoots at H: trajectory clear" in text
    assert "squares crossed: (3, 2), (4, 2)" in text
    assert f"destroy: {odds.destroy}" in text and isinstance(odds.destroy, Fraction)
    # 3 dice of small numbers 3/3/2/2/1/1 (stand-in) need 3 + 2: all but sums 3 and 4
    assert odds.destroy == 1 - Fraction(1 + 3, 27)
    explorer.set_options(moved=True)  # behind its arc? H is ahead (east): still fine
    assert explorer.odds.can_shoot
    explorer.click_square(None)
    assert explorer.selected is None


def test_roll_uses_the_dice_table_and_is_seeded(scenario):
    a, b = PanzerStrikeExplorer(scenario, seed=4), PanzerStrikeExplorer(scenario, seed=4)
    assert a.roll() == b.roll()
    assert len(a.dice) == 2  # three active tanks: 2 dice (Dice Table)
    a.set_options(damage=True, diagonal_cut="not-past-any")
    assert a.state.options.damage and a.state.options.diagonal_cut == "not-past-any"
    with pytest.raises(KeyError):
        a.set_options(nonsense=True)


def test_explore_picks_the_explorer_by_the_game():
    from workbench.widgets import Explorer, explore

    assert isinstance(explore(CTF), PanzerStrikeExplorer)
    assert isinstance(explore(ROOT / "maps/panzer-vor/scenarios/test-your-luck.json"), Explorer)


def test_a_board_with_its_own_tanks_opens_in_the_explorer():
    from workbench.games.panzer_strike.boards.board import BoardTank
    from workbench.widgets import explore

    board = open_board().with_tank(BoardTank("T", "Heavy", "axis", Square(1, 1), 2))
    board = board.with_tank(BoardTank("S", "Light", "allies", Square(9, 1), 6))
    explorer = explore(board)
    explorer.click_square((1, 1))
    explorer.click_square((9, 1))
    assert "T shoots at S: trajectory clear" in explorer.panel_text
