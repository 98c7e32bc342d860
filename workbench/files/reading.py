"""Reading a file into a JSON document safely: every way a path or its bytes can be wrong
ends in a :class:`BoardFileError` naming the file, before anything slow or unbounded runs.

- The path is checked first (its type, a NUL, its length); then ``stat`` tells what it is:
  only a regular file is opened (a directory, FIFO, socket or device is refused without
  being opened, so nothing hangs), and only one of at most ``MAX_FILE_BYTES``.
- The bytes must be UTF-8. A UTF-8 byte order mark at the start is accepted and ignored
  (some Windows editors write one); saving never writes one.
- The JSON must be one object of at most ``MAX_VALUES`` values; duplicate keys,
  ``NaN``/``Infinity``, numbers of more than ``MAX_INTEGER_DIGITS`` digits, nesting deeper
  than ``MAX_NESTING`` and strings holding a lone surrogate (``"\\ud800"``, which no file
  can save) are refused with the JSON path.
"""

from __future__ import annotations

import errno
import json
import math
import os
import stat
from pathlib import Path
from typing import Any

from workbench.errors import ArgumentError
from workbench.files.errors import BoardFileError, json_path
from workbench.files.limits import (
    MAX_FILE_BYTES,
    MAX_INTEGER_DIGITS,
    MAX_NESTING,
    MAX_NUMBER_CHARACTERS,
    MAX_VALUES,
)

Document = dict[str, Any]
WANTED = "a readable JSON file"


def file_path(path: object, argument: str = "path") -> Path:
    """``path`` as a Path (ArgumentError if it is not text or a path; BoardFileError if
    it holds a NUL or is empty)."""
    if isinstance(path, bytes):
        path = os.fsdecode(path)
    if not isinstance(path, (str, os.PathLike)):
        raise ArgumentError(argument, path, "a file path (text or a pathlib.Path)")
    text = os.fspath(path)
    if not isinstance(text, str):
        text = os.fsdecode(text)
    if "\0" in text:
        raise BoardFileError(repr(text), "$", "a NUL character in the path", "a file path")
    if not text:
        raise BoardFileError('""', "$", "an empty path", "a file path")
    return Path(text)


def _what_it_is(mode: int) -> str:
    for test, name in (
        (stat.S_ISDIR, "a directory"),
        (stat.S_ISFIFO, "a FIFO (named pipe)"),
        (stat.S_ISSOCK, "a socket"),
        (stat.S_ISCHR, "a character device"),
        (stat.S_ISBLK, "a block device"),
    ):
        if test(mode):
            return name
    return "not a regular file"


def system_error(path: Path | str, error: OSError, expected: str = WANTED) -> BoardFileError:
    """An OSError told as a BoardFileError about ``path``."""
    found = {
        errno.ENOENT: "no such file",
        errno.ENOTDIR: "a path through something that is not a directory",
        errno.ELOOP: "a loop of symbolic links",
        errno.ENAMETOOLONG: "a path too long for the system",
        errno.EACCES: "a file the workbench may not read (permission denied)",
        errno.EPERM: "a file the workbench may not use (operation not permitted)",
        errno.EISDIR: "a directory",
    }.get(error.errno or 0, f"an error from the system ({error.strerror or error})")
    return BoardFileError(path, "$", found, expected)


def read_bytes(path: Path, most: int = MAX_FILE_BYTES, *, head: int | None = None) -> bytes:
    """The bytes of a regular file of at most ``most`` bytes (checked before opening, and
    again while reading); with ``head``, only its first ``head`` bytes."""
    try:
        info = os.stat(path)
        if not stat.S_ISREG(info.st_mode):
            raise BoardFileError(path, "$", _what_it_is(info.st_mode), "a regular file")
        if info.st_size > most:
            raise BoardFileError(
                path, "$", f"{info.st_size:,} bytes", f"a file of at most {most:,} bytes"
            )
        # O_NONBLOCK: should the path become a FIFO after stat(), opening does not wait
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0))
        try:
            if not stat.S_ISREG(os.fstat(fd).st_mode):
                raise BoardFileError(path, "$", "not a regular file", "a regular file")
            with os.fdopen(fd, "rb", closefd=False) as stream:
                data = stream.read(most + 1 if head is None else min(head, most + 1))
        finally:
            os.close(fd)
    except OSError as error:
        raise system_error(path, error) from None
    if len(data) > most:
        raise BoardFileError(path, "$", "a file that grew", f"at most {most:,} bytes")
    return data


def decode_text(data: bytes, path: Path | str) -> str:
    """UTF-8 text (a leading byte order mark dropped)."""
    if data.startswith(b"\xef\xbb\xbf"):
        data = data[3:]
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as error:
        found = f"bytes that are not UTF-8 at byte {error.start} ({error.reason})"
        raise BoardFileError(path, "$", found, "UTF-8 text") from None


class _Duplicated(dict[str, Any]):
    """An object that named a key twice (the walk reports where)."""

    twice: str = ""


class _Huge(float):
    """Stands for a number written with too many digits until the walk reports where."""

    text: str = ""


def _pairs(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    result = dict(pairs)
    if len(result) != len(pairs):
        seen: set[str] = set()
        twice = next(k for k, _ in pairs if k in seen or seen.add(k))  # type: ignore[func-returns-value]
        duplicated = _Duplicated(result)
        duplicated.twice = twice
        return duplicated
    return result


def _number(text: str, convert: type) -> Any:
    digits = sum(c.isdigit() for c in text)
    if len(text) > MAX_NUMBER_CHARACTERS or (convert is int and digits > MAX_INTEGER_DIGITS):
        huge = _Huge(0.0)
        huge.text = text
        return huge
    return convert(text)


def parse(text: str, path: Path | str) -> Document:
    """A JSON object from text, checked as the module docstring says."""
    try:
        document = json.loads(
            text,
            object_pairs_hook=_pairs,
            parse_int=lambda s: _number(s, int),
            parse_float=lambda s: _number(s, float),
            parse_constant=lambda s: _number(s, float),
        )
    except json.JSONDecodeError as error:
        found = f"invalid JSON at line {error.lineno}, column {error.colno} ({error.msg})"
        raise BoardFileError(path, "$", found, "a JSON document") from None
    except RecursionError:
        found = "lists or objects nested too deeply to read"
        raise BoardFileError(path, "$", found, f"at most {MAX_NESTING} levels") from None
    if not isinstance(document, dict):
        found = f"a JSON {type(document).__name__}"
        raise BoardFileError(path, "$", found, "a JSON object with a format field")
    check_values(document, path)
    return document


def check_values(document: Any, path: Path | str) -> None:
    """Refuse what JSON may hold but a file of the workbench may not (see the docstring);
    an iterative walk, so no nesting can exhaust the stack."""
    stack: list[tuple[Any, tuple[str | int, ...]]] = [(document, ())]
    count = 0
    while stack:
        value, at = stack.pop()
        count += 1
        if count > MAX_VALUES:
            found = f"more than {MAX_VALUES:,} values (numbers, texts, lists and objects)"
            raise BoardFileError(path, "$", found, f"a file of at most {MAX_VALUES:,} values")
        if len(at) > MAX_NESTING:
            found = f"lists or objects nested more than {MAX_NESTING} deep"
            raise BoardFileError(path, json_path(at[:MAX_NESTING]), found, "a shallower file")
        if isinstance(value, dict):
            if isinstance(value, _Duplicated):
                found = f"the key {value.twice!r} twice in one object"
                raise BoardFileError(path, json_path(at), found, "each key once")
            for key, item in value.items():
                _check_text(key, (*at, key), path)
                stack.append((item, (*at, key)))
        elif isinstance(value, list):
            stack.extend((item, (*at, i)) for i, item in enumerate(value))
        elif isinstance(value, str):
            _check_text(value, at, path)
        elif isinstance(value, _Huge):
            found = f"a number written with {len(value.text)} characters"
            raise BoardFileError(
                path, json_path(at), found, f"a number of at most {MAX_INTEGER_DIGITS} digits"
            )
        elif isinstance(value, float) and not math.isfinite(value):
            raise BoardFileError(path, json_path(at), str(value), "a finite number")


def encodable(text: str) -> bool:
    """Whether ``text`` can be written as UTF-8 (no lone surrogate, which no file holds)."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def _check_text(text: str, at: tuple[str | int, ...], path: Path | str) -> None:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError as error:
        found = f"text holding a lone surrogate ({text[error.start]!r})"
        raise BoardFileError(path, json_path(at), found, "text of Unicode characters") from None


def read_document(path: Path, most: int = MAX_FILE_BYTES) -> Document:
    """The JSON object in the file at ``path`` (of at most ``most`` bytes), read with every
    check above."""
    return parse(decode_text(read_bytes(path, most), path), path)
