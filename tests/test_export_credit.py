"""The lesson page's checker (``workbench/export/assets/credit.js``) gives every answer the
credit ``Question.check`` gives it: the same verdict, the same exact score, the same places
missed and given wrongly, the same answer read back, and for an answer that is no answer of
its question the same refusal (the ``ArgumentError``'s expected text). Both run on the same
answers, a few thousand: each shape's right and wrong answers, partial ones, text with
Python's whitespace (which is not JavaScript's), numbers too long, labels off the board.

The JavaScript runs in Node when the machine has it, else in the system Chromium; without
either the test skips, saying so. The page's places are its board's labels (the clicks it can
make); a label only Python's parser reads (a hex named in Arabic-Indic digits) is no click of
the page and is left out."""

from __future__ import annotations

import json
import random
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

import workbench.learn as learn
from workbench.errors import ArgumentError
from workbench.export.lesson import places_of, question_facts
from workbench.learn.drawing import question_scene
from workbench.learn.question import Question

CREDIT_JS = Path(__file__).resolve().parents[1] / "workbench" / "export" / "assets" / "credit.js"
CHROMIUM = "/usr/bin/chromium"
SEEDS = (0, 1)
ANSWERS_EACH = 50  # random answers per question, beside the hand-made ones
NOISE = [
    "", " ", "yes", "No ", " YES\t", "y", "true", "no\x1c", "\ufeffyes", "yes\u3000", True, False,
    0, 1, 5, -3, 10**9, 999_999_999, "5", " 5 ", "5+", "5++", "+5", "05", "0", "1,2", "1 2",
    "1, 2, 3", "²", "٣", "x" * 1001, " " * 999 + "5", "5" * 10, "-1", "\xa07\u2003", "7\x85",
    None, [], ["1"], [1, 2], [True], {}, {"a": 1}, 2.5, "\ud83d\ude00",
]  # fmt: skip


def questions() -> list[Question]:
    """Every kind of every game, a few seeds each."""
    return [
        learn.question(game, kind.name, seed)
        for game in learn.kinds_of_games()
        for kind in learn.kinds(game)
        for seed in SEEDS
    ]


def answers_for(question: Question, known: list[str], rng: random.Random) -> list[Any]:
    """Hand-made answers of the question's shape and random ones around its answer."""
    out: list[Any] = list(NOISE)
    answer = question.answer
    if question.shape == "places":
        right = sorted(answer)
        out += [right, [], right[:1], [f" {p}\t" for p in right], right + right, ["9999"],
                ["x" * 41], [1234], [*right, "no place"], known[:3]]  # fmt: skip
        for _ in range(ANSWERS_EACH):
            pool = right + rng.sample(known, min(6, len(known)))
            out.append(rng.sample(pool, rng.randint(0, len(pool))))
    elif question.shape == "numbers":
        out += [list(answer), ", ".join(map(str, answer)), " ".join(map(str, answer)),
                list(answer)[:-1], [*answer, 1], [str(a) + "+" for a in answer]]  # fmt: skip
        for _ in range(ANSWERS_EACH):
            given = [a if rng.random() < 0.5 else rng.randint(0, 9) for a in answer]
            out.append(rng.choice([given, ",".join(map(str, given)), " , ".join(map(str, given))]))
    elif question.shape == "number":
        out += [answer, str(answer), f" {answer}+", answer + 1, str(answer - 1)]
        out += [rng.choice([rng.randint(-3, 20), str(rng.randint(0, 20))]) for _ in range(20)]
    elif question.shape == "choice":
        for choice in question.choices:
            out += [choice, f" {choice} ", choice.upper(), choice[:-1]]
    else:
        out += [answer, not answer, "yes" if answer else "no", " Yes ", "NO"]
    return out


def python_credit(question: Question, given: Any) -> dict[str, Any]:
    """What ``Question.check`` says of ``given``, in the page checker's terms."""
    try:
        check = question.check(given)
    except ArgumentError as refused:
        return {"ok": False, "expected": refused.expected}
    read = check.given
    if isinstance(read, frozenset):
        read = sorted(read)
    elif isinstance(read, tuple):
        read = list(read)
    return {
        "ok": True, "given": read, "correct": check.correct, "score": str(check.score),
        "missed": sorted(check.missed), "wrong": sorted(check.wrong),
    }  # fmt: skip


RUNNER = """
const cases = JSON.parse(input);
const out = cases.map(([question, answer, known]) =>
  WorkbenchCredit.credit(question, answer, new Set(known)));
return JSON.stringify(out);
"""


def run_credit(cases: list[list[Any]]) -> list[dict[str, Any]]:
    """The page's checker on every case, in Node or Chromium (else the test skips)."""
    code = CREDIT_JS.read_text(encoding="utf-8")
    node = shutil.which("node")
    if node:
        script = (
            "let input = ''; process.stdin.on('data', (d) => { input += d; });"
            "process.stdin.on('end', () => { process.stdout.write((function (input) {"
            f"{code}\n{RUNNER}" + "})(input)); });"
        )
        done = subprocess.run([node, "-e", script], input=json.dumps(cases), text=True,
                              capture_output=True, timeout=120, check=True)  # fmt: skip
        return json.loads(done.stdout)
    if not Path(CHROMIUM).exists():
        pytest.skip("neither Node nor the system Chromium to run the page's checker")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        try:
            page = browser.new_page()
            body = f"(input) => {{ {code}\n{RUNNER} }}"
            return json.loads(page.evaluate(body, json.dumps(cases)))
        finally:
            browser.close()


def test_the_page_gives_every_answer_the_credit_question_check_gives():
    rng = random.Random(50)
    cases, expected = [], []
    shapes: set[str] = set()
    for question in questions():
        facts = question_facts(question)
        known: list[str] = []
        if question.shape == "places":  # the page's places: its board's labels
            known = [label for label, _ in places_of(question, question_scene(question))]
        for given in answers_for(question, known, rng):
            given = json.loads(json.dumps(given))  # as the page holds it
            cases.append([facts, given, known])
            expected.append(python_credit(question, given))
        shapes.add(question.shape)
    assert shapes == {"yes/no", "places", "number", "numbers", "choice"}
    found = run_credit(cases)
    differ = [
        (case[0]["kind"], case[1], page, python)
        for case, page, python in zip(cases, found, expected, strict=True)
        if page != python
    ]
    assert not differ, f"{len(differ)} of {len(cases)} differ, e.g. {differ[:3]}"
    kinds = {"refused" if not e["ok"] else "right" if e["correct"] else
             "wrong" if e["score"] == "0" else "partial" for e in expected}  # fmt: skip
    assert kinds == {"refused", "right", "wrong", "partial"} and len(cases) > 2000
