"""The map editor driven without a browser: gestures in canvas pixels, for all three board
kinds; undo and redo; saving, reloading what was drawn, and asking before losing changes."""

from __future__ import annotations

from pathlib import Path

import pytest

import workbench
from workbench.boards import HexMap, TerrainType
from workbench.errors import ArgumentError
from workbench.files import BoardFileError
from workbench.games.panzer_strike.boards.board import SquareBoard, TileSet
from workbench.games.tanks.boards.table import Table
from workbench.geometry.squaregrid import Square
from workbench.widgets.editor import Editor

ROOT = Path(__file__).resolve().parents[1]


def centre(editor: Editor, cell) -> tuple[float, float]:
    return editor.scene.pixel_of(cell)


def stroke(editor: Editor, *points: tuple[float, float]) -> None:
    editor.press(*points[0])
    for point in points[1:]:
        editor.drag(*point)
    editor.release(*points[-1])


# --- hex maps --------------------------------------------------------------------------------
@pytest.fixture
def hex_editor() -> Editor:
    return Editor(HexMap.blank(rows=8, cols=10, name="sketch"))


def test_a_drag_paints_terrain_along_the_way_as_one_undo_step(hex_editor: Editor) -> None:
    e = hex_editor
    hexmap = e.value
    e.tools.palette.value = "forest"
    stroke(e, centre(e, hexmap.hex("0502")), centre(e, hexmap.hex("0507")))
    assert [e.value.terrain_name(f"05{c:02d}") for c in range(1, 9)] == (
        ["clear"] + ["forest"] * 6 + ["clear"]
    )
    assert e.dirty and e.can_undo
    e.undo()
    assert e.value == hexmap and not e.dirty
    e.redo()
    assert e.value.terrain_name("0504") == "forest"


def test_a_custom_terrain_type_joins_the_palette_and_paints(hex_editor: Editor) -> None:
    e = hex_editor
    e.tools.add_terrain_type(TerrainType("swamp", mp_enter=3, color="#556b2f"))
    assert "swamp" in e.tools.palette.options
    e.tools.palette.value = "swamp"
    e.click(*centre(e, e.value.hex("0303")))
    assert e.value.terrain_at("0303").mp_enter == 3


def test_clicking_a_hexside_cycles_its_feature(hex_editor: Editor) -> None:
    e = hex_editor
    e.tools.use("hexside")
    a, b = (centre(e, e.value.hex(x)) for x in ("0404", "0405"))
    near_side = ((2 * a[0] + b[0]) / 3, (2 * a[1] + b[1]) / 3)
    e.click(*near_side)
    assert e.value.hexside_at("0404", "0405").name == "white"
    e.click(*near_side)
    assert e.value.hexside_at("0404", "0405") is None


def test_a_hexside_on_the_map_edge_is_refused_with_a_message(hex_editor: Editor) -> None:
    e = hex_editor
    e.tools.use("hexside")
    x, y = centre(e, e.value.hex("0101"))
    before = e.value
    e.click(x, y - 10)  # towards the top edge
    assert e.value == before
    assert "map edge" in e.message


def test_zones_are_drawn_by_dragging_and_erased_by_dragging_again(hex_editor: Editor) -> None:
    e = hex_editor
    e.tools.use("zone")
    e.tools.zone_name.value = "west"
    hexmap = e.value
    stroke(e, centre(e, hexmap.hex("0101")), centre(e, hexmap.hex("0801")))
    assert e.value.zone("west") == frozenset(hexmap.grid.hexes_in("0101-0801"))
    stroke(e, centre(e, hexmap.hex("0101")), centre(e, hexmap.hex("0201")))
    assert e.value.zone("west") == frozenset(hexmap.grid.hexes_in("0301-0801"))


def test_places_are_named_and_the_map_resized(hex_editor: Editor) -> None:
    e = hex_editor
    e.tools.use("place")
    e.tools.place_name.value = "Station"
    e.click(*centre(e, e.value.hex("0203")))
    assert e.value.place_named("Station") == e.value.hex("0203")
    e.tools.resize(12, 14)
    assert (e.value.grid.rows, e.value.grid.cols) == (12, 14)
    assert e.canvas.width == round(e.scene.width)
    assert e.value.place_named("Station") == e.value.hex("0203")


def test_a_drawn_map_saves_and_reloads_equal(hex_editor: Editor, tmp_path: Path) -> None:
    e = hex_editor
    e.tools.paint(["0401-0408"], "river")
    e.tools.cycle_hexside("0505", "0506")
    e.tools.draw_zone("east", ["0110-0810"])
    path = e.save(tmp_path / "sketch.json")
    assert not e.dirty
    assert workbench.load(path) == e.value
    again = Editor(path)
    assert again.value == e.value and again.path == path


def test_the_saved_state_is_shown_truthfully(hex_editor: Editor, tmp_path: Path) -> None:
    """The issue: "'Saved to …' stays beside '(unsaved changes)'". Saved, the panel says
    where; changed after, it says the board changed since (and is unsaved); undone back to
    what was saved, it says saved again."""
    e = hex_editor
    e.tools.paint(["0401"], "river")
    path = e.save(tmp_path / "sketch.json")
    assert f"Saved to {path}" in e.panel_text and "(unsaved changes)" not in e.panel.value
    e.tools.paint(["0402"], "river")
    assert "Saved to" not in e.panel_text and "Saved to" not in e.panel.value
    assert f"Changed since it was saved to {path}" in e.panel_text
    assert "(unsaved changes)" in e.panel.value
    e.undo()
    assert f"Saved to {path}" in e.panel_text and "(unsaved changes)" not in e.panel.value


def test_the_editor_lints_live_and_marks_the_findings(hex_editor: Editor) -> None:
    e = hex_editor
    centre_hex = e.value.hex("0505")
    e.tools.paint(list(centre_hex.neighbors()), "forest")
    assert [f.place for f in e.report.of("blind-spot")] == ["0505"]
    assert "blind spot" in e.panel_text
    e.heatmap_choice.value = "exposure"
    assert e.heatmap == "exposure"
    assert e.scene.layer("overlays")


# --- scenarios -------------------------------------------------------------------------------
def test_scenario_tanks_are_placed_turned_and_erased(tmp_path: Path) -> None:
    scenario = workbench.load(ROOT / "maps/panzer-vor/scenarios/test-your-luck.json")
    e = Editor(scenario)
    e.tools.use("tank")
    e.tools.side.value = e.tools.side.options[0]
    e.tools.facing.value = 2
    e.click(*centre(e, e.value.hexmap.hex("0110")))
    key, tank = e.value.placed_tanks()["0110"]
    assert (key, tank.facing, tank.tank) == (e.tools.side.value, 2, e.tools.tank.value)
    e.click(*centre(e, e.value.hexmap.hex("0110")))
    assert e.value.placed_tanks()["0110"][1].facing == 3
    e.tools.use("terrain")
    e.tools.palette.value = "forest"
    e.click(*centre(e, e.value.hexmap.hex("0909")))
    path = e.save(tmp_path / "scenario.json")  # the edited map goes inside the file
    again = workbench.load(path)
    assert again.hexmap.terrain_name("0909") == "forest"
    assert again.placed_tanks()["0110"][1].facing == 3
    e.tools.use("erase")
    e.click(*centre(e, e.value.hexmap.hex("0110")))
    assert "0110" not in e.value.placed_tanks()


# --- square boards ---------------------------------------------------------------------------
@pytest.fixture
def square_editor() -> Editor:
    return Editor(SquareBoard.assembled(TileSet.builtin(), "north", name="sketch"))


def test_tiles_are_laid_and_flipped_per_slot(square_editor: Editor) -> None:
    e = square_editor
    e.tools.use("flip")
    e.click(*centre(e, Square(5, 1)))  # slot (0, 1): I-b
    assert e.value.layout[0][1] == TileSet.builtin().back_of("I-b")
    e.tools.use("tile")
    e.tools.face.value = "I-b"
    e.click(*centre(e, Square(5, 1)))
    assert e.value.layout[0][1] == "I-b"


def test_a_tile_used_twice_is_refused_and_the_board_kept(square_editor: Editor) -> None:
    e = square_editor
    e.tools.use("tile")
    e.tools.face.value = "I-a"
    before = e.value
    e.click(*centre(e, Square(5, 1)))
    assert e.value == before
    assert "Not changed" in e.message and "at most once" in e.message


def test_flags_barricades_and_tanks_save_and_reload_equal(
    square_editor: Editor, tmp_path: Path
) -> None:
    e = square_editor
    board = e.value
    open_square = next(s for s in board.squares() if board.feature_name(s) == "open")
    street = next(s for s in board.squares() if board.feature_name(s) == "street")
    e.tools.use("flag")
    e.tools.side.value = "south"
    e.click(*centre(e, open_square))
    assert e.value.flags == {open_square: "south"}
    e.tools.use("barricade")
    e.click(*centre(e, street))
    assert street in e.value.barricades
    e.tools.use("tank")
    tank_square = next(
        s for s in board.squares() if board.feature_name(s) == "open" and s != open_square
    )
    e.tools.facing.value = 2
    e.click(*centre(e, tank_square))
    e.click(*centre(e, tank_square))  # a second click turns it 45°
    (tank,) = e.value.tanks
    assert (tank.at, tank.facing, tank.side) == (tank_square, 3, "south")
    path = e.save(tmp_path / "board.json")
    assert workbench.load(path) == e.value
    e.undo()
    assert e.value.tanks[0].facing == 2


# --- tables ----------------------------------------------------------------------------------
@pytest.fixture
def table_editor() -> Editor:
    return Editor(Table("sketch").with_deployment("German", "north"))


def px(editor: Editor, x: float, y: float) -> tuple[float, float]:
    return editor.scene.transform.to_pixel(x, y)


def test_a_piece_is_dragged_out_moved_and_rotated(table_editor: Editor, tmp_path: Path) -> None:
    e = table_editor
    e.tools.use("woods")
    stroke(e, px(e, 30, 30), px(e, 40, 35), px(e, 50, 40))
    (piece,) = e.value.pieces
    assert piece.kind == "woods"
    assert piece.polygon.bounds == pytest.approx((30, 30, 50, 40), abs=0.01)
    assert len(e._history) == 2  # one drag, one step
    e.tools.use("move")
    stroke(e, px(e, 35, 35), px(e, 40, 40), px(e, 45, 45))
    assert e.value.pieces[0].polygon.bounds == pytest.approx((40, 40, 60, 50), abs=0.01)
    e.tools.use("rotate")
    c = e.value.pieces[0].polygon.centroid
    stroke(e, px(e, c.x + 10, c.y), px(e, c.x, c.y + 10))  # a quarter turn clockwise
    assert e.value.pieces[0].polygon.bounds == pytest.approx((45, 35, 55, 55), abs=0.01)
    path = e.save(tmp_path / "table.json")
    assert workbench.load(path) == e.value
    e.undo()
    e.undo()
    assert e.value.pieces[0].polygon.bounds == pytest.approx((30, 30, 50, 40), abs=0.01)


def test_the_set_up_rule_is_shown_live_during_a_drag(table_editor: Editor) -> None:
    e = table_editor
    e.tools.add_piece("building", 30, 30, 10, 10, name="Barn")
    assert "Set-up" not in e.panel_text
    e.tools.use("move")
    e.press(*px(e, 35, 35))
    e.drag(*px(e, 15, 35))  # 10 cm from the west edge, not yet released
    assert "Set-up: Barn is 10 cm from the table edge" in e.panel_text
    assert any(p.style.stroke == "#d62728" for p in e.scene.layer("annotations"))
    e.release(*px(e, 15, 35))
    assert e.report is not None and e.report.of("set-up-spacing")


def test_overlapping_pieces_are_refused_mid_drag(table_editor: Editor) -> None:
    e = table_editor
    e.tools.add_piece("building", 20, 20, 10, 10, name="A")
    e.tools.add_piece("building", 60, 60, 10, 10, name="B")
    e.tools.use("move")
    stroke(e, px(e, 65, 65), px(e, 25, 25))
    assert e.value.piece_named("B").polygon.bounds == (60, 60, 70, 70)
    assert "overlap" in e.message


def test_tanks_are_placed_turned_and_deleted_on_the_table(table_editor: Editor) -> None:
    e = table_editor
    e.tools.use("tank")
    e.tools.heading.value = 90
    e.click(*px(e, 45, 10))
    e.click(*px(e, 45, 10))
    (tank,) = e.value.tanks
    assert tank.at == pytest.approx((45, 10), abs=0.2) and tank.heading == 135
    e.tools.use("delete")
    e.click(*px(e, 46, 11))
    assert e.value.tanks == ()


# --- files: nothing lost ------------------------------------------------------------------------
def test_loading_over_unsaved_changes_asks_first(hex_editor: Editor, tmp_path: Path) -> None:
    e = hex_editor
    other = HexMap.blank(rows=3, cols=3, name="other").save(tmp_path / "other.json")
    e.tools.paint(["0101"], "forest")
    assert e.load(other) is False
    assert e.pending == ("load", other) and e.question.layout.display == "flex"
    e.cancel()
    assert e.value.terrain_name("0101") == "forest"
    assert e.load(other) is False
    assert e.confirm() is True
    assert e.value.name == "other" and not e.dirty and not e.can_undo


def test_closing_over_unsaved_changes_asks_first(hex_editor: Editor, tmp_path: Path) -> None:
    e = hex_editor
    e.tools.paint(["0101"], "forest")
    assert e.close() is False and not e.closed
    e.save(tmp_path / "m.json")
    assert e.close() is True and e.closed


def test_a_load_switches_the_tools_to_the_board_kind(hex_editor: Editor) -> None:
    e = hex_editor
    assert e.load(ROOT / "maps/tanks/barkmanns-corner.json")
    assert type(e.tools).__name__ == "TableTools"
    assert "Set-up:" in e.panel_text  # Barkmann's Corner breaks the rule on purpose


def test_a_failed_save_leaves_the_old_file_whole(hex_editor: Editor, tmp_path: Path) -> None:
    e = hex_editor
    path = e.save(tmp_path / "m.json")
    before = path.read_text()
    e.tools.paint(["0101"], "forest")
    with pytest.raises(ArgumentError):
        Editor(HexMap.blank(2, 2)).save()  # no file yet
    (tmp_path / "blocked").mkdir()
    with pytest.raises(BoardFileError):
        e.save(tmp_path / "blocked")  # a folder: refused, as the files layer tells an OSError
    assert path.read_text() == before
    assert e.dirty
    assert not list(tmp_path.glob(".*.tmp"))


def test_a_bad_file_is_refused_with_its_message(hex_editor: Editor, tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "workbench.map.hex/1", "name": "x", "grid": {"rows": 2}}')
    assert hex_editor.load(bad) is False
    assert "cols" in hex_editor.message


def test_the_facings_offered_are_the_grids_own_names() -> None:
    # a flat-top map's hexsides are not the pointy-top ones: the names come from its grid
    scenario = workbench.load(ROOT / "maps/panzer-vor/scenarios/test-your-luck.json")
    pointy = Editor(scenario.with_inline_map(HexMap.blank(rows=4, cols=4))).tools
    flat = Editor(scenario.with_inline_map(HexMap.blank(rows=4, cols=4, orientation="flat"))).tools
    assert [n for n, _ in pointy.facing.options] == ["NE", "E", "SE", "SW", "W", "NW"]
    assert [n for n, _ in flat.facing.options] == ["NE", "SE", "S", "SW", "NW", "N"]


def test_the_board_fills_its_room_beside_the_tools_and_reads_there() -> None:
    """The issue: "the map editor's tools wrap below the board". The board is drawn to fit
    beside the tools in JupyterLab's output at 1280 × 720 (and its height), every label 9 px
    at least as drawn, and shown no smaller; a small map keeps its own size (the page shows
    it larger); a window that is not one is refused, naming the argument."""
    from workbench.errors import ArgumentError
    from workbench.render.fitting import NOTEBOOK_WIDTH
    from workbench.widgets.editor import TOOLS_PX, editor_room
    from workbench.widgets.layout import NOTEBOOK_PX, smallest_label_px

    big = Editor(HexMap.blank(rows=16, cols=20, name="big"))
    room = editor_room((1280, 720))
    assert room[0] + TOOLS_PX <= NOTEBOOK_WIDTH and room[1] <= 720 - 150
    assert big.scene.width <= room[0] + 0.5 and big.scene.height <= room[1] + 0.5
    assert big.tools.size < 28.0 and smallest_label_px(big.scene) >= NOTEBOOK_PX
    assert big.board.layout.min_width == f"min({round(big.scene.width)}px, 100%)"
    assert Editor(HexMap.blank(rows=6, cols=8)).tools.size == 28.0
    with pytest.raises(ArgumentError, match="window"):
        Editor(HexMap.blank(rows=6, cols=8), window=(0, 720))
