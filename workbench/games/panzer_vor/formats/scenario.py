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

``map``, ``roster``, ``next_stage`` and ``previous_stage`` each name a file relative to this
one, or hold it inline (without its ``format``). A stage held inline leaves out its link
back (a next stage its ``previous_stage``): that is the file holding it. Saved where the
new file's board folder does not hold a file it names, a scenario holds that file inline
(:func:`encode`), so every copy loads, and stage 1 still leads to stage 2.

Facings are 0..5, clockwise from NE (pointy hexes: NE, E, SE, SW, W, NW); a placed tank
without one faces as its player chooses (Part 2 - Scenarios). Loading checks the
tanks against the roster (the shipped one, or ``"roster": "<file>"`` over it) and the hexes
against the map: an unknown tank, a hex off the map, two tanks in one hex are errors.
"""

from __future__ import annotations

import json
import os
from dataclasses import replace
from pathlib import Path
from typing import Any, NamedTuple

from workbench.boards.hexmap import HexMap
from workbench.files.errors import Where
from workbench.files.limits import MAX_EXPANDED_HEXES
from workbench.files.loading import decode as decode_inline
from workbench.files.loading import load
from workbench.files.references import (
    checked_path,
    default_root,
    is_back,
    load_reference,
    referable,
)
from workbench.files.registry import Document, Format, register
from workbench.files.saving import to_document
from workbench.games.panzer_vor.boards.roster import PanzerVorRoster
from workbench.games.panzer_vor.boards.scenario import (
    CHOSEN,
    STAGE_LINKS,
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
from workbench.games.panzer_vor.formats.shipped import panzer_vor_roster
from workbench.geometry.hexgrid import GridError

MAP_FORMAT = "workbench.map.hex/1"
ROSTER_FORMAT = "workbench.roster.panzer-vor/1"
FORMAT_TAG = "workbench.scenario.panzer-vor/1"
BACK = {"next_stage": "previous_stage", "previous_stage": "next_stage"}  # each stage's link back
STAGE_WORDS = {"next_stage": "next stage", "previous_stage": "previous stage"}


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


def _named(
    value: Any,
    field: str,
    where: Where,
    inline: tuple[str, str],
    kind: type,
    expected: str,
    back: str | None = None,
) -> Any:
    """What ``field`` names: a document held inline (``inline``: its format and what it is
    called) or a file ``expected`` (see :func:`load_reference`); refused unless a ``kind``."""
    tag, what = inline
    if isinstance(value, dict):
        label = f"{where.path} (the {what} held inline at $.{field})"
        loaded = decode_inline({"format": tag, **value}, replace(where.inside(label), back=None))
        if not isinstance(loaded, kind):
            raise where.error([field], value, f"the {what} ({tag})")
        return loaded
    loaded, _ = load_reference(where, [field], value, kind, expected, back=back)
    return loaded


class References(NamedTuple):
    """What a scenario names, loaded: its map, the roster in force (the shipped one with the
    scenario's own over it), the scenario's own roster (None: none) and its stages."""

    hexmap: HexMap
    roster: PanzerVorRoster
    own_roster: PanzerVorRoster | None
    stages: dict[str, PanzerVorScenario | None]


def references(document: Document, where: Where) -> References:
    """What a scenario names (see :class:`References`; the stages as :func:`_stage` says),
    each checked to stay inside the board folder and to hold the right kind of value."""
    expected = "a map file, relative to the scenario file, or a map inline"
    hexmap = _named(document["map"], "map", where, (MAP_FORMAT, "map"), HexMap, expected)
    own = None
    if "roster" in document:
        expected = "a roster file, relative to the scenario, or a roster inline"
        inline = (ROSTER_FORMAT, "roster")
        own = _named(document["roster"], "roster", where, inline, PanzerVorRoster, expected)
    roster = panzer_vor_roster() if own is None else panzer_vor_roster().merged(own)
    stages = {link: _stage(document[link], link, where) for link in STAGE_LINKS if link in document}
    return References(hexmap, roster, own, stages)


def _stage(value: Any, link: str, where: Where) -> PanzerVorScenario | None:
    """The stage ``link`` names: held inline (its own link back left out: it is the file
    holding it), or loaded from its file; None for the link back to the stage that led here
    (checked, not loaded again: the stages name each other)."""
    back, what = BACK[link], STAGE_WORDS[link]
    if isinstance(value, dict) and back in value:
        expected = f"no {back} in a stage held inline (it is the file holding it)"
        raise where.error([link, back], value[back], expected)
    expected = f"the {what}'s scenario file, relative to this one, or the {what} inline"
    path = checked_path(where, [link], value, expected) if isinstance(value, str) else None
    if path is not None and is_back(where, link, path):
        return None
    inline = (FORMAT_TAG, what)
    return _named(value, link, where, inline, PanzerVorScenario, expected, back=back)


def _linked(
    scenario: PanzerVorScenario, stages: dict[str, PanzerVorScenario | None]
) -> PanzerVorScenario:
    """The scenario with the stages it names (``stages``; a link whose field is None was
    held inline), each with its link back to this scenario filled in where the file left it
    out (held inline) or it was not loaded again (the link back). The scenario a link back
    leads to names that stage without its own link back, so nothing goes round in a circle.
    """
    changes: dict[str, Any] = {}
    for link, stage in stages.items():
        if stage is None:
            continue
        back = BACK[link]
        inline = getattr(scenario, link) is None
        unlinked: dict[str, Any] = {back: None, f"resolved_{back}": None}
        onward = replace(stage, **unlinked)
        holds: dict[str, Any] = {link if inline else f"resolved_{link}": onward}
        itself = replace(scenario, **holds)
        filled: dict[str, Any] = {}
        if inline:  # its link back was left out: it is to this one
            filled[back] = itself
        elif getattr(stage, back) is not None and getattr(stage, f"resolved_{back}") is None:
            filled[f"resolved_{back}"] = itself  # the link back, not loaded again
        changes[link if inline else f"resolved_{link}"] = replace(stage, **filled)
    return replace(scenario, **changes) if changes else scenario


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
    hexmap, roster, own_roster, stages = references(document, where)
    _expanded_hexes(document, hexmap, where)
    roster_path = document.get("roster")
    if isinstance(roster_path, dict):  # held inline
        roster_path = own_roster
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
            previous_stage=_path(document.get("previous_stage")),
            next_stage=_path(document.get("next_stage")),
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
        raise where.error(list(first.field), first.found, first.expected)
    return _linked(scenario, stages)


def _path(value: Any) -> str | None:
    """A stage link's file path (None: none, or the stage held inline)."""
    return value if isinstance(value, str) else None


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


def encode(
    scenario: PanzerVorScenario, target: Path | None = None, *, leave_out: str = ""
) -> Document:
    """The document for a scenario saved to ``target``: its map, roster and stage files are
    named relative to the target's folder. A map or stage held inline stays inline, and so
    is one whose file the target's board folder does not hold: the file holds it instead
    (:func:`_inline_stage`). ``leave_out``: a stage link not written (the link back of a stage
    held inline)."""
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
    if scenario.roster is not None:
        roster = scenario.roster
        moved = _moved(scenario, roster, target) if isinstance(roster, str) else None
        document["roster"] = moved if moved is not None else _inline_roster(scenario)
    if scenario.stage is not None:
        document["stage"] = scenario.stage
    for link in STAGE_LINKS:
        value = getattr(scenario, link)
        if value is None or link == leave_out:
            continue
        moved = _moved(scenario, value, target) if isinstance(value, str) else None
        document[link] = moved if moved is not None else _inline_stage(scenario, link, target)
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


def _inline_roster(scenario: PanzerVorScenario) -> Document:
    """The scenario's own roster, held inline (its file read again when it names one)."""
    own = scenario.roster
    if isinstance(own, str):
        base = scenario.base_dir if scenario.base_dir is not None else Path.cwd()
        own = load(Path(os.path.realpath(base / own)))
    inline = to_document(own)
    del inline["format"]
    return inline


def _inline_stage(scenario: PanzerVorScenario, link: str, target: Path | None) -> Document:
    """The stage ``link`` names, held inline: its own files named relative to the target (or
    held inline too), its link back left out (it is the file holding it)."""
    stage = load_stage(scenario, link)
    if stage is None:
        raise ScenarioError(f"{scenario.name}: no {STAGE_WORDS[link]}")  # a link was checked
    return encode(stage, target, leave_out=BACK[link])


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


def load_stage(
    scenario: PanzerVorScenario, link: str, *, root: str | Path | None = None
) -> PanzerVorScenario | None:
    """The stage a scenario's ``link`` (``"next_stage"`` or ``"previous_stage"``) names:
    as it was loaded with the scenario, held inline, or else loaded from its file (relative
    to the scenario's folder and inside its board folder, or ``root``); None if it names none.
    """
    resolved = getattr(scenario, f"resolved_{link}")
    value = getattr(scenario, link)
    if resolved is not None or not isinstance(value, str):
        return resolved
    folder = scenario.base_dir if scenario.base_dir is not None else Path.cwd()
    where = Where(
        f"{folder / '(scenario)'} {scenario.name!r}",
        folder=folder,
        root=Path(os.path.realpath(root)) if root is not None else default_root(folder / "x"),
    )
    expected = f"the {STAGE_WORDS[link]}'s scenario file, relative to this one"
    loaded, _ = load_reference(where, [link], value, PanzerVorScenario, expected)
    return loaded


def load_next_stage(
    scenario: PanzerVorScenario, *, root: str | Path | None = None
) -> PanzerVorScenario | None:
    """The next stage of a multi-part scenario (see :func:`load_stage`), or None."""
    return load_stage(scenario, "next_stage", root=root)
