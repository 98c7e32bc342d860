"""Loading and saving board, roster and scenario files.

Every file is one JSON document with a ``format`` field (``"name/version"``). Loading checks
the document against the format's JSON Schema, then reads it; anything wrong raises one
:class:`BoardFileError` naming the file, the field and what was expected. Saving writes a
temporary file beside the target and renames it, so a failed save leaves the old file whole.
Nothing is ever executed or unpickled.
"""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path
from typing import Any

import jsonschema

from workbench.files.errors import BoardFileError, Where
from workbench.files.registry import Document, Format, format_for, known_formats, schema
from workbench.files.suggest import unexpected_field

__all__ = [
    "BoardFileError",
    "load",
    "load_document",
    "load_next_stage",
    "panzer_vor_roster",
    "save",
    "to_document",
]


def load(path: str | Path) -> Any:
    """Read a file and return the object its ``format`` names (a map, roster, scenario...)."""
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise BoardFileError(path, "$", "no such file", "an existing JSON file") from None
    except UnicodeDecodeError as error:
        raise BoardFileError(
            path, "$", f"bytes that are not UTF-8 ({error.reason})", "UTF-8 text"
        ) from None
    return load_document(_parse(text, path), path)


def _parse(text: str, path: Path) -> Document:
    try:
        document = json.loads(text)
    except json.JSONDecodeError as error:
        found = f"invalid JSON at line {error.lineno}, column {error.colno} ({error.msg})"
        raise BoardFileError(path, "$", found, "a JSON document") from None
    if not isinstance(document, dict):
        raise BoardFileError(path, "$", f"a JSON {type(document).__name__}", "a JSON object")
    return document


def load_document(document: Document, path: str | Path = "<document>") -> Any:
    """Read an already parsed document (``path`` is only used in error messages)."""
    where = Where(path)
    fmt = _format_of(document, where)
    _validate(document, fmt, where)
    return fmt.decode(document, where)


def _format_of(document: Document, where: Where) -> Format:
    tag = document.get("format")
    known = ", ".join(sorted(f.tag for f in known_formats().values()))
    if not isinstance(tag, str) or "/" not in tag:
        raise where.error(["format"], tag, f"a format field, one of {known}")
    name, _, version = tag.rpartition("/")
    fmt = known_formats().get(name)
    if fmt is None:
        raise where.error(["format"], tag, f"one of {known}")
    if not version.isdigit() or int(version) not in (fmt.version, *fmt.reads):
        readable = ", ".join(f"{name}/{v}" for v in (fmt.version, *fmt.reads))
        raise where.error(["format"], tag, f"a version this workbench reads: {readable}")
    return fmt


def _validate(document: Document, fmt: Format, where: Where) -> None:
    validator = jsonschema.Draft202012Validator(schema(fmt.schema))
    error = jsonschema.exceptions.best_match(validator.iter_errors(document))
    if error is None:
        return
    misspelt = unexpected_field(error, where, [])
    if misspelt is not None:
        raise misspelt
    field = list(error.absolute_path)
    if error.validator == "required":
        missing = error.message.split("'")[1]
        raise where.describe([*field, missing], "nothing", f"a {missing!r} field (it is required)")
    expected = error.schema.get("description") if isinstance(error.schema, dict) else None
    if not expected:
        expected = _expected_from(error)
    raise where.error(field, error.instance, expected)


def _expected_from(error: jsonschema.exceptions.ValidationError) -> str:
    value = error.validator_value
    match error.validator:
        case "type":
            kinds = value if isinstance(value, list) else [value]
            return " or ".join(f"a JSON {k}" for k in kinds)
        case "enum":
            return "one of " + ", ".join(json.dumps(v) for v in value)
        case "const":
            return json.dumps(value)
        case "minimum":
            return f"a number of at least {value}"
        case "maximum":
            return f"a number of at most {value}"
        case "pattern":
            return f"text matching {value}"
        case "minItems":
            return f"a list of at least {value} items"
        case "maxItems":
            return f"a list of at most {value} items"
        case "additionalProperties":
            return "only the fields the format defines (" + error.message + ")"
    return error.message


def to_document(obj: Any, target: str | Path | None = None) -> Document:
    """The JSON document that :func:`save` would write for ``obj`` (to ``target``: a format
    that refers to other files writes those references relative to it)."""
    fmt = format_for(type(obj))
    if fmt.relative:
        return {"format": fmt.tag, **fmt.encode(obj, None if target is None else Path(target))}
    return {"format": fmt.tag, **fmt.encode(obj)}


def save(obj: Any, path: str | Path) -> Path:
    """Write ``obj`` as JSON atomically (a temporary file renamed over the target)."""
    path = Path(path)
    text = json.dumps(to_document(obj, path), indent=2, ensure_ascii=False) + "\n"
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as stream:
            stream.write(text)
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise
    return path


from workbench.files.formats.scenario_panzer_vor_format import load_next_stage  # noqa: E402
from workbench.files.shipped import panzer_vor_roster  # noqa: E402
