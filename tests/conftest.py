"""Shared test setup: browser tests run only where the system Chromium exists; the tests
that read a rulebook text find it where ``tests/rulebooks.py`` says, or skip; every file a
test saves by name goes to a temporary user folder (``WORKBENCH_HOME``), never into the
repository or a developer's own user folder."""

import os
import shutil
import tempfile

import pytest
from hypothesis import settings

from tests import rulebooks

# The machine is shared: a property test is judged by its examples, never by its speed.
settings.register_profile("workbench", deadline=None)
settings.load_profile("workbench")

CHROMIUM = "/usr/bin/chromium"
SERVER_TESTS = {"test_make_lab.py", "test_server.py"}  # start a Jupyter server of their own
_SESSION_HOME: dict[str, str | None] = {}


def pytest_configure(config):
    """One temporary user folder for the session (each xdist worker its own; kernels and
    servers started by tests inherit it); the developer's own setting comes back at the end."""
    _SESSION_HOME["before"] = os.environ.get("WORKBENCH_HOME")
    _SESSION_HOME["folder"] = tempfile.mkdtemp(prefix="workbench-home-")
    os.environ["WORKBENCH_HOME"] = _SESSION_HOME["folder"]


def pytest_unconfigure(config):
    folder, before = _SESSION_HOME.pop("folder", None), _SESSION_HOME.pop("before", None)
    if folder is not None:
        shutil.rmtree(folder, ignore_errors=True)
    if before is None:
        os.environ.pop("WORKBENCH_HOME", None)
    else:
        os.environ["WORKBENCH_HOME"] = before


def pytest_collection_modifyitems(config, items):
    for item in items:
        if "rulebook" in getattr(item, "fixturenames", ()):  # selected by `-m rulebook`
            item.add_marker(pytest.mark.rulebook)
        # `make test` runs on two workers (pytest-xdist, --dist loadgroup): a notebook's cells
        # run in order in one kernel, and the servers and browsers take turns on one worker
        if item.path.suffix == ".ipynb":
            item.add_marker(pytest.mark.xdist_group(item.path.name))
        elif "browser" in item.keywords or item.path.name in SERVER_TESTS:
            item.add_marker(pytest.mark.xdist_group("servers"))
    if os.path.exists(CHROMIUM):
        return
    skip = pytest.mark.skip(
        reason=f"browser test: {CHROMIUM} is not installed (apt-get install chromium)"
    )
    for item in items:
        if "browser" in item.keywords:
            item.add_marker(skip)


@pytest.fixture
def sent(monkeypatch):
    """Every message ipycanvas's canvas manager would send to the browser, each decoded to
    its command names (the canvas tests count batched calls with it)."""
    from ipycanvas import canvas as ipc

    names = {v: k for k, v in ipc.COMMANDS.items()}
    messages: list[list[str]] = []

    def record(command, buffers=()):
        batch = command if command and isinstance(command[0], list) else [command]
        messages.append([names[c[0]] for c in batch])

    monkeypatch.setattr(ipc._CANVAS_MANAGER, "_send_custom", record)
    return messages


@pytest.fixture
def rulebook():
    """``rulebook(file_name)``: that rulebook's text, or a skip naming the file and where to
    put it (``tests/rulebooks.py``)."""
    return rulebooks.text
