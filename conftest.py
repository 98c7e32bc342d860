"""Collection for the whole suite, notebooks included: browser tests run only where the
system Chromium exists; a test that reads a rulebook text is marked ``rulebook``; and on
``make test``'s two workers (pytest-xdist) a notebook's cells run in order in one kernel, and
the servers and browsers take turns on one worker."""

import os

import pytest

CHROMIUM = "/usr/bin/chromium"
SERVER_TESTS = {"test_make_lab.py", "test_server.py"}  # start a Jupyter server of their own


def work_unit(nodeid: str) -> str:
    """The tests that one xdist worker runs together, in order: a notebook's cells (they
    share its kernel); every test that starts a server or a browser (they take turns); else
    the test alone.

    >>> work_unit("notebooks/01-x.ipynb::Cell 3"), work_unit("tests/test_browser.py::test_a")
    ('notebooks/01-x.ipynb', 'servers')
    """
    path = nodeid.split("::")[0]
    name = path.rsplit("/", 1)[-1]
    if path.endswith(".ipynb"):
        return path
    if "browser" in name or name in SERVER_TESTS:
        return "servers"
    return nodeid


@pytest.hookimpl(optionalhook=True)  # a pytest-xdist hook
def pytest_xdist_make_scheduler(config, log):
    from xdist.scheduler import LoadScopeScheduling

    class ByWorkUnit(LoadScopeScheduling):
        def _split_scope(self, nodeid: str) -> str:
            return work_unit(nodeid)

    return ByWorkUnit(config, log)


def pytest_collection_modifyitems(config, items):
    for item in items:
        if "rulebook" in getattr(item, "fixturenames", ()):  # selected by `-m rulebook`
            item.add_marker(pytest.mark.rulebook)
    if os.path.exists(CHROMIUM):
        return
    skip = pytest.mark.skip(
        reason=f"browser test: {CHROMIUM} is not installed (apt-get install chromium)"
    )
    for item in items:
        if "browser" in item.keywords:
            item.add_marker(skip)
