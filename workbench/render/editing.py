"""What the map editor draws over a board: the tanks a scenario places, outlines of the
places a check found (lint findings, pieces breaking the set-up rule) and the shape being
dragged. Pure drawing: which places to mark is decided by the library's checks."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from workbench.games.panzer_vor.boards.counters import Gun, TankCounter
from workbench.games.panzer_vor.boards.scenario import PanzerVorScenario
from workbench.render.hexboard import state_scene
from workbench.render.scene import ANNOTATIONS, Point, Polygon, Scene, Style

_PLAIN = TankCounter("tank", 0, 0, (Gun(0, 0),), {"front": 0, "side": 0, "rear": 0})


def scenario_scene(scenario: PanzerVorScenario, **options: Any) -> Scene:
    """A scenario's map with a counter on every tank it places (facing NE when none is
    given: the player chooses, Part 2 - Scenarios)."""
    from workbench.games.panzer_vor.rules.state import GameState, Side, Tank

    hexmap = scenario.hexmap
    from workbench.games.panzer_vor.formats.shipped import panzer_vor_roster

    roster = scenario.resolved_roster or panzer_vor_roster()  # a scenario made in Python
    tanks = []
    for side in scenario.sides:
        for n, placed in enumerate(side.tanks):
            if placed.hex is None or not hexmap.grid.contains(placed.hex):
                continue
            counter = roster.get(placed.tank) if placed.tank in roster else _PLAIN
            tanks.append(
                Tank(
                    f"{side.key} {n + 1}",
                    counter,
                    side.key,
                    hexmap.hex(placed.hex),
                    placed.facing or 0,
                    flag=placed.flag,
                )
            )
    sides = {s.key: Side(s.key, s.color) for s in scenario.sides}
    try:
        state = GameState(hexmap, tuple(tanks), sides)
    except ValueError:  # two tanks on one hex: draw the first (the linter reports the rest)
        seen: set[Any] = set()
        kept = [t for t in tanks if not (t.hex in seen or seen.add(t.hex))]  # type: ignore[func-returns-value]
        state = GameState(hexmap, tuple(kept), sides)
    return state_scene(state, **options)


def outline_overlay(
    scene: Scene,
    shapes: Iterable[Sequence[Point]],
    *,
    color: str = "#d62728",
    width: float = 3.0,
    dash: tuple[float, ...] = (),
    fill: str | None = None,
    opacity: float = 1.0,
    title: str = "",
) -> Scene:
    """Outlines (board units) drawn on top of the board."""
    style = Style(fill=fill, stroke=color, width=width, dash=dash, opacity=opacity)
    prims = [Polygon(tuple(shape), style, title) for shape in shapes if len(shape) >= 3]
    return scene.add(ANNOTATIONS, prims) if prims else scene


def cells_overlay(scene: Scene, cells: Iterable[Any], **style: Any) -> Scene:
    """Outlines of board cells (hexes or squares) drawn on top of the board."""
    layout = scene.layout
    if layout is None:
        return scene
    return outline_overlay(scene, [layout.cell_polygon(c) for c in cells], **style)


def polygon_rings(polygon: Any) -> list[tuple[Point, ...]]:
    """The outer rings of a shapely polygon or multipolygon, as point tuples."""
    parts = getattr(polygon, "geoms", [polygon])
    return [
        tuple((float(x), float(y)) for x, y in p.exterior.coords) for p in parts if not p.is_empty
    ]
