"""The user folder (``WORKBENCH_HOME``): the stepper's and the teacher app's Save, Load and
picture export take a name and write there, show the full path, and never write into the
repository."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import workbench
from workbench.errors import ArgumentError
from workbench.userdir import saved_names, user_folder, user_path
from workbench.widgets.stepper import Stepper

ROOT = Path(__file__).resolve().parent.parent
FIRST_SHOTS = ROOT / "maps/panzer-vor/games/first-shots.json"


@pytest.fixture
def home(tmp_path, monkeypatch) -> Path:
    folder = tmp_path / "home"
    monkeypatch.setenv("WORKBENCH_HOME", str(folder))
    return folder


# --- the folder and its names ---------------------------------------------------------------
def test_the_user_folder_is_workbench_home_and_made_only_when_saving(home) -> None:
    assert user_folder() == home
    assert user_path("lesson", "records", ".json") == home / "records" / "lesson.json"
    assert user_path("lesson.json", "records", ".json") == home / "records" / "lesson.json"
    assert not home.exists(), "asking for a path makes nothing"
    assert saved_names() == []
    assert user_path("step", "exports", ".png", create=True).parent.is_dir()


def test_the_default_user_folder_is_outside_the_repository(monkeypatch, tmp_path) -> None:
    monkeypatch.delenv("WORKBENCH_HOME", raising=False)
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    if sys.platform.startswith("linux"):
        assert user_folder() == tmp_path / "data" / "tank-rules-workbench"
        monkeypatch.delenv("XDG_DATA_HOME")
        assert user_folder() == tmp_path / ".local" / "share" / "tank-rules-workbench"
    assert not user_folder().is_relative_to(ROOT)


@pytest.mark.parametrize(
    "name", ["", "  ", "..", ".", "../secret", "a/b", "a\\b", "/etc/passwd", "x\0y", "a" * 300]
)
def test_a_name_that_is_not_a_plain_file_name_is_refused(home, name) -> None:
    with pytest.raises(ArgumentError) as refused:
        user_path(name)
    assert refused.value.argument == "name"
    with pytest.raises(ArgumentError, match="kind"):
        user_path("fine", "secrets")
    assert not home.exists()


# --- the stepper's file row ------------------------------------------------------------------
def test_the_steppers_save_load_and_export_write_in_the_user_folder(home) -> None:
    stepper = Stepper(FIRST_SHOTS, at=3)
    files = stepper.files
    assert str(home) in files.note.value, "the row says where files go"
    files.name_box.value = "lesson"
    files.save_button.click()
    saved = home / "records" / "lesson.json"
    assert workbench.load(saved) == stepper.record
    assert str(saved) in files.note.value and str(saved) in stepper.panel_text
    assert files.name_box.options == ("lesson",), "Load lists the saved records"
    files.svg_button.click()
    svg = home / "exports" / "lesson-step-3.svg"
    assert svg.read_text().startswith("<svg") and str(svg) in files.note.value
    files.png_button.click()
    png = home / "exports" / "lesson-step-3.png"
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" and str(png) in files.note.value

    other = Stepper.new("panzer-vor-practice", "test-your-luck")
    other.files.name_box.value = "lesson"
    other.files.load_button.click()
    assert other.record == stepper.record and str(saved) in other.files.note.value


def test_a_bad_name_is_refused_in_the_panel_and_writes_nothing(home) -> None:
    stepper = Stepper(FIRST_SHOTS, at=1)
    stepper.files.name_box.value = "../../escaped"  # outside on purpose
    for button in (stepper.files.save_button, stepper.files.png_button):
        button.click()
        assert "ArgumentError: name" in stepper.files.note.value  # under the buttons
    stepper.files.name_box.value = "never-saved"
    stepper.files.load_button.click()
    assert "no such file" in stepper.files.note.value and stepper.record.steps
    assert not list(home.rglob("*.*"))


# --- the teacher app --------------------------------------------------------------------------
def _status() -> str:
    result = subprocess.run(
        ["git", "status", "--porcelain", "--untracked-files=all"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    )
    return result.stdout


@pytest.mark.skipif(
    shutil.which("git") is None or not (ROOT / ".git").exists(), reason="not a git checkout"
)
def test_the_teacher_apps_save_and_export_leave_the_repository_as_it_was(home, monkeypatch) -> None:
    from workbench.widgets.app import TeacherApp

    monkeypatch.chdir(ROOT / "app")  # where Voilà runs the app
    before = _status()
    app = TeacherApp()
    stepper = app.stepper
    assert stepper is not None
    stepper.key("End")
    for button in (stepper.files.save_button, stepper.files.svg_button, stepper.files.png_button):
        button.click()
        assert str(home) in stepper.files.note.value
    written = sorted(p.relative_to(home).as_posix() for p in home.rglob("*.*"))
    last = len(stepper.steps)  # the card game's prepared game, opened first, at its end
    assert written == [
        f"exports/panzer-vor-game-step-{last}.png",
        f"exports/panzer-vor-game-step-{last}.svg",
        "records/panzer-vor-game.json",
    ]
    assert workbench.load(home / "records/panzer-vor-game.json") == stepper.record
    assert _status() == before, "nothing written into the repository"


# --- symbolic links -------------------------------------------------------------------------
def _link(link: Path, target: Path) -> None:
    link.parent.mkdir(parents=True, exist_ok=True)
    try:
        link.symlink_to(target, target_is_directory=target.is_dir())
    except OSError as error:  # Windows without the right to make links
        pytest.skip(f"symbolic links cannot be made here: {error}")


def test_a_symbolic_link_leading_out_of_the_user_folder_is_refused_and_nothing_written(
    home, tmp_path
) -> None:
    outside = tmp_path / "outside"
    outside.mkdir()
    secret = outside / "secret.json"
    secret.write_text("the teacher's own file")
    _link(home / "records" / "planted.json", secret)  # a file leading out
    _link(home / "exports", outside)  # a whole subfolder leading out
    for name, kind, suffix in [("planted", "records", ".json"), ("step", "exports", ".png")]:
        with pytest.raises(ArgumentError) as refused:
            user_path(name, kind, suffix, create=True)
        assert refused.value.argument == "name"
        assert "leads through a symbolic link to" in str(refused.value)
        assert str(outside) in str(refused.value)
    assert saved_names() == [], "a name that would be refused is not offered"

    stepper = Stepper(FIRST_SHOTS, at=2)
    stepper.files.name_box.value = "planted"
    for button in (stepper.files.save_button, stepper.files.load_button):
        button.click()
        assert "ArgumentError: name" in stepper.files.note.value  # under the buttons
    stepper.files.png_button.click()  # into exports/, the linked folder
    assert "ArgumentError: name" in stepper.files.note.value
    assert sorted(p.name for p in outside.iterdir()) == ["secret.json"]
    assert secret.read_text() == "the teacher's own file"


def test_links_that_stay_inside_the_user_folder_and_a_linked_user_folder_are_fine(
    home, tmp_path, monkeypatch
) -> None:
    real = home / "records" / "lesson-1.json"
    real.parent.mkdir(parents=True)
    real.write_text("{}")
    _link(home / "records" / "lesson.json", real)
    assert user_path("lesson", "records", ".json") == home / "records" / "lesson.json"
    assert saved_names() == ["lesson", "lesson-1"]
    _link(tmp_path / "linked-home", home)  # the user chose a link as the folder
    monkeypatch.setenv("WORKBENCH_HOME", str(tmp_path / "linked-home"))
    assert user_path("lesson", "records", ".json").resolve() == real
    _link(home / "records" / "loop.json", home / "records" / "loop.json")
    with pytest.raises(ArgumentError, match="loop of symbolic links"):
        user_path("loop", "records", ".json")
