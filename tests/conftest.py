"""Shared test fixtures (the collection hooks and the temporary user folder, which apply to
the notebooks too, are in the repository's root ``conftest.py``): the tests that read a
rulebook text find it where ``tests/rulebooks.py`` says, or skip."""

import pytest
from hypothesis import settings

from tests import rulebooks

# A game's modules laid over the package by tests/test_adding_a_game.py, not tests themselves.
collect_ignore = ["fixture_game"]

# The machine is shared: a property test is judged by its examples, never by its speed.
settings.register_profile("workbench", deadline=None)
settings.load_profile("workbench")


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


# --- the browser tests' shared servers (one JupyterLab and one Chromium per worker) ---------
@pytest.fixture(scope="session")
def browser_home(tmp_path_factory):
    """A throwaway home for Jupyter, IPython and Chromium: nothing is written elsewhere."""
    return tmp_path_factory.mktemp("browser-home")


@pytest.fixture(scope="session")
def chromium_context(browser_home):
    """One headless Chromium for the session's browser tests (each test opens its pages)."""
    import browser_support

    with browser_support.chromium(browser_home) as context:
        yield context


@pytest.fixture(scope="session")
def jupyterlab_server(browser_home):
    """One JupyterLab server for the session's browser tests (``browser_support.JupyterLab``):
    starting one costs several seconds, so the tests share it."""
    import browser_support

    try:
        with browser_support.jupyterlab(browser_home) as lab:
            yield lab
    except browser_support.ServerError as error:
        pytest.fail(str(error))


@pytest.fixture
def jupyterlab(jupyterlab_server):
    """The session's JupyterLab; the kernels a test's pages started are stopped after it."""
    yield jupyterlab_server
    jupyterlab_server.stop_kernels()
