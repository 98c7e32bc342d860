r"""The user folder: where the workbench writes what a user saves (records, exported pictures,
a learner's progress), never into the repository or the working directory.

The folder is ``WORKBENCH_HOME`` when that is set; otherwise a folder for the user's data:

- Linux and other Unix: ``$XDG_DATA_HOME/tank-rules-workbench`` (by default
  ``~/.local/share/tank-rules-workbench``);
- macOS: ``~/Library/Application Support/tank-rules-workbench``;
- Windows: ``%APPDATA%\tank-rules-workbench``.

Each kind of file has its subfolder (``records/``, ``exports/``, ``progress/``). Folders are
made when the first file is saved there. A name is resolved by :func:`user_path` alone, the
one place that decides what a name may be: a plain file name, whose file stays inside the
user folder (a symbolic link leading out of it, the file's or its subfolder's, is refused):

>>> user_path("my-game", "records", ".json").relative_to(user_folder()).as_posix()
'records/my-game.json'
>>> user_path("../secret")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
workbench.errors.ArgumentError: name: expected a file name without a folder ..., got '../secret'
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

from workbench.errors import ArgumentError

HOME_VARIABLE = "WORKBENCH_HOME"
FOLDER_NAME = "tank-rules-workbench"
RECORDS, EXPORTS, PROGRESS = "records", "exports", "progress"
KINDS = (RECORDS, EXPORTS, PROGRESS)
MAX_NAME = 200  # characters: below every file system's limit for one name with its suffix


def user_folder() -> Path:
    """The user folder (see the module docstring), as an absolute path; it may not exist yet."""
    chosen = os.environ.get(HOME_VARIABLE, "").strip()
    if chosen:
        return Path(chosen).expanduser().absolute()
    return (_data_folder() / FOLDER_NAME).absolute()


def _data_folder() -> Path:
    """Where the system keeps a user's application data."""
    home = Path.home()
    if sys.platform == "win32":
        return Path(os.environ.get("APPDATA") or home / "AppData" / "Roaming")
    if sys.platform == "darwin":
        return home / "Library" / "Application Support"
    xdg = os.environ.get("XDG_DATA_HOME", "")
    return Path(xdg) if os.path.isabs(xdg) else home / ".local" / "share"


def user_path(name: str, kind: str = RECORDS, suffix: str = "", *, create: bool = False) -> Path:
    """The file called ``name`` in the user folder's ``kind`` subfolder, with ``suffix``
    added unless the name already ends with it. ``create`` makes the folders.

    A name is a plain file name: no folder separator, no ``..``, not absolute, no NUL; and
    its file is inside the user folder, symbolic links followed (ArgumentError naming
    ``name``; nothing is made)."""
    path = named_path(name, kind, suffix)
    leads_to = outside(path)
    if leads_to:
        inside = f"a file inside the user folder {user_folder()} ({path} {leads_to})"
        raise ArgumentError("name", name, inside)
    if create:
        path.parent.mkdir(parents=True, exist_ok=True)
    return path


def named_path(name: str, kind: str = RECORDS, suffix: str = "") -> Path:
    """Where :func:`user_path` puts ``name``, before it follows symbolic links: the name is
    checked (ArgumentError), the file is not (it may be a link leading out of the folder:
    a learner's unreadable progress file is set aside by this name, never followed)."""
    if kind not in KINDS:
        raise ArgumentError("kind", kind, f"one of {', '.join(KINDS)}")
    file_name = _plain_name(name)
    if suffix and not file_name.lower().endswith(suffix.lower()):
        file_name += suffix
    return user_folder() / kind / file_name


def outside(path: Path) -> str:
    """Where ``path`` leads out of the user folder through a symbolic link (its own or a
    folder's on the way), in words; empty when it stays inside. The user folder itself may
    be a link: it is where the user chose to save."""
    try:
        real, home = path.resolve(), user_folder().resolve()
    except (OSError, RuntimeError):  # a loop of links (RuntimeError before Python 3.13)
        return "is a loop of symbolic links"
    return "" if real.is_relative_to(home) else f"leads through a symbolic link to {real}"


def _plain_name(name: object) -> str:
    """``name`` stripped, if it is a plain file name (see :func:`user_path`)."""
    if not isinstance(name, str):
        raise ArgumentError("name", name, "a file name (text)")
    text = name.strip()
    plain = "a file name without a folder (no /, \\, .. or absolute path)"
    if not text:
        raise ArgumentError("name", name, "a file name (it is empty)")
    if (
        "/" in text
        or "\\" in text
        or "\0" in text
        or text in (".", "..")
        or os.path.isabs(text)
        or Path(text).drive
    ):
        raise ArgumentError("name", name, plain)
    if len(text) > MAX_NAME:
        raise ArgumentError("name", name, f"a file name of at most {MAX_NAME} characters")
    return text


def saved_names(kind: str = RECORDS, suffix: str = ".json") -> list[str]:
    """The names of the files saved in the user folder's ``kind`` subfolder (those ending
    with ``suffix``, without it), sorted; none when the folder does not exist yet."""
    if kind not in KINDS:
        raise ArgumentError("kind", kind, f"one of {', '.join(KINDS)}")
    folder = user_folder() / kind
    try:
        entries = [p for p in folder.iterdir() if p.name.endswith(suffix)]
    except OSError:  # no folder yet, or one the workbench may not read: nothing to offer
        return []
    return sorted(
        p.name[: len(p.name) - len(suffix)] if suffix else p.name
        for p in entries
        if not p.name.startswith(".") and _offered(p)
    )


def _offered(path: Path) -> bool:
    """Whether a name may be offered: a regular file inside the folder, its name text a
    page can show (a name that is not UTF-8 cannot be typed, nor sent to a browser)."""
    try:
        path.name.encode("utf-8")
        return path.is_file() and not outside(path)
    except (OSError, UnicodeEncodeError):
        return False


__all__ = [
    "EXPORTS",
    "HOME_VARIABLE",
    "KINDS",
    "RECORDS",
    "named_path",
    "outside",
    "saved_names",
    "user_folder",
    "user_path",
]
