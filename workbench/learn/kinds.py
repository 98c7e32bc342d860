"""The question kinds and chapters of every game, each registered from the game's home
(its ``learn`` part, found by :mod:`workbench.discovery`).

A game first declares its chapters, in the order a learner meets them
(:func:`declare_chapters`), then registers each kind in one of them with :func:`kind`. A kind
is a function ``make(rng, scenario)`` that builds one question from a seeded
``random.Random`` and an optional scenario (a shipped scenario's name or a loaded scenario);
its level (1 easy .. 3 hard) orders a chapter's lesson::

    declare_chapters("tiny-race", "Moving")

    @kind("tiny-race", "steps", "Moving", 1, "how far does a walk go?")
    def steps(rng, scenario): ...
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from workbench.arguments import check_all, checked_methods
from workbench.discovery import import_new, parts
from workbench.errors import ArgumentError

CHAPTERS: dict[str, tuple[str, ...]] = {}
"""Each game's chapters (titles), in the order a learner meets them (:func:`declare_chapters`)."""


@checked_methods
@dataclass(frozen=True)
class Kind:
    """One kind of question: its ``name``, the ``chapter`` it belongs to, its ``level``
    (1 easy .. 3 hard), what it asks (``about``) and the function that makes one."""

    game: str
    name: str
    chapter: str
    level: int
    about: str
    make: Callable[..., Any]

    def __str__(self) -> str:
        return f"{self.name} ({self.chapter}, level {self.level}): {self.about}"


@dataclass(frozen=True)
class Chapter:
    """One chapter of a game's lessons: its ``title`` (the name a lesson is asked by) and its
    ``kinds``, easy to hard."""

    game: str
    title: str
    kinds: tuple[Kind, ...]

    def __str__(self) -> str:
        return self.title


REGISTRY: dict[str, dict[str, Kind]] = {}


def declare_chapters(game: str, *titles: str) -> None:
    """The chapters ``game``'s kinds go in, in the order a learner meets them (declared once,
    before its kinds)."""
    if not titles or len(set(titles)) != len(titles):
        raise ArgumentError("titles", titles, "one or more chapter titles, each once")
    CHAPTERS[game] = tuple(titles)


def kind(game: str, name: str, chapter: str, level: int, about: str) -> Callable[..., Any]:
    """Register the decorated function as a question kind of ``game`` in one of the chapters
    the game declared."""
    declared = CHAPTERS.get(game, ())
    if chapter not in declared:
        known = ", ".join(declared) or "none: declare_chapters first"
        raise ArgumentError("chapter", chapter, f"a chapter {game} declares ({known})")

    def register(make: Callable[..., Any]) -> Callable[..., Any]:
        REGISTRY.setdefault(game, {})[name] = Kind(game, name, chapter, level, about, make)
        return make

    return register


def games_with_kinds() -> list[str]:
    """The games that have question kinds (every game's ``learn`` imported first: each
    registers its kinds when imported, so importing one game's needs no other's)."""
    import_new(parts("learn"))
    return sorted(REGISTRY)


def kinds_of(game: str) -> dict[str, Kind]:
    """The kinds of ``game`` by name (ArgumentError naming the games that have some)."""
    found = REGISTRY.get(game) if isinstance(game, str) else None
    if not found and isinstance(game, str) and import_new(parts("learn")):
        found = REGISTRY.get(game)
    if not found:
        known = ", ".join(sorted(REGISTRY))
        raise ArgumentError("game", game, f"the name of a game with questions ({known})")
    return found


def pick_scenario(
    rng: random.Random,
    scenario: Any,
    suitable: Sequence[str],
    kinds: tuple[type, ...],
    shipped: Mapping[str, Any],
) -> tuple[str, Any]:
    """The scenario's name and value: ``scenario`` if given (one of the ``shipped`` names
    or a loaded scenario of ``kinds``), else one of ``suitable`` chosen by ``rng``."""
    if scenario is None:
        return (name := rng.choice(list(suitable))), name
    if isinstance(scenario, str):
        if scenario not in shipped:
            known = ", ".join(sorted(shipped))
            raise ArgumentError("scenario", scenario, f"a shipped scenario's name ({known})")
        return scenario, scenario
    if isinstance(scenario, kinds):
        return str(getattr(scenario, "name", "") or "a scenario"), scenario
    names = " or ".join(k.__name__ for k in kinds)
    raise ArgumentError("scenario", scenario, f"a shipped scenario's name or a {names}")


def chapters_of(game: str) -> list[Chapter]:
    """The chapters of ``game`` that have kinds, in its order, each with its kinds easy to
    hard (ArgumentError naming the games that have some)."""
    found = kinds_of(game)
    order = CHAPTERS[game]
    ordered = sorted(found.values(), key=lambda k: (k.level, order.index(k.chapter)))
    made = [Chapter(game, t, tuple(k for k in ordered if k.chapter == t)) for t in order]
    return [chapter for chapter in made if chapter.kinds]


check_all(globals(), ["declare_chapters", "kind", "kinds_of", "chapters_of", "pick_scenario"])
