"""A scenario's actions as whole numbers, the same number for the same action in every state
(OpenSpiel's actions are integers).

An :class:`ActionSpace` is listed from the loaded scenario, never from sample games: a
sequence of :class:`Family` values, one per kind of action, each with the domain of every
field (the scenario's tanks, squares, facings, cards, dice results...). An action's number is
its family's offset plus the mixed-radix index of its field values, so number *i* names the
same action everywhere and the space's size is known before any game is played. A family may
number an action *relative* to the state (a move by its arrow's heading from the tank's): it
then gives ``encode``/``decode`` of its own.

>>> from dataclasses import dataclass
>>> @dataclass(frozen=True)
... class EndTurn:
...     pass
>>> @dataclass(frozen=True)
... class Shoot:
...     firer: str
...     target: str
>>> space = ActionSpace("example", (Family(EndTurn, ()),
...                                 Family(Shoot, (("firer", ("A", "B")), ("target", ("A", "B"))))))
>>> len(space), space.number(Shoot("B", "A")), space.action(3)
(5, 3, Shoot(firer='B', target='A'))
>>> space.number(Shoot("C", "A"))
Traceback (most recent call last):
...
workbench.openspiel.numbering.NotNumbered: Shoot(firer='C', target='A') is not in the actions \
numbered for example: its firer 'C' is none of 'A', 'B'
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from workbench.errors import WorkbenchError

MAX_ACTIONS = 100_000  # OpenSpiel's players index arrays by action: a space stays this small


class NotNumbered(WorkbenchError, ValueError):
    """An action outside a scenario's numbered actions (it names the field that does not fit)."""


class TooManyActions(WorkbenchError, ValueError):
    """A scenario whose numbered actions are more than :data:`MAX_ACTIONS`."""


@dataclass(frozen=True)
class Family:
    """One kind of action and the values each of its fields may take, in order.

    ``encode(action, state)`` gives the field values to number (default: the action's own
    fields); ``decode(values, state)`` makes the action back (default: the type called with
    them). A family numbered relative to the state gives both."""

    kind: type
    fields: tuple[tuple[str, tuple[Any, ...]], ...]
    encode: Callable[[Any, Any], tuple[Any, ...]] | None = None
    decode: Callable[[tuple[Any, ...], Any], Any] | None = None
    note: str = ""  # how this family is numbered, for the documentation of a space
    _index: tuple[dict[Any, int], ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        index = tuple({v: i for i, v in enumerate(values)} for _, values in self.fields)
        object.__setattr__(self, "_index", index)

    @property
    def size(self) -> int:
        return math.prod(len(values) for _, values in self.fields)

    def values_of(self, action: Any, state: Any) -> tuple[Any, ...]:
        if self.encode is not None:
            return self.encode(action, state)
        return tuple(getattr(action, f.name) for f in dataclasses.fields(action))

    def index_of(self, action: Any, state: Any, where: str) -> int:
        values = self.values_of(action, state)
        number = 0
        for (name, domain), index, value in zip(self.fields, self._index, values, strict=True):
            if value not in index:
                shown = ", ".join(repr(v) for v in domain[:6]) + (
                    ", ..." if len(domain) > 6 else ""
                )
                raise NotNumbered(
                    f"{action!r} is not in the actions numbered for {where}: its {name} "
                    f"{value!r} is none of {shown}"
                )
            number = number * len(domain) + index[value]
        return number

    def action_at(self, number: int, state: Any) -> Any:
        values = []
        for _, domain in reversed(self.fields):
            number, digit = divmod(number, len(domain))
            values.append(domain[digit])
        values.reverse()
        if self.decode is not None:
            return self.decode(tuple(values), state)
        return self.kind(*values)


class ActionSpace:
    """Every action of one scenario, numbered (see the module)."""

    def __init__(self, where: str, families: Sequence[Family]) -> None:
        self.where = where
        self.families = tuple(f for f in families if f.size > 0)
        kinds = [f.kind for f in self.families]
        if len(set(kinds)) != len(kinds):
            raise WorkbenchError(f"{where}: two families number the same kind of action")
        self.offsets: dict[type, tuple[int, Family]] = {}
        offset = 0
        for family in self.families:
            self.offsets[family.kind] = (offset, family)
            offset += family.size
        self.size = offset

    def small(self) -> ActionSpace:
        """This space, if it holds at most :data:`MAX_ACTIONS` numbers (OpenSpiel's players
        that index arrays by action need that); else :class:`TooManyActions`."""
        if self.size > MAX_ACTIONS:
            sizes = ", ".join(f"{f.kind.__name__} {f.size}" for f in self.families)
            raise TooManyActions(
                f"{self.where} numbers {self.size} actions, more than {MAX_ACTIONS} ({sizes})"
            )
        return self

    def __len__(self) -> int:
        return self.size

    def __repr__(self) -> str:
        return f"<{self.size} actions numbered for {self.where}>"

    def number(self, action: Any, state: Any = None) -> int:
        """The number of ``action`` (in ``state``, for a family numbered relative to it);
        :class:`NotNumbered` if the space does not list it."""
        found = self.offsets.get(type(action))
        if found is None:
            kinds = ", ".join(f.kind.__name__ for f in self.families)
            raise NotNumbered(
                f"{action!r} is not in the actions numbered for {self.where} (kinds: {kinds})"
            )
        offset, family = found
        return offset + family.index_of(action, state, self.where)

    def action(self, number: int, state: Any = None) -> Any:
        """The action numbered ``number`` (in ``state``, for a family relative to it)."""
        if not isinstance(number, int) or not 0 <= number < self.size:
            raise NotNumbered(
                f"action number {number!r} is not in 0..{self.size - 1} ({self.where})"
            )
        for family in self.families:
            offset, _ = self.offsets[family.kind]
            if number < offset + family.size:
                return family.action_at(number - offset, state)
        raise AssertionError("unreachable: the offsets cover the space")

    def table(self) -> list[tuple[str, int, int, str]]:
        """Each family: its kind, first number, count and how it is numbered."""
        return [(f.kind.__name__, self.offsets[f.kind][0], f.size, f.note) for f in self.families]
