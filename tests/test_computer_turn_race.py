"""The computer's turn in its own thread (``think_aside``, the teacher app's) against the page
being drawn at the same moment, as when the app opens a new game whose computer moves first:
the computer's whole turn may end while the page is still drawing the step where it began.
Its move waits for that drawing, so the page is never left showing the computer thinking (or
a step it has left) once its turn is done."""

from __future__ import annotations

import threading
from typing import Any

from workbench.widgets.stepper import Stepper

ENDS = 1.0  # seconds the drawing lets the computer's turn end before it goes on


class Held:
    """A computer player that moves (its first legal action) when the test lets it."""

    label = "held player (a test's)"

    def __init__(self) -> None:
        self.go = threading.Event()

    def __call__(self, game: Any, observation: Any, rng: Any) -> Any:
        assert self.go.wait(30), "the test never let the computer move"
        return observation.legal_actions[0]


def test_the_computers_turn_ending_while_the_page_draws_leaves_the_page_true() -> None:
    bot = Held()
    stepper = Stepper.new("panzer-vor-practice", "test-your-luck", bot=bot, think_aside=True)
    first = stepper.game.current_player(stepper.state)
    drawing: list[bool] = []

    def while_drawing(change: Any) -> None:  # the panel drawn by the page (the main thread)
        if threading.current_thread() is threading.main_thread() and not drawing:
            drawing.append(True)
            bot.go.set()
            stepper.turn.wait(ENDS)  # its turn ends now, unless it waits for the drawing

    stepper.panel.observe(while_drawing, names="value")
    stepper.set_bot(first)  # the app's open: the computer moves first, the page is drawn
    assert drawing, "the page was not drawn while the computer thought"
    assert stepper.turn.wait(30), "the computer's turn did not end"
    end = len(stepper.steps)
    assert end >= 1 and stepper.game.current_player(stepper.state) not in (first, None)
    assert stepper.cursor == end, f"the stepper moved back to step {stepper.cursor} of {end}"
    assert (stepper.slider.value, stepper.log.value) == (end, end)
    assert "is thinking" not in stepper.panel.value, "the panel still says the computer thinks"
    assert (stepper.panel.value, stepper.story.value) == (
        stepper._html(),
        stepper._html(story=True),
    ), "the panel shows a step the stepper has left"


def test_a_step_picked_while_the_computer_s_thread_draws_the_page_is_not_dropped() -> None:
    """The page drawn by the computer's thread (its light drawing while it plays on) does not
    make a control the user moves at that moment look like the drawing's own: the user's pick
    waits for that drawing, then is made."""
    stepper = Stepper.new("panzer-vor-practice", "test-your-luck")
    for _ in range(3):
        stepper.play(stepper.game.legal_actions(stepper.state)[0])
    assert stepper.cursor == 3
    release, held = threading.Event(), threading.Event()

    def slow(change: Any) -> None:  # the computer's drawing, held part-way
        if threading.current_thread() is not threading.main_thread():
            held.set()
            release.wait(30)

    stepper.panel.observe(slow, names="value")
    stepper.message = "the computer plays on"  # so its drawing changes the panel
    drawer = threading.Thread(target=lambda: stepper._refresh(light=True))
    drawer.start()
    assert held.wait(30), "the computer's thread did not draw"
    threading.Timer(ENDS, release.set).start()
    stepper.log.value = 1  # the user picks step 1 in the log meanwhile
    drawer.join(30)
    assert stepper.cursor == 1, "the user's pick was dropped while the computer drew"
    assert (stepper.slider.value, stepper.log.value) == (1, 1)
