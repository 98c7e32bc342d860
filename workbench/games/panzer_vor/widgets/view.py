"""The stepper's views of Panzer Vor!: the board with its tanks, and what a click means. The
card game's (``"panzer-vor"``) is :class:`PanzerVorView`, which hands every question to
:mod:`workbench.games.panzer_vor.widgets.cards_view`; the practice mode's
(``"panzer-vor-practice"``) is :class:`PracticeView`. Both draw the board alike
(:class:`BoardView`).

In practice mode: Click one of your tanks: its reach. A shaded hex: the move there (the cheapest
path drawn); click it again to play it. An enemy: the shot with its exact odds; click it
again to fire. Anything the rules refuse is played anyway, so the rules say why.

The rules answer every question (``movement.reach``, ``explain_move``, ``firing.odds``); the
pictures come from the render layer; this module only maps clicks to them.
"""

from __future__ import annotations

from typing import Any

from workbench.games.panzer_vor.render.hex_units import board_with_counters
from workbench.games.panzer_vor.render.pictures import (
    odds_label,
    path_overlay_of,
    reach_scene,
    sight_scene,
)
from workbench.games.panzer_vor.rules import firing, movement
from workbench.games.panzer_vor.rules.actions import Fire, Move, Pass
from workbench.games.panzer_vor.rules.arguments import on_map
from workbench.games.panzer_vor.rules.match import CardMatch
from workbench.games.panzer_vor.rules.movement import explain_move
from workbench.games.panzer_vor.rules.practice import Match
from workbench.games.panzer_vor.widgets.cards_view import CardGameView
from workbench.render.hexboard import hexmap_scene, odds_overlay
from workbench.render.scene import Scene
from workbench.rules.core import Action, Game
from workbench.widgets.views import HandCard, Offer, register_view


class BoardView:
    """The board of a Panzer Vor! state: the map's picture is made once per map, size and
    theme; a step only adds the counters (and lays the labels out again when a counter stands
    on a place's name)."""

    clickable = True

    def __init__(self) -> None:
        self._base: tuple[Any, float, Any, Scene] | None = None

    def scene(self, state: Match | CardMatch, *, size: float, theme: Any) -> Scene:
        board = state.board
        cached = self._base
        if cached is None or cached[0] is not board.map or cached[1:3] != (size, theme):
            cached = (board.map, size, theme, hexmap_scene(board.map, size=size, theme=theme))
            self._base = cached
        return board_with_counters(cached[3], board)

    def cell(self, state: Match | CardMatch, label: Any) -> Any:
        """The hex a label (``"0802"``) or a Hex names, on the map (else ArgumentError)."""
        return on_map(state.board.map, "cell", label)


class PanzerVorView(BoardView):
    """The card game for the stepper: every question goes to the card game's view."""

    def __init__(self) -> None:
        super().__init__()
        self.cards = CardGameView(self)

    def status(self, game: Game, state: CardMatch) -> list[str]:
        return self.cards.status(game, state)

    def buttons(self, game: Game, state: CardMatch) -> list[Action]:
        return self.cards.buttons(game, state)

    def click(
        self, game: Game, state: CardMatch, scene: Scene, cell: Any, selection: Any, proposed: Any
    ) -> Offer:
        return self.cards.click(game, state, scene, cell, selection, proposed)

    def highlight(self, game: Game, state: CardMatch, scene: Scene) -> Scene | None:
        return self.cards.highlight(game, state, scene)

    def hand(self, game: Game, state: CardMatch) -> tuple[str, tuple[HandCard, ...]]:
        return self.cards.hand(game, state)

    def click_card(self, game: Game, state: CardMatch, name: str, proposed: Any) -> Offer:
        return self.cards.click_card(game, state, name, proposed)

    def card_faces(self, game: Game, state: CardMatch, action: Action) -> tuple[str, ...]:
        return self.cards.card_faces(game, state, action)


class PracticeView(BoardView):
    """The practice mode for the stepper (see the module)."""

    def status(self, game: Game, state: Match) -> list[str]:
        lines = [f"turn {state.turn} of at most {state.turn_limit} (practice mode)"]
        lines.append(f"phase: {state.phase}")
        if state.shot is not None:
            lines.append(f"waiting for dice: {state.shot.odds.firer} at {state.shot.odds.target}")
        for side in state.order:
            lost = state.destroyed.get(side, ())
            if lost:
                lines.append(f"{side} destroyed {len(lost)}: {', '.join(lost)}")
        return lines

    def buttons(self, game: Game, state: Match) -> list[Action]:
        return [Pass()] if state.shot is None and state.ended is None else []

    def click(
        self, game: Game, state: Match, scene: Scene, cell: Any, selection: Any, proposed: Any
    ) -> Offer:
        board = state.board
        label, facings = board.map.grid.label, board.map.grid.direction_names
        if state.ended is not None or state.shot is not None:
            return Offer(("No board action now: " + state.phase,))
        tank = None if cell is None else board.tank_at(cell)
        chosen = None
        if isinstance(selection, str) and any(t.id == selection for t in board.tanks):
            chosen = board.tank(selection)
        if tank is not None and chosen is not None and tank.side != chosen.side and not tank.wreck:
            return self._aim(state, scene, chosen.id, tank.id, proposed)
        if tank is not None:
            return self._select(state, scene, tank.id)
        if cell is None or chosen is None:
            return Offer(("Click one of the counters: its reach is shaded.",))
        reach = movement.reach(board, chosen.id)
        if cell not in reach.hex_costs():  # out of reach: the rules refuse it, with why
            return Offer(
                selection=chosen.id,
                action=Move(chosen.id, label(cell), chosen.facing),
                commit=True,
            )
        facing = reach.facings_at(cell)[0]
        steps = reach.path_to(cell, None)
        facing = steps[-1].end[1] if steps else facing
        move = Move(chosen.id, label(cell), facing)
        explained = explain_move(board, chosen.id, [s.end for s in steps])
        overlay = path_overlay_of(reach_scene(board, reach, scene=scene), steps)
        lines = (
            f"Move {chosen.id} to {label(cell)} facing {facings[facing]} ({facing})",
            *explained.lines(label)[1:],
            "Click the hex again (or Play) to make this move, or end it facing another way.",
        )
        others = tuple(
            (f"face {facings[g]}", Move(chosen.id, label(cell), g))
            for g in reach.facings_at(cell)
            if g != facing
        )
        return Offer(lines, overlay, chosen.id, move, commit=proposed == move, choices=others)

    def highlight(self, game: Game, state: Match, scene: Scene) -> Scene | None:
        return None

    def hand(self, game: Game, state: Match) -> tuple[str, tuple[HandCard, ...]]:
        return "", ()

    def click_card(self, game: Game, state: Match, name: str, proposed: Any) -> Offer:
        return Offer(("Practice mode has no cards: click a tank.",))

    def card_faces(self, game: Game, state: Match, action: Action) -> tuple[str, ...]:
        return ()

    def _select(self, state: Match, scene: Scene, tank_id: str) -> Offer:
        board = state.board
        tank = board.tank(tank_id)
        reach = movement.reach(board, tank_id)
        where = (
            f"{board.map.grid.label(tank.hex)} facing {board.map.grid.direction_names[tank.facing]}"
        )
        turn = (
            "Click a shaded hex to move there, or an enemy to aim."
            if tank.side == state.side_to_act
            else f"It is {state.side_to_act}'s turn, not {tank.side}'s."
        )
        lines = (
            f"{tank.id} ({tank.side}) at {where}",
            f"{reach.mp} MP: " + ", ".join(str(m) for m in reach.budget),
            turn,
        )
        return Offer(lines, reach_scene(board, reach, scene=scene), tank_id)

    def _aim(self, state: Match, scene: Scene, firer: str, target: str, proposed: Any) -> Offer:
        board = state.board
        odds = firing.odds(board, firer, target)
        fire = Fire(firer, target)
        overlay = sight_scene(board, odds.line, scene=scene, caption=False)
        overlay = odds_overlay(overlay, {board.tank(target).hex: odds_label(odds)})
        lines = [f"{firer} fires at {target}: {odds_label(odds)}", *odds.lines()[1:]]
        if odds.can_fire:
            lines.append("Click the enemy again (or Play) to fire.")
        commit = proposed == fire or not odds.can_fire  # a shot refused: the rules say why
        return Offer(tuple(lines), overlay, firer, fire, commit=commit)


register_view("panzer-vor", PanzerVorView)
register_view("panzer-vor-practice", PracticeView)

__all__ = ["BoardView", "PanzerVorView", "PracticeView"]
