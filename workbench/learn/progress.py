"""A learner's progress: score, streak, how far each lesson has gone; saved by name in the
user folder (``progress/<name>.json``) and resumed from there in a later session.

>>> import os, tempfile
>>> os.environ["WORKBENCH_HOME"] = tempfile.mkdtemp()
>>> progress = Progress.resume("demo")        # nothing saved yet: a fresh start
>>> progress.answered, progress.streak
(0, 0)
>>> path = progress.save()
>>> path.parent.name, path.name
('progress', 'demo.json')
"""

from __future__ import annotations

import json
import os
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from workbench.errors import ArgumentError, WorkbenchError
from workbench.learn.question import Check
from workbench.userdir import PROGRESS, user_path

FORMAT = "workbench.learn-progress/1"


class ProgressFileError(WorkbenchError, ValueError):
    """A progress file that cannot be read: the file and what was wrong."""


@dataclass
class Progress:
    """Score and streak of one learner (see the module). ``score`` adds each check's score
    (partial credit counts); ``streak`` counts right answers in a row, ``best`` the longest;
    ``places[key]`` is where a lesson goes on (``"panzer-vor/Moving"``: the next seed)."""

    name: str = "progress"
    answered: int = 0
    right: int = 0
    score: float = 0.0
    streak: int = 0
    best: int = 0
    places: dict[str, int] = field(default_factory=dict)

    def record(self, check: Check) -> Progress:
        """Count one checked answer (and move its lesson on); the progress itself."""
        if not isinstance(check, Check):
            raise ArgumentError("check", check, "a Check (question.check(answer))")
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
        return [
            f"{self.right} right of {self.answered}; score {self.score:g}",
            f"streak {self.streak} (best {self.best})",
        ]

    def __str__(self) -> str:
        return "\n".join(self.lines())

    def to_json(self) -> dict[str, Any]:
        return {
            "format": FORMAT, "answered": self.answered, "right": self.right,
            "score": self.score, "streak": self.streak, "best": self.best,
            "places": dict(sorted(self.places.items())),
        }  # fmt: skip

    def save(self) -> Path:
        """Write the progress to the user folder atomically; the path written."""
        path = user_path(self.name, PROGRESS, ".json", create=True)
        text = json.dumps(self.to_json(), indent=1, ensure_ascii=False)
        handle, temporary = tempfile.mkstemp(prefix=f".{path.name}.", dir=path.parent)
        with os.fdopen(handle, "w", encoding="utf-8") as out:
            out.write(text + "\n")
        os.replace(temporary, path)
        return path

    @classmethod
    def resume(cls, name: str = "progress") -> Progress:
        """The progress saved as ``name`` in the user folder, or a fresh one if none is."""
        path = user_path(name, PROGRESS, ".json")
        if not path.exists():
            return cls(name)
        return cls.from_json(name, path)

    @classmethod
    def from_json(cls, name: str, path: Path) -> Progress:
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError, json.JSONDecodeError) as error:
            raise ProgressFileError(f"{path}: not a readable progress file ({error})") from error
        counts = ("answered", "right", "streak", "best")
        if (
            not isinstance(data, dict)
            or data.get("format") != FORMAT
            or not all(type(data.get(k)) is int and data[k] >= 0 for k in counts)
            or not isinstance(data.get("score"), int | float)
            or not isinstance(data.get("places"), dict)
            or not all(type(v) is int and v >= 0 for v in data["places"].values())
        ):
            raise ProgressFileError(
                f"{path}: expected a {FORMAT} document with whole-number counts, a score "
                "and lesson places"
            )
        return cls(
            name, data["answered"], data["right"], float(data["score"]), data["streak"],
            data["best"], {str(k): v for k, v in data["places"].items()},
        )  # fmt: skip
