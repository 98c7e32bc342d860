"""What the balance lab knows of a design (a scenario, board or table a designer edits), as
each game's home registers it (``workbench/games/<game>/balance.py``): which games play it,
the scenario they start from, where a game was decided, and the single changes worth trying.
This module names no game; it finds the registrations with ``discovery.parts("balance")``.

A :class:`Design` is registered for the type of value the editor edits; the value is found
by its type (:func:`design_for`), the way the linter finds a board's checks.

>>> class Sketch:  # a kind of design of a game of one's own
...     pass
>>> _ = register(Design(Sketch, ("my game",)))
>>> design_for(Sketch()).games, design_for(Sketch()).changes(Sketch(), {})
(('my game',), [])
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from workbench.arguments import checked, checked_methods
from workbench.discovery import import_all, parts
from workbench.errors import ArgumentError

Place = Any  # a board's own place: a Hex, a Square, a table point (x, y) in centimetres
Shape = tuple[tuple[float, float], ...]  # an outline in board units (a table's piece)
CHANGE_KINDS = ("remove", "move", "add", "zone", "tile", "flag", "deployment", "objective")


@checked_methods
@dataclass(frozen=True)
class Change:
    """One single change to a design: what it does in words (``text``), its kind (one of
    :data:`CHANGE_KINDS`), the design after it (``value``, of the edited type), and where it
    acts (``places`` on the board and ``shapes`` in board units), to draw it."""

    text: str
    kind: str
    value: Any = field(repr=False, compare=False)
    places: tuple[Place, ...] = ()
    shapes: tuple[Shape, ...] = field(default=(), repr=False)

    def __post_init__(self) -> None:
        if self.kind not in CHANGE_KINDS:
            raise ArgumentError("kind", self.kind, f"one of {', '.join(CHANGE_KINDS)}")
        object.__setattr__(self, "places", tuple(self.places))
        object.__setattr__(self, "shapes", tuple(tuple(s) for s in self.shapes))


def _nowhere(before: Any, after: Any) -> Place | None:
    return None


def _no_changes(value: Any, heat: Mapping[Place, float]) -> list[Change]:
    return []


def _itself(value: Any) -> Any:
    return value


def _as_text(value: Any, place: Place) -> str:
    return str(place)


def _no_options(value: Any, game: str) -> Mapping[str, Any]:
    return {}


@checked_methods
@dataclass(frozen=True)
class Design:
    """How a kind of design is played and changed (registered by the game that plays it):

    - ``kind``: the type of the value the editor edits;
    - ``games``: the registered games that play it, the one played by default first;
    - ``scenario(value)``: the scenario those games start from (the value itself by default);
    - ``options(value, game)``: the options a fairness run of ``game`` plays with unless
      given others (the designer's terrain as drawn, tanks placed at once);
    - ``decided(before, after)``: where a game was decided, seen step by step: the place of
      its first kill, or of the objective or flag that won it (None while undecided);
    - ``changes(value, heat)``: the single changes worth trying, the places where the games
      were decided (``heat``: place -> games) first;
    - ``named(value, place)``: a place in the design's own words (a hex's label).
    """

    kind: type
    games: tuple[str, ...]
    scenario: Callable[[Any], Any] = _itself
    options: Callable[[Any, str], Mapping[str, Any]] = _no_options
    decided: Callable[[Any, Any], Place | None] = _nowhere
    changes: Callable[[Any, Mapping[Place, float]], Iterable[Change]] = _no_changes
    named: Callable[[Any, Place], str] = _as_text

    def __post_init__(self) -> None:
        object.__setattr__(self, "games", tuple(self.games))
        if not self.games:
            raise ArgumentError("games", self.games, "the name of at least one game")


_DESIGNS: dict[type, Design] = {}


def register(design: Design) -> Design:
    """Register ``design`` for its kind (a game's ``balance`` module does, on import)."""
    _DESIGNS[design.kind] = design
    return design


@cache
def load() -> None:
    """Import every game's ``balance`` part (each registers its designs), once."""
    import_all(parts("balance"))


@checked
def design_for_kind(kind: type) -> Design:
    """The design registered for ``kind`` or a class it derives from (ArgumentError naming
    the kinds registered)."""
    load()
    for base in kind.__mro__:
        if base in _DESIGNS:
            return _DESIGNS[base]
    kinds = ", ".join(sorted(k.__name__ for k in _DESIGNS)) or "none"
    raise ArgumentError("scenario", kind.__name__, f"a design the balance lab plays ({kinds})")


def design_for(value: Any) -> Design:
    """The design registered for ``value``'s type (see :func:`design_for_kind`)."""
    return design_for_kind(type(value))


@checked
def decider(game: str) -> Callable[[Any, Any], Place | None]:
    """Where a game of ``game`` (a registered game's name) was decided: the ``decided`` of
    the design that plays it (nothing known: never decided)."""
    load()
    for design in _DESIGNS.values():
        if game in design.games:
            return design.decided
    return _nowhere


@checked
def hottest(heat: Mapping[Any, float], count: int = 6) -> list[Any]:
    """The ``count`` places where most games were decided, most first (ties in a fixed
    order, so the same heat gives the same list).

    >>> hottest({"b": 2, "a": 2, "c": 5}, 2)
    ['c', 'a']
    """
    return sorted(heat, key=lambda place: (-heat[place], repr(place)))[:count]


def interleaved(groups: Sequence[Iterable[Change]]) -> list[Change]:
    """The changes of each group in turn (one of each, then the next of each...), so that
    no kind of change crowds out the others; repeats (the same text) dropped.

    >>> a = [Change("a1", "add", 1), Change("a2", "add", 2)]
    >>> [c.text for c in interleaved([a, [Change("r1", "remove", 3)]])]
    ['a1', 'r1', 'a2']
    """
    lists = [list(group) for group in groups]
    out: list[Change] = []
    seen: set[str] = set()
    for rank in range(max((len(g) for g in lists), default=0)):
        for group in lists:
            if rank < len(group) and group[rank].text not in seen:
                seen.add(group[rank].text)
                out.append(group[rank])
    return out
