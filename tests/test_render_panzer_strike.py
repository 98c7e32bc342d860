"""Panzer Strike pictures: a match shows its tiles with names, coordinates, flags in their
owner's colour and tanks with their facing; the overlays show reach, path, zones and the
shell's trajectory with what blocks it."""

from pathlib import Path

import workbench
from workbench import panzer_strike as ps
from workbench.games.panzer_strike.render.pictures import (
    match_scene,
    path_overlay,
    reach_overlay,
    trajectory_overlay,
    zone_overlay,
)
from workbench.games.panzer_strike.rules.movement import reach_by_die
from workbench.games.panzer_strike.rules.shooting import hit_zones
from workbench.render import scene_of, show, svg_of
from workbench.render.scene import (
    ANNOTATIONS,
    BOARD,
    EDGES,
    LABELS,
    OVERLAYS,
    UNITS,
    Polygon,
    Text,
    Texts,
)
from workbench.render.sides import WRECK_COLOR

ROOT = Path(__file__).resolve().parents[1]


def texts(scene, layer):
    return [p.text for p in scene.layer(layer) if isinstance(p, Text)]


def test_a_match_draws_tiles_coordinates_flags_and_tanks():
    match = ps.start(ps.load_scenario("capture-the-flag"))
    scene = scene_of(match)
    assert {"I-a", "II-c", "III-d", "0", "15", "11"} <= set(texts(scene, LABELS))
    tiles = [p for p in scene.layer(EDGES) if isinstance(p, Polygon) and p.title.startswith("tile")]
    assert len(tiles) == 12
    flags = [p for p in scene.layer(UNITS) if isinstance(p, Polygon) and "flag" in p.title]
    assert {p.style.fill for p in flags if p.title == "flag north"} == {"#3366cc"}
    assert {p.style.fill for p in flags if p.title == "flag south"} == {"#cc3333"}
    # each tank seen from above (its hull titled with it) and its id and type on a plate
    drawn = {p.title for p in scene.layer(UNITS) if isinstance(p, Polygon) and "[" in p.title}
    assert len(drawn) == len(match.tanks)
    assert "N3 L" in texts(scene, UNITS)
    # a scenario draws as its opening match, from its own values; the picture is an SVG a
    # notebook shows
    assert scene_of(workbench.load(ROOT / "maps/panzer-strike/scenarios/capture-the-flag.json"))
    assert svg_of(match).startswith("<svg") and show(match).scene.width > 0


def test_the_board_is_framed_and_titled_as_a_printed_map():
    """As Panzer Vor!'s printed maps: the board's name over a frame that runs round the
    board and its column and row numbers, the same margin on every side."""
    match = ps.start(ps.load_scenario("capture-the-flag"))
    scene = match_scene(match)
    name = match.board.name
    title = next(p for p in scene.layer(LABELS) if isinstance(p, Text) and p.text == name)
    frame = next(p for p in scene.layer(BOARD) if isinstance(p, Polygon) and p.title == name)
    (left, top), (right, bottom) = (
        scene.transform.to_pixel(*frame.points[0]),
        scene.transform.to_pixel(*frame.points[2]),
    )
    assert abs(left - (scene.width - right)) < 0.01 and abs(left - (scene.height - bottom)) < 0.01
    assert scene.transform.to_pixel(*title.at)[1] < top  # the title over the frame
    assert abs(scene.transform.to_pixel(*title.at)[0] - scene.width / 2) < 1.0
    numbers = [p for p in scene.layer(LABELS) if isinstance(p, Text) and p.text.isdigit()]
    for number in numbers:  # inside the frame: the numbers are the map's
        x, y = scene.transform.to_pixel(*number.at)
        assert left < x < right and top < y < bottom
    untitled = match_scene(match, title="")
    assert scene.height - untitled.height > title.style.font_size  # the title's band


def test_overlays_reach_path_zones_and_trajectory():
    match = ps.with_dice(ps.start(ps.load_scenario("capture-the-flag")), [6, 3])
    light = reach_by_die(match).options[("N3", 6)]
    scene = reach_overlay(match_scene(match), light.squares)
    assert len([p for p in scene.layer(OVERLAYS) if isinstance(p, Polygon)]) == len(light.squares)
    path = light.path_to(ps.Square(12, 5), 4)
    scene = path_overlay(scene, light.reach.start, path, current=2)
    assert any(p.title == "after step 2" for p in scene.layer(ANNOTATIONS))
    zones = hit_zones(match, "S1")
    drawn = zone_overlay(match_scene(match), zones)
    letters = [t for p in drawn.layer(OVERLAYS) if isinstance(p, Texts) for t in p.texts]
    under_counters = sum(1 for t in match.tanks if t.at in zones)
    assert len(letters) == len(zones) - under_counters
    assert {"F", "S"} <= set(letters) <= {"F", "S", "R"}
    odds = ps.odds(match, "N3", "S1")
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
    assert WRECK_COLOR in {p.style.fill for p in wreck} and "destroyed" in wreck[0].title
    assert show(match).save(tmp_path / "m.png").stat().st_size > 1000


def test_the_odds_and_zone_letters_keep_off_each_other_and_the_counters():
    from workbench.render.labels import outside, overlapping, scene_labels, unit_boxes

    match = ps.start(ps.load_scenario("capture-the-flag"))
    odds = ps.odds(match, "N3", "S1")
    for theme in ("default", "projector"):
        scene = zone_overlay(match_scene(match, theme=theme), hit_zones(match, "S1"))
        scene = trajectory_overlay(scene, odds.trajectory, "destroy 50/81 (a long label)")
        labels = scene_labels(scene)
        assert "destroy 50/81 (a long label)" in {label.text for label in labels}
        assert not overlapping(labels) and not outside(labels, scene.width, scene.height)
        counters = unit_boxes(scene)
        over = [
            lb.text
            for lb in labels
            if lb.layer != UNITS and any(lb.box.overlaps(c) for c in counters)
        ]
        assert not over, over


def test_tank_ids_stay_on_their_plates_and_tile_names_keep_off_them():
    from workbench.render.labels import scene_labels, unit_boxes

    match = ps.position(
        ps.open_board(),
        [("A", "Medium", "north", (1, 0), "S"), ("LongName7", "Heavy", "south", (5, 0), "SW")],
    )
    scene = show(match, legend=True, theme="projector").scene
    counters = [b for b in unit_boxes(scene)]
    labels = scene_labels(scene)
    ids = [lb for lb in labels if lb.layer == UNITS]
    assert "A M" in {lb.text for lb in ids} and any(lb.text.endswith("…") for lb in ids)
    assert min(lb.box.y1 - lb.box.y0 for lb in ids) >= 12.0 * 2 * 0.58  # 12 px, projector
    for label in ids:
        assert any(
            c.x0 <= label.box.x0
            and label.box.x1 <= c.x1
            and c.y0 <= label.box.y0 <= label.box.y1 <= c.y1
            for c in counters
        ), label
    tiles = [lb for lb in labels if lb.text in ("I-a", "I-b")]
    assert len(tiles) == 2
    assert not any(t.box.overlaps(c) for t in tiles for c in counters)
