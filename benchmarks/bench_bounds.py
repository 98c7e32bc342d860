"""Benchmarks 86-89: lint's estimates against what its checks take, on each board kind's
samples from tiny to the files layer's largest (each game's ``LINT_SAMPLES``: maps of
200 × 200, boards of 700 × 700 squares, tables of 1,000 cm), and the refusal of a board past
the bound (``python -m benchmarks.bench_bounds`` prints every check of every sample,
``--quick`` the small ones).

Each check (with the shared work it is the first to need) is timed untraced (CPU time: the
machine is shared, and waiting for a core is not the check's cost), then its peak measured
in a second run under ``tracemalloc`` on a fresh copy of the board (nothing cached): the
ratio estimate ÷ measured is what counts (``benchmarks/README.md``, "Lint's estimates").
"""

from __future__ import annotations

import argparse
import time
import tracemalloc
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from workbench.boards import HexMap
from workbench.bounds import Cost
from workbench.errors import ArgumentError
from workbench.geometry.squaregrid import _square_trace_from_origin
from workbench.lint import Checks, Found, LintReport, lint
from workbench.testing.bench_cases import LintSamples, Sample, declared
from workbench.testing.timing import Result, median_seconds


@dataclass(frozen=True)
class Measured:
    """One check of one sample: its estimate (with the work it first needs), its untraced
    seconds and its traced peak (bytes above what was in use)."""

    sample: str
    check: str
    estimate: Cost
    seconds: float
    peak: int

    @property
    def time_ratio(self) -> float:
        return self.estimate.seconds / max(self.seconds, 1e-6)

    @property
    def bytes_ratio(self) -> float:
        return self.estimate.bytes / max(self.peak, 1)


def _timed_run(checks: Checks, trace: bool, out: dict[str, tuple[Cost, float, int]]) -> Any:
    """A ``checks.run`` that plans as lint does and measures each check it runs."""

    def run(board: Any, options: Any, *, max_bytes: object, max_seconds: object,
            leave_out: object = (), described: str = "",
            notes: Iterable[Any] = ()) -> LintReport:  # fmt: skip
        running, left, _ = checks.plan(board, options, max_bytes, max_seconds, leave_out)
        costs = checks.estimate(board, options)
        counted: set[str] = set()
        found = Found(board, {**options, "max_bytes": max_bytes, "max_seconds": max_seconds})
        for check in running:
            new = [w.name for w in check.needs if w.name not in counted]
            counted.update(new)
            estimate = Cost(
                costs[check.name].bytes + sum(costs[n].bytes for n in new),
                costs[check.name].seconds + sum(costs[n].seconds for n in new),
            )
            found.needs = check.needs
            if trace:
                tracemalloc.reset_peak()
                before = tracemalloc.get_traced_memory()[0]
            began = time.process_time()  # CPU time: what waiting for a core does not inflate
            check.run(board, found.options, found)
            seconds = time.process_time() - began
            peak = tracemalloc.get_traced_memory()[1] - before if trace else 0
            out[check.name] = (estimate, seconds, peak)
        return LintReport(board, tuple(found.findings), found.heatmaps, (), (), tuple(left))

    return run


def measure(sample: str, make: Callable[[], Any], checks: Checks, trace: bool = True,
            **options: Any) -> list[Measured]:  # fmt: skip
    """Every check of lint on ``make()`` (called afresh for each run): time, then peak."""
    timed: dict[str, tuple[Cost, float, int]] = {}
    traced: dict[str, tuple[Cost, float, int]] = {}
    options = {"max_bytes": 2**40, "max_seconds": None, **options}
    _square_trace_from_origin.cache_clear()
    checks.run = _timed_run(checks, False, timed)  # type: ignore[method-assign]
    try:
        lint(make(), **options)
        if trace:
            _square_trace_from_origin.cache_clear()
            checks.run = _timed_run(checks, True, traced)  # type: ignore[method-assign]
            tracemalloc.start()
            try:
                lint(make(), **options)
            finally:
                tracemalloc.stop()
    finally:
        del checks.run
    return [
        Measured(sample, name, estimate, seconds, traced.get(name, (estimate, 0.0, 0))[2])
        for name, (estimate, seconds, _) in timed.items()
    ]


# --- the samples ------------------------------------------------------------------------------


def kinds() -> list[LintSamples]:
    """Each board kind's samples, as its game declares them (``LINT_SAMPLES``), by number."""
    return sorted(declared("LINT_SAMPLES"), key=lambda kind: kind.number)


def samples(quick: bool = False) -> list[Sample]:
    """The boards measured: (name, how to make it, its checks, lint's options)."""
    return [sample for kind in kinds() for sample in kind.samples(quick)]


def run_samples(quick: bool = False, trace: bool = True) -> list[Measured]:
    out: list[Measured] = []
    for name, make, checks, options in samples(quick):
        out += measure(name, make, checks, trace, **options)
    return out


def _whole(rows: list[Measured], sample: str) -> tuple[float, float, float]:
    mine = [r for r in rows if r.sample == sample]
    estimate = sum(r.estimate.seconds for r in mine)
    return (
        estimate,
        sum(r.seconds for r in mine),
        estimate / max(sum(r.seconds for r in mine), 1e-6),
    )


def lint_estimates() -> list[Result]:
    """86-88: each board kind's whole lint, estimate ÷ measured, on every sample."""
    rows = run_samples(trace=False)
    results = []
    for kind in kinds():
        words, number = kind.kind, kind.number
        names = [sample[0] for sample in kind.samples(False)]
        wholes = {name: _whole(rows, name) for name in names}
        largest = names[-1]
        estimate, seconds, _ = wholes[largest]
        ratios = ", ".join(f"{name} {ratio:.1f}" for name, (_, _, ratio) in wholes.items())
        results.append(Result(
            number, f"lint's estimate against its time, {words} (the largest sample timed)",
            seconds, estimate, "the estimate", estimate,
            f"estimate ÷ measured, the whole lint: {ratios}",
        ))  # fmt: skip
    return results


def lint_refused() -> Result:
    """89: a board past the bound refused before any work."""
    board = HexMap.blank(1000, 1000, digits=4)

    def refused() -> None:
        try:
            lint(board)
        except ArgumentError:
            return
        raise AssertionError("lint of a 1,000 x 1,000 map must be refused by default")

    seconds = median_seconds(refused, repeat=5)
    return Result(
        89, "lint of a 1,000 × 1,000 map: refused (ArgumentError)", seconds, 0.5,
        note="the refusal says the estimated time and bytes and the keyword that allows it",
    )  # fmt: skip


BOUNDS_BENCHMARKS = (lint_estimates, lint_refused)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--quick", action="store_true", help="only the small samples")
    parser.add_argument("--untraced", action="store_true", help="times only, no peaks")
    given = parser.parse_args()
    rows = run_samples(given.quick, trace=not given.untraced)
    print("| sample | check | estimate | measured | ratio | estimated peak | traced peak | ratio |")
    print("|---|---|---|---|---|---|---|---|")
    for r in rows:
        print(f"| {r.sample} | {r.check} | {r.estimate.seconds:.3g} s | {r.seconds:.3g} s | "
              f"{r.time_ratio:.1f} | {r.estimate.bytes / 1e6:.3g} MB | {r.peak / 1e6:.3g} MB | "
              f"{r.bytes_ratio:.1f} |")  # fmt: skip
    for sample in dict.fromkeys(r.sample for r in rows):
        estimate, seconds, ratio = _whole(rows, sample)
        print(f"{sample}: whole lint estimated {estimate:.3g} s, took {seconds:.3g} s: {ratio:.1f}")


if __name__ == "__main__":
    main()
