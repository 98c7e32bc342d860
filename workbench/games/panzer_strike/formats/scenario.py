"""``workbench.scenario.panzer-strike/1``: a board, two sides and their tanks.

```
{"format": "workbench.scenario.panzer-strike/1", "name": "...", "description": "...",
 "board": "../capture-the-flag.json",     # a board file relative to this one, or inline
 "roster": "../my-game-roster.json",      # optional: your dice, ruler and zones
 "points": 6,                              # the agreed total per side (Choosing Tanks)
 "options": {"damage": true},              # see workbench.games.panzer_strike.rules.state.OPTIONS
 "sides": [{"name": "north", "color": "#3366cc",          # the first side moves first
            "tanks": [{"id": "N1", "type": "Heavy", "at": [3, 0], "facing": "S"}]},
           {"name": "south", "color": "#cc3333", "tanks": [...]}]}
```
"""

from __future__ import annotations

from workbench.boards.problems import Problem
from workbench.files import to_document
from workbench.files.errors import Where
from workbench.files.loading import decode as decode_inline
from workbench.files.references import load_reference
from workbench.files.registry import Document, Format, register
from workbench.games.panzer_strike.boards.board import SquareBoard
from workbench.games.panzer_strike.boards.scenario import (
    PanzerStrikeScenario,
    PlacedTank,
    ScenarioError,
    ScenarioSide,
)
from workbench.games.panzer_strike.boards.tank_types import PanzerStrikeRoster
from workbench.geometry.squaregrid import FACING_NAMES, Square

BOARD_FORMAT = "workbench.board.panzer-strike/1"


def _loaded(document: Document, key: str, kind: type, what: str, where: Where) -> tuple:
    """The board or roster a scenario holds inline or names (a file inside the board folder,
    see workbench.files.references), and the name it was given by."""
    value = document[key]
    if isinstance(value, dict):
        loaded = decode_inline(value, where.inside(f"{where.path} (the inline {what} at $.{key})"))
        if not isinstance(loaded, kind):
            raise where.error([key], value, f"a {what}")
        return loaded, ""
    expected = f"a {what} file, relative to the scenario"
    loaded, _ = load_reference(where, [key], value, kind, expected, f"a {what}")
    return loaded, value


def decode(document: Document, where: Where) -> PanzerStrikeScenario:
    board, board_file = _loaded(document, "board", SquareBoard, "board", where)
    roster, roster_file = PanzerStrikeRoster.builtin(), ""
    if "roster" in document:
        roster, roster_file = _loaded(document, "roster", PanzerStrikeRoster, "roster", where)
    sides = tuple(
        ScenarioSide(
            name=side["name"],
            color=side.get("color", "#777777"),
            tanks=tuple(
                PlacedTank(t["id"], t["type"], Square(*t["at"]), FACING_NAMES.index(t["facing"]))
                for t in side["tanks"]
            ),
        )
        for side in document["sides"]
    )
    try:
        return PanzerStrikeScenario(
            name=document["name"],
            description=document.get("description", ""),
            board=board,
            roster=roster,
            sides=sides,
            points=document.get("points"),
            options=document.get("options", {}),
            board_file=board_file,
            roster_file=roster_file,
        )
    except ScenarioError as error:
        problem = error.problem or Problem((), str(error), "a scenario that fits")
        raise where.describe(list(problem.field), str(problem.found), problem.expected) from None


def encode(scenario: PanzerStrikeScenario) -> Document:
    document: Document = {"name": scenario.name}
    if scenario.description:
        document["description"] = scenario.description
    # Saved whole (inline), so the file reads back wherever it is written.
    document["board"] = to_document(scenario.board)
    if scenario.roster != PanzerStrikeRoster.builtin():
        document["roster"] = to_document(scenario.roster)
    if scenario.points is not None:
        document["points"] = scenario.points
    if scenario.options:
        document["options"] = dict(scenario.options)
    document["sides"] = [
        {
            "name": side.name,
            "color": side.color,
            "tanks": [
                {
                    "id": t.id,
                    "type": t.kind,
                    "at": [t.at.x, t.at.y],
                    "facing": FACING_NAMES[t.facing],
                }
                for t in side.tanks
            ],
        }
        for side in scenario.sides
    ]
    return document


FORMAT = register(
    Format(
        name="workbench.scenario.panzer-strike",
        version=1,
        schema="scenario-panzer-strike-1.json",
        kind=PanzerStrikeScenario,
        decode=decode,
        encode=encode,
    )
)
