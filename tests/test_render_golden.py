"""Golden SVGs: one board of each kind with overlays. Regenerate on purpose only:
``REGENERATE_GOLDEN=1 .venv/bin/python -m pytest tests/test_render_golden.py``."""

from __future__ import annotations

import os
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from workbench.boards.hexmap import HexMap
from workbench.games.panzer_strike.boards.board import BoardTank
from workbench.games.panzer_strike.render.pictures import square_scene
from workbench.games.panzer_vor.boards.counters import Gun, TankCounter
from workbench.games.panzer_vor.render.hex_units import state_scene
from workbench.games.panzer_vor.rules.state import GameState, Side, Tank
from workbench.geometry.squaregrid import Edge, Square
from workbench.render.hexboard import (
    arcs_overlay,
    heatmap_overlay,
    los_overlay,
    odds_overlay,
    path_overlay,
    reach_overlay,
)
from workbench.render.scene import Scene
from workbench.render.svg import to_svg

GOLDEN = Path(__file__).parent / "golden"


def demo_state() -> GameState:
    m = (
        HexMap.blank(rows=8, cols=10, name="golden hex board")
        .with_terrain({"0304": "forest", "0305": "hill", "0506": "river", "0607": "church"})
        .with_hexside("0202", "0203", "white")
        .with_place("0707", "Bridge & <Ford>")
        .with_zone("Ōarai", ["0101", "0102", "0201", "0202"])
    )
    counter = TankCounter("Panzer IV", 4, 1, (Gun(10, 5),), {"front": 10, "side": 8, "rear": 7})
    tanks = (
        Tank("A1", counter, "Ōarai", m.hex("0202"), facing=1, flag=True),
        Tank("A2", counter, "Ōarai", m.hex("0405"), facing=2, turret=0, smoke=True),
        Tank("B1", counter, "Kuromorimine", m.hex("0508"), facing=4, immobile=True),
        Tank("B2", counter, "Kuromorimine", m.hex("0709"), facing=5, wreck=True),
    )
    sides = {"Ōarai": Side("Ōarai", "#3366cc"), "Kuromorimine": Side("Kuromorimine", "#444444")}
    return GameState(m, tanks, sides)


def hex_golden() -> Scene:
    state = demo_state()
    h = state.map.hex
    s = state_scene(state, size=32)
    s = arcs_overlay(s, {h("0609"): "front", h("0610"): "side", h("0710"): "rear"})
    s = reach_overlay(s, {h("0405"): 0, h("0406"): 1, h("0506"): 2}, {h("0406"): [1, 2]})
    s = path_overlay(s, [(h("0405"), 2), (h("0405"), 1), (h("0406"), 1)], [1, 1])
    crossings = [
        ("hex", [h("0202")], "end"),
        ("hexside", [h("0203"), h("0303")], "clear"),
        ("hex", [h("0304")], "blocked"),
        ("corner", [h("0405")], "clear"),
        ("hex", [h("0508")], "end"),
    ]
    s = los_overlay(s, h("0202"), h("0508"), crossings)
    s = odds_overlay(s, {h("0508"): "hit 15/36 · kill 1/4"})
    return heatmap_overlay(s, {h("0801"): 0.0, h("0802"): 0.5, h("0803"): 1.0}, legend="risk")


def square_golden() -> Scene:
    tanks = [
        BoardTank("S1", "Medium", "US", Square(1, 4), facing=1),
        BoardTank("P1", "Heavy", "DE", Square(5, 1), facing=5),
    ]
    s = square_scene(
        7,
        6,
        squares={Square(2, 2): "building", Square(3, 2): "building", Square(2, 3): "street"},
        barricades=[Edge.between(Square(4, 3), Square(4, 4))],
        flags={Square(3, 3): "objective"},
        tanks=tanks,
        size=30,
        title="golden square board",
    )
    from workbench.render.overlays import heatmap_overlay as heat

    return heat(
        s, {Square(0, 0): 1, Square(1, 0): 2, Square(2, 0): 3}, legend="ruler", numbers=True
    )


def table_golden() -> Scene:
    from workbench.games.tanks.boards.table import Table, TerrainPiece
    from workbench.games.tanks.render.pictures import TankDrawing, table_scene
    from workbench.geometry.table import Hull
    from workbench.render.overlays import heatmap_overlay as heat

    table = (
        Table("golden table")
        .with_piece(TerrainPiece.box("Farm", "building", 30, 30, 10, 8))
        .with_piece(TerrainPiece.box("Wood", "woods", 55, 50, 15, 12))
        .with_objective("A", (45, 45))
        .with_deployment("Allies", "south")
    )
    tanks = [TankDrawing(Hull((20, 70), 30, 8, 4, 1), "Sherman", "Allies", turret_heading=60)]
    s = table_scene(table, tanks=tanks, px_per_cm=5, arrow=((20, 70), 30.0))
    return heat(s, {(0, 0): 0.0, (1, 0): 0.5, (2, 0): 1.0}, legend="cover")


CASES = {"hexboard": hex_golden, "squareboard": square_golden, "tableboard": table_golden}


@pytest.mark.parametrize("name", sorted(CASES))
def test_golden_svg(name: str) -> None:
    svg = to_svg(CASES[name]())
    path = GOLDEN / f"render_{name}.svg"
    if os.environ.get("REGENERATE_GOLDEN") == "1":
        path.write_text(svg, encoding="utf-8")
    assert path.exists(), f"no golden file {path}: run with REGENERATE_GOLDEN=1 once"
    assert svg == path.read_text(encoding="utf-8"), (
        f"{name} SVG differs from {path}; if the change is intended, regenerate with "
        "REGENERATE_GOLDEN=1"
    )


@pytest.mark.parametrize("name", sorted(CASES))
def test_golden_scene_parses_and_is_deterministic(name: str) -> None:
    first, second = to_svg(CASES[name]()), to_svg(CASES[name]())
    assert first == second
    root = ET.fromstring(first)
    assert root.tag == "{http://www.w3.org/2000/svg}svg"
    layer_ids = [g.get("id") for g in root.findall("{http://www.w3.org/2000/svg}g")]
    assert layer_ids and "units" in layer_ids


def test_hex_golden_draws_every_hex_and_escapes_text() -> None:
    svg = to_svg(hex_golden())
    root = ET.fromstring(svg)
    ns = "{http://www.w3.org/2000/svg}"
    terrain = root.find(f"{ns}g[@id='terrain']")
    assert terrain is not None
    hexes = [p for p in terrain.findall(f"{ns}polygon") if p.find(f"{ns}title") is not None]
    assert len(hexes) == 80  # every hex, titled with its number (symbols have no title)
    texts = [t.text for t in root.iter(f"{ns}text")]
    assert "Bridge & <Ford>" in texts and "0101" in texts and "hit 15/36 · kill 1/4" in texts


def test_a_tag_too_small_for_its_name_shows_the_name_printed_on_the_counter():
    # the roster keeps the rulebook's short counter names ("Panzer IV Ausf. D [PzIV D]"); a
    # tag shows the tank's whole id when it fits about a hex's width, else that short name,
    # with the tank's number
    import re
    from dataclasses import replace

    from workbench import panzer_vor as pv
    from workbench.games.panzer_vor.render.counters import short_label
    from workbench.render import scene_of
    from workbench.render.svg import to_svg

    board = pv.practice.start(pv.load_scenario("test-your-luck")).board
    panzer = board.tank("Panzer IV Ausf. D")
    assert panzer.counter.label == "PzIV D" and short_label(panzer) == "PzIV D"
    assert short_label(replace(panzer, id="Panzer IV Ausf. D 2")) == "PzIV D 2"

    def tag(size: int, tank: str) -> list[str]:
        svg = to_svg(scene_of(board, size=size))
        return re.findall(">([^<>]+)<title>" + re.escape(tank) + " \\(", svg)

    assert tag(36, "T-34/76") == ["T-34/76"]  # the whole id fits
    assert tag(16, "T-34/76") == ["T34/76"]  # it would not: the counter's own short name
    assert tag(36, "Panzer IV Ausf. D") == ["PzIV D"]
