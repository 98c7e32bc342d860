"""Misspelt fields: the field a schema does not know, reported at its own path with the
nearest field the format defines ("did you mean …?")."""

from __future__ import annotations

import difflib
import re
from typing import Any

import jsonschema

from workbench.files.errors import BoardFileError, Where


def unexpected_field(
    error: jsonschema.exceptions.ValidationError, where: Where, prefix: list[str | int]
) -> BoardFileError | None:
    """The error for an ``additionalProperties`` failure, at the unknown field's own path,
    or None when ``error`` is another kind of failure.

    >>> schema = {"type": "object", "properties": {"terrain": {}}, "additionalProperties": False}
    >>> error = next(jsonschema.Draft202012Validator(schema).iter_errors({"terain": {}}))
    >>> found = unexpected_field(error, Where("map.json"), [])
    >>> found.field, found.expected
    ('$.terain', 'a field the format defines (did you mean "terrain"?)')
    """
    if error.validator != "additionalProperties" or not isinstance(error.instance, dict):
        return None
    schema: Any = error.schema if isinstance(error.schema, dict) else {}
    known = list(schema.get("properties", {}))
    patterns = list(schema.get("patternProperties", {}))
    extra = [
        key
        for key in error.instance
        if key not in known and not any(re.search(p, key) for p in patterns)
    ]
    if not extra:
        return None
    field = extra[0]
    near = difflib.get_close_matches(field, known, n=1, cutoff=0.6)
    if near:
        expected = f'a field the format defines (did you mean "{near[0]}"?)'
    else:
        expected = "a field the format defines (" + ", ".join(sorted(known)) + ")"
    path = [*prefix, *error.absolute_path, field]
    return where.describe(path, "a field the format does not define", expected)
