"""The Panzer Vor! files we ship (maps, roster, scenarios) and the errors bad files raise."""

from __future__ import annotations

import itertools
import json
import os
import re
import shutil
from dataclasses import replace
from pathlib import Path

import jsonschema
import pytest

from workbench.boards.hexmap import HexMap
from workbench.files import BoardFileError, load, save, to_document
from workbench.files.registry import schema
from workbench.games.panzer_vor.boards.counters import STAND_IN, Gun, TankCounter
from workbench.games.panzer_vor.boards.roster import PanzerVorRoster, RosterError
from workbench.games.panzer_vor.boards.scenario import (
    Area,
    ForceTank,
    PanzerVorScenario,
    Side,
    problems,
)
from workbench.games.panzer_vor.formats.shipped import load_roster, panzer_vor_roster
from workbench.panzer_vor import load_next_stage

ROOT = Path(__file__).resolve().parent.parent
MAPS = ROOT / "maps" / "panzer-vor"
SCENARIOS = MAPS / "scenarios"
ROSTER_FILE = ROOT / "workbench" / "data" / "roster-panzer-vor.json"
MAP_FILES = sorted(MAPS.glob("*.json"))
SCENARIO_FILES = sorted(SCENARIOS.glob("*.json"))
SCHEMAS = {
    "workbench.map.hex/1": "map-hex-1.json",
    "workbench.roster.panzer-vor/1": "roster-panzer-vor-1.json",
    "workbench.scenario.panzer-vor/1": "scenario-panzer-vor-1.json",
}


def validate(document: dict) -> None:
    jsonschema.Draft202012Validator(schema(SCHEMAS[document["format"]])).validate(document)


def write(path: Path, document: dict | str) -> Path:
    text = document if isinstance(document, str) else json.dumps(document, ensure_ascii=False)
    path.write_text(text, encoding="utf-8")
    return path


def round_trip(obj: object, first_path: Path, second_path: Path) -> None:
    """load -> save -> load gives an equal object, and the two saves are the same text."""
    save(obj, first_path)
    again = load(first_path)
    assert again == obj
    save(again, second_path)
    assert first_path.read_text("utf-8") == second_path.read_text("utf-8")
    validate(json.loads(first_path.read_text("utf-8")))


# --- shipped files load, validate and round-trip -----------------------------------------
def test_every_map_and_scenario_is_shipped():
    assert {p.name for p in MAP_FILES} == {
        "blank.json",
        "oarai-city.json",
        "saunders.json",
        "anzio.json",
        "pravda.json",
        "kuromorimine-stage-1.json",
        "kuromorimine-stage-2.json",
    }
    assert {p.stem for p in SCENARIO_FILES} == {
        "test-your-luck",
        "mock-battle",
        "exhibition",
        "st-gloriana",
        "saunders",
        "anzio-revised",
        "anzio-original",
        "pravda",
        "kuromorimine-stage-1",
        "kuromorimine-stage-2",
    }


@pytest.mark.parametrize("path", MAP_FILES, ids=lambda p: p.stem)
def test_shipped_map_loads_validates_and_round_trips(path, tmp_path):
    validate(json.loads(path.read_text("utf-8")))
    hexmap = load(path)
    assert isinstance(hexmap, HexMap)
    assert "stand-in" in hexmap.description or path.stem == "blank"
    assert "add" in hexmap.description.lower()  # the printed map has more that a user can add
    round_trip(hexmap, tmp_path / "a.json", tmp_path / "b.json")


def test_shipped_roster_loads_validates_and_round_trips(tmp_path):
    document = json.loads(ROSTER_FILE.read_text("utf-8"))
    validate(document)
    roster = panzer_vor_roster()
    assert isinstance(roster, PanzerVorRoster)
    round_trip(roster, tmp_path / "a.json", tmp_path / "b.json")
    assert {"format": document["format"], **to_document(roster)} == document  # canonical


@pytest.mark.parametrize("path", SCENARIO_FILES, ids=lambda p: p.stem)
def test_shipped_scenario_loads_validates_and_round_trips(path, tmp_path):
    validate(json.loads(path.read_text("utf-8")))
    scenario = load(path)
    assert isinstance(scenario, PanzerVorScenario)
    assert scenario.source.startswith("rulebook: ")
    assert isinstance(scenario.hexmap, HexMap)
    copy = tmp_path / "panzer-vor"  # a copy of the folder: its files name each other
    shutil.copytree(MAPS, copy)
    copied = load(copy / "scenarios" / path.name)
    round_trip(copied, copy / "scenarios" / "a.json", copy / "scenarios" / "b.json")
    # Saved outside its board folder, it holds its map and the stages it names inline
    elsewhere = load(save(scenario, tmp_path / "elsewhere.json"))
    assert elsewhere == scenario and elsewhere.hexmap == scenario.hexmap
    assert load_next_stage(elsewhere) == load_next_stage(scenario)


def test_every_tank_the_scenarios_name_is_in_the_roster():
    roster = panzer_vor_roster()
    named = set()
    for path in SCENARIO_FILES:
        scenario = load(path)
        for side in scenario.sides:
            named |= {t.tank for t in (*side.tanks, *side.reinforcements)}
            named |= set(side.purchase.tanks if side.purchase else ())
    assert all(name in roster for name in named)
    expected = {
        "Panzer IV Ausf. D", "Panzer IV Ausf. F2", "Panzer IV Ausf. H", "Tiger I", "Tiger II",
        "T-34/76", "T-34/85", "IS-2", "KV-2", "M4A1", "M4 (75)", "Sherman Firefly", "M3 Lee",
        "Char B1 bis", "38 (t)", "Type 89", "StuG III Ausf. F", "Porsche Tiger",
        "Churchill Mk. VII", "Matilda II", "CV33", "Semovente M41", "P40", "Maus", "Jagdpanther",
        "Elefant", "Panther",
        "Jagdtiger", "Panzer IV/70", "Hetzer", "Type 3", "Panzer III Ausf. J", "Gold 38 (t)",
        "M13/40", "StuG III Ausf. F - Fuurinkazan",
    }  # fmt: skip
    assert expected <= set(roster.names)


# --- the values the rulebook states --------------------------------------------------------
RULEBOOK_VALUES = [
    ("Tiger I", "movement", 3, "rulebook: Moving: Movement"),
    ("Panzer IV Ausf. D", "movement", 3, "rulebook: Moving: Movement Bonuses"),
    ("Panzer IV Ausf. D", "range", 7, "rulebook: Firing: Attack Roll"),
    ("Panzer IV Ausf. D", "firepower", 3, "rulebook: Firing: Damage Roll"),
    ("T-34/76", "armour_front", 14, "rulebook: Firing: Damage Roll"),
    ("T-34/76", "armour_side", 14, "rulebook: Firing: Firing Arcs"),
    ("Tiger II", "target_size", 1, "rulebook: Firing: Attack Modifiers"),
    ("IS-2", "range", 15, "rulebook: Firing: Extreme Range"),
]


def value_of(counter: TankCounter, field: str) -> int:
    if field.startswith("armour_"):
        return counter.armour[field.removeprefix("armour_")]
    if field in ("range", "firepower"):
        return getattr(counter.guns[0], field)
    return getattr(counter, field)


@pytest.mark.parametrize(("tank", "field", "value", "source"), RULEBOOK_VALUES)
def test_rulebook_values_are_exact_and_marked(tank, field, value, source):
    counter = panzer_vor_roster().get(tank)
    assert value_of(counter, field) == value
    assert counter.source(field) == source


def test_other_values_are_marked_stand_in_or_sourced():
    roster = panzer_vor_roster()
    for counter in roster.counters.values():
        for field, source in counter.sources.items():
            assert source == STAND_IN or source.startswith(("rulebook: ", "history: ")), (
                counter.name,
                field,
            )
    stand_ins = roster.stand_ins()
    assert "movement" not in stand_ins.get("Tiger I", ())
    assert "armour_rear" in stand_ins["T-34/76"]
    assert "movement" in stand_ins["Tiger II"]


def test_two_gun_and_turretless_tanks():
    roster = panzer_vor_roster()
    lee = roster.get("M3 Lee")
    assert lee.multiple_guns and lee.guns[0].turret is False and lee.guns[1].turret is True
    assert roster.get("Char B1 bis").multiple_guns
    for name in ("StuG III Ausf. F", "Hetzer", "Jagdpanther", "Elefant", "Panzer IV/70"):
        assert not roster.get(name).turreted, name
    assert roster.get("Tiger I").turreted


def test_roster_get_lists_known_names_and_resolves_counter_labels():
    roster = panzer_vor_roster()
    assert roster.get("PzIV D") is roster.get("Panzer IV Ausf. D")
    assert roster.get("T34/76").name == "T-34/76"
    with pytest.raises(RosterError, match=r"no tank called 'Panzer IX'.*known: .*Tiger I"):
        roster.get("Panzer IX")


# --- a user's roster overrides the shipped values -------------------------------------------
def test_user_roster_overrides_values(tmp_path):
    user = write(
        tmp_path / "mine.json",
        {
            "format": "workbench.roster.panzer-vor/1",
            "name": "My counters",
            "based_on": "panzer-vor",
            "default_source": "my counter sheet",
            "tanks": {"Tiger I": {"armour": {"front": 17}, "points": 24}},
        },
    )
    mine = load_roster(user)
    assert list(mine.names) == ["Tiger I"]
    roster = panzer_vor_roster(user)
    tiger = roster.get("Tiger I")
    assert tiger.armour["front"] == 17 and tiger.points == 24
    assert tiger.source("armour_front") == "my counter sheet"
    assert tiger.movement == 3 and tiger.source("movement") == "rulebook: Moving: Movement"
    assert tiger.armour["side"] == panzer_vor_roster().get("Tiger I").armour["side"]
    assert len(roster) == len(panzer_vor_roster())
    round_trip(mine, tmp_path / "a.json", tmp_path / "b.json")


def test_merged_replaces_whole_counters():
    base = panzer_vor_roster()
    tank = TankCounter("Crusader", 4, 0, (Gun(6, 2),), {"front": 10, "side": 9, "rear": 8})
    extra = PanzerVorRoster(
        "extra", {"Crusader": tank, "Tiger I": replace(base.get("Tiger I"), points=1)}
    )
    merged = base.merged(extra)
    assert merged.get("Crusader").source("points") == STAND_IN
    assert merged.get("Tiger I").points == 1
    assert base.get("Tiger I").points != 1  # the shipped roster is unchanged


# --- what the maps hold --------------------------------------------------------------------
def test_oarai_city_features():
    city = load(MAPS / "oarai-city.json")
    assert city.hexside_at("0716", "0817").blocks_fire
    for label in ("0505", "0610", "0903"):
        assert city.terrain_at(label).fire_adjacent_only
        assert city.terrain_at(label).may_enter == ("Ōarai",)
    assert city.terrain_name("0704") == "clear"  # a target in the examples, not an alley
    assert city.grid.distance("0505", "0605") == 1 and city.grid.distance("0505", "0704") == 2
    assert city.grid.distance("0903", "0804") == 1 and city.grid.distance("0903", "0704") == 2
    assert city.place_named("Ōarai Station") == city.hex("0802")
    assert city.place_named("Ōarai Ocean Shrine") == city.hex("1118")
    assert city.place_named("Ōarai Resort Outlet") == city.hex("0206")
    east = city.zone("East of XX16")
    assert city.hex("0117") in east and city.hex("0116") not in east


def test_kuromorimine_stage_1_features():
    # Kuromorimine: "Ridge 207: The left side of the map contains a line of hill hexes (the four
    # hexes with dashed white outlines and black triangle symbols - 0305, 0406, 0505 and 0605)
    # known as Ridge 207." "Barren Hexes: Hexes 0205-0206, 0304-0306, 0404-0407, 0504-0506,
    # 0604-0606 (the dark brown hexes in and around Ridge 207) are Barren hexes."
    stage = load(MAPS / "kuromorimine-stage-1.json")
    ridge = ["0305", "0406", "0505", "0605"]
    # the main rulebook's barren ranges (0304-0306, 0404-0407, 0504-0506, 0604-0606) hold the
    # ridge hexes: they are ridge and barren at once
    assert all(stage.terrain_name(h) == "barren ridge" for h in ridge)
    assert all(
        stage.terrain_at(h).removes_smoke and stage.terrain_at(h).mp_enter == 2 for h in ridge
    )
    assert [stage.grid.distance(a, b) for a, b in itertools.pairwise(ridge)] == [1] * 3
    barren = ["0205", "0206", "0304", "0306", "0404", "0405", "0407", "0504", "0506", "0604"]
    assert all(stage.terrain_name(h) == "barren" for h in [*barren, "0606"])
    assert stage.terrain_name("1002") == "shallows"
    assert stage.place_named("Remagen Bridge") == stage.hex("1501")


def test_other_maps_features():
    anzio = load(MAPS / "anzio.json")
    assert anzio.terrain_name("1202") == anzio.terrain_name("0506") == "forest path"
    neighbours = {anzio.grid.label(h) for h in anzio.grid.neighbors("0506")}
    open_neighbours = {h for h in neighbours if anzio.terrain_at(h).enterable}
    assert open_neighbours == {"0505", "0507"}  # Forest Paths example
    assert load(MAPS / "pravda.json").terrain_name("1403") == "church"
    stage2 = load(MAPS / "kuromorimine-stage-2.json")
    assert stage2.zone("Kuromorimine reinforcements") == {stage2.hex("0108"), stage2.hex("0109")}
    assert stage2.zone("Ōarai entry") == {stage2.hex("1019")}
    saunders = load(MAPS / "saunders.json")
    expected = {"0803", *(f"{row:02d}13" for row in range(8, 15))}
    assert {saunders.grid.label(h) for h in saunders.zone("Ōarai deployment")} == expected


def test_scenarios_place_and_link():
    saunders = load(SCENARIOS / "saunders.json")
    assert saunders.side("Saunders").flag_tank.tank == "M4A1"
    assert saunders.side("Saunders").tank_count == 10
    assert saunders.placed_tanks()["0803"][1].tank == "Type 89"
    mock = load(SCENARIOS / "mock-battle.json")
    area = mock.deployment_hexes("Team A")
    assert len(area) == 19 and mock.hexmap.hex("0806") in area
    stage1 = load(SCENARIOS / "kuromorimine-stage-1.json")
    stage2 = load_next_stage(stage1)
    assert stage2.stage == 2 and stage2.side("Kuromorimine").previous_stage == "reinforcements"
    assert stage2.placed_tanks()["0417"][1].tank == "Maus"


# --- the format guide's examples -------------------------------------------------------------
def readme_examples() -> list[dict]:
    text = (ROOT / "maps" / "README.md").read_text("utf-8")
    return [json.loads(block) for block in re.findall(r"```json\n(.*?)```", text, re.S)]


def test_the_format_guides_map_loads(tmp_path):
    document = next(d for d in readme_examples() if d["format"] == "workbench.map.hex/1")
    hexmap = load(write(tmp_path / "guide.json", document))
    assert hexmap.terrain_name("0506") == "shallows"  # later entries win
    assert hexmap.terrain_name("0505") == "river"
    assert hexmap.hexside_at("0303", "0304").blocks_movement
    assert hexmap.terrain_types["swamp"].mp_enter == 3
    assert hexmap.zone("North") == frozenset(hexmap.grid.hex(f"01{c:02d}") for c in range(1, 11))


def test_the_format_guides_roster_loads(tmp_path):
    document = next(d for d in readme_examples() if d["format"].startswith("workbench.roster"))
    assert panzer_vor_roster(write(tmp_path / "mine.json", document)).get("Tiger I").points == 24


# --- bad input: each error names the file, the field, what was found and expected --------
def minimal_scenario(**changes) -> dict:
    document = {
        "format": "workbench.scenario.panzer-vor/1",
        "name": "Duel",
        "map": {"name": "tiny", "grid": {"rows": 4, "cols": 4}, "terrain": {"0303": "forest"}},
        "match_type": "annihilation",
        "deploys_first": "A",
        "acts_first": "B",
        "sides": [
            {"key": "A", "school": "Pravda", "tanks": [{"tank": "T-34/76", "hex": "0101"}]},
            {"key": "B", "school": "Kuromorimine", "tanks": [{"tank": "Tiger I", "hex": "0404"}]},
        ],
    }
    document.update(changes)
    return document


def error_of(tmp_path: Path, document: dict | str, name: str = "bad.json") -> BoardFileError:
    path = write(tmp_path / name, document)
    with pytest.raises(BoardFileError) as caught:
        load(path)
    assert str(path) in str(caught.value)
    return caught.value


def test_minimal_inline_scenario_loads_and_round_trips(tmp_path):
    scenario = load(write(tmp_path / "duel.json", minimal_scenario()))
    assert scenario.hexmap.name == "tiny"
    round_trip(scenario, tmp_path / "a.json", tmp_path / "b.json")


def test_invalid_json(tmp_path):
    error = error_of(tmp_path, '{"format": "workbench.map.hex/1", "name": ')
    assert error.field == "$" and "invalid JSON at line 1" in error.found


@pytest.mark.parametrize(
    ("tag", "expected"),
    [
        ("workbench.roster.chess/1", "one of"),
        ("workbench.roster.panzer-vor/7", "a version this workbench reads"),
        ("workbench.scenario.panzer-vor/2", "workbench.scenario.panzer-vor/1"),
    ],
)
def test_unknown_format_or_version(tmp_path, tag, expected):
    error = error_of(tmp_path, {"format": tag, "name": "x", "tanks": {}})
    assert error.field == "$.format" and expected in error.expected and tag in error.found


def test_missing_field(tmp_path):
    document = minimal_scenario()
    del document["sides"]
    error = error_of(tmp_path, document)
    assert error.field == "$.sides" and error.found == "nothing" and "required" in error.expected


def test_wrong_type(tmp_path):
    document = minimal_scenario()
    document["sides"][0]["tanks"][0]["facing"] = "north"
    error = error_of(tmp_path, document)
    assert error.field == "$.sides[0].tanks[0].facing" and error.found == '"north"'
    assert "facing 0..5" in error.expected
    roster = {"format": "workbench.roster.panzer-vor/1", "name": "r", "tanks": {"X": "fast"}}
    error = error_of(tmp_path, roster, "roster.json")
    assert error.field == "$.tanks.X" and "JSON object" in error.expected


def test_label_outside_the_grid(tmp_path):
    document = {"format": "workbench.map.hex/1", "name": "m", "grid": {"rows": 4, "cols": 4}}
    error = error_of(tmp_path, {**document, "terrain": {"0909": "forest"}})
    assert error.field == '$.terrain["0909"]' and "off the map" in error.expected
    scenario = minimal_scenario()
    scenario["sides"][1]["tanks"][0]["hex"] = "0505"
    error = error_of(tmp_path, scenario)
    assert error.field == "$.sides[1].tanks[0].hex" and error.found == '"0505"'
    assert "off the map" in error.expected
    scenario = minimal_scenario()
    scenario["sides"][0]["deployment"] = ["0101-0109"]
    error = error_of(tmp_path, scenario)
    assert error.field == "$.sides[0].deployment[0]" and "off the map" in error.expected


def test_hexside_between_non_adjacent_hexes(tmp_path):
    document = {
        "format": "workbench.map.hex/1",
        "name": "m",
        "grid": {"rows": 8, "cols": 8},
        "hexsides": [{"between": ["0505", "0704"], "type": "white"}],
    }
    error = error_of(tmp_path, document)
    assert error.field == "$.hexsides[0].between" and "two adjacent hexes" in error.expected


def test_unknown_terrain_type(tmp_path):
    document = {
        "format": "workbench.map.hex/1",
        "name": "m",
        "grid": {"rows": 4, "cols": 4},
        "terrain": {"0202": "lava"},
    }
    error = error_of(tmp_path, document)
    assert error.field == '$.terrain["0202"]' and error.found == '"lava"'
    assert "a terrain type" in error.expected and "forest" in error.expected


def test_unknown_tank(tmp_path):
    scenario = minimal_scenario()
    scenario["sides"][0]["tanks"][0]["tank"] = "Panzer IX"
    error = error_of(tmp_path, scenario)
    assert error.field == "$.sides[0].tanks[0].tank" and error.found == '"Panzer IX"'
    assert "a tank in the roster" in error.expected and "Tiger I" in error.expected


def test_duplicate_tank_in_one_hex(tmp_path):
    scenario = minimal_scenario()
    scenario["sides"][1]["tanks"][0]["hex"] = "0101"
    error = error_of(tmp_path, scenario)
    assert error.field == "$.sides[1].tanks[0].hex"
    assert "one tank per hex" in error.expected and "$.sides[0].tanks[0]" in error.expected


FIRST_TANK = "$.sides[0].tanks[0]"


@pytest.mark.parametrize(
    ("change", "field", "expected"),
    [
        (lambda d: d["sides"][0]["tanks"][0].update(hex="0303"), f"{FIRST_TANK}.hex", "enter"),
        (lambda d: d["sides"][0]["tanks"][0].update(count=2), f"{FIRST_TANK}.count", "1 for"),
        (lambda d: d["sides"][0]["tanks"][0].pop("hex"), f"{FIRST_TANK}.facing", "with a hex"),
        (
            lambda d: d["sides"][0].update(deployment=["Nowhere"]),
            "$.sides[0].deployment[0]",
            "zone",
        ),
        (lambda d: d.update(acts_first="C"), "$.acts_first", "a side's key"),
        (lambda d: d["sides"][1].update(key="A"), "$.sides[1].key", "no other side uses"),
    ],
    ids=["forest", "count", "facing", "zone", "acts_first", "key"],
)
def test_other_scenario_errors(tmp_path, change, field, expected):
    scenario = minimal_scenario()
    scenario["sides"][0]["tanks"][0]["facing"] = 2
    change(scenario)
    error = error_of(tmp_path, scenario)
    assert error.field == field and expected in error.expected


def test_alley_only_for_oarai(tmp_path):
    scenario = json.loads((SCENARIOS / "st-gloriana.json").read_text("utf-8"))
    scenario["sides"][1]["tanks"][1]["count"] = 1
    scenario["sides"][1]["tanks"][1]["hex"] = "0610"
    shutil.copytree(MAPS, tmp_path / "panzer-vor")
    path = write(tmp_path / "panzer-vor" / "scenarios" / "alley.json", scenario)
    with pytest.raises(BoardFileError) as caught:
        load(path)
    error = caught.value
    assert error.field == "$.sides[1].tanks[1].hex" and "only Ōarai" in error.expected


def test_missing_map_file(tmp_path):
    error = error_of(tmp_path, minimal_scenario(map="nowhere.json"))
    assert error.field == "$.map" and "there is no" in error.expected


def test_roster_errors(tmp_path):
    base = {"format": "workbench.roster.panzer-vor/1", "name": "r"}
    error = error_of(tmp_path, {**base, "tanks": {"Crusader": {"movement": 4}}})
    assert error.field == "$.tanks.Crusader.target_size" and error.found == "nothing"
    full = {"movement": 3, "target_size": 0, "armour": {"front": 9, "side": 8, "rear": 7}}
    error = error_of(tmp_path, {**base, "tanks": {"X": {**full, "range": "8/6", "firepower": 4}}})
    assert error.field == "$.tanks.X.firepower" and "as many firepower" in error.expected
    error = error_of(tmp_path, {**base, "tanks": {"X": {**full, "range": "far", "firepower": 4}}})
    assert error.field == "$.tanks.X.range" and '"X/Y"' in error.expected
    error = error_of(tmp_path, {**base, "based_on": "chess", "tanks": {}})
    assert error.field == "$.based_on" and "panzer-vor" in error.expected


# --- a failed load or save changes nothing ---------------------------------------------------
def test_failed_save_leaves_the_old_file(tmp_path, monkeypatch):
    path = tmp_path / "roster.json"
    panzer_vor_roster().save(path)
    before = path.read_bytes()

    def broken_replace(source, target):
        raise OSError("disk full")

    monkeypatch.setattr(os, "replace", broken_replace)
    smaller = PanzerVorRoster("tiny", {"Tiger I": panzer_vor_roster().get("Tiger I")})
    with pytest.raises(BoardFileError, match="disk full"):  # an OSError told as the file's error
        smaller.save(path)
    assert path.read_bytes() == before
    assert [p.name for p in tmp_path.iterdir()] == ["roster.json"]  # no temporary file left


def test_failed_loads_change_nothing(tmp_path):
    shipped = panzer_vor_roster()
    bad = write(tmp_path / "mine.json", '{"format": "workbench.roster.panzer-vor/1"')
    with pytest.raises(BoardFileError):
        panzer_vor_roster(bad)
    assert panzer_vor_roster() == shipped
    scenario_text = (SCENARIOS / "saunders.json").read_text("utf-8")
    document = json.loads(scenario_text)
    document["sides"][0]["tanks"][0]["tank"] = "Panzer IX"
    with pytest.raises(BoardFileError):
        load(write(tmp_path / "s.json", document))
    assert (SCENARIOS / "saunders.json").read_text("utf-8") == scenario_text


# --- the model without files ---------------------------------------------------------------
def test_problems_are_reported_for_a_scenario_built_in_python():
    hexmap = HexMap.blank(rows=4, cols=4)
    sides = (
        Side("A", "A", tanks=(ForceTank("Tiger I", hex="0101"), ForceTank("Maus", hex="0101"))),
        Side("B", "B", tanks=(ForceTank("Tiger I", count=2, flag=True),)),
    )
    scenario = PanzerVorScenario("sketch", hexmap, sides, deploys_first="A", acts_first="B")
    found = problems(scenario, hexmap, panzer_vor_roster())
    assert [p.field for p in found] == [
        ("sides", 0, "tanks", 1, "hex"),
        ("sides", 1, "tanks", 0, "count"),
    ]
    assert scenario.area_hexes([Area("0101", within=1)]) == frozenset(
        h for h in hexmap.hex("0101").disk(1) if h in hexmap.grid
    )


def test_the_terrain_the_scenario_texts_state_is_on_the_shipped_maps_as_labelled_stand_ins():
    saunders = load(MAPS / "saunders.json")
    assert {"hill", "forest"} <= {saunders.terrain_name(h) for h in saunders.grid}
    stage1 = load(MAPS / "kuromorimine-stage-1.json")
    rivers = [h for h in stage1.grid if stage1.terrain_name(h) == "river"]
    assert rivers and all(not stage1.terrain_at(h).enterable for h in rivers)
    assert stage1.terrain_name("1002") == "shallows"
    for name in ("anzio.json", "kuromorimine-stage-2.json"):
        hexmap = load(MAPS / name)
        assert hexmap.hexsides and "stand-in" in hexmap.description
    assert "stand-in" in saunders.description and "stand-in" in stage1.description
