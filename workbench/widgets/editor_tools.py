"""The editor's tools for each board kind: the gestures (press, drag, release in canvas
pixels) and the same edits by name, each made through the board value's ``with_*`` methods.

Each kind of board registers its tools, a :class:`Tools` subclass, with
:func:`register_tools`: a hex map's are here (:class:`HexTools`: paint terrain from the map's
palette by click and drag, cycle a hexside's feature, name places, draw zones, resize), and
each game registers the tools of its own boards from its home's ``widgets`` (a scenario's
tanks, a square board's tiles, a table's pieces). :func:`tools_for` finds them by the board's
type, so the editor names no game::

    @register_tools(Track)
    class TrackTools(Tools):
        names = ("pit",)
        def scene(self, value): return scene_of(value, size=self.size)
        def press(self, scene, x, y): ...
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Mapping
from typing import Any, TypeVar

import ipywidgets as widgets

from workbench.boards.hexmap import HexMap
from workbench.boards.terrain import TerrainType
from workbench.discovery import import_new, parts
from workbench.errors import ArgumentError
from workbench.geometry.hexgrid import Hex, HexLike
from workbench.lint import LintReport
from workbench.render.findings import findings_overlay
from workbench.render.hexboard import hexmap_scene
from workbench.render.scene import Scene
from workbench.widgets.checks import checked_methods, one_of


@checked_methods
class Tools:
    """What every board kind's tools share: the tool buttons and the editor they edit."""

    names: tuple[str, ...] = ()
    size = 28.0  # the board's cell in pixels (a table's centimetre): the editor fits it
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


T = TypeVar("T", bound=type[Tools])
TOOLS: dict[type, type[Tools]] = {}  # each board kind's tools (register_tools)


def register_tools(*kinds: type) -> Callable[[T], T]:
    """Edit a board value of any of ``kinds`` (or of a subclass) with the decorated
    :class:`Tools` subclass."""

    def register(tools: T) -> T:
        for kind in kinds:
            TOOLS[kind] = tools
        return tools

    return register


def _registered(board: Any) -> type[Tools] | None:
    return next((TOOLS[k] for k in type(board).__mro__ if k in TOOLS), None)


def tools_for(board: Any, editor: Any) -> Tools:
    """The tools for a board value's kind (each game's ``widgets`` registers its own, found
    on first use); an ArgumentError names the kinds the editor edits."""
    tools = _registered(board)
    if tools is None and import_new(parts("widgets")):
        tools = _registered(board)
    if tools is None:
        kinds = ", ".join(sorted(kind.__name__ for kind in TOOLS))
        raise ArgumentError("board", type(board).__name__, f"a board the editor edits ({kinds})")
    return tools(editor)


def registered_tools() -> list[type[Tools]]:
    """Every board kind's tools (the games' ``widgets`` imported first)."""
    import_new(parts("widgets"))
    return list(dict.fromkeys(TOOLS.values()))


def combo(description: str, options: Iterable[str], value: str) -> widgets.Combobox:
    """A text box with suggestions (a tank's or a side's name: any text goes)."""
    return widgets.Combobox(
        options=tuple(options), value=value, description=description, ensure_option=False
    )


# --- hex maps ---------------------------------------------------------------------------------
@register_tools(HexMap)
@checked_methods
class HexTools(Tools):
    """Tools for a HexMap. A board that holds a hex map (a scenario) edits it with a subclass
    that says how its map is read and written back (:meth:`hexmap`, :meth:`with_map`) and adds
    the tools of its own pieces."""

    names: tuple[str, ...] = ("terrain", "hexside", "place", "zone", "erase")
    kind = "hex map"  # what the title calls the value

    def __init__(self, editor: Any) -> None:
        super().__init__(editor)
        hexmap = self.hexmap(editor.value)
        self.palette = widgets.Dropdown(description="terrain")
        self._fill_palette(hexmap)
        self.palette.value = "forest" if "forest" in hexmap.terrain_types else "clear"
        self.place_name = widgets.Text(description="place", placeholder="a place's name")
        self.zone_name = combo("zone", hexmap.zones, next(iter(hexmap.zones), "deployment"))
        self.rows = widgets.BoundedIntText(hexmap.grid.rows, min=1, max=99, description="rows")
        self.cols = widgets.BoundedIntText(hexmap.grid.cols, min=1, max=99, description="columns")
        self.resize_button = widgets.Button(description="Resize")
        self.resize_button.on_click(lambda _: self.resize(self.rows.value, self.cols.value))
        self._stroke: set[Hex] = set()
        self._last: tuple[float, float] | None = None  # the pointer's last pixel in a stroke
        self._zone_adds = True

    def controls(self) -> list[widgets.Widget]:
        size = widgets.HBox([self.rows, self.cols, self.resize_button])
        return [self.tool_buttons, self.palette, self.place_name, self.zone_name, size]

    def _fill_palette(self, hexmap: HexMap) -> None:
        value = self.palette.value
        self.palette.options = sorted(hexmap.terrain_types)
        if value in self.palette.options:
            self.palette.value = value

    # values
    def hexmap(self, value: Any) -> HexMap:
        """The hex map of the value edited (a hex map is its own)."""
        return value

    def with_map(self, value: Any, hexmap: HexMap) -> Any:
        """The value edited with ``hexmap`` in place of its map."""
        return hexmap

    def title(self, value: Any) -> str:
        grid = self.hexmap(value).grid
        return f"{self.kind} {value.name} ({grid.rows} × {grid.cols})"

    def scene(self, value: Any) -> Scene:
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
        if self.tool == "terrain":
            self._stroke = {cell}
            self.set(self._painted(value, [cell], self.palette.value))
        elif self.tool == "hexside":
            other = self._nearest_side(scene, cell, x, y)
            if other not in hexmap.grid:
                label = hexmap.grid.label(cell)
                raise ValueError(f"hex {label} has no neighbour that way: the map edge")
            self.set(self._cycled(value, cell, other))
        elif self.tool == "place":
            self.set(self.with_map(value, hexmap.with_place(cell, self.place_name.value or None)))
        elif self.tool == "zone":
            name = self.zone_name.value or "zone"
            self._zone_adds = cell not in hexmap.zones.get(name, frozenset())
            self._stroke = {cell}
            self.set(self._zoned(value, name, [cell], not self._zone_adds))
        elif self.tool == "erase":
            self.set(self.with_map(value, hexmap.with_place(cell, None)))

    def drag(self, scene: Scene, x: float, y: float) -> None:
        if self.tool not in ("terrain", "zone") or self._last is None:
            return
        cells = [c for c in cells_between(scene, self._last, (x, y)) if c not in self._stroke]
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


def cells_between(scene: Scene, a: tuple[float, float], b: tuple[float, float]) -> list[Any]:
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


def angle(centre: Any, point: tuple[float, float]) -> float:
    """Degrees of the direction from ``centre`` to ``point`` (y down: clockwise)."""
    return math.degrees(math.atan2(point[1] - centre.y, point[0] - centre.x))
