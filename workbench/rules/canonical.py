"""A text for a value that is the same for equal values in any process, and a hash of a
sequence of them: to compare states across processes (a record replayed elsewhere), where
``repr`` of a set depends on the hash seed. The rules use it where a state has no cheaper
fingerprint; the conformance tests compare replays by it.

>>> canonical(frozenset({"b", "a"})) == canonical(frozenset({"a", "b"}))
True
>>> len(digest([{"x": 1}, (1, 2)]))
64
"""

from __future__ import annotations

import dataclasses
import enum
import hashlib
from collections.abc import Iterable, Mapping, Set
from typing import Any


def canonical(value: Any, memo: dict[int, tuple[Any, str]] | None = None) -> str:
    """A text that is the same for equal values in any process (sets sorted, no ids): to
    compare states across processes, where ``repr`` of a set depends on the hash seed.
    ``memo`` keeps the text of each object already written (states of one game share their
    map and counters), keyed by ``id`` with the object kept alive beside it."""
    if memo is None:
        memo = {}
    if isinstance(value, str | int | float | bool | type(None)):
        return repr(value)
    seen = memo.get(id(value))
    if seen is not None:
        return seen[1]
    text = _canonical(value, memo)
    memo[id(value)] = (value, text)
    return text


def _canonical(value: Any, memo: dict[int, tuple[Any, str]]) -> str:
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        inner = ", ".join(
            f"{f.name}={canonical(getattr(value, f.name), memo)}"
            for f in dataclasses.fields(value)
            if f.compare
        )
        return f"{type(value).__name__}({inner})"
    if isinstance(value, Mapping):
        items = sorted(f"{canonical(k, memo)}: {canonical(v, memo)}" for k, v in value.items())
        return "{" + ", ".join(items) + "}"
    if isinstance(value, Set):
        return "{" + ", ".join(sorted(canonical(v, memo) for v in value)) + "}"
    if isinstance(value, tuple | list):
        return "[" + ", ".join(canonical(v, memo) for v in value) + "]"
    if isinstance(value, enum.Enum):
        return f"{type(value).__name__}.{value.name}"
    return repr(value)


def digest(states: Iterable[Any]) -> str:
    """One hash of a sequence of states (see :func:`canonical`)."""
    memo: dict[int, tuple[Any, str]] = {}
    return hashlib.sha256("\n".join(canonical(s, memo) for s in states).encode()).hexdigest()


__all__ = ["canonical", "digest"]
