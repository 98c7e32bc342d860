"""The fields of an action checked against their declared types, so that an action read from
a record, or built by hand, with a field of the wrong kind is refused with a clear message
before any rule reads it (a ``Roll`` of ``("6", "6")`` never reaches the arithmetic).

Each game declares its actions' fields with plain annotations (``str``, ``int``, ``float``,
``bool``, ``tuple[int, int]``, ``tuple[tuple[str, int], ...]``, ``Literal["", "main"]``);
:func:`field_problem` reads them. Whole numbers are at most ``MAX_WHOLE`` in size, real
numbers finite and at most ``MAX_REAL``, texts at most ``MAX_TEXT`` characters and lists at
most ``MAX_ITEMS`` long: no action of the three games comes near these, and a value past
them is a tampered one.

>>> from workbench.games.panzer_vor.rules.actions import Roll
>>> field_problem(Roll((3, 5))) is None
True
>>> field_problem(Roll(("6", "6")))
"Roll.dice[0]: expected a whole number, got '6'"
>>> field_problem(Roll((3, 5, 6)))
'Roll.dice: expected a list of 2 items, got (3, 5, 6)'
"""

from __future__ import annotations

import dataclasses
import functools
import math
import numbers
import types
import typing
from typing import Any

MAX_WHOLE = 10**9
MAX_REAL = 1e9
MAX_TEXT = 1_000
MAX_ITEMS = 10_000


@functools.cache
def _declared(kind: Any) -> tuple[tuple[str, Any], ...]:
    hints = typing.get_type_hints(kind)
    return tuple((f.name, hints[f.name]) for f in dataclasses.fields(kind) if f.name in hints)


def _short(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 80 else text[:77] + "..."


def _problem(value: Any, declared: Any, at: str) -> str | None:
    """What is wrong with ``value`` as a ``declared`` (None: nothing)."""
    origin = typing.get_origin(declared)
    if origin in (typing.Union, types.UnionType):
        options = typing.get_args(declared)
        found = [_problem(value, option, at) for option in options]
        return None if None in found else found[0]
    if origin is typing.Literal:
        allowed = typing.get_args(declared)
        if any(type(value) is type(a) and value == a for a in allowed):
            return None
        return f"{at}: expected one of {', '.join(map(repr, allowed))}, got {_short(value)}"
    if declared is type(None):
        return None if value is None else f"{at}: expected nothing (null), got {_short(value)}"
    if declared is str:
        if not isinstance(value, str):
            return f"{at}: expected a text, got {_short(value)}"
        if len(value) > MAX_TEXT:
            return f"{at}: expected a text of at most {MAX_TEXT} characters, got {len(value)}"
        return None
    if declared is bool:
        return (
            None
            if isinstance(value, bool)
            else f"{at}: expected true or false, got {_short(value)}"
        )
    if declared is int:
        if isinstance(value, bool) or not isinstance(value, numbers.Integral):
            return f"{at}: expected a whole number, got {_short(value)}"
        if abs(int(value)) > MAX_WHOLE:
            return f"{at}: expected a whole number of at most {MAX_WHOLE:,} in size, got {value}"
        return None
    if declared is float:
        if isinstance(value, bool) or not isinstance(value, numbers.Real):
            return f"{at}: expected a number, got {_short(value)}"
        if not math.isfinite(value) or abs(float(value)) > MAX_REAL:
            return f"{at}: expected a finite number of at most {MAX_REAL:g} in size, got {value}"
        return None
    if origin is tuple:
        return _tuple_problem(value, typing.get_args(declared), at)
    return None  # a type no action declares yet: its own checks decide


def _tuple_problem(value: Any, items: tuple[Any, ...], at: str) -> str | None:
    if not isinstance(value, tuple):
        return f"{at}: expected a list, got {_short(value)}"
    if len(items) == 2 and items[1] is Ellipsis:
        if len(value) > MAX_ITEMS:
            return f"{at}: expected at most {MAX_ITEMS:,} items, got {len(value):,}"
        kinds = [items[0]] * len(value)
    else:
        if len(value) != len(items):
            return f"{at}: expected a list of {len(items)} items, got {_short(value)}"
        kinds = list(items)
    for i, (item, kind) in enumerate(zip(value, kinds, strict=True)):
        found = _problem(item, kind, f"{at}[{i}]")
        if found is not None:
            return found
    return None


def field_problem(action: Any) -> str | None:
    """The first field of ``action`` that is not of its declared type, in words (None if
    every field is)."""
    kind: Any = type(action)
    for name, declared in _declared(kind):
        found = _problem(getattr(action, name), declared, f"{kind.__name__}.{name}")
        if found is not None:
            return found
    return None


def safe_text(action: Any, text: Any) -> str:
    """An action's own text, or (when its fields make that text fail) its type and fields:
    an action's text never fails, whatever it holds."""
    try:
        result = text(action)
    except Exception:
        result = None
    if isinstance(result, str):
        return result
    try:
        fields = ", ".join(
            f"{f.name}={_short(getattr(action, f.name, None))}" for f in dataclasses.fields(action)
        )
    except Exception:
        fields = "..."
    return f"{type(action).__name__}({fields})"
