"""The TANKS explorer: click a tank, a placement or an enemy and see what the rules say.

A thin widget over the layers below, built like the Panzer Vor! explorer. It keeps the
battle and the selection (a tank, a previewed placement, a target), asks the rules
(``move_sweep``, ``check_move``, ``examine_shot``) and asks the renderer to draw. The table
is drawn once on an ipycanvas ``MultiCanvas``; a click redraws only the overlay layers.
Clicks are plain methods (:meth:`TanksExplorer.click` in canvas pixels,
:meth:`TanksExplorer.click_at` in table centimetres), so tests and notebooks drive it::

    explorer = TanksExplorer("maps/tanks/barkmanns-corner.json")
    explorer.select("Panther G1")            # the arrow's sweep of its placements
    explorer.aim_at("Sherman (75mm) A1")     # visible part, corner lines, odds
    print(explorer.panel_text)
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

import ipywidgets as widgets
from shapely.geometry import Point

from workbench.errors import ArgumentError
from workbench.files import load
from workbench.games.tanks.boards.table import Table
from workbench.games.tanks.render.play import battle_scene, shot_overlay, sweep_overlay
from workbench.games.tanks.rules.game import start
from workbench.games.tanks.rules.movement import (
    MoveCheck,
    MoveSweep,
    Placement,
    check_move,
    move_sweep,
)
from workbench.games.tanks.rules.options import table_options
from workbench.games.tanks.rules.shooting import ShotExam, examine_shot
from workbench.games.tanks.rules.state import Battle
from workbench.render.canvas import draw_scene, new_canvas
from workbench.render.scene import OVERLAYS, Polygon, Scene, Style
from workbench.widgets.checks import checked_methods, point_on, positive, tank_of
from workbench.widgets.explorers import register_explorer
from workbench.widgets.panel import OVERLAY_GROUPS, CanvasExplorer, Line

# the options a table is explored with unless given: its tanks on the table at once
EXPLORED = {"table_setup": "given", "deployment": "quick", "objectives": "quick"}
HELP = (
    "Click a tank to see the Measuring Arrow's sweep of its placements. Click a placement to "
    "preview it, or an enemy tank for Line of Sight, Cover, Close Range, Side Shot and the odds. "
    "Click empty ground to clear."
)


def battle_of(
    board: Battle | Table | str | Path, options: Mapping[str, Any] | None = None
) -> Battle:
    """The battle to explore: a battle as it is, or a table's first state with tanks to explore
    (the workbench's quick deployment and objectives, on the table file's terrain and edges,
    unless ``options`` give ``deployment``, ``objectives`` or ``table_setup``)."""
    if isinstance(board, str | Path):
        board = load(board)
    if isinstance(board, Battle):
        return board
    if isinstance(board, Table):
        given = dict(options or {})
        for option in table_options(board):  # tanks to explore, not a set-up
            if option.name in EXPLORED:
                given.setdefault(option.name, EXPLORED[option.name])
        return start(board, given)
    raise ArgumentError("board", board, "a TANKS table or battle, or its file")


@checked_methods
class TanksExplorer(CanvasExplorer):
    """The TANKS table with its tanks on a live canvas and a side panel that explains."""

    def __init__(
        self,
        board: Battle | Table | str | Path,
        *,
        options: Mapping[str, Any] | None = None,
        px_per_cm: float = 7.0,
        theme: Any = None,
    ) -> None:
        positive("px_per_cm", px_per_cm)
        self.state = battle_of(board, options)
        self.scene: Scene = battle_scene(
            self.state, caption=False, px_per_cm=px_per_cm, theme=theme
        )
        self.overlay_scene = self.scene
        self.selected: str | None = None
        self.target: str | None = None
        self.sweep: MoveSweep | None = None
        self.preview: tuple[Placement, MoveCheck] | None = None
        self.exam: ShotExam | None = None
        self._lines: list[Line] = []

        self.canvas = new_canvas(self.scene)
        self.canvas.add_class("workbench-tanks-canvas")
        self.canvas.layout.flex = "0 0 auto"
        self.canvas.on_mouse_down(self._on_mouse_down)
        self._redraw_late_views()
        self.panel = widgets.HTML(layout=widgets.Layout(width="100%"))
        self.panel.add_class("workbench-tanks-panel")
        side = widgets.VBox(
            [self.panel], layout=widgets.Layout(flex="1 1 26em", min_width="18em", max_width="36em")
        )
        self.widget = widgets.HBox(
            [self.canvas, side],
            layout=widgets.Layout(flex_flow="row wrap", align_items="flex-start"),
        )
        self._refresh(draw_board=True)

    # --- display ------------------------------------------------------------------------
    def __repr__(self) -> str:
        name, count = self.state.table.name, len(self.state.tanks)
        return f"<TanksExplorer of {name}: {count} tanks; click a tank>"

    # --- clicks -------------------------------------------------------------------------
    def click(self, x: float, y: float) -> None:
        """A click at canvas pixel (x, y), as ipycanvas reports it."""
        at = self.scene.cell_at(x, y)
        if at is None:
            self.clear()
        else:
            self.click_at(*at)

    def click_at(self, x: float, y: float) -> None:
        """A click at a table point in cm: a tank selects it (an enemy of the selected tank is
        aimed at); a previewable placement is previewed; anything else clears."""
        point = Point(point_on("(x, y)", self.state.table, (x, y)))
        tank = next((t for t in self.state.tanks if t.polygon.covers(point)), None)
        chosen = self.state.tank(self.selected) if self.selected else None
        if (
            tank is not None
            and chosen is not None
            and tank.side != chosen.side
            and not tank.destroyed
        ):
            self.aim_at(tank.id)
        elif tank is not None:
            self.select(tank.id)
        elif self.sweep is not None and self.target is None:
            hit = [(p, h) for p, h in self.sweep.options if h.polygon().covers(point)]
            if hit:
                centre = min(hit, key=lambda ph: Point(ph[1].centre).distance(point))
                self.preview_placement(centre[0])
            else:
                self.clear()
        else:
            self.clear()

    def select(self, tank_id: str) -> None:
        """Choose the tank to explore: where it can move."""
        tank_of("tank_id", self.state, tank_id)
        self.selected, self.target, self.preview = tank_id, None, None
        self._refresh()

    def preview_placement(self, placement: Placement) -> None:
        if self.selected is None:
            raise ArgumentError("placement", placement, "a placement once a tank is selected")
        self.preview = (placement, check_move(self.state, self.selected, placement))
        self._refresh()

    def aim_at(self, target_id: str) -> None:
        if self.selected is None:
            raise ArgumentError("target_id", target_id, "a target once the shooter is selected")
        tank_of("target_id", self.state, target_id)
        self.target, self.preview = target_id, None
        self._refresh()

    def clear(self) -> None:
        self.selected = self.target = None
        self.preview = None
        self._refresh()

    def _on_mouse_down(self, x: float, y: float) -> None:
        try:
            self.click(x, y)
        except Exception as error:  # shown to the learner instead of lost in a log
            self._lines = [("head", "Something went wrong"), ("text", str(error))]
            self.panel.value = self._html()

    # --- what the rules say -------------------------------------------------------------
    def _refresh(self, *, draw_board: bool = False) -> None:
        scene = self.scene
        self.sweep = self.exam = None
        if self.selected is None:
            lines: list[Line] = [("head", self.state.table.name), ("text", HELP)]
        elif self.target is not None:
            self.exam = examine_shot(self.state, self.selected, self.target)
            scene = shot_overlay(self.scene, self.exam)
            lines = [("head", f"{self.selected} shoots at {self.target}")]
            lines += [("item", line) for line in self.exam.lines()]
            lines += self._odds_lines()
        else:
            tank = self.state.tank(self.selected)
            self.sweep = move_sweep(self.state, tank.id)
            scene = sweep_overlay(self.scene, self.sweep)
            lines = [
                ("head", f"{tank.id} ({tank.side}): Initiative {tank.initiative}, "
                         f"Attack {tank.card.attack}, Defence {tank.card.defence}, {tank.left} of "
                         f"{tank.card.damage_capacity} Damage Points left"),
                ("text", f"{len(self.sweep.options)} placements of the display sample "
                         "(outlined); click one"),
            ]  # fmt: skip
            if self.preview is not None:
                placement, checked = self.preview
                lines.append(("head", "Preview: " + ("legal move" if checked.legal else "refused")))
                lines += [("item", str(r)) for r in checked.reasons]
                if checked.hull is not None:
                    corners = tuple((float(x), float(y)) for x, y in checked.hull.corners())
                    style = Style(fill="#ffeb3b", stroke="#111111", width=2.0, opacity=0.8)
                    scene = scene.add(
                        OVERLAYS, [Polygon(corners, style, f"preview {placement.as_tuple()}")]
                    )
        self._lines = lines
        self.panel.value = self._html()
        self.overlay_scene = scene
        draw_scene(self.canvas, scene, None if draw_board else OVERLAY_GROUPS)

    def _odds_lines(self) -> list[Line]:
        odds = self.exam.odds if self.exam else None
        if odds is None or not odds.can_shoot:
            return [("note", "no shot")]
        lines: list[Line] = [
            (
                "head",
                f"Outcome after defence ({odds.attack_dice} Attack v "
                f"{odds.defence_dice} Defence dice)",
            )
        ]
        for (damage, crits), p in odds.distribution.items():
            lines.append(("bar", f"{damage} damage, {crits} critical: {p} ({float(p):.1%})"))
        return lines


__all__ = ["TanksExplorer", "battle_of"]


register_explorer(TanksExplorer, Table, Battle)
