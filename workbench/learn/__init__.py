"""Learn by answering: questions on real positions, asked, checked and explained by the rules.

One small API:

- :func:`kinds` lists a game's question kinds (each with its chapter and level);
- :func:`question` builds one question from its kind and seed (the same seed, the same
  question); it has a ``prompt``, an ``answer`` computed by the rules, ``check(answer)``
  (right or not, a score with partial credit for sets of places, the reasons with their
  rulebook sections) and it draws itself on the board;
- :func:`lesson` yields a chapter's questions in order, easy to hard;
- :class:`Progress` keeps score and streak and is saved in the user folder.

>>> from workbench import learn
>>> [k.name for k in learn.kinds("panzer-vor")][:2]
['sight', 'armour']
>>> q = learn.question("panzer-vor", "armour", seed=3)
>>> q.check(q.answer).correct, q.check(q.answer).reasons[0].section
(True, 'Firing: Firing Arcs')
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

from workbench.arguments import whole_number
from workbench.discovery import import_all, parts
from workbench.errors import ArgumentError
from workbench.learn.kinds import CHAPTERS, REGISTRY, Kind, kinds_of
from workbench.learn.progress import Progress
from workbench.learn.question import Check, Question

__all__ = ["CHAPTERS", "Check", "Kind", "Progress", "Question", "kinds", "lesson", "question"]

QUESTIONS_PER_KIND = 3  # a lesson asks each of its kinds this many times


def kinds(game: str) -> list[Kind]:
    """The question kinds of ``game`` (its registered name), easy to hard."""
    return sorted(kinds_of(game).values(), key=lambda k: (k.level, CHAPTERS.index(k.chapter)))


def question(game: str, kind: str, seed: int, scenario: Any = None) -> Question:
    """The question of ``kind`` for ``seed`` (a whole number), on ``scenario`` (a shipped
    scenario's name or a loaded scenario; None: one the seed picks among those that suit
    the kind). The same arguments always give the same question."""
    found = kinds_of(game)
    if kind not in found:
        raise ArgumentError("kind", kind, f"a question kind of {game} ({', '.join(found)})")
    seed = whole_number("seed", seed, low=0)
    rng = random.Random(f"{game}/{kind}/{seed}")  # a text seed: the same in every process
    made: Question = found[kind].make(rng, scenario)
    return _stamped(made, seed)


def _stamped(made: Question, seed: int) -> Question:
    from dataclasses import replace

    return replace(made, seed=seed)


def kinds_of_games() -> list[str]:
    """The games that have questions (their registered names)."""
    return sorted(REGISTRY)


def chapters(game: str) -> list[str]:
    """The chapters ``game`` has questions in, in the order a learner meets them."""
    present = {k.chapter for k in kinds_of(game).values()}
    return [c for c in CHAPTERS if c in present]


def lesson(game: str, chapter: str, *, start: int = 0) -> Iterator[Question]:
    """The questions of one chapter, easy to hard: each of its kinds by level, each asked
    :data:`QUESTIONS_PER_KIND` times (seeds ``start``, ``start + 1``, ...)."""
    known = chapters(game)
    if chapter not in known:
        raise ArgumentError("chapter", chapter, f"a chapter of {game} ({', '.join(known)})")
    start = whole_number("start", start, low=0)
    ordered = [k for k in kinds(game) if k.chapter == chapter]
    for k in ordered:
        for seed in range(start, start + QUESTIONS_PER_KIND):
            yield question(game, k.name, seed)


import_all(parts("learn"))
