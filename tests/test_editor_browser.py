"""The map editor in a real browser: Voilà serves a one-cell notebook with the editor, the
system Chromium clicks a hex, and the canvas pixels change (the hex is painted forest)."""

from __future__ import annotations

from pathlib import Path

import browser_support
import nbformat
import pytest
from browser_support import CHANGED_PIXELS, PAGE, READ_PIXELS, free_port, wait_until

pytestmark = pytest.mark.browser

CANVAS = "canvas.workbench-editor-canvas"
PANEL = ".workbench-editor-panel"
SOURCE = """from workbench.boards import HexMap
from workbench.widgets.editor import Editor

editor = Editor(HexMap.blank(rows=6, cols=8, name="browser sketch"))
editor"""


def test_clicking_a_hex_in_the_browser_paints_it(tmp_path_factory, chromium_context) -> None:
    from playwright.sync_api import expect

    from workbench.boards import HexMap
    from workbench.widgets.editor import Editor

    home: Path = tmp_path_factory.mktemp("editor-browser-home")
    folder = home / "notebook"
    folder.mkdir()
    notebook = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(SOURCE)])
    notebook.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3"}
    nbformat.write(notebook, folder / "editor.ipynb")
    here = Editor(HexMap.blank(rows=6, cols=8, name="browser sketch"))  # the same geometry
    x, y = here.scene.pixel_of(here.value.hex("0304"))

    env = browser_support.jupyter_env(home)
    port = free_port()
    log = home / "voila.log"
    try:
        running = browser_support.app_server("editor.ipynb", folder, env, port, log)
        with running as app:
            page = chromium_context.new_page()
            page.goto(app, timeout=PAGE)
            expect(page.locator(PANEL)).to_contain_text("browser sketch", timeout=PAGE)
            assert wait_until(
                lambda: (page.evaluate(READ_PIXELS, CANVAS) or 0) > 10_000, "the map on the canvas"
            )
            canvas = page.locator(CANVAS)
            box = canvas.bounding_box()
            assert box is not None
            scale_x = box["width"] / here.canvas.width
            scale_y = box["height"] / here.canvas.height
            page.mouse.click(box["x"] + x * scale_x, box["y"] + y * scale_y)
            changed = wait_until(
                lambda: page.evaluate(CHANGED_PIXELS, CANVAS) > 500, "the painted hex on the canvas"
            )
            assert changed
            expect(page.locator(PANEL)).to_contain_text("unsaved changes", timeout=PAGE)
    except browser_support.ServerError as error:
        pytest.fail(str(error))
