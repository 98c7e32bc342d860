"""Lists of files (the user folder's saved records and learners' progress, the shipped
prepared games): each file read for what its line needs, with the reading's limits, and one
bad file one bad line.

Each file is read by a function given to the list (a record's game, a learner's score);
whatever that raises, for that file only, becomes its line ``unreadable: <name> (<reason>)``
and the list goes on. A list holds at most :data:`MAX_LISTED` files (the first by name; one
last line counts the rest), so no folder, however full, takes long to list.

A record's line needs only its game: :func:`record_game` reads the ``format`` and ``game``
fields from the first :data:`HEAD_BYTES` of the file when it begins with them as plain values
(every record the workbench saves does), else the whole file with every check of
:mod:`workbench.files.reading`. A file whose beginning is sound but whose rest is not is
listed under its game and refused, with its reason, when it is opened.

>>> import tempfile
>>> from pathlib import Path
>>> folder = Path(tempfile.mkdtemp())
>>> _ = (folder / "good.json").write_text('{"format": "workbench.record/1", "game": "tanks"}')
>>> _ = (folder / "deep.json").write_text("[" * 5000 + "]" * 5000)
>>> for entry in read_each(sorted(folder.iterdir()), record_game):
...     print(entry.line, entry.found)
unreadable: deep (lists or objects nested too deeply to read; expected at most 64 levels) None
good tanks
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from workbench.errors import WorkbenchError
from workbench.files.errors import BoardFileError, short
from workbench.files.reading import read_bytes, read_document, system_error
from workbench.userdir import named_path, outside

MAX_LISTED = 1_000  # files in one list: past it, one line counts those left out
HEAD_BYTES = 16 * 1024  # what a list reads of a record first (its format and game lead)
RECORD_FORMAT = "workbench.record/"


@dataclass(frozen=True)
class Entry:
    """One line of a list: the file's ``name`` (without the list's suffix; shown as text
    even when the system's name is not UTF-8), its ``path``, what the list ``found`` in it,
    or the ``problem`` that kept it from being read."""

    name: str
    path: Path | None
    found: Any = None
    problem: str = ""

    @property
    def line(self) -> str:
        """How the list shows it: the name, or ``unreadable: <name> (<reason>)``."""
        if self.path is None:
            return f"not listed: {self.name} ({self.problem})"
        return f"unreadable: {self.name} ({self.problem})" if self.problem else self.name


def read_each(
    paths: Iterable[Path], read: Callable[[Path], Any], suffix: str = ".json"
) -> list[Entry]:
    """An entry for each of ``paths`` (at most MAX_LISTED of them), with what ``read`` finds
    in it or the reason it fails (any failure: one file never ends the list)."""
    chosen = list(paths)
    entries = []
    for path in chosen[:MAX_LISTED]:
        name = shown_name(path.name).removesuffix(suffix)
        try:
            entries.append(Entry(name, path, read(path)))
        except Exception as error:  # one file's failure, whatever it is, is its own line
            entries.append(Entry(name, path, problem=reason(error, path)))
    if len(chosen) > MAX_LISTED:
        more = f"{len(chosen) - MAX_LISTED:,} more files"
        entries.append(Entry(more, None, problem=f"a list shows the first {MAX_LISTED:,}"))
    return entries


def user_files(kind: str, read: Callable[[Path], Any], suffix: str = ".json") -> list[Entry]:
    """The files of the user folder's ``kind`` subfolder whose names end with ``suffix``
    (hidden ones, a save's temporary files, left out), sorted by name, each read by ``read``
    (see :func:`read_each`); none when the folder does not exist yet, one unreadable line
    when it cannot be listed."""
    folder = named_path("x", kind).parent  # checks the kind
    try:
        names = sorted(n for n in os.listdir(folder) if n.endswith(suffix) and n[:1] != ".")
    except FileNotFoundError:
        return []
    except OSError as error:
        return [Entry(f"{kind}/", folder, problem=reason(system_error(folder, error), folder))]

    def inside_then_read(path: Path) -> Any:
        leads_to = outside(path)
        if leads_to:
            raise BoardFileError(path, "$", f"a file that {leads_to}", "a file in the user folder")
        return read(path)

    return read_each([folder / n for n in names], inside_then_read, suffix)


def shown_name(name: str) -> str:
    """A file name as text a page can show: bytes that are not UTF-8 as escapes.

    >>> shown_name("caf\\udce9.json")
    'caf\\\\xe9.json'
    """
    return os.fsencode(name).decode("utf-8", "backslashreplace")


def reason(error: BaseException, path: Path) -> str:
    """Why a file could not be read, in a few words (its path left out: the line names it)."""
    if isinstance(error, BoardFileError):
        at = "" if error.field == "$" else f" at {error.field}"
        text = f"{error.found}{at}; expected {error.expected}"
    elif isinstance(error, WorkbenchError):
        text = str(error).removeprefix(f"{path}: ")
    else:  # not the library's refusal: say what it was
        text = f"{type(error).__name__}: {error}"
    return short(shown_name(text), 200)


def record_game(path: Path) -> str:
    """The game a record file names (its ``game`` field, as written), read as the module
    says; BoardFileError for a file that is not a readable record."""
    fields = head_fields(path, ("format", "game"))
    tag = fields.get("format")
    if not (isinstance(tag, str) and tag.startswith(RECORD_FORMAT)):
        found = "no format" if tag is None else f"the format {short(str(tag), 60)!r}"
        raise BoardFileError(path, "$.format", found, f"a record ({RECORD_FORMAT}...)")
    game = fields.get("game")
    if not isinstance(game, str) or not game:
        raise BoardFileError(path, "$.game", short(repr(game), 60), "a game's name")
    return game


def head_fields(path: Path, names: tuple[str, ...]) -> dict[str, Any]:
    """The top-level fields ``names`` of the JSON object in the file at ``path`` (those it
    has): from its first HEAD_BYTES when they open the object as plain values, else from
    the whole file read with every check of :func:`~workbench.files.reading.read_document`."""
    found = _leading_fields(read_bytes(path, head=HEAD_BYTES), set(names))
    if found is None:
        document = read_document(path)
        found = {name: document[name] for name in names if name in document}
    return found


_SPACE = re.compile(r"[ \t\n\r]*")
_STRING = r'"(?:[^"\\\x00-\x1f]|\\["\\/bfnrt]|\\u[0-9a-fA-F]{4}){0,200}"'
_KEY = re.compile(_STRING)
_PLAIN = re.compile(
    _STRING + r"|-?(?:0|[1-9][0-9]{0,19})(?:\.[0-9]{1,19})?(?:[eE][+-]?[0-9]{1,3})?"
    r"|true|false|null"
)


def _leading_fields(head: bytes, names: set[str]) -> dict[str, Any] | None:
    """``names`` from the members that open the object in ``head``, if every one of them
    comes before the first member whose value is not a plain value (a short text, number,
    true, false or null); None when that cannot be told from the head alone."""
    text = _text_of(head)
    at = _skip(text or "", 0)
    if text is None or not text.startswith("{", at):
        return None
    found: dict[str, Any] = {}
    seen: set[str] = set()
    while True:
        key = _KEY.match(text, _skip(text, at + 1))
        if key is None:
            return None
        at = _skip(text, key.end())
        value = _PLAIN.match(text, _skip(text, at + 1)) if text.startswith(":", at) else None
        name = json.loads(key.group())
        if value is None or name in seen:  # a key twice: the whole read refuses it
            return None
        seen.add(name)
        if name in names:
            found[name] = json.loads(value.group())
            if isinstance(found[name], str) and not _encodable(found[name]):
                return None
            if len(found) == len(names):
                return found
        at = _skip(text, value.end())
        if not text.startswith(",", at):
            return None


def _skip(text: str, at: int) -> int:
    """Where the JSON whitespace from ``at`` ends."""
    return _SPACE.match(text, at).end()  # type: ignore[union-attr]


def _text_of(head: bytes) -> str | None:
    """The head as text (a character cut at its end dropped); None if it is not UTF-8."""
    head = head.removeprefix(b"\xef\xbb\xbf")
    try:
        return head.decode("utf-8")
    except UnicodeDecodeError as error:
        if error.end == len(head) and error.reason == "unexpected end of data":
            return head[: error.start].decode("utf-8")
        return None


def _encodable(text: str) -> bool:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


__all__ = ["MAX_LISTED", "Entry", "read_each", "record_game", "shown_name", "user_files"]
