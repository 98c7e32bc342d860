"""Formats by name and version: which schema checks a document and which codec reads it.

A file says what it is in its ``format`` field, e.g. ``"workbench.map.hex/1"``. Each format
module registers itself here; :func:`workbench.files.load` looks the name up.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

import jsonschema

from workbench.discovery import import_new, modules_of, parts
from workbench.files.errors import Where

Document = dict[str, Any]


@dataclass(frozen=True)
class Format:
    """One file format: its name, the versions it reads, its schema and its codec."""

    name: str
    version: int
    schema: str  # file name under <schemas>/schemas/
    kind: type
    decode: Callable[[Document, Where], Any]
    encode: Callable[..., Document]  # (obj) or, when ``relative``, (obj, target path)
    reads: tuple[int, ...] = ()  # older versions this codec also reads
    relative: bool = False  # encode(obj, target) writes references relative to the target
    schemas: str = "workbench.data"  # the package whose schemas/ folder holds the schema

    @property
    def tag(self) -> str:
        return f"{self.name}/{self.version}"


_FORMATS: dict[str, Format] = {}


def register(fmt: Format) -> Format:
    _FORMATS[fmt.name] = fmt
    return fmt


def known_formats() -> dict[str, Format]:
    """Every registered format by name (importing the format modules registers them)."""
    # a format module registers its format
    import_new([*modules_of("workbench.files.formats"), *parts("formats")])
    return dict(_FORMATS)


def format_for(kind: type) -> Format:
    for fmt in known_formats().values():
        if isinstance(kind, type) and issubclass(kind, fmt.kind):
            return fmt
    raise TypeError(f"no file format saves a {kind.__name__}")


@cache
def schema(file_name: str, package: str = "workbench.data") -> Document:
    """A JSON Schema shipped with the package (a format's own package may hold its own)."""
    text = resources.files(package).joinpath("schemas", file_name).read_text("utf-8")
    return json.loads(text)


def _whole(checker: object, value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


# JSON Schema counts 8.0 as an integer; the workbench's values do not (a roster's range of
# 8.0, a card's points of 0.0), so an integer field holds an integer as written.
Validator = jsonschema.validators.extend(
    jsonschema.Draft202012Validator,
    type_checker=jsonschema.Draft202012Validator.TYPE_CHECKER.redefine("integer", _whole),
)
