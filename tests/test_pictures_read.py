"""Pictures that read from the back of the room: sides always distinct (for readers with
red-green colour blindness too), labels large enough on the screen they are shown on, terrain
told apart without colour, a legend of its own, and notebook pictures that shrink to fit.

Sizes are read from the SVG itself: a text's font size times the scale the picture is shown
at (a notebook shows a picture wider than its output scaled down; the teacher app fits its
board beside the panel).
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from itertools import combinations
from pathlib import Path

import pytest

from workbench.contract import contract
from workbench.games import names
from workbench.render import legend_of, scene_of, svg_of
from workbench.render.fitting import NOTEBOOK_WIDTH
from workbench.render.perception import ciede2000, difference, lab
from workbench.render.sides import MIN_DIFFERENCE, colors_of
from workbench.render.svg import to_svg
from workbench.rules.core import CHANCE, TERMINAL

SVG = "{http://www.w3.org/2000/svg}"
VISIONS = ("normal", "deuteranopia", "protanopia")


def texts_by_layer(svg: str) -> dict[str, list[tuple[str, float]]]:
    """Each layer's texts with their font sizes as drawn (px)."""
    sizes = dict(re.findall(r"\.(s\d+)\{[^}]*?font-size:([\d.]+)px", svg))
    root = ET.fromstring(svg)
    out: dict[str, list[tuple[str, float]]] = {}
    for group in root.findall(f"{SVG}g"):
        texts = [
            ((t.text or ""), float(sizes[t.get("class", "")]))
            for t in group.iter(f"{SVG}text")
            if t.get("class") in sizes
        ]
        out[str(group.get("id"))] = texts
    return out


def shown_width(svg: str) -> float:
    return float(ET.fromstring(svg).get("width", "0"))


# --- CIEDE2000 ------------------------------------------------------------------------------
# Sharma, Wu & Dalal (2005), Table 1: pairs of CIELAB colours and their CIEDE2000 difference.
SHARMA_PAIRS = [
    ((50.0, 2.6772, -79.7751), (50.0, 0.0, -82.7485), 2.0425),
    ((50.0, 3.1571, -77.2803), (50.0, 0.0, -82.7485), 2.8615),
    ((50.0, 2.8361, -74.0200), (50.0, 0.0, -82.7485), 3.4412),
    ((50.0, 0.0, 0.0), (50.0, -1.0, 2.0), 2.3669),
    ((50.0, 2.5, 0.0), (73.0, 25.0, -18.0), 27.1492),
    ((50.0, 2.5, 0.0), (61.0, -5.0, 29.0), 22.8977),
    ((50.0, 2.5, 0.0), (56.0, -27.0, -3.0), 31.9030),
    ((50.0, 2.5, 0.0), (58.0, 24.0, 15.0), 19.4535),
    ((60.2574, -34.0099, 36.2677), (60.4626, -34.1751, 39.4387), 1.2644),
    ((90.8027, -2.0831, 1.4410), (91.1528, -1.6435, 0.0447), 1.4441),
]


@pytest.mark.parametrize("first, second, expected", SHARMA_PAIRS)
def test_ciede2000_gives_the_published_differences(first, second, expected) -> None:
    assert ciede2000(first, second) == pytest.approx(expected, abs=1e-4)
    assert ciede2000(second, first) == pytest.approx(expected, abs=1e-4)


# --- sides ----------------------------------------------------------------------------------
def shipped_scenarios() -> list[tuple[str, str]]:
    """Every shipped scenario once (a file two games share, by the first game listing it)."""
    seen: set[str] = set()
    out = []
    for game in names():
        for scenario, path in contract(game).scenarios().items():
            if str(path) not in seen:
                seen.add(str(path))
                out.append((game, scenario))
    return out


def in_play(game: str, state):
    """The state itself, or, for a series between matches, the first state a match is in play
    (each step the first action or outcome)."""
    c = contract(game)
    for _ in range(40):
        if getattr(state, "match", True) is not None:
            return state
        player = c.current_player(state)
        assert player != TERMINAL
        action = c.chance_outcomes(state)[0][0] if player == CHANCE else c.legal_actions(state)[0]
        state = c.apply(state, action).state
    raise AssertionError(f"{game}: no match in play after 40 steps")


def assert_apart(colors: dict[str, str], where: str) -> None:
    assert len(colors) >= 2, f"{where}: sides {colors}"
    for (a, first), (b, second) in combinations(colors.items(), 2):
        for vision in VISIONS:
            apart = difference(first, second, vision)
            assert apart >= MIN_DIFFERENCE, f"{where}: {a} {first} / {b} {second} ({vision})"


@pytest.mark.parametrize("game, scenario", shipped_scenarios())
def test_opposing_sides_differ_by_20_for_every_reader_in_every_shipped_scenario(
    game, scenario
) -> None:
    # "A test over every shipped scenario and prepared game: opposing sides differ by
    # CIEDE2000 >= 20, also under simulated red-green colour blindness."
    c = contract(game)
    state = in_play(game, c.start(c.load_scenario(scenario)))
    colors = colors_of(state)
    assert_apart(colors, f"{game} {scenario}")


def prepared_games() -> list[tuple[str, str]]:
    from workbench.widgets.stepper import prepared_games as prepared

    return [(game, path) for game in names() for path in prepared(game).values()]


@pytest.mark.parametrize("game, path", prepared_games(), ids=lambda v: Path(v).stem)
def test_a_side_keeps_its_colour_through_a_prepared_game(game, path) -> None:
    from workbench.files import load

    states = contract(game).replay(load(Path(path)))
    first, last = colors_of(states[0]), colors_of(states[-1])
    assert_apart(first, path)
    assert first == last
    middle = to_svg(scene_of(states[len(states) // 2]))  # its tanks painted in those colours
    assert all(f"fill:{color}" in middle for color in first.values()), (path, first)


def test_teams_the_roster_colours_alike_are_drawn_apart() -> None:
    # Mock Battle's teams are both Ōarai (light blue) in the roster, Exhibition's players both
    # grey: the sides take the palette's first two colours, by their order in the scenario.
    pv = contract("panzer-vor")
    for scenario in ("mock-battle", "exhibition"):
        colors = colors_of(pv.start(pv.load_scenario(scenario)))
        assert list(colors.values()) == ["#0072b2", "#c25400"], scenario


def test_a_tanks_side_has_one_colour_in_the_table_and_the_battle() -> None:
    tanks = contract("tanks")
    scenario = tanks.load_scenario("barkmanns-corner")
    battle = tanks.start(scenario)
    colors = colors_of(battle)
    assert colors == colors_of(scenario)
    german = to_svg(scene_of(scenario)), to_svg(scene_of(battle))
    assert all(f"fill:{colors['German']}" in svg for svg in german)


# --- label sizes ----------------------------------------------------------------------------
@pytest.mark.parametrize("game, scenario", shipped_scenarios())
def test_every_board_label_of_a_notebook_picture_is_9_px_on_screen(game, scenario) -> None:
    # "in notebooks every board label >= 9 px on screen": a picture wider than the output is
    # shown scaled to its width
    c = contract(game)
    svg = svg_of(in_play(game, c.start(c.load_scenario(scenario))))
    scale = min(1.0, NOTEBOOK_WIDTH / shown_width(svg))
    for layer, texts in texts_by_layer(svg).items():
        for text, size in texts:
            assert size * scale >= 9.0 - 1e-9, (scenario, layer, text, size * scale)


APP_WINDOW = (1280.0, 720.0)


@pytest.mark.parametrize("game, path", prepared_games(), ids=lambda v: Path(v).stem)
def test_the_apps_tank_names_are_12_px_at_1280_by_720_in_the_projector_theme(game, path):
    # "a name label >= 12 px on screen at 1280x720 in the projector theme"
    from workbench.widgets.layout import shown_scale
    from workbench.widgets.stepper import Stepper

    # the first step with tanks on the board (a game whose set-up is played starts without)
    stepper = Stepper(path, at=0, theme="projector", readable_at=APP_WINDOW)
    while "units" not in texts_by_layer(to_svg(stepper.scene)):
        assert stepper.cursor < len(stepper.states) - 1, f"{path}: no step shows a tank"
        stepper.go(stepper.cursor + 1)
    svg = to_svg(stepper.scene)
    scale = shown_scale(stepper.scene, APP_WINDOW)
    names_ = texts_by_layer(svg)["units"]
    assert names_, path
    assert min(size for _, size in names_) * scale >= 12.0 - 1e-9, path
    labels = [size for texts in texts_by_layer(svg).values() for _, size in texts]
    assert min(labels) * scale >= 9.0 - 1e-9, path


def test_tank_names_in_a_crowded_deployment_never_cover_one_another() -> None:
    # Kuromorimine's twenty tanks start packed in their deployment hexes: each name tag finds
    # a spot of its own (beside, above or below its counter, its short printed name if need
    # be), and one with no room left keeps its name in the counter's hover title
    from workbench.render import notebook_scene
    from workbench.render.labels import text_box
    from workbench.render.scene import UNITS, Polygon, Text

    practice = contract("panzer-vor-practice")
    state = practice.start(practice.load_scenario("kuromorimine-stage-1"))
    scene = notebook_scene(state)
    tags = [p for p in scene.layer(UNITS) if isinstance(p, Text)]
    boxes = [text_box(p, scene.transform) for p in tags]
    for (a, box_a), (b, box_b) in combinations(zip(tags, boxes, strict=True), 2):
        assert not box_a.overlaps(box_b), (a.text, b.text)
    tanks = {p.title for p in scene.layer(UNITS) if isinstance(p, Polygon) and p.title}
    assert len(tags) >= 0.85 * len(tanks), (len(tags), len(tanks))  # 23 of 26 today


@pytest.mark.parametrize("scenario", ["kuromorimine-stage-1", "st-gloriana", "pravda"])
def test_no_counter_covers_a_hex_number_or_a_places_name(scenario) -> None:
    # "Hex numbers small, never under a counter; labels (e.g. "Ōarai Station") never hidden
    # under counters": each number and name lies outside every counter's reach (its circle)
    import numpy as np

    from workbench.games.panzer_vor.render.hex_units import _label_boxes, counters_of
    from workbench.render import notebook_scene

    practice = contract("panzer-vor-practice")
    state = practice.start(practice.load_scenario(scenario))
    scene = notebook_scene(state)
    boxes = _label_boxes(scene)
    t = scene.transform
    counters = counters_of(state.board, scene.layout, scene.theme)
    assert len(counters) >= 6, scenario
    for counter in counters:
        x, y = t.to_pixel(*counter.centre)
        near_x = np.clip(x, boxes[:, 0], boxes[:, 2])
        near_y = np.clip(y, boxes[:, 1], boxes[:, 3])
        reach = counter.radius * t.scale
        assert np.hypot(near_x - x, near_y - y).min() >= reach - 0.5, counter.tank.id


# --- terrain without colour -------------------------------------------------------------------
def shipped_terrains() -> list[tuple[str, dict[str, tuple[str, str | None]]]]:
    """Each shipped board's kinds of terrain: name -> (colour, symbol)."""
    from workbench.games.panzer_strike.render.pictures import SQUARE_COLORS
    from workbench.games.tanks.boards.table import TANKS_TERRAIN
    from workbench.render.symbols import symbol_name, terrain_symbol

    out = []
    for game, scenario in shipped_scenarios():
        value = contract(game).load_scenario(scenario)
        hexmap = getattr(value, "map", None)
        if hexmap is not None and hasattr(hexmap, "terrain_types"):
            used = {hexmap.terrain_at(h).name for h in hexmap.grid}
            kinds = {n: hexmap.terrain_types[n] for n in used}
            out.append((scenario, {n: (k.color, terrain_symbol(k)) for n, k in kinds.items()}))
    square = {k: (c, symbol_name(k)) for k, c in SQUARE_COLORS.items() if k != "road"}
    table = {k: (t.color, symbol_name(k)) for k, t in TANKS_TERRAIN.items()}
    return [*out, ("panzer-strike squares", square), ("tanks terrain", table)]


@pytest.mark.parametrize("board, kinds", shipped_terrains(), ids=lambda v: str(v)[:30])
def test_every_two_kinds_of_terrain_differ_in_grayscale(board, kinds) -> None:
    # "Terrain types distinct in grayscale": printed or seen in grey, two kinds of terrain
    # differ in shape (their symbols) or in lightness (CIELAB L* at least 8 apart)
    for (a, (color_a, mark_a)), (b, (color_b, mark_b)) in combinations(sorted(kinds.items()), 2):
        lighter = abs(lab(color_a)[0] - lab(color_b)[0])
        assert mark_a != mark_b or lighter >= 8.0, (board, a, b, lighter)


# --- the legend -----------------------------------------------------------------------------
def test_a_legend_is_a_picture_of_its_own_with_every_kind_of_terrain() -> None:
    pv = contract("panzer-vor")
    state = pv.start(pv.load_scenario("mock-battle"))
    svg = legend_of(state).svg()  # what the app's panel shows
    words = " ".join(t for texts in texts_by_layer(svg).values() for t, _ in texts)
    hexmap = state.board.map
    used = {hexmap.terrain_at(h).name for h in hexmap.grid}
    assert all(name in words for name in used), (used, words)


def test_the_legend_widget_folds_away() -> None:
    from workbench.widgets.legend import legend_widget

    pv = contract("panzer-vor")
    box = legend_widget(pv.start(pv.load_scenario("mock-battle")))
    assert box.selected_index is None  # folded until opened
    assert "<svg" in box.children[0].value and box.get_title(0) == "Legend"


# --- notebooks ------------------------------------------------------------------------------

NOTEBOOKS = Path(__file__).parent.parent / "notebooks"


def notebook_pictures() -> list[tuple[str, int, str]]:
    """Every SVG picture stored in the notebooks' outputs (nbval checks they are what the
    cells draw today): notebook, cell and SVG text."""
    import json

    out = []
    for path in sorted(NOTEBOOKS.glob("*.ipynb")):
        cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
        for n, cell in enumerate(cells):
            for output in cell.get("outputs", []):
                svg = output.get("data", {}).get("image/svg+xml")
                if svg:
                    out.append((path.stem, n, svg if isinstance(svg, str) else "".join(svg)))
    return out


def test_every_label_of_every_notebook_picture_is_9_px_on_screen() -> None:
    # a picture is shown at its own width, or scaled down to the output's (never cut)
    for notebook, cell, svg in notebook_pictures():
        scale = min(1.0, NOTEBOOK_WIDTH / shown_width(svg))
        for layer, texts in texts_by_layer(svg).items():
            for text, size in texts:
                assert size * scale >= 9.0 - 1e-9, (notebook, cell, layer, text, size * scale)


def test_a_notebook_picture_shrinks_to_its_output_and_is_never_cut() -> None:
    pv = contract("panzer-vor")
    state = pv.start(pv.load_scenario("kuromorimine-stage-1"))
    svg = svg_of(state)
    root = ET.fromstring(svg)
    assert "max-width: 100%" in root.get("style", "") and root.get("viewBox")
    assert shown_width(svg) <= NOTEBOOK_WIDTH
