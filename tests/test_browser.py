"""The learner's first notebook in a real browser: served by Voilà and opened in JupyterLab,
driven by Playwright on the system Chromium (no network, every wait bounded).

What a person sees is checked by pixels: the explorer's canvas has drawn the board, a click on
the tank's counter changes the pixels (its reach is shaded) and the side panel names the tank
and its MP; a click on an enemy shows the odds. Tank positions come from the same scene the
widget draws (``Scene.pixel_of``), scaled to the canvas element's box on the page.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import browser_support
import pytest
from browser_support import (
    CANVAS,
    CHANGED_PIXELS,
    NOTEBOOK,
    PAGE,
    PANEL,
    READ_PIXELS,
    ROOT,
    free_port,
    wait_until,
)

pytestmark = pytest.mark.browser


@contextmanager
def server(command: list[str], cwd: Path, env: dict[str, str], port: int, log: Path) -> Iterator:
    try:
        with browser_support.server(command, cwd, env, port, log) as process:
            yield process
    except browser_support.ServerError as error:
        pytest.fail(str(error))


@pytest.fixture(scope="module")
def explorer():
    """The explorer the notebook builds, made here too (no kernel) for its scene's geometry."""
    import workbench
    from workbench.widgets import Explorer

    return Explorer(workbench.load(ROOT / "maps/panzer-vor/scenarios/test-your-luck.json"))


# --- pixels ---------------------------------------------------------------------------------


def drawn_pixels(page) -> int:
    return page.evaluate(READ_PIXELS, CANVAS) or 0


def click_hex(page, explorer, label: str) -> None:
    """Click the centre of a hex, placed by the scene and scaled to the canvas on the page."""
    canvas = page.locator(CANVAS)
    canvas.scroll_into_view_if_needed()
    box = canvas.bounding_box()
    assert box is not None, "the canvas is not on the page"
    x, y = explorer.scene.pixel_of(explorer.state.map.hex(label))
    scale_x = box["width"] / explorer.canvas.width
    scale_y = box["height"] / explorer.canvas.height
    page.mouse.click(box["x"] + x * scale_x, box["y"] + y * scale_y)


# --- Voilà -----------------------------------------------------------------------------------
def test_voila_serves_the_explorer_and_a_click_shows_reach_and_odds(
    chromium_context, browser_home, explorer
) -> None:
    from playwright.sync_api import expect

    port = free_port()
    command = browser_support.app_command(NOTEBOOK.name, port, browser_support.NO_REFILL)
    env, log = browser_support.jupyter_env(browser_home), browser_home / "voila-01.log"
    with server(command, NOTEBOOK.parent, env, port, log):
        page = chromium_context.new_page()
        try:
            page.goto(browser_support.printed_url(log, port), timeout=PAGE)
            panel = page.locator(PANEL)
            expect(panel).to_contain_text("Click a tank", timeout=PAGE)
            board = wait_until(lambda: drawn_pixels(page) > 10_000, "the board on the canvas")
            assert board

            click_hex(page, explorer, "0802")  # the Panzer IV
            expect(panel).to_contain_text("Panzer IV Ausf. D (Ōarai) at 0802")
            expect(panel).to_contain_text("3 MP to spend")
            expect(panel).to_contain_text("Panzer IV Ausf. D movement +3 (Moving: Movement")
            changed = wait_until(
                lambda: page.evaluate(CHANGED_PIXELS, CANVAS) > 5_000, "the reach overlay"
            )
            assert changed

            drawn_pixels(page)  # remember the picture with the reach
            click_hex(page, explorer, "0507")  # the T-34/76, seven hexes away
            expect(panel).to_contain_text("Panzer IV Ausf. D fires at T-34/76: hit 21/36")
            expect(panel).to_contain_text("Line of sight 0802 → 0507")
            expect(panel).to_contain_text("clear: nothing obstructs")
            expect(panel).to_contain_text("destroy 7/144")
            assert wait_until(
                lambda: page.evaluate(CHANGED_PIXELS, CANVAS) > 1_000, "the line of sight"
            )
        finally:
            page.close()


# --- JupyterLab ----------------------------------------------------------------------------
def label_font(prim) -> float:
    from workbench.render.scene import Text, Texts

    return prim.style.font_size if isinstance(prim, Text | Texts) else 0.0


# --- the picture fits ---------------------------------------------------------------------
FITS = """(selector) => {
    const canvas = document.querySelector(selector);
    if (!canvas) return null;
    const box = canvas.getBoundingClientRect();
    const area = canvas.closest('.jp-OutputArea-output') || document.body;
    const room = area.getBoundingClientRect();
    return {width: canvas.width, height: canvas.height, left: box.left, right: box.right,
            top: box.top, bottom: box.bottom, shownWidth: box.width, shownHeight: box.height,
            roomLeft: room.left, roomRight: room.right};
}"""


@pytest.mark.parametrize("theme", ["default", "projector"])
def test_jupyterlab_runs_notebook_01_and_shows_the_whole_board_with_every_label_inside(
    chromium_context, jupyterlab, theme
) -> None:
    """Notebook 01 in JupyterLab, its explorer in this theme: every cell runs without an
    error, the explorer draws, the canvas is shown at its own size inside the output area,
    its every label at 9 px at least, and every text box of the scene it draws lies inside
    it."""
    import json

    from playwright.sync_api import expect

    import workbench
    from workbench.render.labels import outside, overlapping, scene_labels
    from workbench.widgets import Explorer
    from workbench.widgets.layout import NOTEBOOK_PX

    scene = Explorer(
        workbench.load(ROOT / "maps/panzer-vor/scenarios/test-your-luck.json"), theme=theme
    ).scene
    labels = scene_labels(scene)
    assert not outside(labels, scene.width, scene.height)
    assert not overlapping(labels)

    notebook = json.loads(NOTEBOOK.read_text(encoding="utf-8"))
    for cell in notebook["cells"]:
        source = "".join(cell["source"])
        if "Explorer(scenario)" in source:
            cell["source"] = source.replace(
                "Explorer(scenario)", f"Explorer(scenario, theme={theme!r})"
            )
    url = jupyterlab.add(f"01-{theme}.ipynb", notebook)  # a copy: the repository's is kept
    page = chromium_context.new_page()
    try:
        page.goto(url, timeout=PAGE)
        page.locator(".jp-Notebook .jp-Cell").first.wait_for(timeout=PAGE)
        # The toolbar says "idle" before any kernel exists; the status bar names the kernel.
        status = page.locator("#jp-main-statusbar")
        expect(status).to_contain_text("Python 3 (ipykernel) | Idle", timeout=PAGE)
        page.locator(".lm-MenuBar-itemLabel", has_text="Run").first.click()
        page.locator(".lm-Menu-item[data-command='runmenu:run-all']").click()
        errors = page.locator(".jp-OutputArea-output[data-mime-type*='stderr']")

        def drawn_or_failed() -> bool:
            if errors.count():
                pytest.fail(f"a cell failed in JupyterLab:\n{errors.first.inner_text()}")
            return drawn_pixels(page) > 10_000

        assert wait_until(drawn_or_failed, "the board in JupyterLab")
        expect(page.locator(PANEL)).to_contain_text("Click a tank", timeout=PAGE)
        page.locator(CANVAS).scroll_into_view_if_needed()
        fit = page.evaluate(FITS, CANVAS)
        page.screenshot(path=str(jupyterlab.log.parent / f"notebook-01-{theme}.png"))
        assert (fit["width"], fit["height"]) == (round(scene.width), round(scene.height))
        # wholly inside the output area, in proportion, and if shown smaller than drawn
        # (a large theme in a narrow window), not so small that labels become unreadable
        assert fit["left"] >= fit["roomLeft"] - 1 and fit["right"] <= fit["roomRight"] + 1, fit
        shown = fit["shownWidth"] / fit["width"]
        assert abs(fit["shownHeight"] / fit["height"] - shown) < 0.01, fit
        fonts = [label_font(p) for layer in ("labels", "units") for p in scene.layer(layer)]
        smallest = min(f for f in fonts if f)
        assert smallest * shown >= NOTEBOOK_PX, f"labels shown at {smallest * shown:.1f} px"
    except BaseException:  # pytest.fail too
        page.screenshot(path=str(jupyterlab.log.parent / f"jupyterlab-{theme}-failure.png"))
        print(f"JupyterLab log: {jupyterlab.log}")
        raise
    finally:
        page.close()
