"""The stepper's view of TANKS: the table with its tanks, and what a click means.

Click the tank whose turn it is: its legal actions now (stay, end its moves, hold its fire,
...) as buttons; a tank that may not act now says why, in the rules' words (the next in
Initiative order). Then click on the table: the legal move that leaves the tank nearest that
point, drawn before it is played (the Measuring Arrow laid, the hull where it ends, an arrow or
an arc for a turn on the spot) with what the rules say of it; click there again to play it.
Click an enemy: the shot drawn (its lines of sight) with its dice and exact odds, as the rules
say them, before any die is rolled; click it again to shoot. A shot's choices between the dice
(keep or re-roll, which Hits to cancel) are buttons. In a played Game Set Up, a click on the
table proposes the legal terrain placement nearest it, drawn where it goes (the same spot's
other pieces and turns as buttons); the role and the table side are buttons; a tank the
players deploy goes where the table is clicked, the same way. The rules answer every question
(``legal_actions``, ``apply`` on the unchanged state); nothing is measured here.
Placing an Objective token or deploying a tank, a click on the table proposes the legal
placement nearest it, drawn where it goes (a deployment: of the tank next in Initiative order,
the owner's other tied tanks as buttons); click there again to play it. A tank with
Repairable Critical cards offers one repair button for each card: the player chooses which
to roll for.
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Sequence
from typing import Any

from workbench.games.tanks.render.play import battle_scene
from workbench.games.tanks.render.proposals import proposal_overlay, turn_overlay
from workbench.games.tanks.rules import objectives
from workbench.games.tanks.rules.actions import Deploy, Move, PlaceObjective, PlaceTerrain, Shoot
from workbench.games.tanks.rules.odds import Odds
from workbench.games.tanks.rules.state import Battle
from workbench.games.tanks.rules.table_setup import setup_step_text
from workbench.render.scene import Scene
from workbench.rules.core import Action, Game, IllegalAction
from workbench.widgets.checks import point_on
from workbench.widgets.views import Offer, ViewDefaults, register_view

PICK_CM = 4.0  # a click this close to a tank's centre picks the tank
PLACED = PlaceTerrain | PlaceObjective | Deploy  # put on the table where it is clicked


def _preview(game: Game, state: Battle, action: Action) -> tuple[Any, list[str]]:
    """The state after ``action`` and what the rules say of it (nothing is changed)."""
    try:
        applied = game.apply(state, action)
    except IllegalAction as refused:
        return None, [f"refused: {refused.reason}"]
    lines = [line.strip() for event in applied.events for line in event.lines()]
    return applied.state, [line for line in lines if line != str(action)]


def _proposed(
    game: Game, state: Battle, scene: Scene | None, action: Action
) -> tuple[Scene | None, list[str]]:
    """``action`` drawn on the table before it is played (on ``scene``, if there is one),
    and what the rules say of it."""
    after, said = _preview(game, state, action)
    drawn = None if scene is None else proposal_overlay(scene, state, action, after)
    return drawn, said


def _own_tank(action: Action) -> str | None:
    """The tank an action is about (None: a choice of the shot or the set-up)."""
    tank = getattr(action, "tank", None)
    return tank if isinstance(tank, str) else None


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
            return [f"Game Set Up: {setup_step_text(state)}"]
        if state.phase == "objectives":
            return [objectives.step_text(state)]
        if state.phase == "deployment":
            return [f"Deployment: waiting to be placed: {', '.join(t.id for t in state.reserve)}"]
        lines = [f"turn {state.turn} of {state.turn_limit}, {state.phase} phase"]
        if state.moving:
            lines.append(f"{state.moving} is moving")
        return lines

    def buttons(self, game: Game, state: Battle) -> list[Action]:
        """The set-up's choices of a role or a table side, and a shot's choices between the
        dice (keep or re-roll, which Hits to cancel): the legal actions of no tank and no
        place on the table."""
        return [
            a
            for a in game.legal_actions(state)
            if _own_tank(a) is None and not isinstance(a, PlaceTerrain)
        ]

    def board_words(self, game: Game, state: Battle, actions: Sequence[Action]) -> str:
        """Who to click and then where, naming the pieces (the rules give one tank, or one
        terrain piece, at a time)."""
        placed = [a for a in actions if isinstance(a, PLACED)]
        if placed:
            return f"click on the table where {_placed_name(placed[0])} goes"
        tanks = sorted({t for a in actions if (t := _own_tank(a)) is not None})
        named = " or ".join(tanks)
        if any(isinstance(a, Move) for a in actions):
            return f"click {named}, then on the table where it moves (its other choices: buttons)"
        if any(isinstance(a, Shoot) for a in actions):
            return f"click {named}, then the enemy it shoots at (or hold its fire: a button)"
        return f"click {named}: its choices as buttons"

    def turn_overlay(self, game: Game, steps: Sequence[Any], scene: Scene) -> Scene | None:
        return turn_overlay(scene, steps)

    def step_note(self, game: Game, step: Any) -> str:
        """A shot's exact chances, as declared: of destroying the target and of damaging it
        (the log gives its dice)."""
        if not isinstance(step.action, Shoot) or game.odds is None:
            return ""
        odds = game.odds(step.before, step.action.tank, step.action.target)
        destroy = f"a {float(odds.destroy):.1%} chance to destroy it"
        if not isinstance(odds, Odds):  # the game's odds: TANKS' own say the damage too
            return destroy
        return f"{destroy}, {float(odds.at_least(1)):.1%} to damage it"

    def click(
        self, game: Game, state: Battle, scene: Scene, cell: Any, selection: Any, proposed: Any
    ) -> Offer:
        legal = list(game.legal_actions(state))
        placed = [a for a in legal if isinstance(a, PLACED)]
        if placed:
            return _place_click(game, state, scene, placed, cell, proposed)
        if state.setup is not None:
            return Offer((f"Game Set Up: {setup_step_text(state)}.",))
        if cell is None:
            return Offer(("Click a tank, then where it should go or whom to shoot.",))
        near = [(math.dist(cell, t.hull.centre), t) for t in state.tanks if not t.destroyed]
        distance, tank = min(near, key=lambda pair: pair[0], default=(math.inf, None))
        picked = tank if distance <= PICK_CM else None
        chosen = next((t for t in state.tanks if t.id == selection), None)
        if picked is not None and chosen is not None and picked.side != chosen.side:
            shot = Shoot(chosen.id, picked.id)
            if shot not in legal:  # the rules say why
                return Offer((), None, chosen.id, shot, commit=True)
            overlay, said = _proposed(game, state, scene, shot)
            shown = (str(shot), *said, "Click the enemy again (or Play) to shoot.")
            return Offer(shown, overlay, chosen.id, shot, commit=proposed == shot)
        if picked is not None:
            return _select(game, state, legal, picked)
        if chosen is None:
            return Offer(("Click one of the tanks first.",))
        moves = [a for a in legal if isinstance(a, Move) and a.tank == chosen.id]
        if not moves:
            return Offer((f"{chosen.id} has no move now.",), None, chosen.id)
        move = min(moves, key=lambda m: math.dist(cell, m.to[:2]))
        overlay, said = _proposed(game, state, scene, move)
        x, y, _ = move.to
        proposal = (
            f"{move}: ends at ({x:.1f}, {y:.1f})",
            *said,
            "Click there again (or Play) to move.",
        )
        return Offer(proposal, overlay, chosen.id, move, commit=proposed == move)


def _select(game: Game, state: Battle, legal: list[Action], picked: Any) -> Offer:
    """A tank clicked: its legal actions now (those no click on the table plays, as buttons),
    or the rules' reason it may not act now."""
    own = [a for a in legal if _own_tank(a) == picked.id]
    head = f"{picked.id} ({picked.side}, {picked.card.name})"
    if not own:
        return Offer((head, f"no action for it now: {_why_not(game, state, legal, picked.id)}"))
    what = []
    if any(isinstance(a, Move) for a in own):
        what.append("click on the table to move it")
    if any(isinstance(a, Shoot) for a in own):
        what.append("click an enemy to shoot")
    choices = tuple((str(a), a) for a in own if not isinstance(a, Move | Shoot))
    if choices:
        what.append(f"press {' or '.join(label for label, _ in choices)}")
    lines = (head, f"{len(own)} legal actions now: {', or '.join(what)}")
    return Offer(lines, None, picked.id, choices=choices)


def _why_not(game: Game, state: Battle, legal: list[Action], tank: str) -> str:
    """Why ``tank`` may not act now, in the rules' words: what they say of the action another
    tank may take now, taken by this one (the next in Initiative order, say)."""
    for action in legal:
        fields = vars(action).values()
        if _own_tank(action) is not None and tank not in fields:  # not a shot at itself
            try:
                game.apply(state, dataclasses.replace(action, tank=tank))  # type: ignore[call-arg]
            except IllegalAction as refused:
                return str(refused.reason)
    return f"the {state.phase} phase has no action for it"


def _place_click(
    game: Game, state: Battle, scene: Scene, places: list[Any], cell: Any, proposed: Any
) -> Offer:
    """A terrain piece, an Objective token or a tank put on the table: the legal placement
    nearest the click, drawn where it goes with what the rules say of it (the same spot's
    other pieces and turns as buttons; a deployment: of the tank next in Initiative order,
    each other tank tied with it placed nearest the same click as a button); click again to
    play it."""
    tanks = list(dict.fromkeys(a.tank for a in places if isinstance(a, Deploy)))
    mine = [a for a in places if not isinstance(a, Deploy) or a.tank == tanks[0]]
    if cell is None:
        return Offer((f"Click on the table where {_placed_name(mine[0])} should go.",))

    def nearest_of(actions: list[Any]) -> Any:
        return min(actions, key=lambda a: math.dist(cell, (a.x, a.y)))

    nearest = nearest_of(mine)
    there = [a for a in mine if (a.x, a.y) == (nearest.x, nearest.y) and a != nearest]
    overlay, said = _proposed(game, state, scene, nearest)
    shown = (str(nearest), *said, "Click there again (or Play) to place it.")
    choices = tuple((str(a), a) for a in there)
    choices += tuple(  # the owner's other tied tanks, each nearest the same click
        (
            f"Place {other} there instead",
            nearest_of([a for a in places if isinstance(a, Deploy) and a.tank == other]),
        )
        for other in tanks[1:]
    )
    selected = tanks[0] if tanks else None
    return Offer(shown, overlay, selected, nearest, commit=proposed == nearest, choices=choices)


def _placed_name(action: Any) -> str:
    if isinstance(action, PlaceTerrain):
        return str(action.piece)
    return "the Objective token" if isinstance(action, PlaceObjective) else str(action.tank)


register_view("tanks", TanksView)

__all__ = ["TanksView"]
