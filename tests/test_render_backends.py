"""Scene model, themes, SVG/PNG export, click mapping and the ipycanvas backend."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from collections import Counter
from dataclasses import replace
from types import SimpleNamespace

import numpy as np
import pytest

from workbench.boards.hexmap import HexMap
from workbench.games.panzer_strike.render.pictures import square_scene
from workbench.geometry.hexgrid import Hex, HexGrid
from workbench.geometry.squaregrid import Square
from workbench.render import Picture, scene_of, show, svg_of
from workbench.render.hexboard import hexmap_scene, reach_overlay
from workbench.render.png import png_size, save_png, to_png
from workbench.render.scene import (
    Arrow,
    Polygon,
    Polygons,
    Scene,
    SceneError,
    Segments,
    Style,
    Text,
    Texts,
    Transform,
    singles,
)
from workbench.render.svg import save_svg
from workbench.render.themes import COLORBLIND, DEFAULT, PROJECTOR, theme_named


def small_map() -> HexMap:
    return HexMap.blank(rows=5, cols=6, name="small").with_terrain({"0203": "forest"})


def test_transform_round_trip() -> None:
    t = Transform(17.5, 3.0, -4.0)
    for point in [(0.0, 0.0), (1.25, -3.5), (100.0, 7.0)]:
        back = t.to_board(*t.to_pixel(*point))
        assert back == pytest.approx(point)


def test_scene_rejects_unknown_layers_and_bad_sizes() -> None:
    with pytest.raises(SceneError, match="unknown layer"):
        Scene(10, 10, Transform(1.0), layers={"floor": ()})
    with pytest.raises(SceneError, match="positive size"):
        Scene(0, 10, Transform(1.0))


def test_scene_add_keeps_layer_order_and_is_a_new_value() -> None:
    base = Scene(10, 10, Transform(1.0))
    box = Polygon(((0, 0), (1, 0), (1, 1)), Style(fill="#ff0000"))
    label = Text((0.5, 0.5), "x", Style())
    scene = base.add("annotations", [label]).add("board", [box])
    assert list(scene.layers) == ["board", "annotations"]
    assert base.count() == 0 and scene.count() == 2
    assert scene.without("board").count() == 1


def test_batches_are_checked_frozen_values() -> None:
    style = Style(fill="#ff0000")
    triangles = Polygons([[(0, 0), (1, 0), (0, 1)], [(2, 2), (3, 2), (2, 3)]], style, ("a", "b"))
    assert len(triangles) == 2 and triangles.points.shape == (2, 3, 2)
    with pytest.raises(ValueError, match="read-only"):
        triangles.points[0, 0, 0] = 9.0
    same = Polygons(np.array(triangles.points), style, ("a", "b"))
    assert same == triangles and same != Polygons(triangles.points, style, ("a", "c"))
    assert [p.title for p in triangles.parts()] == ["a", "b"]
    assert triangles.parts()[1] == Polygon(((2.0, 2.0), (3.0, 2.0), (2.0, 3.0)), style, "b")
    with pytest.raises(SceneError, match="shape"):
        Polygons([(0, 0), (1, 1)], style)
    with pytest.raises(SceneError, match="titles"):
        Segments([[(0, 0), (1, 1)]], style, ("one", "two"))
    with pytest.raises(SceneError, match="3 texts for 2 positions"):
        Texts([(0, 0), (1, 1)], ("a", "b", "c"), style)
    labels = Texts([(0, 0), (1, 1)], ("a", "b"), style)
    assert singles([labels, triangles]) == [*labels.parts(), *triangles.parts()]
    with pytest.raises(TypeError):
        hash(labels)


@pytest.mark.parametrize(
    "grid",
    [
        HexGrid(7, 9),
        HexGrid(6, 5, shifted="even"),
        HexGrid(5, 8, orientation="flat", shifted="even", label_order="col-row"),
        HexGrid(4, 7, orientation="flat", first_number=0, digits=3),
    ],
)
def test_board_geometry_at_once_matches_the_grid_hex_by_hex(grid: HexGrid) -> None:
    from workbench.render.hexboard import HexLayout

    layout = HexLayout(grid)
    cells = list(grid)
    assert layout.board_labels() == [grid.label(h) for h in cells]
    expected = np.array([grid.center(h) for h in cells])
    assert np.allclose(layout.board_centers(), expected, atol=1e-12)
    assert np.allclose(layout.centers(cells[::-1]), expected[::-1], atol=1e-12)
    outlines = layout.outlines(layout.board_centers())
    assert np.allclose(outlines, np.array([grid.corners(h) for h in cells]), atol=1e-12)
    off = [Hex(-5, 0), Hex(0, grid.rows + 3), Hex(grid.cols + 9, 0)]
    assert layout.board_indices([*cells, *off]).tolist() == [*range(len(cells)), -1, -1, -1]
    sides = layout.sides(cells[:6], range(6))
    assert np.allclose(sides, [layout.side(h, d) for d, h in enumerate(cells[:6])], atol=1e-12)


def test_canvas_arrows_at_once_match_one_by_one() -> None:
    from workbench.render.canvas import _arrow_pixels

    style = Style(stroke="#000000")
    arrows = [
        Arrow((0.0, 0.0), (1.0, 2.0), style, head=8.0),
        Arrow((3.0, 1.0), (3.0, 1.1), style, head=6.0),  # shorter than its head
        Arrow((2.0, 2.0), (2.0, 2.0), style),  # no length at all
    ]
    t = Transform(20.0, 5.0, 7.0)
    shafts, heads = _arrow_pixels(arrows, t)
    for a, shaft, head in zip(arrows, shafts, heads, strict=True):
        assert np.allclose(shaft, [t.to_pixel(*a.start), a.shaft_end(t)])
        assert np.allclose(head, a.head_points(t))


def test_a_hex_board_is_a_few_batches() -> None:
    m = small_map().with_terrain({"0101": "hill"})
    scene = hexmap_scene(m)
    terrain = scene.layer("terrain")
    # a batch of hexes per type, then each type's symbol: the trees' crowns, the hill's two
    # lighter steps
    kinds = [type(p).__name__ for p in terrain]
    assert kinds == ["Polygons"] * 3 + ["Polygons", "Polygons", "Polygons"]
    assert sum(len(p) for p in terrain[:3] if isinstance(p, Polygons)) == len(m.grid)
    assert [p.titles[0] for p in terrain[:3]] == ["0102 clear", "0203 forest", "0101 hill"]
    # the map's title over its frame, then the hex numbers, one batch per ink (one that reads
    # on forest)
    title, *labels = scene.layer("labels")
    assert isinstance(title, Text) and title.text == "small"
    assert all(isinstance(p, Texts) for p in labels) and len(labels) <= 2
    numbers = sorted(t for p in labels for t in p.texts)
    assert numbers == sorted(m.grid.label(h) for h in m.grid)


def test_counters_are_drawn_part_by_part_but_stack_within_a_hex() -> None:
    from test_render_golden import demo_state

    from workbench.games.panzer_vor.render.hex_units import units_primitives

    state = demo_state()
    # A GameState holds one tank per hex; drawing copes with a stack anyway (duck-typed).
    stacked = replace(state.tank("B1"), id="B3", hex=state.tank("A2").hex)
    crowded = SimpleNamespace(map=state.map, tanks=(*state.tanks, stacked), sides=state.sides)
    units = units_primitives(crowded, hexmap_scene(state.map))

    def first(kind: type, tank: str) -> int:
        return next(
            i for i, p in enumerate(units) if isinstance(p, kind) and p.title.startswith(f"{tank}:")
        )

    alone = ("A1", "A2", "B1", "B2")
    bodies = {t: first(Polygon, t) for t in (*alone, "B3")}
    names = {t: first(Text, t) for t in (*alone, "B3")}
    assert max(bodies[t] for t in alone) < min(names[t] for t in alone)  # part by part
    assert bodies["B3"] > max(names[t] for t in alone)  # the stacked counter on top, whole
    assert names["B3"] > bodies["B3"]


@pytest.mark.parametrize(
    "grid",
    [
        HexGrid(9, 11),
        HexGrid(7, 8, orientation="flat", shifted="even", label_order="col-row"),
    ],
)
def test_click_maps_back_to_every_hex(grid: HexGrid) -> None:
    scene = hexmap_scene(HexMap(name="clicks", grid=grid), size=29.0)
    for h in grid:
        px, py = scene.pixel_of(h)
        assert scene.cell_at(px, py) == h
        for dx, dy in [(9.0, 0.0), (-9.0, 4.0), (0.0, -12.0), (5.0, 11.0)]:
            assert scene.cell_at(px + dx, py + dy) == h
    assert scene.cell_at(-50.0, -50.0) is None


def test_click_maps_back_to_every_square() -> None:
    scene = square_scene(6, 4, size=25.0)
    for y in range(4):
        for x in range(6):
            px, py = scene.pixel_of(Square(x, y))
            assert scene.cell_at(px + 10.0, py - 10.0) == Square(x, y)
    assert scene.cell_at(0.0, 0.0) is None


def test_svg_is_valid_deterministic_and_escaped() -> None:
    m = small_map().with_place("0304", 'Tom & "Jerry" <x>\x01')
    first, second = svg_of(m), svg_of(small_map().with_place("0304", 'Tom & "Jerry" <x>\x01'))
    assert first == second
    root = ET.fromstring(first)
    texts = {"".join(t.text or "") for t in root.iter("{http://www.w3.org/2000/svg}text")}
    assert 'Tom & "Jerry" <x>' in texts
    for points in re.findall(r'points="([^"]*)"', first):  # plain decimals, 2 at most
        assert re.fullmatch(r"(-?\d+(\.\d{1,2})?,-?\d+(\.\d{1,2})? ?)+", points)


def test_themes_change_the_picture() -> None:
    m = small_map()
    default, projector, colorblind = (
        svg_of(m, theme=t) for t in (DEFAULT, "projector", COLORBLIND)
    )
    assert len({default, projector, colorblind}) == 3
    assert "#009E73" in colorblind  # Okabe–Ito forest
    custom = DEFAULT.with_terrain_colors({"forest": "#123456"})
    assert "#123456" in svg_of(m, theme=custom)
    assert theme_named("projector") is PROJECTOR
    with pytest.raises(ValueError, match="no theme"):
        theme_named("neon")


def test_png_has_the_requested_size(tmp_path) -> None:
    scene = hexmap_scene(small_map(), size=20.0)
    path = save_png(scene, tmp_path / "board.png", scale=2.0)
    assert png_size(path.read_bytes()) == (round(scene.width * 2), round(scene.height * 2))
    assert png_size(to_png(scene)) == (round(scene.width), round(scene.height))


def test_show_and_picture(tmp_path) -> None:
    picture = show(small_map(), size=24)
    assert isinstance(picture, Picture)
    assert picture._repr_svg_().startswith("<svg")
    assert picture.save(tmp_path / "p.svg").read_text().startswith("<svg")
    assert save_svg(picture.scene, tmp_path / "q.svg").exists()
    assert scene_of(picture.scene) is picture.scene
    with pytest.raises(TypeError, match="no picture"):
        scene_of(42)


# --- the ipycanvas backend --------------------------------------------------------------------


def test_canvas_batches_a_whole_board_in_one_message(sent) -> None:
    from workbench.render.canvas import GROUPS, canvas_of

    m = HexMap.blank(rows=12, cols=15, name="big").with_terrain({"0203": "forest", "0506": "hill"})
    scene = reach_overlay(hexmap_scene(m, size=20), {m.hex("0101"): 1, m.hex("0102"): 2})
    multi = canvas_of(scene)
    assert len(multi._canvases) == len(GROUPS)
    assert len(sent) == 1, "everything goes out in one held message"
    calls = Counter(sent[0])
    hexes = len(m.grid)
    # One fill and one grid stroke per terrain type (clear, forest, hill), not per hex; one
    # fill and stroke each for the map's paper in its frame, the trees' crowns and the hill's
    # two steps; a stroke for the frame's inner line; a fill for the reach shading.
    assert calls["fillPolygons"] == 3 + 1 + 1 + 2 + 1
    assert calls["strokePolygons"] == 3 + 1 + 1 + 2 + 1
    assert calls["strokeLineSegments"] == 0
    assert calls["fillPolygon"] == 0 and calls["strokePolygon"] == 0
    # the title, labels, MP, and the two shaded hexes' numbers lifted over the shading:
    # ipycanvas has no batched text call
    assert calls["fillText"] == 1 + hexes + 2 + 2
    # Settings go out when they change: a few per run of shapes, not a dozen per run.
    # frame, terrain, symbols, title, hex numbers in two inks, reach
    assert calls["set"] <= 48
    assert calls["setLineDash"] <= len(GROUPS)


@pytest.fixture
def commands(monkeypatch):
    """Every command list the canvas manager would send to the browser, as sent."""
    from ipycanvas import canvas as ipc

    messages: list[list] = []

    def record(command, buffers=()):
        messages.append(command if command and isinstance(command[0], list) else [command])

    monkeypatch.setattr(ipc._CANVAS_MANAGER, "_send_custom", record)
    return messages


def test_canvas_text_commands_are_those_of_fill_text(commands) -> None:
    """The cheap text path sends exactly what ``Canvas.fill_text`` and ``stroke_text`` send."""
    from ipycanvas import Canvas, hold_canvas
    from ipycanvas.canvas import COMMANDS

    from workbench.render.canvas import draw_layers

    halo = Style(fill="#111111", stroke="#ffffff", width=3.0, font_size=10.0)
    at = np.array([(1.0, 2.0), (3.25, 4.5)])
    scene = Scene(100, 100, Transform(10.0, 2.0, 3.0)).add(
        "labels", [Texts(at, ("0101", "Tom & <Jerry>"), halo), Text((0.5, 0.5), "x", halo)]
    )
    canvas = Canvas(width=100, height=100)
    with hold_canvas():
        draw_layers(canvas, scene, ["labels"])
    text = {COMMANDS["fillText"], COMMANDS["strokeText"]}
    ours = [c for c in commands[-1] if c[0] in text]
    with hold_canvas():
        for label, x, y in [("0101", 12.0, 26.5), ("Tom & <Jerry>", 34.5, 51.5), ("x", 7.0, 11.5)]:
            canvas.stroke_text(label, x, y)  # pixel = board * 10 + offset; y + 0.35 em
            canvas.fill_text(label, x, y)
    theirs = [c for c in commands[-1] if c[0] in text]
    assert len(ours) == 6 and ours == theirs


def test_canvas_sends_a_setting_only_when_it_changes(commands) -> None:
    from ipycanvas import Canvas, hold_canvas
    from ipycanvas.canvas import COMMANDS

    from workbench.render.canvas import draw_layers

    # Outlined, so not a heatmap run (those go out as one styled call, tested below).
    red, blue = Style(fill="#ff0000", stroke="#000000"), Style(fill="#0000ff", stroke="#000000")
    square = ((0.0, 0.0), (1.0, 0.0), (1.0, 1.0))
    scene = Scene(10, 10, Transform(1.0)).add(
        "board", [Polygon(square, red), Polygon(square, blue), Polygon(square, red)]
    )
    canvas = Canvas(width=10, height=10)
    with hold_canvas():
        draw_layers(canvas, scene, ["board"])
    fills = [c[1][1] for c in commands[-1] if c[0] == COMMANDS["set"] and c[1][0] == 0]
    assert fills == ["#ff0000", "#0000ff", "#ff0000"]  # no repeats, order kept
    alphas = [c for c in commands[-1] if c[0] == COMMANDS["set"] and c[1][0] == 2]
    assert len(alphas) == 1


def test_canvas_redraws_one_group_without_the_board(sent) -> None:
    from workbench.render.canvas import canvas_of, draw_scene

    m = small_map()
    scene = hexmap_scene(m, size=20)
    multi = canvas_of(scene)
    sent.clear()
    draw_scene(multi, reach_overlay(scene, {m.hex("0101"): 1}), ["overlays"])
    assert len(sent) == 1
    calls = Counter(sent[0])
    assert calls["switchCanvas"] == 1
    assert calls["fillPolygons"] == 1
    assert calls["fillText"] == 1  # the MP (the hex number lifted over it is an annotation)
    with pytest.raises(ValueError, match="unknown layer group"):
        draw_scene(multi, scene, ["floor"])


def test_canvas_draws_a_heatmap_in_one_styled_call(commands) -> None:
    """One ``fillStyledPolygons`` with a colour per cell, in the cells' order, instead of a
    ``fillStyle`` and a fill per cell; the layers around it are untouched."""
    from ipycanvas import hold_canvas
    from ipycanvas.canvas import COMMANDS

    from workbench.render.canvas import _batched, _runs, canvas_of
    from workbench.render.overlays import heatmap_overlay

    m = small_map()
    values = {h: float(i % 7) for i, h in enumerate(m.grid)}
    scene = heatmap_overlay(hexmap_scene(m, size=20), values, legend=None)
    runs = list(_batched(_runs(scene.layer("overlays"))))
    assert [kind for kind, _, _ in runs] == ["styled"]
    colours = [style.fill for style, run in runs[0][2] for _ in run]
    expected = [p.style.fill for p in scene.layer("overlays")]
    assert colours == expected  # drawing order kept
    with hold_canvas():
        canvas_of(scene)
    names = {v: k for k, v in COMMANDS.items()}
    sent = [names[c[0]] for c in commands[-1]]
    assert sent.count("fillStyledPolygons") == 1
    # the map's paper, terrain one per type (clear, forest), the trees' crowns
    assert sent.count("fillPolygons") == 4


def test_rgb_reads_hex_colours_only() -> None:
    from workbench.render.canvas import _rgb

    assert _rgb("#ff8000") == (255, 128, 0) and _rgb("#f80") == (255, 136, 0)
    assert _rgb("red") is None and _rgb("#12345") is None and _rgb(None) is None


def test_canvas_redraws_only_groups_that_changed(sent) -> None:
    """After a click only the overlay is new: the board with its hex labels is not sent
    again; ``force`` sends everything (a browser view that has just appeared)."""
    from workbench.render.canvas import GROUPS, canvas_of, draw_scene

    m = small_map()
    scene = hexmap_scene(m, size=20)
    multi = canvas_of(scene)
    sent.clear()
    draw_scene(multi, scene)
    assert sent == []  # nothing changed: nothing sent
    draw_scene(multi, reach_overlay(scene, {m.hex("0101"): 1}))
    # the overlay, and the annotations with the hex number lifted over the shading
    assert len(sent) == 1 and Counter(sent[0])["switchCanvas"] == 2
    assert Counter(sent[0])["fillText"] == 2  # the MP number and 0101 lifted; not every label
    sent.clear()
    draw_scene(multi, scene, force=True)
    assert Counter(sent[0])["switchCanvas"] == len(GROUPS)
    assert Counter(sent[0])["fillText"] == 1 + len(m.grid)  # title and numbers, when asked
