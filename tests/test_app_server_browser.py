"""The teacher app's server with real pages (Chromium): with the token a page opens and steps
(a deeply nested file in the user folder is one "unreadable" line of its list);
past the limit a page says the app is full and gets in once a page has closed; a closed
page's kernel is freed (counted over time at /api/kernels) while an open page keeps its own,
however long it sits idle."""

from __future__ import annotations

import time
from pathlib import Path

import browser_support
import pytest
from browser_support import PAGE, ROOT, free_port, kernels, room_options

pytestmark = pytest.mark.browser

MAX_KERNELS = 2
CULL_IDLE, CULL_INTERVAL, GRACE = 4, 1, 10  # seconds
PANEL = ".workbench-stepper-panel"


def test_pages_hold_their_kernels_and_a_closed_page_frees_its_own(
    tmp_path: Path, chromium_context
) -> None:
    from playwright.sync_api import expect

    env = browser_support.jupyter_env(tmp_path) | {"WORKBENCH_HOME": str(tmp_path / "user")}
    records = tmp_path / "user" / "records"
    records.mkdir(parents=True)
    (records / "deep.json").write_text("[" * 100_000)  # one bad file: its own line, no more
    port = free_port()
    options = room_options(MAX_KERNELS, CULL_IDLE, CULL_INTERVAL, GRACE)
    log = tmp_path / "app.log"
    browser = chromium_context  # the session's one Chromium (tests/conftest.py)
    with browser_support.app_server("app/teacher.ipynb", ROOT, env, port, log, *options) as app:
        pages = []
        for _ in range(MAX_KERNELS):
            page = browser.new_page()
            page.goto(app, timeout=PAGE)
            expect(page.locator(PANEL)).to_contain_text("Step 0 of ", timeout=PAGE)
            expect(page.locator(".workbench-app-record select")).to_contain_text(
                "saved: unreadable: deep (a JSON list; expected a JSON object"
            )
            pages.append(page)
        held = kernels(app)
        assert [k["connections"] for k in held] == [1] * MAX_KERNELS, held

        late = browser.new_page()  # past the limit: a page saying so, no stack trace
        late.goto(app, timeout=PAGE)
        expect(late.locator("h1")).to_have_text("The app is full")
        assert "Traceback" not in late.content()

        closed, kept = pages
        closed.close()
        start, seen = time.monotonic(), []
        while len(held := kernels(app)) == MAX_KERNELS:
            seen.append(f"{time.monotonic() - start:.1f} s: {len(held)}")
            assert time.monotonic() - start < CULL_IDLE + CULL_INTERVAL + 20, seen
            time.sleep(0.5)
        freed = time.monotonic() - start
        print(f"a closed page's kernel freed after {freed:.1f} s ({', '.join(seen[::4])})")
        time.sleep(CULL_IDLE + CULL_INTERVAL)  # the open page, idle all along, keeps its own
        assert [k["connections"] for k in kernels(app)] == [1]

        late.reload(timeout=PAGE)  # room again
        expect(late.locator(PANEL)).to_contain_text("Step 0 of ", timeout=PAGE)
        kept.locator("body").focus()
        kept.keyboard.press("ArrowRight")  # the page kept open still steps
        expect(kept.locator(PANEL)).to_contain_text("Step 1 of ")
        assert len(kernels(app)) == MAX_KERNELS
