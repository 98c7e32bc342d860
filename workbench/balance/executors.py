"""Where a sweep's games run: one small interface, three ways to run it.

An executor maps a picklable function over tasks and yields ``(index, result)`` as each
finishes, in any order; the sweep puts them back in order, so results never depend on which
worker ran which game.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import Future, ProcessPoolExecutor, as_completed
from typing import Any, Protocol, runtime_checkable

from workbench.arguments import checked, checked_methods, whole_number
from workbench.balance.checks import client_of, workers_of
from workbench.errors import ArgumentError

Task = Any
CONNECT_SECONDS = 20  # how long a sweep waits for a Dask scheduler named by its address
GENTLE = 10  # the niceness of a kept pool's workers: the editor's own work comes first


@runtime_checkable
@checked_methods
class Executor(Protocol):
    name: str
    parallel: int  # how many games it plays at once

    def run(
        self, fn: Callable[[Task], Any], tasks: Sequence[Task]
    ) -> Iterator[tuple[int, Any]]: ...

    def close(self) -> None: ...


@checked_methods
class InProcess:
    """Every game in this process, one after another (the default)."""

    name = "in process"
    parallel = 1  # games at once

    def run(self, fn: Callable[[Task], Any], tasks: Sequence[Task]) -> Iterator[tuple[int, Any]]:
        for index, task in enumerate(tasks):
            yield index, fn(task)

    def close(self) -> None:
        """Nothing to end."""


@checked_methods
class LocalPool:
    """A pool of ``workers`` local processes (1 to ``checks.MAX_WORKERS``).

    By default each :meth:`run` starts its pool and ends it. ``keep=True`` keeps one pool
    for every run until :meth:`close` (the editor's fairness panel, whose runs start again at
    each change of the map), its workers at a lower priority (:data:`GENTLE`) so that this
    process's own work, a paint stroke, comes first; leaving a run early cancels the games
    not yet begun, and the games under way finish in the workers."""

    def __init__(self, workers: int, *, keep: bool = False) -> None:
        workers_of(workers)
        self.workers = workers
        self.keep = keep
        self.name = f"{workers} local processes"
        self.parallel = workers
        self._pool: ProcessPoolExecutor | None = None

    def run(self, fn: Callable[[Task], Any], tasks: Sequence[Task]) -> Iterator[tuple[int, Any]]:
        if self.keep:
            if self._pool is None:
                self._pool = ProcessPoolExecutor(max_workers=self.workers, initializer=_gentle)
            yield from _as_finished(self._pool, fn, tasks)
            return
        with ProcessPoolExecutor(max_workers=self.workers) as pool:
            yield from _as_finished(pool, fn, tasks)

    def close(self) -> None:
        """End a kept pool: the games not begun are cancelled, its workers end once the games
        under way finish (nothing waits for them here)."""
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None


def _gentle() -> None:
    """A kept pool's worker: a lower priority than the process that started it."""
    os.nice(GENTLE)


def _as_finished(
    pool: ProcessPoolExecutor, fn: Callable[[Task], Any], tasks: Sequence[Task]
) -> Iterator[tuple[int, Any]]:
    futures: dict[Future[Any], int] = {pool.submit(fn, task): i for i, task in enumerate(tasks)}
    try:
        for future in as_completed(futures):
            yield futures[future], future.result()
    finally:
        for future in futures:
            future.cancel()


@checked_methods
class OnDask:
    """An existing Dask cluster: a ``dask.distributed.Client`` or a scheduler's address (a
    scheduler that does not answer within :data:`CONNECT_SECONDS` is an ArgumentError)."""

    def __init__(self, client: Any) -> None:
        if client_of(client) is None:
            raise ArgumentError("client", client, "a Dask client or a scheduler's address")
        if isinstance(client, str):
            from dask.distributed import Client

            try:
                client = Client(client, timeout=CONNECT_SECONDS)
            except Exception as failed:  # no scheduler there: refused, naming why
                expected = f"the address of a Dask scheduler that answers ({failed})"
                raise ArgumentError("client", client, expected) from None
        self.client = client
        self.name = f"Dask at {getattr(client.scheduler, 'address', client)}"
        try:  # the cluster's threads: its games at once
            self.parallel = max(1, sum(client.nthreads().values()))
        except Exception:  # a client that cannot say: count one, and estimate high
            self.parallel = 1

    def run(self, fn: Callable[[Task], Any], tasks: Sequence[Task]) -> Iterator[tuple[int, Any]]:
        from dask.distributed import as_completed as dask_completed

        futures = self.client.map(fn, list(tasks), pure=False)
        index = {f.key: i for i, f in enumerate(futures)}
        try:
            for future in dask_completed(futures):
                yield index[future.key], future.result()
        finally:
            self.client.cancel(futures)

    def close(self) -> None:
        """Nothing to end: the client and its cluster are the caller's."""


@checked
def executor_for(workers: int | None = None, client: Any = None, games: int = 1) -> Executor:
    """Where ``games`` games run: on ``client``'s Dask cluster, else in ``workers`` local
    processes (never more than the games), else in this process."""
    workers = workers_of(workers)
    if client_of(client) is not None:
        return OnDask(client)
    most = min(workers or 1, whole_number("games", games, low=0))
    return LocalPool(most) if most > 1 else InProcess()
