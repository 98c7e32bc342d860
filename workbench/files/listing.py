"""Lists of files (the user folder's saved records and learners' progress, the shipped
prepared games): each file read for what its line needs, with the reading's limits, and one
bad file one bad line.

Each file is read by a function given to the list (a record's game, a learner's score);
whatever that raises, for that file only, becomes its line ``unreadable: <name> (<reason>)``
and the list goes on. A list holds at most :data:`MAX_LISTED` files (the first by name; one
last line counts the rest), so no folder, however full, takes long to list.

A record's line needs only its game, and a list never reads a record whole to find it:
:func:`record_game` reads the first :data:`HEAD_BYTES` of the file and takes ``format`` and
``game`` from the plain members that open its object (every record the workbench saves
begins with them). A file no larger than that is read whole, with every check of
:mod:`workbench.files.reading`; a larger one whose beginning is plainly no JSON object (not
UTF-8, a list) is unreadable, and one that does not begin with its game is listed by name
without it (``found`` None): the loader reads it, with every check, when it is opened. So
listing costs at most HEAD_BYTES a file whatever the files hold, and a file whose beginning
is sound but whose rest is not is refused, with its reason, when it is opened.

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
from workbench.files.reading import encodable, read_bytes, read_document, system_error
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
    try:
        return os.fsencode(name).decode("utf-8", "backslashreplace")
    except UnicodeError:  # a lone surrogate no file name holds: shown as its escape
        return name.encode("utf-8", "backslashreplace").decode("utf-8")


def reason(error: BaseException, path: Path) -> str:
    """Why a file could not be read, in a few words (its path left out: the line names it);
    never fails, whatever the error holds."""
    try:
        if isinstance(error, BoardFileError):
            at = "" if error.field == "$" else f" at {error.field}"
            text = f"{error.found}{at}; expected {error.expected}"
        elif isinstance(error, WorkbenchError):
            text = str(error).removeprefix(f"{path}: ")
        else:  # not the library's refusal: say what it was
            text = f"{type(error).__name__}: {error}"
    except Exception:  # an error that cannot even say what it is
        text = type(error).__name__
    return short(shown_name(text), 200)


def record_game(path: Path) -> str | None:
    """The game a record file names (its ``game`` field, as written), read as the module
    says; None when a file larger than HEAD_BYTES does not begin with it (it is read when it
    is opened); BoardFileError for a file that is not a readable record."""
    head = read_bytes(path, head=HEAD_BYTES + 1)
    fields, problem = _leading_fields(head[:HEAD_BYTES], ("format", "game"))
    known = len(fields) == 2
    if not known and len(head) <= HEAD_BYTES:  # the whole file: read it, with every check
        document = read_document(path)
        fields = {k: document[k] for k in ("format", "game") if k in document}
        problem, known = "", True
    if problem:
        raise BoardFileError(path, "$", problem, "a JSON object (a record)")
    tag = fields.get("format")
    if (known or tag is not None) and not (isinstance(tag, str) and tag.startswith(RECORD_FORMAT)):
        found = "no format" if tag is None else f"the format {short(str(tag), 60)!r}"
        raise BoardFileError(path, "$.format", found, f"a record ({RECORD_FORMAT}...)")
    if not known:
        return None
    game = fields.get("game")
    if not isinstance(game, str) or not game:
        raise BoardFileError(path, "$.game", short(repr(game), 60), "a game's name")
    return game


_SPACE = re.compile(r"[ \t\n\r]*")
_STRING = r'"(?:[^"\\\x00-\x1f]|\\["\\/bfnrt]|\\u[0-9a-fA-F]{4}){0,200}"'
_KEY = re.compile(_STRING)
_PLAIN = re.compile(
    _STRING + r"|-?(?:0|[1-9][0-9]{0,19})(?:\.[0-9]{1,19})?(?:[eE][+-]?[0-9]{1,3})?"
    r"|true|false|null"
)


def _leading_fields(head: bytes, names: tuple[str, ...]) -> tuple[dict[str, Any], str]:
    """Those of ``names`` found among the plain members (a short text, number, true, false
    or null) that open the JSON object in ``head``, up to the first member that is not one
    or the end of the head; and what makes the head no JSON object, if it is plainly not
    one (empty when it may be)."""
    text, problem = _text_of(head)
    at = _skip(text, 0)
    if problem or text[at : at + 1] != "{":
        kinds = {"[": "a JSON list", '"': "a JSON text", "": "no JSON value"}
        return {}, problem or kinds.get(text[at : at + 1], "text that is not a JSON object")
    found: dict[str, Any] = {}
    seen: set[str] = set()
    while len(found) < len(names):
        key = _KEY.match(text, _skip(text, at + 1))
        if key is None:
            break
        at = _skip(text, key.end())
        value = _PLAIN.match(text, _skip(text, at + 1)) if text.startswith(":", at) else None
        name = json.loads(key.group())
        if value is None or name in seen:  # a key twice: the whole read refuses it
            break
        seen.add(name)
        if name in names:
            found[name] = json.loads(value.group())
            if isinstance(found[name], str) and not encodable(found[name]):
                return {}, "text holding a lone surrogate"
        at = _skip(text, value.end())
        if not text.startswith(",", at):
            break
    return found, ""


def _skip(text: str, at: int) -> int:
    """Where the JSON whitespace from ``at`` ends."""
    return _SPACE.match(text, at).end()  # type: ignore[union-attr]


def _text_of(head: bytes) -> tuple[str, str]:
    """The head as text (a byte order mark and a character cut at its end dropped), and
    why it is not UTF-8 if it is not (empty if it is)."""
    head = head.removeprefix(b"\xef\xbb\xbf")
    try:
        return head.decode("utf-8"), ""
    except UnicodeDecodeError as error:
        if error.end == len(head) and error.reason == "unexpected end of data":
            return head[: error.start].decode("utf-8"), ""
        return "", f"bytes that are not UTF-8 at byte {error.start} ({error.reason})"


__all__ = ["MAX_LISTED", "Entry", "read_each", "record_game", "shown_name", "user_files"]
