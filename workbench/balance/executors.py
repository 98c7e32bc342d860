"""Where a sweep's games run: one small interface, three ways to run it.

An executor maps a picklable function over tasks and yields ``(index, result)`` as each
finishes, in any order; the sweep puts them back in order, so results never depend on which
worker ran which game.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from typing import Any, Protocol

Task = Any


class Executor(Protocol):
    name: str
    parallel: int  # how many games it plays at once

    def run(
        self, fn: Callable[[Task], Any], tasks: Sequence[Task]
    ) -> Iterator[tuple[int, Any]]: ...


class InProcess:
    """Every game in this process, one after another (the default)."""

    name = "in process"
    parallel = 1  # games at once

    def run(self, fn: Callable[[Task], Any], tasks: Sequence[Task]) -> Iterator[tuple[int, Any]]:
        for index, task in enumerate(tasks):
            yield index, fn(task)


class LocalPool:
    """A pool of ``workers`` local processes."""

    def __init__(self, workers: int) -> None:
        self.workers = workers
        self.name = f"{workers} local processes"
        self.parallel = workers

    def run(self, fn: Callable[[Task], Any], tasks: Sequence[Task]) -> Iterator[tuple[int, Any]]:
        with ProcessPoolExecutor(max_workers=self.workers) as pool:
            futures = {pool.submit(fn, task): i for i, task in enumerate(tasks)}
            try:
                for future in as_completed(futures):
                    yield futures[future], future.result()
            finally:
                for future in futures:
                    future.cancel()


class OnDask:
    """An existing Dask cluster: a ``dask.distributed.Client`` or a scheduler's address."""

    def __init__(self, client: Any) -> None:
        if isinstance(client, str):
            from dask.distributed import Client

            client = Client(client)
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


def executor_for(workers: int | None = None, client: Any = None) -> Executor:
    if client is not None:
        return OnDask(client)
    if workers and workers > 1:
        return LocalPool(workers)
    return InProcess()
