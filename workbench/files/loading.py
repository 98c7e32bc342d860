"""Loading: a path or a parsed document to the value its ``format`` names.

Every fault ends in :class:`BoardFileError` naming the file and the JSON path: the bytes
are read and parsed as :mod:`workbench.files.reading` says, the document is checked against
its format's JSON Schema (which holds the format's size limits), then decoded.
"""

from __future__ import annotations

import json
import os
import re
from pathlib import Path
from typing import Any

import jsonschema

from workbench.errors import WorkbenchError
from workbench.files.errors import BoardFileError, Where, short
from workbench.files.folders import default_root
from workbench.files.reading import decode_text, file_path, parse, read_bytes
from workbench.files.registry import Document, Format, Validator, known_formats, schema
from workbench.files.suggest import unexpected_field

TAG = re.compile(r"([a-z][a-z0-9.-]{0,63})/([0-9]{1,6})")


def load(path: str | Path, *, root: str | Path | None = None) -> Any:
    """Read a file and return the object its ``format`` names (a map, roster, scenario...).

    Files it names (a scenario's map...) must lie inside the board folder (see
    :mod:`workbench.files.references`); ``root`` names another folder to allow.
    """
    path = file_path(path)
    base = None if root is None else Path(os.path.realpath(file_path(root, "root")))
    return load_file(path, root=base)


def load_file(
    path: Path,
    root: Path | None,
    chain: tuple[Path, ...] = (),
    back: tuple[str, Path] | None = None,
) -> Any:
    if not chain:
        chain = (Path(os.path.realpath(path)),)
    document = parse(decode_text(read_bytes(path), path), path)
    where = Where(
        str(path),
        folder=path.parent,
        root=root if root is not None else default_root(path),
        chain=chain,
        back=back,
    )
    return decode(document, where)


def load_document(
    document: Document, path: str | Path = "<document>", *, root: str | Path | None = None
) -> Any:
    """Read an already parsed document (``path`` names it in error messages; files it names
    are found relative to it)."""
    if not isinstance(document, dict):
        raise BoardFileError(path, "$", f"a {type(document).__name__}", "a JSON object")
    try:
        text = json.dumps(document, allow_nan=True)
    except (TypeError, ValueError, RecursionError):
        raise BoardFileError(path, "$", "values JSON cannot hold", "a JSON document") from None
    document = parse(text, path)  # the same checks as a file's text
    folder = Path(path).parent if path != "<document>" else Path.cwd()
    base = default_root(folder / "x") if root is None else Path(os.path.realpath(root))
    return decode(document, Where(str(path), folder=folder, root=base))


def decode(document: Document, where: Where) -> Any:
    """A checked document to its value (the document must be a parsed, checked object)."""
    fmt = _format_of(document, where)
    _validate(document, fmt, where)
    try:
        return fmt.decode(document, where)
    except BoardFileError:
        raise
    except (WorkbenchError, ValueError) as error:  # a value's own refusal, told as the file's
        raise where.describe([], short(str(error)), f"a {fmt.name} file that fits") from None


def _format_of(document: Document, where: Where) -> Format:
    tag = document.get("format")
    known = ", ".join(sorted(f.tag for f in known_formats().values()))
    match = TAG.fullmatch(tag) if isinstance(tag, str) else None
    if match is None:
        raise where.error(["format"], tag, f'a format field like "name/1", one of {known}')
    name, version = match[1], int(match[2])
    fmt = known_formats().get(name)
    if fmt is None:
        raise where.error(["format"], tag, f"one of {known}")
    if version not in (fmt.version, *fmt.reads):
        readable = ", ".join(f"{name}/{v}" for v in (fmt.version, *fmt.reads))
        raise where.error(["format"], tag, f"a version this workbench reads: {readable}")
    return fmt


def _limits_first(
    rules: Any, instance: Any, field: list[str | int], where: Where, root: Any
) -> None:
    """Check the schema's size limits (maxItems, maxProperties, maximum) before the full
    schema check, which would otherwise read every item of an overlong list first: a plain
    walk along properties, items and local $refs (branches of oneOf are left to the check)."""
    stack = [(rules, instance, field)]
    while stack:
        rules, instance, field = stack.pop()
        if not isinstance(rules, dict):
            continue
        reference = rules.get("$ref")
        if isinstance(reference, str) and reference.startswith("#/"):
            target = root
            for part in reference[2:].split("/"):
                target = target.get(part, {}) if isinstance(target, dict) else {}
            stack.append((target, instance, field))
        if isinstance(instance, list):
            if len(instance) > rules.get("maxItems", len(instance)):
                limit = f"a list of at most {rules['maxItems']} items (a limit of the format)"
                raise where.error(field, instance, rules.get("description") or limit)
            items = rules.get("items")
            if isinstance(items, dict):  # reversed: the first fault in reading order is told
                stack.extend(
                    (items, item, [*field, i]) for i, item in reversed(list(enumerate(instance)))
                )
        elif isinstance(instance, dict):
            if len(instance) > rules.get("maxProperties", len(instance)):
                limit = rules["maxProperties"]
                raise where.error(
                    field, instance, f"an object of at most {limit} entries (a limit)"
                )
            properties = rules.get("properties", {})
            extra = rules.get("additionalProperties")
            for key, item in reversed(list(instance.items())):
                inner = properties.get(key, extra)
                if isinstance(inner, dict):
                    stack.append((inner, item, [*field, key]))
        elif (
            isinstance(instance, (int, float))
            and not isinstance(instance, bool)
            and "maximum" in rules
            and instance > rules["maximum"]
        ):
            expected = rules.get("description") or f"a number of at most {rules['maximum']}"
            raise where.error(field, instance, expected)


def _validate(document: Document, fmt: Format, where: Where) -> None:
    rules = schema(fmt.schema, fmt.schemas)
    _limits_first(rules, document, [], where, rules)
    validator = Validator(rules)
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
    raise where.error(field, error.instance, short(expected))


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
            return f"a number of at most {value} (a limit of the format)"
        case "pattern":
            return f"text matching {value}"
        case "minItems":
            return f"a list of at least {value} items"
        case "maxItems":
            return f"a list of at most {value} items (a limit of the format)"
        case "maxProperties":
            return f"an object of at most {value} entries (a limit of the format)"
        case "maxLength":
            return f"text of at most {value} characters (a limit of the format)"
        case "additionalProperties":
            return "only the fields the format defines (" + error.message + ")"
    return error.message
