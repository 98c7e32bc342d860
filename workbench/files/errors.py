"""The one error a bad board, roster or scenario file raises."""

from __future__ import annotations

import json
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
        super().__init__(f"{self.path}: {field}: expected {expected}, found {found}")


class Where:
    """Raises BoardFileError for one file, so decoders name the file without repeating it."""

    def __init__(self, path: str | Path) -> None:
        self.path = str(path)

    def error(self, field: list[str | int], found: object, expected: str) -> BoardFileError:
        """The error for a field holding the value ``found`` (shown as JSON)."""
        return self.describe(field, shown(found), expected)

    def describe(self, field: list[str | int], found: str, expected: str) -> BoardFileError:
        """The error for a field, with what was found told in words ("nothing")."""
        return BoardFileError(self.path, json_path(field), found, expected)


def shown(value: object) -> str:
    """A value as JSON, cut short when long."""
    text = json.dumps(value, ensure_ascii=False, default=str)
    return text if len(text) <= 60 else text[:57] + "..."
