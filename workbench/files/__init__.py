"""Loading and saving board, roster, scenario and record files.

Every file is one JSON document with a ``format`` field (``"name/version"``). Loading checks
the path and the bytes (:mod:`workbench.files.reading`), the size limits
(:mod:`workbench.files.limits` and each format's JSON Schema), then reads the document;
anything wrong raises one :class:`BoardFileError` naming the file, the field and what was
expected. Files a file names stay inside its board folder
(:mod:`workbench.files.references`). Saving writes a temporary file beside the target,
flushes it and renames it, so a failed or killed save leaves the old file whole
(:mod:`workbench.files.saving`). Nothing is ever executed or unpickled.
"""

from __future__ import annotations

from workbench.files.errors import BoardFileError
from workbench.files.loading import load, load_document
from workbench.files.saving import save, to_document

__all__ = [
    "BoardFileError",
    "load",
    "load_document",
    "save",
    "to_document",
]

MOVED = {  # names this package no longer has, and where they are now
    "panzer_vor_roster": "workbench.panzer_vor.roster",
    "load_next_stage": "workbench.panzer_vor.load_next_stage",
}


def __getattr__(name: str) -> object:
    if name in MOVED:
        raise AttributeError(f"workbench.files.{name} is now {MOVED[name]}")
    raise AttributeError(f"module 'workbench.files' has no attribute {name!r}")
