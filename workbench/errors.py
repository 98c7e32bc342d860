"""The one base of every error the workbench raises on purpose.

A notebook or widget that catches :class:`WorkbenchError` catches the library's own refusals
(a bad file, an illegal action, an argument out of range) and nothing else, so a real bug
still shows as a bug.

>>> from workbench.rules.core import IllegalAction
>>> issubclass(IllegalAction, WorkbenchError)
True
"""

from __future__ import annotations

from collections.abc import Sequence


class WorkbenchError(Exception):
    """Base of the workbench's own errors: each message names what was wrong and what was
    expected (a file and field, an argument, or the rule that refuses an action)."""


class InvalidValue(WorkbenchError, ValueError):
    """A value the workbench cannot take; the message says what was expected."""


class GeometryError(WorkbenchError, ValueError):
    """A shape or coordinate the geometry cannot take (a hull of no size, squares that are
    not neighbours, ...)."""


class ArgumentError(WorkbenchError, ValueError):
    """A public function was called with an argument it does not take: the message names
    the argument, what was given and what was expected."""

    def __init__(self, argument: str, found: object, expected: str) -> None:
        self.argument, self.found, self.expected = argument, found, expected
        super().__init__(f"{argument}: expected {expected}, got {shown(found)}")


def shown(value: object, limit: int = 100) -> str:
    """``repr(value)`` cut to ``limit`` characters: a message never echoes a whole file or a
    huge value (and never fails on a value whose ``repr`` does).

    >>> shown("x" * 200, 20)
    "'xxxxxxxxxxxxxxxx..."
    """
    try:
        text = repr(value)
    except Exception:  # a failing repr, or an int too long to write (10**5000)
        digits = f" of {len(format(value, 'x')) * 1.2:.0f} digits" if isinstance(value, int) else ""
        text = f"<a {type(value).__name__}{digits}>"
    return text if len(text) <= limit else text[: limit - 3] + "..."


def json_path(parts: Sequence[str | int]) -> str:
    """A JSON path like ``$.forces[0].tanks`` from its parts.

    >>> json_path(["terrain", "0716"])
    '$.terrain["0716"]'
    """
    text = "$"
    for part in parts:
        if isinstance(part, str) and len(part) > 40:  # a path stays readable
            part = part[:37] + "..."
        if isinstance(part, int):
            text += f"[{part}]"
        elif part.isidentifier():
            text += f".{part}"
        else:
            text += f'["{part}"]'
    return text


class UnknownName(ArgumentError, KeyError):
    """A name that names nothing here (a tank, a card, a tank type, a terrain piece): an
    :class:`ArgumentError`, and a ``KeyError`` for code that looks names up.

    >>> str(UnknownName("tank", "ZZ", "a tank of this game (W1, W2)"))
    "tank: expected a tank of this game (W1, W2), got 'ZZ'"
    """

    def __str__(self) -> str:
        return str(self.args[0]) if self.args else ""
