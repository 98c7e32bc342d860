"""The stepper's view of TANKS: the table with its tanks, and what a click means.

Click one of your tanks: its legal actions now (stay, end its moves, shoot, ...) as buttons.
Then click on the table: the legal move that leaves the tank nearest that point, proposed with
what the rules say of it; click there again to play it. Click an enemy: the shot and its dice,
as the rules say them, before any die is rolled; click it again to shoot. The rules answer
every question (``legal_actions``, ``apply`` on the unchanged state); nothing is measured here.
"""

from __future__ import annotations

import math
from typing import Any

from workbench.render.scene import Scene
from workbench.render.tanks_play import battle_scene
from workbench.rules.core import Action, Game, IllegalAction
from workbench.rules.tanks.actions import Move, Shoot
from workbench.rules.tanks.state import Battle
from workbench.widgets.checks import point_on
from workbench.widgets.views import Offer, ViewDefaults, register_view

PICK_CM = 4.0  # a click this close to a tank's centre picks the tank


def _preview(game: Game, state: Battle, action: Action) -> tuple[Any, list[str]]:
    """The state after ``action`` and what the rules say of it (nothing is changed)."""
    try:
        applied = game.apply(state, action)
    except IllegalAction as refused:
        return None, [f"refused: {refused.reason}"]
    lines = [line.strip() for event in applied.events for line in event.lines()]
    return applied.state, [line for line in lines if line != str(action)]


class TanksView(ViewDefaults):
    """TANKS for the stepper (see the module). ``size`` is pixels per centimetre / 4."""

    clickable = True

    def scene(self, state: Battle, *, size: float, theme: Any) -> Scene:
        return battle_scene(state, size=size, theme=theme, caption=False)

    def cell(self, state: Battle, label: Any) -> tuple[float, float]:
        """A table point from ``"30, 6"`` (cm) or an ``(x, y)`` pair, on the table (else
        ArgumentError)."""
        return point_on("cell", state.table, label)

    def status(self, game: Game, state: Battle) -> list[str]:
        lines = [f"turn {state.turn} of {state.turn_limit}, {state.phase} phase"]
        if state.moving:
            lines.append(f"{state.moving} is moving")
        return lines

    def buttons(self, game: Game, state: Battle) -> list[Action]:
        return []

    def click(
        self, game: Game, state: Battle, scene: Scene, cell: Any, selection: Any, proposed: Any
    ) -> Offer:
        if cell is None:
            return Offer(("Click a tank, then where it should go or whom to shoot.",))
        near = [(math.dist(cell, t.hull.centre), t) for t in state.tanks if not t.destroyed]
        distance, tank = min(near, key=lambda pair: pair[0], default=(math.inf, None))
        picked = tank if distance <= PICK_CM else None
        chosen = next((t for t in state.tanks if t.id == selection), None)
        legal = list(game.legal_actions(state))
        if picked is not None and chosen is not None and picked.side != chosen.side:
            shot = Shoot(chosen.id, picked.id)
            if shot not in legal:  # the rules say why not
                return Offer((), None, chosen.id, shot, commit=True)
            _, said = _preview(game, state, shot)
            shown = (str(shot), *said, "Click the enemy again (or Play) to shoot.")
            return Offer(shown, None, chosen.id, shot, commit=proposed == shot)
        if picked is not None:
            own = [a for a in legal if getattr(a, "tank", None) == picked.id]
            lines = [f"{picked.id} ({picked.side}, {picked.card.name})"]
            lines.append(
                f"{len(own)} legal actions now: click on the table to move, an enemy to shoot"
                if own
                else f"no action for it now ({state.phase} phase)"
            )
            choices = tuple((str(a), a) for a in own if not isinstance(a, Move))
            return Offer(tuple(lines), None, picked.id, choices=choices)
        if chosen is None:
            return Offer(("Click one of the tanks first.",))
        moves = [a for a in legal if isinstance(a, Move) and a.tank == chosen.id]
        if not moves:
            return Offer((f"{chosen.id} has no move now.",), None, chosen.id)
        ends = []
        for move in moves:
            after, said = _preview(game, state, move)
            if after is not None:
                centre = next(t for t in after.tanks if t.id == chosen.id).hull.centre
                ends.append((math.dist(cell, centre), move, said, centre))
        if not ends:
            return Offer((f"{chosen.id} has no move now.",), None, chosen.id)
        _, move, said, centre = min(ends, key=lambda e: e[0])
        proposal = (
            f"{move}: ends at ({centre[0]:.1f}, {centre[1]:.1f})",
            *said,
            "Click there again (or Play) to move.",
        )
        return Offer(proposal, None, chosen.id, move, commit=proposed == move)


register_view("tanks", TanksView)

__all__ = ["TanksView"]
