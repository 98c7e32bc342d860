"""The question kinds of every game, registered by the game's learn module
(``workbench/learn/<game>.py``, found by its name) with :func:`kind`.

A kind is a function ``make(rng, scenario)`` that builds one question from a seeded
``random.Random`` and an optional scenario (a shipped scenario's name or a loaded scenario);
it belongs to a rulebook chapter and has a level (1 easy .. 3 hard) that orders lessons.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from workbench.arguments import check_all, checked_methods
from workbench.errors import ArgumentError

# the chapters of lessons, in the order a learner meets them
CHAPTERS = ("Moving", "Line of Sight", "Firing", "Reactions", "Cards", "Flags")


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


REGISTRY: dict[str, dict[str, Kind]] = {}


def kind(game: str, name: str, chapter: str, level: int, about: str) -> Callable[..., Any]:
    """Register the decorated function as a question kind of ``game``."""
    if chapter not in CHAPTERS:
        raise ArgumentError("chapter", chapter, f"one of {', '.join(CHAPTERS)}")

    def register(make: Callable[..., Any]) -> Callable[..., Any]:
        REGISTRY.setdefault(game, {})[name] = Kind(game, name, chapter, level, about, make)
        return make

    return register


def kinds_of(game: str) -> dict[str, Kind]:
    """The kinds of ``game`` by name (ArgumentError naming the games that have some)."""
    found = REGISTRY.get(game) if isinstance(game, str) else None
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


check_all(globals(), ["kind", "kinds_of", "pick_scenario"])
