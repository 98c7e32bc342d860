"""The map linter: what a board does to play, checked before anyone plays on it.

``workbench.lint(board)`` takes any board a game's ``lint`` registers a linter for (a hex map,
a scenario, a square board, a table...) and returns a :class:`LintReport`: findings, each
naming the place and the rule or reason (:class:`~workbench.rules.core.Reason`), and heatmaps
(exposure, reach, cover) a widget or a notebook draws. Options are keyword arguments of the
board's linter (its docstring lists them), lint's bounds among them.

Bounded work: each board kind's linter registers its checks in a :class:`Checks`, each check
with its own estimate of time and peak memory (and the work it shares with other checks,
a :class:`Work`). Before any check runs, lint adds the estimates up: past ``max_bytes`` (2 GiB)
or ``max_seconds`` (60 s) the checks that may be left out (``optional``: the costly analyses,
such as exposure) are left out, each named in the report with its estimate and the keyword
that runs it; if the other checks alone would pass the bound, lint refuses with an
``ArgumentError`` saying the estimate and the keyword that allows it. ``leave_out=`` names
checks not to run; they too are named in the report.

>>> import workbench
>>> from workbench.boards import HexMap
>>> report = workbench.lint(HexMap.blank(rows=4, cols=4).with_terrain({"0202": "forest"}))
>>> report.ok, [f.kind for f in report.findings]
(True, [])
>>> print(workbench.lint(HexMap.blank(rows=4, cols=4), leave_out=["exposure"]))
no findings in the checks run; left out: exposure (by leave_out)
"""

from __future__ import annotations

import functools
import inspect
import math
import sys
import types
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from functools import singledispatch
from types import MappingProxyType
from typing import Any, Literal

from workbench.arguments import checked, whole_number
from workbench.boards.values import Pictured
from workbench.bounds import Cost, about_seconds, refuse_past, seconds_bound
from workbench.discovery import import_all, import_new, modules_of, parts
from workbench.errors import ArgumentError
from workbench.rules.core import Reason

Severity = Literal["error", "warning", "note"]
Options = Mapping[str, Any]  # a lint's options, by name (its bounds among them)


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
class LeftOut:
    """A check lint did not run, and why: its estimate and the keyword that runs it, or the
    option that left it out."""

    check: str
    why: str

    def __str__(self) -> str:
        return f"{self.check} ({self.why})"


@dataclass(frozen=True)
class LintReport(Pictured):
    """Findings and heatmaps (name -> cell -> value) for one board, with the checks that ran
    (``ran``) and those left out and why (``left_out``); it shows as its board with every
    finding's cells outlined (``workbench.render.findings``) and the checks left out written
    under it."""

    board: Any
    findings: tuple[Finding, ...] = ()
    heatmaps: Mapping[str, Mapping[Any, float]] = field(default_factory=dict)
    notes: tuple[Reason, ...] = ()
    ran: tuple[str, ...] = ()
    left_out: tuple[LeftOut, ...] = ()

    __hash__ = None  # type: ignore[assignment]

    def __post_init__(self) -> None:
        object.__setattr__(self, "findings", tuple(self.findings))
        object.__setattr__(self, "heatmaps", MappingProxyType(dict(self.heatmaps)))
        object.__setattr__(self, "notes", tuple(self.notes))
        object.__setattr__(self, "ran", tuple(self.ran))
        object.__setattr__(self, "left_out", tuple(self.left_out))

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

    @property
    def left_out_text(self) -> str:
        """The checks left out and why, in a line (empty when every check ran)."""
        if not self.left_out:
            return ""
        return "left out: " + "; ".join(str(left) for left in self.left_out)

    def __iter__(self) -> Iterator[Finding]:
        return iter(self.findings)

    def __len__(self) -> int:
        return len(self.findings)

    def __str__(self) -> str:
        if not self.left_out:
            return "\n".join(str(f) for f in self.findings) if self.findings else "no findings"
        if not self.findings:
            return f"no findings in the checks run; {self.left_out_text}"
        return "\n".join([*(str(f) for f in self.findings), self.left_out_text])


# --- checks and their estimates ------------------------------------------------------------

CostOf = Callable[[Any, Options], Cost]  # an estimate: (board, options) -> Cost
NOTHING = Cost(0, 0.0)


def added(*costs: Cost) -> Cost:
    """Costs one after another: their times add up, and so (an upper bound: some is freed
    between them) do their peaks."""
    return Cost(sum(c.bytes for c in costs), sum(c.seconds for c in costs))


@dataclass(frozen=True)
class Work:
    """Work some checks share (a map's visibility matrix), made once for all of them by
    ``make(board, options)`` and estimated by ``cost(board, options)``: counted once in the
    estimate of every check that ``needs`` it."""

    name: str
    make: Callable[[Any, Options], Any]
    cost: CostOf


@dataclass(frozen=True)
class Check:
    """One check of a kind of board: ``run(board, options, found)`` adds its findings,
    heatmaps and notes to ``found``; ``cost(board, options)`` is its own estimate, the
    :class:`Work` it ``needs`` counted apart. An ``optional`` check is left out (and named in
    the report) when it would pass the bound; past it, a check that is not is a refusal."""

    name: str
    run: Callable[[Any, Options, Found], None]
    cost: CostOf
    needs: tuple[Work, ...] = ()
    optional: bool = False


class Found:
    """What the checks of one lint find, in the order they run, and the work they share
    (:meth:`made`: only the work the running check declared it needs)."""

    def __init__(self, board: Any, options: Options) -> None:
        self.board, self.options = board, options
        self.findings: list[Finding] = []
        self.heatmaps: dict[str, dict[Any, float]] = {}
        self.notes: list[Reason] = []
        self.needs: tuple[Work, ...] = ()
        self._made: dict[str, Any] = {}

    def made(self, work: Work) -> Any:
        """The result of ``work`` (made now if no check made it before)."""
        if work not in self.needs:  # its cost would be missing from the estimate
            raise RuntimeError(f"a check used {work.name!r} without declaring it in needs")
        if work.name not in self._made:
            self._made[work.name] = work.make(self.board, self.options)
        return self._made[work.name]


def _about_bytes(count: int) -> str:
    return f"{count / 1e9:.1f} GB" if count >= 1e8 else f"{count / 1e6:.1f} MB"


def _enough(value: float) -> float:
    """A round bound at least ``value`` (two significant figures, rounded up)."""
    if value <= 0:
        return 1
    step = 10 ** (math.floor(math.log10(value)) - 1)
    return math.ceil(value / step - 1e-9) * step


class Checks:
    """The checks of one kind of board, in the order they run: the board kind's module
    registers each next to its code with ``@CHECKS.check(name, cost=..., needs=...,
    optional=...)``, and its linter calls :meth:`run`. ``Checks(kind, base)`` starts from
    ``base``'s checks (a scenario's are its map's, then its own)."""

    def __init__(self, kind: str, base: Checks | None = None) -> None:
        self.kind = kind
        self.checks: list[Check] = list(base.checks) if base is not None else []

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(c.name for c in self.checks)

    def check(
        self, name: str, *, cost: CostOf, needs: Iterable[Work] = (), optional: bool = False
    ) -> Callable[[Callable[[Any, Options, Found], None]], Callable[[Any, Options, Found], None]]:
        """Register the decorated function as the check ``name`` with its estimate."""

        def register(run: Callable[[Any, Options, Found], None]) -> Callable[..., None]:
            self.checks.append(Check(name, run, cost, tuple(needs), optional))
            return run

        return register

    def _leave_out(self, leave_out: object) -> frozenset[str]:
        expected = f"a list of the checks of a {self.kind} ({', '.join(self.names)})"
        if isinstance(leave_out, str | bytes) or not isinstance(leave_out, list | tuple | set):
            raise ArgumentError("leave_out", leave_out, expected)
        for name in leave_out:
            if name not in self.names:
                raise ArgumentError("leave_out", name, expected)
        return frozenset(leave_out)

    def estimate(self, board: Any, options: Options) -> dict[str, Cost]:
        """Each check's and each shared work's estimate, by name."""
        out = {c.name: c.cost(board, options) for c in self.checks}
        for work in {w.name: w for c in self.checks for w in c.needs}.values():
            out[work.name] = work.cost(board, options)
        return out

    def plan(
        self, board: Any, options: Options, max_bytes: object, max_seconds: object,
        leave_out: object = (), described: str = "",
    ) -> tuple[list[Check], list[LeftOut], Cost]:  # fmt: skip
        """The checks to run, those left out and why, and the estimate of those run; an
        ArgumentError (before any work) if the checks that may not be left out would pass
        ``max_bytes`` or ``max_seconds``."""
        limit = whole_number("max_bytes", max_bytes, low=0)
        seconds = seconds_bound("max_seconds", max_seconds)
        skipped = self._leave_out(leave_out)
        costs = self.estimate(board, options)
        counted: set[str] = set()

        def cost_of(check: Check) -> Cost:
            new = [w.name for w in check.needs if w.name not in counted]
            return added(costs[check.name], *(costs[name] for name in new))

        chosen = [c for c in self.checks if c.name not in skipped]
        needed = [c for c in chosen if not c.optional]
        total = NOTHING
        for check in needed:
            total = added(total, cost_of(check))
            counted.update(w.name for w in check.needs)
        names = ", ".join(c.name for c in needed) or "none"
        what = f"a {self.kind} whose checks ({names}) fit"
        refuse_past("board", described or _described(board), what, total, limit, seconds,
                    instead="leave_out= some of those checks, or ")  # fmt: skip
        left = [LeftOut(name, "by leave_out") for name in self.names if name in skipped]
        running = set(c.name for c in needed)
        for check in (c for c in chosen if c.optional):
            more = added(total, cost_of(check))
            if more.bytes <= limit and (seconds is None or more.seconds <= seconds):
                total = more
                counted.update(w.name for w in check.needs)
                running.add(check.name)
            else:
                left.append(LeftOut(check.name, _too_costly(cost_of(check), more, limit, seconds)))
        order = {name: i for i, name in enumerate(self.names)}
        left.sort(key=lambda leftout: order[leftout.check])
        return [c for c in chosen if c.name in running], left, total

    def run(
        self, board: Any, options: Options, *, max_bytes: object, max_seconds: object,
        leave_out: object = (), described: str = "", notes: Iterable[Reason] = (),
    ) -> LintReport:  # fmt: skip
        """Plan (see :meth:`plan`; ``described``: the board in a refusal's words), then run
        the checks in their order; ``notes``: the report's notes after the checks' own."""
        running, left, _ = self.plan(board, options, max_bytes, max_seconds, leave_out,
                                     described)  # fmt: skip
        bounds = {"max_bytes": max_bytes, "max_seconds": max_seconds}
        found = Found(board, {**options, **bounds})
        for check in running:
            found.needs = check.needs
            check.run(board, found.options, found)
        ran = tuple(c.name for c in running)
        return LintReport(board, tuple(found.findings), found.heatmaps,
                          (*found.notes, *notes), ran, tuple(left))  # fmt: skip


def _described(board: Any) -> str:
    return f"{type(board).__name__} {getattr(board, 'name', '')!r}".strip()


def _too_costly(own: Cost, total: Cost, limit: int, seconds: float | None) -> str:
    """Why a check was left out: its estimate and the bound that runs it with the others."""
    allow = []
    if total.bytes > limit:
        allow.append(f"max_bytes={int(_enough(total.bytes)):_}")
    if seconds is not None and total.seconds > seconds:
        allow.append(f"max_seconds={_enough(total.seconds):g}")
    return (
        f"would take ~{about_seconds(own.seconds)} and ~{_about_bytes(own.bytes)} at its peak; "
        f"lint(..., {', '.join(allow)}) runs it"
    )


def options_checked(linter: Callable[..., LintReport]) -> Callable[..., LintReport]:
    """``linter`` (a board kind's, registered with ``@lint.register``) with its options
    checked first: an option it does not take, or a value not of its annotation, is an
    ArgumentError naming the option."""
    parameters = list(inspect.signature(linter).parameters)[1:]
    inner = checked(linter)

    @functools.wraps(linter)
    def checking(board: Any, **options: Any) -> LintReport:
        for name, value in options.items():
            if name not in parameters:
                kinds = ", ".join(parameters)
                raise ArgumentError(
                    name, value, f"an option of lint for a {type(board).__name__} ({kinds})"
                )
        return inner(board, **options)

    return checking


@singledispatch
def lint(board: Any, **options: Any) -> LintReport:
    """Check a board: each game's ``lint`` (and each module of this package) registers the
    linter of its kind of board with ``@lint.register``."""
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

__all__ = [
    "Check", "Checks", "Finding", "Found", "LeftOut", "LintReport", "Work", "connected",
    "lint", "options_checked", "summary",
]  # fmt: skip
