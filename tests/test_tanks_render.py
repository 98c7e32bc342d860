"""TANKS pictures: battles, the arrow's sweep, a shot with its visible part and corner lines,
the odds chart and a heatmap, each reached through scene_of by type."""

from tests.tanks_pieces import battle, box, rulebook_example, table, tank
from workbench import tanks
from workbench.games.tanks.render.play import heatmap_scene
from workbench.games.tanks.rules.movement import move_sweep
from workbench.games.tanks.rules.shooting import examine_shot
from workbench.render import scene_of, show


def _titles(scene):
    return [getattr(p, "title", "") for _, p in scene.items()]


def _texts(scene):
    return [p.text for _, p in scene.items() if hasattr(p, "text")]


def _half_hidden():
    barn = box("Barn", "building", 40, 30, 10, 15.5)
    p = tank("Panther", "Panther", "German", (15, 45), 90)
    s = tank("Sherman", "Sherman (75mm)", "American", (70, 46), 270)
    return battle(table(barn), [p, s])


def test_a_shot_shows_seen_and_hidden_parts_and_names_the_blockers():
    exam = examine_shot(_half_hidden(), "Panther", "Sherman")
    scene = scene_of(exam)
    titles = _titles(scene)
    assert "seen" in titles and "hidden by Barn" in titles
    assert any(t.startswith("front-left: ") for t in titles)
    assert any("blocked by Barn" in t for t in _texts(scene))
    assert "<svg" in show(exam)._repr_svg_()


def test_battle_sweep_odds_and_heatmap_pictures():
    b = rulebook_example()
    assert any("turn 1, shooting phase" in t for t in _texts(scene_of(b)))
    sweep = move_sweep(b, "Panther")
    assert (
        sum(t.startswith("placement") for t in _titles(scene_of(sweep))) == len(sweep.options) > 0
    )
    odds = examine_shot(b, "Panther", "Sherman").odds
    chart = scene_of(odds)
    assert sum(
        t.endswith(str(p)) for t in _titles(chart) for p in odds.distribution.values()
    ) >= len(odds.distribution)
    maps = tanks.target_heatmaps(_half_hidden(), "Panther", "Sherman", step=5.0)
    assert heatmap_scene(_half_hidden(), maps).layers


def test_a_terrain_name_too_long_for_its_piece_is_set_whole_beside_it():
    """The teacher app draws the standard table (its prepared game) at about 5.9 px to the
    centimetre: "Farmhouse" and "Cottage" do not fit their buildings on one line (they
    showed as "Farm…" and "Cott…"); each is set whole under its piece, every other name
    stays inside its piece."""
    from workbench.games.tanks.render.pictures import table_scene
    from workbench.render.scene import LABELS, Text

    corner = tanks.load_scenario("standard-table")
    scene = table_scene(corner, px_per_cm=5.87)
    names = {p.text: p for p in scene.layer(LABELS) if isinstance(p, Text)}
    assert not [n for n in names if n.endswith("…")], names
    assert {"Farmhouse", "Cottage"} <= set(names)
    for piece in corner.pieces:
        x0, y0, x1, y1 = piece.polygon.bounds
        if piece.name in names:  # whole on one line: inside, or set under the piece
            x, y = names[piece.name].at
            assert x0 <= x <= x1 and (y0 <= y <= y1 or y1 < y < y1 + 3.0), piece.name
