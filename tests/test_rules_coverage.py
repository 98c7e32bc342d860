"""The rules coverage map's tool (``tools/rules_coverage.py``, ``make rules-coverage``): how it
splits a rulebook into sentences and finds the tests that quote them, on a tiny made-up text
(no rulebook needed), and that its reviewed reasons file holds together."""

from __future__ import annotations

import doctest
import importlib.util
import json
import sys
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parents[1]

BOOK = """Tiny Rules
Tiny Rules Rulebook
Table of Contents
- Moving
- The Story
Moving
Tanks move first. A tank moves up to two squares, e.g. one forward and one turned.
Turning
- Each turn costs a step. A tank may not turn twice in a row before it moves again.
| Tank | Speed |
The Story
It was a dark and stormy night on the plains of St. Gloriana.
"""


def tool() -> ModuleType:
    spec = importlib.util.spec_from_file_location(
        "rules_coverage", ROOT / "tools/rules_coverage.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclasses look their module up
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def rc() -> ModuleType:
    return tool()


def test_its_examples_hold(rc):
    assert doctest.testmod(rc).failed == 0


def test_a_book_splits_into_sentences_under_their_chapter_and_heading(rc):
    found = rc.read_book("tiny.txt", BOOK)
    assert [s.text for s in found] == [
        "Tanks move first.",
        "A tank moves up to two squares, e.g. one forward and one turned.",
        "Each turn costs a step.",
        "A tank may not turn twice in a row before it moves again.",
        "| Tank | Speed |",
        "It was a dark and stormy night on the plains of St. Gloriana.",
    ]
    assert [s.section for s in found][1:5] == ["Moving", "Moving: Turning", "Moving: Turning",
                                                "Moving: Turning"]  # fmt: skip
    assert found[-1].section == "The Story" and found[0].line == 7
    keys = [s.key for s in found]
    assert len(set(keys)) == len(keys) and all(k.startswith("tiny.txt#") for k in keys)
    again = rc.read_book("tiny.txt", BOOK.replace("Tanks move first.", "Tanks move first!"))
    assert [s.key for s in again] == keys, "a key is the sentence's words, punctuation aside"


def test_a_test_cites_a_sentence_by_quoting_it_whole_or_a_distinct_run(rc, tmp_path):
    found = rc.read_book("tiny.txt", BOOK)
    quoting = tmp_path / "test_quoting.py"
    quoting.write_text(
        "def test_moves():\n"
        "    # Moving: \u201cA tank moves up to two squares, e.g. one forward and\n"
        "    # one turned.\u201d\n"
        "    assert True\n\n\n"
        "def test_turns():\n"
        '    said = ("A tank may not turn twice in a row "\n'
        '            "before it moves")\n'
        "    assert said\n\n\n"
        "def test_short():\n"
        "    assert 'tanks move first' in 'Tanks move first'.lower()\n",
        encoding="utf-8",
    )
    quotes = rc.read_quotes([quoting], root=tmp_path)
    statuses = rc.coverage(found, quotes, rc.Reasons())
    cited = {s.sentence.text: [str(c) for c in s.citations] for s in statuses}
    assert cited["A tank moves up to two squares, e.g. one forward and one turned."] == [
        "test_quoting.py::test_moves"
    ]  # across two comment lines, its curly quotes aside
    assert cited["A tank may not turn twice in a row before it moves again."] == [
        "test_quoting.py::test_turns"
    ]  # eight words of it, in two adjacent strings, that no other sentence holds
    assert cited["Tanks move first."] == ["test_quoting.py::test_short"]  # whole
    assert cited["Each turn costs a step."] == []
    assert [s.kind for s in statuses].count("covered") == 3


def test_a_run_two_sentences_hold_cites_neither(rc, tmp_path):
    text = BOOK + "A tank may not turn twice in a row before it fires.\n"
    found = rc.read_book("tiny.txt", text)
    quoting = tmp_path / "test_run.py"
    quoting.write_text("# a tank may not turn twice in a row before it\n", encoding="utf-8")
    statuses = rc.coverage(found, rc.read_quotes([quoting], root=tmp_path), rc.Reasons())
    assert all(s.kind == "uncovered" for s in statuses if "twice" in s.sentence.text)


def test_reasons_explain_a_section_or_one_sentence_and_the_page_shows_each(rc, tmp_path):
    found = rc.read_book("tiny.txt", BOOK)
    reasons_file = tmp_path / "reasons.json"
    table = next(s for s in found if s.text.startswith("|"))
    reasons_file.write_text(
        json.dumps(
            {
                "sections": {"tiny.txt: The Story": "flavour: a story"},
                "sentences": {table.key: {"why": "not a rule: a table's header", "text": "| Tank"}},
            }
        ),
        encoding="utf-8",
    )
    reasons = rc.read_reasons(reasons_file)
    statuses = rc.coverage(found, rc.Quotes(), reasons)
    kinds = {s.sentence.text[:12]: s.kind for s in statuses}
    assert kinds["It was a dar"] == kinds["| Tank | Spe"] == "explained"
    assert kinds["Tanks move f"] == "uncovered"
    counts = rc.tally(statuses)["tiny.txt"]
    assert (counts["explained"], counts["uncovered"]) == (2, 4)
    assert rc.share(counts) == "0 quoted, 2 explained, 4 uncovered of 6 (33% covered or explained)"
    html = rc.page(statuses)
    assert "<span class='explained' title='flavour: a story'>It was a dark" in html
    whole = rc.Reasons(sections={"tiny.txt: Moving: *": "not a rule: all of Moving"})
    kinds = [s.kind for s in rc.coverage(found, rc.Quotes(), whole)]
    assert kinds == ["explained"] * 5 + ["uncovered"], "a section and every section within"
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({"sections": {"tiny.txt: Moving": "because"}}), encoding="utf-8")
    with pytest.raises(ValueError, match="begins with one of"):
        rc.read_reasons(bad)


def test_the_shipped_reasons_file_holds_no_rulebook_text_beyond_first_words(rc):
    data = json.loads(rc.REASONS.read_text(encoding="utf-8"))
    rc.read_reasons()  # every reason of a known kind
    for key, entry in data["sentences"].items():
        assert "#" in key and key.split("#")[0].endswith(".txt"), key
        assert len(rc.words(entry["text"])) <= 8, f"{key}: only its first words"


@pytest.mark.rulebook
def test_every_reason_names_a_sentence_or_section_of_the_rulebooks(rc, rulebook):
    reasons = rc.read_reasons()
    sentences = [
        s
        for name, _, cited in rc.books()
        for s in rc.read_book(name, rulebook(name), reasons.chapters.get(name, ()), cited)
    ]
    keys = {s.key for s in sentences}
    sections = {f"{s.book}: {part}" for s in sentences for part in (s.section, s.chapter)}
    assert not [k for k in reasons.sentences if k not in keys], "a reason for no sentence"
    named = [k.removesuffix(": *") for k in reasons.sections]
    assert not [k for k in named if k not in sections], "a reason for no section"
