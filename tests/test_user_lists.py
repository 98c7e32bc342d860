"""One bad file is one bad line (RELIABILITY.md, promise 7): the teacher app's page is built
(as ``app/teacher.ipynb`` builds it) over a user folder holding a deeply nested file, a
FIFO, a directory named ``x.json``, a binary file, a huge file, bad UTF-8, a symbolic link
loop, a link to a device and more; each gets its own ``unreadable: <name> (<reason>)``
line, every other record still lists and opens, and opening a bad line tells its reason
under the bar and changes nothing."""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import pytest

import workbench
from workbench.files import listing
from workbench.files.limits import MAX_FILE_BYTES
from workbench.files.listing import HEAD_BYTES, MAX_LISTED, record_game, user_files
from workbench.learn.progress import Progress, saved_progress
from workbench.userdir import saved_names
from workbench.widgets import stepper_records
from workbench.widgets.app import TeacherApp, choices_for, saved_games, saved_records
from workbench.widgets.stepper import Stepper

ROOT = Path(__file__).resolve().parent.parent
FIRST_SHOTS = ROOT / "maps/panzer-vor/games/first-shots.json"  # panzer-vor-practice
NESTED = "[" * 100_000 + "]" * 100_000

# name -> (how the file is made, words its line must hold)
BAD: dict[str, tuple[str, str]] = {
    "nested": ("nested", "a JSON list; expected a JSON object (a record)"),
    "nested-small": ("nested-small", "nested too deeply"),
    "nested-object": ("nested-object", "nested more than 64 deep"),
    "fifo": ("fifo", "a FIFO (named pipe); expected a regular file"),
    "folder": ("folder", "a directory; expected a regular file"),
    "binary": ("binary", "not UTF-8"),
    "huge": ("huge", "125,829,120 bytes; expected a file of at most 4,194,304 bytes"),
    "bad-utf8": ("bad-utf8", "not UTF-8"),
    "loop": ("loop", "loop of symbolic links"),
    "device": ("device", "leads through a symbolic link to /dev/zero"),
    "empty": ("empty", "invalid JSON"),
    "a-list": ("a-list", "a JSON list"),
    "a-map": ("a-map", "the format 'workbench.map.hex/1'"),
    "no-game": ("no-game", "$.game"),
    "digits": ("digits", "a number of at most 20 digits"),
}


def _make(folder: Path, name: str, how: str) -> None:
    path = folder / f"{name}.json"
    record = '{"format": "workbench.record/1", "game": "panzer-vor-practice"'
    if how == "nested":  # too large to read whole: its beginning tells
        path.write_text(NESTED)
    elif how == "nested-small":  # read whole: the reading's own refusal
        path.write_text("[" * 5000)
    elif how == "nested-object":  # its game comes after a deep value: read whole, refused
        path.write_text(record.replace('"game"', '"x": ' + "[" * 70 + "]" * 70 + ', "game"') + "}")
    elif how == "fifo":
        os.mkfifo(path)
    elif how == "folder":
        path.mkdir()
    elif how == "binary":
        path.write_bytes(bytes(range(256)) * 10)
    elif how == "huge":  # 120 MiB, sparse: the list must not read it
        with path.open("wb") as out:
            out.truncate(120 * 1024 * 1024)
    elif how == "bad-utf8":
        path.write_bytes(b'{"format": "workbench.record/1", "game": "panzer-vor\xff-practice"}')
    elif how == "loop":
        path.symlink_to(folder / "loop-2.json")
        (folder / "loop-2.json").symlink_to(path)
    elif how == "device":
        path.symlink_to("/dev/zero")
    elif how == "empty":
        path.write_text("")
    elif how == "a-list":
        path.write_text("[1, 2]")
    elif how == "a-map":
        path.write_text('{"format": "workbench.map.hex/1", "game": "panzer-vor-practice"}')
    elif how == "no-game":
        path.write_text('{"format": "workbench.record/1", "title": "x", "scenario": {}}')
    elif how == "digits":
        path.write_text('{"format": "workbench.record/1", "seed": ' + "9" * 5000 + "}")


@pytest.fixture
def home(tmp_path, monkeypatch) -> Path:
    """A user folder holding one good record (``good``) among every bad file of BAD."""
    folder = tmp_path / "home"
    records = folder / "records"
    records.mkdir(parents=True)
    workbench.save(workbench.load(FIRST_SHOTS), records / "good.json")  # its scenario inline
    for name, (how, _) in BAD.items():
        _make(records, name, how)
    monkeypatch.setenv("WORKBENCH_HOME", str(folder))
    return folder


def _lines(entries) -> dict[str, str]:
    return {e.name: e.line for e in entries}


def test_each_bad_file_is_its_own_unreadable_line_and_the_good_one_lists(home) -> None:
    lines = _lines(saved_records())
    for name, (_, words) in BAD.items():
        assert lines[name].startswith(f"unreadable: {name} ("), lines[name]
        assert words in lines[name], lines[name]
    assert lines["loop-2"].startswith("unreadable: loop-2 (")
    assert lines["good"] == "good"
    assert saved_games("panzer-vor-practice") == {"good": str(home / "records/good.json")}
    assert not any(str(home) in line for line in lines.values()), "a line names, not paths"


def test_the_teacher_apps_page_lists_every_bad_file_and_opens_the_good_one(home) -> None:
    app = TeacherApp()  # what app/teacher.ipynb builds: it must not fail
    assert app.stepper is not None and app.error.value == ""
    app.game_picker.value = "panzer-vor-practice"
    labels = [label for label, _ in app.what.options]
    for name in BAD:
        assert any(label.startswith(f"saved: unreadable: {name} (") for label in labels), name
    good = dict(app.what.options)["saved: good"]
    app.what.value = good
    app.open_button.click()
    assert app.error.value == "" and app.stepper.record == workbench.load(FIRST_SHOTS)

    opened = app.stepper
    bad = next(v for label, v in app.what.options if label.startswith("saved: unreadable: fifo"))
    app.what.value = bad
    app.open_button.click()
    assert "a FIFO (named pipe)" in app.error.value and "cannot be opened" in app.error.value
    assert app.stepper is opened and app.holder.children == (opened.widget,)

    for game in ("panzer-vor", "tanks"):  # a file of no readable game shows in every list
        assert any("unreadable: nested (" in label for label, _ in choices_for(game))


def test_a_record_whose_beginning_is_sound_lists_and_is_refused_when_opened(home) -> None:
    broken = home / "records" / "broken-steps.json"
    text = FIRST_SHOTS.read_text(encoding="utf-8")
    broken.write_text(text.replace('"steps": [', '"steps": [' + "[" * 70 + "]" * 70 + ",", 1))
    assert saved_games("panzer-vor-practice")["broken-steps"] == str(broken)
    app = TeacherApp()
    app.game_picker.value = "panzer-vor-practice"
    before = app.stepper
    app.what.value = ("record", str(broken))
    app.open_button.click()
    assert "broken-steps.json" in app.error.value and "nested more than 64 deep" in app.error.value
    assert app.stepper is before


def test_a_list_reads_a_large_record_no_further_than_its_beginning(home, monkeypatch) -> None:
    record = workbench.load(FIRST_SHOTS)
    document = workbench.files.to_document(record, home / "records" / "x.json")
    document["description"] = "x" * (3 * 1024 * 1024)  # a 3 MiB record, within the limit
    (home / "records" / "long.json").write_text(json.dumps(document, indent=1))
    late = {k: document[k] for k in ("scenario", "steps", "description")} | document
    (home / "records" / "late.json").write_text(json.dumps(late))  # its game after the steps
    read: list[tuple[str, int | None]] = []
    real = listing.read_bytes

    def counted(path, most=MAX_FILE_BYTES, *, head=None):
        read.append((Path(path).name, head))
        return real(path, most, head=head)

    with monkeypatch.context() as patch:
        patch.setattr(listing, "read_bytes", counted)
        patch.setattr(listing, "read_document", lambda path: pytest.fail(f"read {path}"))
        assert record_game(home / "records" / "long.json") == "panzer-vor-practice"
        assert record_game(home / "records" / "late.json") is None, "told when it is opened"
    assert read == [("long.json", HEAD_BYTES + 1), ("late.json", HEAD_BYTES + 1)]
    unknown = "saved: late (its game is read when it is opened)"
    for game in ("panzer-vor-practice", "tanks"):
        assert unknown in dict(choices_for(game))
    app = TeacherApp()
    app.what.value = dict(app.what.options)[unknown]
    app.open_button.click()
    assert app.error.value == "" and app.stepper.record.steps == record.steps


def test_names_offered_for_loading_are_regular_files_and_the_stepper_builds(home) -> None:
    undecodable = os.fsdecode(b"caf\xe9.json")
    shutil.copy(FIRST_SHOTS, home / "records" / undecodable)
    offered = saved_names()
    assert "good" in offered and "fifo" not in offered and "folder" not in offered
    assert "loop" not in offered and "device" not in offered
    assert all(name.encode("utf-8") for name in offered), "a page can show every name"
    stepper = Stepper(FIRST_SHOTS, at=1)  # its file row lists the folder
    assert "good" in stepper.files.name_box.options
    assert _lines(saved_records())["caf\\xe9"] == "caf\\xe9", "listed, shown with an escape"


def test_a_user_folder_whose_records_cannot_be_listed_is_one_line(tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("WORKBENCH_HOME", str(tmp_path))
    (tmp_path / "records").write_text("not a folder")
    (entry,) = saved_records()
    assert entry.line.startswith("unreadable: records/ (") and "not a directory" in entry.line
    assert saved_names() == [] and TeacherApp().stepper is not None


def test_a_list_stops_at_its_limit_and_says_how_many_it_left_out(home, monkeypatch) -> None:
    monkeypatch.setattr(listing, "MAX_LISTED", 3)
    entries = user_files("records", record_game)
    assert len(entries) == 4
    more = len(BAD) + 2 - 3  # the bad files, loop-2 and good, but the first three
    assert entries[-1].line == f"not listed: {more} more files (a list shows the first 3)"
    assert MAX_LISTED == 1_000


def test_a_broken_prepared_game_is_one_line_and_the_others_still_open(
    tmp_path, monkeypatch
) -> None:
    maps = tmp_path / "maps"
    games = maps / "panzer-vor" / "games"
    games.mkdir(parents=True)
    shutil.copy(FIRST_SHOTS, games / "first-shots.json")
    (games / "deep.json").write_text(NESTED)
    monkeypatch.setattr(stepper_records, "MAPS", maps)
    monkeypatch.setenv("WORKBENCH_HOME", str(tmp_path / "home"))
    labels = [label for label, _ in choices_for("panzer-vor-practice")]
    assert "prepared: first-shots" in labels
    assert any(label.startswith("prepared: unreadable: deep (") for label in labels)
    app = TeacherApp()
    app.game_picker.value = "panzer-vor-practice"
    assert app.what.value[0] == "record" and app.stepper is not None


def test_every_learners_progress_lists_and_a_bad_file_is_its_own_line(tmp_path, monkeypatch):
    monkeypatch.setenv("WORKBENCH_HOME", str(tmp_path))
    Progress("ana", answered=2, right=1, score=1.5, streak=1, best=1).save()
    folder = tmp_path / "progress"
    for name, how in (("pipe", "fifo"), ("huge", "huge")):
        _make(folder, name, how)
    (folder / "deep.json").write_text("[" * 5000 + "]" * 5000)
    (folder / "nan.json").write_text(
        json.dumps({**Progress("nan").to_json(), "score": float("nan")})
    )
    lines = _lines(saved_progress())
    assert lines["ana"] == "ana" and next(e for e in saved_progress() if e.name == "ana").found
    assert "a FIFO" in lines["pipe"] and "65,536 bytes" in lines["huge"]
    assert "nested" in lines["deep"] and "$.score" in lines["nan"]
    assert all(line.startswith("unreadable: ") for n, line in lines.items() if n != "ana")


def test_any_failure_of_one_file_is_its_line_and_the_list_goes_on(home) -> None:
    class Mute(Exception):
        def __str__(self) -> str:
            raise RuntimeError("cannot say")

    def read(path: Path) -> str:
        if path.stem == "good":
            return "fine"
        raise (Mute() if path.stem == "binary" else RecursionError("too deep"))

    lines = _lines(user_files("records", read))
    assert lines["good"] == "good" and lines["binary"] == "unreadable: binary (Mute)"
    assert lines["empty"] == "unreadable: empty (RecursionError: too deep)"
