"""Every Panzer Vor! section the rules cite is made of headings the rulebook prints."""

from __future__ import annotations

from pathlib import Path

import pytest

from workbench.rules.panzer_vor import sections

RULEBOOK = Path(__file__).parents[2] / "shared" / "rules" / "panzer-vor-rulebook.txt"
NAMES = [n for n in dir(sections) if n.isupper()]


@pytest.mark.parametrize("name", NAMES)
def test_each_heading_of_a_section_is_in_the_rulebook(name):
    text = RULEBOOK.read_text(encoding="utf-8")
    for heading in getattr(sections, name).split(": "):
        assert heading in text, f"{name}: {heading!r}"
