"""Timing for the benchmarks: medians of repeated runs, and the results table."""

from __future__ import annotations

import gc
import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass


def median_seconds(work: Callable[[], object], repeat: int, warmup: int = 1) -> float:
    """The median wall time of ``repeat`` runs after ``warmup`` runs (garbage collection off
    while timing)."""
    for _ in range(warmup):
        work()
    times = []
    gc.disable()
    try:
        for _ in range(repeat):
            start = time.perf_counter()
            work()
            times.append(time.perf_counter() - start)
    finally:
        gc.enable()
    return statistics.median(times)


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

    @property
    def ratio(self) -> str:
        if self.seconds is None or self.reference_seconds is None:
            return "—"
        return f"{self.reference_seconds / self.seconds:,.0f}×"

    @property
    def verdict(self) -> str:
        if self.seconds is None:
            return "not run"
        return "met" if self.seconds <= self.target else "missed"


def show(seconds: float | None) -> str:
    if seconds is None:
        return "—"
    if seconds >= 1:
        return f"{seconds:.2f} s"
    return f"{seconds * 1000:.2f} ms"


def table(results: list[Result]) -> str:
    """The results as a Markdown table."""
    lines = [
        "| # | work | median | target | verdict | reference | reference time | speed-up | notes |",
        "|---|---|---|---|---|---|---|---|---|",
    ]
    for r in results:
        lines.append(
            f"| {r.number} | {r.work} | {show(r.seconds)} | <= {show(r.target)} | {r.verdict} "
            f"| {r.reference} | {show(r.reference_seconds)} | {r.ratio} | {r.note} |"
        )
    return "\n".join(lines)
