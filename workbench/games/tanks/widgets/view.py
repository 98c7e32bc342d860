"""The stepper's view of TANKS: the table with its tanks, and what a click means.

Click one of your tanks: its legal actions now (stay, end its moves, shoot, ...) as buttons.
Then click on the table: the legal move that leaves the tank nearest that point, proposed with
what the rules say of it; click there again to play it. Click an enemy: the shot and its dice,
as the rules say them, before any die is rolled; click it again to shoot. The rules answer
every question (``legal_actions``, ``apply`` on the unchanged state); nothing is measured here.
In a played Game Set Up, a click on the table proposes the legal terrain placement nearest it
(the same spot's other pieces and turns as buttons); the role and the table side are buttons.
Placing an Objective token or deploying a tank, a click on the table proposes the legal
placement nearest it (a deployment: of the tank next in Initiative order, the owner's other
tied tanks as buttons); click there again to play it. A tank with Repairable Critical cards
offers one repair button for each card: the player chooses which to roll for.
"""

from __future__ import annotations

import math
from typing import Any

from workbench.games.tanks.render.play import battle_scene
from workbench.games.tanks.rules import objectives
from workbench.games.tanks.rules.actions import Deploy, Move, PlaceObjective, PlaceTerrain, Shoot
from workbench.games.tanks.rules.state import Battle
from workbench.games.tanks.rules.table_setup import setup_step_text
from workbench.render.scene import Scene
from workbench.rules.core import Action, Game, IllegalAction
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
        if state.setup is not None:
            how = {
                "terrain": "click on the table where it goes, then again to place it",
                "role": "press the button of the role",
                "table-side": "press the button of the edge",
            }.get(state.setup.step, "press Roll")
            return [f"Game Set Up: {setup_step_text(state)}", how]
        if state.phase == "objectives":
            return [objectives.step_text(state), "click on the table where it goes, then again"]
        if state.phase == "deployment":
            waiting = ", ".join(t.id for t in state.reserve)
            return [f"Deployment: waiting to be placed: {waiting}",
                    "click on the table where the next tank goes, then again"]  # fmt: skip
        lines = [f"turn {state.turn} of {state.turn_limit}, {state.phase} phase"]
        if state.moving:
            lines.append(f"{state.moving} is moving")
        return lines

    def buttons(self, game: Game, state: Battle) -> list[Action]:
        """The set-up's choices of a role or a table side."""
        if state.setup is None or state.setup.step == "terrain":
            return []
        return list(game.legal_actions(state))

    def click(
        self, game: Game, state: Battle, scene: Scene, cell: Any, selection: Any, proposed: Any
    ) -> Offer:
        if state.setup is not None:
            return _setup_click(game, state, cell, proposed)
        if state.phase in ("objectives", "deployment"):
            return _placing_click(game, state, cell, proposed)
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


def _setup_click(game: Game, state: Battle, cell: Any, proposed: Any) -> Offer:
    """In the set-up: the legal terrain placement nearest the click, proposed with what the
    rules say of it (its turns and the other waiting pieces as buttons); click again to play."""
    places = [a for a in game.legal_actions(state) if isinstance(a, PlaceTerrain)]
    if not places:
        return Offer((f"Game Set Up: {setup_step_text(state)}.",))
    if cell is None:
        return Offer(("Click on the table where the next terrain piece should go.",))
    nearest = min(places, key=lambda a: math.dist(cell, (a.x, a.y)))
    there = [a for a in places if (a.x, a.y) == (nearest.x, nearest.y) and a != nearest]
    _, said = _preview(game, state, nearest)
    shown = (str(nearest), *said, "Click there again (or Play) to place it.")
    choices = tuple((str(a), a) for a in there)
    return Offer(shown, None, None, nearest, commit=proposed == nearest, choices=choices)


def _placing_click(game: Game, state: Battle, cell: Any, proposed: Any) -> Offer:
    """Placing an Objective token or deploying a tank: the legal placement nearest the click
    (of the first tank next in Initiative order; each other tank tied with it placed nearest
    the same click as a button), proposed with what the rules say of it; click again to play it."""
    legal = list(game.legal_actions(state))
    deploys = [a for a in legal if isinstance(a, Deploy)]
    tanks_next = list(dict.fromkeys(a.tank for a in deploys))
    tank = tanks_next[0] if tanks_next else None
    places: list[Any] = (
        [a for a in deploys if a.tank == tank]
        if tank
        else [a for a in legal if isinstance(a, PlaceObjective)]
    )
    what = f"where {tank} goes" if tank else "where the Objective token goes"
    if not places or cell is None:
        return Offer((f"Click on the table {what}.",), None, tank)

    def near(actions: list[Any]) -> Any:
        return min(actions, key=lambda a: math.dist(cell, (a.x, a.y)))

    nearest = near(places)
    _, said = _preview(game, state, nearest)
    others = tuple(  # the owner's other tied tanks, each nearest the same click
        (f"Place {other} there instead", near([a for a in deploys if a.tank == other]))
        for other in tanks_next
        if other != tank
    )
    shown = (str(nearest), *said, "Click there again (or Play) to place it.")
    return Offer(shown, None, tank, nearest, commit=proposed == nearest, choices=others)


register_view("tanks", TanksView)

__all__ = ["TanksView"]
