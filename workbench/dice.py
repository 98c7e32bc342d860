"""Dice: exact odds as fractions, and one seeded roller that records every roll.

>>> at_least(8)            # two dice totalling 8 or more
Fraction(5, 12)
>>> dice = Dice(seed=7); first = dice.roll(2); Dice(seed=7).roll(2) == first
True
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cache

from workbench.errors import InvalidValue

SIDES = 6


@cache
def distribution(count: int = 2, sides: int = SIDES) -> dict[int, Fraction]:
    """The exact probability of each total of ``count`` dice."""
    totals: dict[int, int] = {0: 1}
    for _ in range(count):
        nxt: dict[int, int] = {}
        for total, ways in totals.items():
            for face in range(1, sides + 1):
                nxt[total + face] = nxt.get(total + face, 0) + ways
        totals = nxt
    outcomes = sides**count
    return {total: Fraction(ways, outcomes) for total, ways in sorted(totals.items())}


@cache
def at_least(needed: int, count: int = 2, sides: int = SIDES) -> Fraction:
    """Probability that ``count`` dice total ``needed`` or more."""
    return sum(
        (p for total, p in distribution(count, sides).items() if total >= needed), Fraction(0)
    )


@dataclass
class Dice:
    """A seeded roller; ``history`` keeps every roll so a game replays exactly. ``preset``
    rolls come first, for a what-if ("what if I roll a 10?") or a rulebook example.

    >>> Dice(preset=[(4, 6)]).roll(2)
    (4, 6)
    """

    seed: int = 0
    preset: list[tuple[int, ...]] = field(default_factory=list)
    history: list[tuple[int, ...]] = field(default_factory=list)

    def __post_init__(self) -> None:
        self._random = random.Random(self.seed)
        self._preset = list(self.preset)

    def roll(self, count: int = 2, sides: int = SIDES) -> tuple[int, ...]:
        if self._preset:
            faces = tuple(self._preset.pop(0))
            if len(faces) != count or not all(1 <= f <= sides for f in faces):
                raise InvalidValue(f"preset roll {faces} is not {count} dice of 1-{sides}")
        else:
            faces = tuple(self._random.randint(1, sides) for _ in range(count))
        self.history.append(faces)
        return faces
