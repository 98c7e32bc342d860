"""The map editor in a real browser: Voilà serves a one-cell notebook with the editor of a
20 × 16 hex map, the system Chromium clicks a hex, and the canvas pixels change (the hex is
painted forest). At 1280 × 720 and 1920 × 1080 the tools stand beside the board (a designer
paints without scrolling to them): no page scroll, no tool beyond the window, nothing
clipped, every board label at 9 px at least on the screen. Screenshots go to
build/screenshots/."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import browser_support
import nbformat
import pytest
from browser_support import CHANGED_PIXELS, PAGE, READ_PIXELS, free_port, wait_until
from test_browser_stepper import CANVAS_SCALE, MISFITS, SHOTS, SIZES

pytestmark = pytest.mark.browser

CANVAS = "canvas.workbench-editor-canvas"
PANEL = ".workbench-editor-panel"
TOOLS = ".workbench-editor-tools"
SOURCE = """from workbench.boards import HexMap
from workbench.widgets.editor import Editor

editor = Editor(HexMap.blank(rows=16, cols=20, name="browser sketch"))
editor"""


@contextmanager
def _served(home: Path, source: str) -> Iterator[str]:
    """A one-cell notebook of ``source`` served by Voilà as `make app` does; its URL."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    folder = home / "notebook"
    folder.mkdir()
    notebook = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(source)])
    notebook.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3"}
    nbformat.write(notebook, folder / "editor.ipynb")
    env = browser_support.jupyter_env(home)
    with browser_support.app_server("editor.ipynb", folder, env, free_port(),
                                    home / "voila.log") as app:  # fmt: skip
        yield app


def test_clicking_a_hex_in_the_browser_paints_it_with_the_tools_beside(
    tmp_path_factory, chromium_context
) -> None:
    from playwright.sync_api import expect

    from workbench.boards import HexMap
    from workbench.widgets.editor import Editor
    from workbench.widgets.layout import NOTEBOOK_PX, smallest_label_px

    here = Editor(HexMap.blank(rows=16, cols=20, name="browser sketch"))  # the same geometry
    x, y = here.scene.pixel_of(here.value.hex("0304"))
    try:
        with _served(tmp_path_factory.mktemp("editor-browser-home"), SOURCE) as app:
            for width, height in SIZES:
                page = chromium_context.new_page()
                page.set_viewport_size({"width": width, "height": height})
                try:
                    page.goto(app, timeout=PAGE)
                    expect(page.locator(PANEL)).to_contain_text("browser sketch", timeout=PAGE)
                    assert wait_until(
                        lambda page=page: (page.evaluate(READ_PIXELS, CANVAS) or 0) > 10_000,
                        "the map on the canvas",
                    )
                    assert page.evaluate(MISFITS, ".workbench-editor") == [], f"at {width}"
                    box = page.locator(CANVAS).bounding_box()
                    tools = page.locator(TOOLS).bounding_box()
                    assert box is not None and tools is not None
                    assert tools["x"] >= box["x"] + box["width"] - 1, "the tools beside the board"
                    assert tools["x"] + tools["width"] <= width + 1, tools
                    assert box["y"] + box["height"] <= height + 1, box
                    label = smallest_label_px(here.scene) * page.evaluate(CANVAS_SCALE, CANVAS)
                    assert label >= NOTEBOOK_PX, f"a board label shown at {label:.1f} px"
                    print(f"editor at {width} x {height}: board {box['width']:.0f} px, "
                          f"label {label:.1f} px")  # fmt: skip
                    page.screenshot(path=str(SHOTS / f"editor-{width}.png"))
                    scale_x = box["width"] / here.canvas.width
                    scale_y = box["height"] / here.canvas.height
                    page.mouse.click(box["x"] + x * scale_x, box["y"] + y * scale_y)
                    changed = wait_until(
                        lambda page=page: page.evaluate(CHANGED_PIXELS, CANVAS) > 300,
                        "the painted hex on the canvas",
                    )
                    assert changed
                    expect(page.locator(PANEL)).to_contain_text("unsaved changes", timeout=PAGE)
                except Exception:
                    page.screenshot(path=str(SHOTS / f"editor-{width}-failure.png"))
                    raise
                finally:
                    page.close()
    except browser_support.ServerError as error:
        pytest.fail(str(error))


LAB_SOURCE = """from workbench.boards import HexMap
from workbench.widgets.editor import Editor

sketch = HexMap.blank(rows=10, cols=12, name="Crossroads").with_zone("North", ["0101-0112"])
editor = Editor(sketch)
editor"""


def test_in_jupyterlab_the_tools_stand_beside_the_board_and_every_click_counts(
    chromium_context, jupyterlab
) -> None:
    """Notebook 07's editor in JupyterLab at 1280 × 720, its file browser open: the tools
    and findings beside the board (the README's promise; they were under an 848 × 650
    board), the whole editor inside the notebook's view (a board taller than it scrolled
    under the pointer), and the first click on the board, with another cell active (JupyterLab
    activates the editor's cell on it), paints its hex."""
    from playwright.sync_api import expect

    from workbench.widgets.layout import NOTEBOOK_PX, smallest_label_px

    here = Editor_like()
    code = browser_support.code_notebook
    notebook = code(LAB_SOURCE, "1 + 1")
    title = ["# Designing a map\n", "\n", "A sketch to paint."]
    notebook["cells"].insert(0, {"cell_type": "markdown", "metadata": {}, "source": title})
    url = jupyterlab.add("editor-lab.ipynb", notebook)
    page = chromium_context.new_page()
    page.set_viewport_size({"width": 1280, "height": 720})
    try:
        page.goto(url)
        page.locator(".jp-NotebookPanel:not(.lm-mod-hidden) .jp-Cell").first.wait_for(timeout=PAGE)
        expect(page.locator(".jp-DirListing")).to_be_visible()  # the file browser is open
        expect(page.locator("#jp-main-statusbar")).to_contain_text("| Idle", timeout=PAGE)
        page.locator(".jp-NotebookPanel:not(.lm-mod-hidden) .jp-CodeCell").first.click()
        page.keyboard.press("Shift+Enter")  # run it, and the next cell becomes the active one
        expect(page.locator(PANEL)).to_contain_text("Crossroads", timeout=PAGE)
        page.keyboard.press("Shift+Enter")  # 1 + 1: the editor's cell is no longer active
        expect(page.locator(".jp-Notebook")).to_contain_text("2", timeout=PAGE)
        page.evaluate(READ_PIXELS, CANVAS)
        x, y = here.scene.pixel_of(here.value.hex("0505"))
        board = page.locator(CANVAS)
        board.scroll_into_view_if_needed()
        box = board.bounding_box()
        assert box
        scale = box["width"] / here.canvas.width
        page.mouse.click(box["x"] + x * scale, box["y"] + y * scale)  # the first click
        expect(page.locator(PANEL)).to_contain_text("unsaved changes", timeout=10_000)
        assert wait_until(lambda: page.evaluate(CHANGED_PIXELS, CANVAS) > 100, "the hex painted")
        box, tools = board.bounding_box(), page.locator(TOOLS).bounding_box()
        area = page.locator(".jp-OutputArea-output:visible").first.bounding_box()
        view = page.locator(".jp-NotebookPanel:not(.lm-mod-hidden) .jp-WindowedPanel-outer")
        seen = view.bounding_box()
        assert box and tools and area and seen
        assert tools["x"] >= box["x"] + box["width"] - 1, "the tools beside the board"
        assert tools["x"] + tools["width"] <= area["x"] + area["width"] + 1, (tools, area)
        assert box["height"] <= seen["height"], "the board taller than the notebook's view"
        label = smallest_label_px(here.scene) * page.evaluate(CANVAS_SCALE, CANVAS)
        assert label >= NOTEBOOK_PX, f"a board label shown at {label:.1f} px"
        page.screenshot(path=str(SHOTS / "lab-editor-1280.png"))
        print(f"JupyterLab 1280: board {box['width']:.0f} x {box['height']:.0f} px, tools "
              f"{tools['width']:.0f} px beside it, labels {label:.1f} px")  # fmt: skip
    except Exception:
        page.screenshot(path=str(SHOTS / "lab-editor-failure.png"))
        raise
    finally:
        page.close()


def Editor_like():
    from workbench.boards import HexMap
    from workbench.widgets.editor import Editor

    sketch = HexMap.blank(rows=10, cols=12, name="Crossroads").with_zone("North", ["0101-0112"])
    return Editor(sketch)


# The fairness panel in a real kernel: the games play in the background (a kept pool of local
# processes, as by default) and each finished game reaches the page through the kernel's own
# loop. A small map and a few games: the fixture of tests/test_fairness.py, 12 games.
FAIRNESS_SOURCE = """from workbench.files import load_document, to_document
from workbench.boards import HexMap
from workbench.widgets.editor import Editor

inline = to_document(HexMap.blank(rows=5, cols=18, name="fixture"))
del inline["format"]
scenario = load_document({
    "format": "workbench.scenario.panzer-vor/1", "name": "Sniper and brawler", "map": inline,
    "match_type": "annihilation", "deploys_first": "West", "acts_first": "West",
    "sides": [
        {"key": "West", "name": "West", "tanks": [
            {"tank": "Sherman Firefly", "hex": "0301", "facing": 1}]},
        {"key": "East", "name": "East", "tanks": [{"tank": "KV-2", "hex": "0318", "facing": 4}]},
    ],
}, "<fixture>")
editor = Editor(scenario)
editor.fairness.games = 12
editor"""
FAIRNESS = ".workbench-fairness-panel"


def test_the_fairness_panel_shows_the_interval_updating_as_games_finish_in_the_browser(
    tmp_path_factory, chromium_context
) -> None:
    from playwright.sync_api import expect

    try:
        with _served(tmp_path_factory.mktemp("fairness-browser-home"), FAIRNESS_SOURCE) as app:
            page = chromium_context.new_page()
            page.set_viewport_size({"width": 1280, "height": 720})
            try:
                page.goto(app, timeout=PAGE)
                expect(page.locator(FAIRNESS)).to_contain_text("Play", timeout=PAGE)
                page.get_by_role("button", name="Play games").click()
                seen: list[str] = []

                def interval() -> bool:
                    text = page.locator(FAIRNESS).inner_text()
                    if "West wins" in text and (not seen or seen[-1] != text):
                        seen.append(text)
                    return "12 games (of 12" in text

                assert wait_until(interval, "the twelfth game in the panel")
                counts = {line for text in seen for line in text.splitlines() if "draws" in line}
                assert len(counts) >= 2, f"the interval shown as games finish: {seen}"
                assert "95 % interval" in seen[-1] and "decided most at" in seen[-1]
                page.locator(FAIRNESS).scroll_into_view_if_needed()
                page.wait_for_timeout(1500)  # the heat is drawn again at most every second
                page.screenshot(path=str(SHOTS / "editor-fairness.png"))
                print("fairness panel texts seen:", len(seen))
            except Exception:
                page.screenshot(path=str(SHOTS / "editor-fairness-failure.png"))
                raise
            finally:
                page.close()
    except browser_support.ServerError as error:
        pytest.fail(str(error))
