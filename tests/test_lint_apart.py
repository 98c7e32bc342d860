"""The linter finds deployment zones that cannot reach each other or the objectives, one
finding naming the cut, on every kind of board whose rules make such a cut possible: a river
painted across a Panzer Vor! map (and a scenario's deployments on either side of it), a row
of barricades across a Panzer Strike board, a line of buildings across a TANKS table with
gaps narrower than a tank (and an objective walled in); the shipped boards have none."""

from __future__ import annotations

from pathlib import Path

import pytest
from shapely.geometry import box

import workbench
from workbench.boards import HexMap
from workbench.games import get_game
from workbench.games.panzer_strike.boards.board import SquareBoard
from workbench.games.panzer_vor.boards.scenario import PanzerVorScenario
from workbench.games.tanks.boards.table import Objective, Table, TerrainPiece
from workbench.games.tanks.lint import apart, deployment_areas, narrowest_hull
from workbench.geometry.squaregrid import Square

ROOT = Path(__file__).resolve().parents[1]


def test_a_river_across_a_hex_map_parts_its_zones_in_one_finding_naming_the_river() -> None:
    blank = HexMap.blank(rows=8, cols=10)
    zoned = blank.with_zone("west", [blank.hex("0101"), blank.hex("0201")])
    zoned = zoned.with_zone("east", [blank.hex("0110"), blank.hex("0210")])
    assert workbench.lint(zoned).of("zones-apart") == ()
    river = {f"{row:02d}05": "river" for row in range(1, 9)}
    (finding,) = workbench.lint(zoned.with_terrain(river)).of("zones-apart")
    assert "no tank can go between zone 'west' and zone 'east'" in finding.reason.text
    assert "cut off by the river hexes 0105, 0205, 0305 and 5 more" in finding.reason.text
    assert set(finding.places) == set(river) and finding.reason.section == "Moving: Movement"
    ford = dict(river, **{"0405": "shallows"})  # a ford: the zones meet again
    assert workbench.lint(zoned.with_terrain(ford)).of("zones-apart") == ()


def test_a_named_place_no_tank_of_a_zone_comes_to_is_found_with_its_cut() -> None:
    blank = HexMap.blank(rows=8, cols=10).with_place("0308", "Shrine")
    zoned = blank.with_zone("west", [blank.hex("0101")])
    walled = {h: "river" for h in ("0207", "0208", "0209", "0307", "0309", "0407", "0408",
                                    "0409")}  # fmt: skip
    found = workbench.lint(zoned.with_terrain(walled)).of("zones-apart")
    assert [f.reason.text.split(":")[0] for f in found] == [
        "no tank from zone 'west' comes to Shrine (0308)"
    ]
    assert workbench.lint(zoned).of("zones-apart") == ()


def test_a_scenarios_deployments_on_either_side_of_a_river_are_found_apart() -> None:
    game = get_game("panzer-vor")
    scenario = game.load_scenario(game.scenarios()["mock-battle"])
    assert workbench.lint(scenario).of("zones-apart") == ()
    hexmap = scenario.hexmap
    middle = hexmap.grid.cols // 2
    river = {hexmap.grid.label(h): "river" for h in hexmap.grid
             if hexmap.grid.to_offset(h)[0] == middle}  # fmt: skip
    parted = scenario.with_map(hexmap.with_terrain(river))
    (finding,) = workbench.lint(parted).of("zones-apart")
    assert "deployment" in finding.reason.text and "the river hexes" in finding.reason.text


def test_every_shipped_board_and_scenario_has_its_zones_within_reach() -> None:
    for path in sorted(ROOT.glob("maps/*/*.json")) + sorted(ROOT.glob("maps/*/scenarios/*.json")):
        value = workbench.load(path)
        if isinstance(value, Table):
            assert tanks_apart(value) == [], path
        elif isinstance(value, HexMap | PanzerVorScenario | SquareBoard):
            report = workbench.lint(value)
            assert report.of("zones-apart") == (), f"{path}: {report.of('zones-apart')}"


def test_a_row_of_barricades_across_a_panzer_strike_board_parts_the_sides() -> None:
    board = workbench.load(ROOT / "maps/panzer-strike/capture-the-flag.json")
    row = [Square(x, 5) for x in range(board.width) if Square(x, 5) in board.squares_with("street")]
    walled = board
    for square in row:
        walled = walled.with_barricade(square)
    (finding,) = workbench.lint(walled).of("zones-apart")
    assert finding.reason.text.startswith(
        "no tank can go between the north and the south deployment rows: cut off by the "
        "barricades at square (2, 5)"
    )
    assert set(finding.cells) <= {Square(x, 5) for x in range(board.width)}
    opened = walled.without_barricade(row[len(row) // 2])
    assert workbench.lint(opened).of("zones-apart") == ()


def _walls(table, gap: float):
    """A line of buildings across the table, ``gap`` cm apart."""
    x, n = 0.0, 0
    while x < table.width:
        shape = box(x, 51, min(x + 10, table.width), 54)
        table = table.with_piece(TerrainPiece(f"Wall {n}", "building", shape))
        x, n = x + 10 + gap, n + 1
    return table


def tanks_apart(table):
    """The TANKS linter's findings of zones apart (the rest of its report, heatmaps of sight
    and cover, takes seconds a table)."""
    return apart(table, deployment_areas(table))


def test_buildings_across_a_tanks_table_part_the_deployments_when_no_tank_fits_between() -> None:
    table = workbench.load(ROOT / "maps/tanks/standard-table.json")
    width = narrowest_hull()
    (finding,) = tanks_apart(_walls(table, width * 0.8))
    text = finding.reason.text
    assert text.startswith("no tank can go between Defender's deployment and Attacker's")
    assert "cut off by Wall 0, Wall 1, Wall 2 and" in text and f"({width:g} cm" in text
    assert tanks_apart(_walls(table, width * 1.3)) == []
    assert [f.kind for f in workbench.lint(_walls(table, width * 0.8)).of("zones-apart")] == [
        "zones-apart"
    ]  # the linter's report has it


def test_an_objective_walled_in_by_buildings_is_out_of_every_deployments_reach() -> None:
    table = workbench.load(ROOT / "maps/tanks/standard-table.json")
    ring = [box(60, 27, 80, 29), box(60, 37, 80, 39), box(60, 29, 62, 37), box(78, 29, 80, 37)]
    walled = table
    for n, shape in enumerate(ring):
        walled = walled.with_piece(TerrainPiece(f"Yard wall {n}", "building", shape))
    walled = walled.with_objective("Well", (70.0, 33.0))
    found = tanks_apart(walled)
    assert [f.reason.text.split(":")[0] for f in found] == [
        "no tank from Defender's deployment comes to the objective Well",
        "no tank from Attacker's deployment comes to the objective Well",
    ]
    assert "Yard wall 0" in found[0].reason.text


@pytest.mark.parametrize("name", ["standard-table", "barkmanns-corner"])
def test_an_objective_in_the_open_is_reached(name: str) -> None:
    table = workbench.load(ROOT / f"maps/tanks/{name}.json")
    assert workbench.lint(table.with_objective("Crossroads", (45.0, 45.0))).of("zones-apart") == ()
    assert (
        Objective("Crossroads", (45.0, 45.0))
        in table.with_objective("Crossroads", (45.0, 45.0)).objectives
    )
