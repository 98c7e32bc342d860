"""The linter's findings on their board: every cell of every finding outlined in its severity's
colour (a finding is one cause with all its places, so a river painted across a map outlines
every hex it cuts off at once), each finding's number by its first cell, and the findings
written under the board, numbered the same; the checks lint left out are written there
too.

``scene_of(report)`` draws a :class:`~workbench.lint.LintReport` so (a notebook shows a
report as this picture); :func:`findings_overlay` draws findings over any board's scene.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

import numpy as np

from workbench.lint import Finding, LintReport
from workbench.render import scene_of
from workbench.render.labels import annotation_placer, place_text
from workbench.render.overlays import caption_overlay
from workbench.render.scene import ANNOTATIONS, Polygons, Primitive, Scene, Style, Text
from workbench.render.themes import DEFAULT, Theme, readable

SEVERITY_COLORS = {"error": "#d62728", "warning": "#e66100", "note": "#1f77b4"}
"""The outline of a finding's cells by its severity (notes dashed too)."""


def _cells(scene: Scene, cells: Iterable[Any]) -> list[Any]:
    """The cells the scene's board can outline (hexes on a hex board, squares on squares)."""
    layout = scene.layout
    if layout is None:
        return []
    return [c for c in cells if layout.holds(c)]


def findings_overlay(
    scene: Scene, findings: Sequence[Finding], *, numbered: bool = True, caption: bool = True
) -> Scene:
    """The findings drawn over ``scene`` (see the module); ``numbered``: each finding's
    number by its first cell; ``caption``: the findings written under the board."""
    th = scene.theme if isinstance(scene.theme, Theme) else DEFAULT
    layout = scene.layout
    prims: list[Primitive] = []
    firsts: list[tuple[int, Any, str]] = []
    for n, finding in enumerate(findings, start=1):
        cells = _cells(scene, finding.cells)
        if not cells:
            continue
        color = SEVERITY_COLORS.get(finding.severity, SEVERITY_COLORS["warning"])
        dash = (4.0, 3.0) if finding.severity == "note" else ()
        style = Style(stroke=color, width=max(2.5, th.zone_width_px * 0.8), dash=dash)
        outlines = np.array([layout.cell_polygon(c) for c in cells], dtype=float)
        titles = tuple(f"{n}. {finding}" for _ in cells)
        prims.append(Polygons(outlines, style, titles))
        firsts.append((n, cells[0], color))
    out = scene.add(ANNOTATIONS, prims) if prims else scene
    if numbered and firsts:
        out = _numbers(out, firsts, th)
    if caption and findings:
        lines = [f"{n}. {f}" for n, f in enumerate(findings, start=1)]
        out = caption_overlay(out, " · ".join(lines))
    return out


def _numbers(scene: Scene, firsts: Sequence[tuple[int, Any, str]], th: Theme) -> Scene:
    """Each finding's number on a halo by its first cell, where it keeps clear of the labels
    and counters."""
    placer = annotation_placer(scene)
    font = max(th.name_min_px, th.odds_font_px) * th.zoom
    prims: list[Text] = []
    for n, cell, color in firsts:
        style = Style(
            fill=readable(color, th.halo), stroke=th.halo, width=3.0, font_size=font, bold=True
        )
        offsets = [(0.0, 0.0), (0.0, -font), (0.0, font), (font, 0.0), (-font, 0.0)]
        at = scene.layout.cell_center(cell)
        placed = place_text(placer, scene, at, str(n), style, offsets, f"finding {n}")
        if placed is not None:
            prims.append(placed[0])
    return scene.add(ANNOTATIONS, prims)


@scene_of.register
def _report(report: LintReport, **options: Any) -> Scene:
    """A lint report: its board with every finding drawn on it, and the checks left out
    (with why) written under it: no picture passes over a check that did not run."""
    scene = findings_overlay(scene_of(report.board, **options), report.findings)
    if report.left_out:
        head = "" if report.findings else "no findings in the checks run; "
        scene = caption_overlay(scene, head + report.left_out_text)
    return scene
