"""The stepper's next-step line: what the keys and buttons do now, told truthfully for the mode
the stepper is in. Replaying a record, → shows the next recorded step; at the end of a new
game's history, → plays nothing, so the line (and → itself) says what the learner does instead:
press Roll, press Bot move, or click on the board, a card or the list.

>>> from workbench.widgets.stepper import Stepper
>>> stepper = Stepper("maps/panzer-vor/games/first-shots.json", at=4)
>>> next_step_line(stepper)
'Next: → shows step 5 (the dice)'
>>> stepper.last(); next_step_line(stepper)
'The end of the game: ← steps back, Home goes to the start'
"""

from __future__ import annotations

from typing import Any

from workbench.render.dice import dice_of
from workbench.rules.core import CHANCE, TERMINAL


def next_step_line(stepper: Any) -> str:
    """The line that says what to do next at the stepper's cursor (see the module)."""
    game, state = stepper.game, stepper.state
    if stepper.cursor < len(stepper.steps):
        step = stepper.cursor + 1
        who = _chooser(stepper, step)
        return f"Next: → shows step {step} ({who})"
    who = game.current_player(state)
    if who == TERMINAL:
        return "The end of the game: ← steps back, Home goes to the start"
    if who == CHANCE:
        return "Next: press Roll (chance decides the next step)"
    if who == stepper.bot_side:
        if stepper.bot_waits:
            return f"Next: press Bot move (the computer plays {who})"
        return f"Waiting for the computer to play {who}"
    return f"Next: {who} to act: {what_to_click(stepper)}"


def what_to_click(stepper: Any) -> str:
    """How a person plays the side to act with this game's view: a card in the hand, the board
    (with its buttons), or the list of legal actions."""
    _side, cards = stepper.hand()
    if any(card.playable for card in cards):
        return "click a card in the hand (▶: playable now), then the board"
    offered = stepper.offered or stepper.view.buttons(stepper.game, stepper.state)
    buttons = " (or a button above the hand)" if offered else ""
    if getattr(stepper.view, "clickable", False):
        return f"click one of your tanks, then where it goes or an enemy{buttons}"
    return f"choose an action in the list, then press Play chosen{buttons}"


def at_the_end(stepper: Any) -> str:
    """What → says when there is no later step to show."""
    line = next_step_line(stepper)
    if game_over(stepper):
        return line
    return f"No later step yet: {line[0].lower()}{line[1:]}"


def game_over(stepper: Any) -> bool:
    return bool(stepper.game.current_player(stepper.state) == TERMINAL)


def _chooser(stepper: Any, step: int) -> str:
    """Who chose step ``step``, in a few words: a side, the dice or a card drawn."""
    who = stepper.actor_at(step)
    if who == CHANCE:
        return "the dice" if dice_of(stepper.action_at(step)) else "chance"
    return f"{who}'s choice"


__all__ = ["at_the_end", "next_step_line", "what_to_click"]
