"""The map editor: paint a Panzer Vor! hex map or scenario, assemble a Panzer Strike board,
lay out a TANKS table; see the linter's findings live; undo, redo, save and load.

Thin: every change is a board value's own ``with_*`` method (the values are immutable, so
the history is simply the list of values), every check a library function
(:func:`workbench.lint.lint`, :func:`~workbench.games.tanks.boards.table.placement_problems`),
every picture the renderer's. What is per board kind (the tools, the pointer gestures) lives
in :mod:`workbench.widgets.editor_tools`. Its fairness panel
(:mod:`workbench.widgets.fairness_panel`) plays a scenario as painted in the background and
suggests changes.

Driven without a browser through plain methods: pointer gestures in canvas pixels
(:meth:`Editor.press`, :meth:`Editor.drag`, :meth:`Editor.release`, :meth:`Editor.click`)
or in board terms (``editor.tools.paint(["0304"], "forest")``)::

    editor = Editor(HexMap.blank(rows=8, cols=10))
    editor.tools.paint(["0304", "0305"], "forest")
    editor.undo(); editor.redo()
    editor.save("my-map.json")

Nothing is lost: saving writes a temporary file and renames it over the target
(:func:`workbench.files.save`), and loading another file or closing the editor over unsaved
changes first asks (:attr:`Editor.pending`, answered by :meth:`Editor.confirm` or
:meth:`Editor.cancel`, or the buttons that appear).
"""

from __future__ import annotations

import html
from collections.abc import Callable
from pathlib import Path
from typing import Any

import ipywidgets as widgets

from workbench.bounds import MAX_SECONDS, seconds_bound
from workbench.errors import ArgumentError, WorkbenchError
from workbench.files import BoardFileError, load
from workbench.lint import LintReport, lint
from workbench.render.canvas import GROUPS, draw_scene
from workbench.render.fitting import NOTEBOOK_WIDTH, fit_size
from workbench.render.overlays import heatmap_overlay
from workbench.render.scene import Scene
from workbench.widgets.checks import checked_methods
from workbench.widgets.editor_tools import Tools, tools_for
from workbench.widgets.fairness_panel import FairnessPanel
from workbench.widgets.layout import (
    NOTEBOOK_PX,
    board_and_panel,
    checked_window,
    fitted_board,
)

REFUSED = (WorkbenchError, ValueError, KeyError)  # a change the value or the file refuses
BELOW = "2em"  # the margin under the board: the board is no taller than the window less this
WINDOW = (1280.0, 720.0)  # the smallest window the board is fitted to (JupyterLab's)
LIVE_LINT_SECONDS = 15.0  # lint's estimate on each change: the loader's largest maps' checks
# fit, exposure up to about 120 x 120 (a few seconds a paint); past that it is left out
TOOLS_PX = 250.0  # the tools' column beside the board (19em of JupyterLab's 13 px text)
LAB_CHROME_PX = 200.0  # JupyterLab's bars over and under a notebook, and the cell's margins
SAVED = "Saved to "
# The tools in a column as narrow as TOOLS_PX (their inputs are 300 px wide by default), so
# that in JupyterLab at 1280 × 720 they stand beside the board, not under it.
TOOLS_STYLE = """<style>
.workbench-editor-tools { min-width: 15em; }
.workbench-editor-tools .widget-inline-hbox, .workbench-editor-tools .widget-text,
.workbench-editor-tools .widget-dropdown { width: auto; max-width: 100%; min-width: 0; }
.workbench-editor-tools .widget-hbox { flex-wrap: wrap; }
.workbench-editor-tools .widget-toggle-buttons .widget-toggle-button { width: auto; }
.workbench-editor-tools .widget-html-content ul { padding-left: 1.2em; margin: 0.2em 0; }
</style>"""


def editor_room(window: tuple[float, float]) -> tuple[float, float]:
    """The room an editor's board has beside its tools in a window of ``window`` (width,
    height) CSS pixels: a notebook's output (no wider than
    :data:`~workbench.render.fitting.NOTEBOOK_WIDTH`) less the tools' column, and the height
    JupyterLab leaves a notebook, so that the whole editor shows without scrolling (a click
    on a board that JupyterLab scrolled into view landed elsewhere).

    >>> editor_room((1280, 720))
    (538.0, 520.0)
    """
    width, height = window
    room_w = min(width - 2 * LAB_CHROME_PX, NOTEBOOK_WIDTH) - TOOLS_PX - 12.0
    return max(1.0, room_w), max(1.0, height - LAB_CHROME_PX)


@checked_methods
class Editor:
    """An editor for one board value (or the file holding one); ``widget`` is its box. Its
    board is drawn to fill its room beside the tools in ``window`` (width, height in CSS
    pixels), so that there every label shows at its drawn size, 9 px at least. The linter
    runs on every change within ``lint_seconds`` (estimated; None: lint's own bound): the
    checks that would take longer are left out and named in the panel."""

    def __init__(
        self,
        board: Any,
        *,
        path: str | Path | None = None,
        window: tuple[float, float] = WINDOW,
        lint_seconds: float | None = LIVE_LINT_SECONDS,
    ) -> None:
        self.window = checked_window("window", window)  # before anything is loaded
        self.lint_seconds = seconds_bound("lint_seconds", lint_seconds) or MAX_SECONDS
        if isinstance(board, str | Path):
            path, board = Path(board), load(board)
        self.path: Path | None = None if path is None else Path(path)
        self.pending: tuple[str, Any] | None = None  # an action waiting for "discard changes?"
        self.closed = False
        self.message = ""
        self.heatmap = ""  # the lint heatmap shown under the board ("" for none)
        self.report: LintReport | None = None
        self._gesture = False
        self._build_widgets()
        self.file_path.value = "" if self.path is None else str(self.path)
        self._start(board)

    # --- values and history -----------------------------------------------------------
    def _start(self, board: Any) -> None:
        self._history = [board]
        self._index = 0
        self._saved = board
        self.tools: Tools = tools_for(board, self)
        self.toolbar.children = self.tools.controls()
        self._lint()
        self._redraw(resize=True)

    @property
    def value(self) -> Any:
        """The board as it is now."""
        return self._history[self._index] if not self._gesture else self._live

    @property
    def dirty(self) -> bool:
        """Whether there are changes not yet saved."""
        return self.value != self._saved

    def change(self, new: Any) -> None:
        """Make ``new`` the current value, as one step of the history (undo goes back); it
        must be a value of the kind edited (a map stays a map)."""
        if type(new) is not type(self._history[0]):
            raise ArgumentError("new", new, f"a {type(self._history[0]).__name__}")
        if self._gesture:
            self._live = new
            self._redraw()
            return
        if new == self.value:
            return
        del self._history[self._index + 1 :]
        self._history.append(new)
        self._index += 1
        self._lint()
        self._redraw()

    def attempt(self, make: Callable[[], Any]) -> bool:
        """Apply ``make()`` (a new value from the current one's with_* methods); a change the
        value refuses is shown as the message and leaves the board as it was."""
        try:
            new = make()
        except REFUSED as error:
            self.say(f"Not changed: {error}")
            return False
        self.change(new)
        return True

    def undo(self) -> None:
        if self._index > 0:
            self._index -= 1
            self._lint()
            self._redraw(resize=True)

    def redo(self) -> None:
        if self._index < len(self._history) - 1:
            self._index += 1
            self._lint()
            self._redraw(resize=True)

    @property
    def can_undo(self) -> bool:
        return self._index > 0

    @property
    def can_redo(self) -> bool:
        return self._index < len(self._history) - 1

    # --- gestures (canvas pixels) -------------------------------------------------------
    def press(self, x: float, y: float) -> None:
        """The pointer goes down: a gesture begins (one step of the history when done)."""
        self._live = self.value
        self._gesture = True
        self._guard(lambda: self.tools.press(self.scene, x, y))

    def drag(self, x: float, y: float) -> None:
        if self._gesture:
            self._guard(lambda: self.tools.drag(self.scene, x, y))

    def release(self, x: float, y: float) -> None:
        """The pointer comes up: the gesture's result becomes one step of the history."""
        if not self._gesture:
            return
        self._guard(lambda: self.tools.release(self.scene, x, y))
        result = self._live
        self._gesture = False
        self.change(result)
        self._redraw()

    def click(self, x: float, y: float) -> None:
        """Press and release at one pixel."""
        self.press(x, y)
        self.release(x, y)

    def _guard(self, action: Any) -> None:
        try:
            action()
        except REFUSED as error:
            self.say(f"Not changed: {error}")

    # --- files ----------------------------------------------------------------------------
    def save(self, path: str | Path | None = None) -> Path:
        """Write the board through its file format, atomically (to ``path`` or where it was
        loaded from or last saved)."""
        target = Path(path) if path is not None else self.path
        if target is None:
            raise ArgumentError("path", None, "a file to save to (the board has none yet)")
        written = self.value.save(target)
        self.path, self._saved = written, self.value
        self.file_path.value = str(written)
        self.say(f"{SAVED}{written}")
        return written

    def load(self, path: str | Path, *, discard: bool = False) -> bool:
        """Open another board file. Over unsaved changes this asks first (returns False and
        waits for :meth:`confirm`) unless ``discard`` is True."""
        if self.dirty and not discard:
            self._ask("load", Path(path), f"Discard your unsaved changes and open {path}?")
            return False

        try:
            board = load(path)
        except BoardFileError as error:
            self.say(f"Not loaded: {error}")
            return False
        self.path = Path(path)
        self.file_path.value = str(path)
        self.pending = None
        self._start(board)
        self.say(f"Loaded {path}")
        return True

    def close(self, *, discard: bool = False) -> bool:
        """Close the editor; over unsaved changes this asks first, as :meth:`load` does."""
        if self.dirty and not discard:
            self._ask("close", None, "Discard your unsaved changes and close the editor?")
            return False
        self.closed = True
        self.pending = None
        self.fairness.close()
        self.widget.close()
        return True

    def confirm(self) -> bool:
        """Answer "discard" to the pending question and do what was asked."""
        if self.pending is None:
            return False
        action, argument = self.pending
        self.pending = None
        self.question.layout.display = "none"
        if action == "load":
            return self.load(argument, discard=True)
        return self.close(discard=True)

    def cancel(self) -> None:
        """Answer "keep my changes": nothing happens."""
        self.pending = None
        self.question.layout.display = "none"
        self.say("Kept your changes")

    def _ask(self, action: str, argument: Any, text: str) -> None:
        self.pending = (action, argument)
        self.question_text.value = f"<b>{html.escape(text)}</b>"
        self.question.layout.display = "flex"

    # --- checks and pictures -------------------------------------------------------------
    def _lint(self) -> None:
        try:
            options = {"max_seconds": self.lint_seconds, **self.tools.lint_options()}
            self.report = lint(self.value, **options)
        except REFUSED as error:  # a board the linter cannot read yet
            self.report = None
            self.say(f"Lint: {error}")
        names = ["", *(self.report.heatmaps if self.report else ())]
        self.heatmap_choice.options = [("no heatmap", "")] + [(n, n) for n in names[1:]]
        if self.heatmap not in names:
            self.heatmap = ""
        self.heatmap_choice.value = self.heatmap
        self.fairness.changed()  # the map changed: its games start again on it

    def _show_heatmap(self, change: Any) -> None:
        self.heatmap = change["new"] or ""
        self._redraw()

    @property
    def scene(self) -> Scene:
        """The picture on the canvas: the board, the chosen heatmap and the tools' marks."""
        scene = self.tools.scene(self.value)
        if self.heatmap and self.report is not None:
            values = self.tools.heat_cells(self.report.heatmaps.get(self.heatmap, {}))
            scene = heatmap_overlay(scene, values, legend=None)
        scene = self.fairness.overlay(scene)  # where games are decided, the changes suggested
        return self.tools.marks(scene, self.value, self.report)

    def _redraw(self, resize: bool = False) -> None:
        if resize:
            self._fit()
        scene = self.scene
        self._scene = scene
        width, height = round(scene.width), round(scene.height)
        if resize and (self.canvas.width != width or self.canvas.height != height):
            self.canvas.width, self.canvas.height = width, height  # every layer follows
        if resize:
            fitted = fitted_board(self.canvas, scene, below=BELOW, least_px=NOTEBOOK_PX)
            self.board.children = [fitted]
            self.board.layout.min_width = fitted.layout.min_width
        draw_scene(self.canvas, scene)
        self.undo_button.disabled = not self.can_undo
        self.redo_button.disabled = not self.can_redo
        self.panel.value = self._html()

    def _fit(self) -> None:
        """Draw the board at the size that fills its room beside the tools in the window
        (:func:`editor_room` of :data:`WINDOW`; at most the kind's own size), so that shown
        there its labels keep their drawn sizes, 9 px at least; in a wider window it is shown
        larger."""
        tools, value = self.tools, self.value

        def draw(size: float) -> Scene:
            tools.size = size
            return tools.scene(value)

        room = editor_room(self.window)
        tools.size = fit_size(draw, room, start=tools.largest, largest=tools.largest)

    def _redraw_group(self, group: str) -> Any:
        def redraw() -> None:
            draw_scene(self.canvas, self._scene, [group], force=True)

        return redraw

    def say(self, text: str) -> None:
        self.message = text
        if hasattr(self, "panel"):
            self.panel.value = self._html()

    @property
    def panel_text(self) -> str:
        """The side panel as plain text (what tests and screen readers get)."""
        lines = [self.tools.title(self.value)]
        if self.message.startswith(SAVED) and self.dirty:  # saved, then changed again
            lines.append(f"Changed since it was saved to {self.path}")
        elif self.message:
            lines.append(self.message)
        lines += self.tools.live_checks(self.value)
        if self.report is not None:
            lines += [str(f) for f in self.report.findings[:30]]
            if len(self.report.findings) > 30:
                lines.append(f"… and {len(self.report.findings) - 30} more findings")
            if self.report.left_out:
                lines.append(f"Lint {self.report.left_out_text}")
        return "\n".join(lines)

    def _html(self) -> str:
        head, *rest = self.panel_text.split("\n")
        dirty = " (unsaved changes)" if self.dirty else ""
        items = "".join(f"<li>{html.escape(line)}</li>" for line in rest)
        return f"<b>{html.escape(head)}</b>{dirty}<ul>{items}</ul>"

    # --- the widget -----------------------------------------------------------------------
    def _build_widgets(self) -> None:
        from ipycanvas import MultiCanvas

        self.canvas = MultiCanvas(len(GROUPS), width=1, height=1)  # sized at _start
        self.canvas.add_class("workbench-editor-canvas")
        self.canvas.on_mouse_down(lambda x, y: self.press(x, y))
        self.canvas.on_mouse_move(lambda x, y: self.drag(x, y))
        self.canvas.on_mouse_up(lambda x, y: self.release(x, y))
        self.canvas.on_mouse_out(lambda x, y: self.release(x, y))  # a drag that leaves ends
        for index, group in enumerate(GROUPS):
            # A browser that builds a layer late (a new page, Voilà) never saw what was drawn
            # before: draw that layer again when its model says the client is ready.
            self.canvas[index].on_client_ready(self._redraw_group(group))
        self.panel = widgets.HTML(layout=widgets.Layout(width="100%"))
        self.panel.add_class("workbench-editor-panel")
        self.undo_button = widgets.Button(description="Undo", icon="undo")
        self.redo_button = widgets.Button(description="Redo", icon="repeat")
        self.undo_button.on_click(lambda _: self.undo())
        self.redo_button.on_click(lambda _: self.redo())
        self.file_path = widgets.Text(
            placeholder="file.json", description="file", layout={"width": "14em"}
        )
        save, load = widgets.Button(description="Save"), widgets.Button(description="Load")
        save.on_click(lambda _: self._guard(lambda: self.save(self.file_path.value or None)))
        load.on_click(lambda _: self.load(self.file_path.value))
        self.heatmap_choice = widgets.Dropdown(options=[("no heatmap", "")], description="show")
        self.heatmap_choice.observe(self._show_heatmap, names="value")
        self.question_text = widgets.HTML()
        discard, keep = (
            widgets.Button(description="Discard changes"),
            widgets.Button(description="Keep editing"),
        )
        discard.on_click(lambda _: self.confirm())
        keep.on_click(lambda _: self.cancel())
        self.question = widgets.HBox(
            [self.question_text, discard, keep], layout=widgets.Layout(display="none")
        )
        self.toolbar = widgets.VBox()
        self.fairness = FairnessPanel(self)  # the games of the map as painted
        side = widgets.VBox(
            [
                widgets.HTML(TOOLS_STYLE),
                self.toolbar,
                widgets.HBox([self.undo_button, self.redo_button]),
                widgets.HBox([self.file_path, save, load]),
                self.question,
                self.heatmap_choice,
                self.panel,
                self.fairness.widget,
            ]
        )
        side.add_class("workbench-editor-tools")
        # the tools beside the board (a designer paints without scrolling to them), under it
        # only where the output is narrower than both (a notebook at 1280 px)
        self.board = widgets.Box(layout=widgets.Layout(width="100%"))
        self.widget = board_and_panel(self.board, side)
        self.widget.add_class("workbench-editor")

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        """The live widget; its plain-text stand-in is stable (no model ids), for nbval."""
        bundle = self.widget._repr_mimebundle_(**kwargs)
        if isinstance(bundle, dict):
            bundle = {**bundle, "text/plain": repr(self)}
        return bundle

    def __repr__(self) -> str:
        state = ", unsaved changes" if self.dirty else ""
        return f"<Editor of {self.tools.title(self.value)}{state}>"


def edit(board: Any) -> Editor:
    """An editor for a board value or the path of a board file."""
    return Editor(board)
