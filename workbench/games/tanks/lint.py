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
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import numpy as np
import shapely
from shapely import prepared
from shapely.geometry import LineString, Point
from shapely.ops import unary_union

from workbench.games.tanks.boards.cards import tanks_cards
from workbench.games.tanks.boards.hulls import hull_size
from workbench.games.tanks.boards.table import EDGES, Table, placement_problems
from workbench.lint import Finding, LintReport, grouped, lint, summary
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
    deployments = deployment_areas(table)
    for side, at in deployments:
        area = _area(table, at)
        if not any(area.intersects(c.buffer(cover_margin)) for c in covers):
            who = f"{side}'s deployment ({at})" if side != at else f"the {at} edge"
            text = f"no terrain giving cover within {who}, a Measuring Arrow deep"
            findings.append(
                Finding("deployment-without-cover", who, Reason(text, DEPLOYMENT), "warning")
            )
    findings += apart(table, deployments)
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
        gx, gy = np.meshgrid(self.xs, self.ys)
        names = []
        for piece in self.table.pieces_that(impassable=True):
            band = shapely.contains_xy(piece.polygon.buffer(self.width / 2 + self.step), gx, gy)
            if (band & reached).any() and (band & beyond).any():
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
    from workbench.games.tanks.boards.table import _near

    return _near(at, table.width, table.depth, table.arrow.length)
