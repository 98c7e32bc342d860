"""Linting a TANKS table: the set-up spacing rule, cover and line-of-sight heatmaps, and
deployment edges with no cover.

The table is sampled at the centres of ``cell_cm`` squares (5 cm by default) outside
impassable pieces. *Sight* at a point is the share of the other sample points with a clear
line to it (Line of Sight: terrain that blocks it is the only obstacle counted; tanks are
not on a designer's table). *Cover* at a point is the share of those lines that cross a
piece giving cover or pass within ``cover_margin`` cm of one (Cover: "tanks partially behind
them"); the margin is a labelled stand-in for half a tank's width, as the Cover rule is about
the tank's hull, which a board does not have.
"""

from __future__ import annotations

import numpy as np
from shapely import prepared
from shapely.geometry import LineString, Point
from shapely.ops import unary_union

from workbench.games.tanks.boards.table import EDGES, Table, placement_problems
from workbench.lint import Finding, LintReport, lint
from workbench.rules.core import Reason

GAME = "tanks"  # the game whose rulebook the sections below are headings of
TABLE_SETUP = "Game Set Up: Table Setup"
DEPLOYMENT = "Game Set Up: Deployment"
COVER = "Cover"
LINE_OF_SIGHT = "Line of Sight"
STAND_IN_MARGIN = 3.0


def sample_points(table: Table, cell_cm: float = 5.0) -> list[tuple[float, float]]:
    """Cell centres on the table and outside every impassable piece, row by row."""
    walls = unary_union([p.polygon for p in table.pieces_that(impassable=True)])
    inside = prepared.prep(walls) if not walls.is_empty else None
    out = []
    y = cell_cm / 2
    while y < table.depth:
        x = cell_cm / 2
        while x < table.width:
            if inside is None or not inside.contains(Point(x, y)):
                out.append((x, y))
            x += cell_cm
        y += cell_cm
    return out


def sight_and_cover(
    table: Table, points: list[tuple[float, float]], cover_margin: float = STAND_IN_MARGIN
) -> tuple[np.ndarray, np.ndarray]:
    """For each point, the share of other points that see it, and the share of lines to it
    that are in cover (blocked, or passing within ``cover_margin`` of a cover piece)."""
    n = len(points)
    sees = np.zeros((n, n), dtype=bool)
    for i, p in enumerate(points):
        sees[i] = table.line_clear(p, points)
    covers = unary_union([p.polygon for p in table.pieces_that(gives_cover=True)])
    near = prepared.prep(covers.buffer(cover_margin)) if not covers.is_empty else None
    covered = ~sees
    if near is not None:
        for i in range(n):
            for j in range(i + 1, n):
                if sees[i, j] and near.intersects(LineString([points[i], points[j]])):
                    covered[i, j] = covered[j, i] = True
    others = max(n - 1, 1)
    np.fill_diagonal(sees, False)
    np.fill_diagonal(covered, False)
    return sees.sum(axis=0) / others, covered.sum(axis=0) / others


@lint.register(Table)
def lint_table(
    table: Table, *, cell_cm: float = 5.0, cover_margin: float = STAND_IN_MARGIN
) -> LintReport:
    findings: list[Finding] = []
    for text in placement_problems(table):
        place = text.split(" is ")[0].split(" and ")[0]
        findings.append(Finding("set-up-spacing", place, Reason(text, TABLE_SETUP), "warning"))
    points = sample_points(table, cell_cm)
    sight, cover = sight_and_cover(table, points, cover_margin)
    heatmaps = {
        "sight": dict(zip(points, sight.tolist(), strict=True)),
        "cover": dict(zip(points, cover.tolist(), strict=True)),
    }
    covers = [p.polygon for p in table.pieces_that(gives_cover=True)]
    deployments = [(d.side, d.at) for d in table.deployments] or [(e, e) for e in EDGES]
    for side, at in deployments:
        area = _area(table, at)
        if not any(area.intersects(c.buffer(cover_margin)) for c in covers):
            who = f"{side}'s deployment ({at})" if side != at else f"the {at} edge"
            text = f"no terrain giving cover within {who}, a Measuring Arrow deep"
            findings.append(
                Finding("deployment-without-cover", who, Reason(text, DEPLOYMENT), "warning")
            )
    for tank in table.tanks:
        zones = [d for d in table.deployments if d.side == tank.side]
        if zones and not any(_area(table, d.at).covers(Point(tank.at)) for d in zones):
            where = " or ".join(d.at for d in zones)
            text = (
                f"{tank.id} ({tank.side}) starts at ({tank.at[0]:g}, {tank.at[1]:g}) cm, "
                f"not within a Measuring Arrow of its deployment ({where})"
            )
            findings.append(
                Finding("tank-outside-deployment", tank.id, Reason(text, DEPLOYMENT), "warning")
            )
    notes = (
        Reason(f"cover margin {cover_margin:g} cm, half a tank's width", "stand-in"),
        Reason(f"the table sampled every {cell_cm:g} cm", LINE_OF_SIGHT),
    )
    return LintReport(table, tuple(findings), heatmaps, notes)


def _area(table: Table, at: str):
    from workbench.games.tanks.boards.table import _near

    return _near(at, table.width, table.depth, table.arrow.length)
