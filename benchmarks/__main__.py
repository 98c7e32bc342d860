"""``python -m benchmarks``: run every benchmark, print the table, and write it into
benchmarks/README.md between the result markers: the generic ones here, and each game's own
(its home's ``bench`` part's ``BENCHMARKS``, found by ``workbench.testing.bench_cases``)."""

from __future__ import annotations

import os
import platform
import sys
import time
from pathlib import Path

from benchmarks.bench_balance import balance_sweeps, search_sweeps
from benchmarks.bench_bounds import BOUNDS_BENCHMARKS
from benchmarks.bench_browser import BROWSER_BENCHMARKS
from benchmarks.bench_export import EXPORT_BENCHMARKS
from benchmarks.bench_learn import LEARN_BENCHMARKS
from benchmarks.bench_openspiel import OPENSPIEL_BENCHMARKS
from benchmarks.bench_stepper import key_to_paint, step_forward
from workbench.testing.bench_cases import declared
from workbench.testing.timing import Result, table

START, END = "<!-- results: start -->", "<!-- results: end -->"


def main() -> int:
    began = time.perf_counter()
    load = os.getloadavg()[0]  # the machine is shared: say how busy it was
    results: list[Result] = []
    for bench in (
        *declared("BENCHMARKS"),
        step_forward,
        *BROWSER_BENCHMARKS,
        key_to_paint,
        balance_sweeps,
        search_sweeps,
        *BOUNDS_BENCHMARKS,
        *LEARN_BENCHMARKS,
        *OPENSPIEL_BENCHMARKS,
        *EXPORT_BENCHMARKS,
    ):
        print(f"running {bench.__name__} ...", file=sys.stderr, flush=True)
        produced = bench()
        results.extend(produced if isinstance(produced, list) else [produced])
    text = table(results)
    took = time.perf_counter() - began
    print(text)
    print(f"\nall benchmarks: {took:.0f} s")
    readme = Path(__file__).with_name("README.md")
    body = readme.read_text(encoding="utf-8")
    if START in body and END in body:
        stamp = (
            f"`make bench` on {time.strftime('%Y-%m-%d')}, Python {platform.python_version()}, "
            f"{platform.machine()}, whole suite {took:.0f} s, load average {load:.1f} at the "
            f"start on {os.cpu_count()} cores:"
        )
        head, rest = body.split(START, 1)
        tail = rest.split(END, 1)[1]
        readme.write_text(f"{head}{START}\n{stamp}\n\n{text}\n{END}{tail}", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
