"""Every rulebook section a game (or the linter) cites is made of headings its rulebook
prints. The texts are the user's own copy (``tests/rulebooks.py``): without them these tests
skip, naming the file."""

from __future__ import annotations

import importlib

import pytest

from tests.rulebooks import FILES


def _cited(module_name: str) -> dict[str, str]:
    module = importlib.import_module(module_name)
    return {
        name: value
        for name, value in vars(module).items()
        if name.isupper() and isinstance(value, str) and not name.startswith("STAND")
    }


def _missing(cited: dict[str, str], text: str) -> list[str]:
    return [
        f"{name}: {heading!r}"
        for name, section in cited.items()
        for heading in section.split(": ")
        if heading not in text
    ]


@pytest.mark.parametrize("game", sorted(FILES))
def test_every_cited_heading_is_in_the_rulebook(game, rulebook):
    text = rulebook(FILES[game])
    cited = _cited(f"workbench.rules.{game}.sections")
    assert cited, f"workbench.rules.{game}.sections cites no section"
    assert not _missing(cited, text)


@pytest.mark.parametrize(("module", "game"), [("squares", "panzer_strike"), ("table", "tanks")])
def test_every_section_the_linter_cites_is_a_heading_of_its_rulebook(module, game, rulebook):
    lines = set(rulebook(FILES[game]).splitlines())  # here each heading is a whole line
    cited = _cited(f"workbench.lint.{module}")
    assert cited, f"workbench.lint.{module} cites no section"
    assert not [s for s in cited.values() if s not in lines and not set(s.split(": ")) <= lines]
