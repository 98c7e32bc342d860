"""Checks for the arguments of public functions: each raises
:class:`~workbench.errors.ArgumentError` naming the argument, what was given and what was
expected, so a bad call never ends in an IndexError or a TypeError from deep inside.

Usable from every layer (it imports only :mod:`workbench.errors`).

>>> whole_number("mp", 3, low=0)
3
>>> whole_number("mp", 2.5, low=0)
Traceback (most recent call last):
...
workbench.errors.ArgumentError: mp: expected a whole number of at least 0, got 2.5
"""

from __future__ import annotations

import numbers
from collections.abc import Iterable
from typing import Any

from workbench.errors import ArgumentError


def whole_number(
    argument: str, value: object, *, low: int | None = None, high: int | None = None
) -> int:
    """``value`` as an int, if it is a whole number (not a bool, float or text) in range."""
    if low is not None and high is not None:
        expected = f"a whole number from {low} to {high}"
    elif low is not None:
        expected = f"a whole number of at least {low}"
    elif high is not None:
        expected = f"a whole number of at most {high}"
    else:
        expected = "a whole number"
    if isinstance(value, bool) or not isinstance(value, numbers.Integral):
        raise ArgumentError(argument, value, expected)
    number = int(value)
    if (low is not None and number < low) or (high is not None and number > high):
        raise ArgumentError(argument, value, expected)
    return number


def facing(argument: str, value: object) -> int:
    """A facing: a whole number 0..5, clockwise from the first direction of the grid."""
    return whole_number(argument, value, low=0, high=5)


def sequence_of(
    argument: str, value: object, kind: type | tuple[type, ...], what: str
) -> tuple[Any, ...]:
    """``value`` as a tuple, if it is a list or tuple (not text, not a mapping) of ``kind``."""
    if isinstance(value, (str, bytes, dict)) or not isinstance(value, Iterable):
        raise ArgumentError(argument, value, f"a list of {what}")
    items = tuple(value)
    for item in items:
        if not isinstance(item, kind):
            raise ArgumentError(argument, item, f"a list of {what}, not {type(item).__name__}")
    return items
