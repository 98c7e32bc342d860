"""Every rulebook section a game cites is a heading that occurs in that game's rulebook."""

from __future__ import annotations

import importlib
from pathlib import Path

import pytest

RULES = Path(__file__).resolve().parents[2] / "shared" / "rules"
RULEBOOKS = {
    "panzer_vor": "panzer-vor-rulebook.txt",
    "panzer_strike": "panzer-strike-france-1944-pocket.txt",
    "tanks": "tanks-panther-vs-sherman.txt",
}


def _sections(game: str) -> dict[str, str]:
    try:
        module = importlib.import_module(f"workbench.rules.{game}.sections")
    except ModuleNotFoundError:
        pytest.skip(f"{game} has no rules package yet")
    return {k: v for k, v in vars(module).items() if k.isupper() and isinstance(v, str)}


@pytest.mark.parametrize("game", sorted(RULEBOOKS))
def test_every_cited_heading_is_in_the_rulebook(game):
    text = (RULES / RULEBOOKS[game]).read_text(encoding="utf-8")
    missing = [
        f"{name}: {heading!r}"
        for name, section in _sections(game).items()
        for heading in section.split(": ")
        if heading not in text
    ]
    assert not missing
