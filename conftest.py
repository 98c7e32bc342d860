"""Set-up for the whole suite, notebooks included: browser tests run only where the system
Chromium exists; a test that reads a rulebook text is marked ``rulebook``; on ``make test``'s
workers (pytest-xdist) a notebook's cells run in order in one kernel, and the servers and
browsers take turns in two units (one worker each); and every file a test saves by name goes
to a temporary user folder (``WORKBENCH_HOME``), never into the repository or a developer's own."""

import functools
import os
import shutil
import sys
import tempfile

import pytest

CHROMIUM = "/usr/bin/chromium"
_SESSION_HOME: dict[str, str | None] = {}


def pytest_configure(config):
    """One temporary user folder for the session (each xdist worker its own; kernels and
    servers started by tests inherit it); the developer's own setting comes back at the end."""
    _SESSION_HOME["before"] = os.environ.get("WORKBENCH_HOME")
    _SESSION_HOME["folder"] = tempfile.mkdtemp(prefix="workbench-home-")
    os.environ["WORKBENCH_HOME"] = _SESSION_HOME["folder"]
    _retry_notebook_kernel_starts()
    if getattr(config, "workerinput", None) is None and config.getoption("numprocesses", None):
        from tests.rewrite_cache import rewrite_test_modules_once

        rewrite_test_modules_once(config)


# A notebook's kernel that does not answer at start (nbval's --nbval-kernel-startup-timeout, 30 s
# in the Makefile) is shut down and a new one started on new ports, up to this many times in all.
# On a loaded machine a kernel once stayed alive and silent for 60 s (a CI run: every cell of
# notebook 06 failed at set-up); a second kernel is the user's own remedy, so it is the test's.
KERNEL_START_ATTEMPTS = 3


def with_retries(start, attempts: int = KERNEL_START_ATTEMPTS, report=None):
    """``start`` again, up to ``attempts`` calls in all, while it raises RuntimeError (nbval's
    start_new_kernel shuts the silent kernel down before it raises); the last error stands.

    >>> calls = []
    >>> def flaky():
    ...     calls.append(1)
    ...     if len(calls) < 3:
    ...         raise RuntimeError("Kernel didn't respond")
    ...     return "kernel"
    >>> with_retries(flaky, report=lambda message: None)(), len(calls)
    ('kernel', 3)
    """
    report = report or (lambda message: print(message, file=sys.stderr))

    @functools.wraps(start)
    def start_with_retries(*args, **kwargs):
        for attempt in range(1, attempts + 1):
            try:
                return start(*args, **kwargs)
            except RuntimeError as error:
                if attempt == attempts:
                    raise
                report(f"notebook kernel start {attempt} of {attempts} failed ({error}); again")
        raise AssertionError("unreachable")

    return start_with_retries


def _retry_notebook_kernel_starts():
    try:
        import nbval.kernel
    except ImportError:  # `pytest --nbval` needs it; a plain pytest run does not
        return
    if not hasattr(nbval.kernel.start_new_kernel, "__wrapped__"):
        nbval.kernel.start_new_kernel = with_retries(nbval.kernel.start_new_kernel)


def pytest_unconfigure(config):
    folder, before = _SESSION_HOME.pop("folder", None), _SESSION_HOME.pop("before", None)
    if folder is not None:
        shutil.rmtree(folder, ignore_errors=True)
    if before is None:
        os.environ.pop("WORKBENCH_HOME", None)
    else:
        os.environ["WORKBENCH_HOME"] = before


# The servers and browsers run in two units, each on one worker in turn (a worker starts one
# JupyterLab and one Chromium for its unit: tests/conftest.py): the teacher app's (the longest
# pages and the kernel culling) and the others (the explorers' pages, the editor, JupyterLab):
# every file with "browser" in its name, and these, which start servers without a browser.
APP_SERVER_TESTS = {"test_browser_stepper.py", "test_app_server.py", "test_server.py"}
OTHER_SERVER_TESTS = {"test_make_lab.py"}


def work_unit(nodeid: str) -> str:
    """The tests that one xdist worker runs together, in order: a notebook's cells (they
    share its kernel); the tests that start servers or browsers, in two units (each takes
    turns on its worker); else the test alone.

    >>> work_unit("notebooks/01-x.ipynb::Cell 3"), work_unit("tests/test_browser.py::test_a")
    ('notebooks/01-x.ipynb', 'servers: pages')
    >>> work_unit("tests/test_app_server.py::test_b"), work_unit("tests/test_x.py::test_c")
    ('servers: the app', 'tests/test_x.py::test_c')
    """
    path = nodeid.split("::")[0]
    name = path.rsplit("/", 1)[-1]
    if path.endswith(".ipynb"):
        return path
    if name in APP_SERVER_TESTS:
        return "servers: the app"
    if "browser" in name or name in OTHER_SERVER_TESTS:
        return "servers: pages"
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
