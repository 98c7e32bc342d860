"""``tools/prepared_games.py --check`` fails for a prepared game that does not teach (issue 25:
"Prepared games put their first note within the first ten steps, and every shot in a
prepared game that teaches odds has a chance between 10 % and 90 %: tools/prepared_games.py
--check enforces both"), even when its shipped file is exactly what its plan makes."""

from __future__ import annotations

import dataclasses
import importlib.util
from pathlib import Path
from types import ModuleType, SimpleNamespace

import pytest

import workbench
from workbench.boards.record import Record, RecordStep

ROOT = Path(__file__).resolve().parents[1]


def tool() -> ModuleType:
    spec = importlib.util.spec_from_file_location(
        "prepared_games", ROOT / "tools/prepared_games.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def check(record: Record, tmp_path: Path, monkeypatch, capsys) -> tuple[int, str]:
    """``--check`` run on one plan that makes ``record``, shipped as exactly that file."""
    prepared_games = tool()
    shipped = tmp_path / "lesson.json"
    shipped.write_text(prepared_games.text_of(record, shipped), encoding="utf-8")
    plan = SimpleNamespace(path=shipped, make=lambda first_seed=0: record, teaches_odds=True)
    monkeypatch.setattr(prepared_games, "ROOT", tmp_path)
    monkeypatch.setattr(prepared_games, "prepared_plans", lambda: [plan])
    code = prepared_games.main(["--check"])
    return code, capsys.readouterr().err


@pytest.fixture(scope="module")
def first_shots() -> Record:
    return workbench.load(ROOT / "maps/panzer-vor/games/first-shots.json")


def test_the_check_passes_a_game_that_teaches(first_shots, tmp_path, monkeypatch, capsys):
    assert check(first_shots, tmp_path, monkeypatch, capsys) == (0, "")


def test_the_check_fails_a_first_note_after_step_ten(first_shots, tmp_path, monkeypatch, capsys):
    late = tuple(RecordStep(s.action, s.note if n > 10 else "") for n, s in
                 enumerate(first_shots.steps, 1))  # fmt: skip
    record = dataclasses.replace(first_shots, steps=late)
    first = min(record.notes())
    assert first > 10
    code, err = check(record, tmp_path, monkeypatch, capsys)
    assert code == 1 and f"lesson.json: its first note is at step {first}, after step 10" in err


def test_the_check_fails_a_shot_out_of_the_band(tmp_path, monkeypatch, capsys):
    # a saved card game (no lesson on odds), as if it taught odds, up to its sure shot
    cards = workbench.load(ROOT / "tests/golden/records/panzer-vor-saunders-4.json").truncated(138)
    code, err = check(cards, tmp_path, monkeypatch, capsys)
    assert code == 1 and "lesson.json: step 138, " in err and "a 100% chance to destroy" in err
