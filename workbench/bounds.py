r"""Bounded work: a call whose cost grows with its input estimates its peak memory and its
time first and refuses, before any work, past a bound it was given (by default 2 GiB and,
where a call can run long, 60 s), saying the estimate and the keyword that allows more.

Each estimate is a line (a base and a cost per unit of work) fitted to measures on the
shared 2-core machine; ``tests/test_bounded_work.py`` checks each within 2x of the peak
measured (RELIABILITY.md lists them).

>>> cost = Cost(bytes=3 * 1024**3, seconds=2.0)
>>> try:
...     refuse_past("hexmap", "a 300 x 300 map", "a map whose matrix fits", cost, MAX_BYTES)
... except ArgumentError as refused:
...     print(refused.expected.replace(" (", "\n(").replace("; ", ";\n"))
a map whose matrix fits in max_bytes=2,147,483,648
(this one needs about 3,221,225,472 bytes at its peak and 2 s;
pass a larger max_bytes to allow it)
"""

from __future__ import annotations

import math
import numbers
from dataclasses import dataclass

from workbench.arguments import whole_number
from workbench.errors import ArgumentError

MAX_BYTES = 2 * 1024**3  # the default bound on a call's peak memory
MAX_SECONDS = 60.0  # the default bound on the time of a call that can run long
MOST_BYTES = 2**60  # the largest max_bytes= taken (an exbibyte: more than any machine holds)


@dataclass(frozen=True)
class Cost:
    """A call's estimated peak memory (bytes, above what was in use before it) and time
    (seconds on the shared 2-core machine)."""

    bytes: int
    seconds: float


def seconds_bound(argument: str, value: object) -> float | None:
    """``value`` if it is None (no bound) or a number of seconds more than 0 (infinity too:
    no bound), else ArgumentError (NaN, text and booleans are refused)."""
    if value is None:
        return None
    real = isinstance(value, numbers.Real) and not isinstance(value, bool)
    if not real or math.isnan(value) or not value > 0:  # type: ignore[arg-type, operator]
        raise ArgumentError(argument, value, "a number of seconds more than 0, or None")
    return float(value)  # type: ignore[arg-type]


def about_seconds(seconds: float) -> str:
    """A time in a few figures: ``"0.042 s"``, ``"2.5 s"``, ``"1,234 s"``."""
    return f"{seconds:,.0f} s" if seconds >= 10 else f"{seconds:.2g} s"


def refuse_past(
    argument: str,
    found: object,
    what: str,
    cost: Cost,
    max_bytes: object,
    max_seconds: object = None,
    *,
    instead: str = "",
) -> None:
    """ArgumentError naming ``argument`` if ``cost`` passes ``max_bytes`` (a whole number of
    bytes) or ``max_seconds`` (None: no time bound): ``what`` is what was expected (``"a map
    whose matrix fits"``), ``instead`` another way out (``"a larger step, or "``)."""
    limit = whole_number("max_bytes", max_bytes, low=0, high=MOST_BYTES)
    seconds = seconds_bound("max_seconds", max_seconds)
    too_long = seconds is not None and cost.seconds > seconds
    if cost.bytes <= limit and not too_long:
        return
    bound = f"max_bytes={limit:,}"
    keywords = "max_bytes"
    if seconds is not None:
        bound += f" and max_seconds={seconds:g}"
        keywords = "max_bytes or max_seconds"
    raise ArgumentError(
        argument,
        found,
        f"{what} in {bound} (this one needs about {cost.bytes:,} bytes at its peak and "
        f"{about_seconds(cost.seconds)}; pass {instead}a larger {keywords} to allow it)",
    )
