"""Linting a TANKS table: the set-up spacing rule, cover and line-of-sight heatmaps, and
deployment edges with no cover.

The table is sampled at the centres of ``cell_cm`` squares (5 cm by default) outside
impassable pieces. *Sight* at a point is the share of the other sample points with a clear
line to it (Line of Sight: terrain that blocks it is the only obstacle counted; tanks are
not on a designer's table). *Cover* at a point is the share of those lines that cross a
piece giving cover or pass within ``cover_margin`` cm of one (Cover: "tanks partially behind
them"); the margin is a labelled stand-in for half a tank's width, as the Cover rule is about
the tank's hull, which a board does not have.

*Apart*: two deployment areas (opposite table edges where the table gives none: the Defender
chooses an edge, the Attacker takes the opposite one) no tank can go between, or an area from
which no tank comes to an objective (its centre within a hull's width of the token). A tank
passes where its centre stays half a hull's width from every impassable piece and the table's
edges, the hull the narrowest of the shipped cards (a gap narrower than a tank is closed); the
finding names the pieces that make the cut. The table is sampled every quarter of that width,
so the cost is linear in the table's area.

Each check is registered in :data:`CHECKS` with its estimate, a line in the units of its
work (:func:`work_units`) fitted to measures (``benchmarks/README.md``, "Lint's
estimates"); the sight and cover heatmaps, whose work grows with the square of the sample
points, are the checks left out when the bound would be passed.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import shapely
from shapely import prepared
from shapely.geometry import Point
from shapely.ops import unary_union

from workbench.bounds import MAX_BYTES, MAX_SECONDS, Cost
from workbench.errors import ArgumentError
from workbench.games.tanks.boards.cards import tanks_cards
from workbench.games.tanks.boards.hulls import hull_size
from workbench.games.tanks.boards.table import EDGES, Table, _near, placement_problems
from workbench.lint import (
    Checks,
    Finding,
    Found,
    LintReport,
    Options,
    Work,
    grouped,
    lint,
    options_checked,
    summary,
)
from workbench.rules.core import Reason

GAME = "tanks"  # the game whose rulebook the sections below are headings of
TABLE_SETUP = "Game Set Up: Table Setup"
DEPLOYMENT = "Game Set Up: Deployment"
COVER = "Cover"
MOVEMENT = "Movement"
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
PASSAGE_SECONDS = 3e-6  # a cell of the passage (measured: 1 µs, its open area the most)
PASSAGE_BYTES = 150  # a cell's centre, open flag, area number and a slot of the search


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
    for side, at in deployment_areas(table):
        area = _area(table, at)
        if not any(area.intersects(c.buffer(margin)) for c in covers):
            who = f"{side}'s deployment ({at})" if side != at else f"the {at} edge"
            text = f"no terrain giving cover within {who}, a Measuring Arrow deep"
            found.findings.append(
                Finding("deployment-without-cover", who, Reason(text, DEPLOYMENT), "warning")
            )


def _apart_cost(table: Table, options: Options) -> Cost:
    """The passage's cells (a quarter of the narrowest hull apart): each tested against the
    impassable pieces and the deployment areas, joined to its neighbours once, and looked at
    again under a piece where a cut is named."""
    step = narrowest_hull() / 4
    cells = math.ceil(table.width / step) * math.ceil(table.depth / step)
    return Cost(PASSAGE_BYTES * cells, BASE_SECONDS + PASSAGE_SECONDS * cells)


@CHECKS.check("zones apart", cost=_apart_cost)
def _zones_apart(table: Table, options: Options, found: Found) -> None:
    found.findings += apart(table, deployment_areas(table))


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


def deployment_areas(table: Table) -> list[tuple[str, str]]:
    """The table's deployments as (side, edge or corner), or each edge as its own where the
    table gives none (the Defender chooses one in Game Set Up)."""
    return [(d.side, d.at) for d in table.deployments] or [(e, e) for e in EDGES]


def narrowest_hull() -> float:
    """The narrowest hull of the shipped cards (cm): the narrowest gap a tank may pass."""
    return min(hull_size(name).width for name in tanks_cards())


@dataclass(frozen=True)
class Passage:
    """Where a tank's centre may stand on a table (cells of ``step`` cm, row by row): at
    least half a hull's ``width`` from every impassable piece and from the table's edges,
    so a gap narrower than the hull keeps it out."""

    table: Table
    width: float
    step: float
    free: np.ndarray  # (rows, cols) bool
    xs: np.ndarray
    ys: np.ndarray
    _areas: np.ndarray | None = field(default=None, repr=False, compare=False)

    @staticmethod
    def of(table: Table, width: float | None = None) -> Passage:
        width = narrowest_hull() if width is None else width
        step = width / 4
        xs = np.arange(step / 2, table.width, step)
        ys = np.arange(step / 2, table.depth, step)
        gx, gy = np.meshgrid(xs, ys)
        half = width / 2
        free = (gx >= half) & (gx <= table.width - half) & (gy >= half) & (gy <= table.depth - half)
        walls = [p.polygon.buffer(half) for p in table.pieces_that(impassable=True)]
        if walls:
            free &= ~shapely.contains_xy(unary_union(walls), gx, gy)
        return Passage(table, width, step, free, xs, ys)

    def within(self, area: Any) -> np.ndarray:
        """The free cells inside ``area`` (a polygon)."""
        gx, gy = np.meshgrid(self.xs, self.ys)
        return self.free & shapely.contains_xy(area, gx, gy)

    def reach(self, starts: np.ndarray) -> np.ndarray:
        """The free cells a tank's centre gets to from ``starts`` (cell to neighbouring
        cell, diagonals included): those of the open areas ``starts`` lie in."""
        labels = self.areas()
        found = np.unique(labels[starts & self.free])
        return np.isin(labels, found[found >= 0])

    def areas(self) -> np.ndarray:
        """Each cell's open area (a number; -1 where no tank stands), found once, in one
        pass over the cells: linear in the table's area."""
        if self._areas is None:
            rows, cols = self.free.shape
            free = self.free.ravel().tolist()
            label = [-1] * len(free)
            count = 0
            for first, open_cell in enumerate(free):
                if not open_cell or label[first] >= 0:
                    continue
                label[first], stack = count, [first]
                while stack:
                    r, c = divmod(stack.pop(), cols)
                    for nr in (r - 1, r, r + 1):
                        for nc in (c - 1, c, c + 1):
                            i = nr * cols + nc
                            if 0 <= nr < rows and 0 <= nc < cols and free[i] and label[i] < 0:
                                label[i] = count
                                stack.append(i)
                count += 1
            object.__setattr__(self, "_areas", np.array(label).reshape(rows, cols))
        assert self._areas is not None
        return self._areas

    def near(self, at: tuple[float, float], cells: np.ndarray) -> bool:
        """Whether a tank on ``cells`` comes to ``at`` (its centre within a hull's width)."""
        gx, gy = np.meshgrid(self.xs, self.ys)
        return bool((cells & (np.hypot(gx - at[0], gy - at[1]) <= self.width)).any())

    def cut(self, reached: np.ndarray) -> list[str]:
        """The impassable pieces between the cells ``reached`` and the free cells beyond:
        each piece whose keep-out band borders both."""
        beyond = self.free & ~reached
        names = []
        for piece in self.table.pieces_that(impassable=True):
            band = piece.polygon.buffer(self.width / 2 + self.step)
            x0, y0, x1, y1 = band.bounds  # only the cells under the band: linear in all
            cols = slice(*np.searchsorted(self.xs, (x0, x1)))
            rows = slice(*np.searchsorted(self.ys, (y0, y1)))
            gx, gy = np.meshgrid(self.xs[cols], self.ys[rows])
            inside = shapely.contains_xy(band, gx, gy)
            if (inside & reached[rows, cols]).any() and (inside & beyond[rows, cols]).any():
                names.append(piece.name)
        return names


def apart(table: Table, deployments: list[tuple[str, str]]) -> list[Finding]:
    """One finding for each two deployment areas (opposite edges where the table gives none)
    no tank can go between, and for each area from which no tank comes to an objective, each
    naming the cut: the impassable pieces between, with gaps narrower than a tank."""
    passage = Passage.of(table)
    areas = {who: passage.within(_area(table, at)) for who, at in deployments}
    reached = {who: passage.reach(cells) for who, cells in areas.items()}
    given = bool(table.deployments)
    pairs = [(a, b) for i, (a, _) in enumerate(deployments) for b, _ in deployments[i + 1 :]]
    if not given:  # the Defender chooses an edge, the Attacker deploys on the opposite one
        pairs = [("north", "south"), ("east", "west")]
    findings = []
    for a, b in pairs:
        if not areas[a].any() or not areas[b].any() or (reached[a] & areas[b]).any():
            continue
        text = f"no tank can go between {_who(a, given)} and {_who(b, given)}: "
        findings.append(_apart(passage, reached[a], text))
    for objective in table.objectives:
        for who, cells in reached.items():
            if cells.any() and not passage.near(objective.at, cells):
                text = f"no tank from {_who(who, given)} comes to the objective {objective.name}: "
                findings.append(_apart(passage, cells, text))
    return findings


def _apart(passage: Passage, reached: np.ndarray, text: str) -> Finding:
    names = passage.cut(reached)
    narrow = f"gaps narrower than a tank ({passage.width:g} cm, the narrowest hull)"
    said = f"cut off by {summary(names)} (no tank enters them), {narrow}" if names else (
        f"the table's edges and {narrow} close it in")  # fmt: skip
    return grouped("zones-apart", names or ["table"], (), Reason(text + said, MOVEMENT))


def _who(side: str, given: bool) -> str:
    return f"{side}'s deployment" if given else f"the {side} edge"


def _area(table: Table, at: str):
    return _near(at, table.width, table.depth, table.arrow.length)
