"""Learn by answering: questions on real positions, asked, checked and explained by the rules.

One small API:

- :func:`kinds` lists a game's question kinds (each with its chapter and level), and
  :func:`chapters` its chapters (each with its kinds), in the order a learner meets them;
- :func:`question` builds one question from its kind (its name or the :class:`Kind`) and
  seed (the same seed, the same question); it has a ``prompt``, an ``answer`` computed by
  the rules, ``check(answer)`` (right or not, a score with partial credit for sets of places,
  the reasons with their rulebook sections) and it draws itself on the board;
- :func:`lesson` yields a chapter's questions (by its title or the :class:`Chapter`) in
  order, easy to hard;
- :class:`Progress` keeps score and streak and is saved in the user folder.

Every public function here checks its arguments (:func:`workbench.arguments.check_all`):
a wrong type, an unknown game, kind or chapter, a seed out of range is an ``ArgumentError``
naming the argument.

>>> from workbench import learn
>>> [k.name for k in learn.kinds("panzer-vor")][:2]
['sight', 'armour']
>>> firing = learn.chapters("panzer-vor")[2]
>>> firing.title, [k.name for k in firing.kinds][:2]
('Firing', ['armour', 'to-hit'])
>>> q = learn.question("panzer-vor", firing.kinds[0], seed=3)
>>> q.check(q.answer).correct, q.check(q.answer).reasons[0].section
(True, 'Firing: Firing Arcs')
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

from workbench.arguments import check_all, whole_number
from workbench.errors import UnknownName
from workbench.learn.kinds import Chapter, Kind, chapters_of, games_with_kinds, kinds_of
from workbench.learn.progress import Progress, ProgressFileError, saved_progress
from workbench.learn.question import MAX_SEED, Check, Question

__all__ = [
    "Chapter", "Check", "Kind", "Progress", "ProgressFileError", "Question", "chapters",
    "kinds", "kinds_of_games", "lesson", "question", "saved_progress",
]  # fmt: skip

QUESTIONS_PER_KIND = 3  # a lesson asks each of its kinds this many times


def kinds(game: str) -> list[Kind]:
    """The question kinds of ``game`` (its registered name), easy to hard (by level, then by
    chapter)."""
    return sorted((k for c in chapters_of(game) for k in c.kinds), key=lambda k: k.level)


def question(game: str, kind: str | Kind, seed: int, scenario: Any = None) -> Question:
    """The question of ``kind`` (its name, or the :class:`Kind` :func:`kinds` gives) for
    ``seed`` (a whole number from 0 to MAX_SEED), on ``scenario`` (a shipped scenario's
    name or a loaded scenario; None: one the seed picks among those that suit the kind). The
    same arguments always give the same question."""
    found = kinds_of(game)
    name = kind.name if isinstance(kind, Kind) else kind
    if name not in found or (isinstance(kind, Kind) and found[name] != kind):
        known = f"a question kind of {game} ({', '.join(found)})"
        raise UnknownName("kind", kind, known)
    seed = whole_number("seed", seed, low=0, high=MAX_SEED)
    rng = random.Random(f"{game}/{name}/{seed}")  # a text seed: the same in every process
    made: Question = found[name].make(rng, scenario)
    return _stamped(made, seed)


def _stamped(made: Question, seed: int) -> Question:
    from dataclasses import replace

    return replace(made, seed=seed)


def kinds_of_games() -> list[str]:
    """The games that have questions (their registered names)."""
    return games_with_kinds()


def chapters(game: str) -> list[Chapter]:
    """The chapters ``game`` has questions in, in the order a learner meets them, each with
    its kinds easy to hard (``str(chapter)`` is its title)."""
    return chapters_of(game)


def lesson(game: str, chapter: str | Chapter, *, start: int = 0) -> Iterator[Question]:
    """The questions of one chapter (its title, or the :class:`Chapter` :func:`chapters`
    gives), easy to hard: each of its kinds by level, each asked :data:`QUESTIONS_PER_KIND`
    times (seeds ``start``, ``start + 1``, ...). Its arguments are checked at the call,
    before the first question."""
    known = {c.title: c for c in chapters(game)}
    title = chapter.title if isinstance(chapter, Chapter) else chapter
    if title not in known or (isinstance(chapter, Chapter) and known[title] != chapter):
        raise UnknownName("chapter", chapter, f"a chapter of {game} ({', '.join(known)})")
    last = MAX_SEED - QUESTIONS_PER_KIND + 1
    start = whole_number("start", start, low=0, high=last)
    return (question(game, k, seed) for k in known[title].kinds
            for seed in range(start, start + QUESTIONS_PER_KIND))  # fmt: skip


check_all(
    globals(), ["kinds", "question", "kinds_of_games", "chapters", "lesson", "saved_progress"]
)
