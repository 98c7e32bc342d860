"""The map editor's tools for a TANKS table: drag out woods and buildings; drag pieces to
move or rotate them; delete them; place tanks (click one to turn it 45°); the set-up rule is
checked on every change and the pieces that break it are ringed::

    editor = Editor("maps/tanks/barkmanns-corner.json")
    editor.tools.add_piece("woods", 10, 10, 15, 10)
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import replace
from typing import Any

import ipywidgets as widgets
from shapely import affinity
from shapely.geometry import Point

from workbench.games.tanks.boards.table import (
    SET_UP_KINDS,
    Table,
    TableTank,
    TerrainPiece,
    crowded_pieces,
    placement_problems,
)
from workbench.games.tanks.render.pictures import table_scene
from workbench.lint import LintReport
from workbench.render.editing import outline_overlay, polygon_rings
from workbench.render.scene import Scene
from workbench.widgets.checks import checked_methods
from workbench.widgets.editor_tools import Tools, angle, combo, register_tools

TANK_GRAB_CM = 4.0  # how near a click must be to a tank's centre to pick it up
MIN_PIECE_CM = 1.0


@register_tools(Table)
@checked_methods
class TableTools(Tools):
    """Tools for a Table: its terrain pieces and tanks, the set-up rule checked live."""

    names = ("woods", "building", "move", "rotate", "tank", "delete")
    cell_cm = 10.0  # the heatmaps' cells (coarser than a file needs: quick to lint live)
    size = largest = 7.0  # pixels to the centimetre

    def __init__(self, editor: Any) -> None:
        super().__init__(editor)
        table: Table = editor.value
        sides = [d.side for d in table.deployments] or ["German", "US"]
        self.side = combo("side", sides, sides[0])
        self.kind = combo("tank", ("Panther", "Sherman (75mm)"), "Panther")
        self.heading = widgets.BoundedFloatText(0.0, min=0, max=359, description="heading °")
        self._start: Table | None = None
        self._grab: tuple[str, str, tuple[float, float]] | None = None  # what, name, press

    def controls(self) -> list[widgets.Widget]:
        return [self.tool_buttons, self.side, self.kind, self.heading]

    def title(self, value: Table) -> str:
        return f"table {value.name} ({value.width:g} × {value.depth:g} cm)"

    def scene(self, value: Table) -> Scene:
        return table_scene(value, tanks=value.tanks, cell_cm=self.cell_cm, px_per_cm=self.size)

    def lint_options(self) -> dict[str, Any]:
        return {"cell_cm": self.cell_cm}

    def live_checks(self, value: Table) -> list[str]:
        """The set-up rule, checked on every change, drags included."""
        return [f"Set-up: {problem}" for problem in placement_problems(value)]

    def heat_cells(self, values: Mapping[Any, float]) -> Mapping[Any, float]:
        size = self.cell_cm
        return {(int(x // size), int(y // size)): v for (x, y), v in values.items()}

    def marks(self, scene: Scene, value: Table, report: LintReport | None) -> Scene:
        """Pieces that break the set-up rule: red, with a dashed ring a Measuring Arrow out."""
        crowded = [p for p in value.pieces if p.name in crowded_pieces(value)]
        rings = [r for p in crowded for r in polygon_rings(p.polygon)]
        scene = outline_overlay(scene, rings, color="#d62728", width=3.0, title="set-up rule")
        reach = value.arrow.length
        halos = [r for p in crowded for r in polygon_rings(p.polygon.buffer(reach))]
        return outline_overlay(scene, halos, color="#d62728", width=1.0, dash=(4.0, 3.0))

    # edits by name
    def add_piece(
        self, kind: str, x: float, y: float, width: float, depth: float, name: str = ""
    ) -> None:
        self.editor.attempt(
            lambda: self.value.with_piece(
                TerrainPiece.box(name or self._new_name(self.value, kind), kind, x, y, width, depth)
            )
        )

    def move_piece(self, name: str, dx: float, dy: float) -> None:
        self.editor.attempt(lambda: self._moved(self.value, name, dx, dy))

    def rotate_piece(self, name: str, degrees: float) -> None:
        self.editor.attempt(lambda: self._turned(self.value, name, degrees))

    def delete_piece(self, name: str) -> None:
        self.editor.attempt(lambda: self.value.without_piece(name))

    def place_tank(self, kind: str, side: str, at: tuple[float, float], heading: float = 0) -> None:
        self.editor.attempt(lambda: self._placed(self.value, kind, side, at, heading))

    @staticmethod
    def _new_name(table: Table, kind: str) -> str:
        names = {p.name for p in table.pieces}
        n = 1 + sum(p.kind == kind for p in table.pieces)
        while f"{kind.capitalize()} {n}" in names:
            n += 1
        return f"{kind.capitalize()} {n}"

    @staticmethod
    def _moved(table: Table, name: str, dx: float, dy: float) -> Table:
        piece = table.piece_named(name)
        moved = affinity.translate(piece.polygon, dx, dy)
        return table.with_piece(TerrainPiece(piece.name, piece.kind, moved))

    @staticmethod
    def _turned(table: Table, name: str, degrees: float) -> Table:
        piece = table.piece_named(name)
        turned = affinity.rotate(piece.polygon, degrees, origin="centroid")
        return table.with_piece(TerrainPiece(piece.name, piece.kind, turned))

    @staticmethod
    def _placed(table: Table, kind: str, side: str, at: tuple[float, float], heading: float) -> Any:
        used = {t.id for t in table.tanks}
        n = 1 + sum(t.kind == kind and t.side == side for t in table.tanks)
        while f"{side} {kind} {n}" in used:
            n += 1
        return table.with_tank(TableTank(f"{side} {kind} {n}", kind, side, at, heading))

    def _tank_near(self, table: Table, at: tuple[float, float]) -> TableTank | None:
        near = [t for t in table.tanks if math.dist(t.at, at) <= TANK_GRAB_CM]
        return min(near, key=lambda t: math.dist(t.at, at)) if near else None

    @staticmethod
    def _piece_under(table: Table, at: tuple[float, float]) -> TerrainPiece | None:
        return next((p for p in table.pieces if p.polygon.intersects(Point(at))), None)

    # gestures
    def press(self, scene: Scene, x: float, y: float) -> None:
        table, at = self.value, scene.board_point(x, y)
        self._start, self._grab = table, None
        if self.tool in SET_UP_KINDS:
            self._grab = ("new", self._new_name(table, self.tool), at)
        elif self.tool in ("move", "rotate"):
            tank = self._tank_near(table, at)
            piece = self._piece_under(table, at)
            if tank is not None:
                self._grab = ("tank", tank.id, at)
            elif piece is not None:
                self._grab = ("piece", piece.name, at)
        elif self.tool == "tank":
            tank = self._tank_near(table, at)
            if tank is not None:  # turn it 45° clockwise
                self.set(table.with_tank(replace(tank, heading=(tank.heading + 45) % 360)))
            else:
                self.set(
                    self._placed(table, self.kind.value, self.side.value, at, self.heading.value)
                )
        elif self.tool == "delete":
            tank = self._tank_near(table, at)
            piece = self._piece_under(table, at)
            if tank is not None:
                self.set(table.without_tank(tank.id))
            elif piece is not None:
                self.set(table.without_piece(piece.name))

    def drag(self, scene: Scene, x: float, y: float) -> None:
        if self._grab is None or self._start is None:
            return
        what, name, (x0, y0) = self._grab
        x1, y1 = scene.board_point(x, y)
        start = self._start
        if what == "new":
            width, depth = abs(x1 - x0), abs(y1 - y0)
            if width >= MIN_PIECE_CM and depth >= MIN_PIECE_CM:
                box = TerrainPiece.box(name, self.tool, min(x0, x1), min(y0, y1), width, depth)
                self.set(start.with_piece(box))
        elif what == "piece" and self.tool == "move":
            self.set(self._moved(start, name, x1 - x0, y1 - y0))
        elif what == "piece":
            centre = start.piece_named(name).polygon.centroid
            turn = angle(centre, (x1, y1)) - angle(centre, (x0, y0))
            self.set(self._turned(start, name, turn))
        elif what == "tank":
            tank = next(t for t in start.tanks if t.id == name)
            if self.tool == "move":
                moved = replace(tank, at=(tank.at[0] + x1 - x0, tank.at[1] + y1 - y0))
            else:
                turn = angle(Point(tank.at), (x1, y1)) - angle(Point(tank.at), (x0, y0))
                moved = replace(tank, heading=(tank.heading + turn) % 360)
            self.set(start.with_tank(moved))

    def release(self, scene: Scene, x: float, y: float) -> None:
        self.drag(scene, x, y)
        self._grab, self._start = None, None
