"""A learner's progress: score, streak, how far each lesson has gone; saved by name in the
user folder (``progress/<name>.json``) and resumed from there in a later session.

A progress file is read as untrusted input: a regular file of at most
:data:`MAX_PROGRESS_BYTES` (``stat`` first: a FIFO or a device is refused unopened, a huge
file unread), JSON with the reading's limits (nesting, numbers of at most 20 digits, no
``NaN``), then the schema (:func:`schema_problem`): whole-number counts with
``streak ≤ best ≤ right ≤ answered``, a finite score from ``right`` to ``answered``, at most
:data:`MAX_LESSONS` lesson places. Every refusal is a :class:`ProgressFileError` naming the
file, the field and what was expected, and nothing is changed; a progress that breaks the
schema (``score`` set to NaN by hand) is refused by ``save`` before the file is touched.

A learner whose file cannot be read starts fresh (``resume(name, fresh_if_unreadable=True)``,
what the learner widget does): the unreadable file is kept, never written over; the first
save renames it ``<name>.json.unreadable`` (``-2``, ``-3``... if taken) and saves the new
progress under the learner's name.

>>> import os, tempfile
>>> os.environ["WORKBENCH_HOME"] = tempfile.mkdtemp()
>>> progress = Progress.resume("demo")        # nothing saved yet: a fresh start
>>> progress.answered, progress.streak
(0, 0)
>>> path = progress.save()
>>> path.parent.name, path.name
('progress', 'demo.json')
>>> Progress("demo", answered=4, right=0, score=2.11472).lines()[0]
'0 right of 4; score 2.1 of 4'
"""

from __future__ import annotations

import math
import os
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from workbench.arguments import check_all, checked_methods
from workbench.errors import ArgumentError, json_path, shown
from workbench.files.errors import BoardFileError
from workbench.files.listing import Entry, user_files
from workbench.files.reading import read_document, system_error
from workbench.files.saving import save_document
from workbench.learn.question import MAX_SEED, Check
from workbench.userdir import PROGRESS, named_path, outside, user_path

FORMAT = "workbench.learn-progress/1"
MAX_PROGRESS_BYTES = 64 * 1024  # a file of MAX_LESSONS places is under 30 kB
MAX_COUNT = 10**9  # answers and streaks: no learner comes near
MAX_LESSONS = 200  # lesson places (a game's chapter each)
MAX_LESSON_KEY = 100  # characters of a place's key ("panzer-vor/Line of Sight")
MAX_SET_ASIDE = 100  # unreadable files kept beside one learner's name
COUNTS = ("answered", "right", "streak", "best")
FIELDS = ("format", "answered", "right", "score", "streak", "best", "places")


class ProgressFileError(BoardFileError):
    """A progress file that cannot be read, or a progress that cannot be saved: the file,
    the field (a JSON path), what was found and what was expected. Nothing is changed."""

    @classmethod
    def of(cls, error: BoardFileError) -> ProgressFileError:
        """The reading's or the saving's refusal, told as a progress file's."""
        return cls(error.path, error.field, error.found, error.expected)


@checked_methods
@dataclass
class Progress:
    """Score and streak of one learner (see the module). ``score`` adds each check's score
    (partial credit counts); ``streak`` counts right answers in a row, ``best`` the longest;
    ``places[key]`` is where a lesson goes on (``"panzer-vor/Moving"``: the next seed).
    ``unreadable``: the refusal of the file a fresh progress replaces (set aside at its
    first save, then ``set_aside`` is where it went)."""

    name: str = "progress"
    answered: int = 0
    right: int = 0
    score: float = 0.0
    streak: int = 0
    best: int = 0
    places: dict[str, int] = field(default_factory=dict)
    unreadable: ProgressFileError | None = field(default=None, init=False, compare=False)
    set_aside: Path | None = field(default=None, init=False, compare=False)

    def __post_init__(self) -> None:
        wrong = schema_problem(self.to_json())
        if wrong is not None:
            at, found, expected = wrong
            raise ArgumentError(at.removeprefix("$.").split("[")[0].split(".")[0], found, expected)
        self.score = float(self.score)
        self.places = dict(self.places)

    def record(self, check: Check) -> Progress:
        """Count one checked answer (and move its lesson on); the progress itself."""
        self.answered += 1
        self.score = round(self.score + float(check.score), 6)
        if check.correct:
            self.right += 1
            self.streak += 1
            self.best = max(self.best, self.streak)
        else:
            self.streak = 0
        q = check.question
        key = f"{q.game}/{q.chapter}"
        self.places[key] = max(self.places.get(key, 0), q.seed + 1)
        return self

    def next_seed(self, game: str, chapter: str) -> int:
        """Where the lesson of ``chapter`` goes on (0 at first)."""
        return self.places.get(f"{game}/{chapter}", 0)

    def lines(self) -> list[str]:
        """The score (to one decimal: partial credit counts) and the streak."""
        score = f"{self.score:.1f}".removesuffix(".0")
        return [
            f"{self.right} right of {self.answered}; score {score} of {self.answered}",
            f"streak {self.streak} (best {self.best})",
        ]

    def __str__(self) -> str:
        return "\n".join(self.lines())

    def to_json(self) -> dict[str, Any]:
        places = self.places
        if isinstance(places, dict) and all(isinstance(k, str) for k in places):
            places = dict(sorted(places.items()))
        return {
            "format": FORMAT, "answered": self.answered, "right": self.right,
            "score": self.score, "streak": self.streak, "best": self.best, "places": places,
        }  # fmt: skip

    def save(self) -> Path:
        """Write the progress to the user folder atomically (:func:`workbench.files.saving.
        save_document`); the path written. A progress that breaks the schema is refused
        before the file is touched; an unreadable file it replaces is set aside first."""
        path = named_path(self.name, PROGRESS, ".json")
        document = self.to_json()
        wrong = schema_problem(document)
        if wrong is not None:
            raise ProgressFileError(path, *wrong)
        if self.unreadable is not None:
            self.set_aside = _set_aside(path)
            self.unreadable = None
        try:
            target = user_path(self.name, PROGRESS, ".json", create=True)
            save_document(document, target, indent=1)
        except OSError as error:  # the progress folder cannot be made (a file of its name)
            raise ProgressFileError.of(system_error(path.parent, error, "a folder")) from None
        except BoardFileError as error:
            raise ProgressFileError.of(error) from None
        return target

    @classmethod
    def resume(cls, name: str = "progress", *, fresh_if_unreadable: bool = False) -> Progress:
        """The progress saved as ``name`` in the user folder, or a fresh one if none is. A
        file there that is no readable progress file is ProgressFileError; with
        ``fresh_if_unreadable``, a fresh progress whose ``unreadable`` says why (see the
        module: the file is kept)."""
        path = named_path(name, PROGRESS, ".json")  # ArgumentError: not a plain name
        try:
            if not os.path.lexists(path):
                return cls(name)
            leads_to = outside(path)
            if leads_to:
                raise ProgressFileError(path, "$", f"a file that {leads_to}", "a progress file")
            return cls.from_json(name, path)
        except ProgressFileError as error:
            if not fresh_if_unreadable:
                raise
            fresh = cls(name)
            fresh.unreadable = error
            return fresh

    @classmethod
    def from_json(cls, name: str, path: Path) -> Progress:
        """The progress in the file at ``path`` (read as the module says), called ``name``."""
        try:
            data = read_document(path, MAX_PROGRESS_BYTES)
        except BoardFileError as error:
            raise ProgressFileError.of(error) from None
        wrong = schema_problem(data)
        if wrong is not None:
            raise ProgressFileError(path, *wrong)
        counts = [data[k] for k in COUNTS]
        return cls(name, counts[0], counts[1], float(data["score"]), counts[2], counts[3],
                   dict(data["places"]))  # fmt: skip


def saved_progress() -> list[Entry]:
    """Every learner's progress saved in the user folder: each entry's ``found`` is the
    :class:`Progress`, or its ``problem`` the reason it cannot be read (one bad file is one
    bad line, :mod:`workbench.files.listing`)."""
    return user_files(PROGRESS, lambda path: Progress.from_json(path.stem, path))


def schema_problem(data: Mapping[str, Any]) -> tuple[str, str, str] | None:
    """The first field of a progress document that breaks the schema, as (JSON path, what
    was found, what was expected); None when every field holds.

    >>> schema_problem({**Progress().to_json(), "right": 3})
    ('$.right', '3', 'at most answered (0)')
    >>> schema_problem({**Progress().to_json(), "score": float("nan")})
    ('$.score', 'nan', 'a finite number from right (0) to answered (0)')
    """
    for key in FIELDS:
        if key not in data:
            return f"$.{key}", "nothing", f"the field {key} of a {FORMAT} file"
    for key in data:
        if key not in FIELDS:
            return json_path([str(key)]), "a field", f"only the fields {', '.join(FIELDS)}"
    if data["format"] != FORMAT:
        return "$.format", shown(data["format"]), FORMAT
    for key in COUNTS:
        if not _whole(data[key], MAX_COUNT):
            return f"$.{key}", shown(data[key]), f"a whole number from 0 to {MAX_COUNT:,}"
    answered, right, streak, best = (data[k] for k in COUNTS)
    for key, value, bound, what in (("right", right, answered, "answered"),
                                    ("best", best, right, "right"),
                                    ("streak", streak, best, "best")):  # fmt: skip
        if value > bound:
            return f"$.{key}", str(value), f"at most {what} ({bound})"
    score = data["score"]
    real = isinstance(score, int | float) and not isinstance(score, bool)
    if not (real and math.isfinite(score) and right <= score <= answered):
        return (
            "$.score",
            shown(score),
            f"a finite number from right ({right}) to answered ({answered})",
        )
    return _places_problem(data["places"])


def _places_problem(places: Any) -> tuple[str, str, str] | None:
    expected = f"an object of at most {MAX_LESSONS} lesson places"
    if not isinstance(places, dict) or len(places) > MAX_LESSONS:
        size = f"{len(places)} places" if isinstance(places, dict) else shown(places)
        return "$.places", size, expected
    for key, seed in places.items():
        if not isinstance(key, str) or not 0 < len(key) <= MAX_LESSON_KEY:
            return "$.places", shown(key), f"keys of 1 to {MAX_LESSON_KEY} characters"
        if not _whole(seed, MAX_SEED + 1):
            return json_path(["places", key]), shown(seed), f"a seed from 0 to {MAX_SEED + 1:,}"
    return None


def _whole(value: Any, most: int) -> bool:
    return type(value) is int and 0 <= value <= most


def _set_aside(path: Path) -> Path | None:
    """Rename whatever is at ``path`` (an unreadable progress file, a FIFO, a link) to a new
    name beside it, kept; the new name, or None if nothing is there any more."""
    if not os.path.lexists(path):
        return None
    for number in range(1, MAX_SET_ASIDE + 1):
        aside = path.with_name(f"{path.name}.unreadable" + (f"-{number}" if number > 1 else ""))
        if not os.path.lexists(aside):
            try:
                os.rename(path, aside)
            except OSError as error:
                found = f"a file that could not be renamed ({error.strerror or error})"
                raise ProgressFileError(path, "$", found, "a file set aside to keep") from None
            return aside
    found = f"{MAX_SET_ASIDE} unreadable files set aside already"
    raise ProgressFileError(path, "$", found, "fewer kept files: remove some")


check_all(globals(), ["saved_progress", "schema_problem"])

__all__ = ["FORMAT", "Progress", "ProgressFileError", "saved_progress", "schema_problem"]
