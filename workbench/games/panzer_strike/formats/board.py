"""``workbench.board.panzer-strike/1``: a Panzer Strike board as JSON.

```
{"format": "workbench.board.panzer-strike/1", "name": "...", "description": "...",
 "tile_set": "builtin",        # the shipped stand-in tiles; or "tiles.json", a tile set file
                               # beside this one (edit it to match your tiles); or a whole set
 "sets": 1,                                   # 2: all 24 tiles from two copies of the game
 "layout": [["I-a", "I-b", "I-c", "I-d"],     # tile faces in rows, north row first
            ["II-a", "II-b", "II-c", "II-d"], ["III-a", "III-b", "III-c", "III-d"]],
 "flags": [{"at": [2, 1], "owner": "north"}],  # squares [x, y] from the north-west corner
 "barricades": [[7, 5]]}                       # on street squares (Optional Rules: Barricades)
```
"""

from __future__ import annotations

import os
from pathlib import Path

from workbench.files.errors import Where
from workbench.files.references import load_reference, referable
from workbench.files.registry import Document, Format, register
from workbench.games.panzer_strike.boards.board import (
    BoardError,
    BoardTank,
    SquareBoard,
    TileSet,
    tile_set_to_data,
)
from workbench.games.panzer_strike.formats.tiles import read_tile_set
from workbench.geometry.squaregrid import Square


def decode(document: Document, where: Where) -> SquareBoard:
    given = document.get("tile_set", "builtin")
    tile_set_file = ""
    if given == "builtin":
        tiles = TileSet.builtin()
    elif isinstance(given, dict):
        tiles = read_tile_set(given, where, ["tile_set"])
    else:
        tiles, tile_set_file = _tile_set_file(given, where), given
    flags: dict[Square, str] = {}
    for i, flag in enumerate(document.get("flags", [])):
        square = Square(*flag["at"])
        if square in flags:
            raise where.error(["flags", i, "at"], flag["at"], "a square no other flag stands on")
        flags[square] = flag["owner"]
    try:
        return SquareBoard(
            name=document["name"],
            description=document.get("description", ""),
            tiles=tiles,
            sets=document.get("sets", 1),
            layout=tuple(tuple(row) for row in document["layout"]),
            flags=flags,
            barricades=frozenset(Square(*at) for at in document.get("barricades", [])),
            tanks=tuple(
                BoardTank(t["id"], t["kind"], t["side"], Square(*t["at"]), t.get("facing", 0))
                for t in document.get("tanks", [])
            ),
            tile_set_file=tile_set_file,
            base_dir=Path(where.path).parent if tile_set_file else None,
        )
    except BoardError as error:
        problem = error.problem
        raise where.describe(list(problem.field), str(problem.found), problem.expected) from None


def _tile_set_file(name: str, where: Where) -> TileSet:
    """The tile set in a file named relative to the board's own file (inside its folder)."""
    expected = '"builtin", a tile set file beside this one (like "tiles.json") or a whole tile set'
    tiles, _ = load_reference(where, ["tile_set"], name, TileSet, expected, "a tile set")
    return tiles  # a fault inside the tile set file is reported in that file


def encode(board: SquareBoard, target: Path | None = None) -> Document:
    """The document for a board saved to ``target``: a tile set file it names is named
    relative to the target's folder, so the saved copy finds the same tiles."""
    document: Document = {"name": board.name}
    if board.description:
        document["description"] = board.description
    tiles = None if board.base_dir is None else board.base_dir / board.tile_set_file
    if board.tile_set_file and (target is None or tiles is None):
        document["tile_set"] = board.tile_set_file
    elif board.tile_set_file and tiles is not None and referable(tiles, target):  # type: ignore[arg-type]
        where = Path(os.path.realpath(target)).parent  # type: ignore[arg-type]
        document["tile_set"] = Path(os.path.relpath(os.path.realpath(tiles), where)).as_posix()
    elif board.tile_set_file:  # outside the new file's board folder: the tiles go inline
        document["tile_set"] = tile_set_to_data(board.tiles)
    elif board.tiles == TileSet.builtin():
        document["tile_set"] = "builtin"
    else:
        document["tile_set"] = tile_set_to_data(board.tiles)
    document["sets"] = board.sets
    document["layout"] = [list(row) for row in board.layout]
    document["flags"] = [{"at": [s.x, s.y], "owner": owner} for s, owner in board.flags.items()]
    document["barricades"] = [[s.x, s.y] for s in sorted(board.barricades)]
    if board.tanks:
        document["tanks"] = [
            {"id": t.id, "kind": t.kind, "side": t.side, "at": [t.at.x, t.at.y], "facing": t.facing}
            for t in board.tanks
        ]
    return document


FORMAT = register(
    Format(
        name="workbench.board.panzer-strike",
        version=1,
        schema="board-panzer-strike-1.json",
        kind=SquareBoard,
        decode=decode,
        encode=encode,
        relative=True,
    )
)
