"""Benchmarks 40-41: the designer's side — the linter's exposure heatmap and print-and-play."""

from __future__ import annotations

import io
from dataclasses import replace

import cairosvg

from workbench.games.panzer_vor.bench.boards import obstructed_map
from workbench.games.panzer_vor.bench.core import _sampled_reference
from workbench.games.panzer_vor.lint import exposure, sight
from workbench.lint import lint
from workbench.render import scene_of
from workbench.render.pdf import page_svgs, pdf_of
from workbench.render.svg import to_svg
from workbench.testing.timing import Result, median_seconds, once_seconds


def exposure_heatmap() -> Result:
    """The linter's exposure heatmap of a 30 × 40 map, from a fresh map each run (no cached
    matrix); reference: the per-pair exact trace, sampled and scaled (as benchmark 2)."""
    hexmap = obstructed_map(30, 40)
    warm = median_seconds(lambda: exposure(replace(hexmap)), repeat=5)
    whole = once_seconds(lambda: lint(replace(hexmap)))
    reference = _sampled_reference(hexmap, sight(hexmap), pairs=300, seed=17)
    return Result(
        40, "lint: exposure heatmap, 30 × 40", warm, 1.0,
        "per-pair exact trace, plain Python (300 sampled pairs, scaled)", reference,
        f"target: benchmark 2's; the whole lint (blind spots, reach, findings) {whole:.2f} s",
    )  # fmt: skip


def print_and_play() -> Result:
    """A 16 × 20 map exported to a tiled A4 PDF (20 mm hexes); reference: the whole board as
    one page by a single ``cairosvg.svg2pdf`` call (no tiling, no marks)."""
    hexmap = obstructed_map(16, 20)

    def export() -> bytes:
        _, pages = page_svgs(hexmap, hex_mm=20.0)
        return pdf_of(pages)

    def one_page() -> bytes:
        out = io.BytesIO()
        cairosvg.svg2pdf(bytestring=to_svg(scene_of(hexmap)).encode(), write_to=out)
        return out.getvalue()

    pages = len(page_svgs(hexmap, hex_mm=20.0)[1])
    warm = median_seconds(export, repeat=5)
    reference = median_seconds(one_page, repeat=5)
    return Result(
        41, "print and play: 16 × 20 map to a tiled A4 PDF", warm, 2.0,
        "the whole board as one untiled page, one svg2pdf call", reference,
        f"{pages} pages, 20 mm hexes; each page draws only the part of the board it shows",
    )  # fmt: skip


BENCHMARKS = (exposure_heatmap, print_and_play)
