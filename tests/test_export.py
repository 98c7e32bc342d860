"""The export (issue 50, "Take it to class"): a game, a lesson or a class pack as pages that
open offline in any browser. Here, without a browser: what a page holds (every step, its
explanations with their sections, the odds before each roll; each question with the rules'
answer), that it is safe to open whatever the record says (no address anywhere, a policy that
allows no connection and only its own script, every name and note kept as text), that the
pictures are stored once, and the command and the Export buttons. In Chromium:
``tests/test_export_browser.py``; the page's checker against ``Question.check``:
``tests/test_export_credit.py``."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from dataclasses import replace
from fractions import Fraction
from pathlib import Path

import pytest
from export_support import page_problems

import workbench.learn as learn
from workbench.errors import ArgumentError, UnknownName
from workbench.export import (
    export_pack,
    export_record,
    game_page,
    lesson_page,
    prepared_game,
    saved_record,
    write_page,
)
from workbench.export.game import game_data
from workbench.export.lesson import lesson_data
from workbench.files import load, save
from workbench.games import get_game
from workbench.rules.core import CHANCE

ROOT = Path(__file__).resolve().parents[1]
FIRST_SHOTS = ROOT / "maps" / "panzer-vor" / "games" / "first-shots.json"
HOSTILE = (
    "</script><script>alert('x')</script> <img src=x onerror=alert(1)> https://evil.example//a"
)


def held(page: str) -> dict:
    """The data a page holds (its JSON), read back."""
    found = re.search(r'<script type="application/json" id="workbench-data">(.*?)</script>', page)
    assert found, "the page holds its data"
    return json.loads(found.group(1))


@pytest.fixture(scope="module")
def first_shots():
    return game_page(FIRST_SHOTS)


@pytest.fixture(scope="module")
def hostile_record():
    """The first shots with a title, a description and a note that try to break out."""
    record = load(FIRST_SHOTS)
    record = replace(record, title=HOSTILE, description=HOSTILE)
    return record.with_note(1, HOSTILE)


def test_a_game_page_holds_every_step_as_the_stepper_tells_it(first_shots):
    data = held(first_shots)
    record = load(FIRST_SHOTS)
    steps = data["steps"]
    assert len(steps) == len(record.steps) + 1 and data["kind"] == "game"
    assert steps[1]["did"] == "1. Ōarai: Panzer IV Ausf. D moves to 0805 facing 0"
    assert steps[1]["note"] == record.steps[0].note  # the teacher's notes, each at its step
    said = [reason for event in steps[3]["events"] for reason in event[1]]
    assert ["2 dice needs 4+ to hit at 4 hexes", "Firing: Attack Roll"] in said
    assert steps[-1]["who"].startswith("Game over") or "to act" in steps[-1]["who"]
    assert "dice" in steps[3]  # the roll of the step, drawn as dice
    pictures = data["pictures"]["pictures"]
    assert all(0 <= s["p"] < len(pictures) for s in steps)


def test_before_each_roll_the_page_shows_its_odds_exactly():
    """At every state that waits for chance: the results, each with its exact chance, adding
    up to one; after a declared shot, its chance to destroy with the rules' reasons."""
    for path in (FIRST_SHOTS, ROOT / "maps" / "panzer-strike" / "games" / "flag-capture.json"):
        record = load(path)
        data, _ = game_data(record)
        game = get_game(record.game)
        state, waits = game.start(record.scenario, record.options), []
        for step in [None, *record.steps]:
            if step is not None:
                state = game.apply(state, game.action_from_json(step.action)).state
            waits.append(game.current_player(state) == CHANCE)
        for shown, waiting in zip(data["steps"], waits, strict=True):
            assert ("odds" in shown) == waiting
            if waiting:
                total = sum(Fraction(chance) for _, chance, _ in shown["odds"]["results"])
                assert total == 1
        shots = [s["odds"]["shot"] for s in data["steps"] if "shot" in s.get("odds", {})]
        assert shots and all(Fraction(s["destroy"]) < 1 for s in shots)
    first = held(game_page(FIRST_SHOTS))["steps"][2]["odds"]
    assert first["shot"]["destroy"] == "77/144"  # T-34/76 at Panzer IV Ausf. D
    assert first["results"] == [["needs 4+, hit", "11/12", "92%"], ["needs 4+, miss", "1/12", "8%"]]


def test_a_page_names_no_address_and_its_policy_allows_no_connection(first_shots):
    assert page_problems(first_shots) == []
    policy = re.search(r'Content-Security-Policy" content="([^"]*)"', first_shots).group(1)
    assert "connect-src 'none'" in policy and "'unsafe-inline'" not in policy.split("script-src")[1]


def test_every_name_and_note_of_a_record_is_kept_as_text(hostile_record):
    page = game_page(hostile_record)
    assert page_problems(page) == []  # its https:// and // included
    assert (
        "<script>alert" not in page and "<img src" not in page and "onerror=alert(1)>" not in page
    )
    data = held(page)
    assert data["title"] == HOSTILE and data["description"] == HOSTILE
    assert data["steps"][1]["note"] == HOSTILE  # shown as it was written, as text
    assert data["pictures"]["pieces"]  # the board is still drawn


def test_the_board_layer_is_stored_once_and_a_step_stores_what_changed():
    data, pictures = game_data(ROOT / "maps" / "panzer-vor" / "games" / "stagnant-draw.json")
    stored = pictures.data()
    boards = {dict(p[4])["board"] for p in stored["pictures"]}
    assert boards == {dict(stored["pictures"][0][4])["board"]}
    assert len(stored["pictures"]) < len(data["steps"]) / 3  # a card drawn draws no new board
    assert len(set(stored["pieces"])) == len(stored["pieces"])


def test_a_lesson_page_holds_each_question_with_the_rules_answer():
    data, _ = lesson_data("panzer-vor", "Moving")
    asked = list(learn.lesson("panzer-vor", "Moving"))
    assert [q["prompt"] for q in data["questions"]] == [q.prompt for q in asked]
    for shown, question in zip(data["questions"], asked, strict=True):
        assert question.check(shown["answer"]).correct
        assert shown["reasons"] == [[r.text, r.section] for r in question.reasons]
        if question.shape == "places":  # every place of the board, each clickable
            labels = {label for label, _ in data["places"][shown["hits"]]}
            grid = question.state.map.grid
            assert labels == {grid.label(h) for h in grid}
            assert question.answer <= labels


def test_a_lesson_page_says_it_is_for_practice_and_names_no_address():
    page = lesson_page("tanks", questions=[("dice", 1), ("damage-odds", 2)])
    assert "For practice, not for marking: the answers are in this page." in page
    assert page_problems(page) == []
    assert [q["kind"] for q in held(page)["questions"]] == ["dice", "damage-odds"]


def test_a_chapter_the_game_has_not_is_refused_saying_which_it_has():
    with pytest.raises(UnknownName, match="Moving, Line of Sight, Firing, Cards"):
        lesson_page("panzer-vor", "Flags")
    with pytest.raises(UnknownName, match="first-shots"):
        prepared_game("no-such-game")
    with pytest.raises(ArgumentError, match="a file's path, not a folder"):
        write_page("x", ROOT)


def test_a_record_is_found_by_its_name_in_the_user_folder_or_by_its_path(tmp_path, monkeypatch):
    monkeypatch.setenv("WORKBENCH_HOME", str(tmp_path / "home"))
    mine = tmp_path / "home" / "records" / "my-game.json"
    save(load(FIRST_SHOTS), mine)  # as the stepper's Save writes it
    assert saved_record("my-game") == mine and saved_record("my-game.json") == mine
    assert saved_record(str(FIRST_SHOTS)) == FIRST_SHOTS
    written = export_record("my-game", tmp_path / "game.html")
    assert held(written.read_text())["title"] == load(FIRST_SHOTS).title
    with pytest.raises(ArgumentError, match=r"a record's name in .*records or a record file"):
        saved_record("nobody's-game")


def test_a_class_pack_is_a_folder_of_pages_and_an_index(tmp_path):
    index = export_pack(
        [("prepared", "first-shots"), ("lesson", "panzer-strike", "Flags")], tmp_path / "pack"
    )
    text = index.read_text()
    links = re.findall(r'href="([^"]*)"', text)
    assert links == ["first-shots.html", "panzer-strike-flags.html"]
    assert all((tmp_path / "pack" / link).is_file() for link in links)
    assert "script-src 'none'" in text and not re.search(r"(?i)https?:|//", text)
    assert "First shots" in text and "Panzer Strike" in text


def run_command(*arguments: str, cwd: Path) -> subprocess.CompletedProcess:
    command = [sys.executable, "-m", "workbench", *arguments]
    return subprocess.run(command, cwd=cwd, capture_output=True, text=True, timeout=300)


def test_the_command_refuses_a_mistake_in_one_line_and_writes_nothing(tmp_path):
    wrong = run_command("export", "lesson", "tanks", "Flags", "-o", "x.html", cwd=tmp_path)
    assert wrong.returncode == 2 and not (tmp_path / "x.html").exists()
    assert wrong.stderr.strip().count("\n") == 0 and "Line of Sight, Firing" in wrong.stderr


def test_the_readme_shows_the_one_command_that_exports_a_game_and_a_lesson(tmp_path):
    """The README's ``sh`` block, run as written (in a fresh folder): the console script
    writes each page and says where."""
    blocks = re.findall(r"```sh\n(.*?)```", (ROOT / "README.md").read_text(), flags=re.S)
    command = next(b for b in blocks if "workbench export" in b)
    bin_dir = Path(sys.executable).parent
    env = {"PATH": f"{bin_dir}:/usr/bin:/bin", "WORKBENCH_HOME": str(tmp_path / "home")}
    done = subprocess.run(["sh", "-e", "-c", command], cwd=tmp_path, env=env,
                          capture_output=True, text=True, timeout=300)  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert "first-shots.html" in done.stdout and "sight.html" in done.stdout
    written = sorted(p.name for p in tmp_path.glob("*.html"))
    assert len(written) == 2, written
    for name in written:
        assert page_problems((tmp_path / name).read_text()) == []


def test_the_stepper_and_the_learner_export_pages_to_the_user_folder(tmp_path, monkeypatch):
    monkeypatch.setenv("WORKBENCH_HOME", str(tmp_path))
    from workbench.widgets.learn import Learner
    from workbench.widgets.stepper import Stepper

    stepper = Stepper(FIRST_SHOTS)
    stepper.files.name_box.value = "shots"
    stepper.files.page_button.click()
    page = tmp_path / "exports" / "shots.html"
    assert page.is_file() and str(page) in stepper.files.note.value
    assert held(page.read_text())["title"] == load(FIRST_SHOTS).title
    learner = Learner("panzer-strike", "Flags")
    written = learner.export_page()
    assert written == tmp_path / "exports" / "panzer-strike-lesson.html"
    assert [q["prompt"] for q in held(written.read_text())["questions"]] == [
        q.prompt for q in learner.questions
    ]
