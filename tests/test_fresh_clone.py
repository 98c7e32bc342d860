"""A clone with nothing beside it: the repository copied to an empty folder, with no rulebook
text reachable, runs its rulebook-dependent tests as clean skips (each naming the file it
wants and how to provide it), and nothing else of the suite needs those texts."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

from tests import rulebooks

ROOT = Path(__file__).resolve().parents[1]
NEEDS_TEXT = re.compile(r"def test_\w+\([^)]*\brulebook\b")


def _tracked_files() -> list[str]:
    if shutil.which("git") and (ROOT / ".git").exists():
        listed = subprocess.run(
            ["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
            cwd=ROOT,
            capture_output=True,
            check=True,
        ).stdout
        return [name for name in listed.decode().split("\0") if name]
    ignored = {".venv", ".git", "build", "rulebooks", "__pycache__"}
    return [
        str(p.relative_to(ROOT))
        for p in ROOT.rglob("*")
        if p.is_file() and not ignored & set(p.relative_to(ROOT).parts)
    ]


def _copy_of_the_repository(folder: Path) -> Path:
    copy = folder / "clone"
    for name in _tracked_files():
        source = ROOT / name
        if source.is_file():  # a file deleted in the working tree is not copied
            (copy / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, copy / name)
    return copy


def test_a_copy_without_rulebooks_skips_exactly_the_rulebook_tests(tmp_path):
    copy = _copy_of_the_repository(tmp_path)
    assert not (copy / "rulebooks").exists()
    files = sorted(
        str(p.relative_to(copy))
        for p in (copy / "tests").glob("test_*.py")
        if NEEDS_TEXT.search(p.read_text(encoding="utf-8"))
    )
    assert files, "some tests read a rulebook text"
    env = {k: v for k, v in os.environ.items() if k != rulebooks.VARIABLE}
    run = subprocess.run(
        [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-q", "-rs", "-m",
         "rulebook", *files],
        cwd=copy, env={**env, "PYTHONPATH": str(copy)}, capture_output=True, text=True,
    )  # fmt: skip
    assert run.returncode == 0, (run.stdout + run.stderr)[-3000:]
    summary = run.stdout.strip().splitlines()[-1]
    assert re.fullmatch(r"\d+ skipped(, \d+ deselected)? in .*", summary), summary
    for book in rulebooks.files():
        assert f"rulebook text {book} not found in {copy / 'rulebooks'}" in run.stdout
    assert f"set {rulebooks.VARIABLE}" in run.stdout
    # the rulebook texts are the user's own: the copy holds none of them
    assert not [p for p in copy.rglob("*.txt") if p.name in rulebooks.files()]
