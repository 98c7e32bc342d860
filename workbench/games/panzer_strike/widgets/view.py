"""The stepper's view of Panzer Strike: the board with its tanks, and what a click means.

Click one of your tanks: the squares it may move to this turn are shaded (from the rules'
legal moves). A shaded square: that move, proposed (the other dice and end facings as
buttons); click it again to play it. An enemy, in the shooting phase: the shot and its odds,
as the rules say them, before the dice; click it again to shoot. Anything else is played, so
the rules say why not.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from workbench.games.panzer_strike.rules.actions import die_name
from workbench.games.panzer_strike.rules.game import EndMovement, EndTurn, Move, Shoot
from workbench.games.panzer_strike.rules.state import Match
from workbench.geometry.squaregrid import FACING_NAMES, Square
from workbench.render import scene_of
from workbench.render.overlays import tint_overlay
from workbench.render.scene import Scene
from workbench.render.turns import turn_marks
from workbench.rules.core import Action, Game, IllegalAction
from workbench.widgets.checks import square_on
from workbench.widgets.views import Offer, ViewDefaults, register_view


def _preview(game: Game, state: Match, action: Action) -> list[str]:
    """What the rules say the action does (on the unchanged state), or why they refuse it."""
    try:
        events = game.apply(state, action).events
    except IllegalAction as refused:
        return [f"refused: {refused.reason}"]
    lines = [line.strip() for event in events for line in event.lines()]
    return [line for line in lines if line != str(action)]


class PanzerStrikeView(ViewDefaults):
    """Panzer Strike for the stepper (see the module)."""

    clickable = True

    def scene(self, state: Match, *, size: float, theme: Any) -> Scene:
        return scene_of(state, size=size, theme=theme)

    def cell(self, state: Match, label: Any) -> Square:
        """A square from ``"3,1"``, ``"(3, 1)"`` or a Square, on the board (else ArgumentError)."""
        return square_on("cell", state.board, label)

    def status(self, game: Game, state: Match) -> list[str]:
        lines = [f"turn {state.turn}, phase: {state.phase}"]
        if state.dice:
            lines.append("movement dice: " + ", ".join(str(d) for d in state.dice))
        return lines

    def buttons(self, game: Game, state: Match) -> list[Action]:
        return [a for a in game.legal_actions(state) if isinstance(a, EndMovement | EndTurn)]

    def on_board(self, game: Game, state: Match, action: Action) -> bool:
        return isinstance(action, Move | Shoot)

    def board_words(self, game: Game, state: Match, actions: Sequence[Action]) -> str:
        kinds = {type(a) for a in actions}
        if kinds == {Shoot}:
            return "click one of your tanks, then the enemy it shoots at"
        if kinds == {Move}:
            return "click one of your tanks, then a shaded square it moves to"
        return "click one of your tanks, then a shaded square or an enemy"

    def turn_overlay(self, game: Game, steps: Sequence[Any], scene: Scene) -> Scene | None:
        """A turn's moves, its shots with their exact chance of destroying (the rules' odds
        before the dice) and the tanks it destroyed."""
        moves, shots = [], []
        for step in steps:
            before, action = step.before, step.action
            where = {t.id: t.at for t in before.tanks}
            if isinstance(action, Move):
                moves.append((where[action.tank], Square(*action.to)))
            elif isinstance(action, Shoot) and game.odds is not None:
                odds = game.odds(before, action.firer, action.target)
                label = f"destroys {float(odds.destroy):.0%}"
                shots.append((where[action.firer], where[action.target], label))
        standing = {t.id for t in steps[0].before.tanks if not t.destroyed} if steps else set()
        lost = [t.at for t in steps[-1].after.tanks if t.destroyed and t.id in standing] \
            if steps else []  # fmt: skip
        if not (moves or shots or lost):
            return None
        return turn_marks(scene, moves=moves, shots=shots, destroyed=lost)

    def click(
        self, game: Game, state: Match, scene: Scene, cell: Any, selection: Any, proposed: Any
    ) -> Offer:
        if state.phase not in ("move", "shoot"):
            return Offer((f"No board action now (phase: {state.phase}).",))
        tank = next((t for t in state.tanks if t.at == cell and not t.destroyed), None)
        chosen = next((t for t in state.tanks if t.id == selection and not t.destroyed), None)
        if tank is not None and chosen is not None and tank.side != chosen.side:
            shot = Shoot(chosen.id, tank.id)
            if shot not in list(game.legal_actions(state)):  # refused: the rules say why
                return Offer((), None, chosen.id, shot, commit=True)
            lines = (f"{chosen.id} shoots at {tank.id}?", *_preview(game, state, shot))
            again = "Click the enemy again (or Play) to shoot."
            return Offer((*lines, again), None, chosen.id, shot, commit=proposed == shot)
        if tank is not None:
            return self._select(game, state, scene, tank.id)
        if chosen is None or cell is None:
            return Offer(("Click one of the tanks: the squares it may move to are shaded.",))
        moves = [
            a
            for a in game.legal_actions(state)
            if isinstance(a, Move) and a.tank == chosen.id and Square(*a.to) == cell
        ]
        if not moves:  # the rules refuse it, with why
            return Offer(
                selection=chosen.id,
                action=Move(chosen.id, 0, (cell.x, cell.y), chosen.facing),
                commit=True,
            )
        move = moves[0]
        others = tuple(
            (f"{die_name(m.die)}, face {FACING_NAMES[m.facing % 8]}", m) for m in moves[1:]
        )
        lines = (str(move), *_preview(game, state, move), "Click it again (or Play) to move.")
        overlay = tint_overlay(scene, {cell: "#e67e22"})
        return Offer(lines, overlay, chosen.id, move, commit=proposed == move, choices=others)

    def _select(self, game: Game, state: Match, scene: Scene, tank_id: str) -> Offer:
        tank = next(t for t in state.tanks if t.id == tank_id)
        legal = list(game.legal_actions(state))
        ends = {Square(*a.to) for a in legal if isinstance(a, Move) and a.tank == tank_id}
        shots = [a.target for a in legal if isinstance(a, Shoot) and a.firer == tank_id]
        lines = [f"{tank.id} ({tank.side}, {tank.kind}) at ({tank.at.x}, {tank.at.y})"]
        if ends:
            lines.append(f"{len(ends)} squares it may move to (shaded)")
        if shots:
            lines.append("it may shoot at " + ", ".join(shots) + ": click one for the odds")
        if not ends and not shots:
            lines.append("no move or shot for it now")
        overlay = tint_overlay(scene, dict.fromkeys(ends, "#4a90d9")) if ends else None
        return Offer(tuple(lines), overlay, tank_id)


register_view("panzer-strike", PanzerStrikeView)

__all__ = ["PanzerStrikeView"]
