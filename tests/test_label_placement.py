"""A picture is done when a person could read every label in it (issues 48 and 50): at the
teacher app's least scale, the board drawn for its room beside the side panel in a 1280 × 720
window in the theme that keeps every label at 12 px there (as the stepper draws it), no two
labels overlap and no label lies over a counter, piece or token it does not belong to. For
every shipped board and scenario, the states of a seeded game of each shipped scenario, and
sampled steps of every prepared game, in every theme; boxes are measured as
``workbench.render.labels.text_box`` measures them (``scene_labels``, ``scene_things``)."""

from __future__ import annotations

import random
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from tests.test_pictures_read import shipped_scenarios
from workbench.contract import contract
from workbench.gallery import shipped_pictures
from workbench.games import names
from workbench.render import scene_of
from workbench.render.fitting import fit_size
from workbench.render.labels import covering, outside, overlapping, scene_labels, scene_things
from workbench.render.scene import Scene
from workbench.render.themes import THEMES
from workbench.rules.core import CHANCE, TERMINAL
from workbench.widgets.layout import ROOM_PX, board_room, readable_theme
from workbench.widgets.views import view_for

WINDOW = (1280.0, 720.0)  # the smallest window the app keeps its board labels at 12 px in
PICTURES = dict(shipped_pictures())
WALK_STEPS = 36  # a seeded game of each scenario, this many steps (deployment included)
WALK_EVERY = 6  # every so many of its states checked
PREPARED_SAMPLES = 7  # steps checked of each prepared game (spread over it, first and last)


def at_least_scale(draw: Any, theme: str) -> tuple[float, Any]:
    """The size and theme the app draws a board with (``draw(size, theme)`` its scene):
    filling the board's room in :data:`WINDOW`, every label at 12 px there."""
    size = fit_size(lambda s: draw(s, theme), board_room(WINDOW), start=30.0)
    return size, readable_theme(theme, draw(size, theme), WINDOW, ROOM_PX)


def assert_readable(scene: Scene, where: str) -> None:
    labels = scene_labels(scene)
    pairs = overlapping(labels)
    assert not pairs, f"{where}: " + "; ".join(
        f"{a.text!r} ({a.layer}) over {b.text!r} ({b.layer})" for a, b in pairs[:6]
    )
    over = covering(labels, scene_things(scene))
    assert not over, f"{where}: " + "; ".join(
        f"{label.text!r} ({label.layer}) over {thing.title!r}" for label, thing in over[:6]
    )
    gone = outside(labels, scene.width, scene.height)
    assert not gone, f"{where}: labels leave the picture: {[g.text for g in gone[:6]]}"


# --- every shipped board and scenario as the gallery has it ---------------------------------
@pytest.mark.parametrize("theme", sorted(THEMES))
@pytest.mark.parametrize("name", sorted(PICTURES))
def test_every_shipped_picture_reads_at_the_apps_least_scale(name: str, theme: str) -> None:
    value = PICTURES[name]

    def draw(size: float, th: Any) -> Scene:
        return scene_of(value, size=size, theme=th)

    size, th = at_least_scale(draw, theme)
    assert_readable(draw(size, th), f"{name} ({theme})")


# --- a seeded game of every shipped scenario ------------------------------------------------


@cache
def walk(game: str, scenario: str, seed: int = 0) -> tuple[Any, ...]:
    """The states of a seeded game of ``scenario``: each player's action drawn at random,
    each chance outcome by its odds, for :data:`WALK_STEPS` steps or to the end."""
    c = contract(game)
    rng = random.Random(seed)
    state = c.start(c.load_scenario(scenario))
    states = [state]
    for _ in range(WALK_STEPS):
        player = c.current_player(state)
        if player == TERMINAL:
            break
        if player == CHANCE:
            outcomes = c.chance_outcomes(state)
            action = rng.choices([a for a, _ in outcomes], [float(p) for _, p in outcomes])[0]
        else:
            action = rng.choice(c.legal_actions(state))
        state = c.apply(state, action).state
        states.append(state)
    return tuple(states)


@pytest.mark.parametrize("theme", sorted(THEMES))
@pytest.mark.parametrize("game, scenario", shipped_scenarios())
def test_a_seeded_game_of_every_scenario_reads_at_the_apps_least_scale(
    game: str, scenario: str, theme: str
) -> None:
    # the tanks deployed in their zones (Anzio's and Pravda's names among them), terrain
    # placed by the players, tokens and tanks on a TANKS table
    states = walk(game, scenario)
    view = view_for(game)

    def draw(size: float, th: Any, state: Any = states[0]) -> Scene:
        return view.scene(state, size=size, theme=th)

    size, th = at_least_scale(draw, theme)
    for step in range(0, len(states), WALK_EVERY):
        assert_readable(draw(size, th, states[step]), f"{scenario} step {step} ({theme})")


# --- prepared games, as the app's stepper shows them -----------------------------------------
def prepared_games() -> list[str]:
    from workbench.widgets.stepper import prepared_games as prepared

    return [str(path) for game in names() for path in prepared(game).values()]


@pytest.mark.parametrize("theme", sorted(THEMES))
@pytest.mark.parametrize("path", prepared_games(), ids=lambda v: Path(v).stem)
def test_every_prepared_game_reads_at_the_apps_least_scale(path: str, theme: str) -> None:
    from workbench.widgets.stepper import Stepper

    stepper = Stepper(path, at=0, theme=theme, readable_at=WINDOW)
    last = len(stepper.states) - 1
    steps = sorted({round(i * last / (PREPARED_SAMPLES - 1)) for i in range(PREPARED_SAMPLES)})
    for step in steps:
        stepper.go(step)
        assert_readable(stepper.shown, f"{Path(path).stem} step {step} ({theme})")


# --- the cases the helpers found ------------------------------------------------------------
def test_the_houses_of_barkmanns_corner_keep_their_names_apart_at_12_px() -> None:
    # "House at the corner" ran into "North-east house", "South-west house" into "South-east
    # house": each name set under its house in one line, with no check against its neighbours
    from workbench.render.scene import LABELS, Text

    value = PICTURES["tanks-barkmanns-corner"]
    size, th = at_least_scale(lambda s, t: scene_of(value, size=s, theme=t), "projector")
    scene = scene_of(value, size=size, theme=th)
    names_ = [p for p in scene.layer(LABELS) if isinstance(p, Text) and "(building)" in p.title]
    assert {p.title.split(" (")[0] for p in names_} == {
        "House at the corner",
        "North-east house",
        "South-west house",
        "South-east house",
    }  # every house named
    assert not overlapping(scene_labels(scene))


def test_an_objective_token_never_hides_the_wood_it_stands_in() -> None:
    # King of the Hill's token at the table's centre stood on "North wood"'s name: the name
    # goes where the token leaves room (the wood's top or foot, else under it)
    from workbench.render.labels import text_box
    from workbench.render.scene import LABELS, Text

    tanks = contract("tanks")
    table = tanks.load_scenario("standard-table")
    options = {"mission": "king-of-the-hill", "objectives": "quick", "table_setup": "given"}
    battle = tanks.start(table, options)
    assert [at for _, at in battle.objectives] == [(45.0, 45.0)]
    view = view_for("tanks")
    size, th = at_least_scale(lambda s, t: view.scene(battle, size=s, theme=t), "default")
    scene = view.scene(battle, size=size, theme=th)
    wood = [p for p in scene.layer(LABELS) if isinstance(p, Text) and "North wood" in p.title]
    assert wood, "the wood keeps its name"
    tokens = [t for t in scene_things(scene) if t.title.startswith("objective")]
    assert tokens
    for line in wood:
        assert not any(text_box(line, scene.transform).overlaps(t.box) for t in tokens)


def test_a_tag_never_covers_a_zone_name_in_pravdas_deployment() -> None:
    # at 12 px Pravda's tanks, deployed along the bottom row, lay their tags over "Pravda
    # deployment": the name moves clear of the counters, and a tag with no room beside its
    # counter covers a hex number (which gives way), never a name
    from workbench.render.scene import LABELS, UNITS, Text

    states = walk("panzer-vor", "pravda")
    state = states[WALK_EVERY]
    assert state.board.tanks, "tanks deployed"
    view = view_for("panzer-vor")
    size, th = at_least_scale(lambda s, t: view.scene(state, size=s, theme=t), "default")
    scene = view.scene(state, size=size, theme=th)
    zone = [p for p in scene.layer(LABELS) if isinstance(p, Text) and p.title.startswith("zone")]
    assert any(p.text == "Pravda deployment" for p in zone)
    assert [p for p in scene.layer(UNITS) if isinstance(p, Text)], "the tanks' tags"
    assert_readable(scene, "pravda")


def test_the_check_sees_a_label_over_a_counter() -> None:
    from workbench.render.scene import LABELS, Style, Text

    scene = scene_of(PICTURES["panzer-vor-scenarios-test-your-luck"], size=30)
    thing = scene_things(scene)[0]
    middle = scene.transform.to_board((thing.box.x0 + thing.box.x1) / 2, thing.box.y0)
    marked = scene.add(LABELS, [Text(middle, "over it", Style(font_size=12))])
    assert [label.text for label, _ in covering(scene_labels(marked), scene_things(marked))] == [
        "over it"
    ]
