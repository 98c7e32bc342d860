"""The teacher app: pick a game and a prepared record (or a new game from a scenario), then
step through it on a projector. ``make app`` serves ``app/teacher.ipynb`` with Voilà.

Its text follows the window (the stylesheet ``app/template/workbench.css``: at least 15 px
at 1280 × 720 and 20 px at 1920 × 1080; "large" makes it a quarter larger for a big room,
kept for the page), the boards are drawn for the room the layout gives them, every label at
least 12 px at 1280 × 720, and a new game's seed and options open in a dialog of their own.

ipywidgets has no page-wide key handler; the stepper's canvas takes ← → Home End N P B when
it has the focus (ipycanvas's ``on_key_down``). :func:`keyboard_html` adds a small script that,
in Voilà (which runs a notebook's HTML output as the page), hands every such key pressed
anywhere on the page (but in a text field or a slider) to the stepper's canvas.
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from typing import Any

import ipywidgets as widgets

from workbench.errors import InvalidValue
from workbench.files.listing import Entry, record_game, user_files
from workbench.games import all_games, get_game
from workbench.userdir import RECORDS
from workbench.widgets.checks import checked_methods, one_of, positive
from workbench.widgets.layout import LARGE_TEXT, ROOM_PX, board_room
from workbench.widgets.learn import Learner, learn_choices
from workbench.widgets.option_inputs import OptionInputs
from workbench.widgets.stepper import Stepper, prepared_records
from workbench.widgets.stepper_panel import computer_players, relabel

PROJECTOR_TEXT = "1em"  # the side panel's text: the app's own, which follows the window
SMALLEST_SCREEN = (1280, 720)  # every board label stays readable in a window this size
TEXT_SIZES = ("normal", "large")  # the app's text: "large" is LARGE_TEXT times larger

KEYBOARD_SCRIPT = """
<script>
(() => {
  if (window.__workbenchKeys) return;
  window.__workbenchKeys = true;
  const keys = new Set(["ArrowLeft", "ArrowRight", "Home", "End", "b", "B", "n", "N", "p", "P",
                        "Enter", "r", "R"]);
  document.addEventListener("keydown", (event) => {
    const target = event.target;
    if (!keys.has(event.key) || event.ctrlKey || event.metaKey || event.altKey) return;
    if (target && target.closest && target.closest(
        "input, textarea, .widget-dropdown, [contenteditable], .widget-slider")) return;
    const canvas = document.querySelector("canvas.workbench-stepper-canvas");
    if (!canvas || target === canvas) return;  // the canvas takes its own keys
    event.preventDefault();
    canvas.dispatchEvent(new KeyboardEvent("keydown", {key: event.key, shiftKey: event.shiftKey}));
  });
})();
</script>
"""


# Where what happened at a step is cut by the side column's bottom (the app's window: a card
# game's long step under the hand), its box is cut down to the last line that shows whole, so
# no line is half cut at its bottom: measured on the lines themselves (rows wrap, headings
# have a margin), again when the text, the panel's room or the window changes. Layout only.
WHOLE_LINES_SCRIPT = """
<script>
(() => {
  if (window.__workbenchWholeLines) return;
  window.__workbenchWholeLines = true;
  const least = new WeakMap();  // the panel's own least height (its layout's), kept
  const fit = (panel) => {
    if (!least.has(panel)) least.set(panel, panel.style.minHeight);
    panel.style.maxHeight = "";
    panel.style.minHeight = least.get(panel);
    if (getComputedStyle(panel).overflowY !== "auto") return;  // a notebook's: no scrolling
    if (panel.scrollHeight <= panel.clientHeight + 1) return;  // every line shown
    const box = panel.getBoundingClientRect();
    const bottom = box.top + panel.clientTop + panel.clientHeight;
    let last = box.top + panel.clientTop;
    const walker = document.createTreeWalker(panel, NodeFilter.SHOW_TEXT);
    const range = document.createRange();
    while (walker.nextNode()) {
      range.selectNodeContents(walker.currentNode);
      for (const line of range.getClientRects())
        if (line.bottom <= bottom && line.bottom > last) last = line.bottom;
    }
    const pad = parseFloat(getComputedStyle(panel).paddingBottom) || 0;
    const whole = `${Math.ceil(last - box.top + pad)}px`;
    panel.style.maxHeight = whole;
    if (panel.getBoundingClientRect().height > parseFloat(whole) + 1)
      panel.style.minHeight = whole;  // at its least (6em): whole lines under it
  };
  let queued = false;
  const seen = new WeakSet();
  const resized = new ResizeObserver(() => later());
  const later = () => {
    if (queued) return;
    queued = true;
    requestAnimationFrame(() => {
      queued = false;
      for (const panel of document.querySelectorAll(".workbench-stepper-story")) {
        if (!seen.has(panel)) { seen.add(panel); resized.observe(panel); }
        fit(panel);
      }
    });
  };
  new MutationObserver(later).observe(document.body,
    {childList: true, characterData: true, subtree: true});
  addEventListener("resize", later);
  later();
})();
</script>
"""


def keyboard_html() -> Any:
    """The page's scripts for the stepper, as a notebook output (run by Voilà): the
    page-wide keys, and the side panel's scrolling text ending on a whole line."""
    from IPython.display import HTML

    return HTML(KEYBOARD_SCRIPT + WHOLE_LINES_SCRIPT)


def least_label_px(text: str) -> float:
    """The least a board label is drawn for in the app with its text at ``text`` (one of
    :data:`TEXT_SIZES`): :data:`~workbench.widgets.layout.ROOM_PX` for the normal text, and
    as much more as the larger panel takes from the board's room at 1280 × 720, so that the
    board's labels stay 12 px there too.

    >>> least_label_px("normal"), least_label_px("large") > 12.5
    (12.0, True)
    """
    if text == "normal":
        return ROOM_PX
    normal, large = board_room(SMALLEST_SCREEN), board_room(SMALLEST_SCREEN, text_scale=LARGE_TEXT)
    return round(ROOM_PX * max(n / g for n, g in zip(normal, large, strict=True)), 2)


def choices_for(
    game: str, records: Sequence[Entry] | None = None
) -> list[tuple[str, tuple[str, str]]]:
    """What can be opened for a game, grouped: a new game per scenario, the prepared records,
    the records saved in the user folder (:mod:`workbench.userdir`) of this game (and those
    whose game a list does not read: a large file not beginning with it), and a line for each
    file among them that cannot be read (``unreadable: <name> (<reason>)``: it opens nothing,
    the others open as ever). ``records``: the user folder's records as
    :func:`saved_records` lists them (listed again when not given)."""
    scenarios = get_game(game).scenarios()
    out = [(f"new game: {name}", ("scenario", path)) for name, path in scenarios.items()]
    out += _group("prepared", prepared_records(), game)
    out += _group("saved", saved_records() if records is None else records, game)
    return out + learn_choices(game)  # a lesson for the room (workbench/widgets/learn.py)


def _group(group: str, entries: Sequence[Entry], game: str) -> list[tuple[str, tuple[str, str]]]:
    """One group's choices: its records of ``game``, those whose game is read only when they
    are opened, then a line for each file that cannot be read."""

    def record(label: str, entry: Entry) -> tuple[str, tuple[str, str]]:
        return f"{group}: {label}", ("record", str(entry.path))

    mine = [record(e.name, e) for e in entries if e.found == game]
    unknown = [record(f"{e.name} (its game is read when it is opened)", e)
               for e in entries if e.found is None and not e.problem]  # fmt: skip
    bad = [(f"{group}: {e.line}", ("unreadable", e.line)) for e in entries if e.problem]
    return mine + unknown + bad


def saved_records() -> list[Entry]:
    """The records saved in the user folder, each with its game (``found``) or the reason
    it cannot be read (``problem``): one bad file is one bad line
    (:mod:`workbench.files.listing`)."""
    return user_files(RECORDS, record_game, ".json")


def saved_games(game: str) -> dict[str, str]:
    """The records saved in the user folder whose game is ``game``, by name (a file that is
    not a record of it is left out: it opens elsewhere, or not at all)."""
    return {e.name: str(e.path) for e in saved_records() if e.found == game}


SEED_NOTE = (
    "The <b>seed</b> fixes the dice and the draws of a new game: the same seed and the same "
    "moves roll the same (step n rolls from seed/n), so a room can play a game again."
)


@checked_methods
class TeacherApp:
    """A game and what to open picked in the page (a new game, a prepared game, a saved one),
    then the stepper in the projector theme. A new game offers the computer as the opponent
    (the game's shipped players, :attr:`Game.bots`) and, in a dialog, the seed and the game's
    own options. ``text`` is the app's text size, "normal" or "large" (kept as games open)."""

    def __init__(
        self, *, theme: str = "projector", size: float = 40.0, text: str = "normal"
    ) -> None:
        self.theme, self.size = theme, positive("size", size)
        records = saved_records()  # listed once for every game
        games = [(g.title, g.name) for g in all_games() if choices_for(g.name, records)]
        self.game_picker = widgets.Dropdown(options=games, tooltip="the game")
        self.game_picker.add_class("workbench-app-game")
        self.what = widgets.Dropdown(tooltip="what to open")
        self.what.add_class("workbench-app-record")
        self.open_button = widgets.Button(description="Open", button_style="primary")
        self.open_button.add_class("workbench-app-open")
        self.open_button.on_click(lambda _: self._safely(self.open))
        self.computer = widgets.Dropdown(description="computer", tooltip="the side it plays")
        self.computer.style.description_width = "initial"
        self.computer.add_class("workbench-app-computer")
        self.player = widgets.Dropdown(tooltip="the computer player")
        self.player.add_class("workbench-app-player")
        self.options_button = widgets.Button(description="Options…", tooltip="seed and options")
        self.options_button.add_class("workbench-app-options")
        self.options_button.on_click(lambda _: self.show_options(True))
        self.text = widgets.Dropdown(
            options=TEXT_SIZES,
            value=one_of("text", text, TEXT_SIZES, "a text size"),
            description="text",
            tooltip="the app's text size (large: a big room)",
        )
        self.text.style.description_width = "initial"
        self.text.add_class("workbench-app-text")
        self.text.observe(lambda _: self._safely(self._text_size), names="value")
        self.seed = widgets.IntText(0, description="seed", layout={"width": "10em"})
        self.new_options = widgets.VBox()
        done = widgets.Button(description="Done", button_style="primary")
        done.on_click(lambda _: self.show_options(False))
        head = widgets.HBox(
            [widgets.HTML("<b>New game: seed and options</b>"), done],
            layout={"justify_content": "space-between", "align_items": "center"},
        )
        self.dialog = widgets.VBox(
            [head, widgets.HBox([self.seed, widgets.HTML(SEED_NOTE)]), self.new_options],
            layout={"display": "none"},
        )
        self.dialog.add_class("workbench-options-dialog")
        self.error = widgets.HTML()
        self.error.add_class("workbench-app-error")
        self.game_picker.observe(lambda _: self._choices(), names="value")
        self.what.observe(lambda _: self._safely(self._new_game_choices), names="value")
        self.inputs: OptionInputs | None = None
        self._choices()
        self.holder = widgets.Box(layout={"width": "100%"})
        bar = widgets.HBox(
            [self.game_picker, self.what, self.open_button, self.computer, self.player,
             self.options_button, self.text],
            layout={"align_items": "center", "flex_flow": "row wrap"},  # the app's: one row
        )  # fmt: skip
        bar.add_class("workbench-app-bar")
        self.widget = widgets.VBox(
            [bar, self.error, self.dialog, self.holder], layout={"width": "100%"}
        )
        self.widget.add_class("workbench-app")
        self.stepper: Stepper | None = None
        self.shown: Stepper | Learner | None = None
        self._text_size()
        self._safely(self.open)  # a file that cannot be opened is told, the page still works

    def show_options(self, shown: bool) -> None:
        """Open (or close) the dialog of a new game's seed and options."""
        self.dialog.layout.display = "flex" if shown else "none"

    def _text_size(self) -> None:
        """The app's text at the size chosen (the page's stylesheet: the class on the app),
        and the board shown drawn again for the room it leaves (its labels 12 px at least)."""
        large = self.text.value == "large"
        (self.widget.add_class if large else self.widget.remove_class)("workbench-large")
        if isinstance(self.shown, Stepper):
            relabel(self.shown, least_label_px(self.text.value))
        elif isinstance(self.shown, Learner):
            self.shown.relabel(least_label_px(self.text.value))

    def _safely(self, work: Any) -> None:
        """Run a button's work; an error (an option's bad value, say) shows under the bar."""
        try:
            work()
            self.error.value = ""
        except Exception as error:  # shown to the teacher, not lost in a log
            self.error.value = f"<b style='color:#a94442'>{html.escape(str(error))}</b>"

    def _choices(self) -> None:
        choices = choices_for(self.game_picker.value)
        self.what.options = choices
        openable = [v for _, v in choices if v[0] != "unreadable"]
        prepared = [v for label, v in choices if label.startswith("prepared: ") and v in openable]
        self.what.value = next(iter(prepared + openable), None)
        players = computer_players(get_game(self.game_picker.value))
        self.player.options = list(players.items())
        self.player.value = next(iter(players.values()))  # shown, not blank, before a choice
        self._safely(self._new_game_choices)

    def _new_game_choices(self) -> None:
        """The computer, the seed and the options, shown for a new game only."""
        new = self.what.value is not None and self.what.value[0] == "scenario"
        for box in (self.computer, self.player, self.options_button):
            box.layout.display = "" if new else "none"
        if not new:
            self.show_options(False)
            return
        game = get_game(self.game_picker.value)
        scenario = game.load_scenario(self.what.value[1])
        self.computer.options = [("nobody", "")] + [
            (side, side) for side in game.players(game.start(scenario, {}))
        ]
        self.computer.value = ""  # "nobody" shown, not a blank box
        self.inputs = OptionInputs(game.options(scenario))
        self.new_options.children = [self.inputs.widget]

    def open(self) -> Stepper | Learner:
        """Open what is picked: a record at its start, a new seeded game with the options and
        the computer player chosen, or a lesson for the room (Enter reveals the answer, ← →
        the next question or back)."""
        if self.what.value is None:
            raise ValueError(
                f"nothing to open for {self.game_picker.value}: no record, no scenario"
            )
        kind, path = self.what.value
        if kind == "unreadable":
            raise InvalidValue(f"{path}: this file cannot be opened; pick another")
        self.show_options(False)
        least = least_label_px(self.text.value)
        if kind == "learn":
            learner = Learner(
                self.game_picker.value, path, room=True, theme=self.theme, least_px=least
            )
            self.holder.children = [learner.widget]
            self.shown = learner
            return learner
        look: dict[str, Any] = {
            "size": self.size,
            "theme": self.theme,
            "text_size": PROJECTOR_TEXT,
            "least_px": least,
        }
        if kind == "record":
            stepper = Stepper(path, at=0, readable_at=SMALLEST_SCREEN, **look)
        else:
            stepper = Stepper(
                path,
                self.game_picker.value,
                seed=self.seed.value,
                options=self.inputs.values() if self.inputs else None,
                **({"bot": self.player.value} if self.player.value else {}),  # no list: none
                bot_side=self.computer.value or None,
                readable_at=SMALLEST_SCREEN,
                **look,
            )
            stepper.set_bot(stepper.bot_side)  # the computer moves first when it starts
        self.stepper = self.shown = stepper
        self.holder.children = [stepper.widget]
        return stepper

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        bundle = self.widget._repr_mimebundle_(**kwargs)
        if isinstance(bundle, dict):
            bundle = {**bundle, "text/plain": repr(self)}
        return bundle

    def __repr__(self) -> str:
        return f"<TeacherApp: {self.stepper!r}>"


__all__ = [
    "KEYBOARD_SCRIPT", "TeacherApp", "choices_for", "keyboard_html", "saved_games", "saved_records",
]  # fmt: skip
