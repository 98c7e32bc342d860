"""Board files a designer can trust: saved copies load from anywhere, every loadable value
saves, ranges stay ranges, the Python API reads what files read, misspelt fields are named."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

import workbench
from workbench.boards import HexMap
from workbench.files import BoardFileError, load_document
from workbench.games.panzer_strike.boards.board import TileSet
from workbench.games.panzer_vor.boards.scenario import PanzerVorScenario
from workbench.geometry.hexgrid import HexGrid

ROOT = Path(__file__).resolve().parents[1]
SCENARIO = ROOT / "maps/panzer-vor/scenarios/test-your-luck.json"


def test_a_scenario_saved_to_another_folder_still_finds_its_map(tmp_path: Path) -> None:
    scenario = workbench.load(SCENARIO)
    target = tmp_path / "elsewhere" / "deeper" / "copy.json"
    scenario.save(target)
    written = json.loads(target.read_text())
    # Outside its map's board folder the file could not name the map (references stay
    # inside the folder: RELIABILITY.md), so the map is held inline.
    assert isinstance(written["map"], dict)
    again = workbench.load(target)
    assert again.hexmap == scenario.hexmap


def test_a_scenario_can_embed_its_map_instead(tmp_path: Path) -> None:
    scenario = workbench.load(SCENARIO)
    target = tmp_path / "copy.json"
    scenario.save(target, embed_map=True)
    assert isinstance(json.loads(target.read_text())["map"], dict)
    again = workbench.load(target)
    assert isinstance(again, PanzerVorScenario)
    assert again.hexmap == scenario.hexmap


def test_a_saved_copy_of_a_saved_copy_still_loads(tmp_path: Path) -> None:
    first = tmp_path / "a" / "one.json"
    workbench.load(SCENARIO).save(first)
    second = tmp_path / "b" / "c" / "two.json"
    workbench.load(first).save(second)
    assert workbench.load(second).hexmap.name == workbench.load(SCENARIO).hexmap.name


def test_a_tile_set_saves_and_loads_back(tmp_path: Path) -> None:
    tiles = TileSet.builtin()
    path = tiles.save(tmp_path / "tiles.json")
    assert workbench.load(path) == tiles


def test_zones_and_terrain_written_as_ranges_are_saved_as_ranges() -> None:
    hexmap = (
        HexMap.blank(rows=12, cols=20)
        .with_zone("west", ["0101-0120"])
        .with_terrain({"0401-0408": "river", "0909": "forest"})
    )
    document = workbench.files.to_document(hexmap)
    assert document["zones"] == {"west": ["0101-0120"]}
    assert document["terrain"] == {"0401-0408": "river", "0909": "forest"}
    assert load_document(document) == hexmap


def test_a_rectangle_over_several_rows_is_one_range() -> None:
    grid = HexGrid(rows=10, cols=10)
    assert grid.ranges(grid.hexes_in("0203-0507")) == ["0203-0507"]


@given(st.sets(st.tuples(st.integers(0, 7), st.integers(0, 6)), max_size=30))
def test_ranges_name_exactly_the_hexes(cells: set[tuple[int, int]]) -> None:
    grid = HexGrid(rows=7, cols=8)
    hexes = {grid.from_offset(c, r) for c, r in cells}
    texts = grid.ranges(hexes)
    back = [h for text in texts for h in grid.hexes_in(text)]
    assert len(back) == len(set(back))  # no hex named twice
    assert set(back) == hexes
    assert len(texts) <= len(hexes)


def test_the_python_api_accepts_ranges_as_files_do() -> None:
    hexmap = HexMap.blank(rows=10, cols=10).with_terrain({"0401-0408": "river"})
    assert [hexmap.terrain_name(f"04{c:02d}") for c in range(1, 10)] == ["river"] * 8 + ["clear"]


def test_a_misspelt_field_is_named_at_its_own_path_with_a_suggestion() -> None:
    document = json.loads(SCENARIO.read_text())
    document["sides"][0]["tanks"][0]["facin"] = 2
    with pytest.raises(BoardFileError) as caught:
        load_document(document, SCENARIO)
    assert caught.value.field == "$.sides[0].tanks[0].facin"
    assert 'did you mean "facing"?' in caught.value.expected


def test_a_misspelt_top_level_field_is_named_too() -> None:
    document = {"format": "workbench.map.hex/1", "name": "m", "grid": {"rows": 2, "cols": 2}}
    document["terain"] = {}
    with pytest.raises(BoardFileError) as caught:
        load_document(document)
    assert caught.value.field == "$.terain"
    assert 'did you mean "terrain"?' in str(caught.value)


def test_a_misspelt_field_inside_an_inline_tile_set_is_named_there(tmp_path: Path) -> None:
    board = workbench.load(ROOT / "maps/panzer-strike/capture-the-flag.json")
    document = workbench.files.to_document(board)
    from workbench.games.panzer_strike.boards.board import tile_set_to_data

    document["tile_set"] = tile_set_to_data(board.tiles) | {"descripton": "x"}
    with pytest.raises(BoardFileError) as caught:
        load_document(document)
    assert caught.value.field == "$.tile_set.descripton"
    assert 'did you mean "description"?' in caught.value.expected


def test_a_board_saved_elsewhere_still_finds_its_tile_set_file(tmp_path: Path) -> None:
    TileSet.builtin().save(tmp_path / "tiles.json")
    board = workbench.load(ROOT / "maps/panzer-strike/capture-the-flag.json")
    document = workbench.files.to_document(board) | {"tile_set": "tiles.json"}
    (tmp_path / "board.json").write_text(json.dumps(document), encoding="utf-8")
    loaded = workbench.load(tmp_path / "board.json")
    beside = loaded.save(tmp_path / "board-copy.json")  # the same folder: named
    assert json.loads(beside.read_text())["tile_set"] == "tiles.json"
    assert workbench.load(beside) == loaded
    target = loaded.save(tmp_path / "copies" / "board.json")  # outside: held inline
    assert isinstance(json.loads(target.read_text())["tile_set"], dict)
    assert workbench.load(target).tiles == loaded.tiles


def test_placed_tanks_on_boards_and_tables_round_trip_and_are_checked(tmp_path: Path) -> None:
    from workbench.games.panzer_strike.boards.board import BoardError, BoardTank
    from workbench.games.tanks.boards.table import Table, TableError, TableTank, TerrainPiece

    board = workbench.load(ROOT / "maps/panzer-strike/capture-the-flag.json")
    open_square = next(s for s in board.squares() if not board.blocks_movement(s))
    placed = board.with_tank(BoardTank("A", "Medium", "north", open_square, 3))
    assert workbench.load(placed.save(tmp_path / "b.json")) == placed
    building = next(s for s in board.squares() if board.feature_name(s) == "building")
    with pytest.raises(BoardError, match="building"):
        board.with_tank(BoardTank("B", "Heavy", "south", building, 0))
    with pytest.raises(BoardError, match="two tanks"):
        placed.with_tank(BoardTank("C", "Heavy", "south", open_square, 0))
    with pytest.raises(BoardError, match="facing"):
        board.with_tank(BoardTank("D", "Heavy", "south", open_square, 9))

    table = Table("t").with_piece(TerrainPiece.box("Barn", "building", 40, 40, 10, 10))
    on_table = table.with_tank(TableTank("P", "Panther", "German", (10, 12.5), 90))
    assert workbench.load(on_table.save(tmp_path / "t.json")) == on_table
    with pytest.raises(TableError, match="inside impassable"):
        table.with_tank(TableTank("Q", "Panther", "German", (45, 45), 0))
    with pytest.raises(TableError, match="on the 90"):
        table.with_tank(TableTank("R", "Panther", "German", (95, 45), 0))
