"""Panzer Strike files: Table A and the Dice Table exactly, stand-ins labelled, tiles, boards,
rosters, and the messages bad input gets."""

import copy
import json
import shutil
from pathlib import Path

import pytest

from workbench.files import BoardFileError, load, load_document, save, to_document
from workbench.games.panzer_strike.boards.board import (
    BoardError,
    SquareBoard,
    TileFace,
    TileSet,
    tile_labels,
)
from workbench.games.panzer_strike.boards.tank_types import (
    HitDirection,
    PanzerStrikeRoster,
    panzer_strike_types,
    speed_modifier,
)
from workbench.geometry.squaregrid import Square

ROOT = Path(__file__).resolve().parents[1]
MAPS = ROOT / "maps" / "panzer-strike"
SHIPPED = sorted(MAPS.glob("*.json"))


def document(path):
    return json.loads(Path(path).read_text(encoding="utf-8"))


def error_of(doc):
    with pytest.raises(BoardFileError) as caught:
        load_document(doc, "bad.json")
    return str(caught.value)


def flag_board():
    return copy.deepcopy(document(MAPS / "capture-the-flag.json"))


def tiles_document():
    return copy.deepcopy(document(MAPS / "tiles.json"))


# --- Table A, the Dice Table and the stand-ins --------------------------------------------

TABLE_A = {  # as printed: Speed, Armour Front, Side, Rear, Gun (firepower) dice, Value (points)
    "Heavy": ("large number − 2", 10, 7, 4, 4, 3),
    "Medium": ("large number", 7, 4, 2, 3, 2),
    "Light": ("large number + 1", 4, 2, 1, 2, 1),
}


def test_table_a_values_exactly_as_printed():
    # Choosing Tanks: "Each type of tank has its value (last column in the Tables). Tank types:"
    # Shooting and Armour: "Different tanks have different Armour value (column "Armour" in the
    # Tables)." Table A: "| Tank | Speed | Armour Front | Armour Side | Armour Rear | Gun
    # (firepower) dice | Value (points) |" "| Heavy | large number − 2 | 10 | 7 | 4 | 4 | 3 |"
    # "| Medium | large number | 7 | 4 | 2 | 3 | 2 |" "| Light | large number + 1 | 4 | 2 | 1 |
    # 2 | 1 |"
    types = panzer_strike_types()
    assert list(types) == ["Heavy", "Medium", "Light"]
    for name, row in TABLE_A.items():
        kind = types[name]
        fields = ("speed", "armour_front", "armour_side", "armour_rear", "gun_dice", "value")
        assert tuple(getattr(kind, f) for f in fields) == row
        assert all(kind.source(f) == "rulebook: Table A" for f in fields)


def test_speed_follows_the_movement_rule():
    # Movement: "Different tanks have different max. speeds. For some tanks, the large number
    # represents the number of steps they can move, while that number is modified for other
    # types according to the second column in the Tables."
    types = panzer_strike_types()
    assert types["Heavy"].steps(6) == 4 and types["Medium"].steps(6) == 6
    assert types["Light"].steps(6) == 7  # the printed sheet's example
    assert types["Heavy"].steps(1) == 0
    assert (types["Heavy"].armour("front"), types["Light"].armour("rear")) == (10, 1)
    with pytest.raises(ValueError, match="a speed reads like"):
        speed_modifier("fast")


def test_dice_table_exactly_as_printed():
    # Dice Table: "| Active tanks | Dice rolled |" "| 1 – 4 | 2 |" "| 5 – 8 | 3 |" "| 9 – 12 | 4
    # |" "| 13 + | 5 |"
    roster = PanzerStrikeRoster.builtin()
    printed = [(r.active_tanks, r.least, r.most, r.dice) for r in roster.dice_table]
    assert printed == [
        ("1 – 4", 1, 4, 2),
        ("5 – 8", 5, 8, 3),
        ("9 – 12", 9, 12, 4),
        ("13 +", 13, None, 5),
    ]
    assert [roster.dice_rolled(n) for n in range(1, 16)] == [2] * 4 + [3] * 4 + [4] * 4 + [5] * 3
    assert roster.dice_rolled(0) == 0
    assert roster.source("dice_table") == "rulebook: Dice Table"


def test_unknowns_are_labelled_stand_ins():
    roster = PanzerStrikeRoster.builtin()
    for section in ("die", "ruler", "hit_direction"):
        assert roster.source(section) == "stand-in"
    assert len(roster.die_faces) == 6
    assert {f.movement for f in roster.die_faces} == {1, 2, 3, 4, 5, 6}


def test_hit_direction_stand_in_puts_dividing_lines_on_the_side():
    zones = PanzerStrikeRoster.builtin().hit_direction
    assert [zones.zone(b) for b in (0, 44, 45, 90, 135, 136, 180, -136, -45, 315)] == [
        "front",
        "front",
        "side",
        "side",
        "side",
        "rear",
        "rear",
        "rear",
        "side",
        "side",
    ]
    assert HitDirection(90, 0).zone(89) == "front"


# --- Panzer Strike rosters ----------------------------------------------------------------


def roster_document():
    return {
        "format": "workbench.roster.panzer-strike/1",
        "name": "My box",
        "source": "my copy of the game",
        "types": {
            "Heavy": {"armour_front": 11},
            "Tank destroyer": {
                "speed": "large number − 1",
                "armour_front": 8,
                "armour_side": 3,
                "armour_rear": 2,
                "gun_dice": 4,
                "value": 2,
                "sources": {"value": "a guess"},
            },
        },
        "die": {"source": "my dice", "faces": [[1, 4], [2, 3], [3, 3], [4, 2], [5, 2], [6, 1]]},
    }


def test_roster_overrides_any_value(tmp_path):
    roster = load_document(roster_document())
    heavy = roster.tank_type("Heavy")
    assert heavy.armour_front == 11 and heavy.source("armour_front") == "my copy of the game"
    assert heavy.armour_side == 7 and heavy.source("armour_side") == "rulebook: Table A"
    destroyer = roster.tank_type("Tank destroyer")
    assert destroyer.steps(6) == 5 and destroyer.source("value") == "a guess"
    assert roster.die_faces[0].firepower == 4 and roster.source("die") == "my dice"
    assert roster.source("ruler") == "stand-in"
    path = save(roster, tmp_path / "r.json")
    assert load(path) == roster
    assert document(path) == roster_document()
    assert to_document(PanzerStrikeRoster.builtin())["types"] == {}


def test_roster_made_in_code_round_trips(tmp_path):
    roster = (
        PanzerStrikeRoster.builtin()
        .with_type_values("Light", gun_dice=3)
        .with_die_faces([(1, 1), (6, 6)], "a house rule")
    )
    assert load(roster.save(tmp_path / "r.json")) == roster


def test_bad_roster_files():
    doc = roster_document()
    del doc["types"]["Tank destroyer"]["gun_dice"]
    assert error_of(doc) == (
        "bad.json: $.types[\"Tank destroyer\"].gun_dice: expected a 'gun_dice' value: "
        "'Tank destroyer' is a new tank type, so it gives every field, found nothing"
    )
    doc = roster_document()
    doc["types"]["Heavy"]["speed"] = "very fast"
    assert error_of(doc) == (
        'bad.json: $.types.Heavy.speed: expected a speed like "large number", '
        '"large number + 1" or "large number − 2", found "very fast"'
    )
    doc = roster_document()
    doc["types"]["Heavy"]["armour_side"] = 7.5
    assert error_of(doc) == (
        "bad.json: $.types.Heavy.armour_side: expected a whole number of at least 0, found 7.5"
    )
    doc = roster_document()
    doc["die"]["faces"] = [[1, 2, 3]]
    assert error_of(doc) == (
        "bad.json: $.die.faces[0]: expected a face [large number, small number], like [6, 1], "
        "found [1, 2, 3]"
    )


# --- tiles --------------------------------------------------------------------------------


def test_both_panzer_strike_files_ship():
    assert {p.name for p in SHIPPED} >= {"tiles.json", "capture-the-flag.json"}


@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: p.name)
def test_shipped_files_load_and_round_trip(path, tmp_path):
    value = load(path)
    shutil.copy(MAPS / "tiles.json", tmp_path / "tiles.json")  # boards name their tile set file
    saved = save(value, tmp_path / path.name)
    assert load(saved) == value
    assert document(saved) == document(path)


def test_shipped_roster_template():
    roster = load(MAPS / "my-game-roster.json")
    assert roster.source("die").startswith("example")
    assert roster.types == PanzerStrikeRoster.builtin().types


def test_tile_set_is_the_package_data_and_follows_board_assembly():
    # Board Assembly: "There are 12 double-sided board tiles." "The tiles are marked I-a through
    # I-d, II-a through II-d, III-a through III-d (the northern group, shown as three rows of
    # four) and IV-a through IV-d, V-a through V-d, VI-a through VI-d (the southern group, shown
    # as three rows of four below it)."
    tiles = load(MAPS / "tiles.json")
    assert tiles == TileSet.builtin()
    package = ROOT / "workbench" / "data" / "panzer-strike-tiles.json"
    assert document(package) == document(MAPS / "tiles.json")
    labels = tile_labels()
    assert len(labels) == 24 and labels[0] == "I-a" and labels[-1] == "VI-d"
    assert set(tiles.faces) == set(labels)
    # 12 double-sided tiles: every face has exactly one back
    physical = {tiles.tile_of(label) for label in labels}
    assert len(physical) == 12 and all(len(t) == 2 for t in physical)
    # nothing about the printed contents is known: every face is a stand-in
    assert all(face.source == "stand-in" for face in tiles.faces.values())
    assert tiles.size_source == "stand-in" and tiles.backs_source == "stand-in"
    assert "STAND-IN" in tiles.description


@pytest.mark.parametrize(
    ("rows", "sets", "first"),
    [("north", 1, "I-a"), ("south", 1, "IV-a"), (("II", "III", "IV"), 1, "II-a")],
)
def test_one_set_shows_three_rows_of_four(rows, sets, first):
    # Board Assembly: "You can play on the north, the south or somewhere in between." "The
    # printed picture shows the north bracket covering rows I–III and the south bracket covering
    # rows IV–VI."
    board = SquareBoard.assembled(TileSet.builtin(), rows, sets)
    assert len(board.layout) == 3 and all(len(r) == 4 for r in board.layout)
    assert board.layout[0][0] == first
    assert (board.width, board.depth) == (16, 12)


ALL_ROWS = ("I", "II", "III", "IV", "V", "VI")


def test_two_sets_make_a_board_of_all_24_tiles():
    # Board Assembly: "If you have two sets of this game, you can assemble a bigger board out of
    # all 24 tiles."
    board = SquareBoard.assembled(TileSet.builtin(), ALL_ROWS, sets=2)
    assert (board.width, board.depth) == (16, 24)
    with pytest.raises(BoardError, match="each tile at most once per set"):
        SquareBoard.assembled(TileSet.builtin(), ALL_ROWS, sets=1)


def test_squares_read_through_their_tiles():
    tiles = TileSet.builtin()
    board = SquareBoard.assembled(tiles, "north")
    face = tiles.faces["II-c"]
    square = Square(2 * 4 + 1, 1 * 4 + 3)  # tile column c, row II; local (1, 3)
    assert board.tile_at(square) == "II-c"
    assert board.feature_name(square) == face.feature(1, 3)
    counts = {name: len(board.squares_with(name)) for name in ("open", "street", "building")}
    assert sum(counts.values()) == 16 * 12 and all(counts.values())
    building = next(iter(board.squares_with("building")))
    assert board.blocks_movement(building) and board.blocks_fire(building)
    with pytest.raises(KeyError, match="a square on the 16 × 12 board"):
        board.tile_at(Square(16, 0))


def test_a_designer_can_correct_a_face():
    tiles = TileSet.builtin().with_face(TileFace("I-a", ("####",) * 4, "my tile"))
    board = SquareBoard.assembled(tiles, "north")
    assert board.feature_name(Square(0, 0)) == "building"
    assert TileSet.builtin().faces["I-a"].source == "stand-in"  # the original is unchanged


# --- the capture-the-flag board -------------------------------------------------------------


def test_capture_the_flag_board():
    # Task: Capture the Flag: "The goal of the game can be to capture enemy flags." "The flags
    # are placed on empty squares. Tanks can shoot over, but not pass through squares with
    # flags."
    board = load(MAPS / "capture-the-flag.json")
    owners = sorted(board.flags.values())
    assert owners == ["north", "north", "south", "south"]  # symmetrical, two flags each
    for square in board.flags:
        assert board.feature_name(square) != "building" and square not in board.barricades
        assert board.blocks_movement(square) and not board.blocks_fire(square)
    for square in board.barricades:
        assert board.feature_name(square) == "street"
        assert board.blocks_movement(square) and board.blocks_fire(square)
    assert board.tiles == TileSet.builtin()


def test_flags_and_barricades_are_immutable_edits(tmp_path):
    board = load(MAPS / "capture-the-flag.json")
    street = next(s for s in sorted(board.squares_with("street")) if s not in board.barricades)
    changed = board.without_flag(Square(2, 1)).with_barricade(street)
    assert Square(2, 1) in board.flags and Square(2, 1) not in changed.flags
    assert street in changed.barricades and street not in board.barricades
    assert load(changed.save(tmp_path / "b.json")) == changed


def test_a_board_reads_the_tile_set_file_beside_it(tmp_path):
    tiles = tiles_document()
    tiles["faces"]["I-c"] = {"source": "my tile", "rows": ["####"] * 4}
    (tmp_path / "tiles.json").write_text(json.dumps(tiles), encoding="utf-8")
    board_path = tmp_path / "board.json"
    board_path.write_text(json.dumps({**flag_board(), "tile_set": "tiles.json"}), encoding="utf-8")
    board = load(board_path)
    assert board.tile_set_file == "tiles.json"
    assert board.feature_name(Square(8, 0)) == "building"  # the edit shows on the board
    assert document(board.save(board_path))["tile_set"] == "tiles.json"
    assert board.with_tiles(TileSet.builtin()).tile_set_file == ""
    (tmp_path / "tiles.json").write_text(
        json.dumps(document(MAPS / "capture-the-flag.json")), encoding="utf-8"
    )
    with pytest.raises(BoardFileError, match=r"tiles\.json is not a tile set"):
        load(board_path)


def test_a_board_with_its_own_tiles_round_trips(tmp_path):
    tiles = TileSet.builtin().with_face(TileFace("I-a", ("=...",) * 4, "my tile"))
    board = SquareBoard.assembled(tiles, "north", name="own tiles")
    path = board.save(tmp_path / "own.json")
    assert isinstance(document(path)["tile_set"], dict)
    assert load(path) == board


# --- bad board and tile files ---------------------------------------------------------------


def test_unknown_tile_label():
    doc = flag_board()
    doc["layout"][1][2] = "VII-a"
    assert error_of(doc) == (
        "bad.json: $.layout[1][2]: expected a face of the tile set (I-a … VI-d), found 'VII-a'"
    )


def test_a_tile_used_twice_with_one_set():
    doc = flag_board()
    doc["layout"][1][0] = "IV-a"  # the back of I-a, already on the board
    assert error_of(doc) == (
        "bad.json: $.layout[1][0]: expected each tile at most once per set (one set), "
        "found tile I-a / IV-a used 2 times"
    )
    doc["sets"] = 2
    assert load_document(doc).sets == 2


def test_flag_on_a_building():
    board = load(MAPS / "capture-the-flag.json")
    building = min(board.squares_with("building"))
    doc = flag_board()
    doc["flags"][0]["at"] = [building.x, building.y]
    assert (
        error_of(doc)
        == "bad.json: $.flags[0].at: expected an empty square, found a flag on a building square"
    )


def test_flag_off_the_board_and_twice_on_a_square():
    doc = flag_board()
    doc["flags"][1]["at"] = [16, 3]
    assert error_of(doc) == (
        "bad.json: $.flags[1].at: expected a square [x, y] on the 16 × 12 board, found [16, 3]"
    )
    doc = flag_board()
    doc["flags"][1]["at"] = doc["flags"][0]["at"]
    assert (
        error_of(doc)
        == "bad.json: $.flags[1].at: expected a square no other flag stands on, found [2, 1]"
    )


def test_barricade_off_a_street():
    board = load(MAPS / "capture-the-flag.json")
    open_square = min(board.squares_with("open"))
    doc = flag_board()
    doc["barricades"] = [[open_square.x, open_square.y]]
    assert error_of(doc) == (
        "bad.json: $.barricades[0]: expected a street square (Optional Rules: Barricades), "
        "found a barricade on a open square"
    )


def test_board_missing_field_and_wrong_types():
    doc = flag_board()
    del doc["layout"]
    assert (
        error_of(doc)
        == "bad.json: $.layout: expected a 'layout' field (it is required), found nothing"
    )
    doc = flag_board()
    doc["sets"] = "two"
    assert (
        error_of(doc)
        == "bad.json: $.sets: expected how many copies of the game the tiles come from, "
        '1 or 2, found "two"'
    )
    doc = flag_board()
    doc["flags"][0]["at"] = [2, -1]
    assert error_of(doc) == "bad.json: $.flags[0].at[1]: expected a number of at least 0, found -1"
    doc = flag_board()
    doc["tile_set"] = "no-such-tiles.json"
    assert error_of(doc) == (
        'bad.json: $.tile_set: expected "builtin", a tile set file beside this one (like '
        '"tiles.json") or a whole tile set; there is no file no-such-tiles.json, '
        'found "no-such-tiles.json"'
    )
    doc["tile_set"] = 7
    assert error_of(doc).startswith('bad.json: $.tile_set: expected "builtin" (the shipped')
    doc = flag_board()
    doc["layout"] = [["I-a", "I-b"], ["II-a"]]
    assert (
        error_of(doc)
        == "bad.json: $.layout: expected rows of equal length, 1+ tiles, found rows of [2, 1] tiles"
    )


def test_bad_tile_files():
    doc = tiles_document()
    doc["faces"]["II-b"]["rows"][2] = "..x."
    assert error_of(doc) == (
        'bad.json: $.faces["II-b"].rows[2]: expected a row of symbols: "." open, "=" street, '
        '"#" building, found "..x."'
    )
    doc = tiles_document()
    doc["faces"]["II-b"]["rows"][2] = "....."
    assert error_of(doc) == (
        "bad.json: $.faces[\"II-b\"].rows[2]: expected 4 symbols (the tile width), found '.....'"
    )
    doc = tiles_document()
    del doc["faces"]["I-a"]["source"]
    assert error_of(doc) == (
        "bad.json: $.faces[\"I-a\"].source: expected a 'source' field (it is required), "
        "found nothing"
    )
    doc = tiles_document()
    doc["tile_size"]["width"] = 0
    assert (
        error_of(doc)
        == "bad.json: $.tile_size.width: expected squares across a tile, at least 1, found 0"
    )
    doc = tiles_document()
    doc["backs"]["pairs"][0] = ["I-a", "IV-b"]
    assert "$.backs: expected one back per face" in error_of(doc)


def test_an_inline_tile_set_reports_its_own_fields():
    doc = flag_board()
    tiles = tiles_document()
    del tiles["format"]
    tiles["faces"]["I-a"]["rows"] = tiles["faces"]["I-a"]["rows"][:3]
    doc["tile_set"] = tiles
    assert error_of(doc) == (
        'bad.json: $.tile_set.faces["I-a"].rows: expected 4 rows (the tile depth), found 3 rows'
    )
    tiles["faces"]["I-a"]["rows"] = ["..?."] * 4
    message = error_of(doc)
    assert message.startswith('bad.json: $.tile_set.faces["I-a"].rows[')
    assert message.endswith(
        ': expected a row of symbols: "." open, "=" street, "#" building, found "..?."'
    )
