"""Benchmark 6: in a real browser, from a click on a tank to the movement.reach overlay painted.

A notebook holding the explorer a game declares for it (its bench part's ``CLICK``: a 30 × 40
board with 40 tanks) is served by Voilà and opened in the system Chromium. In the page, a click
is dispatched on the tank's counter and the time is taken until the pixels of a neighbouring
hex change (the reach is shaded): the whole round trip, browser → kernel (rules and scene) →
browser (canvas commands painted). Between clicks, a click on far empty ground clears the
overlay. Voilà is started with the workbench's kernel websocket connection (TCP_NODELAY, see
``workbench/server.py``), as ``make lab`` starts JupyterLab: without it most of the time is
Nagle's algorithm holding the kernel's reply for the browser's delayed acknowledgement (about
40 ms).
"""

from __future__ import annotations

import json
import os
import statistics
import sys
import tempfile
from pathlib import Path
from typing import Any

from workbench.testing.bench_cases import ClickCase, declared
from workbench.testing.timing import Result

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))

import browser_support  # type: ignore[import-not-found]  # noqa: E402

SETUP = """\
import sys
sys.path.insert(0, {root!r})
"""

# Dispatch a click at canvas pixel (x, y), then wait for the region around (rx, ry) to change.
CLICK_AND_WAIT = """async ([selector, x, y, rx, ry, wait]) => {
    const canvas = document.querySelector(selector);
    const ctx = canvas.getContext('2d');
    const box = canvas.getBoundingClientRect();
    const sx = box.width / canvas.width, sy = box.height / canvas.height;
    const region = () => ctx.getImageData(rx - 4, ry - 4, 9, 9).data;
    const before = region();
    const options = {clientX: box.left + x * sx, clientY: box.top + y * sy, bubbles: true};
    const start = performance.now();
    canvas.dispatchEvent(new MouseEvent('mousedown', options));
    canvas.dispatchEvent(new MouseEvent('mouseup', options));
    return await new Promise(resolve => {
        const check = () => {
            const now = region();
            for (let i = 0; i < now.length; i++) {
                if (now[i] !== before[i]) { resolve(performance.now() - start); return; }
            }
            if (performance.now() - start > wait) { resolve(-1); return; }
            requestAnimationFrame(check);
        };
        requestAnimationFrame(check);
    });
}"""


def _notebook(folder: Path, case: ClickCase) -> Path:
    cell: dict[str, Any] = {
        "cell_type": "code",
        "execution_count": None,
        "metadata": {},
        "outputs": [],
        "source": SETUP.format(root=str(ROOT)) + case.setup,
    }
    notebook = {
        "cells": [cell],
        "metadata": {"kernelspec": {"name": "python3", "display_name": "Python 3"}},
        "nbformat": 4,
        "nbformat_minor": 5,
    }
    path = folder / "browser-board.ipynb"
    path.write_text(json.dumps(notebook))
    return path


def click_to_overlay() -> Result:
    if not Path(browser_support.CHROMIUM).exists():
        return Result(
            6,
            "browser: click on a tank to the reach painted",
            None,
            0.050,
            note=f"not run: {browser_support.CHROMIUM} is missing",
        )
    case: ClickCase = declared("CLICK")[0]
    tank, near, empty = case.geometry()
    times: list[float] = []
    with tempfile.TemporaryDirectory() as folder:
        home = Path(folder)
        notebook = _notebook(home, case)
        port = browser_support.free_port()
        env = browser_support.jupyter_env(home)
        # The server (workbench.app_server, as `make app` serves: small kernel messages leave
        # at once, workbench/server.py) is imported from this checkout.
        env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), env.get("PYTHONPATH")]))
        with (
            browser_support.app_server(notebook.name, home, env, port, home / "voila.log") as app,
            browser_support.chromium(home) as context,
        ):
            page = context.new_page()
            page.goto(app)
            page.locator(browser_support.PANEL).filter(has_text="Click a tank").wait_for()
            page.wait_for_function(
                "(s) => { const c = document.querySelector(s); return c && c.width > 0; }",
                arg=browser_support.CANVAS,
            )
            page.wait_for_timeout(1000)  # the board's first paint
            for _ in range(9):
                shown = page.evaluate(
                    CLICK_AND_WAIT, [browser_support.CANVAS, *tank, *near, 10_000]
                )
                if shown < 0:
                    raise AssertionError("the reach overlay did not appear within 10 s")
                times.append(shown / 1000)
                cleared = page.evaluate(
                    CLICK_AND_WAIT, [browser_support.CANVAS, *empty, *near, 10_000]
                )
                if cleared < 0:
                    raise AssertionError("a click on empty ground did not clear the overlay")
    return Result(
        6, "browser: click on a tank to the reach painted (30 × 40, Voilà, Chromium)",
        statistics.median(times), 0.050,
        note=f"median of {len(times)} clicks; slowest {max(times) * 1000:.0f} ms",
    )  # fmt: skip


FIRST_PAGE_TARGET = 2.5  # seconds: the first page, kernel start included
FIRST_PAGES = 5  # pages opened, one after another, each once the warm kernel is ready


def teacher_app_first_page() -> Result:
    """The teacher app (``app/teacher.ipynb``, as `make app` serves it, with its warm kernel)
    from the navigation's start to the app ready: board drawn, panel and buttons there
    (``browser_support.APP_READY``, the browser's clock). Each page is a new page and a new
    kernel; it is opened once the server's warm kernel has run the notebook (a teacher opens
    the app seconds after starting it, not in the same second). The first page is the
    browser's first visit (nothing cached). The ratio to the 2.5 s target is in the note."""
    work = "browser: the teacher app's first page, kernel start included (Voilà, Chromium)"
    if not Path(browser_support.CHROMIUM).exists():
        return Result(
            10, work, None, FIRST_PAGE_TARGET, note=f"not run: {browser_support.CHROMIUM} missing"
        )
    times: list[float] = []
    used: set[str] = set()
    with tempfile.TemporaryDirectory() as folder:
        home = Path(folder)
        port = browser_support.free_port()
        env = browser_support.jupyter_env(home)
        env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), env.get("PYTHONPATH")]))
        notebook = ROOT / "app" / "teacher.ipynb"
        with (
            browser_support.app_server(notebook, ROOT, env, port, home / "voila.log") as app,
            browser_support.chromium(home) as context,
        ):
            for _ in range(FIRST_PAGES):
                warm = browser_support.wait_until(
                    lambda: browser_support.warm_kernel(app, used), "the warm kernel", 120
                )
                used.add(str(warm))
                page = context.new_page()
                page.set_viewport_size({"width": 1280, "height": 720})
                times.append(browser_support.first_page_seconds(page, app))
                page.close()
    median = statistics.median(times)
    shown = ", ".join(f"{t:.2f}" for t in times)
    return Result(
        10, work, median, FIRST_PAGE_TARGET,
        note=f"{median / FIRST_PAGE_TARGET:.2f} of the 2.5 s target: median of {len(times)} "
        f"pages at 1280 × 720 ({shown} s; the first with nothing cached)",
    )  # fmt: skip


BROWSER_BENCHMARKS = (click_to_overlay, teacher_app_first_page)
