"""Every shipped file saved in another folder (the user folder, folders in it) loads
back equal: what it names and the new folder cannot, it holds inline; a stage still leads to
the next stage and back; a record still replays to the same states (maps/README.md, "Files
that refer to other files")."""

from __future__ import annotations

import json
from dataclasses import replace
from functools import cache
from pathlib import Path
from typing import Any

import pytest

import workbench
from tests.test_file_reliability import MAP, scenario
from workbench.boards.record import Record
from workbench.files import BoardFileError, save
from workbench.games.panzer_vor.boards.scenario import PanzerVorScenario
from workbench.games.panzer_vor.formats.scenario import load_stage
from workbench.panzer_vor import load_next_stage
from workbench.rules.core import replay
from workbench.testing.conformance import digest
from workbench.userdir import user_folder

ROOT = Path(__file__).resolve().parent.parent
SHIPPED = sorted((ROOT / "maps").rglob("*.json"))
FOLDERS = {
    "records": ("records",),  # a subfolder: its board folder is the user folder
    "home": (),
    "nested": ("nested", "deeper"),
}


@cache
def shipped(path: Path) -> Any:
    return workbench.load(path)


@cache
def replayed(path: Path) -> str:
    return digest(replay(shipped(path)))


def test_the_walk_finds_every_kind_of_shipped_file() -> None:
    kinds = {type(shipped(p)).__name__ for p in SHIPPED}
    assert kinds >= {
        "HexMap",
        "PanzerVorScenario",
        "LinkedScenarios",
        "Record",
        "SquareBoard",
        "PanzerStrikeScenario",
        "TileSet",
        "PanzerStrikeRoster",
        "Table",
        "TanksRoster",
    }, kinds
    assert any(getattr(shipped(p), "next_stage", None) for p in SHIPPED)


@pytest.mark.parametrize("folder", FOLDERS)
@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: p.relative_to(ROOT / "maps").as_posix())
def test_a_shipped_file_saved_elsewhere_loads_back_equal(
    path, folder, tmp_path, monkeypatch
) -> None:
    monkeypatch.setenv("WORKBENCH_HOME", str(tmp_path / "home"))
    original = shipped(path)
    where = user_folder().joinpath(*FOLDERS[folder])
    target = save(original, where / path.name)
    assert [p.name for p in where.iterdir()] == [path.name], "one save writes one file"
    copy = workbench.load(target)
    assert copy == original
    if isinstance(original, PanzerVorScenario):
        assert load_next_stage(copy) == load_next_stage(original)
        for link, back in (("next_stage", "previous_stage"), ("previous_stage", "next_stage")):
            stage = load_stage(copy, link)
            assert stage == load_stage(original, link)
            if stage is not None:
                assert load_stage(stage, back) == original, "and back again"
    if isinstance(original, Record):
        assert digest(replay(copy)) == replayed(path)


# --- what only a designer's own files do ------------------------------------------------------
def _write(path: Path, document: dict) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(document, ensure_ascii=False), encoding="utf-8")
    return path


def _stages(folder: Path) -> tuple[Path, Path]:
    """Two small stages naming each other, beside their map."""
    _write(folder / "map.json", MAP)
    first = _write(folder / "one.json", scenario(stage=1, next_stage="two.json"))
    second = _write(folder / "two.json", scenario(stage=2, previous_stage="one.json"))
    return first, second


def test_a_scenario_with_its_own_roster_saved_elsewhere_holds_the_roster(tmp_path) -> None:
    mine = {"format": "workbench.roster.panzer-vor/1", "name": "Mine", "based_on": "panzer-vor"}
    _write(tmp_path / "game" / "mine.json", {**mine, "tanks": {"Tiger I": {"points": 99}}})
    _write(tmp_path / "game" / "map.json", MAP)
    path = _write(tmp_path / "game" / "duel.json", scenario(roster="mine.json"))
    original = workbench.load(path)
    copy = workbench.load(save(original, tmp_path / "home" / "duel.json"))
    assert copy == original and copy.counters.get("Tiger I").points == 99
    record = Record(game="panzer-vor", scenario=original, seed=3)
    again = workbench.load(save(record, tmp_path / "home" / "records" / "r.json"))
    assert again == replace(record, options=again.options)  # saved with every option written
    assert again.scenario.counters.get("Tiger I").points == 99


def test_a_stage_copied_beside_the_original_still_leads_on_and_back(tmp_path) -> None:
    first, second = _stages(tmp_path)
    copy = workbench.load(save(workbench.load(first), tmp_path / "copy.json"))
    assert json.loads((tmp_path / "copy.json").read_text())["next_stage"] == "two.json"
    assert load_next_stage(copy) == workbench.load(second)
    assert load_stage(workbench.load(second), "previous_stage") == workbench.load(first)


def test_a_stage_held_inline_may_not_name_its_link_back(tmp_path) -> None:
    first, _ = _stages(tmp_path)
    document = json.loads(first.read_text())
    document["next_stage"] = scenario(previous_stage="one.json")
    del document["next_stage"]["format"]
    with pytest.raises(BoardFileError) as refused:
        workbench.load(_write(tmp_path / "inline.json", document))
    assert refused.value.field == "$.next_stage.previous_stage"
    assert "the file holding it" in refused.value.expected


def test_a_previous_stage_must_be_a_scenario(tmp_path) -> None:
    _, second = _stages(tmp_path)
    document = {**json.loads(second.read_text()), "previous_stage": "map.json"}
    with pytest.raises(BoardFileError) as refused:
        workbench.load(_write(second, document))
    assert refused.value.field == "$.previous_stage" and "is not one" in refused.value.expected
