"""Shared test setup: browser tests run only where the system Chromium exists."""

import os

import pytest
from hypothesis import settings

# The machine is shared: a property test is judged by its examples, never by its speed.
settings.register_profile("workbench", deadline=None)
settings.load_profile("workbench")

CHROMIUM = "/usr/bin/chromium"


def pytest_collection_modifyitems(config, items):
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
