"""The Panzer Vor! explorer: click a tank, a hex or an enemy and see what the rules say.

A thin widget over the layers below. It keeps the game state and the selection (a tank, a
destination, a target), asks the rules (``movement.reach``, ``explain_move``, ``line_of_sight``,
``firing.odds``) and asks the renderer to draw. The board is drawn once on an ipycanvas
``MultiCanvas``; only the overlay layers are redrawn on a click. Clicks are plain methods
(:meth:`Explorer.click` in canvas pixels, :meth:`Explorer.click_hex` with a label), so tests
and notebooks drive it without a browser::

    explorer = Explorer("maps/panzer-vor/scenarios/test-your-luck.json")
    explorer.click_hex("0802")        # the Panzer IV: its reach and MP budget
    explorer.click_hex("0805")        # the cheapest path there, step by step
    print(explorer.panel_text)
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

import ipywidgets as widgets

from workbench.arguments import facing as a_facing
from workbench.boards.hexmap import HexMap
from workbench.errors import ArgumentError, UnknownName, WorkbenchError
from workbench.files import load
from workbench.games.panzer_vor.boards.scenario import PanzerVorScenario
from workbench.games.panzer_vor.render.hex_units import state_scene
from workbench.games.panzer_vor.render.pictures import (
    odds_label,
    path_overlay_of,
    reach_scene,
    sight_scene,
)
from workbench.games.panzer_vor.rules import firing, movement
from workbench.games.panzer_vor.rules.arguments import on_map
from workbench.games.panzer_vor.rules.firing import AttackOdds, card, character
from workbench.games.panzer_vor.rules.movement import Reach, Step, explain_move
from workbench.games.panzer_vor.rules.setup import (
    OPTIONAL_RULES,
    game_from_scenario,
    quick_deployment,
)
from workbench.games.panzer_vor.rules.sight import LineOfSight, line_of_sight
from workbench.games.panzer_vor.rules.state import GameState, Tank
from workbench.geometry.hexgrid import Hex, HexLike
from workbench.render.canvas import draw_scene, new_canvas
from workbench.render.hexboard import odds_overlay
from workbench.render.scene import Scene
from workbench.rules.core import Modifier
from workbench.widgets.checks import checked_methods, flag, positive, tank_of
from workbench.widgets.explorers import register_explorer
from workbench.widgets.layout import NOTEBOOK_PX, board_and_panel, fitted_board, notebook_size
from workbench.widgets.panel import OVERLAY_GROUPS, Line, PathExplorer

HELP = (
    "Click a tank to see where it can move. Then click a shaded hex for the cheapest path, "
    "or an enemy tank for the line of sight and the odds. Click empty ground to clear."
)


def game_state_of(board: PanzerVorScenario | GameState | HexMap | str | Path) -> GameState:
    """The game state to explore: a state as it is, a scenario's opening position (tanks the
    player deploys placed by ``quick_deployment``), a bare map, or a file holding either."""
    if isinstance(board, str | Path):
        board = load(board)
    if isinstance(board, GameState):
        return board
    if isinstance(board, PanzerVorScenario):
        setup = game_from_scenario(board)
        if setup.waiting:
            setup = quick_deployment(board, setup)
        return setup.state
    if isinstance(board, HexMap):
        return GameState(board)
    raise ArgumentError("board", board, "a Panzer Vor! scenario, game state or map, or its file")


@checked_methods
class Explorer(PathExplorer):
    """The Panzer Vor! map with its tanks on a live canvas and a side panel that explains.

    ``board`` is a PanzerVorScenario, a GameState, a HexMap or the path of a file holding one.
    ``size`` is the hex size in pixels (None: the size that fits a notebook's output, so every
    label shows at 9 px at least). Display it as a notebook cell's value; ``widget`` is the
    ipywidgets box.
    """

    def __init__(
        self,
        board: PanzerVorScenario | GameState | HexMap | str | Path,
        *,
        size: float | None = None,
        theme: Any = None,
    ) -> None:
        if size is not None:  # None: as wide as a notebook's output at most
            positive("size", size)
        self.start = game_state_of(board)
        self.state = self.start
        if size is None:  # as wide as a notebook's output at most: its labels read there
            size = notebook_size(lambda s: state_scene(self.state, size=s, theme=theme), 28.0)
        self.scene: Scene = state_scene(self.state, size=size, theme=theme)
        self.overlay_scene: Scene = self.scene
        self.selected: str | None = None
        self.destination: tuple[Hex, int | None] | None = None
        self.target: str | None = None
        self.reach: Reach | None = None
        self.steps: tuple[Step, ...] = ()
        self.sight: LineOfSight | None = None
        self.odds: AttackOdds | None = None
        self.note = ""
        self._lines: list[Line] = []
        self._busy = False  # set while refreshing: control changes made then are not clicks

        self.canvas = new_canvas(self.scene)
        self.canvas.add_class("workbench-explorer-canvas")
        self.canvas.on_mouse_down(self._on_mouse_down)
        self._redraw_late_views()

        self.panel = widgets.HTML(layout=widgets.Layout(width="100%"))
        self.panel.add_class("workbench-explorer-panel")
        self.back = widgets.Button(description="◀", tooltip="previous step", disabled=True)
        self.forward = widgets.Button(description="▶", tooltip="next step", disabled=True)
        for button in (self.back, self.forward):
            button.layout = widgets.Layout(width="3em")
        self.back.on_click(lambda _: self.step_by(-1))
        self.forward.on_click(lambda _: self.step_by(1))
        self.step_slider = widgets.IntSlider(
            0, min=0, max=0, description="step", disabled=True, continuous_update=True
        )
        self.step_slider.observe(self._control_changed, names="value")
        self.options = {
            flag: widgets.Checkbox(
                value=getattr(self.state.options, flag), description=title, indent=False
            )
            for title, flag in OPTIONAL_RULES.items()
        }
        for box in self.options.values():
            box.observe(self._control_changed, names="value")

        def number(
            description: str, tooltip: str, low: int = -3, high: int = 3
        ) -> widgets.IntSlider:
            slider = widgets.IntSlider(
                0, min=low, max=high, description=description, tooltip=tooltip,
                continuous_update=False,
            )  # fmt: skip
            slider.style.description_width = "11em"
            slider.observe(self._control_changed, names="value")
            return slider

        self.attack_card = number("attack card", "a card's attack modifier, e.g. Mobile Fire 2: -2")
        self.damage_card = number("damage card", "a card's damage modifier")
        self.character_bonus = number("character attack", "a character's attack ability")
        # Movement bonuses only add MP (Moving: Movement Bonuses): a negative one is no rule
        self.movement_bonus = number("movement bonus", "e.g. Full Speed Ahead!: +2 MP", 0, 6)

        controls = widgets.VBox(
            [
                widgets.HBox([self.back, self.step_slider, self.forward]),
                widgets.HTML("<b>Optional rules</b>"),
                widgets.HBox(list(self.options.values()), layout=widgets.Layout(flex_flow="wrap")),
                widgets.HTML("<b>What if…</b>"),
                self.attack_card,
                self.damage_card,
                self.character_bonus,
                self.movement_bonus,
            ]
        )
        # The board scales to the width it is given, never so small that a label shows under
        # 9 px; the panel stays beside it when there is room, so the answer to a click is in
        # view, and goes under it when not.
        board = fitted_board(self.canvas, self.scene, below=None, least_px=NOTEBOOK_PX)
        self.widget = board_and_panel(board, widgets.VBox([self.panel, controls]))
        self._refresh(draw_board=True)

    # --- display ------------------------------------------------------------------------
    def __repr__(self) -> str:
        name = self.state.map.name
        return f"<Explorer of {name}: {len(self.state.tanks)} tanks; click a tank>"

    # --- clicks -------------------------------------------------------------------------
    def click(self, x: float, y: float) -> None:
        """A click at canvas pixel (x, y), as ipycanvas reports it."""
        self.click_hex(self.scene.cell_at(x, y))

    def click_hex(self, where: HexLike | None) -> None:
        """A click on a hex (a label such as ``"0802"`` or a Hex; None: off the board).

        A tank: select it (or, while one of the other side is selected, aim at it); a hex the
        selected tank can reach: its cheapest path; anything else: clear the selection."""
        cell = None if where is None else on_map(self.state.map, "where", where)
        tank = None if cell is None else self.state.tank_at(cell)
        chosen = self.state.tank(self.selected) if self.selected else None
        if tank is not None and chosen is not None and tank.side != chosen.side and not tank.wreck:
            self.aim_at(tank.id)
        elif tank is not None:
            self.select(tank.id)
        elif cell is not None and self.reach is not None and cell in self.reach.hex_costs():
            self.go_to(cell)
        else:
            self.clear()

    def select(self, tank_id: str) -> None:
        """Choose the tank to explore: its reach and MP budget."""
        tank_of("tank_id", self.state, tank_id)
        self.selected, self.destination, self.target, self.note = tank_id, None, None, ""
        self._refresh()

    def go_to(self, where: HexLike, facing: int | None = None) -> None:
        """Show the cheapest path of the selected tank to a hex (and facing, if given)."""
        if self.selected is None:
            raise ArgumentError("where", where, "a hex once a tank is selected (click one first)")
        cell = on_map(self.state.map, "where", where)
        if facing is not None:
            a_facing("facing", facing)
        self.destination, self.target, self.note = (cell, facing), None, ""
        self._refresh(new_path=True)

    def set_options(self, **flags: bool) -> None:
        """Switch optional rules on or off, e.g. ``set_options(cutting_through=True)``."""
        for name, on in flags.items():  # every one checked before any is set
            if name not in self.options:
                known = f"an optional rule ({', '.join(self.options)})"
                raise UnknownName(name, name, known)
            flag(name, on)
        for name, on in flags.items():
            self.options[name].value = on

    def _on_mouse_down(self, x: float, y: float) -> None:
        # A callback's exception would vanish into the kernel log: the library's refusals are
        # shown in the panel (a bug still shows as a bug).
        try:
            self.click(x, y)
        except WorkbenchError as error:
            self._show_refusal(error)

    def _show_refusal(self, error: WorkbenchError) -> None:
        self._lines = [("head", "The rules refuse this"), ("text", str(error))]
        self.panel.value = self._html()

    def _control_changed(self, _change: Any = None) -> None:
        if self._busy:
            return
        self.state = self.start.with_options(**{k: box.value for k, box in self.options.items()})
        self._refresh()

    # --- what the rules say -------------------------------------------------------------
    def attack_modifiers(self) -> list[Modifier]:
        """The what-if attack modifiers (cards and characters) set in the controls."""
        out = []
        if self.attack_card.value:
            out.append(card("attack card (what if)", self.attack_card.value))
        if self.character_bonus.value:
            out.append(character("character ability (what if)", self.character_bonus.value))
        return out

    def damage_modifiers(self) -> list[Modifier]:
        if not self.damage_card.value:
            return []
        return [card("damage card (what if)", self.damage_card.value)]

    def movement_bonuses(self) -> list[Modifier]:
        if not self.movement_bonus.value:
            return []
        return [card("movement bonus (what if)", self.movement_bonus.value)]

    def _refresh(self, *, draw_board: bool = False, new_path: bool = False) -> None:
        """Ask the rules again for the current selection, then redraw the overlays."""
        self._busy = True
        try:
            self._ask_and_draw(draw_board, new_path)
        except WorkbenchError as error:  # shown, and every control still works
            self._show_refusal(error)
        finally:
            self._busy = False

    def _ask_and_draw(self, draw_board: bool, new_path: bool) -> None:
        self.reach, self.sight, self.odds = None, None, None
        scene = self.scene
        lines: list[Line] = []
        if self.selected is not None and not any(t.id == self.selected for t in self.state.tanks):
            self.selected = None
        if self.selected is None:
            self.destination = self.target = None
            lines = [("head", self.state.map.name), ("text", HELP)]
            self._set_path((), new_path)
        else:
            tank = self.state.tank(self.selected)
            self.reach = movement.reach(self.state, tank.id, bonuses=self.movement_bonuses())
            lines = self._tank_lines(tank, self.reach)
            if self.target is not None:
                self._set_path((), new_path)
                scene, more = self._aim(tank)
                lines += more
            else:
                steps = self._path(new_path)
                scene = reach_scene(self.state, self.reach, scene=self.scene)
                if steps:
                    scene = path_overlay_of(scene, steps[: self.step_slider.value])
                    lines += self._path_lines(tank, steps)
        if self.note:
            lines.append(("note", self.note))
        self._lines = lines
        self.panel.value = self._html()
        self.overlay_scene = scene
        if draw_board:
            draw_scene(self.canvas, scene)
        else:
            draw_scene(self.canvas, scene, OVERLAY_GROUPS)

    def _path(self, new_path: bool) -> tuple[Step, ...]:
        if self.destination is None or self.reach is None:
            self._set_path((), new_path)
            return ()
        where, facing = self.destination
        if facing is not None and facing not in self.reach.facings_at(where):
            facing = None
        try:
            steps = self.reach.path_to(where, facing)
        except KeyError:
            label = self.state.map.grid.label(where)
            self.note = f"{label} is out of reach now: the path was cleared."
            self.destination = None
            steps = ()
        self._set_path(steps, new_path)
        return steps

    def _aim(self, tank: Tank) -> tuple[Scene, list[Line]]:
        target = self.state.tank(self.target or "")
        self.sight = line_of_sight(self.state, tank.hex, target.hex)
        self.odds = firing.odds(
            self.state,
            tank.id,
            target.id,
            attack=self.attack_modifiers(),
            damage=self.damage_modifiers(),
        )
        scene = sight_scene(self.state, self.sight, scene=self.scene, caption=False)
        scene = odds_overlay(scene, {target.hex: odds_label(self.odds)})
        return scene, self._sight_lines(self.sight) + self._odds_lines(self.odds)

    # --- the panel ----------------------------------------------------------------------
    def _label(self, h: Hex) -> str:
        return self.state.map.grid.label(h)

    def _facing(self, facing: int) -> str:
        return self.state.map.grid.direction_names[facing]

    def _tank_lines(self, tank: Tank, reach: Reach) -> list[Line]:
        gun = tank.counter.gun()
        where = f"{self._label(tank.hex)}, facing {self._facing(tank.facing)} ({tank.facing})"
        lines: list[Line] = [
            ("head", f"{tank.id} ({tank.side}) at {where}"),
            ("text", f"{reach.mp} MP to spend:"),
        ]
        for part in reach.budget:
            lines.append(("item", str(part)))
        counter = tank.counter
        armour = "/".join(str(counter.armour[a]) for a in ("front", "side", "rear"))
        lines.append(
            (
                "text",
                f"range {gun.range}, firepower {gun.firepower}, target size "
                f"{counter.target_size:+d}, armour front/side/rear {armour}",
            )
        )
        if self.target is None:
            lines.append(
                (
                    "text",
                    f"Reach: {len(reach.hex_costs()) - 1} hexes (shaded; the number is the least "
                    "MP, ticks the facings it can end in)",
                )
            )
        return lines

    def _path_lines(self, tank: Tank, steps: Sequence[Step]) -> list[Line]:
        explained = explain_move(
            self.state, tank.id, [s.end for s in steps], bonuses=self.movement_bonuses()
        )
        end_hex, end_facing = steps[-1].end
        shown = self.step_slider.value
        lines: list[Line] = [
            ("head", f"Cheapest path to {self._label(end_hex)}, facing {self._facing(end_facing)}"),
        ]
        for i, text in enumerate(explained.lines(self._label)[1:-1], 1):
            lines.append(("current" if i == shown else "item", text))
        lines.append(("text", explained.lines(self._label)[-1]))
        lines.append(("text", f"showing {shown} of {len(steps)} steps (◀ ▶ or the slider)"))
        return lines

    def _sight_lines(self, los: LineOfSight) -> list[Line]:
        head = f"Line of sight {self._label(los.start)} → {self._label(los.end)}"
        return [("head", head), *_shown(los.lines(self._label))]

    def _odds_lines(self, odds: AttackOdds) -> list[Line]:
        head = f"{odds.firer} fires at {odds.target}: {odds_label(odds)}"
        return [("head", head), *_shown(odds.lines())]


__all__ = ["Explorer", "game_state_of"]


def _shown(lines: Sequence[str]) -> list[Line]:
    """A result's own lines, unchanged: indented ones as list items, the rest as text."""
    return [("item", line.strip()) if line.startswith("  ") else ("text", line) for line in lines]


register_explorer(Explorer, PanzerVorScenario, GameState, HexMap)
