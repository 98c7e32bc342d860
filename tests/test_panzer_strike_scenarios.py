"""Panzer Strike scenario files (``workbench.scenario.panzer-strike/1``): the shipped ones load
and round-trip; a bad tank placement or an over-budget force is named by its field."""

import copy
import json
from pathlib import Path

import pytest

import workbench
from workbench.files import BoardFileError, load, load_document, save
from workbench.games.panzer_strike.boards.scenario import PanzerStrikeScenario
from workbench.games.panzer_strike.rules.game import GAME

ROOT = Path(__file__).resolve().parents[1]
SCENARIOS = ROOT / "maps" / "panzer-strike" / "scenarios"
SHIPPED = sorted(SCENARIOS.glob("*.json"))


@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: p.stem)
def test_shipped_scenarios_load_say_what_is_theirs_and_round_trip(path, tmp_path):
    scenario = load(path)
    assert isinstance(scenario, PanzerStrikeScenario)
    assert "choice" in scenario.description  # the forces are the file's, not the rulebook's
    again = load(save(scenario, tmp_path / "copy.json"))
    assert again == scenario
    if scenario.points is not None:
        for side in scenario.sides:
            assert scenario.points_of(side.name) <= scenario.points


def test_the_game_lists_every_shipped_scenario():
    assert set(GAME.scenarios()) == {p.stem for p in SHIPPED}
    tasks = {GAME.start(workbench.load(p)).task for p in SHIPPED}
    assert tasks == {"annihilation", "symmetric", "attack-defence"}


def document():
    data = json.loads((SCENARIOS / "capture-the-flag.json").read_text(encoding="utf-8"))
    data["board"] = json.loads((ROOT / "maps/panzer-strike/capture-the-flag.json").read_text())
    return data


@pytest.mark.parametrize(
    ("change", "field", "expected"),
    [
        (
            lambda d: d["sides"][0]["tanks"][0].update(at=[7, 0]),
            "$.sides[0].tanks[0].at",
            "an empty square",
        ),
        (
            lambda d: d["sides"][0]["tanks"][1].update(at=[4, 0]),
            "$.sides[0].tanks[1].at",
            "one tank per square (Initial Positions)",
        ),
        (
            lambda d: d["sides"][0]["tanks"][0].update(type="Tiger"),
            "$.sides[0].tanks[0].type",
            "a Table A type",
        ),
        (lambda d: d.update(points=5), "$.sides[0].tanks", "at most the agreed 5 (Choosing Tanks)"),
        (
            lambda d: d["sides"][0]["tanks"][0].update(facing="NNE"),
            "$.sides[0].tanks[0].facing",
            "one of",
        ),
    ],
)
def test_bad_scenarios_name_the_field(change, field, expected):
    data = copy.deepcopy(document())
    change(data)
    with pytest.raises(BoardFileError) as caught:
        load_document(data, "bad.json")
    assert field in str(caught.value) and expected in str(caught.value)


@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: p.stem)
def test_shipped_forces_start_on_opposite_sides(path):
    # "Choose the initial positions of the tanks (on the opposite sides of the board)."
    from workbench.games.panzer_strike.rules.setup import opposite_sides

    assert opposite_sides(load(path))


def test_a_scenario_whose_forces_do_not_start_on_opposite_sides_is_refused_at_start():
    # Initial Positions: "Choose the initial positions of the tanks (on the opposite sides of
    # the board)." A scenario breaking it is refused with the rule; a position made by hand
    # (a lesson) may place tanks anywhere, and so may a scenario with any_positions.
    from dataclasses import replace

    from workbench.games.panzer_strike.rules import sections
    from workbench.games.panzer_strike.rules.game import start
    from workbench.geometry.squaregrid import Square
    from workbench.rules.core import IllegalAction

    scenario = load(SHIPPED[0])
    first, second = scenario.sides
    taken = {t.at for side in scenario.sides for t in side.tanks}
    row = first.tanks[0].at.y  # a free square in the row of the first side's first tank
    free = next(Square(x, row) for x in range(scenario.board.width) if Square(x, row) not in taken)
    intruder = replace(second.tanks[-1], at=free)  # in the other side's half
    mixed = replace(scenario, sides=(first, replace(second, tanks=(*second.tanks[:-1], intruder))))
    with pytest.raises(IllegalAction) as refused:
        start(mixed)
    assert refused.value.reason.section == sections.INITIAL_POSITIONS
    assert "opposite sides" in refused.value.reason.text
    assert intruder.id in {t.id for t in start(mixed, {"any_positions": True}).tanks}
