"""The computer's turn as a turn: a sign that it is thinking (shown before its search begins)
with a Stop button, the human's controls put away while it plays, and after its turn a
summary of what it did, in words and drawn on the board.

In a page (the teacher app: the stepper's ``think_aside``) the computer's decisions run in a
thread of their own, so the page keeps answering: the sign shows at once, Stop reaches the
search (a search player's ``stop()``: it answers with the best found so far) and the
computer then waits, one move per press of Bot move, until the human's turn. Everywhere else
(notebooks, tests) the computer plays at once, as before. Thin: every move is the player's
choice and every state the rules'.

>>> from workbench.players import search
>>> short_name(search("medium")), short_name(lambda *a: None)
('medium', 'computer')
"""

from __future__ import annotations

import html
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import ipywidgets as widgets

from workbench.render.dice import dice_of
from workbench.rules.core import CHANCE, Action, Event, Turn

MAX_DECISIONS = 1000  # rolls and decisions in a row before the computer stops to ask
MOST_SUMMARY = 12  # steps told one by one in the summary (the log has every one)
SIGN_STYLE = (
    "<style>@keyframes workbench-think{0%{opacity:.25}50%{opacity:1}100%{opacity:.25}}"
    ".workbench-thinking-dot{display:inline-block;width:.7em;height:.7em;border-radius:50%;"
    "background:#1f5f8b;margin-right:.45em;animation:workbench-think 1s infinite}</style>"
)


def short_name(player: Any) -> str:
    """A computer player's name in a word or two ("medium", "greedy"): its ``short`` name,
    else its label up to the first bracket or colon."""
    short = getattr(player, "short", None)
    if short:
        return str(short)
    label = str(getattr(player, "label", "") or "computer")
    return label.split(" (")[0].split(":")[0].strip() or "computer"


@dataclass(frozen=True)
class Step:
    """One step of a turn as a view draws it: the state before, the action, the state after
    and the events it caused."""

    before: Any
    action: Action
    after: Any
    events: tuple[Event, ...]


class ComputerTurn:
    """The computer's turn of one stepper (see the module): ``sign`` is its widget (the
    thinking line and Stop), ``thinking`` whether a decision is under way."""

    def __init__(self, stepper: Any) -> None:
        self.stepper = stepper
        self.lock = threading.RLock()  # the record and the widgets: one writer at a time
        self._thread: threading.Thread | None = None
        self.stopped = False  # Stop pressed: the computer waits for Bot move until our turn
        self.shown_at: float | None = None  # when the sign was last shown (time.perf_counter)
        self.text = widgets.HTML()
        self.stop_button = widgets.Button(
            description="Stop thinking",
            tooltip="the computer plays the best move it has found now, then waits for Bot move",
            button_style="warning",
            layout=widgets.Layout(width="9em"),
        )
        self.stop_button.on_click(lambda _: self.stop())
        self.sign = widgets.HBox(
            [self.text, self.stop_button],
            layout=widgets.Layout(display="none", align_items="center", flex="0 0 auto"),
        )
        self.sign.add_class("workbench-computer-thinking")

    @property
    def thinking(self) -> bool:
        return self._thread is not None

    def begin(self, *, one: bool = False) -> None:
        """Start the computer's decisions in a thread (``one``: a single decision, for Bot
        move), the sign shown first."""
        if self._thread is not None:
            return
        self._show(True)
        self._thread = threading.Thread(target=self._run, args=(one,), daemon=True)
        self._thread.start()

    def stop(self) -> None:
        """Stop: the decision under way ends with the best move found so far; the computer
        then waits for Bot move until the human's turn."""
        self.stopped = True
        stop = getattr(self.stepper.bot, "stop", None)
        if callable(stop):
            stop()

    def wait(self, timeout: float = 120.0) -> bool:
        """Wait for the computer's decisions to end (tests, and a page that closes); True when
        they have."""
        thread = self._thread
        if thread is not None:
            thread.join(timeout)
        return self._thread is None

    def waiting(self) -> bool:
        """Whether the computer waits for Bot move (asked to, or stopped in this turn)."""
        return bool(self.stepper.bot_waits or self.stopped)

    def _run(self, one: bool) -> None:
        s, decided = self.stepper, 0
        try:
            for _ in range(MAX_DECISIONS):
                with self.lock:
                    who = s.game.current_player(s.state)
                    if who == CHANCE and s.auto_roll:
                        chance = s._chance()
                        if chance is None or not s._apply(chance):
                            return
                        continue
                    if isinstance(who, Turn) or who != s.bot_side:
                        return
                    if decided and (one or self.stopped):
                        return  # the next decision waits for Bot move
                    recorded = s.recorded_next()
                    observation = s.game.observation(s.state, who)
                    rng = s.rng()
                choice = recorded or s.bot(s.game, observation, rng)  # the long part
                with self.lock:
                    if not s._apply(choice):
                        return
                    decided += 1
                    s._refresh(light=True)
        except Exception as error:  # shown in the panel, not lost in a thread
            s.message = f"the computer could not move: {type(error).__name__}: {error}"
        finally:
            with self.lock:
                self._thread = None
                if s.game.current_player(s.state) != s.bot_side:
                    self.stopped = False  # the human's turn (or the end): Stop is spent
                self._show(False)
                s._refresh(log=True)

    def _show(self, on: bool) -> None:
        """The sign: shown at once when the computer starts thinking, gone when it is done."""
        s = self.stepper
        if on:
            who = s.game.current_player(s.state)
            line = f"The computer ({short_name(s.bot)}) is thinking for {html.escape(str(who))}…"
            self.text.value = (
                f"{SIGN_STYLE}<span class='workbench-thinking-dot'></span><b>{line}</b>"
            )
            self.shown_at = time.perf_counter()
        self.stop_button.layout.display = "" if on and callable(getattr(s.bot, "stop", None)) \
            else "none"  # fmt: skip
        self.sign.layout.display = "" if on else "none"


def last_turn(stepper: Any) -> tuple[int, int] | None:
    """The steps (first, last) since the human's last action up to the step shown, when the
    computer played at least one of them (solo mode); None otherwise."""
    bot = stepper.bot_side
    if bot is None or stepper.cursor == 0:
        return None
    first, played = stepper.cursor, False
    while first >= 1:
        who = stepper.actor_at(first)
        if who not in (bot, CHANCE):
            break
        played = played or who == bot
        first -= 1
    return (first + 1, stepper.cursor) if played else None


def turn_steps(stepper: Any, first: int, last: int) -> list[Step]:
    """The steps ``first`` to ``last`` as :class:`Step` values."""
    return [
        Step(stepper.states[n - 1], stepper.action_at(n), stepper.states[n], stepper.events[n])
        for n in range(first, last + 1)
    ]


def summary_lines(stepper: Any, line_of: Callable[[int], str]) -> list[str]:
    """What happened since the human's last action, a line a step (``line_of(step)``, the
    log's line, and what the game's view adds: a shot's odds): the computer's choices and
    the dice (a kill is said by its roll), the first :data:`MOST_SUMMARY` of them, the rest
    and the cards drawn counted (the log has every step); none when the computer did not
    play."""
    found = last_turn(stepper)
    if found is None:
        return []
    first, last = found
    since = "the start" if first == 1 else "your last move"
    head = f"Since {since} (steps {first}–{last}), the computer played {stepper.bot_side}:"
    steps = range(first, last + 1)
    kept = [n for n in steps if stepper.actor_at(n) != CHANCE or dice_of(stepper.action_at(n))]
    told = []
    for n in kept[:MOST_SUMMARY]:
        note = stepper.view.step_note(stepper.game, turn_steps(stepper, n, n)[0])
        told.append(line_of(n) + (f" ({note})" if note else ""))
    left = len(steps) - len(told)
    more = [f"… and {left} more steps (draws among them): the log lists them"] if left else []
    return [head, *told, *more]


def turn_picture(stepper: Any, scene: Any) -> Any:
    """``scene`` with the computer's last turn drawn on it by the game's view (its moves,
    shots and kills), or None when there is none to draw."""
    found = last_turn(stepper)
    if found is None:
        return None
    drawn = stepper.view.turn_overlay(stepper.game, turn_steps(stepper, *found), scene)
    return drawn


__all__ = ["ComputerTurn", "Step", "last_turn", "short_name", "summary_lines", "turn_picture"]
