"""The TANKS notebook's explorer in a real browser: Voilà serves notebooks/05-tanks.ipynb,
Playwright drives the system Chromium. A click on the Panther shows the arrow's sweep
(pixels change, the panel counts the placements); a click on a Sherman shows the shot."""

from __future__ import annotations

import browser_support
import pytest
from browser_support import CHANGED_PIXELS, PAGE, READ_PIXELS, ROOT, free_port, wait_until

pytestmark = pytest.mark.browser

NOTEBOOK = ROOT / "notebooks" / "05-tanks.ipynb"
CANVAS = "canvas.workbench-tanks-canvas"
PANEL = ".workbench-tanks-panel"


@pytest.fixture(scope="module")
def home(tmp_path_factory):
    return tmp_path_factory.mktemp("tanks-browser-home")


def test_voila_serves_the_tanks_explorer_and_clicks_show_sweep_and_shot(
    home, chromium_context
) -> None:
    from playwright.sync_api import expect

    from workbench import tanks
    from workbench.games.tanks.widgets.explorer import TanksExplorer

    explorer = TanksExplorer(tanks.load_scenario("barkmanns-corner"))  # the same scene
    env = browser_support.jupyter_env(home)
    port = free_port()
    log = home / "voila.log"
    with browser_support.app_server(
        NOTEBOOK.name, NOTEBOOK.parent, env, port, log, browser_support.NO_REFILL
    ) as app:
        page = chromium_context.new_page()
        try:
            page.goto(app, timeout=PAGE)
            panel = page.locator(PANEL)
            expect(panel).to_contain_text("Click a tank", timeout=PAGE)
            wait_until(
                lambda: (page.evaluate(READ_PIXELS, CANVAS) or 0) > 10_000, "the table drawn"
            )
            canvas = page.locator(CANVAS)
            canvas.scroll_into_view_if_needed()
            box = canvas.bounding_box()
            scale_x, scale_y = (
                box["width"] / explorer.canvas.width,
                box["height"] / explorer.canvas.height,
            )

            def click(tank_id: str) -> None:
                x, y = explorer.scene.pixel_of(explorer.state.tank(tank_id).hull.centre)
                page.mouse.click(box["x"] + x * scale_x, box["y"] + y * scale_y)

            click("Panther G1")
            expect(panel).to_contain_text("Panther G1 (German): Initiative 7")
            expect(panel).to_contain_text("placements of the display sample")
            wait_until(lambda: page.evaluate(CHANGED_PIXELS, CANVAS) > 2_000, "the arrow's sweep")
            page.evaluate(READ_PIXELS, CANVAS)
            click("Sherman (75mm) A1")
            expect(panel).to_contain_text("Panther G1 shoots at Sherman (75mm) A1")
            expect(panel).to_contain_text("(Shooting: Line of Sight)")
            wait_until(lambda: page.evaluate(CHANGED_PIXELS, CANVAS) > 500, "the shot drawn")
        except Exception:
            page.screenshot(path=str(home / "tanks-failure.png"))
            print(f"Voilà log: {home / 'voila.log'}; screenshot: {home / 'tanks-failure.png'}")
            raise
        finally:
            page.close()
