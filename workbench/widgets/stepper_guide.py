r"""The stepper's next-step line: what the keys and controls do now, told truthfully for the
mode the stepper is in, from the one description of what the side to act can do
(:attr:`Stepper.ways <workbench.widgets.stepper.Stepper.ways>`, :mod:`.guidance`). Replaying
a record, → shows the next recorded step (and the controls play another step instead); at the
end of a new game's history → plays nothing, so the line says what to do: press Roll, click
the board or a card, press a button, choose in the list, or wait for the computer.

>>> from workbench.widgets.stepper import Stepper
>>> stepper = Stepper("maps/panzer-vor/games/first-shots.json", at=4)
>>> print(next_step_line(stepper).replace("; ", ";\n"))
Next: → shows step 5 (the dice);
or choose another result in the list (More: Actions), then press Play chosen
>>> stepper.last(); next_step_line(stepper)
'The end of the game: ← steps back, Home goes to the start'
"""

from __future__ import annotations

from typing import Any

from workbench.render.dice import dice_of
from workbench.rules.core import CHANCE, TERMINAL
from workbench.widgets.computer_turn import short_name

CHOOSE_ROLL = "choose {which} result in the list (More: Actions), then press Play chosen"


def next_step_line(stepper: Any) -> str:
    """The line that says what to do next at the stepper's cursor (see the module)."""
    game, state = stepper.game, stepper.state
    who = game.current_player(state)
    if who == TERMINAL:
        return "The end of the game: ← steps back, Home goes to the start"
    computer = f"the computer ({short_name(stepper.bot)})"
    if stepper.turn.thinking:
        stoppable = stepper.turn.stop_button.layout.display != "none"
        stop = ", or press Stop thinking to have it move now" if stoppable else ""
        return f"Wait: {computer} is thinking for {who}{stop}"
    if stepper.cursor < len(stepper.steps):
        step = stepper.cursor + 1
        line = f"Next: → shows step {step} ({_chooser(stepper, step)})"
        if who == CHANCE:
            return f"{line}; or {CHOOSE_ROLL.format(which='another')}"
        if who == stepper.bot_side:
            return f"{line}; or press Bot move ({computer} plays {who})"
        return f"{line}; or play another step: {stepper.ways.line()}"
    if who == CHANCE:
        roll = CHOOSE_ROLL.format(which="a")
        return f"Next: press Roll (chance decides the next step), or {roll}"
    if who == stepper.bot_side:
        return f"Next: press Bot move ({computer} plays {who})"
    return f"Next: {who} to act: {stepper.ways.line()}"


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


__all__ = ["at_the_end", "next_step_line"]
