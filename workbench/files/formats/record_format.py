"""``workbench.record/1``: a played game (see :mod:`workbench.boards.record`).

```
{"format": "workbench.record/1", "game": "panzer-vor", "title": "...",
 "scenario": "../scenarios/test-your-luck.json",   # relative to this file, or inline
 "options": {"turn_limit": 20}, "seed": 7, "players": {"Ōarai": "you"},
 "steps": [{"action": {"type": "Move", "tank": "Panzer IV Ausf. D", "path": [["0803", 1]]},
            "note": "the free 60° turn"}, {"action": {"type": "Roll", "dice": [3, 5]}}]}
```
The actions are checked against the game's rules when the record is replayed
(``workbench.rules.core.replay``), not when it is loaded; so are the options, against the
game's list of options for the scenario. ``options`` are saved with every option of the game
written out, and an option a record leaves out is read as the value such a record was played
with (``workbench.files.record_options``).

An option that names a file (``FILE_OPTIONS``: Panzer Vor!'s ``deck``) is a reference like
the scenario's: relative to the record, inside its board folder, read with the loader's
checks (a regular file of at most 4 MiB, JSON within the limits). The record holds what it
read inline, so it replays from any folder and saves anywhere; the game checks its fields.

Records saved before Panzer Vor!'s practice mode became a game of its own name the game
``"panzer-vor"`` with the option ``{"mode": "practice"}`` (or a ``turn_limit`` alone, which
chose practice then); they load as ``"panzer-vor-practice"`` records without the ``mode``, and
``{"mode": "cards"}`` (the card game, the default) loads without it. Saving writes the new
name.

>>> migrated("panzer-vor", {"mode": "practice", "turn_limit": 4})
('panzer-vor-practice', {'turn_limit': 4})
>>> migrated("panzer-vor", {"mode": "cards", "setup": "quick"})
('panzer-vor', {'setup': 'quick'})
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from workbench.boards.record import Record, RecordStep
from workbench.files import to_document
from workbench.files.errors import Where, shown
from workbench.files.loading import decode as decode_inline
from workbench.files.reading import read_document
from workbench.files.record_options import as_recorded, written_out
from workbench.files.references import checked_path, load_reference, referable
from workbench.files.registry import Document, Format, register


def _scenario(value: Any, where: Where) -> tuple[Any, Path | None]:
    if isinstance(value, dict):
        return decode_inline(
            value, where.inside(f"{where.path} (the inline scenario at $.scenario)")
        ), None
    expected = "a scenario or board file, relative to the record"
    loaded, path = load_reference(where, ["scenario"], value, object, expected)
    if isinstance(loaded, Record):
        raise where.error(["scenario"], value, "a scenario or board file, not another record")
    return loaded, path


FILE_OPTIONS = {"deck": "a deck file, relative to the record"}  # option -> what it names


def _file_options(options: dict[str, Any], where: Where) -> dict[str, Any]:
    """The options with each file an option names read (see the module)."""
    for name, expected in FILE_OPTIONS.items():
        value = options.get(name)
        if isinstance(value, str):
            path = checked_path(where, ["options", name], value, expected)
            options[name] = read_document(path)
    return options


def _inline_file_options(options: dict[str, Any]) -> dict[str, Any]:
    """The options to write: a file an option names (a path given in Python, relative to
    the working folder) is read and written inline, so the saved record never names a file
    outside its folder."""
    for name in FILE_OPTIONS:
        value = options.get(name)
        if isinstance(value, str | Path):
            options[name] = read_document(Path(value))
    return options


MODES = ("practice", "cards")  # the modes records of "panzer-vor" were saved with


def migrated(game: str, options: dict[str, Any]) -> tuple[str, dict[str, Any]]:
    """The game and options an older record's game and options mean now (see the module)."""
    if game != "panzer-vor" or ("mode" not in options and "turn_limit" not in options):
        return game, options
    mode = options.get("mode", "practice")  # a turn_limit alone chose practice mode
    if mode not in MODES:
        return game, options  # kept: decode refuses it
    rest = {k: v for k, v in options.items() if k != "mode"}
    return ("panzer-vor-practice" if mode == "practice" else game), rest


def decode(document: Document, where: Where) -> Record:
    scenario, path = _scenario(document["scenario"], where)
    game, options = migrated(document["game"], dict(document.get("options", {})))
    if game == "panzer-vor" and "mode" in options:  # a mode no record was saved with
        expected = " or ".join(f'"{m}"' for m in MODES) + " (the modes of older records)"
        raise where.describe(["options", "mode"], shown(options["mode"]), expected)
    options = _file_options(options, where)
    return Record(
        game=game,
        scenario=scenario,
        steps=tuple(RecordStep(s["action"], s.get("note", "")) for s in document["steps"]),
        options=as_recorded(game, scenario, options),
        seed=document.get("seed"),
        title=document.get("title", ""),
        description=document.get("description", ""),
        players=document.get("players", {}),
        scenario_path=path,
    )


def _referable(scenario: Path | None, target: Path | None) -> bool:
    """Whether a record saved at ``target`` may name its scenario's file (see referable)."""
    return scenario is not None and target is not None and referable(scenario, target)


def encode(record: Record, target: Path | None) -> Document:
    document: Document = {"game": record.game}
    for key in ("title", "description"):
        if getattr(record, key):
            document[key] = getattr(record, key)
    if _referable(record.scenario_path, target):
        where = Path(os.path.realpath(target)).parent  # type: ignore[arg-type]
        document["scenario"] = Path(os.path.relpath(record.scenario_path, where)).as_posix()  # type: ignore[arg-type]
    else:  # kept inline, with what it names inline too (its map, roster, stages)
        scenario = record.scenario
        if hasattr(type(scenario), "self_contained"):
            scenario = scenario.self_contained()
        document["scenario"] = to_document(scenario, target)
    document["options"] = written_out(
        record.game, record.scenario, _inline_file_options(dict(record.options))
    )
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
