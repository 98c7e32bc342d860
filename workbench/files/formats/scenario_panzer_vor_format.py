"""``workbench.scenario.panzer-vor/1``: a Panzer Vor! scenario as JSON.

```
{"format": "workbench.scenario.panzer-vor/1", "name": "...",
 "source": "rulebook: Saunders University High School vs. Ōarai Girls Academy",
 "map": "saunders.json",                     # relative to this file, or an inline map object
 "match_type": "flag",                       # annihilation, flag, choice, objective
 "deploys_first": "Saunders", "acts_first": "Saunders",   # a side's key, or "chosen"
 "sides": [{"key": "Saunders", "name": "Saunders University High School",
            "school": "Saunders", "color": "#a8d5a2",
            "tanks": [{"tank": "M4A1", "hex": "0701", "facing": 1, "flag": true,
                       "characters": ["Kay", {"name": "Naomi", "side": "reverse"}]},
                      {"tank": "M4 (75)", "count": 8}],
            "deployment": ["Saunders deployment", "0813-1413", {"within": 2, "of": "0806"}],
            "starting_hand": {"cards": {"Move": 2}, "random": 3},
            "scenario_cards": ["Eavesdropping"], "reinforcements": [...]}],
 "deck": {"add": ["Fair Play"], "remove": ["Recovery"]},
 "special_rules": ["Hills", "Angled Fire"], "optional_rules": ["Wreckage"]}
```

Facings are 0..5, clockwise from NE (pointy hexes: NE, E, SE, SW, W, NW); a placed tank
without one faces as its player chooses (Part 2 - Scenarios). Loading checks the
tanks against the roster (the shipped one, or ``"roster": "<file>"`` over it) and the hexes
against the map: an unknown tank, a hex off the map, two tanks in one hex are errors.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

from workbench.boards.hexmap import HexMap
from workbench.boards.panzer_vor.roster import PanzerVorRoster
from workbench.boards.panzer_vor.scenario import (
    CHOSEN,
    Area,
    Character,
    ForceTank,
    PanzerVorScenario,
    Purchase,
    ScenarioError,
    Side,
    StartingHand,
    problems,
)
from workbench.files.errors import Where
from workbench.files.limits import MAX_EXPANDED_HEXES
from workbench.files.references import checked_path, default_root, load_reference, referable
from workbench.files.registry import Document, Format, register
from workbench.files.shipped import panzer_vor_roster
from workbench.geometry.hexgrid import GridError

MAP_FORMAT = "workbench.map.hex/1"


def _character(value: str | dict[str, str]) -> Character:
    if isinstance(value, str):
        return Character(value)
    return Character(value["name"], value.get("side", "front"))  # type: ignore[arg-type]


def _tank(entry: dict[str, Any]) -> ForceTank:
    return ForceTank(
        tank=entry["tank"],
        count=entry.get("count", 1),
        hex=entry.get("hex"),
        facing=entry.get("facing"),
        characters=tuple(_character(c) for c in entry.get("characters", [])),
        flag=entry.get("flag", False),
    )


def _area(value: str | dict[str, Any]) -> Area:
    if isinstance(value, str):
        return Area(value)
    return Area(value["of"], within=value["within"])


def _side(data: dict[str, Any]) -> Side:
    hand = data.get("starting_hand", {})
    purchase = data.get("purchase")
    return Side(
        key=data["key"],
        name=data.get("name", data["key"]),
        school=data.get("school", ""),
        color=data.get("color", "#777777"),
        tanks=tuple(_tank(t) for t in data.get("tanks", [])),
        deployment=tuple(_area(a) for a in data.get("deployment", [])),
        flag_choice=data.get("flag_choice", False),
        characters=tuple(_character(c) for c in data.get("characters", [])),
        starting_hand=StartingHand(
            cards=hand.get("cards", {}), random=hand.get("random", 0), rule=hand.get("rule", "")
        ),
        scenario_cards=tuple(data.get("scenario_cards", [])),
        reinforcements=tuple(_tank(t) for t in data.get("reinforcements", [])),
        reinforcement_area=tuple(_area(a) for a in data.get("reinforcement_area", [])),
        purchase=None
        if purchase is None
        else Purchase(
            points=purchase["points"],
            max_tanks=purchase.get("max_tanks"),
            tanks=tuple(purchase.get("tanks", [])),
        ),
        previous_stage=data.get("previous_stage"),
        notes=data.get("notes", ""),
    )


def _map(document: Document, where: Where) -> HexMap:
    from workbench.files.loading import decode as decode_inline

    value = document["map"]
    if isinstance(value, dict):
        inline = {"format": MAP_FORMAT, **value}
        hexmap = decode_inline(inline, where.inside(f"{where.path} (the inline map at $.map)"))
        if not isinstance(hexmap, HexMap):
            raise where.error(["map"], value, "a hex map (workbench.map.hex)")
        return hexmap
    expected = "a map file, relative to the scenario file"
    hexmap, _ = load_reference(where, ["map"], value, HexMap, expected)
    return hexmap


def references(
    document: Document, where: Where
) -> tuple[HexMap, PanzerVorRoster, PanzerVorScenario | None]:
    """The map, the roster (the shipped one with the scenario's own file over it) and the
    next stage a scenario names, each checked to stay inside the board folder and to hold
    the right kind of value. ``previous_stage`` is only checked to stay inside (the stages
    name each other, so loading it would go round in a circle)."""
    hexmap = _map(document, where)
    roster = panzer_vor_roster()
    if "roster" in document:
        expected = "a roster file, relative to the scenario"
        own, _ = load_reference(where, ["roster"], document["roster"], PanzerVorRoster, expected)
        roster = roster.merged(own)
    next_stage = None
    if "next_stage" in document:
        expected = "the next stage's scenario file, relative to this one"
        next_stage, _ = load_reference(
            where, ["next_stage"], document["next_stage"], PanzerVorScenario, expected
        )
    if "previous_stage" in document:
        expected = "the previous stage's scenario file, relative to this one"
        checked_path(where, ["previous_stage"], document["previous_stage"], expected)
    return hexmap, roster, next_stage


def _expanded_hexes(document: Document, hexmap: HexMap, where: Where) -> None:
    """Refuse a scenario whose deployment areas name more than MAX_EXPANDED_HEXES hexes in
    all (counted before any is listed)."""
    total = 0
    for i, side in enumerate(document["sides"]):
        for group in ("deployment", "reinforcement_area"):
            for j, area in enumerate(side.get(group, [])):
                total += _area_size(area, hexmap)
                if total > MAX_EXPANDED_HEXES:
                    raise where.error(
                        ["sides", i, group, j],
                        area,
                        f"areas of at most {MAX_EXPANDED_HEXES:,} hexes in all (a limit)",
                    )


def _area_size(area: str | dict[str, Any], hexmap: HexMap) -> int:
    """At most how many hexes an area names (without listing them)."""
    if isinstance(area, dict):
        radius = area["within"]
        return 3 * radius * (radius + 1) + 1  # the whole disk is walked, on the map or off
    if area in hexmap.zones:
        return len(hexmap.zones[area])
    grid = hexmap.grid
    first, _, last = area.partition("-")
    try:
        (c0, r0), (c1, r1) = (grid.to_offset(grid.hex(label)) for label in (first, last or first))
    except (GridError, ValueError):
        return 1  # not on the map: problems() says so
    return (abs(c1 - c0) + 1) * (abs(r1 - r0) + 1)


def decode(document: Document, where: Where) -> PanzerVorScenario:
    base_dir = Path(where.path).parent if where.folder is None else where.folder
    hexmap, roster, _ = references(document, where)
    _expanded_hexes(document, hexmap, where)
    roster_path = document.get("roster")
    keys: set[str] = set()
    for i, side in enumerate(document["sides"]):
        if side["key"] in keys:
            raise where.error(["sides", i, "key"], side["key"], "a key no other side uses")
        keys.add(side["key"])
    ordered = [side["key"] for side in document["sides"]]
    for who in ("deploys_first", "acts_first"):
        if document.get(who, CHOSEN) not in (*keys, CHOSEN):
            shown = ", ".join(json.dumps(k, ensure_ascii=False) for k in (*ordered[:8], CHOSEN))
            raise where.error([who], document[who], f'a side\'s key or "chosen" ({shown})')
    deck = document.get("deck", {})
    try:
        scenario = PanzerVorScenario(
            name=document["name"],
            map=hexmap if isinstance(document["map"], dict) else document["map"],
            sides=tuple(_side(s) for s in document["sides"]),
            match_type=document.get("match_type", "annihilation"),
            deploys_first=document.get("deploys_first", CHOSEN),
            acts_first=document.get("acts_first", CHOSEN),
            source=document.get("source", ""),
            kind=document.get("kind", ""),
            players=document.get("players", 2),
            play_time=document.get("play_time"),
            difficulty=document.get("difficulty"),
            description=document.get("description", ""),
            victory=document.get("victory", ""),
            deck_added=tuple(deck.get("add", [])),
            deck_removed=tuple(deck.get("remove", [])),
            special_rules=tuple(document.get("special_rules", [])),
            optional_rules=tuple(document.get("optional_rules", [])),
            available_optional_rules=tuple(document.get("available_optional_rules", [])),
            stage=document.get("stage"),
            previous_stage=document.get("previous_stage"),
            next_stage=document.get("next_stage"),
            roster=roster_path,
            notes=tuple(document.get("notes", [])),
            base_dir=base_dir,
            resolved_map=hexmap,
            resolved_roster=roster,
        )
    except ScenarioError as error:  # the checks above should have caught it
        raise where.error([], document["name"], f"a scenario that fits ({error})") from None
    found = problems(scenario, hexmap, roster)
    if found:
        first = found[0]
        raise where.error(first.field, first.found, first.expected)
    return scenario


# --- encoding ---------------------------------------------------------------------------
def _character_out(character: Character) -> str | dict[str, str]:
    if character.side == "front":
        return character.name
    return {"name": character.name, "side": character.side}


def _tank_out(tank: ForceTank) -> dict[str, Any]:
    out: dict[str, Any] = {"tank": tank.tank}
    if tank.count != 1:
        out["count"] = tank.count
    if tank.hex is not None:
        out["hex"] = tank.hex
    if tank.facing is not None:
        out["facing"] = tank.facing
    if tank.characters:
        out["characters"] = [_character_out(c) for c in tank.characters]
    if tank.flag:
        out["flag"] = True
    return out


def _area_out(area: Area) -> str | dict[str, Any]:
    return area.where if area.within is None else {"within": area.within, "of": area.where}


def _side_out(side: Side) -> dict[str, Any]:
    out: dict[str, Any] = {"key": side.key, "name": side.name}
    if side.school:
        out["school"] = side.school
    out["color"] = side.color
    if side.previous_stage is not None:
        out["previous_stage"] = side.previous_stage
    if side.purchase is not None:
        purchase: dict[str, Any] = {"points": side.purchase.points}
        if side.purchase.max_tanks is not None:
            purchase["max_tanks"] = side.purchase.max_tanks
        if side.purchase.tanks:
            purchase["tanks"] = list(side.purchase.tanks)
        out["purchase"] = purchase
    out["tanks"] = [_tank_out(t) for t in side.tanks]
    out["deployment"] = [_area_out(a) for a in side.deployment]
    if side.flag_choice:
        out["flag_choice"] = True
    if side.characters:
        out["characters"] = [_character_out(c) for c in side.characters]
    hand: dict[str, Any] = {"cards": dict(side.starting_hand.cards)}
    hand["random"] = side.starting_hand.random
    if side.starting_hand.rule:
        hand["rule"] = side.starting_hand.rule
    out["starting_hand"] = hand
    out["scenario_cards"] = list(side.scenario_cards)
    if side.reinforcements:
        out["reinforcements"] = [_tank_out(t) for t in side.reinforcements]
    if side.reinforcement_area:
        out["reinforcement_area"] = [_area_out(a) for a in side.reinforcement_area]
    if side.notes:
        out["notes"] = side.notes
    return out


def _moved(
    scenario: PanzerVorScenario, reference: str, target: Path | None, inside: bool = True
) -> str | None:
    """A file reference for the scenario saved to ``target``: the same file, named relative
    to the target's folder. With ``inside``, None when that file is outside the target's
    board folder (see workbench.files.references): it could not be loaded from there."""
    if target is None or Path(reference).is_absolute():
        return reference
    base = scenario.base_dir if scenario.base_dir is not None else Path.cwd()
    referred = Path(os.path.realpath(base / reference))
    if inside and not referable(referred, target):
        return None
    where = Path(os.path.realpath(target)).parent
    return Path(os.path.relpath(referred, where)).as_posix()


def encode(scenario: PanzerVorScenario, target: Path | None = None) -> Document:
    """The document for a scenario saved to ``target``: its map, roster and stage files are
    named relative to the target's folder (a map held inline stays inline)."""
    from workbench.files import to_document

    document: Document = {"name": scenario.name}
    for key in ("source", "kind"):
        if getattr(scenario, key):
            document[key] = getattr(scenario, key)
    document["players"] = scenario.players
    for key in ("play_time", "difficulty"):
        if getattr(scenario, key) is not None:
            document[key] = getattr(scenario, key)
    if scenario.description:
        document["description"] = scenario.description
    map_reference = (
        None if isinstance(scenario.map, HexMap) else _moved(scenario, scenario.map, target)
    )
    if map_reference is None:  # held inline, or its file is outside the new board folder
        inline = to_document(scenario.hexmap)
        del inline["format"]
        document["map"] = inline
    else:
        document["map"] = map_reference
    if scenario.roster is not None:  # outside the board folder: load it with root=
        document["roster"] = _moved(scenario, scenario.roster, target, inside=False)
    if scenario.stage is not None:
        document["stage"] = scenario.stage
    for key in ("previous_stage", "next_stage"):
        if getattr(scenario, key) is not None:
            document[key] = _moved(scenario, getattr(scenario, key), target, inside=False)
    document["match_type"] = scenario.match_type
    if scenario.victory:
        document["victory"] = scenario.victory
    document["deploys_first"] = scenario.deploys_first
    document["acts_first"] = scenario.acts_first
    document["sides"] = [_side_out(s) for s in scenario.sides]
    if scenario.deck_added or scenario.deck_removed:
        document["deck"] = {"add": list(scenario.deck_added), "remove": list(scenario.deck_removed)}
    document["special_rules"] = list(scenario.special_rules)
    document["optional_rules"] = list(scenario.optional_rules)
    if scenario.available_optional_rules:
        document["available_optional_rules"] = list(scenario.available_optional_rules)
    if scenario.notes:
        document["notes"] = list(scenario.notes)
    return document


FORMAT = register(
    Format(
        name="workbench.scenario.panzer-vor",
        version=1,
        schema="scenario-panzer-vor-1.json",
        kind=PanzerVorScenario,
        decode=decode,
        encode=encode,
        relative=True,
    )
)


def load_next_stage(
    scenario: PanzerVorScenario, *, root: str | Path | None = None
) -> PanzerVorScenario | None:
    """The next stage of a multi-part scenario (its ``next_stage`` file, relative to the
    scenario's folder and inside its board folder, or ``root``), or None."""
    if scenario.next_stage is None:
        return None
    folder = scenario.base_dir if scenario.base_dir is not None else Path.cwd()
    where = Where(
        f"{folder / '(scenario)'} {scenario.name!r}",
        folder=folder,
        root=Path(os.path.realpath(root)) if root is not None else default_root(folder / "x"),
    )
    expected = "the next stage's scenario file, relative to this one"
    loaded, _ = load_reference(
        where, ["next_stage"], scenario.next_stage, PanzerVorScenario, expected
    )
    return loaded
