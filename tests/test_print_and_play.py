"""Print and play: boards at real scale as tiled PDF pages."""

from __future__ import annotations

import math
import re
import shutil
import subprocess
from pathlib import Path

import pytest

import workbench
from workbench.boards import HexMap
from workbench.errors import ArgumentError
from workbench.games.tanks.boards.table import Table
from workbench.render import scene_of
from workbench.render.pdf import PAPER_MM, export_pdf, page_svgs, plan

ROOT = Path(__file__).resolve().parents[1]
PT_PER_MM = 72 / 25.4


def page_sizes(pdf: bytes) -> list[tuple[float, float]]:
    boxes = re.findall(rb"/MediaBox \[ ?0 0 ([\d.]+) ([\d.]+) ?\]", pdf)
    return [(float(w) / PT_PER_MM, float(h) / PT_PER_MM) for w, h in boxes]


def test_adjacent_hex_centres_are_hex_mm_apart_on_paper() -> None:
    hexmap = HexMap.blank(rows=16, cols=20)
    layout = plan(hexmap, hex_mm=19.0)
    scene = scene_of(hexmap)
    a, b = (scene.pixel_of(hexmap.hex(x)) for x in ("0505", "0506"))
    assert math.dist(a, b) * layout.mm_per_px == pytest.approx(19.0)


def test_the_table_prints_at_the_chosen_scale() -> None:
    table = Table("t")
    layout = plan(table, table_scale=0.5)
    scene = scene_of(table)
    left, right = scene.transform.to_pixel(0, 0), scene.transform.to_pixel(90, 0)
    assert (right[0] - left[0]) * layout.mm_per_px == pytest.approx(450.0)


def test_pages_cover_the_board_with_the_overlap(tmp_path: Path) -> None:
    hexmap = HexMap.blank(rows=16, cols=20, name="print me")
    path = tmp_path / "map.pdf"
    layout = export_pdf(hexmap, path, hex_mm=20.0, paper="A4", overlap_mm=12.0)
    w, h = layout.window_mm
    # the windows reach past the board's far edges, and one page fewer would not
    assert (layout.columns - 1) * (w - 12.0) + w >= layout.board_mm[0]
    assert (layout.columns - 2) * (w - 12.0) + w < layout.board_mm[0]
    assert (layout.rows - 1) * (h - 12.0) + h >= layout.board_mm[1]
    sizes = page_sizes(path.read_bytes())
    assert len(sizes) == layout.pages > 1
    for size in sizes:
        assert sorted(size) == pytest.approx(sorted(PAPER_MM["A4"]), abs=0.1)


def test_letter_paper_and_a_square_board(tmp_path: Path) -> None:
    board = workbench.load(ROOT / "maps/panzer-strike/capture-the-flag.json")
    path = tmp_path / "board.pdf"
    layout = export_pdf(board, path, square_mm=20.0, paper="Letter")
    from workbench.render import scene_of

    scene = scene_of(board)
    squares_across = scene.width / scene.transform.scale  # the board and the scene's margin
    assert layout.board_mm[0] == pytest.approx(20.0 * squares_across)
    sizes = page_sizes(path.read_bytes())
    assert len(sizes) == layout.pages
    assert sorted(sizes[0]) == pytest.approx(sorted(PAPER_MM["Letter"]), abs=0.1)


def test_later_pages_carry_trim_lines_and_every_page_its_place() -> None:
    layout, pages = page_svgs(HexMap.blank(rows=16, cols=20), hex_mm=20.0)
    assert layout.columns == 2 and layout.rows == 2
    assert "stroke-dasharray" not in pages[0]  # the first page is not trimmed
    assert all("stroke-dasharray" in page for page in pages[1:])
    assert all("<circle" in page for page in pages)  # alignment crosshairs
    assert "page 4 of 4 (row 2 of 2, column 2 of 2)" in pages[3]
    assert "50 mm" in pages[0]


def test_bad_options_are_refused() -> None:
    hexmap = HexMap.blank(rows=4, cols=4)
    with pytest.raises(ArgumentError):
        plan(hexmap, paper="A3")
    with pytest.raises(ArgumentError):
        plan(hexmap, hex_mm=0)
    with pytest.raises(ArgumentError):
        plan(hexmap, overlap_mm=200)


def test_a_page_rasterises_with_the_board_on_it(tmp_path: Path) -> None:
    """The PDF a designer prints, turned into pixels by poppler's ``pdftoppm`` (a system
    package: without it this test skips, saying so, as the browser tests do without Chromium;
    ``.ci/run`` installs it)."""
    hexmap = HexMap.blank(rows=6, cols=6).with_terrain({"0303": "forest"})
    path = tmp_path / "m.pdf"
    export_pdf(hexmap, path, hex_mm=25.0)
    if not shutil.which("pdftoppm"):
        pytest.skip("pdftoppm is not installed (apt-get install poppler-utils)")
    subprocess.run(["pdftoppm", "-r", "20", "-png", str(path), str(tmp_path / "p")], check=True)
    from PIL import Image

    image = Image.open(next(tmp_path.glob("p*.png"))).convert("RGB")
    colours = {c for _, c in image.getcolors(100_000)}
    forest = workbench.boards.terrain.panzer_vor_types()[0]["forest"].color.lstrip("#")
    want = tuple(int(forest[i : i + 2], 16) for i in (0, 2, 4))
    assert any(max(abs(a - b) for a, b in zip(c, want, strict=True)) < 12 for c in colours)
