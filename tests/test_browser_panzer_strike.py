"""The Panzer Strike notebook's explorer in a real browser: served by Voilà, driven by
Playwright on the system Chromium (no network, every wait bounded), following
``test_browser.py``: the board is drawn, a click on a tank changes the pixels (its reach is
shaded) and the panel names the tank and its steps; a click on an enemy shows the odds."""

from __future__ import annotations

from pathlib import Path

import browser_support
import pytest
from browser_support import (
    CANVAS,
    CHANGED_PIXELS,
    PAGE,
    PANEL,
    ROOT,
    free_port,
    server,
    wait_until,
)
from test_browser import drawn_pixels

pytestmark = pytest.mark.browser
NOTEBOOK = ROOT / "notebooks" / "04-panzer-strike.ipynb"


@pytest.fixture(scope="module")
def home(tmp_path_factory) -> Path:
    return tmp_path_factory.mktemp("browser-home-panzer-strike")


@pytest.fixture(scope="module")
def browser_context(chromium_context):
    return chromium_context  # the session's one Chromium (tests/conftest.py)


@pytest.fixture(scope="module")
def explorer():
    """The explorer the notebook builds, made here too (no kernel) for its scene's geometry."""
    from workbench.widgets import PanzerStrikeExplorer

    return PanzerStrikeExplorer(ROOT / "maps/panzer-strike/scenarios/capture-the-flag.json")


def click_square(page, explorer, square: tuple[int, int]) -> None:
    from workbench.geometry.squaregrid import Square

    canvas = page.locator(CANVAS)
    canvas.scroll_into_view_if_needed()
    box = canvas.bounding_box()
    assert box is not None, "the canvas is not on the page"
    x, y = explorer.scene.pixel_of(Square(*square))
    page.mouse.click(
        box["x"] + x * box["width"] / explorer.canvas.width,
        box["y"] + y * box["height"] / explorer.canvas.height,
    )


def test_voila_serves_the_panzer_strike_explorer_and_a_click_shows_steps_and_odds(
    browser_context, home, explorer
) -> None:
    from playwright.sync_api import expect

    port = free_port()
    command = browser_support.app_command(NOTEBOOK.name, port, browser_support.NO_REFILL)
    env = browser_support.jupyter_env(home)
    with server(command, NOTEBOOK.parent, env, port, home / "voila.log"):
        page = browser_context.new_page()
        try:
            page.goto(browser_support.printed_url(home / "voila.log", port), timeout=PAGE)
            panel = page.locator(PANEL).first
            expect(panel).to_contain_text("movement dice: 3 6", timeout=PAGE)
            assert wait_until(lambda: drawn_pixels(page) > 10_000, "the board on the canvas")

            click_square(page, explorer, (4, 0))  # N1, the Heavy tank
            expect(panel).to_contain_text("N1 (Heavy) at (4, 0) facing S")
            expect(panel).to_contain_text("Heavy: large number 6 -2 = 4 steps")
            assert wait_until(
                lambda: page.evaluate(CHANGED_PIXELS, CANVAS) > 2_000, "the reach overlay"
            )
            drawn_pixels(page)
            click_square(page, explorer, (4, 11))  # S2, down the column, behind two houses
            expect(panel).to_contain_text("N1 shoots at S2: trajectory blocked")
            expect(panel).to_contain_text("blocked by a building at (4, 4)")
            assert wait_until(
                lambda: page.evaluate(CHANGED_PIXELS, CANVAS) > 1_000, "the trajectory"
            )
        finally:
            page.close()
