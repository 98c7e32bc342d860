"""Pictures a person can read: no two labels overlap, none leaves the picture, and every label
has a WCAG contrast of at least 4.5:1 on what it is drawn on, for every shipped board and
scenario in every theme (text boxes from ``workbench.render.labels``)."""

from __future__ import annotations

from functools import cache

import pytest
from hypothesis import given
from hypothesis import strategies as st

from workbench.gallery import shipped_pictures
from workbench.render import show
from workbench.render.labels import outside, overlapping, scene_labels
from workbench.render.scene import Scene
from workbench.render.themes import THEMES

PICTURES = dict(shipped_pictures())


@cache
def _scene(name: str, theme: str, legend: bool) -> Scene:
    return show(PICTURES[name], theme=theme, legend=legend).scene


def _describe(pairs) -> str:
    return "; ".join(f"{a.text!r} ({a.layer}) over {b.text!r} ({b.layer})" for a, b in pairs[:6])


@pytest.mark.parametrize("legend", [False, True], ids=["plain", "legend"])
@pytest.mark.parametrize("theme", sorted(THEMES))
@pytest.mark.parametrize("name", sorted(PICTURES))
def test_no_label_overlaps_another_or_leaves_the_picture(name: str, theme: str, legend: bool):
    scene = _scene(name, theme, legend)
    labels = scene_labels(scene)
    assert labels, "a board picture has labels"
    pairs = overlapping(labels)
    assert not pairs, f"{len(pairs)} overlapping labels: {_describe(pairs)}"
    out = outside(labels, scene.width, scene.height)
    assert not out, f"labels leave the {scene.width} x {scene.height} picture: " + ", ".join(
        f"{label.text!r} at {tuple(round(v) for v in label.box)}" for label in out[:6]
    )


# --- contrast, from the theme data ----------------------------------------------------------
def _grounds(theme) -> dict[str, str]:
    """Every colour a label can be drawn straight onto in this theme: each terrain type of
    every game (the theme's override or the type's own colour), and the picture's background."""
    from workbench.boards.terrain import panzer_vor_types
    from workbench.games.panzer_strike.render.pictures import SQUARE_COLORS
    from workbench.games.tanks.boards.table import TANKS_TERRAIN
    from workbench.games.tanks.render.pictures import TABLE_FELT

    grounds = {"background": theme.background, "board": theme.board_fill}
    for name, kind in panzer_vor_types()[0].items():
        grounds[f"Panzer Vor! {name}"] = theme.terrain_color(name, kind.color)
    for name, color in SQUARE_COLORS.items():
        grounds[f"Panzer Strike {name}"] = theme.terrain_color(name, color)
    for name, kind in TANKS_TERRAIN.items():
        grounds[f"TANKS {name}"] = theme.terrain_color(name, kind.color)
    grounds["TANKS table"] = theme.terrain_color("table", TABLE_FELT)
    for name in PICTURES:
        for name_, color in _custom_terrain(PICTURES[name]).items():
            grounds[f"{name} {name_}"] = theme.terrain_color(name_, color)
    return grounds


def _custom_terrain(value) -> dict[str, str]:
    hexmap = getattr(value, "map", value)
    types = getattr(hexmap, "terrain_types", {})
    return {name: kind.color for name, kind in types.items()}


@pytest.mark.parametrize("theme", sorted(THEMES))
def test_hex_numbers_and_plain_labels_reach_4_5_to_1_on_every_ground(theme: str):
    from workbench.render.themes import contrast_ratio

    th = THEMES[theme]
    low = {
        where: round(contrast_ratio(th.label_ink(color), color), 2)
        for where, color in _grounds(th).items()
        if contrast_ratio(th.label_ink(color), color) < 4.5
    }
    assert not low, f"labels below 4.5:1 on {low}"


@pytest.mark.parametrize("theme", sorted(THEMES))
def test_hex_numbers_still_read_under_the_reach_shading(theme: str):
    from workbench.render.themes import contrast_ratio, mix

    th = THEMES[theme]
    low = {}
    for where, color in _grounds(th).items():
        shaded = mix(color, th.reach_fill, th.reach_opacity)
        ratio = contrast_ratio(th.label_ink(shaded), shaded)  # re-inked when lifted
        if ratio < 4.5:
            low[where] = round(ratio, 2)
    assert not low, f"hex numbers below 4.5:1 under the reach shading on {low}"


def test_a_reach_lifts_the_hex_numbers_it_shades_over_its_tint():
    from workbench.render.hexboard import reach_overlay
    from workbench.render.scene import ANNOTATIONS, LABELS, Texts

    scene = _scene("panzer-vor-kuromorimine-stage-1", "colorblind", False)
    grid = scene.layout.grid
    reached = {grid.hex(n): 1 for n in ("0304", "0305", "0404", "0810")}
    shaded = reach_overlay(scene, reached)
    assert shaded.layer(LABELS) is scene.layer(LABELS)  # the board is not drawn again
    lifted = [t for p in shaded.layer(ANNOTATIONS) if isinstance(p, Texts) for t in p.texts]
    assert sorted(lifted) == ["0304", "0305", "0404", "0810"]


def test_a_heatmap_lifts_the_labels_over_its_tint_and_reinks_them():
    from workbench.render.overlays import heatmap_overlay
    from workbench.render.scene import ANNOTATIONS, LABELS, Texts
    from workbench.render.themes import DEFAULT, contrast_ratio, mix

    scene = _scene("panzer-vor-blank", "default", False)
    cells = list(scene.layout.grid)
    heat = heatmap_overlay(scene, {c: i for i, c in enumerate(cells)})
    assert heat.layer(LABELS) is scene.layer(LABELS)
    numbers = [p for p in heat.layer(ANNOTATIONS) if isinstance(p, Texts)]
    drawn = sum(len(p) for p in scene.layer(LABELS) if isinstance(p, Texts))
    assert drawn >= len(cells) - 2  # the zones' names lie over two hex numbers
    assert sum(len(p) for p in numbers) == drawn
    scale = DEFAULT.heat_scale(0, len(cells) - 1)
    for batch in numbers:
        for (x, y), text in zip(batch.at.tolist(), batch.texts, strict=True):
            cell = scene.layout.cell_at(x, y + 0.62)
            ground = mix(DEFAULT.board_fill, scale.color(cells.index(cell)), DEFAULT.heat_opacity)
            assert contrast_ratio(batch.style.fill, ground) >= 4.5, text


@pytest.mark.parametrize("theme", sorted(THEMES))
def test_fixed_inks_reach_4_5_to_1_on_what_they_sit_on(theme: str):
    from workbench.render.legend import INK
    from workbench.render.themes import contrast_ratio, contrast_text, readable

    th = THEMES[theme]
    pairs = {
        "place names on their halo": (th.place_color, th.halo),
        "legend text on the background": (INK, th.background),
        "odds text in its box": (th.odds_text, th.odds_fill),
        "reach numbers on their halo": (th.reach_text, th.halo),
        "path steps on their halo": (readable(th.path_color, th.halo), th.halo),
        "'blocked' on its halo": (readable(th.los_blocked, th.halo), th.halo),
    }
    for i, color in enumerate(th.zone_colors):
        pairs[f"zone name {i} on its halo"] = (readable(color, th.halo), th.halo)
    sides = {c for value in PICTURES.values() for c in _side_colors(value, th)}
    for color in sorted(sides | {"#555555"}):
        pairs[f"counter name on {color}"] = (contrast_text(color), color)
    for where, color in _grounds(th).items():
        pairs[f"TANKS piece name on {where}"] = (contrast_text(color), color)
    low = {k: round(contrast_ratio(a, b), 2) for k, (a, b) in pairs.items()}
    assert not {k: v for k, v in low.items() if v < 4.5}, low


def _side_colors(value, th) -> list[str]:
    tanks = getattr(value, "tanks", ())
    side_color = getattr(value, "side_color", None)
    if side_color is None:
        return []
    return [th.side_color(t.side, side_color(t.side)) for t in tanks]


@pytest.mark.parametrize("theme", sorted(THEMES))
@pytest.mark.parametrize("name", sorted(PICTURES))
def test_every_haloed_label_in_a_picture_reads_on_its_halo(name: str, theme: str):
    from workbench.render.scene import Text, singles
    from workbench.render.themes import contrast_ratio

    scene = _scene(name, theme, True)
    haloed = [
        p for _, p in scene.items() for p in singles([p]) if isinstance(p, Text) and p.style.stroke
    ]
    low = [
        (p.text, round(contrast_ratio(p.style.fill, p.style.stroke), 2))
        for p in haloed
        if p.style.fill and contrast_ratio(p.style.fill, p.style.stroke) < 4.5
    ]
    assert not low, low


def test_a_themes_contrast_fix_keeps_a_colour_that_already_reads():
    from workbench.render.themes import DEFAULT

    assert DEFAULT.label_ink(DEFAULT.board_fill) == DEFAULT.label_color
    assert DEFAULT.label_ink("#0072B2") == "#ffffff"  # on a river blue, white: 5.1:1


# --- results drawn over a scenario keep off their counters ---------------------------------
RESULT_SCENES = ("reach", "path", "sight", "odds")


def _result_scene(kind: str, theme: str) -> Scene:
    import workbench
    from workbench.games.panzer_vor.rules import firing, movement
    from workbench.games.panzer_vor.rules.movement import explain_move
    from workbench.games.panzer_vor.rules.setup import game_from_scenario
    from workbench.games.panzer_vor.rules.sight import line_of_sight
    from workbench.render import scene_of

    scenario = workbench.load(workbench.gallery.MAPS / "panzer-vor/scenarios/test-your-luck.json")
    state = game_from_scenario(scenario).state
    panzer = "Panzer IV Ausf. D"
    result = {
        "reach": lambda: movement.reach(state, panzer),
        "path": lambda: explain_move(state, panzer, [("0702", 1), ("0703", 0), ("0604", 1)]),
        "sight": lambda: line_of_sight(state, "0802", "0507"),
        "odds": lambda: firing.odds(state, "T-34/76", panzer),
    }[kind]()
    return scene_of(result, theme=theme)


@pytest.mark.parametrize("theme", sorted(THEMES))
@pytest.mark.parametrize("kind", RESULT_SCENES)
def test_overlay_labels_never_overlap_or_hide_a_counter(kind: str, theme: str):
    import workbench.gallery  # noqa: F401
    from workbench.render.labels import unit_boxes

    scene = _result_scene(kind, theme)
    labels = scene_labels(scene)
    assert not overlapping(labels), _describe(overlapping(labels))
    assert not outside(labels, scene.width, scene.height)
    counters = unit_boxes(scene)
    over = [
        (label.text, label.layer)
        for label in labels
        if label.layer != "units" and any(label.box.overlaps(c) for c in counters)
    ]
    assert not over, f"labels over a counter: {over}"


def test_a_long_caption_wraps_inside_the_picture():
    from workbench.render.overlays import caption_overlay

    scene = _scene("panzer-vor-blank", "default", False)
    long = "a line of sight that is blocked because " * 12
    captioned = caption_overlay(scene, long)
    added = scene_labels(captioned)[len(scene_labels(scene)) :]
    assert len(added) > 1, "a caption longer than the picture is wrapped"
    assert not outside(added, captioned.width, captioned.height)
    assert captioned.height > scene.height


def test_the_overlap_check_sees_an_overlap():
    from workbench.render.scene import LABELS, Style, Text

    scene = _scene("panzer-vor-blank", "default", False)
    near = scene.layout.cell_center(scene.layout.grid.hex("0101"))
    on_number = (near[0] + 0.5, near[1] - 0.62)  # across the hex number "0101"
    clash = scene.add(LABELS, [Text(on_number, "a long clash label", Style(font_size=12))])
    assert overlapping(scene_labels(clash))
    far = scene.add(LABELS, [Text((-5.0, -5.0), "gone", Style())])
    assert outside(scene_labels(far), far.width, far.height)


# --- fitting text, checked against a plain measure -------------------------------------------

WORDS = st.lists(
    st.text(alphabet="abcdefghijklmnopqrstuvwxyz ABCDEFGHIJ0123456789/-.()Ōé", min_size=1),
    min_size=1,
    max_size=6,
).map(" ".join)


@given(WORDS, st.floats(20.0, 300.0), st.floats(6.0, 20.0), st.booleans())
def test_wrapped_and_fitted_lines_never_exceed_their_width(text, width, font, bold):
    from workbench.render.labels import fit_text, text_width, wrap_text

    for line in wrap_text(text, width, font, bold):
        assert text_width(line, font, bold) <= width or len(line.rstrip("…")) <= 1
    fitted = fit_text(text, width, font, bold)
    assert text_width(fitted, font, bold) <= width or len(fitted.rstrip("…")) <= 1


@given(WORDS)
def test_text_width_is_the_sum_of_its_characters(text):
    from workbench.render.labels import text_width

    assert abs(text_width(text, 10.0) - sum(text_width(c, 10.0) for c in text)) < 1e-9


def test_the_panzer_strike_board_shows_coordinates_tiles_and_flags_in_owner_colours():
    from workbench.render.scene import Polygon, Text, singles

    scene = _scene("panzer-strike-capture-the-flag", "default", False)
    texts = {p.text for _, p in scene.items() for p in singles([p]) if isinstance(p, Text)}
    assert {"0", "15", "11", "I-a", "III-d"} <= texts
    tiles = [p for p in scene.layer("edges") if isinstance(p, Polygon) and "tile" in p.title]
    assert len(tiles) == 12
    flags = {p.title: p.style.fill for p in scene.layer("units") if isinstance(p, Polygon)}
    assert flags["flag north"] != flags["flag south"]


def test_tanks_piece_names_stay_inside_their_pieces():
    from workbench.render.labels import text_box
    from workbench.render.scene import Text

    value = PICTURES["tanks-barkmanns-corner"]
    for theme in THEMES:
        scene = _scene("tanks-barkmanns-corner", theme, False)
        for prim in scene.layer("labels"):
            if not isinstance(prim, Text) or "(" not in prim.title:
                continue
            piece = next(p for p in value.pieces if prim.title.startswith(p.name))
            x0, y0, x1, y1 = piece.polygon.bounds
            (px0, py0), (px1, py1) = (
                scene.transform.to_pixel(x0, y0),
                scene.transform.to_pixel(x1, y1),
            )
            b = text_box(prim, scene.transform)
            assert px0 <= b.x0 and b.x1 <= px1 and py0 <= b.y0 and b.y1 <= py1, prim.text
