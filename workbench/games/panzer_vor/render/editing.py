"""What the map editor draws for a Panzer Vor! scenario: its map with a counter on every tank
it places, drawn while it is being edited (a tank whose type the roster lacks is a plain
counter; two tanks on one hex, the first: the linter reports the rest)."""

from __future__ import annotations

from typing import Any

from workbench.games.panzer_vor.boards.counters import Gun, TankCounter
from workbench.games.panzer_vor.boards.scenario import PanzerVorScenario
from workbench.games.panzer_vor.formats.shipped import panzer_vor_roster
from workbench.games.panzer_vor.render.hex_units import state_scene
from workbench.games.panzer_vor.rules.state import GameState, Side, Tank
from workbench.render.scene import Scene

_PLAIN = TankCounter("tank", 0, 0, (Gun(0, 0),), {"front": 0, "side": 0, "rear": 0})


def scenario_scene(scenario: PanzerVorScenario, **options: Any) -> Scene:
    """A scenario's map with a counter on every tank it places (facing NE when none is
    given: the player chooses, Part 2 - Scenarios); options go to the state's picture."""
    hexmap = scenario.hexmap
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
    kept: list[Tank] = []
    for tank in tanks:  # two tanks on one hex: the first (the linter reports the rest)
        if all(t.hex != tank.hex for t in kept):
            kept.append(tank)
    return state_scene(GameState(hexmap, tuple(kept), sides), **options)
