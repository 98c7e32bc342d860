"""The one error a bad board, roster or scenario file raises."""

from __future__ import annotations

import json
from dataclasses import dataclass, field, replace
from pathlib import Path

from workbench.errors import WorkbenchError, json_path


class BoardFileError(WorkbenchError, ValueError):
    """A file that cannot be loaded: which file, which field (a JSON path such as
    ``$.terrain["0716"]``), what was found there and what was expected.

    >>> str(BoardFileError("maps/x.json", "$.grid.rows", "-3", "a whole number of at least 1"))
    'maps/x.json: $.grid.rows: expected a whole number of at least 1, found -3'
    """

    def __init__(self, path: str | Path, field: str, found: str, expected: str) -> None:
        self.path, self.field, self.found, self.expected = str(path), field, found, expected
        message = f"{self.path}: {field}: expected {expected}, found {found}"
        super().__init__(message.encode("utf-8", "backslashreplace").decode("utf-8"))


@dataclass(frozen=True)
class Where:
    """Raises BoardFileError for one file, so decoders name the file without repeating it.

    ``folder`` is where the file's references are resolved from, ``root`` the board folder
    they must stay inside, ``chain`` the files being loaded that led here (to refuse a
    cycle); ``back`` is the link (a field and a file) this file may make back to the file
    that led here, which is then not loaded again (a stage naming the stage before it); see
    :mod:`workbench.files.references`.
    """

    path: str
    folder: Path | None = None
    root: Path | None = None
    chain: tuple[Path, ...] = field(default=(), repr=False)
    back: tuple[str, Path] | None = field(default=None, repr=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "path", str(self.path))

    def inside(self, label: str) -> Where:
        """The same file, reported as ``label`` (a document held inline in this one)."""
        return replace(self, path=label)

    def error(self, field: list[str | int], found: object, expected: str) -> BoardFileError:
        """The error for a field holding the value ``found`` (shown as JSON)."""
        return self.describe(field, shown(found), expected)

    def describe(self, field: list[str | int], found: str, expected: str) -> BoardFileError:
        """The error for a field, with what was found told in words ("nothing")."""
        return BoardFileError(self.path, json_path(field), found, expected)


def shown(value: object, limit: int = 60) -> str:
    """A value as JSON, cut short when long (a lone surrogate shown as its escape).

    >>> shown("x" * 100)[-5:]
    'xx...'
    """
    if isinstance(value, (dict, list)) and len(value) > limit:
        value = value[:limit] if isinstance(value, list) else dict(list(value.items())[:limit])
    try:
        text = json.dumps(value, ensure_ascii=False, default=str)
    except (ValueError, RecursionError):
        text = "a value too deeply nested to show"
    text = text.encode("utf-8", "backslashreplace").decode("utf-8")
    return text if len(text) <= limit else text[: limit - 3] + "..."


def short(text: str, limit: int = 200) -> str:
    """A message cut short when long (a list of thousands of keys stays readable)."""
    text = text.encode("utf-8", "backslashreplace").decode("utf-8")
    return text if len(text) <= limit else text[: limit - 3] + "..."
