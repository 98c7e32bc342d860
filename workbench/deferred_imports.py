"""Imports put off until used, to keep every kernel, worker and app page quick to start.

``import jsonschema`` (our file formats' validation) imports ``rfc3987_syntax`` when it is
installed (Jupyter installs it), only to offer the "iri" format checks, and that package
compiles 38 grammars as it is imported: about 2 s of a 2.5 s ``import workbench`` on this
machine, paid by every kernel. Importing this module (``workbench`` does, first) calls
:func:`defer_rfc3987_syntax`, which puts a stand-in module in its place whose attributes
import the real package when first used (a format check of an IRI, which our schemas never
ask for), so nothing changes for code that uses it.
"""

from __future__ import annotations

import importlib
import importlib.util
import sys
import types
from typing import Any

DEFERRED = "rfc3987_syntax"


def _real(name: str) -> types.ModuleType:
    """The real module ``name``, imported in place of its stand-in."""
    if isinstance(sys.modules.get(name), _Deferred):
        del sys.modules[name]
    return importlib.import_module(name)


class _Deferred(types.ModuleType):
    """A module whose first attribute read imports the real one in its place."""

    def __getattr__(self, name: str) -> Any:
        if name.startswith("__"):  # the import system's questions (__path__, ...)
            raise AttributeError(name)
        return getattr(_real(self.__name__), name)


def _call_real(name: str, function: str) -> Any:
    """A function that calls ``function`` of the real module ``name`` (imported then)."""

    def call(*args: Any, **kwargs: Any) -> Any:
        return getattr(_real(name), function)(*args, **kwargs)

    call.__name__ = function
    return call


def defer_rfc3987_syntax() -> None:
    """Put off importing ``rfc3987_syntax`` until it is used (see the module's docstring);
    nothing happens when it is imported already or not installed."""
    if DEFERRED in sys.modules or importlib.util.find_spec(DEFERRED) is None:
        return
    stand_in = _Deferred(DEFERRED)
    vars(stand_in)["is_valid_syntax"] = _call_real(DEFERRED, "is_valid_syntax")  # jsonschema's
    sys.modules[DEFERRED] = stand_in


defer_rfc3987_syntax()  # on import: workbench/__init__.py imports this module first
