"""TANKS board and roster files: shipped tables, the placement rule, bad input, tank cards."""

import copy
import csv
import json
from pathlib import Path

import pytest
from shapely.geometry import Polygon

from workbench.errors import ArgumentError
from workbench.files import BoardFileError, load, load_document, save, to_document
from workbench.games.tanks.boards.cards import (
    CARD_SOURCE,
    MISSING_SOURCE,
    TanksRoster,
    cards_source_note,
    tanks_cards,
    tanks_keywords,
)
from workbench.games.tanks.boards.table import (
    TANKS_TERRAIN,
    Deployment,
    MeasuringArrow,
    Table,
    TerrainPiece,
    follows_placement_rule,
    placement_problems,
)

ROOT = Path(__file__).resolve().parents[1]
SHIPPED = sorted((ROOT / "maps" / "tanks").glob("*.json"))
TABLES = [p for p in SHIPPED if "roster" not in p.name]
PACKAGE_CSV = ROOT / "workbench" / "data" / "tanks-cards.csv"


def document(path):
    return json.loads(Path(path).read_text(encoding="utf-8"))


def good_table():
    return copy.deepcopy(document(ROOT / "maps" / "tanks" / "standard-table.json"))


def error_of(doc):
    with pytest.raises(BoardFileError) as caught:
        load_document(doc, "bad.json")
    return str(caught.value)


# --- shipped tables ---------------------------------------------------------------------


def test_both_tables_ship():
    names = {p.name for p in TABLES}
    assert {"standard-table.json", "barkmanns-corner.json"} <= names


@pytest.mark.parametrize("path", TABLES, ids=lambda p: p.name)
def test_shipped_tables_load_and_round_trip(path, tmp_path):
    table = load(path)
    assert isinstance(table, Table)
    saved = save(table, tmp_path / path.name)
    assert load(saved) == table
    assert document(saved) == document(path)  # the same document, field for field
    assert to_document(table) == document(path)


@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: p.name)
def test_every_shipped_tanks_file_round_trips(path, tmp_path):
    value = load(path)
    assert load(save(value, tmp_path / path.name)) == value
    assert document(tmp_path / path.name) == document(path)


def test_shipped_roster_template():
    roster = load(ROOT / "maps" / "tanks" / "my-cards-roster.json")
    assert roster.card("ISU-122").source("points").startswith("example")
    assert roster.card("Panther") == tanks_cards()["Panther"]


def test_standard_table_follows_the_placement_rule():
    table = load(ROOT / "maps" / "tanks" / "standard-table.json")
    assert (table.width, table.depth) == (90, 90)
    kinds = [p.kind for p in table.pieces]
    assert sorted(kinds) == ["building"] * 4 + ["woods"] * 2
    assert kinds[:2] == ["woods", "woods"]  # woods are placed first (Table Setup)
    assert placement_problems(table) == []
    assert follows_placement_rule(table)
    assert table.arrow.source == "stand-in"
    # the rule checked by hand as well: every gap is at least one arrow length
    reach = table.arrow.length
    for piece in table.pieces:
        x0, y0, x1, y1 = piece.polygon.bounds
        assert min(x0, y0, 90 - x1, 90 - y1) >= reach
        for other in table.pieces:
            if other is not piece:
                assert piece.polygon.distance(other.polygon) >= reach


def test_barkmanns_corner_follows_the_scenario_text():
    # Your First Game: Barkmann's Corner: Setting up the scenario: "Set up the scenario so that
    # your map matches the terrain setup in the scenario map." "The battlefield has a cluster of
    # Houses in the centre, with a Forest in the American Deployment corner and a second Forest
    # near Barkmann's Deployment corner."
    table = load(ROOT / "maps" / "tanks" / "barkmanns-corner.json")
    buildings = table.pieces_that(impassable=True)
    woods = [p for p in table.pieces if p.kind == "woods"]
    assert len(buildings) == 4 and len(woods) == 2
    # a cluster of houses in the centre
    for house in buildings:
        x, y = house.polygon.centroid.coords[0]
        assert abs(x - 45) < 15 and abs(y - 45) < 15
    # a forest in the American deployment corner, another near Barkmann's
    american, german = table.deployment_area("American"), table.deployment_area("German")
    assert table.piece_named("American forest").polygon.intersects(american)
    barkmann = table.piece_named("Barkmann's forest").polygon
    assert barkmann.distance(german) < table.arrow.length
    assert "APPROXIMATED" in table.description
    assert {d.side for d in table.deployments} == {"German", "American"}


def test_placement_rule_finds_pieces_too_close():
    table = Table(
        "t",
        pieces=[
            TerrainPiece.box("A", "building", 20, 20, 10, 10),
            TerrainPiece.box("B", "building", 35, 20, 10, 10),  # 5 cm from A
            TerrainPiece.box("C", "woods", 80, 50, 5, 5),  # 5 cm from the east edge
            TerrainPiece.box("Wreck", "destroyed-tank", 2, 2, 4, 2),  # not a set-up piece
        ],
    )
    problems = placement_problems(table)
    assert problems == [
        "C is 5 cm from the table edge, within the Measuring Arrow (15 cm)",
        "A and B are 5 cm apart, within the Measuring Arrow (15 cm)",
    ]
    assert follows_placement_rule(table.with_arrow(MeasuringArrow(length=4, tail_length=3)))


# --- the table value --------------------------------------------------------------------


def test_terrain_kinds_come_from_the_rulebook():
    building, woods, wreck = (TANKS_TERRAIN[k] for k in ("building", "woods", "destroyed-tank"))
    assert building.blocks_los and building.gives_cover and building.impassable
    assert woods.blocks_los and woods.gives_cover and not woods.impassable and woods.cover_inside
    assert wreck.blocks_los and wreck.gives_cover and wreck.impassable
    assert all(k.rule.startswith("rulebook: Terrain") for k in TANKS_TERRAIN.values())


def test_tables_are_immutable_values():
    table = Table("sketch")
    assert (table.width, table.depth) == (90, 90)
    grown = table.with_piece(TerrainPiece.box("Barn", "building", 30, 30, 10, 8))
    assert table.pieces == () and len(grown.pieces) == 1
    moved = grown.with_piece(TerrainPiece.box("Barn", "building", 50, 30, 10, 8))
    assert len(moved.pieces) == 1 and moved.piece_named("Barn").polygon.bounds[0] == 50
    assert moved.without_piece("Barn").pieces == ()
    marked = table.with_objective("Centre", (45, 45)).with_deployment("Attacker", "south")
    assert marked.objectives[0].at == (45.0, 45.0) and marked.deployments[0].at == "south"
    with pytest.raises(KeyError, match=r"piece: expected a terrain piece .* got 'Mill'"):
        table.piece_named("Mill")


def test_line_clear_uses_blocking_terrain_only():
    table = Table("t", pieces=[TerrainPiece.box("Wood", "woods", 40, 40, 10, 10)])
    assert table.line_clear((20, 45), [(70, 45), (70, 20)]).tolist() == [False, True]


def test_visible_area_matches_line_clear():
    table = load(ROOT / "maps" / "tanks" / "standard-table.json")
    start = (45.0, 5.0)
    seen = table.visible_area(start)
    points = [(x + 0.5, y + 0.5) for x in range(0, 90, 3) for y in range(0, 90, 3)]
    clear = table.line_clear(start, points)
    from shapely.geometry import Point

    assert [seen.covers(Point(p)) for p in points] == clear.tolist()  # grazing sees
    assert 0 < seen.area < 90 * 90


def test_deployment_areas():
    table = Table("t", deployments=[Deployment("A", "south"), Deployment("B", "north-west")])
    assert table.deployment_area("A").bounds == (0.0, 75.0, 90.0, 90.0)
    corner = table.deployment_area("B")
    assert corner.bounds[:2] == (0.0, 0.0) and corner.area == pytest.approx(
        3.14159 * 15**2 / 4, 0.01
    )
    with pytest.raises(KeyError, match=r"side: expected a side deploying .* got 'C'"):
        table.deployment_area("C")


def test_a_bad_piece_or_arrow_built_in_code_is_refused_where_it_is_made():
    with pytest.raises(ArgumentError, match=r"kind: expected a kind: building"):  # the piece
        Table("t", pieces=[TerrainPiece.box("Hill", "hill", 30, 30, 5, 5)])
    with pytest.raises(ValueError, match="no longer than the whole arrow"):
        MeasuringArrow(length=5, tail_length=10)


# --- bad table files --------------------------------------------------------------------


def test_self_intersecting_polygon():
    doc = good_table()
    doc["terrain"][2]["polygon"] = [[[40, 16], [49, 23], [49, 16], [40, 23], [40, 16]]]
    assert error_of(doc) == (
        "bad.json: $.terrain[2].polygon: expected a simple polygon: three or more corners, an "
        "outline that does not cross itself, found a polygon where its outline crosses itself "
        "near (44.5, 19.5)"
    )


def test_overlapping_pieces():
    doc = good_table()
    doc["terrain"][3]["polygon"] = [[[45, 18], [55, 18], [55, 25], [45, 25], [45, 18]]]
    assert error_of(doc) == (
        "bad.json: $.terrain[3].polygon: expected a piece that overlaps no other piece, "
        "found a piece overlapping terrain[2] ('Farmhouse')"
    )


def test_piece_off_the_table():
    doc = good_table()
    doc["terrain"][3]["polygon"] = [[[85, 17], [94, 17], [94, 24], [85, 24], [85, 17]]]
    assert error_of(doc) == (
        "bad.json: $.terrain[3].polygon: expected a piece on the 90 × 90 cm table, "
        "found a piece reaching x 85 to 94, y 17 to 24 cm"
    )


def test_unknown_kind():
    doc = good_table()
    doc["terrain"][0]["kind"] = "river"
    assert error_of(doc) == (
        "bad.json: $.terrain[0].kind: expected a kind: building, destroyed-tank, woods, "
        "found 'river'"
    )


def test_missing_field():
    doc = good_table()
    del doc["terrain"][1]["polygon"]
    assert error_of(doc) == (
        "bad.json: $.terrain[1].polygon: expected a 'polygon' field (it is required), found nothing"
    )
    doc = good_table()
    del doc["name"]
    assert "$.name: expected a 'name' field" in error_of(doc)


def test_wrong_types():
    doc = good_table()
    doc["size"]["width"] = "ninety"
    assert error_of(doc) == (
        'bad.json: $.size.width: expected a width in cm, more than 0, found "ninety"'
    )
    doc = good_table()
    doc["terrain"][0]["polygon"] = [[[0, 0], [1, "one"], [1, 1]]]
    assert (
        error_of(doc)
        == 'bad.json: $.terrain[0].polygon[0][1][1]: expected a JSON number, found "one"'
    )
    doc = good_table()
    doc["terrain"] = {"name": "x"}
    assert error_of(doc).startswith("bad.json: $.terrain: expected a JSON array")


def test_other_bad_fields():
    doc = good_table()
    doc["terrain"][1]["name"] = doc["terrain"][0]["name"]
    assert "$.terrain[1].name: expected a name no other piece has (terrain[0] has it)" in error_of(
        doc
    )
    doc = good_table()
    doc["measuring_arrow"]["tail_length"] = 20
    assert "$.measuring_arrow: expected measurements that fit" in error_of(doc)
    doc = good_table()
    doc["deployment"][0]["at"] = "middle"
    assert "$.deployment[0].at: expected a table edge (north, east, south, west)" in error_of(doc)
    doc = good_table()
    doc["objectives"] = [{"name": "Far", "at": [100, 5]}]
    assert error_of(doc) == (
        "bad.json: $.objectives[0].at: expected a point on the 90 × 90 cm table, found [100, 5]"
    )
    doc = good_table()
    doc["terrain"][0]["polygon"] = [[[10, 10], [20, 20]]]
    assert "$.terrain[0].polygon[0]: expected a ring of at least three points" in error_of(doc)


def test_a_ring_of_too_few_corners():
    doc = good_table()
    doc["terrain"][0]["polygon"] = [[[10, 10], [20, 20], [10, 10]]]
    assert error_of(doc) == (
        "bad.json: $.terrain[0].polygon: expected a simple polygon: three or more corners, an "
        "outline that does not cross itself, found a polygon where it is not a valid polygon "
        "(too few points in geometry component near (10, 10))"
    )


def test_defaults_when_size_and_arrow_are_left_out():
    # Game Set Up: Table Setup: "TANKS is played on a 3'x3' or 90cm x 90cm table."
    doc = good_table()
    del doc["size"], doc["measuring_arrow"]
    table = load_document(doc)
    assert (table.width, table.depth) == (90, 90) and table.arrow == MeasuringArrow()


def test_holes_round_trip(tmp_path):
    wood = Polygon(
        [(20, 20), (40, 20), (40, 40), (20, 40)], [[(25, 25), (30, 25), (30, 30), (25, 30)]]
    )
    table = Table("clearing", pieces=[TerrainPiece("Wood with a clearing", "woods", wood)])
    assert load(table.save(tmp_path / "t.json")) == table


# --- tank cards -------------------------------------------------------------------------


def csv_rows():
    lines = PACKAGE_CSV.read_text(encoding="utf-8").splitlines()
    return list(csv.DictReader(line for line in lines if not line.startswith("#")))


def test_package_csv_names_the_community_source_in_its_header():
    assert "BSData/tanks" in cards_source_note()


def test_card_values_match_the_csv_exactly():
    rows = csv_rows()
    cards = tanks_cards()
    assert list(cards) == [row["tank"] for row in rows]
    for row in rows:
        card = cards[row["tank"]]
        assert card.country == row["country"]
        for name in ("crew_slots", "initiative", "attack", "defence", "damage_capacity", "points"):
            printed = None if row[name] == "unknown" else int(row[name])
            assert getattr(card, name) == printed, (card.name, name)
        assert card.keywords == tuple(row["keywords"].split(";"))


def test_every_card_value_carries_its_source():
    for card in tanks_cards().values():
        for name in ("country", "crew_slots", "attack", "defence", "keywords"):
            assert card.source(name) == CARD_SOURCE
    # a value no source gives is unknown, never a number presented as printed
    assert tanks_cards()["ISU-122"].points is None
    assert "card_points" in MISSING_SOURCE
    assert tanks_cards()["ISU-122"].source("points") == MISSING_SOURCE
    assert tanks_cards()["Panther"].source("points") == CARD_SOURCE


def test_every_keyword_on_a_card_has_a_text_with_a_source():
    keywords = tanks_keywords()
    for card in tanks_cards().values():
        for keyword in card.keywords:
            assert keyword in keywords, (card.name, keyword)
    assert keywords["Assault Gun"].source == "rulebook: Keyword Reference: Assault Gun"
    assert keywords["Heavy Tank"].source.startswith("community data")
    assert keywords["Big Gun"].text == "Upgrades one uncancelled Hit to a Critical Hit."


def test_card_crew_slots_and_keywords():
    jagdpanther = tanks_cards()["Jagdpanther"]
    assert jagdpanther.crew_slots == 4 and jagdpanther.has("Assault Gun")
    assert tanks_cards()["StuG G"].crew_slots == 3


# --- rosters ----------------------------------------------------------------------------


def roster_document():
    return {
        "format": "workbench.roster.tanks/1",
        "name": "My printed cards",
        "source": "my printed cards",
        "tanks": {
            "Panther": {"points": 33},
            "ISU-122": {"points": 30, "sources": {"points": "a forum post"}},
            "Tiger I": {
                "country": "German",
                "crew_slots": 4,
                "initiative": 6,
                "attack": 6,
                "defence": 2,
                "damage_capacity": 7,
                "points": 40,
                "keywords": ["Blitzkrieg"],
            },
        },
    }


def test_roster_overrides_values_and_marks_their_source(tmp_path):
    roster = load_document(roster_document())
    panther = roster.card("Panther")
    assert panther.points == 33 and panther.source("points") == "my printed cards"
    assert panther.attack == 5 and panther.source("attack") == CARD_SOURCE
    assert roster.card("ISU-122").source("points") == "a forum post"
    tiger = roster.card("Tiger I")
    assert tiger.damage_capacity == 7 and tiger.source("attack") == "my printed cards"
    assert roster.card("Pershing") == tanks_cards()["Pershing"]
    path = save(roster, tmp_path / "roster.json")
    assert load(path) == roster
    assert document(path) == {**roster_document(), "base": "builtin"}


def test_roster_built_in_code_round_trips(tmp_path):
    roster = TanksRoster.builtin().with_values("Comet", attack=6, keywords=("Fast",))
    assert roster.card("Comet").source("attack") == "user file: TANKS cards (community data)"
    assert load(roster.save(tmp_path / "r.json")) == roster
    assert document(tmp_path / "r.json")["tanks"] == {"Comet": {"attack": 6, "keywords": ["Fast"]}}


def test_roster_of_own_cards_only():
    doc = roster_document()
    doc["base"] = "none"
    del doc["tanks"]["Panther"], doc["tanks"]["ISU-122"]
    roster = load_document(doc)
    assert list(roster.cards) == ["Tiger I"]


def test_bad_roster_files():
    doc = roster_document()
    del doc["tanks"]["Tiger I"]["attack"]
    assert error_of(doc) == (
        "bad.json: $.tanks[\"Tiger I\"].attack: expected a 'attack' value: 'Tiger I' is a new "
        "card (the shipped cards), so it gives every field, found nothing"
    )
    doc = roster_document()
    doc["tanks"]["Panther"]["attack"] = "five"
    assert error_of(doc) == (
        'bad.json: $.tanks.Panther.attack: expected a whole number of at least 0, found "five"'
    )
    doc = roster_document()
    doc["tanks"]["Panther"]["armour"] = 3
    assert "$.tanks.Panther.armour: expected a field the format defines" in error_of(doc)
    doc = roster_document()
    del doc["tanks"]
    assert "$.tanks: expected a 'tanks' field (it is required)" in error_of(doc)
