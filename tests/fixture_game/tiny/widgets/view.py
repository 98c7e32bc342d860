"""Tiny Race's view for the stepper (a test fixture): no board clicks; walk and run are
buttons."""

from __future__ import annotations

from typing import Any

from workbench.rules.core import Action, Game
from workbench.widgets.views import PlainView, register_view


class TinyView(PlainView):
    def status(self, game: Game, state: Any) -> list[str]:
        return [f"Red on {state.at[0]}, Blue on {state.at[1]}"]

    def buttons(self, game: Game, state: Any) -> list[Action]:
        return game.legal_actions(state)


register_view("tiny-race", TinyView)
