"""The editor's tools for each board kind: the gestures (press, drag, release in canvas
pixels) and the same edits by name, each made through the board value's ``with_*`` methods.

- :class:`HexTools` (a Panzer Vor! HexMap or scenario): paint terrain from the map's palette
  (its own types included) by click and drag; click a hexside to cycle its feature; name
  places; draw zones by dragging (starting on a zone hex removes instead); place tanks with a
  facing in a scenario (click a tank to turn it); resize the map.
- :class:`SquareTools` (a Panzer Strike SquareBoard): lay a tile face in a slot or flip it to
  its back; flags with their owner; barricades on street squares; tanks with a facing.
- :class:`TableTools` (a TANKS Table): drag out woods and buildings; drag pieces to move or
  rotate them; delete them; place tanks; the set-up rule is checked live.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from dataclasses import replace
from typing import Any

import ipywidgets as widgets
from shapely import affinity
from shapely.geometry import Point

from workbench.boards.hexmap import HexMap
from workbench.boards.terrain import TerrainType
from workbench.games.panzer_strike.boards.board import BoardTank, SquareBoard
from workbench.games.panzer_strike.render.pictures import squareboard_scene
from workbench.games.panzer_vor.boards.scenario import ForceTank, PanzerVorScenario
from workbench.games.panzer_vor.formats.shipped import panzer_vor_roster
from workbench.games.tanks.boards.table import (
    SET_UP_KINDS,
    Table,
    TableTank,
    TerrainPiece,
    crowded_pieces,
    placement_problems,
)
from workbench.games.tanks.render.pictures import table_scene
from workbench.geometry.hexgrid import Hex, HexLike
from workbench.geometry.squaregrid import FACING_NAMES, Square
from workbench.lint import LintReport
from workbench.render.editing import outline_overlay, polygon_rings, scenario_scene
from workbench.render.findings import findings_overlay
from workbench.render.hexboard import hexmap_scene
from workbench.render.scene import Scene
from workbench.widgets.checks import checked_methods, one_of


@checked_methods
class Tools:
    """What every board kind's tools share: the tool buttons and the editor they edit."""

    names: tuple[str, ...] = ()
    size = 28.0  # the board's cell in pixels (a TANKS table's centimetre): the editor fits it
    largest = 28.0  # the size the board is drawn at where the window has room for more

    def __init__(self, editor: Any) -> None:
        self.editor = editor
        self.tool = self.names[0]
        self.tool_buttons = widgets.ToggleButtons(options=self.names, value=self.tool)
        self.tool_buttons.observe(lambda change: self.use(change["new"]), names="value")

    def use(self, tool: str) -> None:
        """Choose the tool the pointer works with."""
        one_of("tool", tool, self.names, "a tool of this editor")
        self.tool = tool
        self.tool_buttons.value = tool

    @property
    def value(self) -> Any:
        return self.editor.value

    def set(self, new: Any) -> None:
        self.editor.change(new)

    def controls(self) -> list[widgets.Widget]:
        return [self.tool_buttons]

    def lint_options(self) -> dict[str, Any]:
        return {}

    def live_checks(self, value: Any) -> list[str]:
        return []

    def heat_cells(self, values: Mapping[Any, float]) -> Mapping[Any, float]:
        return values

    def marks(self, scene: Scene, value: Any, report: LintReport | None) -> Scene:
        """Outline the cells of the linter's findings, coloured by severity."""
        if report is None:
            return scene
        return findings_overlay(scene, report.findings, caption=False)

    def title(self, value: Any) -> str:
        return type(value).__name__

    def scene(self, value: Any) -> Scene:
        """The board's picture (each kind's renderer)."""
        raise NotImplementedError

    def press(self, scene: Scene, x: float, y: float) -> None:
        raise NotImplementedError

    def drag(self, scene: Scene, x: float, y: float) -> None:
        """Most tools act on the press only."""

    def release(self, scene: Scene, x: float, y: float) -> None:
        """Most tools act on the press only."""


def _combo(description: str, options: Iterable[str], value: str) -> widgets.Combobox:
    return widgets.Combobox(
        options=tuple(options), value=value, description=description, ensure_option=False
    )


# --- hex maps and scenarios (Panzer Vor!) ---------------------------------------------------
@checked_methods
class HexTools(Tools):
    """Tools for a HexMap, or a PanzerVorScenario (its map edited inline, and its tanks)."""

    def __init__(self, editor: Any) -> None:
        scenario = isinstance(editor.value, PanzerVorScenario)
        self.names = ("terrain", "hexside", "place", "zone", *(("tank",) if scenario else ()))
        self.names += ("erase",)
        super().__init__(editor)
        hexmap = self.hexmap(editor.value)
        self.palette = widgets.Dropdown(description="terrain")
        self._fill_palette(hexmap)
        self.palette.value = "forest" if "forest" in hexmap.terrain_types else "clear"
        self.place_name = widgets.Text(description="place", placeholder="a place's name")
        self.zone_name = _combo("zone", hexmap.zones, next(iter(hexmap.zones), "deployment"))
        keys = [s.key for s in editor.value.sides] if scenario else []
        self.side = widgets.Dropdown(options=keys, description="side")
        roster = editor.value.resolved_roster if scenario else None
        names = (roster or panzer_vor_roster()).names if scenario else ()
        self.tank = _combo("tank", names, next(iter(names), ""))
        self.facing = widgets.Dropdown(
            options=[(n, i) for i, n in enumerate(hexmap.grid.direction_names)],
            value=0,
            description="facing",
        )
        self.rows = widgets.BoundedIntText(hexmap.grid.rows, min=1, max=99, description="rows")
        self.cols = widgets.BoundedIntText(hexmap.grid.cols, min=1, max=99, description="columns")
        self.resize_button = widgets.Button(description="Resize")
        self.resize_button.on_click(lambda _: self.resize(self.rows.value, self.cols.value))
        self._stroke: set[Hex] = set()
        self._last: tuple[float, float] | None = None  # the pointer's last pixel in a stroke
        self._zone_adds = True

    def controls(self) -> list[widgets.Widget]:
        extra = [self.side, self.tank, self.facing] if "tank" in self.names else []
        size = widgets.HBox([self.rows, self.cols, self.resize_button])
        return [self.tool_buttons, self.palette, self.place_name, self.zone_name, *extra, size]

    def _fill_palette(self, hexmap: HexMap) -> None:
        value = self.palette.value
        self.palette.options = sorted(hexmap.terrain_types)
        if value in self.palette.options:
            self.palette.value = value

    # values
    @staticmethod
    def hexmap(value: Any) -> HexMap:
        return value if isinstance(value, HexMap) else value.hexmap

    def with_map(self, value: Any, hexmap: HexMap) -> Any:
        return hexmap if isinstance(value, HexMap) else value.with_inline_map(hexmap)

    def title(self, value: Any) -> str:
        grid = self.hexmap(value).grid
        kind = "scenario" if isinstance(value, PanzerVorScenario) else "hex map"
        return f"{kind} {value.name} ({grid.rows} × {grid.cols})"

    def scene(self, value: Any) -> Scene:
        if isinstance(value, PanzerVorScenario):
            return scenario_scene(value, size=self.size)
        return hexmap_scene(value, size=self.size)

    # edits by name (each one step of the history)
    def paint(self, cells: Iterable[HexLike], kind: str) -> None:
        """Set terrain (labels, ranges or hexes)."""
        self.editor.attempt(lambda: self._painted(self.value, cells, kind))

    def _painted(self, value: Any, cells: Iterable[HexLike], kind: str) -> Any:
        hexmap = self.hexmap(value)
        return self.with_map(value, hexmap.with_terrain({c: kind for c in cells}))

    def cycle_hexside(self, a: HexLike, b: HexLike) -> None:
        """The next feature on the side between two hexes: none, then each type, then none."""
        self.editor.attempt(lambda: self._cycled(self.value, a, b))

    def _cycled(self, value: Any, a: HexLike, b: HexLike) -> Any:
        hexmap = self.hexmap(value)
        kinds: list[str | None] = [None, *sorted(hexmap.hexside_types)]
        now = hexmap.hexside_at(a, b)
        following = kinds[(kinds.index(None if now is None else now.name) + 1) % len(kinds)]
        return self.with_map(value, hexmap.with_hexside(a, b, following))

    def name_place(self, cell: HexLike, name: str | None) -> None:
        self.editor.attempt(
            lambda: self.with_map(
                self.value, self.hexmap(self.value).with_place(cell, name or None)
            )
        )

    def draw_zone(self, name: str, cells: Iterable[HexLike], *, remove: bool = False) -> None:
        """Add hexes to a zone (or take them out of it)."""
        self.editor.attempt(lambda: self._zoned(self.value, name, cells, remove))

    def _zoned(self, value: Any, name: str, cells: Iterable[HexLike], remove: bool) -> Any:
        hexmap = self.hexmap(value)
        now = set(hexmap.zones.get(name, frozenset()))
        given = {h for c in cells for h in hexmap.grid.hexes_in(c)}
        return self.with_map(value, hexmap.with_zone(name, now - given if remove else now | given))

    def place_tank(self, side: str, tank: str, cell: HexLike, facing: int | None = 0) -> None:
        """Place a scenario tank on a hex with a facing (0..5 from NE)."""
        self.editor.attempt(lambda: self._placed(self.value, side, tank, cell, facing))

    def _placed(self, value: Any, side: str, tank: str, cell: HexLike, facing: int | None) -> Any:
        label = self.hexmap(value).grid.label(cell)
        return value.with_placed_tank(side, ForceTank(tank, hex=label, facing=facing))

    def resize(self, rows: int, cols: int) -> None:
        self.editor.attempt(
            lambda: self.with_map(self.value, self.hexmap(self.value).with_size(rows, cols))
        )
        self.editor._redraw(resize=True)

    def add_terrain_type(self, kind: TerrainType) -> None:
        """Teach the map a terrain type of its own; it joins the palette."""
        self.editor.attempt(
            lambda: self.with_map(self.value, self.hexmap(self.value).with_terrain_type(kind))
        )
        self._fill_palette(self.hexmap(self.value))

    # gestures
    def press(self, scene: Scene, x: float, y: float) -> None:
        cell = scene.cell_at(x, y)
        self._last = (x, y)
        if cell is None:
            return
        value, hexmap = self.value, self.hexmap(self.value)
        label = hexmap.grid.label(cell)
        if self.tool == "terrain":
            self._stroke = {cell}
            self.set(self._painted(value, [cell], self.palette.value))
        elif self.tool == "hexside":
            other = self._nearest_side(scene, cell, x, y)
            if other not in hexmap.grid:
                raise ValueError(f"hex {label} has no neighbour that way: the map edge")
            self.set(self._cycled(value, cell, other))
        elif self.tool == "place":
            self.set(self.with_map(value, hexmap.with_place(cell, self.place_name.value or None)))
        elif self.tool == "zone":
            name = self.zone_name.value or "zone"
            self._zone_adds = cell not in hexmap.zones.get(name, frozenset())
            self._stroke = {cell}
            self.set(self._zoned(value, name, [cell], not self._zone_adds))
        elif self.tool == "tank":
            placed = value.placed_tanks().get(label)
            if placed is not None:  # turn it one hexside clockwise
                key, tank = placed
                turned = replace(tank, facing=((tank.facing or 0) + 1) % 6)
                self.set(value.with_placed_tank(key, turned))
            else:
                self.set(
                    self._placed(value, self.side.value, self.tank.value, cell, self.facing.value)
                )
        elif self.tool == "erase":
            if isinstance(value, PanzerVorScenario) and label in value.placed_tanks():
                self.set(value.without_placed_tank(label))
            else:
                self.set(self.with_map(value, hexmap.with_place(cell, None)))

    def drag(self, scene: Scene, x: float, y: float) -> None:
        if self.tool not in ("terrain", "zone") or self._last is None:
            return
        cells = [c for c in _cells_between(scene, self._last, (x, y)) if c not in self._stroke]
        self._last = (x, y)
        if not cells:
            return
        self._stroke.update(cells)
        if self.tool == "terrain":
            self.set(self._painted(self.value, cells, self.palette.value))
        else:
            name = self.zone_name.value or "zone"
            self.set(self._zoned(self.value, name, cells, not self._zone_adds))

    def release(self, scene: Scene, x: float, y: float) -> None:
        self._stroke, self._last = set(), None

    @staticmethod
    def _nearest_side(scene: Scene, cell: Hex, x: float, y: float) -> Hex:
        """The neighbour across the hexside nearest the pointer."""
        bx, by = scene.board_point(x, y)
        layout = scene.layout

        def distance(d: int) -> float:
            (ax, ay), (cx, cy) = layout.side(cell, d)
            return math.hypot((ax + cx) / 2 - bx, (ay + cy) / 2 - by)

        return cell.neighbor(min(range(6), key=distance))


# --- square boards (Panzer Strike) -----------------------------------------------------------
@checked_methods
class SquareTools(Tools):
    names = ("tile", "flip", "flag", "barricade", "tank", "erase")
    size = largest = 30.0

    def __init__(self, editor: Any) -> None:
        super().__init__(editor)
        board: SquareBoard = editor.value
        faces = sorted(board.tiles.faces)
        self.face = widgets.Dropdown(options=faces, value=faces[0], description="tile face")
        self.side = _combo("side", ("north", "south"), "north")
        self.kind = _combo("tank", ("Heavy", "Medium", "Light"), "Medium")
        self.facing = widgets.Dropdown(
            options=[(n, i) for i, n in enumerate(FACING_NAMES)], value=4, description="facing"
        )

    def controls(self) -> list[widgets.Widget]:
        return [self.tool_buttons, self.face, self.side, self.kind, self.facing]

    def title(self, value: SquareBoard) -> str:
        return f"square board {value.name} ({value.width} × {value.depth} squares)"

    def scene(self, value: SquareBoard) -> Scene:
        return squareboard_scene(value, size=self.size)

    def slot(self, square: Square) -> tuple[int, int]:
        """The layout slot (row, column) a square lies in."""
        tiles = self.value.tiles
        return square.y // tiles.depth, square.x // tiles.width

    # edits by name
    def set_tile(self, row: int, column: int, label: str) -> None:
        self.editor.attempt(lambda: self.value.with_tile(row, column, label))

    def flip(self, row: int, column: int) -> None:
        self.editor.attempt(lambda: self._flipped(self.value, row, column))

    def _flipped(self, board: SquareBoard, row: int, column: int) -> SquareBoard:
        label = board.layout[row][column]
        back = board.tiles.back_of(label)
        if back is None:
            raise ValueError(f"tile face {label} has no back in the tile set {board.tiles.name}")
        return board.with_tile(row, column, back)

    def toggle_flag(self, square: Square, owner: str) -> None:
        self.editor.attempt(lambda: self._flagged(self.value, square, owner))

    @staticmethod
    def _flagged(board: SquareBoard, square: Square, owner: str) -> SquareBoard:
        if square in board.flags:
            return board.without_flag(square)
        return board.with_flag(square, owner)

    def toggle_barricade(self, square: Square) -> None:
        self.editor.attempt(lambda: self._barricaded(self.value, square))

    @staticmethod
    def _barricaded(board: SquareBoard, square: Square) -> SquareBoard:
        if square in board.barricades:
            return board.without_barricade(square)
        return board.with_barricade(square)

    def place_tank(self, kind: str, side: str, square: Square, facing: int = 0) -> None:
        self.editor.attempt(lambda: self._placed(self.value, kind, side, square, facing))

    @staticmethod
    def _placed(board: SquareBoard, kind: str, side: str, square: Square, facing: int) -> Any:
        tank = board.tank_at(square)
        if tank is not None:  # turn it 45° clockwise
            return board.with_tank(replace(tank, facing=(tank.facing + 1) % 8))
        used = {t.id for t in board.tanks}
        n = 1 + sum(t.kind == kind and t.side == side for t in board.tanks)
        while f"{side} {kind} {n}" in used:
            n += 1
        return board.with_tank(BoardTank(f"{side} {kind} {n}", kind, side, square, facing))

    def erase(self, square: Square) -> None:
        self.editor.attempt(lambda: self._erased(self.value, square))

    @staticmethod
    def _erased(board: SquareBoard, square: Square) -> SquareBoard:
        tank = board.tank_at(square)
        if tank is not None:
            return board.without_tank(tank.id)
        if square in board.flags:
            return board.without_flag(square)
        return board.without_barricade(square)

    def press(self, scene: Scene, x: float, y: float) -> None:
        square = scene.cell_at(x, y)
        if square is None:
            return
        board = self.value
        row, column = self.slot(square)
        actions = {
            "tile": lambda: board.with_tile(row, column, self.face.value),
            "flip": lambda: self._flipped(board, row, column),
            "flag": lambda: self._flagged(board, square, self.side.value or "north"),
            "barricade": lambda: self._barricaded(board, square),
            "tank": lambda: self._placed(
                board, self.kind.value or "Medium", self.side.value, square, self.facing.value
            ),
            "erase": lambda: self._erased(board, square),
        }
        self.set(actions[self.tool]())


# --- open tables (TANKS) -----------------------------------------------------------------------
TANK_GRAB_CM = 4.0  # how near a click must be to a tank's centre to pick it up
MIN_PIECE_CM = 1.0


@checked_methods
class TableTools(Tools):
    names = ("woods", "building", "move", "rotate", "tank", "delete")
    cell_cm = 10.0  # the heatmaps' cells (coarser than a file needs: quick to lint live)
    size = largest = 7.0  # pixels to the centimetre

    def __init__(self, editor: Any) -> None:
        super().__init__(editor)
        table: Table = editor.value
        sides = [d.side for d in table.deployments] or ["German", "US"]
        self.side = _combo("side", sides, sides[0])
        self.kind = _combo("tank", ("Panther", "Sherman (75mm)"), "Panther")
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
            turn = _angle(centre, (x1, y1)) - _angle(centre, (x0, y0))
            self.set(self._turned(start, name, turn))
        elif what == "tank":
            tank = next(t for t in start.tanks if t.id == name)
            if self.tool == "move":
                moved = replace(tank, at=(tank.at[0] + x1 - x0, tank.at[1] + y1 - y0))
            else:
                turn = _angle(Point(tank.at), (x1, y1)) - _angle(Point(tank.at), (x0, y0))
                moved = replace(tank, heading=(tank.heading + turn) % 360)
            self.set(start.with_tank(moved))

    def release(self, scene: Scene, x: float, y: float) -> None:
        self.drag(scene, x, y)
        self._grab, self._start = None, None


def _cells_between(scene: Scene, a: tuple[float, float], b: tuple[float, float]) -> list[Any]:
    """The cells under a pointer moved from pixel ``a`` to ``b`` (a fast drag skips no hex):
    the segment sampled every few pixels."""
    steps = max(1, math.ceil(math.dist(a, b) / 4.0))
    cells: list[Any] = []
    for i in range(1, steps + 1):
        t = i / steps
        cell = scene.cell_at(a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t)
        if cell is not None and cell not in cells:
            cells.append(cell)
    return cells


def _angle(centre: Any, point: tuple[float, float]) -> float:
    """Degrees of the direction from ``centre`` to ``point`` (y down: clockwise)."""
    return math.degrees(math.atan2(point[1] - centre.y, point[0] - centre.x))


def tools_for(board: Any, editor: Any) -> Tools:
    """The tools for a board value's kind."""
    if isinstance(board, HexMap | PanzerVorScenario):
        return HexTools(editor)
    if isinstance(board, SquareBoard):
        return SquareTools(editor)
    if isinstance(board, Table):
        return TableTools(editor)
    from workbench.errors import ArgumentError

    raise ArgumentError("board", type(board).__name__, "a hex map, scenario, square board or table")
