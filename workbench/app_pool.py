"""The teacher app's warm kernel: a page served at once from a kernel that has already run
the app's notebook (Voilà's preheated kernels), within the app server's limits.

Voilà's pool (``--preheat_kernel``, ``--pool_size``) starts a kernel and runs the notebook in
it before anyone asks; the next page request takes that kernel, already showing the app, and
the pool starts another. :class:`WarmPoolRules` is mixed in before Voilà's pooling kernel
manager (:func:`pooled_kernel_manager`) so that the pool keeps the server's promises:

- **the limit counts the pool**: a warm kernel is started as every kernel is, through
  :meth:`workbench.app_server.TeacherKernelManager.start_kernel`, so a limit of N means at
  most N kernels alive, warm ones included; a refill with no room left is given up (the next
  page then starts its own kernel, or is told the app is full), and tried again whenever a
  kernel is shut down;
- **a warm kernel is never culled** (Voilà keeps the pool's kernels out of the culling), and
  the page that takes one has the whole ``connect_grace`` from the moment it takes it;
- **each page its own app**: a kernel leaves the pool for one page only; a reload is a new
  request, so a new kernel;
- **the refill waits** ``refill_delay`` seconds (5) after a page took the warm kernel, so that
  starting the next one does not slow the page being drawn (2 cores: measured, a refill at
  Voilà's 1 s made the first page 1.3 s slower);
- **a page waits for a warm kernel still starting** rather than start one more beside it
  (Voilà serves a page from its pool only once the pool's first kernel has started: a page
  asked for in the server's first seconds started a second kernel, both running the notebook
  on the same 2 cores).
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from typing import Any

WARM = "VOILA_PREHEAT"  # the environment variable Voilà sets to "True" for a pool's kernel


def is_warm_start(env: dict[str, str] | None) -> bool:
    """Whether a kernel being started is for the pool (Voilà marks its environment).

    >>> is_warm_start({"VOILA_PREHEAT": "True"}), is_warm_start({}), is_warm_start(None)
    (True, False, False)
    """
    return (env or {}).get(WARM) == "True"


class WarmPoolRules:
    """The app server's rules for Voilà's pool (see the module docstring). Mixed in before
    Voilà's ``VoilaKernelManager``, whose base is the app's ``TeacherKernelManager``."""

    _pools: dict[str, list[asyncio.Future]]
    notebook_data: dict[str, dict[str, Any]]
    _kernels: dict[str, Any]
    notebook_path: str | None
    refill_delay: float
    _stopping = False

    def _drop_failed(self, notebook_name: str | None) -> None:
        """Forget the pool's kernels that could not start (no room: the limit)."""
        pool = self._pools.get(notebook_name or "", [])
        failed = [t for t in pool if t.done() and (t.cancelled() or t.exception() is not None)]
        for task in failed:
            pool.remove(task)

    def get_pool_size(self, notebook_name: str) -> int:
        """Warm kernels ready or starting for ``notebook_name`` (none that failed to start)."""
        self._drop_failed(notebook_name)
        return super().get_pool_size(notebook_name)  # type: ignore[misc]

    def fill_if_needed(self, delay: float | None = None, notebook_name: str | None = None, **kw):
        """Voilà's refill, ``refill_delay`` seconds later unless told otherwise; none while
        the server stops."""
        if self._stopping:
            return None
        self._drop_failed(notebook_name)
        if notebook_name is not None:  # known from now: a page waits for the warm kernel
            self.notebook_data.setdefault(notebook_name, {"kernel_ids": set()})
        delay = self.refill_delay if delay is None else delay
        return super().fill_if_needed(delay=delay, notebook_name=notebook_name, **kw)  # type: ignore[misc]

    async def get_rendered_notebook(self, *args: Any, **kwargs: Any) -> Any:
        """Voilà's hand-over of a warm kernel to a page; the page's ``connect_grace`` starts
        now, not when the kernel started."""
        task, rendered, kernel_id = await super().get_rendered_notebook(*args, **kwargs)  # type: ignore[misc]
        if kernel_id in self._kernels:
            self._kernels[kernel_id].workbench_started = time.monotonic()
        return task, rendered, kernel_id

    async def shutdown_kernel(self, kernel_id: str, *args: Any, **kwargs: Any) -> Any:
        """Shut a kernel down; its room may go to a warm kernel again. A warm kernel that
        could not start is forgotten first (Voilà's own shutdown reads every finished pool
        entry's result, which raises for one that failed)."""
        for notebook_name in list(self._pools):
            self._drop_failed(notebook_name)
        done = await super().shutdown_kernel(kernel_id, *args, **kwargs)  # type: ignore[misc]
        if self.notebook_path is not None:
            self.fill_if_needed(notebook_name=self.notebook_path)
        return done

    async def shutdown_all(self, *args: Any, **kwargs: Any) -> Any:
        """Shut every kernel down, starting none: the pool's are dropped first, a refill not
        yet done given up and a warm kernel killed at once (it is nobody's; asked to shut down
        while running the notebook, its last reply met closed sockets and logged a traceback)."""
        self._stopping = True
        warm = []
        for pool in self._pools.values():
            for task in pool:
                if not task.done():
                    task.cancel()
                elif not task.cancelled() and task.exception() is None:
                    warm.append(task.result()["kernel_id"])
            pool.clear()  # nothing left for Voilà's shutdown to wait for
        for kernel_id in warm:
            if kernel_id in self._kernels:
                await self.shutdown_kernel(kernel_id, now=True)
        return await super().shutdown_all(*args, **kwargs)  # type: ignore[misc]


def pooled_kernel_manager(factory: Callable[..., type]) -> Callable[..., type]:
    """Voilà's ``voila_kernel_manager_factory`` with :class:`WarmPoolRules` put before the
    pooling class it makes (when it makes one)."""

    def make(base_class: type, preheat_kernel: bool, *args: Any, **kwargs: Any) -> type:
        made = factory(base_class, preheat_kernel, *args, **kwargs)
        if not preheat_kernel:
            return made
        return type("TeacherPooledKernelManager", (WarmPoolRules, made), {})

    return make
