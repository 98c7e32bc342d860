"""What the rules measure between two tanks, kept to be drawn: the least distance between the
hulls against a Measuring Arrow (Close Range), and the line of the target's hull front with
the shooter's corners on either side of it (Side Shot). The learner's reveal draws them
(``games/tanks/render/measures.py``); the rules' own answers are ``sight.close_range`` and
``sight.side_shot``, whose reasons these values carry.

>>> from workbench.games.tanks.learn.questions import duel
>>> import random
>>> _, battle = duel(random.Random(1), None, lambda b: True)
>>> measured = close_range_measure(battle, *(t.id for t in battle.tanks))
>>> measured.kind, measured.near == (measured.gap <= battle.table.arrow.length + 1e-6)
('close-range', True)
"""

from __future__ import annotations

from dataclasses import dataclass

from shapely.ops import nearest_points

from workbench.boards.values import Pictured
from workbench.games.tanks.rules.sight import close_range, side_shot
from workbench.games.tanks.rules.state import Battle
from workbench.rules.core import Reason

Point = tuple[float, float]


@dataclass(frozen=True)
class Measured(Pictured):
    """A measurement between ``shooter`` and ``target`` in ``battle`` (see the module):
    ``kind`` is ``"close-range"`` or ``"side-shot"``; ``near`` the rules' answer; ``reason``
    theirs; for Close Range the nearest points of the two hulls (``ends``) and the ``gap``."""

    battle: Battle
    shooter: str
    target: str
    kind: str
    near: bool
    reason: Reason
    ends: tuple[Point, Point] = ((0.0, 0.0), (0.0, 0.0))
    gap: float = 0.0

    __hash__ = None  # type: ignore[assignment]


def close_range_measure(battle: Battle, shooter: str, target: str) -> Measured:
    """The least distance between the hulls, where it is measured, and the rules' answer."""
    a, b = battle.tank(shooter), battle.tank(target)
    near, why = close_range(battle.table, a, b)
    p, q = nearest_points(a.polygon, b.polygon)
    gap = float(a.polygon.distance(b.polygon))
    ends = ((float(p.x), float(p.y)), (float(q.x), float(q.y)))
    return Measured(battle, shooter, target, "close-range", near, why, ends, gap)


def side_shot_measure(battle: Battle, shooter: str, target: str) -> Measured:
    """The rules' answer on a Side Shot, to draw the target's front line and the shooter's
    corners on either side of it."""
    side, why = side_shot(battle.tank(shooter), battle.tank(target))
    return Measured(battle, shooter, target, "side-shot", side, why)


__all__ = ["Measured", "close_range_measure", "side_shot_measure"]
