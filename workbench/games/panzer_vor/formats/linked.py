"""``workbench.linked.panzer-vor/1``: the National Tournament's Linked Scenarios (see
:mod:`workbench.games.panzer_vor.boards.linked`).

```
{"format": "workbench.linked.panzer-vor/1", "title": "...",
 "matches": {"saunders": "../scenarios/saunders.json", ...,
             "kuromorimine-stage-1": "../scenarios/kuromorimine-stage-1.json"}}
```
Each match is a scenario file relative to this one, or the scenario's document inline.
``kuromorimine-stage-2`` may be left out: it is then Stage 1's ``next_stage`` (its file, or
held inline in Stage 1). Saved where the scenario files cannot be named, each match is held
inline, and Stage 2 inside Stage 1.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from workbench.files import to_document
from workbench.files.errors import Where
from workbench.files.loading import decode as decode_inline
from workbench.files.references import load_reference, referable
from workbench.files.registry import Document, Format, register
from workbench.games.panzer_vor.boards.linked import MATCH_NAMES, LinkedScenarios
from workbench.games.panzer_vor.boards.scenario import PanzerVorScenario
from workbench.games.panzer_vor.formats.scenario import load_next_stage

EXPECTED = "a Panzer Vor! scenario file, relative to this file"
STAGE_1, STAGE_2 = "kuromorimine-stage-1", "kuromorimine-stage-2"  # a multi-part scenario


def _match(name: str, value: Any, where: Where) -> tuple[PanzerVorScenario, Path | None]:
    if isinstance(value, dict):
        inline = decode_inline(
            value, where.inside(f"{where.path} (the inline {name} at $.matches)")
        )
        if not isinstance(inline, PanzerVorScenario):
            raise where.error(["matches", name], value, EXPECTED)
        return inline, None
    loaded, path = load_reference(where, ["matches", name], value, PanzerVorScenario, EXPECTED)
    return loaded, path


def decode(document: Document, where: Where) -> LinkedScenarios:
    matches: dict[str, PanzerVorScenario] = {}
    paths: dict[str, Path] = {}
    for name, value in document["matches"].items():
        matches[name], path = _match(name, value, where)
        if path is not None:
            paths[name] = path
    if STAGE_2 not in matches and STAGE_1 in matches:
        stage_1 = matches[STAGE_1]
        following = load_next_stage(stage_1, root=where.root)
        if following is None:
            raise where.error(["matches"], sorted(matches), "the scenarios with Stage 2")
        matches[STAGE_2] = following
        if stage_1.base_dir is not None and isinstance(stage_1.next_stage, str):
            paths[STAGE_2] = stage_1.base_dir / stage_1.next_stage
    missing = [n for n in MATCH_NAMES if n not in matches]
    if missing:
        raise where.error(["matches"], sorted(matches), f"every match: {', '.join(MATCH_NAMES)}")
    return LinkedScenarios(
        matches=matches,
        title=document.get("title", LinkedScenarios.title),
        description=document.get("description", ""),
        paths=paths,
    )


def encode(linked: LinkedScenarios, target: Path | None) -> Document:
    """Each match named by its file relative to ``target``, or held inline when the target's
    board folder does not hold that file (its map and stages inline too). Stage 2 held inline
    is left out when it is Stage 1's next stage, which holds it already."""
    matches: dict[str, Any] = {}
    for name, scenario in linked.matches.items():
        path = linked.paths.get(name)
        if path is not None and target is not None and referable(path, target):
            where = Path(os.path.realpath(target)).parent
            matches[name] = Path(os.path.relpath(path, where)).as_posix()
            continue
        matches[name] = to_document(scenario.self_contained(), target)
    stage_1, stage_2 = matches.get(STAGE_1), matches.get(STAGE_2)
    if (
        isinstance(stage_1, dict)
        and isinstance(stage_2, dict)
        and isinstance(stage_1.get("next_stage"), dict)
        and load_next_stage(linked[STAGE_1]) == linked[STAGE_2]
    ):
        del matches[STAGE_2]  # Stage 1 holds it
    document: Document = {"title": linked.title}
    if linked.description:
        document["description"] = linked.description
    document["matches"] = matches
    return document


FORMAT = register(
    Format(
        name="workbench.linked.panzer-vor",
        version=1,
        schema="linked-panzer-vor-1.json",
        kind=LinkedScenarios,
        decode=decode,
        encode=encode,
        relative=True,
    )
)
