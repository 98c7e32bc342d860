"""Saving: the file as it was, only newer.

The document is written to a temporary file in the target's folder, flushed to disk
(``fsync``) and renamed over the target, so the target is always the whole old file or the
whole new one. The new file keeps the old one's mode (setuid, setgid and sticky bits
included) and owner, or the save is refused; saving through a symbolic link writes the file
it points to, and a link leading into a folder that does not exist is refused (no folder is
made behind it). A file with more than one hard link is refused: the new file would take
one name and leave the others on the old contents. Where the system allows (Linux ``O_TMPFILE``) the
temporary file has no name until the moment before the rename, so a save killed while
writing leaves nothing behind; a temporary file left by a killed save is removed by the
next save of the same file. A read-only target is refused, and every OSError is told as a
:class:`BoardFileError`.
"""

from __future__ import annotations

import contextlib
import json
import math
import os
import secrets
import stat
from pathlib import Path
from typing import Any

from workbench.files.errors import BoardFileError, json_path
from workbench.files.limits import MAX_FILE_BYTES, MAX_INTEGER_DIGITS, MAX_NUMBER_CHARACTERS
from workbench.files.reading import check_values, encodable, file_path, system_error
from workbench.files.registry import Document, format_for

WRITABLE = "a file the workbench may write"


def to_document(obj: Any, target: str | Path | None = None) -> Document:
    """The JSON document that :func:`save` would write for ``obj`` (to ``target``: a format
    that refers to other files writes those references relative to it)."""
    fmt = format_for(type(obj))
    if fmt.relative:
        return {"format": fmt.tag, **fmt.encode(obj, None if target is None else Path(target))}
    return {"format": fmt.tag, **fmt.encode(obj)}


def save(obj: Any, path: str | Path) -> Path:
    """Write ``obj`` as JSON atomically (see the module docstring); returns the path."""
    path = file_path(path)
    return save_document(to_document(obj, path), path)


def save_document(document: Document, path: str | Path, *, indent: int = 2) -> Path:
    """Write a JSON document atomically, with every check and promise of :func:`save` (a
    file of a layer above, which has no registered format: a learner's progress)."""
    path = file_path(path)
    data = _encoded(document, path, indent)
    try:
        target = _target(path)
        info = _existing(target)
        _remove_stale(target)
        _write(target, data, info)
    except OSError as error:
        raise system_error(path, error, WRITABLE) from None
    return path


def _encoded(document: Document, path: Path, indent: int = 2) -> bytes:
    try:
        text = json.dumps(document, indent=indent, ensure_ascii=False, allow_nan=False) + "\n"
    except ValueError:
        at = _find(document, lambda v: isinstance(v, float) and not math.isfinite(v))
        raise BoardFileError(path, at, "a number that is not finite", "a finite number") from None
    try:
        data = text.encode("utf-8")
    except UnicodeEncodeError:
        at = _find(document, lambda v: isinstance(v, str) and not encodable(v))
        raise BoardFileError(
            path, at, "text holding a lone surrogate", "text of Unicode characters"
        ) from None
    return _loadable(document, data, path)


def _loadable(document: Document, data: bytes, path: Path) -> bytes:
    """``data`` if the loader will read it back: at most MAX_FILE_BYTES (written without
    indentation if indented it would be more), and within the loader's limits on values,
    nesting and numbers. What no file can hold is refused before the target is touched."""
    if len(data) > MAX_FILE_BYTES:
        compact = json.dumps(document, ensure_ascii=False, separators=(",", ":")) + "\n"
        data = compact.encode("utf-8")
        if len(data) > MAX_FILE_BYTES:
            found = f"a document of {len(data):,} bytes"
            raise BoardFileError(path, "$", found, f"at most {MAX_FILE_BYTES:,} bytes")
    check_values(document, path)  # the loader's own walk: values, nesting, text
    at = _find(document, _too_long)
    if at != "$" or _too_long(document):
        raise BoardFileError(
            path, at, "a number too long to read back",
            f"at most {MAX_INTEGER_DIGITS} digits and {MAX_NUMBER_CHARACTERS} characters",
        )  # fmt: skip
    return data


def _too_long(value: Any) -> bool:
    """A number the loader refuses as written (see ``reading._number``)."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        return False
    text = json.dumps(value)
    digits = sum(c.isdigit() for c in text)
    return len(text) > MAX_NUMBER_CHARACTERS or (
        isinstance(value, int) and digits > MAX_INTEGER_DIGITS
    )


def _find(document: Any, bad: Any) -> str:
    """The JSON path of the first value (or key) for which ``bad`` holds."""
    stack: list[tuple[Any, tuple[str | int, ...]]] = [(document, ())]
    while stack:
        value, at = stack.pop()
        if isinstance(value, dict):
            for key, item in value.items():
                if bad(key):
                    return json_path(at)
                stack.append((item, (*at, key)))
        elif isinstance(value, (list, tuple)):
            stack.extend((item, (*at, i)) for i, item in enumerate(value))
        elif bad(value):
            return json_path(at)
    return "$"


def _target(path: Path) -> Path:
    """The file a save writes: ``path``, or the file a symbolic link there points to. The
    missing folders of ``path`` itself are created (never through a symbolic link: one
    leading nowhere is an error, not a folder to make)."""
    Path(os.path.abspath(path)).parent.mkdir(parents=True, exist_ok=True)
    target = Path(os.path.realpath(path))
    if not target.parent.is_dir():
        found = f"a symbolic link to {target}, in a folder that does not exist"
        raise BoardFileError(path, "$", found, "a link to a file in an existing folder")
    return target


def _existing(target: Path) -> os.stat_result | None:
    """The target's stat, or None if there is none; refuses what cannot be replaced."""
    try:
        info = os.stat(target)
    except FileNotFoundError:
        return None
    if not stat.S_ISREG(info.st_mode):
        raise BoardFileError(target, "$", "not a regular file (a directory?)", WRITABLE)
    if not info.st_mode & 0o222 or not os.access(target, os.W_OK):
        raise BoardFileError(target, "$", "a read-only file", f"{WRITABLE} (not read-only)")
    if info.st_nlink > 1:  # the new file would replace one name and split the link
        found = f"a file with {info.st_nlink} hard links (saving would split them)"
        raise BoardFileError(target, "$", found, f"{WRITABLE} with one name (copy it first)")
    return info


def _temporary_prefix(target: Path) -> str:
    return f".{target.name}.saving-"


def _remove_stale(target: Path) -> None:
    """Remove the temporary files of saves of ``target`` that were killed (their process
    is gone)."""
    prefix = _temporary_prefix(target)
    for entry in target.parent.glob(f"{prefix}*.tmp"):
        pid_text = entry.name[len(prefix) :].split(".")[0]
        if pid_text.isdigit() and not _alive(int(pid_text)):
            with contextlib.suppress(OSError):
                entry.unlink()


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def _umask() -> int:
    with contextlib.suppress(OSError, IndexError, ValueError):
        status = Path("/proc/self/status").read_text()
        return int(status.split("Umask:")[1].split()[0], 8)
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def _write(target: Path, data: bytes, info: os.stat_result | None) -> None:
    temporary = (
        target.parent / f"{_temporary_prefix(target)}{os.getpid()}.{secrets.token_hex(4)}.tmp"
    )
    fd, named = _open_temporary(target.parent, temporary)
    try:
        try:
            mode = stat.S_IMODE(info.st_mode) if info else 0o666 & ~_umask()
            if info is not None:  # the owner first: a change of owner clears setuid/setgid
                with contextlib.suppress(PermissionError):
                    os.fchown(fd, info.st_uid, info.st_gid)
            os.fchmod(fd, mode)
            kept = stat.S_IMODE(os.fstat(fd).st_mode)
            if kept != mode:  # the system refused a bit (setgid of a group not ours)
                found = f"mode {oct(mode)}, which the new file could not keep ({oct(kept)})"
                raise BoardFileError(target, "$", found, f"{WRITABLE} keeping its mode")
            view = memoryview(data)
            while view:
                view = view[os.write(fd, view) :]
            os.fsync(fd)
            if not named:  # give the finished file its temporary name only now
                _link(fd, temporary)
                named = True
        finally:
            os.close(fd)
        os.replace(temporary, target)
        named = False
        _sync_folder(target.parent)
    finally:
        if named:
            with contextlib.suppress(OSError):
                temporary.unlink()


def _open_temporary(folder: Path, temporary: Path) -> tuple[int, bool]:
    """An open file for the new contents: unnamed (O_TMPFILE) where possible, else
    ``temporary``. Returns the descriptor and whether it has a name yet."""
    unnamed = getattr(os, "O_TMPFILE", 0)
    if unnamed and Path("/proc/self/fd").is_dir():
        try:
            return os.open(folder, unnamed | os.O_WRONLY | os.O_CLOEXEC, 0o600), False
        except OSError:
            pass  # a file system without O_TMPFILE
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_CLOEXEC", 0)
    return os.open(temporary, flags, 0o600), True


def _link(fd: int, name: Path) -> None:
    """Give an unnamed (O_TMPFILE) file a name: linkat through /proc/self/fd."""
    descriptors = os.open("/proc/self/fd", os.O_RDONLY | os.O_CLOEXEC)
    try:
        os.link(str(fd), name, src_dir_fd=descriptors, follow_symlinks=True)
    finally:
        os.close(descriptors)


def _sync_folder(folder: Path) -> None:
    """Flush the rename to disk (where the system lets a folder be opened)."""
    with contextlib.suppress(OSError):
        fd = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)
