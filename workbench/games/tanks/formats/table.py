"""``workbench.table.tanks/1``: an open TANKS table as JSON.

```
{"format": "workbench.table.tanks/1", "name": "...", "description": "...",
 "size": {"width": 90, "depth": 90},                                 # cm; default 90 x 90
 "measuring_arrow": {"length": 15, "tail_length": 10, "tail_width": 2.5, "head_width": 5,
                     "source": "stand-in"},                          # default: the stand-in
 "terrain": [{"name": "Farmhouse", "kind": "building",             # building, woods,
              "polygon": [[[30, 30], [40, 30], [40, 38], [30, 38], [30, 30]]]}],  # destroyed-tank
 "objectives": [{"name": "Centre", "at": [45, 45]}],
 "deployment": [{"side": "German", "at": "north-west"}]}           # an edge or a corner
```
Polygons are GeoJSON-style coordinates: the outer ring, then any holes. Pieces must be valid
polygons, on the table, and must not overlap.
"""

from __future__ import annotations

from workbench.errors import ArgumentError
from workbench.files.errors import Where
from workbench.files.registry import Document, Format, register
from workbench.games.tanks.boards.table import (
    Deployment,
    MeasuringArrow,
    Objective,
    Table,
    TableError,
    TableTank,
    TerrainPiece,
    piece_problem,
)
from workbench.geometry.table import polygon_from_rings, rings_of


def _number(value: float) -> float | int:
    return int(value) if float(value).is_integer() else float(value)


def decode(document: Document, where: Where) -> Table:
    size = document.get("size", {"width": 90, "depth": 90})
    arrow_fields = document.get("measuring_arrow")
    try:
        arrow = MeasuringArrow() if arrow_fields is None else MeasuringArrow(**arrow_fields)
    except ValueError as error:
        raise where.error(
            ["measuring_arrow"], arrow_fields, f"measurements that fit ({error})"
        ) from None
    pieces = []
    for i, entry in enumerate(document["terrain"]):
        try:
            pieces.append(TerrainPiece.from_rings(entry["name"], entry["kind"], entry["polygon"]))
        except ArgumentError:  # the piece's own check: its kind or polygon
            problem = piece_problem(entry["kind"], polygon_from_rings(entry["polygon"]))
            if problem is None:
                raise
            raise where.describe(["terrain", i, *problem.field], str(problem.found),
                                 problem.expected) from None  # fmt: skip
        except ValueError as error:  # shapely refuses some shapes outright
            raise where.describe(
                ["terrain", i, "polygon"],
                f"coordinates shapely cannot read ({error})",
                "GeoJSON-style polygon coordinates",
            ) from None
    try:
        return Table(
            name=document["name"],
            description=document.get("description", ""),
            width=float(size["width"]),
            depth=float(size["depth"]),
            pieces=tuple(pieces),
            objectives=tuple(
                Objective(o["name"], (float(o["at"][0]), float(o["at"][1])))
                for o in document.get("objectives", [])
            ),
            deployments=tuple(
                Deployment(d["side"], d["at"]) for d in document.get("deployment", [])
            ),
            arrow=arrow,
            tanks=tuple(
                TableTank(t["id"], t["kind"], t["side"], tuple(t["at"]), t.get("heading", 0.0))
                for t in document.get("tanks", [])
            ),
        )
    except TableError as error:
        problem = error.problem
        raise where.describe(list(problem.field), str(problem.found), problem.expected) from None


def encode(table: Table) -> Document:
    document: Document = {"name": table.name}
    if table.description:
        document["description"] = table.description
    document["size"] = {"width": _number(table.width), "depth": _number(table.depth)}
    arrow = table.arrow
    document["measuring_arrow"] = {
        "length": _number(arrow.length),
        "tail_length": _number(arrow.tail_length),
        "tail_width": _number(arrow.tail_width),
        "head_width": _number(arrow.head_width),
        "source": arrow.source,
    }
    document["terrain"] = [
        {"name": p.name, "kind": p.kind, "polygon": rings_of(p.polygon)} for p in table.pieces
    ]
    document["objectives"] = [
        {"name": o.name, "at": [_number(o.at[0]), _number(o.at[1])]} for o in table.objectives
    ]
    document["deployment"] = [{"side": d.side, "at": d.at} for d in table.deployments]
    if table.tanks:
        document["tanks"] = [
            {
                "id": t.id,
                "kind": t.kind,
                "side": t.side,
                "at": [_number(t.at[0]), _number(t.at[1])],
                "heading": _number(t.heading),
            }
            for t in table.tanks
        ]
    return document


FORMAT = register(
    Format(
        name="workbench.table.tanks",
        version=1,
        schema="table-tanks-1.json",
        kind=Table,
        decode=decode,
        encode=encode,
    )
)
