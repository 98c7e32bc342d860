"""Adapters from Panzer Vor! rules results to scenes (duck-typed; real rules when present)."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from fractions import Fraction
from types import SimpleNamespace

import pytest
from test_render_golden import demo_state

from workbench.games.panzer_vor.render.pictures import (
    odds_label,
    odds_scene,
    path_scene,
    reach_scene,
    sight_scene,
)
from workbench.render.scene import (
    ANNOTATIONS,
    OVERLAYS,
    Arrow,
    Circle,
    Polygon,
    Polyline,
    Text,
    singles,
)
from workbench.render.svg import to_svg


class FakeReach:
    def __init__(self, costs):
        self.costs = costs

    def hex_costs(self):
        best = {}
        for (h, _), c in self.costs.items():
            best[h] = min(c, best.get(h, c))
        return best

    def facings_at(self, where):
        return tuple(sorted(f for (h, f) in self.costs if h == where))

    def path_to(self, where, facing=None):
        start = (where - where.neighbor(1) + where, 2)
        return (
            SimpleNamespace(kind="turn", start=start, end=(start[0], 1), mp=1),
            SimpleNamespace(kind="forward", start=(start[0], 1), end=(where, 1), mp=1),
        )


def test_reach_scene_draws_costs_ticks_and_path() -> None:
    state = demo_state()
    a2 = state.tank("A2")
    east = a2.hex.neighbor(1)
    reach = FakeReach({(a2.hex, 2): 0, (a2.hex, 1): 1, (east, 1): 2, (east, 2): 3})
    scene = reach_scene(state, reach, to=east, size=30)
    texts = [p.text for p in scene.layer(OVERLAYS) if isinstance(p, Text) and p.text.isdigit()]
    assert sorted(texts) == ["2"]  # the start hex's 0 would sit under the tank's counter
    ticks = [
        p for p in singles(scene.layer(OVERLAYS)) if isinstance(p, Polyline) and p.title != "path"
    ]
    assert len(ticks) == 2 + 2  # facings 1, 2 in the start hex and in the east hex
    shaded = [p.title for p in singles(scene.layer(OVERLAYS)) if isinstance(p, Polygon)]
    assert shaded == ["0405: 0 MP", "0406: 2 MP"]
    arrows = [p for p in scene.layer(ANNOTATIONS) if isinstance(p, Arrow)]
    assert len(arrows) == 2  # the turn mark and the final facing
    ET.fromstring(to_svg(scene))


def test_path_scene_marks_reverse_steps() -> None:
    state = demo_state()
    h = state.tank("A2").hex
    steps = [SimpleNamespace(kind="reverse", start=(h, 2), end=(h.neighbor(5), 2), mp=2)]
    scene = path_scene(state, steps)
    assert any(isinstance(p, Circle) and p.title == "reverse" for p in scene.layer(ANNOTATIONS))


def test_sight_scene_highlights_the_blocking_crossing() -> None:
    state = demo_state()
    h = state.map.hex
    blocker = SimpleNamespace(kind="hex", hexes=(h("0304"),), verdict="blocked", reason="forest")
    los = SimpleNamespace(
        start=h("0202"),
        end=h("0508"),
        clear=False,
        reason="0304 is forest",
        crossings=(
            SimpleNamespace(kind="hex", hexes=(h("0202"),), verdict="end", reason=""),
            SimpleNamespace(
                kind="hexside", hexes=(h("0203"), h("0303")), verdict="clear", reason=""
            ),
            blocker,
            SimpleNamespace(kind="corner", hexes=(h("0405"),), verdict="clear", reason=""),
        ),
        blocking=blocker,
    )
    scene = sight_scene(state, los)
    strong = [  # the blocking hex outlined, under the counters like the rest of the line
        p
        for p in scene.layer(OVERLAYS)
        if isinstance(p, Polygon) and "blocks the line" in p.title and p.style.stroke
    ]
    assert len(strong) == 1
    captions = [p.text for p in scene.layer(ANNOTATIONS) if isinstance(p, Text)]
    assert "0202 → 0508: blocked — 0304 is forest" in captions


def test_odds_scene_labels_each_target() -> None:
    state = demo_state()
    odds = [
        SimpleNamespace(target="B1", hit=Fraction(15, 36), destroy=Fraction(1, 4), can_fire=True),
        SimpleNamespace(target="B2", hit=Fraction(0), destroy=Fraction(0), can_fire=False),
    ]
    scene = odds_scene(state, odds)
    texts = [p.text for p in scene.layer(ANNOTATIONS) if isinstance(p, Text)]
    assert texts == ["hit 15/36 · kill 1/4", "no shot"]
    sure = SimpleNamespace(hit=Fraction(1), destroy=Fraction(1, 2), can_fire=True)
    assert odds_label(sure) == "hit 1 · kill 1/2"


def test_adapters_work_on_the_real_rules_results() -> None:
    try:
        from workbench.games.panzer_vor.rules import movement
        from workbench.games.panzer_vor.rules.firing import fire_table
        from workbench.games.panzer_vor.rules.sight import line_of_sight
    except ImportError as missing:  # the rules land separately
        pytest.skip(f"Panzer Vor! rules not available: {missing}")
    state = demo_state()
    reach = movement.reach(state, "A2")
    some = next(h for h in reach.hex_costs() if h != state.tank("A2").hex)
    ET.fromstring(to_svg(reach_scene(state, reach, to=some)))
    los = line_of_sight(state, state.tank("A1").hex, state.tank("B1").hex)
    ET.fromstring(to_svg(sight_scene(state, los)))
    ET.fromstring(to_svg(odds_scene(state, fire_table(state, "A1"))))
