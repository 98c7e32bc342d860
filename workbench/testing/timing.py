"""Timing for the benchmarks: medians of repeated runs, and the results table."""

from __future__ import annotations

import gc
import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass


def _median(
    work: Callable[[], object], repeat: int, warmup: int, clock: Callable[[], float]
) -> float:
    """The median of ``repeat`` runs of ``work`` on ``clock`` after ``warmup`` runs (garbage
    collection off while timing)."""
    for _ in range(warmup):
        work()
    times = []
    gc.disable()
    try:
        for _ in range(repeat):
            start = clock()
            work()
            times.append(clock() - start)
    finally:
        gc.enable()
    return statistics.median(times)


def median_seconds(work: Callable[[], object], repeat: int, warmup: int = 1) -> float:
    """The median wall time of ``repeat`` runs after ``warmup`` runs (garbage collection off
    while timing)."""
    return _median(work, repeat, warmup, time.perf_counter)


def median_cpu_seconds(work: Callable[[], object], repeat: int, warmup: int = 1) -> float:
    """Like :func:`median_seconds` but the process's CPU time: what the work cost, nearly
    whatever else the shared machine is running (waiting for a core is not counted)."""
    return _median(work, repeat, warmup, time.process_time)


def once_seconds(work: Callable[[], object]) -> float:
    start = time.perf_counter()
    work()
    return time.perf_counter() - start


@dataclass(frozen=True)
class Result:
    """One benchmark's line in the table (times in seconds)."""

    number: int
    work: str
    seconds: float | None
    target: float
    reference: str = "—"
    reference_seconds: float | None = None
    note: str = ""
    cold: float | None = None  # the first call in a fresh process (median of a few)
    cold_target: float | None = None
    extra_ok: bool = True  # any further target of the benchmark (e.g. memory) was met
    unit: str = "s"  # "bytes": a size against its limit (the seconds columns hold bytes)

    @property
    def ratio(self) -> str:
        if self.seconds is None or self.reference_seconds is None:
            return "—"
        return f"{self.reference_seconds / self.seconds:,.0f}×"

    @property
    def verdict(self) -> str:
        if self.seconds is None:
            return "not run"
        cold_ok = self.cold is None or self.cold_target is None or self.cold <= self.cold_target
        return "met" if self.seconds <= self.target and cold_ok and self.extra_ok else "missed"

    @property
    def targets(self) -> str:
        if self.cold_target is None:
            return f"<= {self.shown(self.target)}"
        return f"<= {show(self.target)}; cold <= {show(self.cold_target)}"

    def shown(self, value: float | None) -> str:
        """A value of this line: a time, or a size in MB."""
        if self.unit == "bytes" and value is not None:
            return f"{value / 1e6:.2f} MB"
        return show(value)


def show(seconds: float | None) -> str:
    if seconds is None:
        return "—"
    if seconds >= 1:
        return f"{seconds:.2f} s"
    return f"{seconds * 1000:.2f} ms"


def table(results: list[Result]) -> str:
    """The results as a Markdown table."""
    lines = [
        "| # | work | median | cold | target | verdict | reference | reference time | speed-up "
        "| notes |",
        "|---|---|---|---|---|---|---|---|---|---|",
    ]
    for r in sorted(results, key=lambda r: r.number):
        lines.append(
            f"| {r.number} | {r.work} | {r.shown(r.seconds)} | {show(r.cold)} | {r.targets} "
            f"| {r.verdict} | {r.reference} | {r.shown(r.reference_seconds)} | {r.ratio} "
            f"| {r.note} |"
        )
    return "\n".join(lines)
