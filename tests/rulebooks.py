"""Where the tests find the rulebook texts: the user's own copy, never shipped.

The tests that check section names against a rulebook read its text from the folder named by
``WORKBENCH_RULEBOOKS``, else from ``rulebooks/`` at the repository's root (git-ignored).
Where the file is not there, exactly those tests skip, each with one reason naming the file
and how to provide it. Use the ``rulebook`` fixture (``tests/conftest.py``): a test that asks
for it is marked ``rulebook``, so ``pytest -m rulebook`` runs just those tests.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

VARIABLE = "WORKBENCH_RULEBOOKS"
ROOT = Path(__file__).resolve().parents[1]
DEFAULT = ROOT / "rulebooks"


def books() -> dict[str, str]:
    """The module of cited sections -> the file of its rulebook's text, as each registered game
    names them (``Game.sections``, ``Game.rulebook_file``): a game's registration is all that
    puts its rulebook here."""
    from workbench.games import all_games

    return {g.sections: g.rulebook_file for g in all_games() if g.sections and g.rulebook_file}


def files() -> set[str]:
    """The file names of every registered game's rulebook text."""
    return set(books().values())


def folder() -> Path:
    """The folder the rulebook texts are looked for in."""
    named = os.environ.get(VARIABLE)
    return Path(named) if named else DEFAULT


def text(file_name: str) -> str:
    """A rulebook's text, or a skip of the asking test naming the file and where to put it."""
    path = folder() / file_name
    if not path.is_file():
        pytest.skip(
            f"rulebook text {file_name} not found in {folder()}: put your copy of the "
            f"rulebook texts in rulebooks/ at the repository's root or set {VARIABLE}"
        )
    return path.read_text(encoding="utf-8")
