"""Playing a fairness run's games: all at once (:func:`play_games`), or in a background thread
that never holds up the caller (:class:`Background`, the editor's fairness panel), its tally
updated as each game finishes and handed to a function the caller gives.

>>> from workbench.balance.tasks import planned
>>> from workbench.balance.executors import InProcess
>>> from workbench.rules.play import random_player
>>> from workbench.testing.fixture_games import GAME as sure_thing   # side A cannot lose
>>> plan = planned(sure_thing, None, random_player, 8, 1, None, None, None, False, None,
...                2**30, None)   # 8 games, seed 1, in this process
>>> run = Background(plan, InProcess()).start()
>>> tally = run.wait()
>>> tally.games, tally.wins("A")
(8, 8)
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Sequence
from typing import Any

from workbench.arguments import checked_methods, positive, whole_number
from workbench.balance.executors import Executor, InProcess
from workbench.balance.tally import Fairness
from workbench.balance.tasks import GameTask, Plan, decided_row, play_decided, task_of

WAIT_SECONDS = 600.0  # the longest wait() waits, unless told otherwise


def play_games(
    jobs: Sequence[tuple[Plan, int]],
    runner: Executor,
    on_row: Callable[[int, dict[str, Any]], None],
    stop: Callable[[], bool] | None = None,
) -> bool:
    """Play ``jobs`` (each a checked run and a game's number in it; several runs may share
    one call, so the workers stay busy) on ``runner``, handing each finished job's position
    in ``jobs`` and its row to ``on_row``; True if ``stop()`` (asked after each game) or an
    interrupt (Ctrl-C, a notebook's stop) ended it early."""
    tasks = [task_of(plan, index) for plan, index in jobs]
    fn: Callable[[GameTask], dict[str, Any]] = play_decided
    if isinstance(runner, InProcess):  # play on the values as given: nothing to load
        plans = {id(task): plan for task, (plan, _) in zip(tasks, jobs, strict=True)}

        def fn(task: GameTask) -> dict[str, Any]:
            plan = plans[id(task)]
            return decided_row(plan.game, plan.scenario, task)

    try:
        for k, row in runner.run(fn, tasks):
            on_row(k, row)
            if stop is not None and stop():
                return True
    except KeyboardInterrupt:
        return True
    return False


@checked_methods
class Background:
    """A fairness run's games played in a thread of their own on ``runner`` (a kept local
    pool, a Dask cluster, or this process). ``on_game(tally)`` is called from that thread
    with a snapshot of the tally after each game: a widget passes it on to its own thread;
    ``on_error(error)`` if the run fails (a game that raises). :meth:`stop` ends the run at
    once (the games not begun are cancelled; nothing waits for the game under way).
    ``tally``: games of the same run already played (a run resumed): kept, not played again."""

    def __init__(
        self,
        plan: Plan,
        runner: Executor,
        *,
        on_game: Callable[[Fairness], None] | None = None,
        on_error: Callable[[BaseException], None] | None = None,
        tally: Fairness | None = None,
    ) -> None:
        sides = tuple(plan.game.players(plan.start))
        self.tally = Fairness(plan.game.title, sides, plan.games, runner.name)
        if tally is not None:
            self.tally.rows.update({i: r for i, r in tally.rows.items() if i < plan.games})
        self.plan, self.runner, self.on_game, self.on_error = plan, runner, on_game, on_error
        self.error: BaseException | None = None
        self._jobs: list[tuple[Plan, int]] = []
        self._lock = threading.Lock()
        self._stop = threading.Event()
        self._done = threading.Event()
        self._thread = threading.Thread(target=self._run, name="workbench fairness", daemon=True)

    def start(self) -> Background:
        """Begin playing (in the background); the run itself, to chain."""
        self._thread.start()
        return self

    def stop(self) -> None:
        """End the run: no more games are counted or begun."""
        self._stop.set()

    @property
    def running(self) -> bool:
        return self._thread.is_alive() and not self._stop.is_set()

    @property
    def snapshot(self) -> Fairness:
        """The tally as it is now (a copy)."""
        with self._lock:
            return self.tally.copy()

    def wait(self, games: int | None = None, timeout: float = WAIT_SECONDS) -> Fairness:
        """Wait until ``games`` games have finished (None: the run ends) or ``timeout``
        seconds pass; the tally then. The run's error, if it failed, is raised here."""
        if games is not None:
            whole_number("games", games, low=0)
        positive("timeout", timeout)
        end = time.monotonic() + timeout
        while time.monotonic() < end and not self._done.is_set():
            if games is not None and self.tally.games >= games:
                break
            self._done.wait(0.02)
        if self.error is not None:
            raise self.error
        return self.snapshot

    def _run(self) -> None:
        try:
            left = [i for i in range(self.plan.games) if i not in self.tally.rows]
            self._jobs = [(self.plan, index) for index in left]
            stopped = play_games(self._jobs, self.runner, self._count, self._stop.is_set)
            with self._lock:
                self.tally.stopped = stopped
        except BaseException as failed:  # shown by the panel, raised by wait()
            self.error = failed
            if self.on_error is not None and not self._stop.is_set():
                self.on_error(failed)
        finally:
            self._done.set()

    def _count(self, k: int, row: dict[str, Any]) -> None:
        if self._stop.is_set():
            return
        with self._lock:
            self.tally.add(self._jobs[k][1], row)
            snapshot = self.tally.copy() if self.on_game is not None else None
        if self.on_game is not None and snapshot is not None:
            self.on_game(snapshot)
