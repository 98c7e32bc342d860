"""The teacher app: pick a game and a prepared record (or a new game from a scenario), then
step through it on a projector. ``make app`` serves ``app/teacher.ipynb`` with Voilà.

ipywidgets has no page-wide key handler; the stepper's canvas takes ← → Home End B when it
has the focus (ipycanvas's ``on_key_down``). :func:`keyboard_html` adds a small script that,
in Voilà (which runs a notebook's HTML output as the page), hands every such key pressed
anywhere on the page (but in a text field or a slider) to the stepper's canvas.
"""

from __future__ import annotations

from typing import Any

import ipywidgets as widgets

from workbench.games import all_games, get_game
from workbench.widgets.learn import Learner, learn_choices
from workbench.widgets.stepper import Stepper, prepared_games

PROJECTOR_TEXT = "1.15em"  # the side panel's text on a projector
SMALLEST_SCREEN = (1280, 720)  # every board label stays readable in a window this size

KEYBOARD_SCRIPT = """
<script>
(() => {
  if (window.__workbenchKeys) return;
  window.__workbenchKeys = true;
  const keys = new Set(["ArrowLeft", "ArrowRight", "Home", "End", "b", "B", "Enter", "r", "R"]);
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


def keyboard_html() -> Any:
    """The page-wide keys for the stepper, as a notebook output (run by Voilà)."""
    from IPython.display import HTML

    return HTML(KEYBOARD_SCRIPT)


def choices_for(game: str) -> list[tuple[str, tuple[str, str]]]:
    """What can be opened for a game: its prepared records, then a new game per scenario."""
    out = [(f"prepared: {name}", ("record", path)) for name, path in prepared_games(game).items()]
    scenarios = get_game(game).scenarios()
    out += [(f"new game: {name}", ("scenario", path)) for name, path in scenarios.items()]
    return out + learn_choices(game)  # a lesson for the room (workbench/widgets/learn.py)


class TeacherApp:
    """A game and a record picked in the page, then the stepper in the projector theme."""

    def __init__(self, *, theme: str = "projector", size: float = 40.0) -> None:
        self.theme, self.size = theme, size
        games = [(g.title, g.name) for g in all_games() if choices_for(g.name)]
        self.game_picker = widgets.Dropdown(options=games, description="game")
        self.game_picker.add_class("workbench-app-game")
        self.what = widgets.Dropdown(description="open", layout={"width": "28em"})
        self.what.add_class("workbench-app-record")
        self.seed = widgets.IntText(0, description="seed", layout={"width": "10em"})
        self.open_button = widgets.Button(description="Open", button_style="primary")
        self.open_button.on_click(lambda _: self.open())
        self.game_picker.observe(lambda _: self._choices(), names="value")
        self._choices()
        self.holder = widgets.Box(layout={"width": "100%"})
        keys = widgets.HTML(
            "<b>←</b> <b>→</b> step · <b>Home</b> <b>End</b> jump · <b>B</b> bookmark · "
            "click a tank, then where it goes or an enemy, or a card in the hand (twice to play)"
        )
        bar = widgets.HBox(
            [self.game_picker, self.what, self.seed, self.open_button, keys],
            layout={"flex_flow": "row wrap"},
        )
        self.widget = widgets.VBox([bar, self.holder], layout={"width": "100%"})
        self.widget.add_class("workbench-app")
        self.stepper: Stepper | None = None
        self.open()

    def _choices(self) -> None:
        choices = choices_for(self.game_picker.value)
        self.what.options = choices
        self.what.value = choices[0][1] if choices else None

    def open(self) -> Stepper | Learner:
        """Open what is picked: a prepared record at its start, a new seeded game, or a
        lesson for the room (Enter reveals the answer, ← → the next question or back)."""
        if self.what.value is None:
            raise ValueError(
                f"nothing to open for {self.game_picker.value}: no record, no scenario"
            )
        kind, path = self.what.value
        if kind == "learn":
            learner = Learner(self.game_picker.value, path, room=True, theme=self.theme)
            self.holder.children = [learner.widget]
            return learner
        if kind == "record":
            stepper = Stepper(
                path,
                at=0,
                size=self.size,
                theme=self.theme,
                text_size=PROJECTOR_TEXT,
                readable_at=SMALLEST_SCREEN,
            )
        else:
            stepper = Stepper(
                path,
                self.game_picker.value,
                seed=self.seed.value,
                size=self.size,
                theme=self.theme,
                text_size=PROJECTOR_TEXT,
                readable_at=SMALLEST_SCREEN,
            )
        self.stepper = stepper
        self.holder.children = [stepper.widget]
        return stepper

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        bundle = self.widget._repr_mimebundle_(**kwargs)
        if isinstance(bundle, dict):
            bundle = {**bundle, "text/plain": repr(self)}
        return bundle

    def __repr__(self) -> str:
        return f"<TeacherApp: {self.stepper!r}>"


__all__ = ["KEYBOARD_SCRIPT", "TeacherApp", "choices_for", "keyboard_html"]
