"""The base of every game's actions: a small frozen dataclass written as JSON and read back,
each field checked against its declared type (:mod:`workbench.rules.action_fields`).
:mod:`workbench.rules.core` re-exports these as part of the contract."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, ClassVar

from workbench.errors import ArgumentError, shown
from workbench.rules.action_fields import field_problem, safe_text

__all__ = ["Action", "ActionFormatError", "action_from_json"]


def _plain(value: Any) -> Any:
    """A field value as JSON: tuples become lists, all the way down."""
    if isinstance(value, tuple | list):
        return [_plain(v) for v in value]
    if isinstance(value, Fraction):
        return str(value)
    return value


def _frozen(value: Any) -> Any:
    """A JSON value as an action field: lists become tuples, all the way down."""
    if isinstance(value, list):
        return tuple(_frozen(v) for v in value)
    return value


@dataclass(frozen=True)
class Action:
    """Base of every action: a small frozen dataclass of strings, numbers and tuples.

    ``to_json`` gives ``{"type": ClassName, **fields}``; a game's ``action_from_json``
    reads it back. ``chance`` marks the actions that dice or a draw choose (rolls, draws).
    ``written_when_set``: fields added after records were saved without them, written only
    when not at their default, so an action that does not use one is written as before.
    """

    chance: ClassVar[bool] = False
    written_when_set: ClassVar[tuple[str, ...]] = ()

    def __init_subclass__(cls, **kwargs: Any) -> None:
        """A subclass's ``__str__`` never fails: a field it cannot show (a tampered record's
        ``Roll(("6", "6"))``) gives the action's type and fields instead."""
        super().__init_subclass__(**kwargs)
        text = cls.__dict__.get("__str__")
        if text is not None and not getattr(text, "never_fails", False):

            def __str__(self: Any, text: Any = text) -> str:
                return safe_text(self, text)

            __str__.never_fails = True  # type: ignore[attr-defined]
            cls.__str__ = __str__  # type: ignore[method-assign]

    def to_json(self) -> dict[str, Any]:
        fields = {
            f.name: _plain(getattr(self, f.name))
            for f in dataclasses.fields(self)
            if f.name not in self.written_when_set or getattr(self, f.name) != f.default
        }
        return {"type": type(self).__name__, **fields}


def action_from_json(data: Mapping[str, Any], types: Iterable[type[Action]]) -> Action:
    """Read an action written by :meth:`Action.to_json`, from the game's action types.

    Raises :class:`ActionFormatError` naming what does not fit.
    """
    by_name = {t.__name__: t for t in types}
    if not isinstance(data, Mapping) or "type" not in data:
        raise ActionFormatError(f"an action is an object with a 'type', not {shown(data)}")
    kind = by_name.get(data["type"])
    if kind is None:
        raise ActionFormatError(
            f"no action called {shown(data['type'])} in this game (actions: {', '.join(by_name)})"
        )
    names = {f.name for f in dataclasses.fields(kind)}
    values = {k: _frozen(v) for k, v in data.items() if k != "type"}
    unknown = set(values) - names
    if unknown:
        raise ActionFormatError(f"{kind.__name__} has no field {sorted(unknown)}")
    try:
        action = kind(**values)
    except (TypeError, ValueError) as error:
        raise ActionFormatError(f"{kind.__name__}: {error}") from None
    problem = field_problem(action)
    if problem is not None:
        raise ActionFormatError(problem)
    return action


class ActionFormatError(ArgumentError):
    """An action's JSON that does not describe one of the game's actions, or an action
    whose fields are not of their declared types (the message says which)."""

    def __init__(self, text: str) -> None:
        self.argument, self.found, self.expected = "action", None, text
        Exception.__init__(self, text)
