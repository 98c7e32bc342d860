"""The editor's fairness panel: how fair the scenario is as it is painted, and which single
change would make it fairer. Thin: the games, the tally and the suggestions are
:mod:`workbench.balance`'s (:class:`~workbench.balance.Background`,
:func:`~workbench.balance.lab.suggest_on`); the heat and the changes are drawn through the
render layer over the editor's board.

Play (the button, or :meth:`FairnessPanel.play`) plays seeded games of the design in the
background, on a kept pool of local processes (one a CPU; ``client=``: a Dask cluster), and
the panel shows each side's win rate with its 95 % interval, the draws, the games' length and
where the games were decided, as they finish; every change of the map stops the games under
way and starts again on the new map (the same seeds: a paired comparison). The games' thread
never touches a widget: each finished game is handed to the kernel's own loop, at most every
:data:`REFRESH_SECONDS`, so a paint stroke is never held up. Suggest tries single changes
within a budget of games and seconds and lists the best few, each drawn on the board and
applied by its button (one step of the editor's history: undo takes it back).

Without a kernel (a script, a test) nothing runs the loop: :meth:`FairnessPanel.wait` waits for
the games and shows them.
"""

from __future__ import annotations

import asyncio
import html
import os
import threading
import time
from collections.abc import Callable
from typing import Any

import ipywidgets as widgets

from workbench.balance import Background, Budget, Fairness, Suggestions, designs
from workbench.balance.executors import Executor, InProcess, LocalPool, OnDask
from workbench.balance.lab import design_plan, suggest_on
from workbench.errors import WorkbenchError
from workbench.games import get_game
from workbench.players import offered, search
from workbench.render.marks import numbered_marks
from workbench.render.overlays import heatmap_overlay
from workbench.render.scene import Scene
from workbench.widgets.checks import checked_methods, one_of, positive, whole_number

REFRESH_SECONDS = 0.25  # the panel is redrawn at most this often while games finish
SETTLE_SECONDS = 0.3  # a run starts once the map has not changed for this long
HEAT_SECONDS = 1.0  # the heat on the board is drawn again at most this often
WAIT_SECONDS = 120.0
HOT_SHOWN = 3  # the places named in the panel


@checked_methods
class FairnessPanel:
    """The fairness panel of ``editor`` (see the module); ``widget`` is its box."""

    def __init__(self, editor: Any, *, games: int = 200, seed: int = 0) -> None:
        self.editor = editor
        self.games = whole_number("games", games, low=1, high=100_000)
        self.seed = whole_number("seed", seed, low=0)
        self.workers: int = os.cpu_count() or 1
        self.client: Any = None
        self.budget = Budget(games=240, seconds=60.0)
        self.tally: Fairness | None = None
        self.suggestions: Suggestions | None = None
        self.message = ""
        self._run: Background | None = None
        self._generation = 0  # the map's version the games under way are of
        self._pending: asyncio.TimerHandle | None = None  # a run to start once the map settles
        self._pending_tally: Fairness | None = None  # the games it resumes from
        self._closed = False
        self._suggesting: threading.Event | None = None
        self._runner: Executor | None = None
        self._latest: Any = None  # the last tally a run sent, not yet shown
        self._inbox: list[Any] = []  # what else the threads sent, not yet shown
        self._heat_at = 0.0  # when the heat was last drawn on the board
        self._heat_due = False  # a redraw of the heat is waiting on the loop
        self._scheduled = False
        self._shown_at = 0.0
        self._loop: asyncio.AbstractEventLoop | None = None
        self._build()

    # --- what the designer does -----------------------------------------------------------
    def play(
        self,
        games: int | None = None,
        *,
        players: str | None = None,
        game: str | None = None,
        client: Any = None,
        workers: int | None = None,
    ) -> None:
        """Play games of the map as it is, in the background, and go on at each change:
        ``games`` a run (else as before), ``players`` ``"greedy"`` or ``"search (easy)"`` ...,
        ``game`` one of the games that play the design, ``client`` a Dask client,
        ``workers`` local processes (1: in this process)."""
        if games is not None:
            self.games = whole_number("games", games, low=1, high=100_000)
        if players is not None:
            self.players.value = _one_of("players", players, self.players.options)
        if game is not None:
            self.game.value = _one_of("game", game, [v for _, v in self.game.options])
        if workers is not None:
            self.workers = whole_number("workers", workers, low=1, high=(os.cpu_count() or 1) * 4)
            self._close_runner()
        if client is not None:
            self.client = client
            self._close_runner()
        self.play_button.value = True  # starts the run (_toggled)

    def pause(self) -> None:
        """Stop the games under way; nothing plays until :meth:`play`."""
        self.play_button.value = False

    def suggest(self, games: int | None = None, seconds: float | None = None) -> None:
        """Try single changes in the background within a budget (``games``, ``seconds``;
        else as before) and list the best few."""
        self.budget = Budget(
            games=self.budget.games if games is None else games,
            seconds=self.budget.seconds if seconds is None else seconds,
        )
        self._start_suggesting()

    def apply(self, number: int) -> None:
        """Make suggestion ``number`` (1, 2, ...) as listed: one step of the editor's history."""
        best = self.suggestions.best if self.suggestions is not None else []
        whole_number("number", number, low=1, high=max(1, len(best)))
        if not best:
            self._say("no suggestion to apply: ask for suggestions first")
            return
        change = best[number - 1].change
        assert change is not None
        self.editor.change(change.value)
        self._say(f"applied: {change.text} (undo takes it back)")

    def wait(self, games: int | None = None, timeout: float = WAIT_SECONDS) -> Fairness | None:
        """Wait until ``games`` games of the run on the map as it is have finished (None: the
        whole run), then show them; the tally (None when nothing plays)."""
        positive("timeout", timeout)
        if self._pending is not None:  # waiting blocks the loop: the run starts now
            self._pending.cancel()
            self._pending = None
            self._begin(self._generation, self._pending_tally)
        run = self._run
        if run is not None:
            run.wait(games, timeout)
            self._latest = ("tally", self._generation, run.snapshot)
        self._flush()
        return self.tally

    def wait_suggestions(self, timeout: float = WAIT_SECONDS) -> Suggestions | None:
        """Wait until the suggestions asked for are listed; them."""
        positive("timeout", timeout)
        end = time.monotonic() + timeout
        while self._suggesting is not None and time.monotonic() < end:
            self._flush()  # shows the rounds so far, and the end once it comes
            time.sleep(0.02)
        return self.suggestions

    def changed(self) -> None:
        """The map changed (the editor calls this): the games under way stop, and start again
        on the new map; the suggestions listed are for the old map and go."""
        self._stop_suggesting()
        self.suggestions = None
        self.tally = None
        self._design, self.message = self._design_of(self.editor.value)
        self._fill_games()
        if self.play_button.value:
            self._restart()
        self._render()

    def close(self) -> None:
        """Stop everything and end the pool of processes."""
        self._stop_suggesting()
        self._halt()
        self._closed = True
        self._close_runner()

    # --- on the board ----------------------------------------------------------------------
    def overlay(self, scene: Scene) -> Scene:
        """``scene`` with where the games were decided (if shown) and the listed changes."""
        tools = self.editor.tools
        if self.show_heat.value and self.tally is not None and self.tally.heat:
            cells = tools.heat_cells(dict(self.tally.heat))
            scene = heatmap_overlay(scene, cells, legend=None)
        if self.suggestions is not None:
            marks = []
            for n, trial in enumerate(self.suggestions.best, 1):
                change = trial.change
                assert change is not None
                cells = list(tools.heat_cells(dict.fromkeys(change.places, 1.0)))
                marks.append((str(n), [] if change.shapes else cells, change.shapes))
            scene = numbered_marks(scene, marks)
        return scene

    @property
    def text(self) -> str:
        """The panel as plain text (what tests and screen readers get)."""
        return "\n".join(self._lines())

    # --- running ---------------------------------------------------------------------------
    def _design_of(self, value: Any) -> tuple[Any, str]:
        try:
            return designs.design_for(value), ""
        except WorkbenchError:
            return None, "no game plays this board alone: open a scenario to weigh its fairness"

    def _executor(self) -> Executor:
        if self._runner is None:
            if self.client is not None:
                self._runner = OnDask(self.client)
            elif self.workers > 1:
                self._runner = LocalPool(self.workers, keep=True)
            else:
                self._runner = InProcess()
        return self._runner

    def _close_runner(self) -> None:
        if self._runner is not None:
            self._runner.close()
            self._runner = None

    def _planner(self, games: int, stop: Callable[[], bool] | None = None) -> Any:
        """The run of the map as it is now with the panel's settings, to check and make
        later (in another thread: the settings are read now)."""
        parallel = self.client is not None or self.workers > 1
        value, player, game = self.editor.value, self._player(), self.game.value or None
        return lambda: design_plan(
            value, player, game=game, games=games, seed=self.seed,
            workers=self.workers if parallel else None, client=self.client, progress=False,
            stop=stop, max_seconds=None,
        )  # fmt: skip

    def _player(self) -> Any:
        chosen, levels = self.players.value, offered(self.game.value)
        return search(levels[chosen], seed=self.seed) if chosen in levels else chosen

    def _halt(self) -> None:
        """Stop the games under way; what they still send is of an older map, and ignored."""
        self._generation += 1
        if self._pending is not None:
            self._pending.cancel()
            self._pending = None
        if self._run is not None:
            self._run.stop()
            self._run = None

    def _restart(self, tally: Fairness | None = None) -> None:
        """Start the games of the map as it is. In a kernel the run is checked and started on
        its loop once the map has not changed for :data:`SETTLE_SECONDS`: the stroke that
        changed the map is answered at once, a designer painting stroke after stroke starts
        no run until they pause, and no thread of this process but the run's own holds the
        interpreter meanwhile (on a busy machine, a thread waiting for a core while it holds
        it held the strokes up). In a script it starts at once."""
        self._halt()
        if self._design is None:
            return
        self.message = ""
        self._loop = _running_loop()
        if self._loop is None:
            self._begin(self._generation, tally)
        else:
            self._pending_tally = tally
            self._pending = self._loop.call_later(SETTLE_SECONDS, self._begin, self._generation,
                                                  tally)  # fmt: skip

    def _begin(self, generation: int, tally: Fairness | None) -> None:
        """Check the run of the map as it is and start it, if the map is still that of
        ``generation``."""
        self._pending = None
        if generation != self._generation or self._closed:
            return
        try:
            _, plan = self._planner(self.games)()
        except WorkbenchError as why:
            self._say(f"Not played: {why}")
            return
        posts, fails = self._poster(generation, "tally"), self._poster(generation, "message")
        self._run = Background(plan, self._executor(), tally=tally, on_game=posts,
                               on_error=fails).start()  # fmt: skip

    def _poster(self, generation: int, kind: str) -> Callable[[Any], None]:
        """What a run of the map's ``generation`` sends: each tally, or why it stopped."""
        if kind == "tally":
            return lambda tally: self._post(("tally", generation, tally))
        return lambda error: self._post(("message", generation, f"Stopped: {error}"))

    def _toggled(self, change: Any) -> None:
        if change["new"]:
            self._restart()
        else:
            self._halt()
        self._render()

    def _start_suggesting(self) -> None:
        self._stop_suggesting()
        if self._design is None:
            return
        current = self._run.snapshot if self._run is not None else None
        self._halt()  # one thing at a time on the workers; resumed when done
        stop = threading.Event()
        try:
            design, plan = self._planner(self.budget.games, stop.is_set)()
        except WorkbenchError as why:
            self._say(f"No suggestions: {why}")
            return
        self._suggesting, self._loop = stop, _running_loop()
        value, runner, budget = self.editor.value, self._executor(), self.budget
        self.message = f"trying changes within {budget.games} games and {budget.seconds:g} s…"

        def work() -> None:
            found = None
            try:
                found = suggest_on(value, design, plan, runner, budget, current=current,
                                   on_round=self._post)  # fmt: skip
            except Exception as failed:  # shown in the panel
                self._post(("message", None, f"No suggestions: {failed}"))
            finally:
                if self._suggesting is stop and not stop.is_set():
                    self._post(("done", found, current))

        threading.Thread(target=work, name="workbench suggestions", daemon=True).start()
        self._render()

    def _stop_suggesting(self) -> None:
        if self._suggesting is not None:
            self._suggesting.set()
            self._suggesting = None

    # --- from the games' thread to the widgets ------------------------------------------
    def _post(self, news: Any) -> None:
        """Called from a background thread: keep the news (of the tallies only the latest:
        the panel shows the last), and have the kernel's loop show it soon (a script's thread
        shows it in :meth:`wait`)."""
        if isinstance(news, tuple) and news[0] == "tally":
            self._latest = news
        else:
            self._inbox.append(news)  # a round, the end, a message: each shown, in order
        if self._loop is None or self._scheduled:
            return
        self._scheduled = True
        try:
            self._loop.call_soon_threadsafe(self._flush_soon)
        except RuntimeError:  # the loop has closed (the kernel stops)
            self._scheduled = False

    def _flush_soon(self) -> None:
        wait = self._shown_at + REFRESH_SECONDS - time.monotonic()
        if wait > 0 and self._loop is not None:
            self._loop.call_later(wait, self._flush)
        else:
            self._flush()

    def _flush(self) -> None:
        self._scheduled = False
        news = []
        while self._inbox:
            news.append(self._inbox.pop(0))
        latest, self._latest = self._latest, None
        if latest is not None:
            news.append(latest)
        if news:
            self._show_latest(*news)

    def _show_latest(self, *news: Any) -> None:
        """Show what the background threads sent: a run's tally (of the map as it is), a
        suggestion's round, its end, or a message; the board is drawn again only where what
        it shows changed (the heat, the changes listed)."""
        self._shown_at = time.monotonic()
        drawn = self._drawn()
        for item in news:
            if isinstance(item, Suggestions):
                self.message = f"trying changes: spent {item.spent}"
            elif item[0] == "tally" and item[1] == self._generation:
                self.tally = item[2]
            elif item[0] == "done":
                _, found, current = item
                self._suggesting = None
                self.suggestions, self.message = found, ""
                if self.play_button.value:
                    self._restart(current)
            elif item[0] == "message" and item[1] in (None, self._generation):
                if item[1] is None:
                    self._suggesting = None
                self.message = item[2]
        self._render()
        if self._drawn() != drawn:
            self._redraw_board(changes=drawn[1] != id(self.suggestions))

    def _redraw_board(self, changes: bool = False) -> None:
        """Draw the board again: at once for the changes listed, the heat at most every
        :data:`HEAT_SECONDS` (each redraw is time the kernel cannot answer a stroke)."""
        wait = self._heat_at + HEAT_SECONDS - time.monotonic()
        if changes or wait <= 0 or self._loop is None:
            self._heat_at, self._heat_due = time.monotonic(), False
            self.editor._redraw()
        elif not self._heat_due:
            self._heat_due = True
            self._loop.call_later(wait, self._redraw_board)

    def _drawn(self) -> tuple[Any, Any]:
        """What the panel draws on the board: the heat shown, the changes listed."""
        heat = self.tally.heat if self.tally is not None and self.show_heat.value else None
        return heat, id(self.suggestions)

    # --- the widgets -------------------------------------------------------------------------
    def _lines(self) -> list[str]:
        lines = [self.message] if self.message else []
        if self._design is None:
            return lines
        if self.tally is not None:
            lines += self.tally.lines()
            hot = designs.hottest(self.tally.heat, HOT_SHOWN)
            if hot:
                named = [f"{self._design.named(self.editor.value, p)} ({self.tally.heat[p]})"
                         for p in hot]  # fmt: skip
                lines.append("decided most at " + ", ".join(named))
        elif self.play_button.value:
            lines.append("playing the first games…")
        else:
            lines.append("Play to weigh how fair the map is as it is painted")
        if self.suggestions is not None:
            lines += self.suggestions.lines()
        return lines

    def _render(self) -> None:
        items = "".join(f"<li>{html.escape(line)}</li>" for line in self._lines())
        self.summary.value = f"<b>Fairness</b><ul>{items}</ul>"
        best = self.suggestions.best if self.suggestions is not None else []
        self.apply_row.children = [self._apply_button(n) for n in range(1, len(best) + 1)]
        playing = self._design is not None
        self.play_button.disabled = self.suggest_button.disabled = not playing

    def _apply_button(self, number: int) -> widgets.Button:
        button = widgets.Button(description=f"Apply {number}", layout=widgets.Layout(width="auto"))
        button.on_click(lambda _: self.apply(number))
        return button

    def _say(self, text: str) -> None:
        self.message = text
        self._render()

    def _fill_games(self) -> None:
        names = self._design.games if self._design is not None else ()
        options = [(get_game(name).title, name) for name in names]
        if [v for _, v in self.game.options] != [v for _, v in options]:
            self.game.options = options or [("none", "")]
            self.game.value = options[0][1] if options else ""

    def _build(self) -> None:
        self._design = None
        self.players = widgets.Dropdown(options=self._bots(""), value="greedy",
                                        description="players")  # fmt: skip
        self.game = widgets.Dropdown(options=[("none", "")], value="", description="game")
        self.play_button = widgets.ToggleButton(value=False, description="Play games",
                                                icon="play")  # fmt: skip
        self.play_button.observe(self._toggled, names="value")
        self.suggest_button = widgets.Button(description="Suggest changes", icon="lightbulb-o")
        self.suggest_button.on_click(lambda _: self.suggest())
        self.show_heat = widgets.Checkbox(value=True, description="show where decided",
                                          indent=False)  # fmt: skip
        self.show_heat.observe(lambda _: self.editor._redraw(), names="value")
        self.summary = widgets.HTML()
        self.summary.add_class("workbench-fairness-panel")
        self.apply_row = widgets.HBox()
        self.players.observe(lambda _: self._settings_changed(), names="value")
        self.game.observe(lambda _: self._settings_changed(), names="value")
        self.widget = widgets.VBox([
            widgets.HBox([self.play_button, self.suggest_button]),
            self.game, self.players, self.show_heat, self.summary, self.apply_row,
        ])  # fmt: skip
        self.widget.add_class("workbench-fairness")

    @staticmethod
    def _bots(game: str) -> list[str]:
        """The players offered for ``game``: greedy and the search players it offers."""
        return ["greedy", *offered(game)]

    def _settings_changed(self) -> None:
        bots = self._bots(self.game.value)
        if list(self.players.options) != bots:
            kept = self.players.value
            self.players.options = bots  # which selects the first
            self.players.value = kept if kept in bots else "greedy"
        self.tally, self.suggestions = None, None
        if self.play_button.value:
            self._restart()
        self._render()


def _running_loop() -> asyncio.AbstractEventLoop | None:
    """The kernel's event loop when called from it (a cell, a widget's callback), else None."""
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        return None


def _one_of(argument: str, value: object, names: Any) -> str:
    return str(one_of(argument, value, list(names), "one of the panel's choices"))
