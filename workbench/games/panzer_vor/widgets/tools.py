"""The map editor's tools for a Panzer Vor! scenario: its map edited inline as a hex map's
(:class:`~workbench.widgets.editor_tools.HexTools`), and its tanks placed with a facing
(click a placed tank to turn it one hexside; erase takes it off)::

    editor = Editor("maps/panzer-vor/scenarios/test-your-luck.json")
    editor.tools.place_tank("Player", "Panzer IV Ausf. F2", "0304", facing=2)
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import ipywidgets as widgets

from workbench.boards.hexmap import HexMap
from workbench.games.panzer_vor.boards.scenario import ForceTank, PanzerVorScenario
from workbench.games.panzer_vor.formats.shipped import panzer_vor_roster
from workbench.games.panzer_vor.render.editing import scenario_scene
from workbench.geometry.hexgrid import HexLike
from workbench.render.scene import Scene
from workbench.widgets.checks import checked_methods
from workbench.widgets.editor_tools import HexTools, combo, register_tools


@register_tools(PanzerVorScenario)
@checked_methods
class ScenarioTools(HexTools):
    """Tools for a PanzerVorScenario: its map's (see HexTools) and its tanks'."""

    names = ("terrain", "hexside", "place", "zone", "tank", "erase")
    kind = "scenario"

    def __init__(self, editor: Any) -> None:
        super().__init__(editor)
        scenario = editor.value
        self.side = widgets.Dropdown(options=[s.key for s in scenario.sides], description="side")
        names = (scenario.resolved_roster or panzer_vor_roster()).names
        self.tank = combo("tank", names, next(iter(names), ""))
        self.facing = widgets.Dropdown(
            options=[(n, i) for i, n in enumerate(scenario.hexmap.grid.direction_names)],
            value=0,
            description="facing",
        )

    def controls(self) -> list[widgets.Widget]:
        *hexmap, size = super().controls()
        return [*hexmap, self.side, self.tank, self.facing, size]

    def hexmap(self, value: Any) -> HexMap:
        return value.hexmap

    def with_map(self, value: Any, hexmap: HexMap) -> Any:
        return value.with_inline_map(hexmap)

    def scene(self, value: Any) -> Scene:
        return scenario_scene(value, size=self.size)

    def place_tank(self, side: str, tank: str, cell: HexLike, facing: int | None = 0) -> None:
        """Place a scenario tank on a hex with a facing (0..5 from NE)."""
        self.editor.attempt(lambda: self._placed(self.value, side, tank, cell, facing))

    def _placed(self, value: Any, side: str, tank: str, cell: HexLike, facing: int | None) -> Any:
        label = self.hexmap(value).grid.label(cell)
        return value.with_placed_tank(side, ForceTank(tank, hex=label, facing=facing))

    def press(self, scene: Scene, x: float, y: float) -> None:
        cell = scene.cell_at(x, y)
        value = self.value
        label = None if cell is None else self.hexmap(value).grid.label(cell)
        placed = value.placed_tanks().get(label)
        if cell is not None and self.tool == "tank":
            if placed is not None:  # turn it one hexside clockwise
                key, tank = placed
                self.set(
                    value.with_placed_tank(key, replace(tank, facing=((tank.facing or 0) + 1) % 6))
                )
            else:
                self.set(
                    self._placed(value, self.side.value, self.tank.value, cell, self.facing.value)
                )
        elif cell is not None and self.tool == "erase" and placed is not None:
            self.set(value.without_placed_tank(label))
        else:
            super().press(scene, x, y)
