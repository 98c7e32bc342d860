"""Panzer Strike pictures: a match shows its tiles with names, coordinates, flags in their
owner's colour and tanks with their facing; the overlays show reach, path, zones and the
shell's trajectory with what blocks it."""

from pathlib import Path

import workbench
from workbench import panzer_strike as ps
from workbench.render import scene_of, show, svg_of
from workbench.render.panzer_strike import (
    match_scene,
    path_overlay,
    reach_overlay,
    trajectory_overlay,
    zone_overlay,
)
from workbench.render.scene import ANNOTATIONS, EDGES, LABELS, OVERLAYS, UNITS, Arrow, Polygon, Text
from workbench.rules.panzer_strike.shooting import hit_zones

ROOT = Path(__file__).resolve().parents[1]


def texts(scene, layer):
    return [p.text for p in scene.layer(layer) if isinstance(p, Text)]


def test_a_match_draws_tiles_coordinates_flags_and_tanks():
    match = ps.load("capture-the-flag")
    scene = scene_of(match)
    assert {"I-a", "II-c", "III-d"} <= set(texts(scene, EDGES))
    assert {"0", "15", "11"} <= set(texts(scene, LABELS))
    flags = [p for p in scene.layer(UNITS) if isinstance(p, Polygon) and "flag" in p.title]
    assert {p.style.fill for p in flags if p.title.startswith("north")} == {"#3366cc"}
    assert {p.style.fill for p in flags if p.title.startswith("south")} == {"#cc3333"}
    arrows = [p for p in scene.layer(UNITS) if isinstance(p, Arrow)]
    assert len(arrows) == len(match.tanks)
    assert "N3" in texts(scene, UNITS)
    # a scenario draws as its opening match; the picture is an SVG a notebook shows
    assert scene_of(workbench.load(ROOT / "maps/panzer-strike/scenarios/capture-the-flag.json"))
    assert svg_of(match).startswith("<svg") and show(match).scene.width > 0


def test_overlays_reach_path_zones_and_trajectory():
    match = ps.with_dice(ps.load("capture-the-flag"), [6, 3])
    light = ps.movement_options(match).options[("N3", 6)]
    scene = reach_overlay(match_scene(match), light.squares)
    assert len([p for p in scene.layer(OVERLAYS) if isinstance(p, Polygon)]) == len(light.squares)
    path = light.path_to(ps.Square(12, 5), 4)
    scene = path_overlay(scene, light.reach.start, path, current=2)
    assert any(p.title == "after step 2" for p in scene.layer(ANNOTATIONS))
    zones = hit_zones(match, "S1")
    drawn = zone_overlay(match_scene(match), zones)
    letters = texts(drawn, OVERLAYS)
    assert len(letters) == len(zones) and {"F", "S"} <= set(letters) <= {"F", "S", "R"}
    odds = ps.kill_odds(match, "N3", "S1")
    shot = trajectory_overlay(match_scene(match), odds.trajectory, "cannot shoot")
    assert any("blocked by a building" in p.title for p in shot.layer(ANNOTATIONS))
    assert "cannot shoot" in texts(shot, ANNOTATIONS)


def test_a_picture_of_a_damaged_tank_and_a_wreck(tmp_path):
    from dataclasses import replace

    match = ps.position(
        ps.open_board(),
        [("A", "Medium", "north", (2, 2), "E"), ("B", "Light", "south", (6, 2), "W")],
    )
    match = match.with_tank(replace(match.tank("A"), damaged=True))
    match = match.with_tank(replace(match.tank("B"), destroyed=True))
    scene = match_scene(match)
    titles = [p.title for p in scene.layer(UNITS)]
    assert "A damaged: can't move" in titles
    wreck = [p for p in scene.layer(UNITS) if isinstance(p, Polygon) and p.title.startswith("B")]
    assert wreck[0].style.fill == "#777777"
    assert show(match).save(tmp_path / "m.png").stat().st_size > 1000
