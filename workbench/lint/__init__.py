"""The map linter: what a board does to play, checked before anyone plays on it.

``workbench.lint(board)`` takes a Panzer Vor! hex map or scenario, a Panzer Strike square
board or a TANKS table and returns a :class:`LintReport`: findings, each naming the place and
the rule or reason (:class:`~workbench.rules.core.Reason`), and heatmaps (exposure, reach,
cover) a widget or a notebook draws. Options are keyword arguments of the board's linter
(:func:`workbench.games.panzer_vor.lint.lint_hexmap`,
:func:`~workbench.games.panzer_strike.lint.lint_square_board`,
:func:`~workbench.games.tanks.lint.lint_table`).

>>> import workbench
>>> from workbench.boards import HexMap
>>> report = workbench.lint(HexMap.blank(rows=4, cols=4).with_terrain({"0202": "forest"}))
>>> report.ok, [f.kind for f in report.findings]
(True, [])
"""

from __future__ import annotations

import sys
import types
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from functools import singledispatch
from types import MappingProxyType
from typing import Any, Literal

from workbench.boards.values import Pictured
from workbench.discovery import import_all, import_new, modules_of, parts
from workbench.rules.core import Reason

Severity = Literal["error", "warning", "note"]


@dataclass(frozen=True)
class Finding:
    """One thing the linter found, once per cause: what kind, where (in the board's own
    words: a hex label, a square, a piece's name; for a cause with many places, the first
    ones and how many more), why (a Reason citing the rule), how serious, the cells involved
    (for a picture to highlight them all) and every place of the cause (``places``: the one
    ``place`` when there is one)."""

    kind: str
    place: str
    reason: Reason
    severity: Severity = "warning"
    cells: tuple[Any, ...] = ()
    places: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "cells", tuple(self.cells))
        object.__setattr__(self, "places", tuple(self.places) or (self.place,))

    def __str__(self) -> str:
        return f"{self.severity}: {self.place}: {self.reason}"


def summary(places: Sequence[str], shown: int = 3) -> str:
    """A cause's places in a few words: all of them when there are ``shown`` or fewer, else
    the first ones and how many more.

    >>> summary(["0101"]), summary(["0101", "0102", "0103", "0104", "0105"])
    ('0101', '0101, 0102, 0103 and 2 more')
    """
    if len(places) <= shown:
        return ", ".join(places)
    return f"{', '.join(places[:shown])} and {len(places) - shown} more"


def grouped(
    kind: str,
    names: Sequence[str],
    cells: Iterable[Any],
    reason: Reason,
    severity: Severity = "warning",
) -> Finding:
    """One finding for a cause with many places: ``names`` (the places in the board's words,
    summed up in its ``place``) and the ``cells`` a picture outlines."""
    return Finding(kind, summary(names), reason, severity, tuple(cells), tuple(names))


def connected(cells: Iterable[Any], neighbours: Callable[[Any], Iterable[Any]]) -> list[list[Any]]:
    """``cells`` in groups that touch (each cell's ``neighbours``), each group sorted, the
    groups in the order of their first cell: one group per area, so one finding per cause.

    >>> connected([1, 2, 5, 6, 9], lambda n: (n - 1, n + 1))
    [[1, 2], [5, 6], [9]]
    """
    left = set(cells)
    groups: list[list[Any]] = []
    for start in sorted(left):
        if start not in left:
            continue
        left.discard(start)
        group, frontier = [start], [start]
        while frontier:
            nxt = []
            for cell in frontier:
                for other in neighbours(cell):
                    if other in left:
                        left.discard(other)
                        group.append(other)
                        nxt.append(other)
            frontier = nxt
        groups.append(sorted(group))
    return groups


@dataclass(frozen=True)
class LintReport(Pictured):
    """Findings and heatmaps (name -> cell -> value) for one board; it shows as its board
    with every finding's cells outlined (``workbench.render.findings``)."""

    board: Any
    findings: tuple[Finding, ...] = ()
    heatmaps: Mapping[str, Mapping[Any, float]] = field(default_factory=dict)
    notes: tuple[Reason, ...] = ()

    __hash__ = None  # type: ignore[assignment]

    def __post_init__(self) -> None:
        object.__setattr__(self, "findings", tuple(self.findings))
        object.__setattr__(self, "heatmaps", MappingProxyType(dict(self.heatmaps)))

    @property
    def ok(self) -> bool:
        """No errors (warnings and notes may remain)."""
        return not any(f.severity == "error" for f in self.findings)

    def of(self, kind: str) -> tuple[Finding, ...]:
        return tuple(f for f in self.findings if f.kind == kind)

    def kinds(self) -> dict[str, int]:
        """How many findings of each kind."""
        out: dict[str, int] = {}
        for f in self.findings:
            out[f.kind] = out.get(f.kind, 0) + 1
        return out

    def __iter__(self) -> Iterator[Finding]:
        return iter(self.findings)

    def __len__(self) -> int:
        return len(self.findings)

    def __str__(self) -> str:
        if not self.findings:
            return "no findings"
        return "\n".join(str(f) for f in self.findings)


@singledispatch
def lint(board: Any, **options: Any) -> LintReport:
    """Check a board (a HexMap, PanzerVorScenario, SquareBoard or Table): each module of this
    package registers the checks of its kind of board with ``@lint.register``."""
    from workbench.errors import ArgumentError

    if import_new([*modules_of(__name__), *parts("lint")]):  # a check added since
        return lint(board, **options)
    kinds = sorted(t.__name__ for t in lint.registry if t is not object)
    raise ArgumentError(
        "board", type(board).__name__, f"a board a check is registered for ({', '.join(kinds)})"
    )


# every module of this package and every game's lint registers its checks when imported
import_all([*modules_of(__name__), *parts("lint")])


class _CallableModule(types.ModuleType):
    """``workbench.lint(board)`` calls :func:`lint`; ``workbench.lint.Finding`` still works."""

    def __call__(self, board: Any, **options: Any) -> LintReport:
        return lint(board, **options)


sys.modules[__name__].__class__ = _CallableModule

__all__ = ["Finding", "LintReport", "connected", "lint", "summary"]
