"""Linting a TANKS table: the set-up spacing rule, cover and line-of-sight heatmaps, and
deployment edges with no cover.

The table is sampled at the centres of ``cell_cm`` squares (5 cm by default) outside
impassable pieces. *Sight* at a point is the share of the other sample points with a clear
line to it (Line of Sight: terrain that blocks it is the only obstacle counted; tanks are
not on a designer's table). *Cover* at a point is the share of those lines that cross a
piece giving cover or pass within ``cover_margin`` cm of one (Cover: "tanks partially behind
them"); the margin is a labelled stand-in for half a tank's width, as the Cover rule is about
the tank's hull, which a board does not have.

Each check is registered in :data:`CHECKS` with its estimate, a line in the units of its
work (:func:`work_units`) fitted to measures (``benchmarks/README.md``, "Lint's
estimates"); the sight and cover heatmaps, whose work grows with the square of the sample
points, are the checks left out when the bound would be passed.
"""

from __future__ import annotations

import math
from collections.abc import Iterable

import numpy as np
import shapely
from shapely import prepared
from shapely.geometry import Point
from shapely.ops import unary_union

from workbench.bounds import MAX_BYTES, MAX_SECONDS, Cost
from workbench.errors import ArgumentError
from workbench.games.tanks.boards.table import EDGES, Table, _near, placement_problems
from workbench.lint import Checks, Finding, Found, LintReport, Options, Work, lint, options_checked
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


def sight_lines(table: Table, points: list[tuple[float, float]]) -> np.ndarray:
    """``sees[i, j]``: whether a line from point ``i`` to point ``j`` is clear."""
    n = len(points)
    sees = np.zeros((n, n), dtype=bool)
    for i, p in enumerate(points):
        sees[i] = table.line_clear(p, points)
    return sees


def cover_shares(
    table: Table,
    points: list[tuple[float, float]],
    sees: np.ndarray,
    cover_margin: float = STAND_IN_MARGIN,
) -> tuple[np.ndarray, np.ndarray]:
    """For each point, the share of other points that see it, and the share of lines to it
    that are in cover (blocked, or passing within ``cover_margin`` of a cover piece)."""
    n = len(points)
    covers = unary_union([p.polygon for p in table.pieces_that(gives_cover=True)])
    covered = ~sees
    if not covers.is_empty and n:
        near = covers.buffer(cover_margin)
        shapely.prepare(near)
        at = np.asarray(points, dtype=float)
        for i in range(n):
            later = np.flatnonzero(sees[i, i + 1 :]) + i + 1  # each line once
            if not len(later):
                continue
            ends = np.stack([np.broadcast_to(at[i], (len(later), 2)), at[later]], axis=1)
            hit = later[shapely.intersects(near, shapely.linestrings(ends))]
            covered[i, hit] = covered[hit, i] = True
    others = max(n - 1, 1)
    seen = sees.copy()
    np.fill_diagonal(seen, False)
    np.fill_diagonal(covered, False)
    return seen.sum(axis=0) / others, covered.sum(axis=0) / others


# --- the checks and their estimates --------------------------------------------------------


def work_units(table: Table, options: Options) -> dict[str, int]:
    """The work each check does, in its units, as estimated before it runs (the tests count
    the same units as the checks run): ``cells`` (sample cells, each tested against the
    impassable pieces), ``points`` (the cells outside them, by the share of the table they
    cover), ``pairs`` (points squared: the lines between points), ``hits`` (the pieces
    blocking sight those lines meet, by the Crofton formula: a segment of length l meets a
    convex piece of area a and perimeter p with chance (a + l·p/π) / A on a table of area
    A; l the mean distance of two points of a rectangle, about (w + d) / 4), and
    ``pieces``."""
    cell = options["cell_cm"]
    cells = math.ceil(table.width / cell - 0.5) * math.ceil(table.depth / cell - 0.5)
    length = (table.width + table.depth) / 4
    area = table.width * table.depth
    walls = [p.polygon for p in table.pieces_that(blocks_los=True)]
    share = sum(w.area + length * w.length / math.pi for w in walls) / area if area else 0.0
    solid = sum(p.polygon.area for p in table.pieces_that(impassable=True)) / area if area else 0
    points = math.ceil(cells * max(0.0, 1 - solid))
    pairs = points * points
    return {
        "cells": cells,
        "points": points,
        "pairs": pairs,
        "hits": math.ceil(pairs * min(share, len(walls))),
        "pieces": len(table.pieces) + len(table.tanks) + len(table.deployments),
    }


# Each estimate: seconds and bytes per unit of work, about three times the CPU time measured
# here (the shared machine's wall clock under its usual load), fitted on the shipped tables and
# tables of 120 to 1,000 cm with 20 to 200 pieces (benchmarks/README.md, "Lint's estimates").
CELL_SECONDS = 2e-5
CELL_BYTES = 300
PAIR_SECONDS = 3e-6  # a line made and looked up among the pieces blocking sight
PAIR_WALL_SECONDS = 9e-8  # and more for each piece blocking sight
PAIR_BYTES = 3  # the sight and cover matrices, a byte a pair each, and a copy
HIT_SECONDS = 1.5e-5  # a line tested against a piece it meets
SUM_SECONDS = 2e-9  # a pair counted in a heatmap's shares
COVER_PAIR_SECONDS = 6e-7  # and as much again for every hundred pieces giving cover
PIECE_SECONDS = 2e-4
PIECE_BYTES = 2000  # spacing, deployment areas: a piece against the others
BASE_SECONDS = 2e-3


def _sight_lines(table: Table, options: Options) -> tuple[list[tuple[float, float]], np.ndarray]:
    points = sample_points(table, options["cell_cm"])
    return points, sight_lines(table, points)


def _sight_lines_cost(table: Table, options: Options) -> Cost:
    units = work_units(table, options)
    per_pair = PAIR_SECONDS + PAIR_WALL_SECONDS * len(table.pieces_that(blocks_los=True))
    return Cost(
        CELL_BYTES * units["cells"] + PAIR_BYTES * units["pairs"],
        BASE_SECONDS
        + CELL_SECONDS * units["cells"]
        + per_pair * units["pairs"]
        + HIT_SECONDS * units["hits"],
    )


SIGHT_LINES = Work("the lines between sample points", _sight_lines, _sight_lines_cost)
CHECKS = Checks("table")


def _pieces_cost(table: Table, options: Options) -> Cost:
    pieces = work_units(table, options)["pieces"]
    return Cost(PIECE_BYTES * pieces, BASE_SECONDS + PIECE_SECONDS * pieces)


@CHECKS.check("set-up spacing", cost=_pieces_cost)
def _spacing(table: Table, options: Options, found: Found) -> None:
    for text in placement_problems(table):
        place = text.split(" is ")[0].split(" and ")[0]
        found.findings.append(
            Finding("set-up-spacing", place, Reason(text, TABLE_SETUP), "warning")
        )


def _sight_cost(table: Table, options: Options) -> Cost:
    units = work_units(table, options)
    return Cost(CELL_BYTES * units["cells"] + units["pairs"], SUM_SECONDS * units["pairs"])


@CHECKS.check("sight", cost=_sight_cost, needs=[SIGHT_LINES], optional=True)
def _sight(table: Table, options: Options, found: Found) -> None:
    points, sees = found.made(SIGHT_LINES)
    seen = sees.copy()
    np.fill_diagonal(seen, False)
    shares = seen.sum(axis=0) / max(len(points) - 1, 1)
    found.heatmaps["sight"] = dict(zip(points, shares.tolist(), strict=True))


def _cover_cost(table: Table, options: Options) -> Cost:
    units = work_units(table, options)
    per_pair = COVER_PAIR_SECONDS * (1 + len(table.pieces_that(gives_cover=True)) / 100)
    return Cost(CELL_BYTES * units["cells"] + PAIR_BYTES * units["pairs"],
                per_pair * units["pairs"])  # fmt: skip


@CHECKS.check("cover", cost=_cover_cost, needs=[SIGHT_LINES], optional=True)
def _cover(table: Table, options: Options, found: Found) -> None:
    points, sees = found.made(SIGHT_LINES)
    _, cover = cover_shares(table, points, sees, options["cover_margin"])
    found.heatmaps["cover"] = dict(zip(points, cover.tolist(), strict=True))


@CHECKS.check("deployment cover", cost=_pieces_cost)
def _deployment_cover(table: Table, options: Options, found: Found) -> None:
    margin = options["cover_margin"]
    covers = [p.polygon for p in table.pieces_that(gives_cover=True)]
    deployments = [(d.side, d.at) for d in table.deployments] or [(e, e) for e in EDGES]
    for side, at in deployments:
        area = _area(table, at)
        if not any(area.intersects(c.buffer(margin)) for c in covers):
            who = f"{side}'s deployment ({at})" if side != at else f"the {at} edge"
            text = f"no terrain giving cover within {who}, a Measuring Arrow deep"
            found.findings.append(
                Finding("deployment-without-cover", who, Reason(text, DEPLOYMENT), "warning")
            )


@CHECKS.check("tanks in deployment", cost=_pieces_cost)
def _tanks_in_deployment(table: Table, options: Options, found: Found) -> None:
    for tank in table.tanks:
        zones = [d for d in table.deployments if d.side == tank.side]
        if zones and not any(_area(table, d.at).covers(Point(tank.at)) for d in zones):
            where = " or ".join(d.at for d in zones)
            text = (
                f"{tank.id} ({tank.side}) starts at ({tank.at[0]:g}, {tank.at[1]:g}) cm, "
                f"not within a Measuring Arrow of its deployment ({where})"
            )
            found.findings.append(
                Finding("tank-outside-deployment", tank.id, Reason(text, DEPLOYMENT), "warning")
            )


@lint.register(Table)
@options_checked
def lint_table(
    table: Table,
    *,
    cell_cm: float = 5.0,
    cover_margin: float = STAND_IN_MARGIN,
    max_bytes: int = MAX_BYTES,
    max_seconds: float | None = MAX_SECONDS,
    leave_out: Iterable[str] = (),
) -> LintReport:
    """Lint a table sampled every ``cell_cm`` cm (more than 0), cover counted within
    ``cover_margin`` cm (0 up to the table's longer side) of a piece giving it. The checks'
    estimates are added up first (see :mod:`workbench.lint`): the sight and cover heatmaps
    are left out (and named in the report) where they would pass ``max_bytes`` or
    ``max_seconds``; a table whose other checks alone would pass them is refused.
    ``leave_out``: names of checks not to run (:data:`CHECKS`)."""
    if not cell_cm > 0:
        raise ArgumentError("cell_cm", cell_cm, "a cell size in cm, more than 0")
    if not 0 <= cover_margin <= max(table.width, table.depth):
        longest = max(table.width, table.depth)
        raise ArgumentError("cover_margin", cover_margin, f"a margin in cm from 0 to {longest:g}")
    notes = (
        Reason(f"cover margin {cover_margin:g} cm, half a tank's width", "stand-in"),
        Reason(f"the table sampled every {cell_cm:g} cm", LINE_OF_SIGHT),
    )
    options = {"cell_cm": float(cell_cm), "cover_margin": float(cover_margin)}
    described = f"a {table.width:g} x {table.depth:g} cm table of {len(table.pieces)} pieces"
    return CHECKS.run(table, options, max_bytes=max_bytes, max_seconds=max_seconds,
                      leave_out=leave_out, described=described, notes=notes)  # fmt: skip


def _area(table: Table, at: str):
    return _near(at, table.width, table.depth, table.arrow.length)
