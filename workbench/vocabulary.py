"""One word per concept across the three games (ARCHITECTURE.md: "One word per concept"): a
name a module no longer has because it was a second word for a concept raises an
AttributeError naming the one word (the module's ``__getattr__``), so old code fails with
its fix.

>>> __getattr__ = removed_names("workbench.example", {"reachable": "reach(state, tank)"})
>>> __getattr__("reachable")
Traceback (most recent call last):
...
AttributeError: workbench.example.reachable is no more (one word per concept): reach(state, tank)
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import NoReturn


def removed_names(module: str, replaced: Mapping[str, str]) -> Callable[[str], NoReturn]:
    """A ``__getattr__`` for ``module``: each name of ``replaced`` raises an AttributeError
    naming what replaced it; any other missing name, the usual one."""

    def __getattr__(name: str) -> NoReturn:
        if name in replaced:
            raise AttributeError(
                f"{module}.{name} is no more (one word per concept): {replaced[name]}"
            )
        raise AttributeError(f"module {module!r} has no attribute {name!r}")

    return __getattr__
