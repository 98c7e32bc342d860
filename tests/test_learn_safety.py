"""Learn mode is safe by construction (RELIABILITY.md, promises 3 and 7): every public function
and method of ``workbench.learn`` checks its arguments; a kind is a name or a ``Kind``;
answers are bounded before they are read (an endless generator is refused, not consumed);
progress files are untrusted input (a FIFO refused unopened, a huge file unread, NaN, deep
nesting, 5,000-digit numbers and ``right > answered`` refused with a ``ProgressFileError``
naming the file, the field and what was expected; nothing changed, nothing saved back), and
the learner widget starts fresh beside an unreadable file, keeping it.

Fuzzing: ``WORKBENCH_LEARN_FUZZ_EXAMPLES`` mutated progress files and random answers each
(``make test``: a small fixed sample; ``make soak`` thousands). Each case must end in a value
or the library's own error within a deadline, with nothing changed.
"""

from __future__ import annotations

import contextlib
import inspect
import itertools
import json
import math
import os
import signal
from collections.abc import Iterator
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

import workbench.learn as learn
from workbench.errors import ArgumentError, shown
from workbench.learn import drawing, kinds, progress, question
from workbench.learn.progress import (
    MAX_PROGRESS_BYTES,
    Progress,
    ProgressFileError,
    schema_problem,
)
from workbench.learn.question import MAX_ANSWER_PLACES, MAX_SEED
from workbench.widgets.learn import Learner

EXAMPLES = int(os.environ.get("WORKBENCH_LEARN_FUZZ_EXAMPLES", "100"))
SOAK = "WORKBENCH_LEARN_FUZZ_EXAMPLES" in os.environ  # new examples each soak
DEADLINE = 5  # seconds a case may take before it counts as a hang
NAN, INF = math.nan, math.inf

# The modules a learner calls (the package, its kinds, questions, progress and pictures); the
# games' question makers are called only through ``learn.question``, which checks for them.
MODULES = (learn, kinds, question, progress, drawing)
CLASSES = (learn.Check, learn.Kind, learn.Progress, learn.Question, drawing.Drawn)


class Hang(Exception):
    """A case ran past its deadline."""


@contextlib.contextmanager
def deadline(seconds: float = DEADLINE) -> Iterator[None]:
    def alarm(*_: Any) -> None:
        raise Hang(f"no answer within {seconds} s")

    previous = signal.signal(signal.SIGALRM, alarm)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


@pytest.fixture
def home(tmp_path, monkeypatch) -> Path:
    monkeypatch.setenv("WORKBENCH_HOME", str(tmp_path))
    return tmp_path


# --- every public function and method checks its arguments ---------------------------------
def _unchecked(member: Any) -> bool:
    parameters = list(inspect.signature(member).parameters)
    if inspect.isfunction(member) and parameters[:1] in (["self"], ["cls"]):
        parameters = parameters[1:]
    return bool(parameters) and not getattr(member, "arguments_checked", False)


def test_every_public_function_and_method_of_learn_checks_its_arguments():
    unchecked = []
    for module in MODULES:
        for name, member in vars(module).items():
            own = getattr(member, "__module__", "").startswith("workbench.learn")
            if name.startswith("_") or not own or not inspect.isfunction(member):
                continue
            if _unchecked(member):
                unchecked.append(f"{module.__name__}.{name}")
    for cls in CLASSES:
        for name, member in inspect.getmembers(cls):
            if (name.startswith("_") and name != "__init__") or not callable(member):
                continue
            if (inspect.isfunction(member) or inspect.ismethod(member)) and _unchecked(member):
                unchecked.append(f"{cls.__name__}.{name}")
    assert not unchecked


def test_a_kind_is_its_name_or_the_kind_learn_kinds_gives():
    for game in learn.kinds_of_games():
        first = learn.kinds(game)[0]
        by_object, by_name = learn.question(game, first, 4), learn.question(game, first.name, 4)
        assert by_object.prompt == by_name.prompt and by_object.kind == first.name
    other = learn.kinds("tanks")[0]  # "sight" is a Panzer Vor! kind's name too
    for bad in (["sight"], other, 3, None, "zz", learn.kinds):
        with pytest.raises(ArgumentError) as refused:
            learn.question("panzer-vor", bad, 1)
        assert refused.value.argument == "kind"


BAD_CALLS = [
    (learn.question, ("panzer-vor", "sight", "1"), {}, "seed"),
    (learn.question, ("panzer-vor", "sight", 1.5), {}, "seed"),
    (learn.question, ("panzer-vor", "sight", NAN), {}, "seed"),
    (learn.question, ("panzer-vor", "sight", True), {}, "seed"),
    (learn.question, ("panzer-vor", "sight", -1), {}, "seed"),
    (learn.question, ("panzer-vor", "sight", MAX_SEED + 1), {}, "seed"),
    (learn.question, (["panzer-vor"], "sight", 1), {}, "game"),
    (learn.question, ("chess", "sight", 1), {}, "game"),
    (learn.question, ("panzer-vor", "sight", 1, 5), {}, "scenario"),
    (learn.question, ("panzer-vor", "sight", 1, "nowhere"), {}, "scenario"),
    (learn.kinds, (None,), {}, "game"),
    (learn.chapters, (b"tanks",), {}, "game"),
    (learn.lesson, ("tanks", "Moving"), {}, "chapter"),
    (learn.lesson, ("tanks", ["Firing"]), {}, "chapter"),
    (learn.lesson, ("tanks", "Firing"), {"start": -1}, "start"),
    (learn.lesson, ("tanks", "Firing"), {"start": "0"}, "start"),
    (learn.lesson, ("tanks", "Firing"), {"start": 10**30}, "start"),
    (Progress, (), {"answered": -1}, "answered"),
    (Progress, (), {"answered": 2, "right": 3, "score": 3}, "right"),
    (Progress, (), {"answered": 2, "score": NAN}, "score"),
    (Progress, (), {"answered": 2, "score": INF}, "score"),
    (Progress, (), {"answered": 2, "right": 1, "score": 0.5}, "score"),
    (Progress, (), {"answered": 2.0}, "answered"),
    (Progress, (), {"places": {"x": -1}}, "places"),
    (Progress, (), {"places": {"x": 10**30}}, "places"),
    (Progress, (), {"places": {"x" * 300: 1}}, "places"),
    (Progress, (), {"name": 5}, "name"),
    (Progress.resume, ("../ana",), {}, "name"),
    (Progress.resume, ("ana",), {"fresh_if_unreadable": "yes"}, "fresh_if_unreadable"),
    (Progress().record, ("right",), {}, "check"),
    (learn.Check, (None, "x", True, Fraction(1)), {}, "question"),
    (learn.Check, (learn.question("tanks", "dice", 1), "x", True, Fraction(1, 2)), {}, "correct"),
    (learn.Check, (learn.question("tanks", "dice", 1), "x", False, Fraction(3, 2)), {}, "score"),
    (Progress().next_seed, (1, "Moving"), {}, "game"),
]


@pytest.mark.parametrize(
    ("function", "args", "kwargs", "argument"), BAD_CALLS, ids=lambda value: shown(value, 24)
)
def test_a_bad_argument_is_refused_naming_it(home, function, args, kwargs, argument):
    with deadline(), pytest.raises(ArgumentError) as refused:
        function(*args, **kwargs)
    assert refused.value.argument == argument, refused.value
    assert not list(home.rglob("*")), "nothing written"


# --- answers of bounded size -----------------------------------------------------------------
@pytest.fixture(scope="module")
def questions() -> dict[str, learn.Question]:
    """One question of every shape."""
    made = [
        learn.question("panzer-vor", "reach", 2),
        learn.question("panzer-strike", "steps", 0),
        learn.question("tanks", "dice", 2),
        learn.question("panzer-vor", "sight", 1),
        learn.question("panzer-strike", "shot", 0),
    ]
    return {q.shape: q for q in made}


@pytest.mark.parametrize(
    ("shape", "answer"),
    [
        ("number", "²"),
        ("number", "５"),  # a full-width digit: int() takes it, an answer does not
        ("number", "9" * 5000),
        ("number", 10**5000),
        ("number", -(10**12)),
        ("number", 2.0),
        ("number", " "),
        ("numbers", "1, ²"),
        ("numbers", ", ".join(["9" * 5000] * 2)),
        ("numbers", "1 " * 10**6),
        ("numbers", (10**5000, 1)),
        ("yes/no", "yes" + " " * 10**6),
        ("yes/no", 1),
        ("choice", 10**5000),
        ("choice", "front" + " " * 10**6),
        ("choice", ["front"]),
        ("places", ["zz"]),
        ("places", ["9999"]),
        ("places", {"0101": True}),
        ("places", "0101"),
        ("places", b"0101"),
        ("places", ["0" * 10**6]),
        ("places", [3]),
        ("places", [object()]),
    ],
    ids=lambda value: shown(value, 24),
)
def test_an_answer_out_of_bounds_is_the_librarys_error(questions, shape, answer):
    with deadline(), pytest.raises(ArgumentError) as refused:
        questions[shape].check(answer)
    assert refused.value.argument == "answer"


def test_an_endless_generator_of_labels_is_bounded_before_it_is_consumed(questions):
    labels = itertools.count()
    places = (f"{n:04d}" for n in labels)
    with deadline(), pytest.raises(ArgumentError, match="at most 10,000 places"):
        questions["places"].check(places)
    assert next(labels) == MAX_ANSWER_PLACES + 1, "read one past the cap, no further"
    endless = itertools.cycle(sorted(questions["places"].answer))
    with deadline(), pytest.raises(ArgumentError):
        questions["places"].check(endless)


def test_a_set_with_a_label_off_the_board_is_refused_and_a_wrong_one_on_it_scores(questions):
    q = questions["places"]
    right = sorted(q.answer)
    with pytest.raises(ArgumentError, match="labels of places on this board") as refused:
        q.check([*right, "0099"])
    assert refused.value.found == "0099"
    check = q.check(iter([*right, "0101"]))  # an iterable is read as a set
    assert not check.correct and check.wrong == {"0101"} and 0 < check.score < 1


def test_the_progress_shows_its_score_rounded():
    assert Progress(answered=4, right=0, score=2.11472).lines()[0] == "0 right of 4; score 2.1 of 4"
    assert str(Progress(answered=3, right=3, score=3)).startswith("3 right of 3; score 3 of 3")


# --- progress files ----------------------------------------------------------------------------
def _saved(name: str = "ana") -> Path:
    return Progress(name, answered=4, right=1, score=2.5, streak=1, best=1,
                    places={"tanks/Firing": 3}).save()  # fmt: skip


def _written(path: Path, document: Any) -> None:
    path.write_text(document if isinstance(document, str) else json.dumps(document))


GOOD = {"format": "workbench.learn-progress/1", "answered": 4, "right": 1, "score": 2.5,
        "streak": 1, "best": 1, "places": {"tanks/Firing": 3}}  # fmt: skip
BAD_FILES = [
    ({**GOOD, "score": "NaN"}, "$.score", "a finite number"),
    (json.dumps(GOOD).replace("2.5", "NaN"), "$.score", "a finite number"),
    (json.dumps(GOOD).replace("2.5", "Infinity"), "$.score", "a finite number"),
    (json.dumps(GOOD).replace("2.5", "-Infinity"), "$.score", "a finite number"),
    (
        json.dumps(GOOD).replace('"answered": 4', '"answered": ' + "4" * 5000),
        "$.answered",
        "at most 20 digits",
    ),
    (json.dumps(GOOD).replace("2.5", "2." + "5" * 5000), "$.score", "at most 20 digits"),
    ({**GOOD, "right": 5}, "$.right", "at most answered (4)"),
    ({**GOOD, "best": 2}, "$.best", "at most right (1)"),
    ({**GOOD, "streak": 2, "best": 1}, "$.streak", "at most best (1)"),
    ({**GOOD, "score": 4.5}, "$.score", "from right (1) to answered (4)"),
    ({**GOOD, "score": 0.5}, "$.score", "from right (1) to answered (4)"),
    ({**GOOD, "score": True}, "$.score", "a finite number"),
    ({**GOOD, "answered": 4.0}, "$.answered", "a whole number"),
    ({**GOOD, "answered": -4}, "$.answered", "a whole number from 0"),
    ({**GOOD, "answered": "4"}, "$.answered", "a whole number"),
    ({**GOOD, "places": []}, "$.places", "an object"),
    ({**GOOD, "places": {"x": -1}}, "$.places.x", "a seed from 0"),
    ({**GOOD, "places": {str(i): 1 for i in range(201)}}, "$.places", "at most 200"),
    ({**GOOD, "places": {"g/x": [[[[[1]]]]]}}, '$.places["g/x"]', "a seed"),
    ({**GOOD, "format": "workbench.learn-progress/2"}, "$.format", "workbench.learn-progress/1"),
    ({**GOOD, "extra": 1}, "$.extra", "only the fields"),
    ({k: v for k, v in GOOD.items() if k != "right"}, "$.right", "the field right"),
    (
        '{"format": "workbench.learn-progress/1", "answered": 1, "answered": 2}',
        "$",
        "each key once",
    ),
    ("[" * 5000 + "]" * 5000, "$", "at most 64 levels"),
    ('{"places": ' + "[" * 70 + "]" * 70 + "}", "$.places[0][0]", "a shallower file"),
    ("[1, 2]", "$", "a JSON object"),
    ("", "$", "a JSON document"),
    ("\udcff", "$", "UTF-8"),
]


@pytest.mark.parametrize(
    ("content", "field", "expected"), BAD_FILES, ids=lambda value: shown(value, 24)
)
def test_a_bad_progress_file_is_refused_naming_file_and_field_and_nothing_changes(
    home, content, field, expected
):
    path = _saved()
    if content == "\udcff":
        path.write_bytes(b'{"format": "\xff"}')
    else:
        _written(path, content)
    before = path.read_bytes()
    with deadline(), pytest.raises(ProgressFileError) as refused:
        Progress.resume("ana")
    assert refused.value.path == str(path), refused.value
    assert refused.value.field.startswith(field), refused.value
    assert expected in refused.value.expected, refused.value
    assert str(path) in str(refused.value)
    assert path.read_bytes() == before, "nothing changed, nothing saved back"


def test_a_fifo_a_device_a_folder_and_a_huge_file_are_refused_unopened(home):
    path = _saved()
    folder = path.parent
    path.unlink()
    os.mkfifo(path)
    with deadline(), pytest.raises(ProgressFileError, match="a FIFO"):
        Progress.resume("ana")  # it used to wait for a writer for ever
    path.unlink()
    path.symlink_to("/dev/zero")
    with deadline(), pytest.raises(ProgressFileError, match="leads through a symbolic link"):
        Progress.resume("ana")
    (folder / "zero.json").symlink_to("/dev/null")
    with deadline(), pytest.raises(ProgressFileError, match="symbolic link to /dev/null"):
        Progress.resume("zero")
    path.unlink()
    path.mkdir()
    with deadline(), pytest.raises(ProgressFileError, match="a directory"):
        Progress.resume("ana")
    (folder / "huge.json").write_bytes(b"")
    with (folder / "huge.json").open("wb") as out:
        out.truncate(50 * 1024 * 1024)  # 50 MB, sparse
    with deadline(), pytest.raises(ProgressFileError, match="52,428,800 bytes") as refused:
        Progress.resume("huge")
    assert f"at most {MAX_PROGRESS_BYTES:,} bytes" in str(refused.value)


def test_a_progress_that_breaks_the_schema_is_never_saved(home):
    path = _saved()
    before = path.read_bytes()
    p = Progress.resume("ana")
    for field, value in (("score", NAN), ("score", INF), ("right", 9), ("answered", 10**30)):
        setattr(p, field, value)
        with pytest.raises(ProgressFileError, match=rf"\$\.{field}"):
            p.save()
        assert path.read_bytes() == before
        p = Progress.resume("ana")


def test_a_progress_folder_that_is_a_file_is_refused_when_saving(home):
    (home / "progress").write_text("not a folder")
    fresh = Progress.resume("ana")
    with pytest.raises(ProgressFileError, match="expected a folder"):
        fresh.save()
    assert (home / "progress").read_text() == "not a folder"


def test_a_learner_with_an_unreadable_file_starts_fresh_and_the_file_is_kept(home):
    path = _saved()
    _written(path, {**GOOD, "score": "NaN"})
    bad = path.read_bytes()
    w = Learner("panzer-strike", "Moving", progress="ana")
    assert w.progress.answered == 0 and w.progress.unreadable is not None
    assert "progress not resumed" in w.panel_text and "$.score" in w.panel_text
    assert path.read_bytes() == bad, "nothing written before an answer"
    w.choose(w.question.answer)
    w.check()
    kept = path.with_name("ana.json.unreadable")
    assert kept.read_bytes() == bad and "kept as" in w.panel_text
    assert Progress.resume("ana").answered == 1
    w.next()
    w.choose(w.question.answer)
    w.check()
    assert sorted(p.name for p in path.parent.iterdir()) == ["ana.json", "ana.json.unreadable"]

    _written(path, "[" * 5000)  # a second bad file, a later session: kept beside the first
    again = Learner("panzer-strike", "Moving", progress="ana")
    again.choose(again.question.answer)
    again.check()
    assert path.with_name("ana.json.unreadable-2").read_text() == "[" * 5000


def test_a_fifo_in_the_learners_place_is_set_aside_not_opened(home):
    path = _saved()
    path.unlink()
    os.mkfifo(path)
    with deadline():
        w = Learner("panzer-strike", "Moving", progress="ana")
        w.choose(w.question.answer)
        w.check()
    assert path.with_name("ana.json.unreadable").is_fifo()
    assert Progress.resume("ana").right == 1


# --- fuzzing -----------------------------------------------------------------------------------
STRANGE = [
    None,
    True,
    False,
    0,
    -1,
    1,
    2.5,
    10**19,
    10**25,
    -(10**19),
    1e308,
    -0.0,
    "",
    "4",
    "NaN",
    "x" * 500,
    [],
    {},
    [1],
    {"a": 1},
    [[[[[[]]]]]],
    {"a": {"b": {"c": {}}}},
]
# a number written as text JSON can hold but Python's json will not write
WRITTEN = ["NaN", "Infinity", "-Infinity", "1" * 5000, "1e999", "-1e999", "0." + "1" * 300]


@st.composite
def progress_files(draw: st.DrawFn) -> bytes:
    """A valid progress document, then one or more mutations of it, as bytes."""
    answered = draw(st.integers(0, 50))
    right = draw(st.integers(0, answered))
    best = draw(st.integers(0, right))
    document: dict[str, Any] = {
        "format": "workbench.learn-progress/1", "answered": answered, "right": right,
        "score": right + draw(st.integers(0, answered - right)) / 2, "streak":
        draw(st.integers(0, best)), "best": best,
        "places": {f"g/{c}": draw(st.integers(0, 99)) for c in draw(st.sets(
            st.sampled_from(["Moving", "Firing", "Cards"])))},
    }  # fmt: skip
    text = None
    for _ in range(draw(st.integers(0, 3))):  # none: a valid file, read back as it is
        how = draw(st.sampled_from(["value", "drop", "add", "written", "nest", "bytes", "keep"]))
        key = draw(st.sampled_from(sorted(document)))
        if how == "value":
            document[key] = draw(st.sampled_from(STRANGE))
        elif how == "drop":
            document.pop(key, None)
        elif how == "add":
            document[draw(st.sampled_from(["extra", "x" * 300, "score2"]))] = 1
        elif how == "written":
            text = json.dumps({**document, key: "@"}).replace('"@"', draw(st.sampled_from(WRITTEN)))
        elif how == "nest":
            depth = draw(st.integers(10, 3000))
            text = json.dumps({**document, key: "@"}).replace('"@"', "[" * depth + "]" * depth)
    data = (text or json.dumps(document)).encode("utf-8")
    cut = draw(st.sampled_from(["none", "none", "truncate", "flip", "bom"]))
    if cut == "truncate":
        data = data[: draw(st.integers(0, len(data)))]
    elif cut == "flip" and data:
        at = draw(st.integers(0, len(data) - 1))
        data = data[:at] + bytes([draw(st.integers(0, 255))]) + data[at + 1 :]
    elif cut == "bom":
        data = b"\xef\xbb\xbf" + data
    return data


@settings(max_examples=EXAMPLES, suppress_health_check=list(HealthCheck), derandomize=not SOAK)
@given(data=progress_files())
def test_fuzzed_progress_files_resume_or_are_refused_with_nothing_changed(tmp_path_factory, data):
    home = tmp_path_factory.mktemp("fuzz")
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("WORKBENCH_HOME", str(home))
        path = home / "progress" / "ana.json"
        path.parent.mkdir()
        path.write_bytes(data)
        try:
            with deadline():
                found = Progress.resume("ana")
        except ProgressFileError as refused:
            event(f"refused at {refused.field[:10]}")
            assert refused.path == str(path) and refused.field.startswith("$")
            assert path.read_bytes() == data, "a refused file is left as it was"
            return
        event("resumed")
        assert path.read_bytes() == data
        assert schema_problem(found.to_json()) is None
        assert 0 <= found.streak <= found.best <= found.right <= found.answered
        assert math.isfinite(found.score) and found.right <= found.score <= found.answered
        found.save()
        assert Progress.resume("ana") == found, "what resumes saves and resumes again"


def _endless() -> Iterator[str]:
    return (str(n) for n in itertools.count())


class Awkward:
    """An answer whose every method fails."""

    def __iter__(self) -> Iterator[Any]:
        raise RuntimeError("no iterating")

    def __str__(self) -> str:
        raise RuntimeError("no text")

    __repr__ = __str__

    def __eq__(self, other: object) -> bool:
        raise RuntimeError("no comparing")

    __hash__ = None  # type: ignore[assignment]


TEXTS = ["yes", "no", " 5+", "²", "５", "5, 1", "0101", "front", "3,12", "\udcff"]
TEXTS += ["1" * 5000, "x" * 200_000]
SCALARS = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(),
    st.integers(-(10**6000), 10**6000),
    st.floats(),
    st.fractions(),
    st.text(max_size=50),
    st.binary(max_size=20),
    st.sampled_from(TEXTS),
)
ANSWERS = st.one_of(
    SCALARS,
    st.lists(SCALARS, max_size=6),
    st.lists(SCALARS, max_size=6).map(tuple),
    st.frozensets(st.text(max_size=6), max_size=6),
    st.dictionaries(st.text(max_size=4), SCALARS, max_size=3),
    st.lists(st.text(max_size=6), max_size=6).map(iter),
    st.just(0).map(lambda _: _endless()),
    st.just(0).map(lambda _: Awkward()),
)


def _plausible(q: learn.Question) -> st.SearchStrategy[Any]:
    """Answers a learner might give to ``q``: right, nearly right, wrong, in any form."""
    if q.shape == "places":
        near = [*sorted(q.answer), "0101", "0202", " 0303 "]
        return st.one_of(st.sets(st.sampled_from(near)), st.lists(st.sampled_from(near)))
    if q.shape == "number":
        return st.one_of(st.integers(-3, 20), st.integers(0, 20).map(lambda n: f" {n}+"))
    if q.shape == "numbers":
        pair = st.tuples(st.integers(0, 9), st.integers(0, 9))
        return st.one_of(pair, pair.map(list), pair.map(lambda p: f"{p[0]}, {p[1]}"))
    if q.shape == "yes/no":
        return st.sampled_from([True, False, "yes", "no", " YES ", "No"])
    return st.sampled_from([*q.choices, *(f" {c} " for c in q.choices)])


@settings(max_examples=EXAMPLES, suppress_health_check=list(HealthCheck), derandomize=not SOAK)
@given(shape=st.sampled_from(["places", "number", "numbers", "yes/no", "choice"]), data=st.data())
def test_random_answers_are_checked_or_refused_with_nothing_changed(questions, shape, data):
    q = questions[shape]
    answer = data.draw(_plausible(q) if data.draw(st.booleans()) else ANSWERS, label="answer")
    kept = Progress(answered=1, right=1, score=1)
    before = kept.to_json()
    try:
        with deadline():
            check = q.check(answer)
            kept.record(check)
            lines = check.lines()
    except ArgumentError as refused:
        event(f"{shape}: refused")
        assert refused.argument == "answer"
        assert kept.to_json() == before, "a refused answer counts for nothing"
        return
    event(f"{shape}: checked")
    assert isinstance(check.score, Fraction) and 0 <= check.score <= 1
    assert check.correct == (check.score == 1) and lines
    assert kept.answered == 2 and schema_problem(kept.to_json()) is None
