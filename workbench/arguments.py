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

import collections.abc
import functools
import inspect
import math
import numbers
import types
import typing
from collections.abc import Callable, Iterable
from typing import Any, TypeVar

from workbench.errors import ArgumentError, UnknownName

C = TypeVar("C", bound=type)
F = TypeVar("F", bound=Callable[..., Any])


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


def finite(value: object) -> bool:
    """Whether ``value`` is a number (not a bool) a float holds: not NaN nor infinite, nor
    an integer too large for a float (10**400)."""
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        return False
    try:
        return math.isfinite(value)
    except OverflowError:
        return False


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


# --- arguments checked against their annotations ----------------------------------------


def _plain_kinds(annotation: Any) -> str:
    """An annotation in words, for an error message."""
    if annotation is type(None) or annotation is None:
        return "None"
    origin = typing.get_origin(annotation)
    if origin in (typing.Union, types.UnionType):
        return " or ".join(_plain_kinds(a) for a in typing.get_args(annotation))
    if origin is typing.Literal:
        return "one of " + ", ".join(repr(a) for a in typing.get_args(annotation))
    names = {bool: "true or false", int: "a whole number", float: "a finite number",
             str: "a text"}  # fmt: skip
    if annotation in names:
        return names[annotation]
    if origin is not None:
        kind = getattr(origin, "__name__", str(origin))
        return {"tuple": "a tuple", "list": "a list", "Sequence": "a list",
                "Iterable": "a list", "Mapping": "a mapping", "dict": "a mapping",
                "Callable": "a function"}.get(kind, f"a {kind}")  # fmt: skip
    return f"a {getattr(annotation, '__name__', str(annotation))}"


def _fits(value: Any, annotation: Any) -> bool:
    """Whether ``value`` is of the kind ``annotation`` names (as far as it can tell at once:
    the items of lists, tuples and mappings are checked, an iterator's are not)."""
    if annotation is Any or isinstance(annotation, typing.TypeVar) or annotation is object:
        return True
    if annotation is None or annotation is type(None):
        return value is None
    origin = typing.get_origin(annotation)
    arguments = typing.get_args(annotation)
    if origin in (typing.Union, types.UnionType):
        return any(_fits(value, a) for a in arguments)
    if origin is typing.Literal:
        return any(value == a and type(value) is type(a) for a in arguments)
    if annotation is bool:
        return isinstance(value, bool)
    if annotation is int:
        return isinstance(value, numbers.Integral) and not isinstance(value, bool)
    if annotation is float:
        return finite(value)
    if origin is None:
        return not isinstance(annotation, type) or isinstance(value, annotation)
    return _fits_generic(value, origin, arguments)


def _fits_generic(value: Any, origin: Any, arguments: tuple[Any, ...]) -> bool:
    if origin in (collections.abc.Callable,):
        return callable(value)
    if origin in (dict, collections.abc.Mapping):
        if not isinstance(value, collections.abc.Mapping):
            return False
        key, item = arguments if len(arguments) == 2 else (Any, Any)
        return all(_fits(k, key) and _fits(v, item) for k, v in value.items())
    if origin in (tuple, list, collections.abc.Sequence, collections.abc.Iterable,
                  collections.abc.Collection):  # fmt: skip
        if isinstance(value, str | bytes | collections.abc.Mapping):
            return False
        if not isinstance(value, collections.abc.Iterable):
            return False
        if not isinstance(value, list | tuple):
            return origin is collections.abc.Iterable  # an iterator is taken on trust
        if origin is tuple and arguments and arguments[-1] is not Ellipsis:
            return len(value) == len(arguments) and all(map(_fits, value, arguments))
        item = arguments[0] if arguments else Any
        return all(_fits(v, item) for v in value)
    return isinstance(value, origin) if isinstance(origin, type) else True


def check_type(argument: str, value: Any, annotation: Any) -> Any:
    """``value`` if it is of the kind ``annotation`` names, else ArgumentError (a bool is not
    a number, text is not a bool, NaN and infinity are not finite numbers)."""
    if not _fits(value, annotation):
        raise ArgumentError(argument, value, _plain_kinds(annotation))
    return value


def checked(
    function: Callable[..., Any], names: dict[str, Any] | None = None
) -> Callable[..., Any]:
    """``function`` with every argument checked against its annotation before it runs
    (ArgumentError naming the argument); a function whose annotations cannot be read is
    returned as it is. ``names``: more names its annotations may use (a class being made).

    >>> def halve(steps: int) -> float:
    ...     return steps / 2
    >>> checked(halve)(True)
    Traceback (most recent call last):
    ...
    workbench.errors.ArgumentError: steps: expected a whole number, got True
    """
    if getattr(function, "arguments_checked", False):
        return function
    try:
        hints = typing.get_type_hints(function, localns=names)
        signature = inspect.signature(function)
    except Exception:
        return function
    hints.pop("return", None)
    if not hints:
        return function
    positional = [
        (p.name, hints.get(p.name, Any))
        for p in signature.parameters.values()
        if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)
    ]
    varargs = next(
        (p.name for p in signature.parameters.values() if p.kind is p.VAR_POSITIONAL), None
    )

    @functools.wraps(function)
    def checking(*args: Any, **kwargs: Any) -> Any:
        for (name, annotation), value in zip(positional, args, strict=False):
            check_type(name, value, annotation)
        if varargs in hints and len(args) > len(positional):
            for value in args[len(positional) :]:
                check_type(varargs, value, hints[varargs])
        for name, value in kwargs.items():
            if name in hints:
                check_type(name, value, hints[name])
        return function(*args, **kwargs)

    checking.arguments_checked = True  # type: ignore[attr-defined]
    return checking


def checks_itself(function: F) -> F:
    """``function``, marked as checking every argument itself by value, in its body (where an
    annotation cannot say what it takes: a level among the names, a seed in range); the
    tests that list unchecked public functions read the mark."""
    function.arguments_checked = True  # type: ignore[attr-defined]
    return function


def check_all(namespace: dict[str, Any], names: Iterable[str], keep: Iterable[str] = ()) -> None:
    """Every function among ``names`` of a module's ``namespace`` replaced by its
    :func:`checked` self (the flat modules do this for every name they export), but those
    in ``keep`` (players, which the game's loop calls and which are the game's own objects)."""
    kept = set(keep)
    for name in names:
        if name in kept:
            continue
        value = namespace.get(name)
        if inspect.isfunction(value):
            namespace[name] = checked(value)


def checked_methods(cls: C) -> C:
    """``cls`` with its constructor and every public method defined on it checking their
    arguments against their annotations (a wrong type, a bool for a number, text for a bool,
    NaN or infinity for a number: ArgumentError naming the argument)."""
    names = {cls.__name__: cls}  # annotations may name the class, not yet bound to its name
    for name, member in list(vars(cls).items()):
        if name.startswith("_") and name != "__init__":
            continue
        if isinstance(member, staticmethod | classmethod):
            setattr(cls, name, type(member)(checked(member.__func__, names)))
        elif inspect.isfunction(member):
            setattr(cls, name, checked(member, names))
    return cls


# --- checks by value, where a type cannot say it -------------------------------------------

MAX_SEED = 2**63 - 1  # a seed a record can hold (the loader reads at most 20 digits)


def flag(argument: str, value: object) -> bool:
    """``value`` if it is True or False (the text ``"no"`` is not a boolean)."""
    if not isinstance(value, bool):
        raise ArgumentError(argument, value, "true or false")
    return value


def positive(argument: str, value: object, *, high: float | None = None) -> float:
    """``value`` as a float, if it is a finite number more than 0 (not a bool), and at most
    ``high`` if given."""
    in_range = finite(value) and value > 0  # type: ignore[operator]
    if not in_range or (high is not None and value > high):  # type: ignore[operator]
        expected = "a finite number more than 0"
        raise ArgumentError(argument, value, expected + (f" and at most {high:g}" if high else ""))
    return float(value)  # type: ignore[arg-type]


def seed(argument: str, value: object, *, optional: bool = False) -> int | None:
    """``value`` if it is a seed: a whole number from 0 to :data:`MAX_SEED` (not a bool, a
    float or text), or None where ``optional``.

    >>> seed("seed", 7), seed("seed", None, optional=True)
    (7, None)
    """
    if optional and value is None:
        return None
    try:
        return whole_number(argument, value, low=0, high=MAX_SEED)
    except ArgumentError as refused:
        if not optional:
            raise
        raise ArgumentError(argument, value, refused.expected + ", or None") from None


def one_of(argument: str, value: object, names: Iterable[Any], what: str) -> Any:
    """``value`` if it is one of ``names``, else UnknownName listing them."""
    known = tuple(names)
    try:
        found = any(value == n and type(value) is type(n) for n in known)
    except Exception:  # a value whose == fails is none of them
        found = False
    if not found:
        listed = ", ".join(str(n) for n in known) or "none here"
        raise UnknownName(argument, value, f"{what} ({listed})")
    return value
