"""A file naming another file: a scenario's ``map``, ``roster`` and ``next_stage``, a
board's ``tile_set``, a record's ``scenario``.

A reference is a path relative to the file that holds it, and it stays inside the *board
folder*: no absolute path, no ``..`` (nor a symbolic link) leading out of it. The board
folder is the folder of the file given to :func:`workbench.files.load`, or the one above
it when that folder is called ``scenarios``, ``records``, ``games`` or ``campaigns`` (so the shipped
``maps/panzer-vor/scenarios/saunders.json`` may name ``../saunders.json``). ``load(path,
root=folder)`` names another board folder, wider or narrower; never the default.

A file may not name itself, nor a file that leads back to it, and a chain of references
is at most ``MAX_REFERENCE_DEPTH`` files deep. The one link back allowed is a stage's to its
neighbour: stage 1's ``next_stage`` names stage 2, whose ``previous_stage`` names stage 1
again; that link back is checked, not loaded again (``back`` of :func:`load_reference`).

A file saved outside the board folder of a file it names cannot name it from there: it
holds that file's contents inline instead (:func:`referable` tells which).
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from workbench.files.errors import Where
from workbench.files.folders import default_root
from workbench.files.limits import MAX_REFERENCE_DEPTH
from workbench.files.loading import load_file

__all__ = ["checked_path", "default_root", "is_back", "load_reference", "referable"]


def referable(referred: Path, target: Path) -> bool:
    """Whether a file saved at ``target`` may name ``referred``: only a file inside the
    target's board folder (a file saved elsewhere holds what it refers to inline)."""
    root = os.path.realpath(default_root(target))
    return Path(os.path.realpath(referred)).is_relative_to(root)


def is_back(where: Where, field: str, path: Path) -> bool:
    """Whether ``path`` in ``field`` is the link back allowed to the file that led here."""
    return where.back is not None and where.back == (field, Path(os.path.realpath(path)))


def checked_path(where: Where, field: list[str | int], value: Any, expected: str) -> Path:
    """The path a reference names, refused (BoardFileError) if it is absolute, holds a NUL,
    or leads outside the board folder; it need not exist."""
    if not isinstance(value, str) or not value or "\0" in value:
        raise where.error(field, value, f"{expected}: a file path relative to this file")
    if Path(value).is_absolute():
        raise where.error(
            field, value, f"{expected}: a path relative to this file, not an absolute path"
        )
    folder = where.folder if where.folder is not None else Path.cwd()
    root = where.root if where.root is not None else default_root(folder / "x")
    path = folder / value
    inside = Path(os.path.realpath(path)).is_relative_to(os.path.realpath(root))
    if not inside:
        raise where.error(
            field,
            value,
            f"{expected} inside the board folder {root} (pass root= to load to allow another)",
        )
    return path


def load_reference(
    where: Where,
    field: list[str | int],
    value: Any,
    kind: type | tuple[type, ...],
    expected: str,
    kind_name: str = "",
    back: str | None = None,
) -> tuple[Any, Path]:
    """Load the file a reference names: checked as :func:`checked_path` says, refused if it
    leads back to a file being loaded, and refused unless it holds a ``kind``. Returns the
    value and its path; a fault inside that file is reported in that file. ``back``: the
    field in which the loaded file may name this one again (see :class:`Where`)."""
    path = checked_path(where, field, value, expected)
    if not path.is_file():
        raise where.error(field, value, f"{expected}; there is no file {path}")
    resolved = Path(os.path.realpath(path))
    if resolved in where.chain:
        cycle = " -> ".join(p.name for p in (*where.chain, resolved))
        raise where.error(field, value, f"{expected} that does not lead back to itself ({cycle})")
    if len(where.chain) >= MAX_REFERENCE_DEPTH:
        raise where.error(field, value, f"{expected} at most {MAX_REFERENCE_DEPTH} references deep")
    link = (back, where.chain[-1]) if back is not None and where.chain else None
    loaded = load_file(path, root=where.root, chain=(*where.chain, resolved), back=link)
    if not isinstance(loaded, kind):
        found = type(loaded).__name__
        what = kind_name or "one"
        raise where.error(field, value, f"{expected}; {path.name} is not {what} (a {found})")
    return loaded, resolved
