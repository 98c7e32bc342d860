"""What the export makes: a game page, a lesson page, a class pack, and where they come from
(a prepared game by name, a record in the user folder or at a path, a chapter's questions or
a chosen list). Each page is one ``.html`` file a browser opens with nothing else: no server,
no network, no Python (:mod:`workbench.export.page` says what keeps it safe to open).
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

from workbench.arguments import check_all
from workbench.errors import ArgumentError, UnknownName
from workbench.export.game import game_data
from workbench.export.lesson import lesson_data
from workbench.export.page import index_document, kind_document
from workbench.files.listing import read_each, record_game
from workbench.learn.question import Question
from workbench.paths import MAPS
from workbench.userdir import RECORDS, user_path

PAGE_SUFFIX = ".html"
KINDS = ("prepared", "record", "lesson")  # what a class pack holds


def game_page(source: Any, *, theme: str = "projector") -> str:
    """A record (a :class:`~workbench.boards.record.Record` or a record file) as a page that
    steps through it (:mod:`workbench.export.game`), in ``theme`` (the app's projector theme
    unless said)."""
    return _titled_game(source, theme)[1]


def _titled_game(source: Any, theme: str) -> tuple[str, str]:
    data, pictures = game_data(source, theme=theme)
    return data["title"], kind_document("game", data, pictures)


def _titled_lesson(game: str, chapter: str | None, theme: str, **chosen: Any) -> tuple[str, str]:
    data, pictures = lesson_data(game, chapter, theme=theme, **chosen)
    return data["title"], kind_document("lesson", data, pictures)


def lesson_page(
    game: str,
    chapter: str | None = None,
    *,
    questions: Iterable[Question | tuple[str, int]] = (),
    start: int = 0,
    theme: str = "projector",
) -> str:
    """A lesson as a page: ``chapter``'s questions (as ``learn.chapters`` names it, from seed
    ``start``) and any ``questions`` chosen (questions, or ``(kind, seed)`` pairs)."""
    return _titled_lesson(game, chapter, theme, chosen=questions, start=start)[1]


def prepared_games() -> dict[str, Path]:
    """Every shipped prepared game by name (``maps/<game>/games/<name>.json``)."""
    found = read_each(sorted(MAPS.glob("*/games/*.json")), record_game)
    return {e.name: e.path for e in found if e.found and e.path is not None}


def prepared_game(name: str) -> Path:
    """The file of the prepared game called ``name`` (UnknownName listing them)."""
    known = prepared_games()
    if name not in known:
        raise UnknownName("name", name, f"a prepared game ({', '.join(sorted(known))})")
    return known[name]


def saved_record(name: str | Path) -> Path:
    """A record by its name in the user folder's ``records/`` (``my-game`` or
    ``my-game.json``), else the path given, if a file is there."""
    text = str(name)
    if isinstance(name, str) and "/" not in text and os.sep not in text:
        stem = text.removesuffix(".json")
        mine = user_path(stem, RECORDS, ".json")
        if mine.is_file():
            return mine
    path = Path(name)
    if not path.is_file():
        where = user_path("x", RECORDS, ".json").parent
        raise ArgumentError("name", text, f"a record's name in {where} or a record file's path")
    return path


def write_page(page: str, path: str | Path) -> Path:
    """Write a page (its text) to ``path``, whole or not at all (written beside it first);
    the path written."""
    target = Path(path)
    if target.is_dir():
        raise ArgumentError("path", str(path), "a file's path, not a folder")
    target.parent.mkdir(parents=True, exist_ok=True)
    partial = target.with_name(f".{target.name}.{os.getpid()}.writing")
    partial.write_text(page, encoding="utf-8")
    os.replace(partial, target)
    return target


def export_prepared(name: str, path: str | Path, *, theme: str = "projector") -> Path:
    """The prepared game ``name`` as a page at ``path``."""
    return write_page(game_page(prepared_game(name), theme=theme), path)


def export_record(name: str | Path, path: str | Path, *, theme: str = "projector") -> Path:
    """A record (its name in the user folder, or a path) as a page at ``path``."""
    return write_page(game_page(saved_record(name), theme=theme), path)


def export_lesson(
    game: str,
    chapter: str | None,
    path: str | Path,
    *,
    questions: Iterable[Question | tuple[str, int]] = (),
    start: int = 0,
    theme: str = "projector",
) -> Path:
    """A lesson (a chapter, chosen questions or both) as a page at ``path``."""
    page = lesson_page(game, chapter, questions=questions, start=start, theme=theme)
    return write_page(page, path)


def slug(text: str) -> str:
    """A file name's stem from a title: lower case letters, digits and dashes.

    >>> slug("Panzer Vor!: Line of Sight")
    'panzer-vor-line-of-sight'
    """
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-") or "page"


def pack_item(item: Sequence[str], theme: str = "projector") -> tuple[str, str, str, str]:
    """One page of a pack, made: ``(file stem, title, what, page)``. ``item`` is
    ``("prepared", name)``, ``("record", name or path)`` or ``("lesson", game, chapter)``."""
    kind = item[0] if item else ""
    if kind not in KINDS or len(item) != (3 if kind == "lesson" else 2):
        expected = "('prepared', name), ('record', name or path) or ('lesson', game, chapter)"
        raise ArgumentError("items", list(item), expected)
    if kind == "lesson":
        title, page = _titled_lesson(item[1], item[2], theme)
        return slug(f"{item[1]} {item[2]}"), title, "a lesson", page
    path = prepared_game(item[1]) if kind == "prepared" else saved_record(item[1])
    title, page = _titled_game(path, theme)
    what = "a prepared game" if kind == "prepared" else "a recorded game"
    return slug(Path(item[1]).stem), title, what, page


def export_pack(
    items: Iterable[Sequence[str]],
    folder: str | Path,
    *,
    title: str = "Class pack",
    theme: str = "projector",
) -> Path:
    """Several pages in ``folder`` with an ``index.html`` linking each (items as
    :func:`pack_item` reads them); the index's path."""
    made = [pack_item(item, theme) for item in items]
    if not made:
        raise ArgumentError("items", [], "at least one page for the pack")
    target = Path(folder)
    if target.exists() and not target.is_dir():
        raise ArgumentError("folder", str(folder), "a folder (or where to make one)")
    target.mkdir(parents=True, exist_ok=True)
    entries, used = [], {"index"}
    for stem, name, what, page in made:
        unique, n = stem, 2
        while unique in used:
            unique, n = f"{stem}-{n}", n + 1
        used.add(unique)
        write_page(page, target / f"{unique}{PAGE_SUFFIX}")
        entries.append((f"{unique}{PAGE_SUFFIX}", name, what))
    return write_page(index_document(title, entries), target / f"index{PAGE_SUFFIX}")


check_all(
    globals(),
    ["game_page", "lesson_page", "prepared_game", "saved_record", "write_page",
     "export_prepared", "export_record", "export_lesson", "export_pack"],
)  # fmt: skip

__all__ = [
    "export_lesson", "export_pack", "export_prepared", "export_record", "game_page",
    "lesson_page", "prepared_game", "prepared_games", "saved_record", "write_page",
]  # fmt: skip
