"""Scene model, themes, SVG/PNG export, click mapping and the ipycanvas backend."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from collections import Counter

import pytest

from workbench.boards.hexmap import HexMap
from workbench.geometry.hexgrid import HexGrid
from workbench.geometry.squaregrid import Square
from workbench.render import Picture, scene_of, show, svg_of
from workbench.render.hexboard import hexmap_scene, reach_overlay
from workbench.render.png import png_size, save_png, to_png
from workbench.render.scene import Polygon, Scene, SceneError, Style, Text, Transform
from workbench.render.squareboard import square_scene
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
@pytest.fixture
def sent(monkeypatch):
    """Every message the canvas manager would send to the browser, decoded to names."""
    from ipycanvas import canvas as ipc

    names = {v: k for k, v in ipc.COMMANDS.items()}
    messages: list[list[str]] = []

    def record(command, buffers=()):
        batch = command if command and isinstance(command[0], list) else [command]
        messages.append([names[c[0]] for c in batch])

    monkeypatch.setattr(ipc._CANVAS_MANAGER, "_send_custom", record)
    return messages


def test_canvas_batches_a_whole_board_in_one_message(sent) -> None:
    from workbench.render.canvas import GROUPS, canvas_of

    m = HexMap.blank(rows=12, cols=15, name="big").with_terrain({"0203": "forest", "0506": "hill"})
    scene = reach_overlay(hexmap_scene(m, size=20), {m.hex("0101"): 1, m.hex("0102"): 2})
    multi = canvas_of(scene)
    assert len(multi._canvases) == len(GROUPS)
    assert len(sent) == 1, "everything goes out in one held message"
    calls = Counter(sent[0])
    hexes = len(m.grid)
    # One fill and one stroke call per terrain type, not per hex.
    assert calls["fillPolygons"] + calls["fillPolygon"] <= 8
    assert calls["strokePolygons"] <= 6
    assert calls["fillPolygon"] == 0 and calls["strokePolygon"] == 0
    assert calls["fillText"] >= hexes  # labels: ipycanvas has no batched text call
    total_shapes = calls["fillPolygons"] + calls["strokePolygons"] + calls["strokeLineSegments"]
    assert total_shapes < hexes / 10


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
    assert calls["fillPolygons"] == 1 and calls["fillText"] == 1
    with pytest.raises(ValueError, match="unknown layer group"):
        draw_scene(multi, scene, ["floor"])
