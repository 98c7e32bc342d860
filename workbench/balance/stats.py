"""Win rates with honest intervals.

>>> low, high = wilson_interval(50, 100)
>>> round(low, 3), round(high, 3)
(0.404, 0.596)
>>> wilson_interval(0, 0)
(0.0, 1.0)
"""

from __future__ import annotations

import math

from workbench.arguments import checked, positive, whole_number
from workbench.errors import ArgumentError

Z95 = 1.959963984540054  # the 97.5th percentile of the standard normal


@checked
def wilson_interval(successes: float, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval for a proportion (95 % by default): unlike the normal
    approximation it stays inside [0, 1] and is sensible at 0 % and 100 %. ``successes`` may
    count a draw as half.

    >>> [round(x, 3) for x in wilson_interval(60, 100)], wilson_interval(0, 10)[0]
    ([0.502, 0.691], 0.0)
    """
    whole_number("trials", trials, low=0)
    positive("z", z)
    if not 0 <= successes <= trials:
        raise ArgumentError("successes", successes, f"a number from 0 to trials ({trials})")
    if trials == 0:
        return 0.0, 1.0
    p = successes / trials
    denominator = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denominator
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denominator
    low = 0.0 if successes == 0 else max(0.0, centre - half)
    high = 1.0 if successes == trials else min(1.0, centre + half)
    return low, high
