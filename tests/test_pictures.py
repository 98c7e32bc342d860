"""Every shipped board shows itself as a picture in a notebook (``_repr_svg_``)."""

import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

import workbench
from workbench.games.panzer_vor.rules.setup import game_from_scenario

MAPS = Path(__file__).parent.parent / "maps"
BOARDS = sorted(
    p
    for p in MAPS.rglob("*.json")
    if "scenarios" not in p.parts
    and "games" not in p.parts  # played games (records), stepped through by the stepper
    and "campaigns" not in p.parts  # lists of scenarios (the Linked Scenarios)
    and "roster" not in p.name
    and p.name != "tiles.json"
)


@pytest.mark.parametrize("path", BOARDS, ids=lambda p: str(p.relative_to(MAPS)))
def test_every_shipped_board_draws_as_valid_svg(path):
    board = workbench.load(path)
    svg = board._repr_svg_()
    root = ET.fromstring(svg)
    assert root.tag.endswith("svg")
    assert len(root) > 3  # more than a frame: cells, pieces or labels
    assert board._repr_svg_() == svg  # deterministic


def test_a_scenario_state_draws_its_tanks():
    scenario = workbench.load(MAPS / "panzer-vor" / "scenarios" / "test-your-luck.json")
    state = game_from_scenario(scenario).state
    svg = state._repr_svg_()
    for tank in state.tanks:
        assert tank.id in svg


def test_rules_results_draw_over_their_state():
    from workbench.games.panzer_vor.rules import firing, movement
    from workbench.games.panzer_vor.rules.movement import explain_move
    from workbench.games.panzer_vor.rules.sight import line_of_sight

    scenario = workbench.load(MAPS / "panzer-vor" / "scenarios" / "test-your-luck.json")
    state = game_from_scenario(scenario).state
    results = [
        movement.reach(state, "Panzer IV Ausf. D"),
        explain_move(state, "Panzer IV Ausf. D", [("0803", 1)]),
        line_of_sight(state, "0802", "0507"),
        firing.odds(state, "T-34/76", "Panzer IV Ausf. D"),
    ]
    board_only = ET.fromstring(state._repr_svg_())
    for result in results:
        drawn = ET.fromstring(result._repr_svg_())
        assert len(list(drawn.iter())) > len(list(board_only.iter()))  # the overlay is there
    assert "0507 → 0802: clear" in results[3]._repr_svg_()


def test_a_picture_prints_as_one_short_line():
    from workbench.render import show

    board = workbench.load(MAPS / "panzer-vor" / "oarai-city.json")
    text = repr(show(board))
    assert text.startswith("<Picture 'Ōarai City', ") and len(text) < 80
