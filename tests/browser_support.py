"""Serving a notebook and driving the system Chromium: shared by the browser tests and the
browser benchmark. Servers run in their own process group on 127.0.0.1 and a free port;
Jupyter and Chromium write only under a throwaway home folder; every wait is bounded."""

from __future__ import annotations

import json
import os
import re
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
BIN = Path(sys.executable).parent
NOTEBOOK = ROOT / "notebooks" / "01-panzer-vor-first-steps.ipynb"
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
SERVER_START = 60.0  # seconds for a server to accept connections
PAGE = 90_000  # milliseconds for a page to run the notebook and draw
CANVAS = "canvas.workbench-explorer-canvas"
PANEL = ".workbench-explorer-panel"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class ServerError(RuntimeError):
    """A server that exited early or never opened its port."""


def jupyter_env(home: Path) -> dict[str, str]:
    """The environment for a Jupyter or Voilà server that keeps all its files under ``home``."""
    env = dict(os.environ)
    names = {
        "JUPYTER_CONFIG_DIR": "jupyter-config",
        "JUPYTER_DATA_DIR": "jupyter-data",
        "JUPYTER_RUNTIME_DIR": "jupyter-runtime",
        "IPYTHONDIR": "ipython",
        "JUPYTERLAB_SETTINGS_DIR": "lab-settings",
        "JUPYTERLAB_WORKSPACES_DIR": "lab-workspaces",
    }
    for variable, folder in names.items():
        (home / folder).mkdir(exist_ok=True)
        env[variable] = str(home / folder)
    env["HOME"] = str(home)
    env["PATH"] = f"{BIN}{os.pathsep}{env.get('PATH', '')}"
    env.pop("JUPYTER_PATH", None)
    # JupyterLab: render every cell (no windowing), no news or update checks, no autosave.
    settings = home / "lab-settings" / "@jupyterlab"
    for plugin, values in {
        "notebook-extension/tracker": {"windowingMode": "none"},
        "apputils-extension/notification": {"fetchNews": "false", "checkForUpdates": False},
        "docmanager-extension/plugin": {"autosave": False},
    }.items():
        path = settings / f"{plugin}.jupyterlab-settings"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(values))
    return env


@contextmanager
def server(command: list[str], cwd: Path, env: dict[str, str], port: int, log: Path) -> Iterator:
    """Start a server in its own process group, wait until its port accepts, stop the group."""
    with log.open("w") as out:
        process = subprocess.Popen(
            command, cwd=cwd, env=env, stdout=out, stderr=subprocess.STDOUT, start_new_session=True
        )
        try:
            deadline = time.monotonic() + SERVER_START
            while True:
                if process.poll() is not None:
                    raise ServerError(f"{command[0]} exited early:\n{log.read_text()[-3000:]}")
                try:
                    socket.create_connection(("127.0.0.1", port), timeout=0.5).close()
                    break
                except OSError:
                    if time.monotonic() > deadline:
                        failed = f"{command[0]} did not open port {port}:\n{log.read_text()}"
                        raise ServerError(failed) from None
                    time.sleep(0.2)
            yield process
        finally:
            try:
                os.killpg(process.pid, signal.SIGTERM)
                process.wait(timeout=15)
            except ProcessLookupError:
                pass
            except subprocess.TimeoutExpired:
                os.killpg(process.pid, signal.SIGKILL)
                process.wait(timeout=5)


# For a test that opens one page: it is served from the warm kernel the server starts, as
# `make app` serves the first page, and no refill runs the notebook again for no page (a
# second page would wait for that refill: a test of two pages keeps the server's delay).
NO_REFILL = "--refill-delay=86400"


def app_command(notebook: str | Path, port: int, *options: str) -> list[str]:
    """The command serving ``notebook`` as `make app` serves the teacher app (a token, this
    machine only: :mod:`workbench.app_server`), on ``port``."""
    server = [str(BIN / "python"), "-m", "workbench.app_server"]
    return [*server, str(notebook), f"--port={port}", *options]


def printed_url(log: Path, port: int, timeout: float = SERVER_START) -> str:
    """The URL with its token that the app server printed in ``log`` (bounded wait)."""
    printed = re.compile(rf"http://127\.0\.0\.1:{port}/\?token=[0-9a-f]+")
    deadline = time.monotonic() + timeout
    while not (found := printed.search(log.read_text(errors="replace"))):
        if time.monotonic() > deadline:
            raise ServerError(f"no URL with a token in the log:\n{log.read_text()[-3000:]}")
        time.sleep(0.1)
    return found.group(0)


def room_options(
    max_kernels: int, cull_idle: int, cull_interval: int, grace: int, pool_size: int = 0
) -> list[str]:
    """The app server's options for a room of ``max_kernels`` pages whose kernels, once
    ``grace`` seconds old, are freed ``cull_idle`` seconds after their page closed (checked
    every ``cull_interval``): the tests use short ones. No warm kernel unless ``pool_size``
    says (the kernels counted are then the pages' own)."""
    return [
        f"--max-kernels={max_kernels}",
        f"--cull-idle={cull_idle}",
        f"--cull-interval={cull_interval}",
        f"--connect-grace={grace}",
        f"--pool-size={pool_size}",
    ]


@contextmanager
def app_server(
    notebook: str | Path, cwd: Path, env: dict[str, str], port: int, log: Path, *options: str
) -> Iterator[str]:
    """Serve ``notebook`` as `make app` does (see :func:`app_command`); yield the URL to open,
    with the token the server printed."""
    with server(app_command(notebook, port, *options), cwd, env, port, log):
        yield printed_url(log, port)


def lab_command(port: int, root: Path) -> list[str]:
    """JupyterLab on this machine only, without a token or XSRF checks (the browser tests'
    own server, whose kernels they stop over its API), serving ``root``."""
    command = [
        str(BIN / "jupyter"),
        "lab",
        "--no-browser",
        f"--port={port}",
        "--ServerApp.ip=127.0.0.1",
        "--IdentityProvider.token=",
        "--ServerApp.password=",
        f"--ServerApp.root_dir={root}",
        "--LabApp.news_url=",
        "--ServerApp.disable_check_xsrf=True",
    ]
    return [*command, "--allow-root"] if os.geteuid() == 0 else command


def code_notebook(*cells: str) -> dict:
    """A notebook of code cells with the ``python3`` kernel, as JSON."""
    return {
        "cells": [
            {
                "cell_type": "code",
                "execution_count": None,
                "metadata": {},
                "outputs": [],
                "source": source.splitlines(keepends=True),
            }
            for source in cells
        ],
        "metadata": {"kernelspec": {"name": "python3", "display_name": "Python 3 (ipykernel)"}},
        "nbformat": 4,
        "nbformat_minor": 5,
    }


class JupyterLab:
    """One JupyterLab server the browser tests share (starting one takes several seconds):
    it serves ``root``, whose ``notebooks/`` folder the tests write their notebooks into,
    beside a link to the repository's ``maps/`` so that relative paths work."""

    def __init__(self, root: Path, port: int, log: Path) -> None:
        self.root, self.port, self.log = root, port, log

    def add(self, name: str, notebook: dict) -> str:
        """Write ``notebook`` (its JSON) as ``notebooks/<name>``; its URL, which opens it
        alone (``?reset``: not beside the notebooks earlier pages opened)."""
        (self.root / "notebooks" / name).write_text(json.dumps(notebook), "utf-8")
        return f"http://127.0.0.1:{self.port}/lab/tree/notebooks/{name}?reset"

    def stop_kernels(self) -> None:
        """Shut down every kernel the pages started, so that they do not add up."""
        import urllib.request

        api = f"http://127.0.0.1:{self.port}/api/kernels"
        with urllib.request.urlopen(api, timeout=30) as response:
            kernels = json.loads(response.read())
        for kernel in kernels:
            request = urllib.request.Request(f"{api}/{kernel['id']}", method="DELETE")
            urllib.request.urlopen(request, timeout=30).close()


@contextmanager
def jupyterlab(home: Path) -> Iterator[JupyterLab]:
    """Start :class:`JupyterLab` with its files under ``home``; stop it at the end."""
    root = home / "lab-root"
    (root / "notebooks").mkdir(parents=True, exist_ok=True)
    if not (root / "maps").exists():
        (root / "maps").symlink_to(ROOT / "maps", target_is_directory=True)
    port, log = free_port(), home / "lab.log"
    with server(lab_command(port, root), root, jupyter_env(home), port, log):
        yield JupyterLab(root, port, log)


@contextmanager
def chromium(home: Path, timeout_ms: int = PAGE) -> Iterator:
    """A headless system Chromium (Playwright) with its profile under ``home``."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        context = playwright.chromium.launch_persistent_context(
            str(home / "chromium"),
            executable_path=CHROMIUM,
            headless=True,
            args=CHROMIUM_ARGS,
            viewport={"width": 1600, "height": 1000},
        )
        context.set_default_timeout(timeout_ms)
        try:
            yield context
        finally:
            context.close()


# --- pixels ---------------------------------------------------------------------------------
# READ_PIXELS counts the drawn pixels of a canvas and remembers them; CHANGED_PIXELS counts
# the pixels that differ from the remembered ones.
READ_PIXELS = """(selector) => {
    const canvas = document.querySelector(selector);
    if (!canvas || !canvas.width) return null;
    const data = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data;
    let drawn = 0;
    for (let i = 3; i < data.length; i += 4) if (data[i]) drawn++;
    window.__workbenchPixels = data;
    return drawn;
}"""
CHANGED_PIXELS = """(selector) => {
    const canvas = document.querySelector(selector);
    const before = window.__workbenchPixels;
    const data = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data;
    let changed = 0;
    for (let i = 0; i < data.length; i += 4) {
        if (data[i] !== before[i] || data[i + 1] !== before[i + 1] || data[i + 2] !== before[i + 2])
            changed++;
    }
    return changed;
}"""


# The teacher app ready: its board drawn (a pixel painted on the stepper's canvas), its panel
# at a step and its buttons enabled; the time since the navigation started (ms), else false.
APP_READY = """() => {
    const canvas = document.querySelector('canvas.workbench-stepper-canvas');
    const panel = document.querySelector('.workbench-stepper-panel');
    const buttons = [...document.querySelectorAll('.workbench-stepper button')];
    if (!canvas || !canvas.width || !panel || !/Step \\d+ of/.test(panel.textContent)) return false;
    if (!buttons.length || buttons.some(b => b.disabled && b.textContent === '▶')) return false;
    const data = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data;
    for (let i = 3; i < data.length; i += 4 * 61) if (data[i]) return performance.now();
    return false;
}"""


def first_page_seconds(page, url: str, timeout_ms: int = PAGE) -> float:
    """Open the teacher app at ``url`` in ``page``: the seconds from the navigation's start
    to the app ready (:data:`APP_READY`: board drawn, panel and buttons there), the kernel's
    start and the notebook's run included, as the browser's own clock measures them."""
    page.goto(url, timeout=timeout_ms)
    ready = page.wait_for_function(APP_READY, polling="raf", timeout=timeout_ms)
    return float(ready.json_value()) / 1000


def kernels(app: str) -> list[dict]:
    """The app server's kernels, from /api/kernels (``app``: the URL with the token)."""
    import urllib.request

    base, token = app.split("?")
    with urllib.request.urlopen(f"{base}api/kernels?{token}", timeout=120) as response:
        return json.loads(response.read())


def warm_kernel(app: str, used: set[str], quiet: float = 1.5) -> str | None:
    """The app server's warm kernel once it has run the notebook: idle for ``quiet`` seconds
    (a kernel just started is idle a moment before the notebook runs), no page on it, none of
    ``used``; its id, else None. ``app`` is the URL with the token."""
    from datetime import UTC, datetime

    now = datetime.now(UTC)
    waiting = [
        k["id"]
        for k in kernels(app)
        if k["id"] not in used
        and not k["connections"]
        and k["execution_state"] == "idle"
        and (now - datetime.fromisoformat(k["last_activity"])).total_seconds() >= quiet
    ]
    return waiting[0] if waiting else None


def wait_until(check, what: str, timeout: float = PAGE / 1000) -> object:
    """Poll ``check`` until it returns something truthy (bounded)."""
    deadline = time.monotonic() + timeout
    while True:
        value = check()
        if value:
            return value
        if time.monotonic() > deadline:
            pytest.fail(f"timed out after {timeout:.0f} s waiting for {what}")
        time.sleep(0.25)
