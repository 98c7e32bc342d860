"""The stepper's view of a series of Panzer Vor! matches (the National Tournament's Linked
Scenarios and Tournament Play): while a match is being played, the Panzer Vor! view of that
match (its board, hand and clicks), with a line saying where the series stands; between
matches, the series' picture and its choices as buttons.

The series' rules pass every action of a match to that match, so what the match's view
proposes is played on the series as it is.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import Any

from workbench.games import get_game
from workbench.games.panzer_vor.rules.linked_game import LinkedState
from workbench.games.panzer_vor.rules.match import CardMatch
from workbench.games.panzer_vor.rules.tournament_game import TournamentState
from workbench.games.panzer_vor.widgets.view import PanzerVorView
from workbench.render.scene import Scene
from workbench.rules.core import Action, Game
from workbench.widgets.views import HandCard, Offer, PlainView, register_view

MAX_BUTTONS = 40  # choices between matches shown as buttons (the list holds them all)


class SeriesView:
    """A series of matches for the stepper (see the module)."""

    clickable = True

    def __init__(self) -> None:
        self.match_view = PanzerVorView()
        self.between = PlainView()
        self.panzer_vor = get_game("panzer-vor")

    @staticmethod
    def match_in_play(state: LinkedState | TournamentState) -> CardMatch | None:
        """The match being played (None between matches, and once it has ended)."""
        match = state.match
        return match if match is not None and match.ended is None else None

    def scene(self, state: Any, *, size: float, theme: Any) -> Scene:
        match = self.match_in_play(state)
        if match is None:
            return self.between.scene(state, size=size, theme=theme)
        return self.match_view.scene(match, size=size, theme=theme)

    def status(self, game: Game, state: LinkedState | TournamentState) -> list[str]:
        if isinstance(state, LinkedState):
            lines = [f"match {len(state.results) + 1}: {state.scenario} ({state.step})"]
        else:
            lines = [f"round {state.round}: {state.step}"]
        lines += [f"played: {result}" for result in state.results]
        match = self.match_in_play(state)
        if match is None:
            return lines
        return [*lines, *self.match_view.status(self.panzer_vor, match)]

    def cell(self, state: Any, label: str) -> Any:
        match = self.match_in_play(state)
        return label if match is None else self.match_view.cell(match, label)

    def buttons(self, game: Game, state: Any) -> list[Action]:
        match = self.match_in_play(state)
        if match is None:
            return list(game.legal_actions(state))[:MAX_BUTTONS]
        return self.match_view.buttons(self.panzer_vor, match)

    def click(
        self, game: Game, state: Any, scene: Scene, cell: Any, selection: Any, proposed: Any
    ) -> Offer:
        match = self.match_in_play(state)
        if match is None:
            return Offer(("Between matches: choose with the buttons below the board.",))
        return self.match_view.click(self.panzer_vor, match, scene, cell, selection, proposed)

    def highlight(self, game: Game, state: Any, scene: Scene) -> Scene | None:
        match = self.match_in_play(state)
        return None if match is None else self.match_view.highlight(self.panzer_vor, match, scene)

    def hand(self, game: Game, state: Any) -> tuple[str, tuple[HandCard, ...]]:
        match = self.match_in_play(state)
        return ("", ()) if match is None else self.match_view.hand(self.panzer_vor, match)

    def click_card(self, game: Game, state: Any, name: str, proposed: Any) -> Offer:
        match = self.match_in_play(state)
        if match is None:
            return Offer(("No match is being played: no hand.",))
        return self.match_view.click_card(self.panzer_vor, match, name, proposed)

    def card_faces(self, game: Game, state: Any, action: Action) -> tuple[str, ...]:
        match = self.match_in_play(state)
        if match is None:
            return ()
        return self.match_view.card_faces(self.panzer_vor, match, action)

    def card_of(self, game: Game, state: Any, action: Action) -> str | None:
        match = self.match_in_play(state)
        return None if match is None else self.match_view.card_of(self.panzer_vor, match, action)

    def on_board(self, game: Game, state: Any, action: Action) -> bool:
        match = self.match_in_play(state)
        return match is not None and self.match_view.on_board(self.panzer_vor, match, action)

    def board_words(self, game: Game, state: Any, actions: Sequence[Action]) -> str:
        match = self.match_in_play(state)
        if match is None:
            return ""
        return self.match_view.board_words(self.panzer_vor, match, actions)

    def step_note(self, game: Game, step: Any) -> str:
        return ""  # the card game's log says a shot's odds

    def turn_overlay(self, game: Game, steps: Sequence[Any], scene: Scene) -> Scene | None:
        """A turn's steps drawn while one match is in play (none across two matches)."""
        inner = [
            dataclasses.replace(step, before=step.before.match, after=step.after.match)
            for step in steps
        ]
        maps = {id(m.board.map) for step in inner for m in (step.before, step.after) if m}
        if not inner or None in [m for step in inner for m in (step.before, step.after)] \
                or len(maps) != 1:  # fmt: skip
            return None
        return self.match_view.turn_overlay(self.panzer_vor, inner, scene)


register_view("panzer-vor-linked", SeriesView)
register_view("panzer-vor-tournament", SeriesView)
