"""Every rulebook section a game (or the linter) cites is made of headings its rulebook
prints. The texts are the user's own copy (``tests/rulebooks.py``): without them these tests
skip, naming the file."""

from __future__ import annotations

import importlib

import pytest

from tests.rulebooks import books
from workbench.discovery import modules_of, parts
from workbench.games import get_game, shipped_games

BOOKS = books()  # sections module -> rulebook file, from the games' registrations
# the linter's modules that cite a rulebook name its game (``GAME``)
LINTERS = [
    m
    for m in [*modules_of("workbench.lint"), *parts("lint")]
    if hasattr(importlib.import_module(m), "GAME")
]


def _cited(module_name: str) -> dict[str, str]:
    module = importlib.import_module(module_name)
    return {
        name: value
        for name, value in vars(module).items()
        if name.isupper()
        and isinstance(value, str)
        and not name.startswith("STAND")
        and name != "GAME"
    }


def _missing(cited: dict[str, str], text: str) -> list[str]:
    return [
        f"{name}: {heading!r}"
        for name, section in cited.items()
        for heading in section.split(": ")
        if heading not in text
    ]


def test_every_shipped_game_names_its_rulebook_and_sections():
    for game in shipped_games():
        assert game.rulebook_file.endswith(".txt"), game.name
        assert importlib.import_module(game.sections).__name__ == game.sections


@pytest.mark.parametrize("sections", sorted(BOOKS))
def test_every_cited_heading_is_in_the_rulebook(sections, rulebook):
    text = rulebook(BOOKS[sections])
    cited = _cited(sections)
    assert cited, f"{sections} cites no section"
    assert not _missing(cited, text)


@pytest.mark.parametrize("module", LINTERS)
def test_every_section_the_linter_cites_is_a_heading_of_its_rulebook(module, rulebook):
    game = get_game(importlib.import_module(module).GAME)
    lines = set(rulebook(game.rulebook_file).splitlines())  # here each heading is a whole line
    cited = _cited(module)
    assert cited, f"{module} cites no section"
    assert not [s for s in cited.values() if s not in lines and not set(s.split(": ")) <= lines]
