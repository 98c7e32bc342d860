"""The warm kernel's rules (:mod:`workbench.app_pool`) on Voilà's pooling kernel manager, without a
server: what the app-server tests cannot provoke on demand."""

import asyncio
from concurrent.futures import ThreadPoolExecutor

import pytest
from traitlets import Unicode
from traitlets.config import Configurable
from voila.voila_kernel_manager import voila_kernel_manager_factory

from workbench.app_pool import pooled_kernel_manager
from workbench.app_server import AllKernelsInUse, TeacherKernelManager


class _Server(Configurable):
    """What Voilà's pooling manager reads of its server: a folder with no notebook in it."""

    root_dir = Unicode()
    notebook_path = Unicode(None, allow_none=True)


def test_a_page_kernel_shuts_down_after_a_warm_kernel_was_refused(tmp_path):
    """A refill refused at the limit leaves a failed entry in Voilà's pool; shutting a page's
    kernel down afterwards must not raise that refusal (the kernel would never be freed)."""
    made = pooled_kernel_manager(voila_kernel_manager_factory)(TeacherKernelManager, True, 1)

    async def shut_down_with_a_refused_refill():
        manager = made(parent=_Server(root_dir=str(tmp_path)))
        refused = asyncio.get_running_loop().create_future()
        refused.set_exception(AllKernelsInUse(2, 50))
        manager._pools["app.ipynb"] = [refused]
        with pytest.raises(Exception) as raised:
            await manager.shutdown_kernel("no-such-kernel")
        return raised.value, manager._pools["app.ipynb"]

    # its own thread and event loop: a browser test's loop may be running in this one
    with ThreadPoolExecutor(1) as thread:
        raised, pool = thread.submit(
            lambda: asyncio.run(shut_down_with_a_refused_refill())
        ).result()
    assert not isinstance(raised, AllKernelsInUse), raised
    assert pool == []
