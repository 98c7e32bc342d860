"""Panzer Strike rules the workbench applies that no other test quoted yet, each checked here
with its sentence (issue 49: the rules coverage map, ``make rules-coverage``)."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest

from workbench.files import BoardFileError, load_document

ROOT = Path(__file__).resolve().parents[1]
SCENARIO = ROOT / "maps" / "panzer-strike" / "scenarios" / "capture-the-flag.json"


def _document():
    data = json.loads(SCENARIO.read_text(encoding="utf-8"))
    data["board"] = json.loads((ROOT / "maps/panzer-strike/capture-the-flag.json").read_text())
    return copy.deepcopy(data)


def test_a_force_is_chosen_to_the_agreed_total_value():
    # Choosing Tanks: "Agree a total value for a team and choose tanks accordingly." Each
    # side here: a Heavy (3), a Medium (2) and a Light (1): 6 points.
    scenario = load_document(_document(), "flags.json")
    assert scenario.points == 6
    assert all(scenario.points_of(side.name) == 6 for side in scenario.sides)
    over = _document()
    over["points"] = 5
    with pytest.raises(BoardFileError, match="at most the agreed 5"):
        load_document(over, "over.json")


@pytest.mark.parametrize(("facing", "allowed"), [("S", True), ("SW", True), ("NNE", False)])
def test_a_piece_faces_a_side_or_a_corner_of_its_square(facing, allowed):
    # Initial Positions: "Place the pieces on the centre of squares orthogonally or diagonally
    # (45°)."
    data = _document()
    data["sides"][0]["tanks"][0]["facing"] = facing
    if allowed:
        tank = load_document(data, "facing.json").sides[0].tanks[0]
        assert tank.facing in range(8)  # one of the eight 45° directions
        assert tank.at.x == int(tank.at.x)  # on a square
    else:
        with pytest.raises(BoardFileError, match="facing"):
            load_document(data, "facing.json")
