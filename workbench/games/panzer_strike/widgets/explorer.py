"""The Panzer Strike explorer: roll or set the movement dice, click a tank, a square or an
enemy and see what the rules say.

The same interaction as the Panzer Vor! explorer, on a square board: a thin widget that keeps
a match and a selection, asks the rules (``reach_by_die``, ``shooting.odds``, ``hit_zones``)
and asks the renderer to draw. Clicks are plain methods (:meth:`click` in canvas pixels,
:meth:`click_square` with ``(x, y)``), so tests and notebooks drive it without a browser::

    explorer = PanzerStrikeExplorer("maps/panzer-strike/scenarios/capture-the-flag.json")
    explorer.set_dice([6, 3])
    explorer.click_square((14, 0))      # the Light tank: its reach with the chosen die
    explorer.click_square((12, 5))      # the fewest-steps path there, step by step
    print(explorer.panel_text)
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import replace
from fractions import Fraction
from pathlib import Path
from typing import Any

import ipywidgets as widgets

from workbench.errors import ArgumentError, UnknownName
from workbench.files import load
from workbench.games.panzer_strike.boards.board import SquareBoard
from workbench.games.panzer_strike.boards.scenario import PanzerStrikeScenario
from workbench.games.panzer_strike.render.pictures import (
    match_scene,
    path_overlay,
    reach_overlay,
    trajectory_overlay,
    zone_overlay,
)
from workbench.games.panzer_strike.rules import shooting
from workbench.games.panzer_strike.rules.game import RollMovement, chance_outcomes, start
from workbench.games.panzer_strike.rules.movement import (
    Step,
    TankOptions,
    large_numbers,
    reach_by_die,
)
from workbench.games.panzer_strike.rules.options import (
    BACKWARD_STEPS,
    DIAGONAL_CUTS,
    ROUNDINGS,
    TRAJECTORIES,
)
from workbench.games.panzer_strike.rules.setup import with_dice
from workbench.games.panzer_strike.rules.shooting import KillOdds, hit_zones
from workbench.games.panzer_strike.rules.state import Match, Options
from workbench.geometry.squaregrid import FACING_NAMES, Square
from workbench.render.canvas import draw_scene, new_canvas
from workbench.render.scene import Scene
from workbench.rules.options import OptionError
from workbench.rules.play import sample_chance
from workbench.widgets.checks import (
    checked_methods,
    flag,
    one_of,
    positive,
    square_on,
    tank_of,
)
from workbench.widgets.explorers import register_explorer
from workbench.widgets.panel import OVERLAY_GROUPS, Line, PathExplorer

HELP = (
    "Roll or set the dice, then click a tank to see where it can move with the chosen die. "
    "Click a shaded square for the path (◀ ▶ step through it), or an enemy tank for the "
    "trajectory, the armour side hit and the exact kill odds. Click empty ground to clear."
)
SWITCHES = {
    "Damage": "damage",
    "Barricades": "barricades",
    "backward counts as a step": "backward_counts",
    "has moved (±90° arc)": "moved",
}
READINGS = {
    "backward_steps": BACKWARD_STEPS,
    "diagonal_cut": DIAGONAL_CUTS,
    "trajectory": TRAJECTORIES,
    "distance_rounding": ROUNDINGS,
}


def match_of(board: PanzerStrikeScenario | SquareBoard | Match | str | Path) -> Match:
    """The match to explore: a match as it is, a scenario's opening (or a board that places
    its own tanks), or a file holding one."""
    if isinstance(board, str | Path):
        board = load(board)
    if isinstance(board, Match):
        return board
    if isinstance(board, PanzerStrikeScenario | SquareBoard):
        return start(board)  # a board must place its own tanks (see rules start)
    raise ArgumentError("board", board, "a Panzer Strike scenario, board or match, or its file")


def _chance(value: Fraction) -> str:
    return f"{value} ({float(value):.1%})"


@checked_methods
class PanzerStrikeExplorer(PathExplorer):
    """A Panzer Strike board with its tanks on a live canvas and a side panel that explains.

    ``board`` is a PanzerStrikeScenario, a Match or the path of a scenario file. Display it
    as a notebook cell's value; ``widget`` is the ipywidgets box."""

    def __init__(
        self,
        board: PanzerStrikeScenario | SquareBoard | Match | str | Path,
        *,
        size: float = 34.0,
        theme: Any = None,
        seed: int = 0,
    ) -> None:
        positive("size", size)
        self.start = match_of(board)
        self.base = replace(self.start, phase="roll", dice=(), slots=(), used=(), moved=())
        self.rng = random.Random(seed)
        self.dice: tuple[int, ...] = ()
        self.die: int | None = None
        self.moved = False
        self.state = self.base
        self.scene: Scene = match_scene(self.state, size=size, theme=theme)
        self.overlay_scene: Scene = self.scene
        self.selected: str | None = None
        self.destination: tuple[Square, int] | None = None
        self.target: str | None = None
        self.tank_options: TankOptions | None = None
        self.steps: tuple[Step, ...] = ()
        self.odds: KillOdds | None = None
        self.note = ""
        self._lines: list[Line] = []
        self._busy = False

        self.canvas = new_canvas(self.scene)
        self.canvas.add_class("workbench-explorer-canvas")
        self.canvas.layout.flex = "0 0 auto"
        self.canvas.on_mouse_down(self._on_mouse_down)
        self._redraw_late_views()
        self.panel = widgets.HTML(layout=widgets.Layout(width="100%"))
        self.panel.add_class("workbench-explorer-panel")

        self.roll_button = widgets.Button(description="roll the dice", icon="dice")
        self.roll_button.on_click(lambda _: self.roll())
        self.dice_text = widgets.Text(
            description="dice", placeholder="e.g. 6 3", continuous_update=False
        )
        self.dice_text.observe(self._dice_typed, names="value")
        self.die_choice = widgets.ToggleButtons(options=[], description="die")
        self.die_choice.observe(self._control_changed, names="value")
        self.back = widgets.Button(description="◀", tooltip="previous step", disabled=True)
        self.forward = widgets.Button(description="▶", tooltip="next step", disabled=True)
        for button in (self.back, self.forward):
            button.layout = widgets.Layout(width="3em")
        self.back.on_click(lambda _: self.step_by(-1))
        self.forward.on_click(lambda _: self.step_by(1))
        self.step_slider = widgets.IntSlider(0, min=0, max=0, description="step", disabled=True)
        self.step_slider.observe(self._control_changed, names="value")
        self.switches = {
            name: widgets.Checkbox(
                value=self.moved if name == "moved" else getattr(self.start.options, name),
                description=title,
                indent=False,
            )
            for title, name in SWITCHES.items()
        }
        self.readings = {
            name: widgets.Dropdown(
                options=choices,
                value=getattr(self.start.options, name),
                description=name.replace("_", " "),
                style={"description_width": "9em"},
            )
            for name, choices in READINGS.items()
        }
        for control in (*self.switches.values(), *self.readings.values()):
            control.observe(self._control_changed, names="value")
        controls = widgets.VBox(
            [
                widgets.HBox([self.roll_button, self.dice_text]),
                self.die_choice,
                widgets.HBox([self.back, self.step_slider, self.forward]),
                widgets.HTML("<b>Rules and readings</b>"),
                widgets.HBox(list(self.switches.values()), layout=widgets.Layout(flex_flow="wrap")),
                *self.readings.values(),
            ]
        )
        side = widgets.VBox(
            [self.panel, controls],
            layout=widgets.Layout(flex="1 1 26em", min_width="18em", max_width="34em"),
        )
        self.widget = widgets.HBox(
            [self.canvas, side],
            layout=widgets.Layout(flex_flow="row wrap", align_items="flex-start"),
        )
        self._refresh(draw_board=True)

    # --- display ------------------------------------------------------------------------
    def __repr__(self) -> str:
        return (
            f"<PanzerStrikeExplorer of {self.start.board.name}: {len(self.start.tanks)} "
            "tanks; roll the dice and click a tank>"
        )

    # --- dice ---------------------------------------------------------------------------
    def roll(self) -> tuple[int, ...]:
        """Roll the movement dice of the side to act (or of the selected tank's side): as many
        as the Dice Table gives, each face as likely as the dice definition says."""
        state = self._acting(self.base)
        action = sample_chance(chance_outcomes(state), self.rng)
        assert isinstance(action, RollMovement)
        self.set_dice(action.large)
        return action.large

    def set_dice(self, large: Sequence[int]) -> None:
        """Set the movement dice by their large numbers (a what-if: 1 to 10 of the numbers the
        die faces show; none clears them)."""
        given = tuple(large) if isinstance(large, list | tuple) else large
        self.dice = tuple(sorted(large_numbers("large", self.base, given) if given else ()))
        self._busy = True
        try:
            self.dice_text.value = " ".join(map(str, self.dice))
            values = sorted(set(self.dice), reverse=True)
            self.die_choice.options = [(str(v), v) for v in values]
            self.die_choice.value = values[0] if values else None
        finally:
            self._busy = False
        self._refresh()

    def choose_die(self, large: int) -> None:
        """Show the selected tank's reach for the die showing ``large``."""
        one_of("large", large, self.dice, "the large number of one of the dice set")
        self.die_choice.value = large

    # --- clicks -------------------------------------------------------------------------
    def click(self, x: float, y: float) -> None:
        """A click at canvas pixel (x, y), as ipycanvas reports it."""
        self.click_square(self.scene.cell_at(x, y))

    def click_square(self, where: Square | tuple[int, int] | None) -> None:
        """A click on a square (None: off the board). A tank: select it (or, while one of
        the other side is selected, aim at it); a square it can reach: the path; else clear."""
        cell = None if where is None else square_on("where", self.state.board, where)
        tank = None if cell is None else self.state.tank_at(cell)
        chosen = self.state.tank(self.selected) if self.selected else None
        if tank is not None and chosen is not None and tank.side != chosen.side:
            self.aim_at(tank.id)
        elif tank is not None:
            self.select(tank.id)
        elif (
            cell is not None and self.tank_options is not None and cell in self.tank_options.squares
        ):
            self.go_to(cell)
        else:
            self.clear()

    def select(self, tank_id: str) -> None:
        """Choose the tank to explore: its squares for each die."""
        tank_of("tank_id", self.state, tank_id)
        self.selected, self.destination, self.target, self.note = tank_id, None, None, ""
        self._refresh()

    def go_to(self, where: Square | tuple[int, int], facing: int | str | None = None) -> None:
        """The fewest-steps path of the selected tank to a square (and facing, if given)."""
        if self.selected is None or self.tank_options is None:
            raise ArgumentError("where", where, "a square once a tank and the dice are set")
        square = square_on("where", self.state.board, where)
        if isinstance(facing, str):
            facing = FACING_NAMES.index(one_of("facing", facing, FACING_NAMES, "a facing"))
        elif facing is not None:
            one_of("facing", facing, range(len(FACING_NAMES)), "a facing 0..7 (N, NE ... NW)")
        facings = self.tank_options.reach.facings(square, self.tank_options.steps)
        if facing is None or facing not in facings:
            facing = min(facings, key=lambda f: (facings[f], f)) if facings else 0
        self.destination, self.target, self.note = (square, facing), None, ""
        self._refresh(new_path=True)

    def set_options(self, **values: Any) -> None:
        """Switch rules and readings, e.g. ``set_options(damage=True, trajectory="met")``;
        ``moved=True`` shows a shot as from a tank that has moved (±90° arc)."""
        for name, value in values.items():  # every one checked before any is set
            if name in self.switches:
                flag(name, value)
            elif name in self.readings:
                one_of(name, value, READINGS[name], "a reading")
            else:
                known = ", ".join([*self.switches, *self.readings])
                raise UnknownName(name, name, f"an option here ({known})")
        for name, value in values.items():
            (self.switches.get(name) or self.readings[name]).value = value

    def _on_mouse_down(self, x: float, y: float) -> None:
        try:
            self.click(x, y)
        except Exception as error:  # shown to the learner instead of lost in the kernel log
            self._lines = [("head", "Something went wrong"), ("text", str(error))]
            self.panel.value = self._html()

    def _dice_typed(self, change: Any) -> None:
        if self._busy:
            return
        try:
            values = [int(v) for v in str(change["new"]).replace(",", " ").split()]
        except ValueError:
            self.note = f"dice are whole numbers separated by spaces, not {change['new']!r}"
            self._refresh()
            return
        try:
            self.set_dice(values)
        except ArgumentError as refused:  # numbers no die face shows: said, nothing changed
            self.note = str(refused)
            self._refresh()

    def _control_changed(self, _change: Any = None) -> None:
        if self._busy:
            return
        try:
            self._refresh()
        except OptionError as refused:  # readings that do not go together: the rules say why
            self._lines = [("head", "Not with these options"), ("text", str(refused))]
            self.panel.value = self._html()

    # --- what the rules say -------------------------------------------------------------
    def _acting(self, match: Match) -> Match:
        """The match with the selected tank's side to act (the explorer looks at either)."""
        if self.selected is None:
            return match
        side = match.tank(self.selected).side
        return replace(match, turn=match.order.index(side) + 1)

    def _options(self) -> Options:
        chosen = {n: box.value for n, box in self.switches.items() if n != "moved"}
        chosen |= {n: box.value for n, box in self.readings.items()}
        return replace(self.start.options, **chosen)

    def _refresh(self, *, draw_board: bool = False, new_path: bool = False) -> None:
        self._busy = True
        try:
            self._ask_and_draw(draw_board, new_path)
        finally:
            self._busy = False

    def _ask_and_draw(self, draw_board: bool, new_path: bool) -> None:
        self.base = replace(self.base, options=self._options())
        self.state = self.base
        self.tank_options, self.odds = None, None
        scene = self.scene
        lines: list[Line] = [("head", self.start.board.name)]
        dice = " ".join(map(str, self.dice)) if self.dice else "not rolled yet"
        lines.append(("text", f"movement dice: {dice}"))
        if self.selected is None:
            lines.append(("text", HELP))
            self._set_path((), new_path)
        else:
            acting = self._acting(self.base)
            tank = acting.tank(self.selected)
            lines.append(("head", f"{tank}"))
            kind = acting.kind(tank)
            lines.append(
                (
                    "text",
                    f"{tank.kind}: speed {kind.speed}, armour front/side/rear "
                    f"{kind.armour_front}/{kind.armour_side}/{kind.armour_rear}, "
                    f"{kind.gun_dice} gun dice",
                )
            )
            if self.dice:
                self.state = with_dice(acting, self.dice)
                found = reach_by_die(self.state).options
                die = self.die_choice.value
                self.tank_options = found.get((tank.id, die)) if die is not None else None
            if self.switches["moved"].value:
                self.state = replace(self.state, moved=(tank.id,))
            if self.target is not None:
                self._set_path((), new_path)
                scene, more = self._aim(tank.id)
                lines += more
            else:
                lines += self._reach_lines(tank.id)
                if self.tank_options is not None:
                    facings: dict[Square, list[int]] = {}
                    for square, facing in self.tank_options.poses:
                        facings.setdefault(square, []).append(facing)
                    scene = reach_overlay(self.scene, self.tank_options.squares, facings)
                    steps = self._path(new_path)
                    if steps:
                        scene = path_overlay(
                            scene, self.tank_options.reach.start, steps, self.step_slider.value
                        )
                        lines += self._path_lines(steps)
                else:
                    self._set_path((), new_path)
        if self.note:
            lines.append(("note", self.note))
        self._lines = lines
        self.panel.value = self._html()
        self.overlay_scene = scene
        draw_scene(self.canvas, scene, None if draw_board else OVERLAY_GROUPS)

    def _reach_lines(self, tank_id: str) -> list[Line]:
        if not self.dice:
            return [("text", "roll or set the dice to see where it can move")]
        tank = self.state.tank(tank_id)
        if tank.damaged:
            return [("text", "damaged: it can't move, it can only shoot (Optional Rules: Damage)")]
        options = self.tank_options
        die = self.die_choice.value
        if options is None:
            steps = self.state.kind(tank).steps(die or 0)
            return [("text", f"with a {die}: {steps} steps, so it cannot move")]
        lines: list[Line] = [("text", r.text + f" ({r.section})") for r in options.reasons]
        lines.append(
            (
                "text",
                f"Reach: {len(options.squares)} squares (shaded; the number is the fewest steps; "
                "ticks: the facings it can end in)",
            )
        )
        return lines

    def _path(self, new_path: bool) -> tuple[Step, ...]:
        if self.destination is None or self.tank_options is None:
            self._set_path((), new_path)
            return ()
        square, facing = self.destination
        steps = self.tank_options.path_to(square, facing)
        if not steps:
            self.note = f"({square.x}, {square.y}) is out of reach now: the path was cleared."
            self.destination = None
        self._set_path(steps, new_path)
        return steps

    def _path_lines(self, steps: Sequence[Step]) -> list[Line]:
        end = steps[-1]
        shown = self.step_slider.value
        lines: list[Line] = [
            (
                "head",
                f"Path to ({end.at.x}, {end.at.y}) facing "
                f"{FACING_NAMES[end.facing]}: {end.count} steps",
            )
        ]
        if self.tank_options is not None:
            facings = self.tank_options.reach.facings(end.at, self.tank_options.steps)
            ends = ", ".join(f"{FACING_NAMES[f]} {c}" for f, c in sorted(facings.items()))
            lines.append(("text", f"it can end here facing (steps): {ends}"))
        for i, step in enumerate(steps, 1):
            lines.append(("current" if i == shown else "item", step.reason.text))
        lines.append(("text", f"showing {shown} of {len(steps)} steps (◀ ▶ or the slider)"))
        return lines

    def _aim(self, firer: str) -> tuple[Scene, list[Line]]:
        target = self.state.tank(self.target or "")
        odds = shooting.odds(self.state, firer, target.id)
        self.odds = odds
        zones = hit_zones(self.state, target.id)
        label = f"destroy {odds.destroy}" if odds.can_shoot else "cannot shoot"
        scene = zone_overlay(self.scene, zones)
        scene = trajectory_overlay(scene, odds.trajectory, label)
        verdict = "clear" if odds.trajectory.clear else "blocked"
        lines: list[Line] = [
            ("head", f"{firer} shoots at {target.id}: trajectory {verdict}"),
            (
                "text",
                "squares crossed: "
                + (", ".join(f"({s.x}, {s.y})" for s in odds.trajectory.checked) or "none"),
            ),
        ]
        lines += [("item", str(r)) for r in odds.reasons]
        if not odds.can_shoot:
            lines.append(("head", "cannot shoot: " + odds.reasons[-1].text))
            return scene, lines
        lines.append(
            ("text", f"hits the {odds.zone} armour (zones shaded: F front, S side, R rear)")
        )
        dist = ", ".join(f"{s}: {p}" for s, p in odds.firepower.items())
        lines.append(("text", f"firepower sums: {dist}"))
        if self.state.options.damage:
            lines.append(("text", f"damage: {_chance(odds.damage)}"))
        lines.append(("head", f"destroy: {_chance(odds.destroy)}"))
        return scene, lines


__all__ = ["PanzerStrikeExplorer", "match_of"]


register_explorer(PanzerStrikeExplorer, PanzerStrikeScenario, SquareBoard, Match)
