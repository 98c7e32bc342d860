"""Learn by answering, as a widget: a lesson's questions one by one on the board. The learner
answers by clicking places on the board (a set of hexes) or by choosing; Check draws the
right answer (and the places missed or given wrongly) and explains it with the rules'
sections; score and streak are kept, and saved in the user folder when the widget has a
learner's name. A learner whose progress file cannot be read is told why and starts fresh:
the file is kept (renamed ``<name>.json.unreadable`` at the first save, never written over:
:mod:`workbench.learn.progress`). For a room (``room=True``): no answer controls, the class
answers aloud, one key (Enter or R) reveals the answer with its explanation, ← → go to the
next question or back. Export page writes the lesson's questions as one HTML page that
opens offline in any browser (:mod:`workbench.export`), to the user folder's ``exports/``.

Thin: every answer, check and picture comes from :mod:`workbench.learn`.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import ipywidgets as widgets

import workbench.learn as learn
from workbench.errors import ArgumentError
from workbench.export.pages import lesson_page, write_page
from workbench.learn.drawing import answer_scene, question_scene
from workbench.learn.progress import Progress
from workbench.learn.question import Check, Question, spoken
from workbench.render.canvas import GROUPS, draw_scene, new_canvas
from workbench.userdir import EXPORTS, user_path
from workbench.widgets.checks import checked_methods, place_in_scene
from workbench.widgets.layout import (
    APP_BAR_EM,
    NOTEBOOK_PX,
    ROOM_PX,
    app_board,
    app_row,
    board_and_panel,
    fitted_board,
    readable_theme,
)
from workbench.widgets.panel import CanvasExplorer, Line

REVEAL_KEYS = ("Enter", "r", "R")
ROOM_WINDOW = (1280.0, 720.0)  # a room's board: every label ``least_px`` in a window this size
KEYS = {"ArrowRight": "next", "ArrowLeft": "back"}


@checked_methods
class Learner(CanvasExplorer):
    """A lesson of ``game`` (its ``chapter``; None: every chapter in order) as a widget
    (see the module). ``progress``: a learner's name, whose progress is resumed from and
    saved to the user folder; ``room``: the teacher's mode, its board fitted to the teacher
    app's window, every label at least ``least_px`` there."""

    canvas: Any  # the board's MultiCanvas (a new one when the picture's size changes)

    def __init__(
        self,
        game: str,
        chapter: str | learn.Chapter | None = None,
        *,
        progress: str | None = None,
        room: bool = False,
        theme: str | None = None,
        least_px: float = ROOM_PX,
    ) -> None:
        chapters = [chapter] if chapter is not None else learn.chapters(game)
        self.progress = (
            Progress.resume(progress, fresh_if_unreadable=True) if progress else Progress()
        )
        self.saving = progress is not None
        self.questions: list[Question] = []
        for each in chapters:
            start = self.progress.next_seed(game, str(each))
            self.questions += list(learn.lesson(game, each, start=start))
        self.game, self.room, self.theme = game, room, theme or ("projector" if room else None)
        self.least_px = least_px
        self.index = 0
        self.chosen: set[str] = set()
        self.checked: Check | None = None
        self.revealed = False
        self.message = _unreadable_note(self.progress)
        self._build()
        self._show()

    # --- what the learner does ---------------------------------------------------------
    @property
    def question(self) -> Question:
        return self.questions[self.index]

    def click(self, x: float, y: float) -> None:
        """A click at canvas pixel (x, y): the place under it is picked (or dropped)."""
        cell = self.scene.cell_at(x, y)
        if cell is not None and self.question.label_of is not None:
            self.click_place(self.question.label_of(cell))

    def click_place(self, label: str) -> None:
        """Pick or drop a place (a label such as ``"0507"``) for a question of places."""
        if self.question.shape != "places" or self.checked is not None:
            self.message = "this question is answered by choosing, below the question"
            return self._refresh()
        if self.question.cell_of is not None:  # a label of a place on the board
            place_in_scene("label", self.scene, label, self.question.cell_of)
        self.chosen ^= {label}
        self.message = f"picked: {spoken(frozenset(self.chosen))}"
        self._show(redraw="overlays")

    def choose(self, value: Any) -> None:
        """Set the answer to a yes/no, number, numbers or choice question (ArgumentError for
        a value that is no answer of the question's kind: nothing is set)."""
        shape = self.question.shape
        if shape == "places":
            raise ArgumentError("value", value, "no value: places are picked by click_place")
        try:
            answer = self.question.read(value)
        except ArgumentError as refused:
            raise ArgumentError("value", value, refused.expected) from None
        if shape == "number":
            self.number.value = answer
        elif shape == "numbers":
            self.numbers.value = spoken(answer)
        else:
            self.answer_box.value = spoken(answer) if isinstance(answer, bool) else answer

    def check(self) -> Check:
        """Check the answer given (the places picked, or the value chosen)."""
        q = self.question
        given = {
            "places": self.chosen,
            "number": self.number.value,
            "numbers": self.numbers.value,
        }.get(q.shape)
        if given is None:
            given = self.answer_box.value
            if given is None:
                raise ValueError("choose an answer first")
        self.checked = q.check(given)
        self.progress.record(self.checked)
        if self.saving:
            replacing = self.progress.unreadable is not None
            self.message = f"progress saved: {self.progress.save()}"
            if replacing and self.progress.set_aside is not None:
                self.message += f"; the unreadable file is kept as {self.progress.set_aside}"
        self._show()
        return self.checked

    def reveal(self) -> None:
        """Show the answer and its explanation (the teacher's key)."""
        self.revealed = True
        self._show()

    def next(self) -> None:
        self._go(self.index + 1)

    def back(self) -> None:
        self._go(self.index - 1)

    def export_page(self, name: str | None = None) -> Path:
        """The lesson's questions as one HTML page that opens offline in any browser, written
        to the user folder's ``exports/`` as ``<name>.html`` (``<game>-lesson`` unless named)."""
        target = user_path(name or f"{self.game}-lesson", EXPORTS, ".html", create=True)
        written = write_page(lesson_page(self.game, questions=self.questions), target)
        self.message = f"exported the lesson as a page: {written}"
        self._refresh()
        return written

    def key(self, key: str) -> None:
        """A key press: Enter or R reveals, → next question, ← back."""
        if key in REVEAL_KEYS:
            self.reveal()
        elif key in KEYS:
            getattr(self, KEYS[key])()

    def _go(self, index: int) -> None:
        self.index = max(0, min(len(self.questions) - 1, index))
        self.chosen, self.checked, self.revealed, self.message = set(), None, False, ""
        self._show()

    # --- what it shows -----------------------------------------------------------------
    def _panel_lines(self) -> list[Line]:
        q = self.question
        head = f"{q.chapter}: question {self.index + 1} of {len(self.questions)} (level {q.level})"
        out = [("head", head), ("text", q.prompt)]
        if q.choices and not self.room:
            out.append(("note", "choose: " + " / ".join(q.choices)))
        if q.shape == "places" and not self.room and self.checked is None:
            out.append(("note", "click the places on the board, then Check"))
        if self.checked is not None:
            out += [("head", line) if i == 0 else ("text", line.strip())
                    for i, line in enumerate(self.checked.lines())]  # fmt: skip
        elif self.revealed:
            out.append(("head", f"the answer: {spoken(q.answer)}"))
            out += [("text", str(r)) for r in q.reasons]
        if not self.room:
            out += [("text", line) for line in self.progress.lines()]
        if self.message:
            out.append(("note", self.message))
        return out

    def relabel(self, least_px: float) -> None:
        """Draw the board again with every label at least ``least_px`` in the room's window
        (the teacher app's text grew, and the board's room shrank)."""
        self.least_px = least_px
        self._show()

    def _drawn(self, draw: Any) -> Any:
        """``draw(theme)``'s scene: in a room, in a theme whose every label shows at least
        ``least_px`` where the app fits the board (a notebook's: as drawn)."""
        scene = draw(self.theme)
        if not self.room:
            return scene
        theme = readable_theme(self.theme, scene, ROOM_WINDOW, self.least_px, below_em=APP_BAR_EM)
        return draw(theme)

    def _show(self, redraw: str | None = None) -> None:
        q = self.question
        if self.checked is not None or self.revealed:
            self.scene = self._drawn(lambda th: answer_scene(q, self.checked, th, caption=False))
        else:
            chosen = self.chosen
            self.scene = self._drawn(lambda th: question_scene(q, th, chosen=chosen, caption=False))
        size = (round(self.scene.width), round(self.scene.height))
        if self.canvas is None or size != (self.canvas.width, self.canvas.height):
            self._new_canvas()
        draw_scene(self.canvas, self.scene, None if redraw is None else [redraw])
        if redraw is None:
            self.numbers.value = ""
            options = ["yes", "no"] if q.shape == "yes/no" else list(q.choices)
            self.answer_box.options, self.answer_box.value = options, None
        self._refresh()

    def _refresh(self) -> None:
        self._lines = self._panel_lines()
        size = "1.12em" if self.room else "0.95em"  # a room's: the app's text (lines are 0.9em)
        self.panel.value = f"<div style='font-size:{size}'>{self._html()}</div>"
        q = self.question
        answering = not self.room and self.checked is None
        choosing = answering and q.shape in ("yes/no", "choice")
        self.answer_box.layout.display = "" if choosing else "none"
        self.number.layout.display = "" if answering and q.shape == "number" else "none"
        self.numbers.layout.display = "" if answering and q.shape == "numbers" else "none"
        self.check_button.layout.display = "" if answering else "none"
        self.reveal_button.layout.display = "" if self.room else "none"

    # --- the widget --------------------------------------------------------------------
    def _new_canvas(self) -> None:
        self.canvas = new_canvas(self.scene)
        self.canvas.add_class("workbench-learn-canvas")
        self.canvas.add_class("workbench-stepper-canvas")  # the app hands it page-wide keys
        self.canvas.on_mouse_down(lambda x, y: self._safely(lambda: self.click(x, y)))
        self.canvas.on_key_down(lambda key, *_: self._safely(lambda: self.key(key)))
        for index, group in enumerate(GROUPS):
            self.canvas[index].on_client_ready(
                lambda g=group: draw_scene(self.canvas, self.scene, [g], force=True)
            )
        # in a notebook, shown no smaller than drawn (its labels at 9 px; the panel goes under
        # it when the output is narrow); for a room, as large as the app's window allows
        if self.room:
            app_board(self.board, self.canvas, self.scene, below_em=APP_BAR_EM)
            self.board.children = [self.canvas]
            return
        fitted = fitted_board(self.canvas, self.scene, below="12em", least_px=NOTEBOOK_PX)
        self.board.children = [fitted]
        self.board.layout.min_width = fitted.layout.min_width

    def _safely(self, do: Any) -> None:
        """Run a click's or key's work; a refusal is shown in the panel, not raised."""
        try:
            do()
        except ValueError as refused:
            self.message = str(refused)
            self._refresh()

    def _build(self) -> None:
        def button(label: str, tip: str, do: Any) -> widgets.Button:
            b = widgets.Button(description=label, tooltip=tip)
            b.on_click(lambda _: self._safely(do))
            return b

        question = self.question
        self.scene = self._drawn(lambda th: question_scene(question, th, caption=False))
        self.board = widgets.Box(layout=widgets.Layout(width="100%"))
        self.board.add_class("workbench-learn-board")
        self.canvas = None
        self._new_canvas()
        self.panel = widgets.HTML()
        self.panel.add_class("workbench-learn-panel")
        self.answer_box = widgets.ToggleButtons(options=[], value=None)
        self.number = widgets.IntText(0, description="answer", layout={"width": "12em"})
        self.numbers = widgets.Text("", description="answer", placeholder="e.g. 5, 1")
        self.check_button = button("Check", "check the answer", self.check)
        self.reveal_button = button("Reveal (Enter)", "show the answer", self.reveal)
        nav = widgets.HBox(
            [
                button("◀ back", "the question before (←)", self.back),
                self.check_button,
                self.reveal_button,
                button("next ▶", "the next question (→)", self.next),
                button("Export page", "these questions as one page that opens offline",
                       self.export_page),
            ]
        )  # fmt: skip
        side = widgets.VBox([self.panel, self.answer_box, self.number, self.numbers, nav])
        side.add_class("workbench-learn-side")
        self.widget = app_row(self.board, side) if self.room else board_and_panel(self.board, side)
        self.widget.add_class("workbench-learn")

    def __repr__(self) -> str:
        q = self.question
        return (
            f"<Learner {self.game}: question {self.index + 1} of {len(self.questions)}: {q.kind}>"
        )


def _unreadable_note(progress: Progress) -> str:
    """What the learner is told when the saved progress could not be read."""
    if progress.unreadable is None:
        return ""
    return (f"progress not resumed: {progress.unreadable}; starting fresh (the file is kept, "
            "renamed when this progress is first saved)")  # fmt: skip


def learn_choices(game: str) -> list[tuple[str, tuple[str, str]]]:
    """The teacher app's entries for a game's lessons: ``("learn: Moving", ("learn",
    "Moving"))`` per chapter; none for a game without questions."""
    if game not in learn.kinds_of_games():
        return []
    return [(f"learn: {c.title}", ("learn", c.title)) for c in learn.chapters(game)]
