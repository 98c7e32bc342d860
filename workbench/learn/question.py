"""A question about a real position, its answer computed by the rules, and the check of a
learner's answer: right or wrong, a score (partial credit for a set of places, with the
places missed and the places wrongly given), and the rules' reasons, each with its section.

Five shapes of answer (``Question.shape``):

- ``"yes/no"``: ``True``/``False`` (or the words ``"yes"``/``"no"``);
- ``"places"``: a set of place labels (hex labels such as ``"0507"``), each a place on the
  board; the score is the share of right places among those given and those missed
  (``|right| / |given ∪ answer|``);
- ``"number"``: a whole number;
- ``"numbers"``: whole numbers in the order the prompt asks them (``(5, 1)`` or ``"5, 1"``);
  each right one scores its share;
- ``"choice"``: one of ``Question.choices``.

Answers are bounded before they are read: text of at most :data:`MAX_ANSWER_CHARACTERS`,
numbers of at most :data:`MAX_ANSWER_DIGITS` digits (ASCII digits: ``'²'`` is no number),
at most :data:`MAX_ANSWER_PLACES` places, an iterable read no further than one place past
that (an endless generator is refused, not consumed); anything else is an ``ArgumentError``
naming ``answer``, and nothing is changed.

>>> from workbench.rules.core import Reason
>>> q = Question(game="tiny", kind="demo", seed=0, scenario="", chapter="Moving", level=1,
...              prompt="Which hexes?", shape="places", answer=frozenset({"0101", "0102"}),
...              reasons=(Reason("two hexes in reach", "Moving: Movement"),))
>>> check = q.check({"0101", "0103"})
>>> check.correct, check.score, sorted(check.missed), sorted(check.wrong)
(False, Fraction(1, 3), ['0102'], ['0103'])
>>> q.check(["0102", "0101"]).correct
True
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from itertools import islice
from typing import Any, Literal

from workbench.arguments import check_all, checked_methods, whole_number
from workbench.errors import ArgumentError
from workbench.rules.core import Reason, lines_of

Shape = Literal["yes/no", "places", "number", "numbers", "choice"]
SHAPES: tuple[str, ...] = ("yes/no", "places", "number", "numbers", "choice")
MAX_SEED = 999_999_999  # a question's seed: lessons and saved progress count in these
MAX_ANSWER_CHARACTERS = 1_000  # an answer given as text
MAX_ANSWER_DIGITS = 9  # a number answer: no question's answer comes near
MAX_ANSWER_PLACES = 10_000  # more places than any board a question is asked on
MAX_LABEL = 40  # characters of one place's label
_DIGITS = re.compile(rf"[0-9]{{1,{MAX_ANSWER_DIGITS}}}")


def spoken(value: Any) -> str:
    """An answer as words: ``yes``/``no``, places in order, a number, numbers, a choice.

    >>> spoken(True), spoken(frozenset({"0302", "0201"})), spoken(frozenset()), spoken((5, 1))
    ('yes', '0201, 0302', 'none', '5, 1')
    """
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, frozenset | set):
        return ", ".join(sorted(str(v) for v in value)) or "none"
    if isinstance(value, tuple):
        return ", ".join(str(v) for v in value)
    return str(value)


@dataclass(frozen=True, eq=False)
class Check:
    """A learner's answer checked: ``correct``, ``score`` (a Fraction from 0 to 1), the
    ``reasons`` behind the right answer (each with its rulebook section) and, for a set of
    places, those ``missed`` and those given ``wrong``. It draws the right answer and the
    learner's mistakes on the board."""

    question: Question
    given: Any
    correct: bool
    score: Fraction
    missed: frozenset[str] = frozenset()
    wrong: frozenset[str] = frozenset()

    def __post_init__(self) -> None:
        if not 0 <= self.score <= 1:
            raise ArgumentError("score", self.score, "a score from 0 to 1")
        if self.correct != (self.score == 1):
            raise ArgumentError("correct", self.correct, f"{self.score == 1}: right is score 1")

    @property
    def reasons(self) -> tuple[Reason, ...]:
        return self.question.reasons

    def __repr__(self) -> str:
        q = self.question
        verdict = "right" if self.correct else f"score {self.score}"
        return f"<check of {q.game}/{q.kind} seed {q.seed}: {verdict}>"

    def lines(self) -> list[str]:
        """The verdict, the right answer, then the reasons, each with its section."""
        q = self.question
        head = "right" if self.correct else f"not quite (score {float(self.score):.0%})"
        out = [f"{head}: the answer is {spoken(q.answer)}"]
        if not self.correct:
            out.append(f"  you answered {spoken(self.given)}")
        if self.missed:
            out.append(f"  missed: {spoken(self.missed)}")
        if self.wrong:
            out.append(f"  wrongly given: {spoken(self.wrong)}")
        return out + ["  " + line for line in lines_of(q.reasons)]

    def __str__(self) -> str:
        return "\n".join(self.lines())

    def _repr_svg_(self) -> str:
        from workbench.learn.drawing import check_svg

        return check_svg(self)


@checked_methods
@dataclass(frozen=True, eq=False)
class Question:
    """One question (see the module): what it asks (``prompt``), of which ``shape``, its
    ``answer`` computed by the rules and the ``reasons`` for it. ``state`` is the position
    asked about (it is drawn), ``marks`` the places the prompt names ({label: role}), and
    ``answer_places`` the places that show the answer on the board; ``is_place`` tells the
    labels of the board's places (a places answer names only those). Rebuilt exactly from
    ``(game, kind, seed, scenario)`` by :func:`workbench.learn.question`."""

    game: str
    kind: str
    seed: int
    scenario: str
    chapter: str
    level: int
    prompt: str
    shape: Shape
    answer: Any
    reasons: tuple[Reason, ...]
    choices: tuple[str, ...] = ()
    state: Any = field(default=None, repr=False)
    marks: tuple[tuple[str, str], ...] = ()  # (place label, what it is: "firer", "target" ...)
    answer_places: frozenset[str] = frozenset()
    detail: Any = field(default=None, repr=False)  # the rules' own result (drawn with answers)
    facts: Mapping[str, Any] = field(default_factory=dict)  # what it is about: tank, mp ...
    label_of: Callable[[Any], str] | None = field(default=None, repr=False)  # a place: label
    cell_of: Callable[[str], Any] | None = field(default=None, repr=False)  # a label: cell
    is_place: Callable[[str], bool] | None = field(default=None, repr=False)  # on the board?

    def __post_init__(self) -> None:
        if self.shape not in SHAPES:
            raise ArgumentError("shape", self.shape, f"one of {', '.join(SHAPES)}")
        whole_number("seed", self.seed, low=0, high=MAX_SEED)

    def __repr__(self) -> str:
        return f"<question {self.game}/{self.kind} seed {self.seed}: {self.prompt}>"

    def check(self, answer: Any) -> Check:
        """The learner's ``answer`` checked against the rules' (ArgumentError if it is not an
        answer of this question's shape; nothing is changed)."""
        given = self.read(answer)
        if self.shape == "places":
            right: frozenset[str] = self.answer
            missed, wrong = right - given, given - right
            both = right | given
            score = Fraction(len(right & given), len(both)) if both else Fraction(1)
            return Check(self, given, not missed and not wrong, score, missed, wrong)
        if self.shape == "numbers":
            right_ones = sum(g == a for g, a in zip(given, self.answer, strict=True))
            score = Fraction(right_ones, len(self.answer))
            return Check(self, given, score == 1, score)
        correct = given == self.answer
        return Check(self, given, correct, Fraction(int(correct)))

    def read(self, answer: Any) -> Any:
        """The answer in this question's terms, or ArgumentError saying what was expected."""
        if self.shape == "yes/no":
            return _yes_no(answer)
        if self.shape == "places":
            return _places(answer, self.label_of, self.is_place)
        if self.shape == "number":
            return _number(answer)
        if self.shape == "numbers":
            return _numbers(answer, len(self.answer))
        expected = f"one of {', '.join(self.choices)}"
        if isinstance(answer, int) and not isinstance(answer, bool):
            answer = str(_number(answer))
        if not isinstance(answer, str) or _short(answer).strip() not in self.choices:
            raise ArgumentError("answer", answer, expected)
        return answer.strip()

    def lines(self) -> list[str]:
        """The prompt, then the choices if it has some."""
        out = [self.prompt]
        if self.choices:
            out.append("  choose: " + " / ".join(self.choices))
        return out

    def __str__(self) -> str:
        return "\n".join(self.lines())

    def _repr_svg_(self) -> str:
        """The position with the places the prompt names, and the prompt (not the answer:
        :meth:`solution` draws that, and so does a :class:`Check`)."""
        from workbench.learn.drawing import question_svg

        return question_svg(self)

    def solution(self) -> Any:
        """A picture of the right answer on the board, with its reasons."""
        from workbench.learn.drawing import Drawn

        return Drawn(self, None)


def _yes_no(answer: Any) -> bool:
    if isinstance(answer, bool):
        return answer
    if isinstance(answer, str) and _short(answer).strip().lower() in ("yes", "no"):
        return answer.strip().lower() == "yes"
    raise ArgumentError("answer", answer, "yes or no (True or False)")


def _short(text: str) -> str:
    """``text`` if it is no longer than an answer may be, else ArgumentError."""
    if len(text) > MAX_ANSWER_CHARACTERS:
        expected = f"an answer of at most {MAX_ANSWER_CHARACTERS:,} characters"
        raise ArgumentError("answer", text, expected)
    return text


def _number(answer: Any) -> int:
    """A whole number of at most MAX_ANSWER_DIGITS digits, given as a number or as text of
    ASCII digits (a trailing ``+``, as in "5+", allowed)."""
    expected = f"a whole number of at most {MAX_ANSWER_DIGITS} digits"
    if isinstance(answer, str):
        text = _short(answer).strip().removesuffix("+")
        if _DIGITS.fullmatch(text):
            return int(text)
        raise ArgumentError("answer", answer, expected)
    if isinstance(answer, bool) or not isinstance(answer, int):
        raise ArgumentError("answer", answer, expected)
    if abs(answer) >= 10**MAX_ANSWER_DIGITS:
        raise ArgumentError("answer", answer, expected)
    return int(answer)


def _numbers(answer: Any, count: int) -> tuple[int, ...]:
    """``count`` whole numbers from a sequence or a text such as ``"5, 1"`` or ``"5 1"``."""
    expected = f"{count} whole numbers in the order the question asks (e.g. '5, 1')"
    if isinstance(answer, str):
        answer = _short(answer).replace(",", " ").split()
    if not isinstance(answer, list | tuple) or len(answer) != count:
        raise ArgumentError("answer", answer, expected)
    try:
        return tuple(_number(a) for a in answer)
    except ArgumentError as error:
        raise ArgumentError("answer", answer, expected) from error


def _places(
    answer: Any,
    label_of: Callable[[Any], str] | None,
    is_place: Callable[[str], bool] | None,
) -> frozenset[str]:
    """The labels of the places an answer names: read from at most MAX_ANSWER_PLACES + 1
    items (so an endless iterable is refused, not consumed), each a place on the board."""
    expected = "a set of place labels, e.g. {'0507', '0608'}"
    if isinstance(answer, str | bytes | Mapping) or not isinstance(answer, Iterable):
        raise ArgumentError("answer", answer, expected)
    try:
        given = list(islice(answer, MAX_ANSWER_PLACES + 1))
    except Exception as error:  # an iterable that fails while it is read
        raise ArgumentError("answer", answer, expected) from error
    if len(given) > MAX_ANSWER_PLACES:
        raise ArgumentError("answer", answer, f"at most {MAX_ANSWER_PLACES:,} places")
    found = set()
    for place in given:
        label = _label(place, answer, label_of)
        if is_place is not None and not is_place(label):
            raise ArgumentError("answer", place, "labels of places on this board")
        found.add(label)
    return frozenset(found)


def _label(place: Any, answer: Any, label_of: Callable[[Any], str] | None) -> str:
    """A place's label: text as it is (stripped), a place of the board's kind by its label."""
    if isinstance(place, str):
        if len(place) > MAX_LABEL:
            raise ArgumentError("answer", place, f"a place label of at most {MAX_LABEL} characters")
        return place.strip()
    if label_of is None:
        raise ArgumentError("answer", answer, "a set of place labels (text)")
    try:
        label = label_of(place)
    except Exception as error:  # a value the board cannot name
        raise ArgumentError("answer", place, "place labels of this board") from error
    if not isinstance(label, str):
        raise ArgumentError("answer", place, "place labels of this board")
    return _label(label, answer, None)


checked_methods(Check)  # here: its annotations name the Question, defined after it
check_all(globals(), ["spoken"])
