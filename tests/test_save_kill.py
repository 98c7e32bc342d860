"""Killing a process while it saves never harms the file: after each SIGKILL the file loads
whole (the old contents or the new), and no temporary file outlives the next save.

``WORKBENCH_SAVE_KILLS`` sets how many times the saving process is killed (``make soak``
raises it)."""

from __future__ import annotations

import os
import random
import signal
import time
from pathlib import Path

from workbench.boards.hexmap import HexMap
from workbench.files import load, save

KILLS = int(os.environ.get("WORKBENCH_SAVE_KILLS", "10"))


def board(name: str, kind: str) -> HexMap:
    hexmap = HexMap.blank(80, 80, name=name)
    return hexmap.with_terrain({h: kind for i, h in enumerate(hexmap.grid) if i % 3})


def saving_forever(boards: list[HexMap], target: Path, first: int) -> None:
    """The child process: save the boards in turn, ``boards[first]`` first, until killed
    (never back into pytest)."""
    try:
        i = first
        while True:
            save(boards[i % 2], target)
            i += 1
    finally:
        os._exit(1)


def a_save_in_a_child(hexmap: HexMap, target: Path) -> float:
    """Seconds from forking a child that saves ``hexmap`` once to its end."""
    began = time.perf_counter()
    child = os.fork()
    if child == 0:
        try:
            save(hexmap, target)
        finally:
            os._exit(0)
    os.waitpid(child, 0)
    return time.perf_counter() - began


def test_a_killed_save_leaves_the_file_whole(tmp_path):
    target = tmp_path / "board.json"
    save(HexMap.blank(2, 2, name="first board"), target)
    boards = [board("forest board", "forest"), board("hill board", "hill")]
    names = {"first board", "forest board", "hill board"}
    rng = random.Random(17)
    # the kills land within a few saves: how long a save takes here and now, in a forked
    # child as the kills' (a loaded machine is slower, and a child of a big process slower
    # still: it copies each page of the parent's memory it touches)
    one_save = max(a_save_in_a_child(boards[0], tmp_path / "timing.json") for _ in range(2))
    (tmp_path / "timing.json").unlink()
    orphans = changed = 0
    on_disk = load(target).name
    for _ in range(KILLS):
        before = target.read_bytes()
        # the board not in the file first: the first save the child finishes changes it
        first = 1 if on_disk == boards[0].name else 0
        child = os.fork()  # a saving subprocess, without the cost of starting Python again
        if child == 0:
            saving_forever(boards, target, first)
        time.sleep(rng.uniform(0.1, 3.0) * one_save)
        os.kill(child, signal.SIGKILL)
        os.waitpid(child, 0)
        on_disk = load(target).name
        assert on_disk in names  # whole: the old file or the new, never a part
        changed += target.read_bytes() != before
        orphans += sum(1 for p in tmp_path.iterdir() if p != target)
    print(f"\n{KILLS} kills: the file changed before {changed}; temporaries left: {orphans}")
    assert changed > 0  # the kills did land among saves
    save(load(target), target)  # the next save removes what a killed one left
    assert [p.name for p in tmp_path.iterdir()] == ["board.json"]
    assert orphans <= KILLS // 20  # unnamed temporaries: only a kill between link and rename
