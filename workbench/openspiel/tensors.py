"""Observation and information-state tensors: each game's layout, registered by its home
(``workbench/games/<game>/numbering/tensors.py``), filled from what a player sees.

A :class:`Layout` names its pieces (a name and a shape each: planes over the board's cells,
one-hot phases, counts) and fills them from an ``Observation`` (``Game.observation``: the
state with what is hidden from the player masked, its legal actions, the history as it saw
it), never from the state itself: a tensor holds nothing the player does not see. The
observation tensor is the game's pieces; the information-state tensor adds the game's own
memory (what the player's history told it, e.g. the cards a side was shown not to hold) and
:data:`RECENT` steps of the history as the player saw them (who acted, whether it saw the
action), so that it is a function of the information state as its string is. Every value is
finite, most 0 or 1, counts scaled to about 1.

Layouts are pure numpy; ``bridge.WorkbenchObserver`` lays them out flat for OpenSpiel
(``tensor`` and the named views ``dict``: OpenSpiel's observer protocol).

>>> views = Views((Piece("phase", (3,)), Piece("board", (2, 2, 2))))
>>> views.tensor.shape, views["board"].shape
((11,), (2, 2, 2))
>>> one_hot(views["phase"], 1); views.tensor[:3].tolist()
[0.0, 1.0, 0.0]
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from workbench.rules.observation import Observation

RECENT = 8  # steps of the history an information-state tensor shows


@dataclass(frozen=True)
class Piece:
    """A named part of a tensor and its shape."""

    name: str
    shape: tuple[int, ...]

    @property
    def size(self) -> int:
        return math.prod(self.shape)


class Views:
    """One flat float32 tensor and a named, shaped view of it per piece (written through)."""

    def __init__(self, pieces: Sequence[Piece]) -> None:
        self.pieces = tuple(pieces)
        self.tensor = np.zeros(sum(p.size for p in self.pieces), np.float32)
        self.dict: dict[str, np.ndarray] = {}
        start = 0
        for piece in self.pieces:
            self.dict[piece.name] = self.tensor[start : start + piece.size].reshape(piece.shape)
            start += piece.size

    def __getitem__(self, name: str) -> np.ndarray:
        return self.dict[name]


Fill = Callable[[Views, Observation], None]


@dataclass(frozen=True)
class Layout:
    """A game's tensors: ``pieces`` filled by ``fill`` from an observation (the observation
    tensor), and ``memory`` filled by ``remember`` (added in the information state's)."""

    pieces: tuple[Piece, ...]
    fill: Fill
    memory: tuple[Piece, ...] = ()
    remember: Fill | None = None
    sides: tuple[str, ...] = ()  # the game's sides, in order (the recent steps' actors)
    note: str = ""  # how it is laid out, for its documentation
    doc: dict[str, str] = field(default_factory=dict)  # each piece: what it holds


_LAYOUTS: dict[str, Callable[[Any], Layout]] = {}


def layout(game: str) -> Callable[[Callable[[Any], Layout]], Callable[[Any], Layout]]:
    """Register ``game``'s layout: a function of its first state (its board's size, its
    sides, its cards) giving the :class:`Layout`."""

    def register(function: Callable[[Any], Layout]) -> Callable[[Any], Layout]:
        _LAYOUTS[game] = function
        return function

    return register


def has_layout(game: str) -> bool:
    """Whether ``game`` registered a layout (a game added without one offers strings only)."""
    return game in _LAYOUTS


def layout_of(game: str, start: Any) -> Layout:
    """The layout of ``game`` for the game whose first state is ``start``."""
    if game not in _LAYOUTS:
        raise KeyError(f"{game} registers no tensor layout")
    return _LAYOUTS[game](start)


def recent_pieces(layout: Layout) -> tuple[Piece, ...]:
    """The information state's recent steps: each its actor (a side, or chance last) and
    whether the player saw what it did; and how many steps there were (scaled)."""
    actors = len(layout.sides) + 1
    return (Piece("recent_actor", (RECENT, actors)), Piece("recent_hidden", (RECENT,)),
            Piece("steps", (1,)))  # fmt: skip


def fill_recent(views: Views, observation: Observation, sides: Sequence[str]) -> None:
    steps = list(observation.history)
    views["steps"][0] = len(steps) / 1000.0
    for row, step in enumerate(reversed(steps[-RECENT:])):
        column = sides.index(step.actor) if step.actor in sides else len(sides)
        views["recent_actor"][row, column] = 1.0
        views["recent_hidden"][row] = float(step.action is None)


def pieces_of(layout: Layout, perfect_recall: bool) -> tuple[Piece, ...]:
    """The pieces of the observation tensor, or of the information state's."""
    if not perfect_recall:
        return layout.pieces
    return (*layout.pieces, *layout.memory, *recent_pieces(layout))


def fill(views: Views, layout: Layout, observation: Observation, perfect_recall: bool) -> None:
    """``views`` made the tensor of ``observation`` (every value set afresh)."""
    views.tensor.fill(0.0)
    layout.fill(views, observation)
    if perfect_recall:
        if layout.remember is not None:
            layout.remember(views, observation)
        fill_recent(views, observation, layout.sides)


# --- helpers the layouts share ---------------------------------------------------------------


def one_hot(view: np.ndarray, index: int | None) -> None:
    """Set ``view[index]`` to 1 (nothing where ``index`` is None or out of range)."""
    if index is not None and 0 <= index < len(view):
        view[index] = 1.0


def relative_sides(sides: Sequence[str], player: str) -> list[str]:
    """The sides with ``player``'s first (a layout's plane 0 is always the player's own)."""
    return [player, *(s for s in sides if s != player)] if player in sides else list(sides)


def scaled(value: float, most: float) -> float:
    """``value`` over ``most`` (0 where ``most`` is 0): a count scaled to about 1."""
    return float(value) / most if most else 0.0


__all__ = [
    "RECENT",
    "Layout",
    "Piece",
    "Views",
    "fill",
    "layout",
    "layout_of",
    "one_hot",
    "pieces_of",
    "relative_sides",
    "scaled",
]
