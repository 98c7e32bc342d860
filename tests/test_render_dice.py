"""Dice drawn as dice: every game's roll actions give their faces, and a face shows as many
pips as its value (numbered dice show the number)."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

import workbench.render  # noqa: F401  (registers every game's rolls)
from workbench.games.panzer_strike.rules.game import RollGun, RollMovement
from workbench.games.panzer_vor.rules.actions import Die, Roll
from workbench.games.tanks.rules.actions import AttackRoll, DefenceRoll, RepairRoll
from workbench.render.dice import DieFace, dice_of, dice_svg

SVG = "{http://www.w3.org/2000/svg}"


@pytest.mark.parametrize(
    ("action", "values", "numbered"),
    [
        (Roll((6, 2)), (6, 2), False),
        (Die(4), (4,), False),
        (RollMovement((1, 5)), (1, 5), True),
        (RollGun((2, 2, 3)), (2, 2, 3), True),
        (AttackRoll((1, 3, 6)), (1, 3, 6), False),
        (DefenceRoll((2, 5)), (2, 5), False),
        (RepairRoll(6), (6,), False),
    ],
)
def test_each_games_rolls_give_their_faces(action: object, values: tuple, numbered: bool) -> None:
    faces = dice_of(action)
    assert tuple(f.value for f in faces) == values
    assert all(f.numbered == numbered for f in faces)


def test_anything_else_rolls_no_dice() -> None:
    assert dice_of(object()) == ()


@pytest.mark.parametrize("value", range(1, 7))
def test_a_face_shows_as_many_pips_as_its_value(value: int) -> None:
    root = ET.fromstring(dice_svg([DieFace(value)], size=30))
    assert len(root.findall(f".//{SVG}circle")) == value
    assert root.get("aria-label") == f"dice: {value}"


def test_numbered_dice_show_their_numbers_side_by_side() -> None:
    root = ET.fromstring(dice_svg([DieFace(7, numbered=True), DieFace(12, numbered=True)], size=40))
    assert [t.text for t in root.findall(f".//{SVG}text")] == ["7", "12"]
    assert not root.findall(f".//{SVG}circle")
    assert float(root.get("width")) == 2 * 40 + 10  # two dice and a quarter-die gap
