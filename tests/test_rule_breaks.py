"""The deliberate rule breaks of ``tools/rule_breaks.py`` (``make rule-breaks`` runs the fast
suite on each) still point at code that exists: each break's ``old`` text occurs exactly once
in its file and its ``new`` text differs and still compiles, so a refactor that moves the
code fails here and whoever moves it updates the break. This file only reads files; it
never runs the suite."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
_spec = importlib.util.spec_from_file_location("rule_breaks", ROOT / "tools" / "rule_breaks.py")
assert _spec is not None and _spec.loader is not None
rule_breaks = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(rule_breaks)
BREAKS = rule_breaks.BREAKS


def test_ten_breaks_with_distinct_names_each_naming_its_rule():
    assert len(BREAKS) >= 10
    assert len({b.name for b in BREAKS}) == len(BREAKS)
    assert all(b.rule.strip() for b in BREAKS)


@pytest.mark.parametrize("brk", BREAKS, ids=lambda b: b.name)
def test_a_break_replaces_text_that_occurs_exactly_once(brk):
    path = ROOT / brk.file
    assert path.is_file(), f"{brk.name}: {brk.file} is gone; move the break with the code"
    text = path.read_text(encoding="utf-8")
    assert text.count(brk.old) == 1, (
        f"{brk.name}: its old text occurs {text.count(brk.old)}× in {brk.file}; "
        "update the break where the code moved"
    )
    assert brk.new != brk.old
    compile(text.replace(brk.old, brk.new), brk.file, "exec")  # broken, but still Python
