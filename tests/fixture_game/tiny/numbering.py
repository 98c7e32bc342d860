"""Tiny Race's actions as OpenSpiel numbers and its longest game (pure Python): Walk, Run and
the die's six faces. With pits a runner may fall back without end, so only a race without
them is bounded: each turn moves the runner to act at least one square, in at most two steps
(Run and its die)."""

from __future__ import annotations

from typing import Any

from workbench.games.tiny.rules.game import Die, Run, Walk

from workbench.openspiel.bounds import Unbounded, bound
from workbench.openspiel.numbering import ActionSpace, Family
from workbench.openspiel.spaces import numbers, one


@numbers("tiny-race")
def numbered_actions(scenario: Any, start: Any) -> ActionSpace:
    faces = tuple(range(1, 7))
    return ActionSpace("tiny-race", (one(Walk), one(Run), Family(Die, (("face", faces),))))


@bound("tiny-race", option="pits")
def longest_race(start: Any) -> int:
    if start.pits:
        raise Unbounded("a runner may fall into a pit without end: give option pits false")
    return 2 * (2 * start.track.length - 1)
