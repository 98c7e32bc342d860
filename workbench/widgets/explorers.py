"""One ``explore(x)`` for every game: the explorer of whatever it is given (a scenario, a game
state, a board, a record, or the path of a file holding one), chosen by the value's type.

Each explorer registers the types it shows with :func:`register_explorer` in its game's home
(its ``widgets``, found on first use: :mod:`workbench.discovery`), so no list names them; a
file is loaded first, then explored as what it holds.

>>> from workbench.paths import MAPS
>>> type(explore(MAPS / "tanks" / "barkmanns-corner.json")).__name__
'TanksExplorer'
"""

from __future__ import annotations

from collections.abc import Callable
from functools import singledispatch
from pathlib import Path, PurePath
from typing import Any, TypeVar

from workbench.discovery import import_new, parts
from workbench.errors import ArgumentError
from workbench.files import load

E = TypeVar("E", bound=Callable[..., Any])


@singledispatch
def explore(value: Any, **options: Any) -> Any:
    """The explorer for ``value`` (options go to it, e.g. ``theme="projector"``); a path is
    loaded first. Raises ArgumentError for a value no explorer shows."""
    if import_new(parts("widgets")):
        return explore(value, **options)  # a game's widget module registered it just now
    shown = sorted({t.__name__ for t in explore.registry if t not in (object, str, PurePath)})
    raise ArgumentError(
        "value",
        type(value).__name__,
        f"a file path or a value an explorer shows ({', '.join(shown)})",
    )


@explore.register(str)
@explore.register(PurePath)
def _(value: str | PurePath, **options: Any) -> Any:
    return explore(load(Path(value)), **options)


def register_explorer(explorer: E, *types: type) -> E:
    """Open ``explorer(value, **options)`` for a value of any of ``types``; the explorer."""
    for kind in types:
        explore.register(kind, explorer)
    return explorer


__all__ = ["explore", "register_explorer"]
