"""``workbench.tiles.panzer-strike/1``: a Panzer Strike tile set (sizes, faces, backs).

```
{"format": "workbench.tiles.panzer-strike/1", "name": "...", "description": "...",
 "tile_size": {"width": 4, "depth": 4, "source": "stand-in"},     # squares per tile
 "legend": {".": "open", "=": "street", "#": "building"},
 "backs": {"source": "stand-in", "pairs": [["I-a", "IV-a"], ...]},  # the faces of one tile
 "faces": {"I-a": {"source": "stand-in", "rows": ["..=.", "#.=.", ...]}, ...}}  # north row first
```
The printed tiles are not in the rulebook text: every shipped face is a stand-in; edit the
rows to match your tiles and set each face's ``source``.
"""

from __future__ import annotations

from typing import Any

import jsonschema

from workbench.files.errors import Where
from workbench.files.registry import Document, Format, Validator, register, schema
from workbench.files.suggest import unexpected_field
from workbench.games.panzer_strike.boards.board import (
    BoardError,
    TileSet,
    tile_set_from_data,
    tile_set_to_data,
)

SCHEMA = "tiles-panzer-strike-1.json"


def read_tile_set(data: Any, where: Where, prefix: list[str | int]) -> TileSet:
    """A tile set from its fields, checked against the schema; errors name ``prefix`` + field
    (so a tile set written inside a board file is reported where it stands)."""
    if prefix:  # the top-level document was checked by the loader already
        rules = schema(SCHEMA)
        validator = Validator({"$defs": rules["$defs"], "$ref": "#/$defs/tileSet"})
        error = jsonschema.exceptions.best_match(validator.iter_errors(data))
        if error is not None:
            misspelt = unexpected_field(error, where, prefix)
            if misspelt is not None:
                raise misspelt
            field = [*prefix, *error.absolute_path]
            if error.validator == "required":
                missing = error.message.split("'")[1]
                raise where.describe([*field, missing], "nothing", f"a {missing!r} field")
            expected = error.schema.get("description") if isinstance(error.schema, dict) else None
            raise where.error(field, error.instance, expected or error.message)
    try:
        return tile_set_from_data(data)
    except BoardError as failure:
        problem = failure.problem
        raise where.describe(
            [*prefix, *problem.field], str(problem.found), problem.expected
        ) from None


def decode(document: Document, where: Where) -> TileSet:
    return read_tile_set(document, where, [])


def encode(tiles: TileSet) -> Document:
    return tile_set_to_data(tiles)


FORMAT = register(
    Format(
        name="workbench.tiles.panzer-strike",
        version=1,
        schema=SCHEMA,
        kind=TileSet,
        decode=decode,
        encode=encode,
    )
)
