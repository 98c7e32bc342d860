"""The games' numbered actions, each registered by its game (``@numbers(name)`` in the game's
``numbering`` part, found by :func:`workbench.discovery.parts`), and the families they share
(see :mod:`.numbering`).

How the hard cases are numbered, in every game:

- **Dice results that are sets of faces** are numbered as sorted multisets of faces, every
  size from none to the most dice the scenario can roll (:func:`multisets`).
- **Chance outcomes** are actions like any other (a pair of dice, a card by name).
- **Actions whose fields go together** (a deployment's spot, a card and what it is used for)
  are numbered whole (:func:`whole`); an action relative to the state (a move by the arrow's
  heading from the tank's) is a family with its own ``encode`` and ``decode``.

Each game's own numbering says how it numbers its moves (``workbench/games/<game>/numbering``).

>>> multisets((1, 2), 1), one(type("EndTurn", (), {})).size
(((), (1,), (2,)), 1)
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from itertools import combinations_with_replacement
from typing import Any

from workbench.openspiel.numbering import ActionSpace, Family, NotNumbered

SpaceMaker = Callable[[Any, Any], ActionSpace]  # (scenario, first state) -> its actions
_MAKERS: dict[str, SpaceMaker] = {}


def numbers(game: str) -> Callable[[SpaceMaker], SpaceMaker]:
    """Register the maker of a game's numbered actions."""

    def register(maker: SpaceMaker) -> SpaceMaker:
        _MAKERS[game] = maker
        return maker

    return register


def numbered_games() -> list[str]:
    return list(_MAKERS)


def action_space(game: str, scenario: Any, start: Any) -> ActionSpace:
    """The numbered actions of ``game`` for ``scenario`` whose first state is ``start``."""
    maker = _MAKERS.get(game)
    if maker is None:
        raise NotNumbered(
            f"{game} has no numbered actions yet (numbered: {', '.join(_MAKERS) or 'none'})"
        )
    return maker(scenario, start)


def multisets(faces: Iterable[int], most: int) -> tuple[tuple[int, ...], ...]:
    """Every sorted roll of 0..``most`` dice with these faces.

    >>> multisets((1, 2), 2)
    ((), (1,), (2,), (1, 1), (1, 2), (2, 2))
    """
    kinds = sorted(set(faces))
    return tuple(c for n in range(most + 1) for c in combinations_with_replacement(kinds, n))


def one(kind: type) -> Family:
    """A family of one action with no fields (End Turn, Pass...)."""
    return Family(kind, ())


def whole(kind: type, values: Iterable[Any], note: str = "") -> Family:
    """A family numbering each listed action whole (its fields as one value): for actions
    whose fields go together (a deployment's spot, a card and what it is used for)."""
    listed = tuple(dict.fromkeys(values))
    return Family(kind, (("action", listed),), _itself, _first, note)


def _itself(action: Any, state: Any) -> tuple[Any, ...]:
    return (action,)


def _first(values: tuple[Any, ...], state: Any) -> Any:
    return values[0]
