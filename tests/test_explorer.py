"""The Panzer Vor! explorer widget driven without a browser: clicks in, panel text and canvas
messages out."""

from collections import Counter
from pathlib import Path

import pytest

import workbench
from workbench.boards.hexmap import HexMap
from workbench.errors import ArgumentError
from workbench.games.panzer_vor.rules import GameState, Side, Tank
from workbench.geometry.hexgrid import EAST, WEST
from workbench.panzer_vor import roster as panzer_vor_roster
from workbench.render.canvas import GROUPS
from workbench.widgets import Explorer

ROOT = Path(__file__).resolve().parents[1]
TEST_YOUR_LUCK = ROOT / "maps/panzer-vor/scenarios/test-your-luck.json"
PANZER = "Panzer IV Ausf. D"


@pytest.fixture(scope="module")
def scenario():
    return workbench.load(TEST_YOUR_LUCK)


def mobile_fire_duel() -> GameState:
    """The rulebook's Mobile Fire 2 example: an Ōarai Panzer IV and a Tiger II 7 hexes away."""
    roster = panzer_vor_roster()
    board = HexMap.blank(5, 12)
    sides = {"Ōarai": Side("Ōarai", "#8ecae6"), "Kuromorimine": Side("Kuromorimine", "#333333")}
    tanks = (
        Tank(PANZER, roster.get(PANZER), "Ōarai", board.hex("0302"), EAST),
        Tank("Tiger II", roster.get("Tiger II"), "Kuromorimine", board.hex("0309"), WEST),
    )
    return GameState(board, tanks, sides)


def test_it_opens_a_scenario_a_state_or_a_path(scenario) -> None:
    from_path = Explorer(TEST_YOUR_LUCK)
    assert {t.id for t in from_path.state.tanks} == {PANZER, "Matilda II", "M4 (75)", "T-34/76"}
    assert Explorer(scenario).state.tank(PANZER).hex == from_path.state.map.hex("0802")
    assert Explorer(mobile_fire_duel()).state.tank("Tiger II").name == "Tiger II"
    with pytest.raises(ArgumentError, match="board: expected"):
        Explorer(42)  # type: ignore[arg-type]
    assert "click a tank" in repr(from_path) and "0x" not in repr(from_path)


def test_the_board_is_drawn_once_and_a_click_redraws_only_the_overlays(sent, scenario) -> None:
    explorer = Explorer(scenario)
    assert len(sent) == 1, "the first drawing is one held message"
    first = Counter(sent[0])
    assert first["switchCanvas"] == len(GROUPS) and first["fillPolygons"] > 0
    sent.clear()
    x, y = explorer.scene.pixel_of(explorer.state.tank(PANZER).hex)
    explorer.click(x, y)
    assert len(sent) == 1
    calls = Counter(sent[0])
    # Only the overlays changed, and the annotations (the hex numbers lifted over the reach
    # shading); the board is not sent again.
    assert calls["switchCanvas"] == 2, "the overlays and annotations layers only"
    assert calls["clear"] == 2
    assert calls["fillPolygons"] >= 1 and calls["fillText"] >= 10, "shaded hexes with MP"
    assert explorer.reach is not None and explorer.selected == PANZER


def test_click_a_tank_shows_its_reach_and_mp_budget(scenario) -> None:
    explorer = Explorer(scenario)
    explorer.click_hex("0802")
    text = explorer.panel_text
    assert "Panzer IV Ausf. D (Ōarai) at 0802" in text
    assert "3 MP to spend" in text
    # each part of the budget with its rule, and where the counter's value comes from
    assert "Panzer IV Ausf. D movement +3 (Moving: Movement; value: rulebook:" in text
    assert explorer.reach is not None
    costs = explorer.reach.hex_costs()
    assert costs[explorer.state.map.hex("0805")] == 3
    overlay = explorer.overlay_scene.layer("overlays")
    assert any(getattr(p, "text", None) == "3" for p in overlay), "MP numbers drawn"


def test_click_a_reachable_hex_shows_the_cheapest_path_step_by_step(scenario) -> None:
    explorer = Explorer(scenario)
    explorer.click_hex("0802")
    explorer.click_hex("0805")
    assert len(explorer.steps) == 3 and explorer.step_slider.value == 3
    text = explorer.panel_text
    assert "Cheapest path to 0805" in text
    assert "1. forward to 0803" in text and "Moving: Movement" in text
    assert "legal: 3 of 3 MP spent" in text
    assert "▶ 3. forward to 0805" in text
    explorer.step_by(-1)
    assert explorer.step_slider.value == 2 and "▶ 2. forward to 0804" in explorer.panel_text
    explorer.back.click()
    explorer.back.click()
    explorer.back.click()  # stops at the start
    assert explorer.step_slider.value == 0 and "showing 0 of 3 steps" in explorer.panel_text
    explorer.forward.click()
    assert "▶ 1. forward to 0803" in explorer.panel_text
    explorer.step_slider.value = 3
    assert "▶ 3." in explorer.panel_text
    annotations = explorer.overlay_scene.layer("annotations")
    # the path's line runs under the counters (overlays), its marks on top (annotations)
    drawn = (*annotations, *explorer.overlay_scene.layer("overlays"))
    assert any(getattr(p, "title", "") == "path" for p in drawn)


def test_a_reverse_path_with_a_chosen_facing(scenario) -> None:
    explorer = Explorer(scenario)
    explorer.select(PANZER)
    explorer.go_to("0901", 0)  # straight behind the Panzer IV, still facing NE
    assert [s.kind for s in explorer.steps] == ["reverse"]
    assert "1. reverse to 0901 facing 0: 2 MP" in explorer.panel_text
    assert "reverse movement costs twice as much: 2 x 1 MP (Moving: Reverse Movement)" in (
        explorer.panel_text
    )
    annotations = explorer.overlay_scene.layer("annotations")
    assert any(getattr(p, "title", "") == "reverse" for p in annotations)


def test_click_an_enemy_shows_line_of_sight_and_exact_odds(scenario) -> None:
    explorer = Explorer(scenario)
    explorer.click_hex("0802")
    explorer.click_hex("0507")  # the T-34/76, exactly at the Panzer IV's range 7
    text = explorer.panel_text
    assert "Line of sight 0802 → 0507" in text and "clear: nothing obstructs" in text
    assert "hex 0803: clear" in text
    assert "side arc (armour 14, value: " in text
    assert "Panzer IV Ausf. D fires at T-34/76: hit 21/36 · kill 7/144" in text
    assert "T-34/76 target size +0 (Firing: Attack Modifiers: Target Size Modifier" in text
    assert "Panzer IV Ausf. D firepower +3 (Firing: Damage Roll" in text
    assert explorer.odds is not None and explorer.sight is not None and explorer.sight.clear
    annotations = explorer.overlay_scene.layer("annotations")
    assert any("hit 21/36" in getattr(p, "text", "") for p in annotations)


def test_mobile_fire_2_at_a_tiger_ii_gives_15_in_36() -> None:
    explorer = Explorer(mobile_fire_duel())
    explorer.click_hex("0302")
    explorer.click_hex("0309")
    assert "hit 26/36" in explorer.panel_text  # Tiger II target size +1: 6 or better
    explorer.attack_card.value = -2  # Mobile Fire 2
    text = explorer.panel_text
    assert "hit 15/36" in text and "needs 8+ on two dice: hit 5/12" in text
    assert "attack card (what if) -2 (card)" in text
    assert "Tiger II target size +1 (Firing: Attack Modifiers: Target Size Modifier" in text
    explorer.character_bonus.value = 1
    assert "hit 21/36" in explorer.panel_text and "(character ability)" in explorer.panel_text
    explorer.damage_card.value = 3
    assert "damage card (what if) +3 (card)" in explorer.panel_text
    # 12 on the dice + firepower 3 + 3 = 18 < the Tiger II's front armour 20
    assert "cannot destroy: destroy if hit 0; destroy 0 (0.0%)" in explorer.panel_text


def test_side_armour_only_changes_the_arc_and_the_odds() -> None:
    explorer = Explorer(mobile_fire_duel())
    explorer.click_hex("0302")
    explorer.click_hex("0309")
    assert "front arc (armour 20," in explorer.panel_text
    explorer.options["side_armour_only"].value = True
    assert explorer.state.options.side_armour_only
    assert "side arc (armour 15," in explorer.panel_text
    assert "side armour for every attack" in explorer.panel_text


def test_movement_bonus_and_cutting_through_change_the_reach() -> None:
    roster = panzer_vor_roster()
    board = HexMap.blank(5, 9)
    tanks = (
        Tank(PANZER, roster.get(PANZER), "Ōarai", board.hex("0302"), EAST),
        Tank("Tiger II", roster.get("Tiger II"), "Kuromorimine", board.hex("0303"), WEST),
    )
    explorer = Explorer(GameState(board, tanks))
    explorer.click_hex("0302")
    assert explorer.reach is not None
    plain = explorer.reach.hex_costs()
    assert board.hex("0304") in plain  # around the Tiger, 3 MP
    explorer.movement_bonus.value = 2
    assert "5 MP to spend" in explorer.panel_text
    assert "movement bonus (what if) +2 (card)" in explorer.panel_text
    bigger = explorer.reach.hex_costs()
    assert len(bigger) > len(plain)
    explorer.movement_bonus.value = 0
    explorer.set_options(cutting_through=True)
    through = explorer.reach.hex_costs()
    assert through[board.hex("0304")] <= plain[board.hex("0304")]
    explorer.click_hex("0304")
    assert "Cutting Through" in explorer.panel_text or "passing through" in explorer.panel_text
    with pytest.raises(KeyError, match="an optional rule"):
        explorer.set_options(nitro=True)


def test_a_path_out_of_reach_after_a_change_is_cleared() -> None:
    explorer = Explorer(mobile_fire_duel())
    explorer.movement_bonus.value = 2
    explorer.click_hex("0302")
    explorer.click_hex("0307")
    assert len(explorer.steps) == 5
    explorer.movement_bonus.value = 0
    assert explorer.steps == () and "out of reach now" in explorer.panel_text
    assert explorer.step_slider.disabled and explorer.back.disabled


def test_click_empty_ground_or_off_the_board_clears(scenario) -> None:
    explorer = Explorer(scenario)
    explorer.click_hex("0802")
    explorer.click_hex("1601")  # far away: not reachable
    assert explorer.selected is None and explorer.reach is None
    assert "Click a tank" in explorer.panel_text
    assert explorer.overlay_scene.layer("overlays") == ()
    explorer.click_hex("0802")
    explorer.click(1.0, 1.0)  # the margin, off the board
    assert explorer.selected is None


def test_clicking_a_tank_of_the_same_side_selects_it_and_an_enemy_alone_is_selected(
    scenario,
) -> None:
    explorer = Explorer(scenario)
    explorer.click_hex("0507")
    assert explorer.selected == "T-34/76" and explorer.target is None
    explorer.click_hex("0718")  # the Matilda: same side, so it is selected
    assert explorer.selected == "Matilda II"
    explorer.click_hex("0802")  # the Panzer IV: the other side, so it is the target
    assert explorer.target == PANZER


def test_the_widget_displays_with_a_stable_text_stand_in(scenario) -> None:
    explorer = Explorer(scenario)
    bundle = explorer._repr_mimebundle_()
    assert bundle["text/plain"] == "<Explorer of Ōarai City: 4 tanks; click a tank>"
    assert "application/vnd.jupyter.widget-view+json" in bundle


def test_a_late_browser_gets_every_layer_again(sent, scenario) -> None:
    explorer = Explorer(scenario)
    explorer.click_hex("0802")
    sent.clear()
    for layer in explorer.canvas._canvases:  # what a new client (Voilà) makes each model say
        layer._handle_frontend_event(None, {"event": "client_ready"}, [])
    assert len(sent) == len(GROUPS)
    assert sum(Counter(batch)["fillText"] for batch in sent) > 100  # labels, MP numbers


def test_a_refused_click_is_shown_in_the_panel_and_a_bug_stays_a_bug(scenario, monkeypatch) -> None:
    from workbench.errors import WorkbenchError

    explorer = Explorer(scenario)

    def refused(where):
        raise WorkbenchError("the rules refuse it")

    monkeypatch.setattr(explorer, "click_hex", refused)
    explorer._on_mouse_down(10.0, 10.0)
    assert "the rules refuse it" in explorer.panel_text

    def broken(where):
        raise RuntimeError("the rules broke")

    monkeypatch.setattr(explorer, "click_hex", broken)
    with pytest.raises(RuntimeError):  # only the library's errors are caught
        explorer._on_mouse_down(10.0, 10.0)
