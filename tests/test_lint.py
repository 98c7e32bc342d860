"""The map linter: each finding it reports, on a board built to have it (and one without)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

import workbench
from workbench.boards import HexMap
from workbench.errors import ArgumentError
from workbench.games.panzer_strike.boards.board import SquareBoard, TileFace, TileSet
from workbench.games.panzer_strike.lint import line_clear, lines_of_fire
from workbench.games.panzer_vor.lint import fastest_movement, reach_costs
from workbench.games.panzer_vor.rules.visibility import visibility_matrix
from workbench.games.tanks.boards.table import Table, TerrainPiece
from workbench.geometry.squaregrid import Square
from workbench.lint import lint

ROOT = Path(__file__).resolve().parents[1]


# --- hex maps --------------------------------------------------------------------------------
def test_a_blank_map_has_no_findings_and_every_hex_sees_every_other() -> None:
    report = lint(HexMap.blank(rows=5, cols=6))
    assert report.findings == ()
    assert set(report.heatmaps["exposure"].values()) == {29.0}


def test_exposure_is_the_visibility_matrix_count() -> None:
    hexmap = workbench.load(ROOT / "maps/panzer-vor/oarai-city.json")
    counts = visibility_matrix(hexmap).counts()
    assert lint(hexmap).heatmaps["exposure"] == {h: float(n) for h, n in counts.items()}


def test_a_hex_ringed_by_forest_is_a_blind_spot() -> None:
    hexmap = HexMap.blank(rows=9, cols=9)
    centre = hexmap.hex("0505")
    hexmap = hexmap.with_terrain({n: "forest" for n in centre.neighbors()})
    report = lint(hexmap)
    spots = report.of("blind-spot")
    assert [f.place for f in spots] == ["0505"]
    assert spots[0].reason.section == "Firing: Line of Sight"
    # and it is cut off: forest may not be entered
    assert [f.place for f in report.of("unreachable")] == ["0505"]


def test_a_hexside_along_the_map_edge_is_reported_and_one_inside_is_not() -> None:
    hexmap = HexMap.blank(rows=6, cols=6).with_hexside("0101", "0102", "white")
    hexmap = hexmap.with_hexside("0303", "0304", "white")
    found = lint(hexmap).of("edge-hexside")
    assert [f.place for f in found] == ["0101|0102"]


def test_a_zone_on_terrain_no_tank_may_enter_is_reported() -> None:
    hexmap = HexMap.blank(rows=6, cols=6).with_terrain({"0103": "river"})
    hexmap = hexmap.with_zone("north", ["0101-0106"])
    found = lint(hexmap).of("zone-impassable")
    assert [f.place for f in found] == ["0103"]
    assert "river" in found[0].reason.text


def test_reach_is_counted_in_turns_of_the_fastest_tank() -> None:
    hexmap = HexMap.blank(rows=4, cols=20).with_zone("west", ["0101-0401"])
    report = lint(hexmap, turns=2)
    mp = fastest_movement()
    reach = report.heatmaps["reach from west"]
    assert reach[hexmap.hex("0101")] == 0
    assert reach[hexmap.hex(f"01{1 + mp:02d}")] == 1
    assert reach[hexmap.hex(f"01{1 + 2 * mp:02d}")] == 2
    assert hexmap.hex(f"01{2 + 2 * mp:02d}") not in reach  # three turns away


@given(st.sets(st.tuples(st.integers(0, 7), st.integers(0, 5)), max_size=12), st.data())
def test_reach_costs_on_clear_ground_are_hex_distances(walls, data) -> None:
    hexmap = HexMap.blank(rows=6, cols=8)
    hexmap = hexmap.with_terrain({hexmap.grid.from_offset(c, r): "river" for c, r in walls})
    open_hexes = [h for h in hexmap.grid if hexmap.terrain_name(h) == "clear"]
    if not open_hexes:
        return
    start = data.draw(st.sampled_from(open_hexes))
    costs = reach_costs(hexmap, [start])
    # the plain definition: breadth-first search over open neighbours
    plain, frontier = {start: 0}, [start]
    while frontier:
        nxt = []
        for h in frontier:
            for n in hexmap.grid.neighbors(h):
                if n not in plain and hexmap.terrain_name(n) == "clear":
                    plain[n] = plain[h] + 1
                    nxt.append(n)
        frontier = nxt
    assert costs == plain


def test_hexes_cut_off_from_every_zone_are_unreachable() -> None:
    hexmap = HexMap.blank(rows=5, cols=9).with_terrain({"0105-0505": "river"})
    hexmap = hexmap.with_zone("west", ["0101-0501"])
    found = lint(hexmap).of("unreachable")
    assert len(found) == 1  # one cause: the river; every hex beyond it is one of its places
    assert set(found[0].places) == {f"{r:02d}{c:02d}" for r in range(1, 6) for c in range(6, 10)}
    assert set(found[0].cells) == {hexmap.hex(p) for p in found[0].places}


def test_one_river_painted_across_a_map_is_one_finding_and_its_picture_marks_every_hex():
    from workbench.render import scene_of
    from workbench.render.scene import Polygons

    hexmap = HexMap.blank(rows=12, cols=10, name="a river across")
    hexmap = hexmap.with_terrain({f"{row:02d}05": "river" for row in range(1, 13)})
    report = lint(hexmap)
    assert report.kinds() == {"unreachable": 1}
    (finding,) = report.findings
    assert len(finding.places) == len(finding.cells) == 48  # the four columns west of it
    assert finding.place == "0101, 0102, 0103 and 45 more"
    assert "these 48 hexes" in finding.reason.text
    picture = scene_of(report)
    outlined = [p for p in picture.layer("annotations") if isinstance(p, Polygons)]
    assert sum(len(p) for p in outlined) == 48
    captions = [p.text for p in picture.layer("annotations") if hasattr(p, "text")]
    assert any(text.startswith("1. warning: 0101, 0102, 0103 and 45 more") for text in captions)


def test_two_pockets_are_two_findings_and_edge_hexsides_one_per_feature() -> None:
    hexmap = HexMap.blank(rows=9, cols=9).with_zone("west", ["0101-0901"])
    walls = {n: "river" for centre in ("0303", "0707") for n in hexmap.hex(centre).neighbors()}
    hexmap = hexmap.with_terrain(walls)
    found = lint(hexmap).of("unreachable")
    assert [f.places for f in found] == [("0303",), ("0707",)]
    edged = hexmap.with_hexside("0101", "0102", "white").with_hexside("0102", "0103", "white")
    (along,) = lint(edged).of("edge-hexside")
    assert along.places == ("0101|0102", "0102|0103")


def test_a_scenario_tank_on_a_hex_it_may_not_enter_is_an_error() -> None:
    scenario = workbench.load(ROOT / "maps/panzer-vor/scenarios/test-your-luck.json")
    assert lint(scenario).ok
    hexmap = scenario.hexmap.with_terrain({"0802": "river"})
    broken = scenario.with_map(hexmap)
    report = lint(broken)
    assert not report.ok
    errors = [f for f in report.findings if f.severity == "error"]
    assert "river" in str(errors[0]) and "0802" in str(errors[0])


def test_a_tank_outside_its_sides_deployment_is_reported() -> None:
    scenario = workbench.load(ROOT / "maps/panzer-vor/scenarios/saunders.json")
    side = next(s for s in scenario.sides if s.deployment and any(t.hex for t in s.tanks))
    tank = next(t for t in side.tanks if t.hex)
    far = "1617" if tank.hex != "1617" else "0101"
    moved = replace(side, tanks=tuple(replace(t, hex=far) if t is tank else t for t in side.tanks))
    changed = replace(scenario, sides=tuple(moved if s is side else s for s in scenario.sides))
    assert [f.place for f in lint(changed).of("tank-outside-deployment")] == [far]


# --- square boards ---------------------------------------------------------------------------
def _board(rows_a: tuple[str, ...], rows_b: tuple[str, ...]) -> SquareBoard:
    faces = {"I-a": TileFace("I-a", rows_a), "II-a": TileFace("II-a", rows_b)}
    tiles = TileSet("test", 4, 4, faces, {})
    return SquareBoard("test", tiles, (("I-a",), ("II-a",)))


def test_an_enclosed_square_is_unreachable_and_an_enclosed_flag_unapproachable() -> None:
    board = _board(("....", "....", "###.", "#.#."), ("###.", "....", "....", "...."))
    report = lint(board)
    assert [f.place for f in report.of("unreachable")] == ["square (1, 3)"]
    assert report.ok
    flagged = lint(board.with_flag(Square(1, 3), "north"))
    assert [f.place for f in flagged.of("flag-unapproachable")] == ["square (1, 3)"]
    assert not flagged.ok
    assert lint(board.with_flag(Square(3, 3), "north")).of("flag-unapproachable") == ()


def test_a_walled_off_room_of_squares_is_one_finding() -> None:
    board = _board(("....", "....", "####", "...."), ("####", "....", "....", "...."))
    (room,) = lint(board).of("unreachable")
    assert room.places == tuple(f"square ({x}, 3)" for x in range(4))
    assert room.place == "square (0, 3), square (1, 3), square (2, 3) and 1 more"


def test_a_wall_of_buildings_stops_every_line_of_fire_between_the_sides() -> None:
    open_board = _board(("....",) * 4, ("....",) * 4)
    assert len(lines_of_fire(open_board)) == 8 * 8
    assert lint(open_board).of("line-of-fire")[0].reason.section == "Shooting and Armour"
    walled = _board(("....", "....", "....", "####"), ("....",) * 4)
    assert lines_of_fire(walled) == []
    assert lint(walled).of("line-of-fire") == ()
    assert not line_clear(walled, Square(0, 0), Square(0, 7))


# --- tables ----------------------------------------------------------------------------------
def test_set_up_spacing_names_the_piece_too_close_to_the_edge() -> None:
    table = Table("t", pieces=[TerrainPiece.box("Barn", "building", 5, 40, 10, 10)])
    found = lint(table, cell_cm=10).of("set-up-spacing")
    assert [f.place for f in found] == ["Barn"]
    assert found[0].reason.section == "Game Set Up: Table Setup"


def test_a_deployment_edge_without_cover_is_reported() -> None:
    table = Table("t").with_deployment("German", "north").with_deployment("US", "south")
    table = table.with_piece(TerrainPiece.box("Copse", "woods", 40, 2, 10, 8))
    found = lint(table, cell_cm=15).of("deployment-without-cover")
    assert [f.place for f in found] == ["US's deployment (south)"]


def test_sight_is_lower_behind_a_building_and_cover_higher() -> None:
    table = Table("t").with_piece(TerrainPiece.box("Barn", "building", 30, 30, 30, 30))
    report = lint(table, cell_cm=10)
    sight, cover = report.heatmaps["sight"], report.heatmaps["cover"]
    assert (35.0, 35.0) not in sight  # inside the building: no tank stands there
    corner, middle_edge = (5.0, 5.0), (45.0, 25.0)
    assert sight[middle_edge] < sight[corner]
    assert cover[middle_edge] > cover[corner]
    assert all(0 <= v <= 1 for v in (*sight.values(), *cover.values()))


def test_lint_refuses_what_is_not_a_board() -> None:
    with pytest.raises(ArgumentError):
        lint("maps/panzer-vor/blank.json")


def test_a_table_tank_outside_its_sides_deployment_is_reported() -> None:
    from workbench.games.tanks.boards.table import TableTank

    table = Table("t").with_deployment("German", "north-west")
    inside = table.with_tank(TableTank("Panther", "Panther", "German", (5, 5), 135))
    assert lint(inside, cell_cm=15).of("tank-outside-deployment") == ()
    outside = inside.with_tank(TableTank("Panther", "Panther", "German", (45, 45), 135))
    found = lint(outside, cell_cm=15).of("tank-outside-deployment")
    assert [f.place for f in found] == ["Panther"]
    assert found[0].reason.section == "Game Set Up: Deployment"


def test_a_scenario_made_in_python_lints_with_the_shipped_roster() -> None:
    scenario = workbench.load(ROOT / "maps/panzer-vor/scenarios/test-your-luck.json")
    bare = replace(scenario, resolved_roster=None)
    assert lint(bare).kinds() == lint(scenario).kinds()


def test_a_hex_only_one_side_may_enter_is_reached_by_that_side() -> None:
    hexmap = workbench.load(ROOT / "maps/panzer-vor/oarai-city.json")
    assert hexmap.terrain_at("0505").may_enter == ("Ōarai",)
    report = lint(hexmap)
    assert "0505" not in {f.place for f in report.of("unreachable")}
    walled = hexmap.with_terrain({n: "river" for n in hexmap.hex("0505").neighbors()})
    assert "0505" in {f.place for f in lint(walled).of("unreachable")}
