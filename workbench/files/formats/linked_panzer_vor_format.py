"""``workbench.linked.panzer-vor/1``: the National Tournament's Linked Scenarios (see
:mod:`workbench.boards.panzer_vor.linked`).

```
{"format": "workbench.linked.panzer-vor/1", "title": "...",
 "matches": {"saunders": "../scenarios/saunders.json", ...,
             "kuromorimine-stage-1": "../scenarios/kuromorimine-stage-1.json"}}
```
Each match is a scenario file relative to this one, or the scenario's document inline.
``kuromorimine-stage-2`` may be left out: it is then Stage 1's ``next_stage`` file.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from workbench.boards.panzer_vor.linked import MATCH_NAMES, LinkedScenarios
from workbench.boards.panzer_vor.scenario import PanzerVorScenario
from workbench.files.errors import BoardFileError, Where
from workbench.files.references import load_reference, referable
from workbench.files.registry import Document, Format, register

EXPECTED = "a Panzer Vor! scenario file, relative to this file"


def _match(name: str, value: Any, where: Where) -> tuple[PanzerVorScenario, Path | None]:
    from workbench.files.loading import decode as decode_inline

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
    from workbench.files import load_next_stage

    matches: dict[str, PanzerVorScenario] = {}
    paths: dict[str, Path] = {}
    for name, value in document["matches"].items():
        matches[name], path = _match(name, value, where)
        if path is not None:
            paths[name] = path
    stage_2 = "kuromorimine-stage-2"
    if stage_2 not in matches and "kuromorimine-stage-1" in matches:
        stage_1 = matches["kuromorimine-stage-1"]
        following = load_next_stage(stage_1, root=where.root)
        if following is None:
            raise where.error(["matches"], sorted(matches), "the scenarios with Stage 2")
        matches[stage_2] = following
        if stage_1.base_dir is not None and stage_1.next_stage is not None:
            paths[stage_2] = stage_1.base_dir / stage_1.next_stage
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
    from workbench.files import to_document

    matches: dict[str, Any] = {}
    for name, scenario in linked.matches.items():
        path = linked.paths.get(name)
        if path is not None and target is not None and referable(path, target):
            where = Path(os.path.realpath(target)).parent
            matches[name] = Path(os.path.relpath(path, where)).as_posix()
            continue
        inline = to_document(scenario.self_contained())
        for key in ("next_stage", "previous_stage"):  # the stages are both held here
            inline.pop(key, None)
        if "roster" in inline:
            raise BoardFileError(
                target or "<linked scenarios>",
                f"$.matches.{name}.roster",
                f"a scenario naming its own roster file {inline['roster']!r}",
                "linked scenarios saved in the scenarios' board folder",
            )
        matches[name] = inline
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
