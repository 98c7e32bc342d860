"""``workbench.record/1``: a played game (see :mod:`workbench.boards.record`).

```
{"format": "workbench.record/1", "game": "panzer-vor", "title": "...",
 "scenario": "../scenarios/test-your-luck.json",   # relative to this file, or inline
 "options": {"turn_limit": 20}, "seed": 7, "players": {"Ōarai": "you"},
 "steps": [{"action": {"type": "Move", "tank": "Panzer IV Ausf. D", "path": [["0803", 1]]},
            "note": "the free 60° turn"}, {"action": {"type": "Roll", "dice": [3, 5]}}]}
```
The actions are checked against the game's rules when the record is replayed
(``workbench.rules.core.replay``), not when it is loaded.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from workbench.boards.record import Record, RecordStep
from workbench.files.errors import Where
from workbench.files.registry import Document, Format, register


def _scenario(value: Any, where: Where) -> tuple[Any, Path | None]:
    from workbench.files import load, load_document

    if isinstance(value, dict):
        return load_document(value, f"{where.path} (the inline scenario at $.scenario)"), None
    path = Path(where.path).parent / value
    if not path.is_file():
        raise where.error(
            ["scenario"], value, f"a scenario or board file, relative to the record (no {path})"
        )
    loaded = load(path)
    if isinstance(loaded, Record):
        raise where.error(["scenario"], value, "a scenario or board file, not another record")
    return loaded, path.resolve()


def decode(document: Document, where: Where) -> Record:
    scenario, path = _scenario(document["scenario"], where)
    return Record(
        game=document["game"],
        scenario=scenario,
        steps=tuple(RecordStep(s["action"], s.get("note", "")) for s in document["steps"]),
        options=document.get("options", {}),
        seed=document.get("seed"),
        title=document.get("title", ""),
        description=document.get("description", ""),
        players=document.get("players", {}),
        scenario_path=path,
    )


def encode(record: Record, target: Path | None) -> Document:
    from workbench.files import to_document

    document: Document = {"game": record.game}
    for key in ("title", "description"):
        if getattr(record, key):
            document[key] = getattr(record, key)
    if record.scenario_path is not None and target is not None:
        where = target.resolve().parent
        document["scenario"] = Path(os.path.relpath(record.scenario_path, where)).as_posix()
    else:  # kept inline, with whatever it refers to inline too
        scenario = record.scenario
        if hasattr(type(scenario), "self_contained"):
            scenario = scenario.self_contained()
        document["scenario"] = to_document(scenario)
    document["options"] = dict(record.options)
    document["seed"] = record.seed
    if record.players:
        document["players"] = dict(record.players)
    document["steps"] = [
        {"action": dict(s.action), **({"note": s.note} if s.note else {})} for s in record.steps
    ]
    return document


FORMAT = register(
    Format(
        name="workbench.record",
        version=1,
        schema="record-1.json",
        kind=Record,
        decode=decode,
        encode=encode,
        relative=True,
    )
)
