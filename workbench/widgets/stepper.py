"""The game stepper: play any registered game move by move, go back, and replay a record.

A thin widget over the game protocol (:mod:`workbench.rules.core`). It keeps a
:class:`~workbench.boards.record.Record` and a cursor (the step shown); every state is the
rules' answer (``game.apply``), every picture the render layer's, and what a click on the board
means comes from the game's small view (:mod:`workbench.widgets.views`). Everything the buttons
and keys do is a plain method, so tests and notebooks drive it without a browser::

    stepper = Stepper("maps/panzer-vor/games/first-shots.json")  # a prepared game
    stepper.last(); stepper.back(); print(stepper.panel_text)
    stepper = Stepper.new("panzer-vor-practice", "maps/panzer-vor/scenarios/test-your-luck.json")
    stepper.click_cell("0802"); stepper.click_cell("0805"); stepper.click_cell("0805")

``save``, ``load`` and ``export`` take any path; the widget's file row (:mod:`.user_files`)
takes a name and keeps every file in the user folder (:mod:`workbench.userdir`).
"""

from __future__ import annotations

import html
import random
import threading
from collections.abc import Mapping
from itertools import islice
from pathlib import Path
from typing import Any

import ipywidgets as widgets

from workbench.boards.record import Record
from workbench.errors import ArgumentError
from workbench.files import save
from workbench.games import get_game
from workbench.render import Picture
from workbench.render.canvas import draw_scene
from workbench.render.dice import dice_of, dice_svg
from workbench.rules.core import CHANCE, TERMINAL, Action, Event, IllegalAction, Reason, Turn
from workbench.rules.notation import notation
from workbench.rules.play import Player, random_player, sample_chance
from workbench.rules.seeding import step_rng
from workbench.widgets.checks import checked_methods, game_named, one_of, positive, step_number
from workbench.widgets.computer_turn import ComputerTurn, short_name, summary_lines, turn_picture
from workbench.widgets.explorers import register_explorer
from workbench.widgets.guidance import Ways
from workbench.widgets.guidance import ways as guided
from workbench.widgets.layout import ROOM_PX
from workbench.widgets.pool import WidgetPool
from workbench.widgets.stepper_guide import at_the_end, next_step_line
from workbench.widgets.stepper_notes import StepperNotes
from workbench.widgets.stepper_panel import build as build_widgets
from workbench.widgets.stepper_panel import fit_scene, refit_board, show_hand
from workbench.widgets.stepper_records import prepared_games, prepared_records, record_of
from workbench.widgets.views import Offer, view_for

KEYS = {
    "ArrowLeft": "back",
    "ArrowRight": "forward",
    "Home": "first",
    "End": "last",
    "n": "next_note",
    "N": "next_note",
    "p": "previous_note",
    "P": "previous_note",
}
BOOKMARK_KEYS = ("b", "B")
PANEL_STATUS = 3  # the view's status lines in the panel; the rest in the "State" tab
PANEL_KINDS = ("head", "next", "text", "item", "note", "refusal", "happened")
MAX_AUTOMATIC = 1000  # rolls and bot moves played in a row before the stepper stops to ask
MAX_LISTED = 500  # legal actions offered in the list (a game may have very many)


DIE_PX = 36.0  # a die's side in the panel: its pips readable from the back of a room


@checked_methods
class Stepper(StepperNotes):
    """Step through a game: the board, whose turn, the log, undo and redo, bookmarks.

    ``source`` is a Record, a record file, or a scenario (``game`` names its game). ``bot``
    plays ``bot_side`` (solo mode; at once, or a move per press of "Bot move" with
    ``bot_waits``); chance is rolled at once when ``auto_roll`` is set, each step from the
    record's seed and its number (``seeding.step_rng``: the same step rolls the same).
    ``size`` and ``theme`` go to the board's picture (``theme="projector"`` for a room; no
    ``size``: the size that fits a notebook's output, or the window ``readable_at``),
    ``text_size`` is the side panel's CSS font size; ``options`` are a new game's options.
    ``readable_at``: a window (width, height) the board is drawn for (at the size that fills
    its room beside the panel, so its labels' sizes are those on the screen), in which every
    board label must stay at least ``least_px`` pixels (the teacher app: 1280 × 720).
    ``think_aside``: the computer thinks in a thread of its own, its sign and Stop shown
    (:mod:`.computer_turn`: the teacher app's). Display it as a notebook cell's value;
    ``widget`` is the ipywidgets box.
    """

    # the widgets, made by :func:`workbench.widgets.stepper_panel.build`
    widget: Any
    canvas: Any
    board_box: Any
    scene: Any  # the board at the cursor (drawn by :func:`.stepper_panel.fit_scene` first)
    slider: Any
    panel: Any
    story: Any
    details: Any
    play_button: Any
    roll_button: Any
    bot_button: Any
    extra: Any
    hand_title: Any
    hand_box: Any
    step_card: Any
    tabs: Any
    more: Any
    log: Any
    note_text: Any
    choices: Any
    choose: Any
    bot_picker: Any
    bot_kind: Any
    files: Any
    legend: Any

    def __init__(
        self,
        source: Any,
        game: str | None = None,
        *,
        seed: int = 0,
        at: int | None = None,
        size: float | None = None,
        theme: Any = None,
        bot: Player = random_player,
        bot_side: str | None = None,
        auto_roll: bool = True,
        bot_waits: bool = False,
        text_size: str = "0.95em",
        options: Mapping[str, Any] | None = None,
        readable_at: tuple[float, float] | None = None,
        least_px: float = ROOM_PX,
        think_aside: bool = False,
    ) -> None:
        if size is not None:  # None: fitted to the notebook's output or the window
            positive("size", size)
        positive("least_px", least_px)
        for side in readable_at or ():
            positive("readable_at", side)
        if game is not None:
            game_named("game", game)
        self.record = record_of(source, game, seed=seed, options=options)
        self.game = get_game(self.record.game)
        self.view = view_for(self.game.name)
        self.size, self.theme, self.text_size = size or 30.0, theme, text_size
        self.readable_at = readable_at
        self.bot, self.bot_side, self.auto_roll = bot, bot_side, auto_roll
        self.bot_waits, self.think_aside = bot_waits, think_aside
        self.turn = ComputerTurn(self)  # the computer's turn: its sign, Stop, its thread
        self.selection: Any = None
        self.proposed: Action | None = None
        self.offered: tuple[tuple[str, Action], ...] = ()
        self.answer: tuple[str, ...] = ()
        self.refusal: Reason | None = None
        self.message = ""
        # set in the thread drawing the page while it draws: the controls it sets then are not
        # the user's (a thread's own, so the computer's drawing never drops the user's input)
        self._drawing = threading.local()
        self._replay()
        if bot_side is not None:
            one_of("bot_side", bot_side, self.game.players(self.states[0]), "a side of the game")
        last = len(self.steps)
        self.cursor = last if at is None else step_number("at", at, 0, last)
        self._asked = size, theme, least_px  # the board is fitted again when its scene changes
        fit_scene(self)  # kind (a series between its matches and in one)
        self.shown = self.scene
        self._build()
        self._refresh(log=True)

    # --- the record and the cursor ---------------------------------------------------
    def _replay(self) -> None:
        """Every state and every step's events, rebuilt from the record by the rules."""
        state = self.game.start(self.record.scenario, self.record.options)
        self.states: list[Any] = [state]
        self.events: list[tuple[Event, ...]] = [()]
        for number, step in enumerate(self.record.steps, 1):
            action = self.game.action_from_json(step.action)
            try:
                applied = self.game.apply(state, action)
            except IllegalAction as refused:
                raise IllegalAction(
                    Reason(
                        f"step {number} of the record ({action}) is refused: {refused.reason.text}",
                        refused.section,
                    )
                ) from None
            state = applied.state
            self.states.append(state)
            self.events.append(applied.events)

    @property
    def steps(self) -> tuple[Any, ...]:
        return self.record.steps

    @property
    def state(self) -> Any:
        """The state at the cursor."""
        return self.states[self.cursor]

    def action_at(self, step: int) -> Action:
        """The action of step ``step`` (1-based)."""
        step_number("step", step, 1, len(self.steps))
        return self.game.action_from_json(self.record.steps[step - 1].action)

    def actor_at(self, step: int) -> str | Turn:
        """Who chose step ``step``: a side, or ``CHANCE`` for dice and draws."""
        step_number("step", step, 1, len(self.steps))
        return self.game.current_player(self.states[step - 1])

    def go(self, step: int) -> None:
        """Show step ``step`` (0: the start, up to the last step); the selection is forgotten."""
        self.cursor = step_number("step", step, 0, len(self.steps))
        self.selection, self.proposed, self.answer, self.refusal = None, None, (), None
        self.offered, self.message = (), ""
        self._refresh()

    def back(self) -> None:
        """Undo: one step back (the later steps stay, for redo); at the start, nothing."""
        self.go(max(0, self.cursor - 1))

    def forward(self) -> None:
        """Redo: one step on along the record; at its last step, what to do instead (a new
        game's history ends where the next step is still to be played)."""
        if self.cursor >= len(self.steps):
            self.message = at_the_end(self)
            self._refresh()
            return
        self.go(self.cursor + 1)

    undo, redo = back, forward

    def first(self) -> None:
        self.go(0)

    def last(self) -> None:
        self.go(len(self.states) - 1)

    @classmethod
    def new(cls, game: str, scenario: Any, *, seed: int = 0, **options: Any) -> Stepper:
        """A new game of ``game`` from a scenario (loaded, a file, or a shipped name)."""
        shipped = game_named("game", game).scenarios()
        if isinstance(scenario, str) and scenario in shipped:
            scenario = shipped[scenario]
        return cls(scenario, game, seed=seed, **options)

    # --- playing ---------------------------------------------------------------------
    def play(self, action: Action, *, automatic: bool = True) -> bool:
        """Play ``action`` at the cursor. The recorded next step, played again, goes on along
        the record (its dice too); any other action starts a new branch (the steps after the
        cursor are dropped). An action the rules refuse changes nothing: the reason and its
        rule are shown. Then the dice are rolled and the bot plays (``automatic``). True when
        it was played."""
        if not self._apply(action):
            self._refresh()
            return False
        if automatic:
            self._play_on()
        self._refresh(log=True)
        return True

    def _apply(self, action: Action) -> bool:
        """Play ``action`` at the cursor: the recorded next step when it is that action (the
        record goes on, as a redo), else a new branch from here."""
        recorded = (
            self.cursor < len(self.steps)
            and dict(self.record.steps[self.cursor].action) == action.to_json()
        )
        if not recorded:
            try:
                applied = self.game.apply(self.state, action)
            except IllegalAction as refused:
                self.refusal, self.proposed = refused.reason, None
                return False
            self.record = self.record.truncated(self.cursor).with_step(action.to_json())
            del self.states[self.cursor + 1 :], self.events[self.cursor + 1 :]
            self.states.append(applied.state)
            self.events.append(applied.events)
        self.cursor += 1
        self.selection, self.proposed, self.answer, self.refusal = None, None, (), None
        self.offered, self.message = (), ""
        return True

    def rng(self) -> random.Random:
        """The rng of the step after the cursor (``seeding.step_rng``, as ``play`` draws)."""
        return step_rng(self.record.seed or 0, self.cursor + 1)

    def _chance(self) -> Action | None:
        """The next chance outcome: the recorded one when the record goes on, else a seeded
        roll or draw."""
        outcomes = self.game.chance_outcomes(self.state)
        if not outcomes:
            self.refusal = Reason("nothing is left to chance now: a player acts")
            return None
        if self.cursor < len(self.steps):
            return self.action_at(self.cursor + 1)
        return sample_chance(outcomes, self.rng())

    def roll(self) -> bool:
        """Let chance decide the next step (a seeded roll or draw), then play on."""
        action = self._chance()
        if action is None:
            self._refresh()
            return False
        return self.play(action)

    def bot_move(self) -> bool:
        """The bot's choice for the side to act (its dice rolled after it; with
        ``think_aside``, in the computer's thread: True when it has begun)."""
        if self.game.current_player(self.state) in (CHANCE, TERMINAL):
            self.refusal = Reason("the bot chooses when a side acts, not the dice")
            self._refresh()
            return False
        if self.think_aside and self.game.current_player(self.state) == self.bot_side:
            self.turn.begin(one=True)
            self._refresh()
            return True
        return self.play(self._bot_choice())

    def recorded_next(self) -> Action | None:
        """The recorded next step when the record goes on after the cursor, else None."""
        return self.action_at(self.cursor + 1) if self.cursor < len(self.steps) else None

    def _bot_choice(self) -> Action:
        """The bot's choice: the recorded next step when the record goes on, else its own."""
        recorded = self.recorded_next()
        if recorded is not None:
            return recorded
        who = self.game.current_player(self.state)
        assert not isinstance(who, Turn), "the bot plays a side's turn (see play_bot)"
        return self.bot(self.game, self.game.observation(self.state, who), self.rng())

    def _play_on(self) -> None:
        """Roll the dice (``auto_roll``) and play the bot's side, until a person acts (with
        ``think_aside``, the bot's turn goes on in the computer's thread)."""
        for _ in range(MAX_AUTOMATIC):
            who = self.game.current_player(self.state)
            bots_turn = who not in (CHANCE, TERMINAL) and who == self.bot_side
            if bots_turn and self.think_aside and not self.turn.waiting():
                self.turn.begin()
                return
            if who == CHANCE and self.auto_roll:
                action = self._chance()
            elif bots_turn and not self.bot_waits:
                action = self._bot_choice()
            else:
                return
            if action is None or not self._apply(action):
                return

    @property
    def bot_label(self) -> str:
        """What the bot is, as its function labels itself (e.g. the random legal player)."""
        return str(getattr(self.bot, "label", getattr(self.bot, "__name__", "bot")))

    @property
    def ways(self) -> Ways:
        """What the side to act can do now and how the screen offers it (built once a state:
        :mod:`.guidance`); nothing during the computer's turn."""
        state, cached = self.state, getattr(self, "_ways", None)
        if cached is None or cached[0] is not state or cached[1] != self.bot_side:
            computers = self.game.current_player(state) == self.bot_side
            ways = Ways() if computers else guided(self.game, self.view, state)
            self._ways = cached = (state, self.bot_side, ways)
        return cached[2]

    def set_bot(self, side: str | None, bot: Player | None = None) -> None:
        """Solo mode: the bot plays ``side`` (None: nobody), from now on."""
        if side is not None:
            one_of("side", side, self.game.players(self.states[0]), "a side of the game")
        self.bot_side = side
        if bot is not None:
            self.bot = bot
        if self.cursor == len(self.steps):
            self._play_on()
        self._refresh(log=True)

    def preview(self, action: Action) -> tuple[str, ...]:
        """What ``action`` would do now, shown before it is played (the rules' events on a
        copy: states are values, so nothing changes), or why the rules refuse it."""
        try:
            events = self.game.apply(self.state, action).events
        except IllegalAction as refused:
            lines: tuple[str, ...] = (f"{action} would be refused: {refused.reason}",)
        else:
            said = [line.strip() for event in events for line in event.lines()]
            lines = (f"If played: {action}", *said)
        self.answer, self.proposed = lines, action
        self.panel.value = self._html()
        self.play_button.disabled = False
        return lines

    def play_proposed(self) -> bool:
        """Play the action the last click proposed (the Play button)."""
        if self.proposed is None:
            self.refusal = Reason("nothing proposed: click on the board first")
            self._refresh()
            return False
        return self.play(self.proposed)

    # --- clicks and keys -------------------------------------------------------------
    def click(self, x: float, y: float) -> None:
        """A click at canvas pixel (x, y), as ipycanvas reports it."""
        self.click_cell(self.scene.cell_at(x, y))

    def click_cell(self, cell: Any) -> None:
        """A click on a cell of the board (a label such as ``"0802"``, or the cell itself)."""
        if cell is not None:  # a label or a cell, on the board (else ArgumentError)
            cell = self.view.cell(self.state, cell)
        offer: Offer = self.view.click(
            self.game, self.state, self.scene, cell, self.selection, self.proposed
        )
        self.refusal = None
        self.selection, self.answer = offer.selection, offer.lines
        self.proposed, self.offered = offer.action, offer.choices
        self.shown = offer.overlay if offer.overlay is not None else self.scene
        if offer.commit and offer.action is not None:
            if self.play(offer.action):
                return
            self.proposed = None
        self._refresh(overlay_only=True)

    def click_card(self, name: str) -> None:
        """A click on the card called ``name`` in the hand shown (the button under its face):
        its choices, or a refusal with the rule when the rules do not let it be played now."""
        offer: Offer = self.view.click_card(self.game, self.state, name, self.proposed)
        self.refusal = None
        self.selection, self.answer = None, offer.lines
        self.proposed, self.offered = offer.action, offer.choices
        self.shown = self._board_shown()
        if offer.commit and offer.action is not None:
            if self.play(offer.action):
                return
            self.proposed = None
        self._refresh(overlay_only=True)

    def hand(self) -> tuple[str, tuple[Any, ...]]:
        """The side whose hand is shown and its cards (each a
        :class:`~workbench.widgets.views.HandCard`); never the computer's."""
        side, cards = self.view.hand(self.game, self.state)
        return ("", ()) if side and side == self.bot_side else (side, cards)

    def key(self, key: str) -> None:
        """A key press: ← → step, Home and End jump, N and P go to the next and previous
        note, B adds a note (the text in the note box, or "bookmark") to the step."""
        if key in KEYS:
            getattr(self, KEYS[key])()
        elif key in BOOKMARK_KEYS:
            self.add_note()

    # --- files and pictures (the notes: StepperNotes) ---------------------------------
    def save(self, path: str | Path) -> Path:
        """Save the record (``workbench.record/1``; the scenario referred to relatively)."""
        written = save(self.record, path)
        self.message = f"saved {written}"
        self._refresh()
        return written

    def load(self, path: str | Path, at: int | None = None) -> None:
        """Open a saved record at step ``at``, else at its first note (where its author
        stopped to say something), else at its start."""
        record = record_of(path)
        if record.game != self.game.name:
            raise ArgumentError("path", str(path), f"a {self.game.title} record")
        if at is not None:
            step_number("at", at, 0, len(record.steps))
        self.record = record
        self._replay()
        self.go(min(record.notes(), default=0) if at is None else at)
        self.message = f"opened {path}"
        self._refresh(log=True)

    def picture(self) -> Picture:
        """The board at the cursor, with the answer to the last click, as a picture."""
        return Picture(self.shown)

    def export(self, path: str | Path, scale: float = 1.0) -> Path:
        """The picture of the step shown as SVG or PNG (by the suffix)."""
        positive("scale", scale)
        written = self.picture().save(path, scale=scale)
        self.message = f"exported {written}"
        self._refresh()
        return written

    # --- text --------------------------------------------------------------------------
    def step_line(self, step: int, *, note: bool = True) -> str:
        """One line of the log: the step, who chose it, the action as text (the game's
        notation) and what it caused (and the teacher's note, with ``note``)."""
        if step_number("step", step, 0, len(self.steps)) == 0:
            return "0. start"
        who, action = self.actor_at(step), self.action_at(step)
        chance = "dice: " if dice_of(action) else "chance: "  # a card drawn is no die
        text = notation(self.game, self.states[step - 1], action)  # "Tiger II 0801-0803"
        head = f"{step}. {chance if who == CHANCE else f'{who}: '}{text}"
        events = [e.text.removeprefix(str(action)).lstrip(": ") for e in self.events[step]]
        events = [text for text in events if text]
        if events:
            head += " → " + "; ".join(events)
        said = self.record.steps[step - 1].note
        return f"★ {head}  [{said}]" if said and note else head

    def log_lines(self) -> list[str]:
        return [self.step_line(i) for i in range(len(self.states))]

    def _lines(self) -> list[tuple[str, str]]:
        """The panel, as (kind, text): kind is head, text, item, note or refusal."""
        state, game = self.state, self.game
        who = game.current_player(state)
        out: list[tuple[str, str]] = [("head", f"Step {self.cursor} of {len(self.steps)}")]
        outcome = game.outcome(state)
        if who == TERMINAL and outcome is not None:
            out.append(("head", "Game over: " + outcome.lines()[0]))
            out += [("item", line) for line in outcome.lines()[1:]]
        elif who == CHANCE:
            out.append(("head", "The dice decide next"))
        else:
            bot = f" (computer: {short_name(self.bot)})" if who == self.bot_side else ""
            out.append(("head", f"{who} to act{bot}"))
        out.append(("next", next_step_line(self)))
        summary = summary_lines(self, lambda n: self.step_line(n, note=False))
        status = self.view.status(game, state)
        out += [("text", line) for line in status[:PANEL_STATUS]]
        out += [("detail", line) for line in status[PANEL_STATUS:]]
        side, cards = self.hand()
        if side:
            held = ", ".join(c.name + ("" if c.playable else " (not now)") for c in cards)
            out.append(("detail", f"{side}'s hand: {held or 'no cards'}"))
        if self.refusal is not None:
            out.append(("refusal", f"Refused: {self.refusal.text}"))
            if self.refusal.section:
                out.append(("refusal", f"rule: {self.refusal.section}"))
            out.append(("refusal", "Nothing changed."))
        if self.answer:
            out.append(("head", self.answer[0]))
            out += [("item", line) for line in self.answer[1:]]
        if self.message:  # where the eye is: over what happened, which may be cut
            out.append(("note", self.message))
        if summary:  # what happened since the human's last move: the computer's turn
            out.append(("happened", summary[0]))
            out += [("item", line) for line in summary[1:]]
        elif self.cursor:
            out.append(("happened", f"What happened at step {self.cursor}"))
            out.append(("text", self.step_line(self.cursor, note=False)))
            said = self.record.steps[self.cursor - 1].note
            if said:
                out.append(("note", f"★ {said}"))
            seen: set[str] = set()
            for event in self.events[self.cursor]:
                for line in event.lines()[1:]:
                    if line.strip() not in seen:
                        seen.add(line.strip())
                        out.append(("item", line.strip()))
        return out

    @property
    def panel_text(self) -> str:
        """The side panel as plain text, a line per fact (what tests and screen readers get)."""
        return "\n".join(text for _, text in self._lines())

    def _html(self, kinds: tuple[str, ...] = PANEL_KINDS, *, story: bool = False) -> str:
        """The lines of ``kinds`` as HTML: the panel's up to what happened at the step shown,
        or from there (``story``); the "State" tab shows the details."""
        styles = {
            "head": "font-weight:bold;margin-top:0.35em",
            "happened": "font-weight:bold;margin-top:0.35em",
            "text": "",
            "item": "padding-left:1.2em",
            "note": "color:#31708f",
            "next": "color:#1f5f8b;font-weight:bold",
            "refusal": "color:#a94442;font-weight:bold",
            "detail": "",
        }
        lines = self._lines()
        cut = next((i for i, (kind, _) in enumerate(lines) if kind == "happened"), len(lines))
        rows = [
            f"<div class='workbench-line-{kind}' style='{styles[kind]}'>{html.escape(text)}</div>"
            for kind, text in (lines[cut:] if story else lines[:cut])
            if kind in kinds
        ]
        style = f"line-height:1.35;font-size:{self.text_size}"
        return f"<div style='{style}'>" + "".join(rows) + "</div>"

    # --- the widget ------------------------------------------------------------------
    def _build(self) -> None:
        self._extra_buttons = WidgetPool(self._extra_button)
        self._extra_actions: list[Any] = []
        self.widget = build_widgets(self)

    def _safely(self, do: Any) -> None:
        """Run a button's or a key's work; an error is shown in the panel, not lost. While
        the computer thinks nothing else runs (its sign says to wait, or to press Stop)."""
        with self.turn.lock:
            if self.turn.thinking:
                self.message = "The computer is thinking: wait for its move, or press Stop."
                self.panel.value, self.story.value = self._html(), self._html(story=True)
                return
            try:
                do()
            except Exception as error:  # shown to the learner instead of vanishing in a log
                self.message = f"{type(error).__name__}: {error}"
                self.panel.value, self.story.value = self._html(), self._html(story=True)

    def _chosen(self) -> None:
        if self.choices.value is None:
            self.refusal = Reason("choose an action in the list first")
            self._refresh()
            return
        self.play(self.choices.value)

    def _choice_changed(self, change: Any) -> None:
        if not self._busy and change["new"] is not None:
            self._safely(lambda: self.preview(change["new"]))

    def _slider_moved(self, change: Any) -> None:
        if not self._busy:
            self._safely(lambda: self.go(change["new"]))

    def _log_picked(self, change: Any) -> None:
        if not self._busy and change["new"] is not None:
            self._safely(lambda: self.go(change["new"]))

    def _refresh(
        self, *, log: bool = False, overlay_only: bool = False, light: bool = False
    ) -> None:
        """Show the cursor's state: board, panel, log, controls (``light``: the board and the
        panel only, while the computer plays on). Under the computer's lock: its move waits
        for a drawing under way, which would otherwise show the step it has left."""
        if not hasattr(self, "widget"):
            return
        with self.turn.lock:
            self._refresh_now(log=log, overlay_only=overlay_only, light=light)

    @property
    def _busy(self) -> bool:
        """Whether this thread is drawing the page (its control changes are not the user's)."""
        return getattr(self._drawing, "busy", False)

    def _refresh_now(self, *, log: bool, overlay_only: bool, light: bool) -> None:
        self._drawing.busy = True
        try:
            drawn = (self.state, self.size, self.theme)
            if not overlay_only and getattr(self, "_drawn", None) != drawn:  # a new board
                self.scene = self.view.scene(self.state, size=self.size, theme=self.theme)
                if (round(self.scene.width), round(self.scene.height)) != (
                    self.canvas.width,
                    self.canvas.height,
                ):  # another kind of picture (a series' match begins or ends): fitted again
                    refit_board(self)
                self._drawn = (self.state, self.size, self.theme)
            if not overlay_only:
                self.shown = self._board_shown()
            self._draw(None)
            self.panel.value, self.story.value = self._html(), self._html(story=True)
            if light:  # the computer plays on: the rest when its turn is done
                return
            self.details.value = self._html(("detail",))
            self._show_cards()
            if log or len(self.log.options) != len(self.states):
                self.log.options = [(line, i) for i, line in enumerate(self.log_lines())]
            self.log.value = self.cursor
            self.slider.max = len(self.steps)
            self.slider.value = self.cursor
            self._controls()
        finally:
            self._drawing.busy = False

    def _board_shown(self) -> Any:
        """The board as it is shown before any click: what the state asks about (the view's
        highlight), with the computer's last turn drawn on it."""
        shown = self.view.highlight(self.game, self.state, self.scene)
        shown = self.scene if shown is None else shown
        if self.turn.thinking:
            return shown
        drawn = turn_picture(self, shown)
        return shown if drawn is None else drawn

    def _extra_button(self, index: int) -> widgets.Button:
        """The ``index``-th button of the actions offered beside the board."""
        button = widgets.Button(layout={"width": "auto"})
        button.on_click(lambda _: self._safely(lambda: self.play(self._extra_actions[index])))
        return button

    def _show_cards(self) -> None:
        """The hand as cards (a page at a time: :func:`.stepper_panel.show_hand`), the face of
        the card the step shown drew or played, and the dice it rolled, drawn as dice."""
        shown: tuple[str, ...] = ()
        if self.cursor:
            shown = self.view.card_faces(
                self.game, self.states[self.cursor - 1], self.action_at(self.cursor)
            )
        text = "<b>The card of this step</b>" + "".join(shown) if shown else ""
        rolled = dice_of(self.action_at(self.cursor)) if self.cursor else ()
        if rolled:
            dice = dice_svg(rolled, size=DIE_PX)
            text += f"<b>The roll of this step</b><div style='margin:0.3em 0'>{dice}</div>"
        if text:
            text = f"<div style='margin-right:0.8em'>{text}</div>"
        if self.step_card.value != text:
            self.step_card.value = text
        show_hand(self, *self.hand())

    def _controls(self) -> None:
        """The controls a person may use now, as :attr:`ways` offers them (the next-step
        line says the same): none of the human's while the computer plays its side."""
        who, ways, thinking = self.game.current_player(self.state), self.ways, self.turn.thinking
        at_the_end = self.cursor == len(self.steps)
        self.roll_button.disabled = who != CHANCE or thinking or not at_the_end
        for own in (self.play_button, self.roll_button):  # put away while the computer plays
            own.layout.display = "none" if thinking else ""
        self.bot_button.layout.display = "" if who == self.bot_side and not thinking else "none"
        self.play_button.disabled = self.proposed is None or thinking
        offered = (
            [] if thinking else [*self.offered, *zip(ways.labels(), ways.buttons, strict=True)]
        )
        self._extra_actions = [action for _, action in offered]
        buttons = self._extra_buttons.take(len(offered))
        for button, (label, action) in zip(buttons, offered, strict=True):
            button.description, button.tooltip = label, str(action)
        if list(self.extra.children) != buttons:
            self.extra.children = buttons
        if who == CHANCE and not thinking:  # a teacher's chosen roll
            outcomes = self.game.chance_outcomes(self.state)
            options = [(f"{a} ({p})", a) for a, p in islice(outcomes, MAX_LISTED)]
        else:
            options = [(str(a), a) for a in ways.listed[:MAX_LISTED]]
        self.choices.options = options
        self.choices.layout.display = self.choose.layout.display = "" if options else "none"

    def _draw(self, groups: list[str] | None, *, force: bool = False) -> None:
        """Draw the board shown; ``draw_scene`` redraws only the layer groups that changed
        (``force``: a browser view that has just appeared and saw nothing)."""
        draw_scene(self.canvas, self.shown, groups, force=force)

    # --- display ---------------------------------------------------------------------
    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        """The live widget; its plain-text stand-in is stable (no model ids), for nbval."""
        bundle = self.widget._repr_mimebundle_(**kwargs)
        if isinstance(bundle, dict):
            bundle = {**bundle, "text/plain": repr(self)}
        return bundle

    def __repr__(self) -> str:
        title = f" {self.record.title!r}" if self.record.title else ""
        return f"<Stepper {self.game.title}{title}: step {self.cursor} of {len(self.steps)}>"


register_explorer(Stepper, Record)  # explore(a record or a record file) steps through it

__all__ = ["Stepper", "prepared_games", "prepared_records", "record_of"]
