"""Saves always load, and a save keeps what the file was: a value the loader would refuse is
refused by ``save`` (before the target is touched), numbers out of a field's range are refused
where the value is made; a save keeps hard links (or refuses), special mode bits, and makes
no folder behind a symbolic link that leads nowhere. (Every value that loads, fuzzed ones
included, saving and loading back equal: tests/test_file_fuzz.py.)"""

from __future__ import annotations

import os
import stat
from dataclasses import replace
from pathlib import Path

import pytest

import workbench.panzer_vor as pv
from workbench.boards.record import RecordStep
from workbench.errors import ArgumentError
from workbench.files import BoardFileError, load, save
from workbench.files.limits import MAX_FILE_BYTES

ROOT = Path(__file__).resolve().parents[1]


def _blank() -> object:
    return load(ROOT / "maps/panzer-vor/blank.json")


def test_a_record_too_long_to_load_is_refused_by_save(tmp_path):
    record = load(ROOT / "maps/panzer-vor/games/first-shots.json")
    path = [["0101", 1]] * 100  # 301 values a step: 1,000 steps pass the 300,000 values
    step = RecordStep({"type": "Move", "tank": "M4 (75)", "to": "0101", "facing": 1, "path": path})
    target = tmp_path / "long.json"
    with pytest.raises(BoardFileError, match="300,000 values"):
        save(replace(record, steps=(step,) * 1_000), target)
    assert not target.exists()


@pytest.mark.soak
def test_the_issues_60000_step_record_is_refused_by_save(tmp_path):
    # the issue: a 60,000-step record saved indented to 5.5 MB, which the loader refused
    record = load(ROOT / "maps/panzer-vor/games/first-shots.json")
    step = RecordStep({"type": "Roll", "dice": [3, 5]})
    with pytest.raises(BoardFileError, match="300,000 values"):
        save(replace(record, steps=(step,) * 60_000), tmp_path / "long.json")


@pytest.mark.soak
def test_a_long_record_that_fits_saves_and_loads(tmp_path):
    record = load(ROOT / "maps/panzer-vor/games/first-shots.json")
    step = RecordStep({"type": "Roll", "dice": [3, 5]})
    fits = replace(record, steps=(step,) * 40_000)  # 2.9 MB indented
    target = save(fits, tmp_path / "long.json")
    assert load(target) == fits and target.stat().st_size <= MAX_FILE_BYTES


def test_a_measuring_arrow_out_of_range_is_refused_where_it_is_made():
    # the issue: a length of 1e300 loaded, and saved as a 301-character number
    from workbench.tanks import MeasuringArrow

    for bad in (1e300, float("nan"), 0, -1, True):
        with pytest.raises(ArgumentError, match=r"measuring_arrow\.length"):
            MeasuringArrow(length=bad)


def test_a_seed_no_file_can_hold_is_refused_by_play():
    # the issue: pv.play(..., seed="x") gave a record that saved and did not load
    with pytest.raises(ArgumentError, match="seed"):
        pv.play(pv.load_scenario("test-your-luck"), seed="x")  # type: ignore[arg-type]


def test_a_hard_linked_file_is_refused_not_split(tmp_path):
    target = save(_blank(), tmp_path / "a.json")
    os.link(target, tmp_path / "b.json")
    before = target.read_bytes()
    with pytest.raises(BoardFileError, match="2 hard links"):
        save(_blank(), target)
    assert os.stat(target).st_ino == os.stat(tmp_path / "b.json").st_ino
    assert target.read_bytes() == before


def test_setuid_setgid_and_sticky_bits_are_kept(tmp_path):
    target = save(_blank(), tmp_path / "a.json")
    os.chmod(target, 0o644 | stat.S_ISUID | stat.S_ISGID | stat.S_ISVTX)
    save(_blank(), target)
    assert stat.S_IMODE(os.stat(target).st_mode) == 0o644 | stat.S_ISUID | stat.S_ISGID | 0o1000


def test_no_folder_is_made_behind_a_dangling_symbolic_link(tmp_path):
    (tmp_path / "link.json").symlink_to(tmp_path / "nowhere" / "deeper" / "x.json")
    with pytest.raises(BoardFileError, match="in a folder that does not exist"):
        save(_blank(), tmp_path / "link.json")
    assert not (tmp_path / "nowhere").exists()
    (tmp_path / "folder").symlink_to(tmp_path / "gone")
    with pytest.raises(BoardFileError):
        save(_blank(), tmp_path / "folder" / "sub" / "x.json")
    assert not (tmp_path / "gone").exists()
    assert save(_blank(), tmp_path / "new" / "sub" / "x.json").exists()  # a plain path: made
