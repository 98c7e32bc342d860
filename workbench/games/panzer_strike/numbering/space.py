"""Panzer Strike's actions as OpenSpiel numbers (registered with
:mod:`workbench.openspiel.spaces`; its longest game is :mod:`.bound`'s; pure Python, no
pyspiel here).

>>> from workbench.openspiel import action_space
>>> len(action_space("panzer-strike", "capture-the-flag")) > 0
True
"""

from __future__ import annotations

from itertools import product
from typing import Any

from workbench.games.panzer_strike.rules import actions as A
from workbench.openspiel.numbering import ActionSpace, Family
from workbench.openspiel.spaces import multisets, numbers, one, whole


@numbers("panzer-strike")
def numbered_actions(scenario: Any, start: Any) -> ActionSpace:
    """Every action of a Panzer Strike scenario: the dice results as sorted multisets of faces
    (every size up to the most dice a side can roll), a Move by tank, die, square and facing,
    a shot by firer and target."""
    tanks = tuple(t.id for t in start.tanks)
    board = start.board
    squares = tuple(product(range(board.width), range(board.depth)))
    roster = start.roster
    most_per_side = max(sum(1 for t in start.tanks if t.side == s) for s in start.order)
    dice = roster.dice_rolled(most_per_side)
    slots = dice + 1  # all dice alike give one extra move (Rules: Movement)
    large = [f.movement for f in roster.die_faces]
    small = [f.firepower for f in roster.die_faces]
    gun = max(roster.types[t.kind].gun_dice for t in start.tanks)
    side = {t.id: t.side for t in start.tanks}
    pairs = tuple((a, b) for a in tanks for b in tanks if side[a] != side[b])
    return ActionSpace(
        f"panzer-strike {getattr(scenario, 'name', 'a state')}",
        (
            Family(A.RollMovement, (("large", multisets(large, dice)),)),
            Family(
                A.Move,
                (
                    ("tank", tanks),
                    ("die", tuple(range(slots))),
                    ("to", squares),
                    ("facing", tuple(range(8))),
                ),
            ),
            one(A.EndMovement),
            whole(A.Shoot, (A.Shoot(a, b) for a, b in pairs)),
            Family(A.RollGun, (("small", multisets(small, gun)),)),
            one(A.EndTurn),
        ),
    )
