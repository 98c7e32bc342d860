"""Benchmark 6: in a real browser, from a click on a tank to the reachable overlay painted."""

from __future__ import annotations

from benchmarks.timing import Result


def click_to_overlay() -> Result:
    return Result(
        6,
        "browser: click on a tank to reachable overlay painted (Voilà, Chromium)",
        None,
        0.100,
        note="not measured yet",
    )


BROWSER_BENCHMARKS = (click_to_overlay,)
