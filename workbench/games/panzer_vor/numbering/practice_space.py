"""The Panzer Vor! practice game's numbered actions and longest game (registered with
:mod:`workbench.openspiel.spaces` and :mod:`workbench.openspiel.bounds`; pure Python, no
pyspiel here).

A Move is numbered by tank, end hex and facing: the rules list each move along a cheapest path
(``path=()``, no ability), and a Move with a path given by hand is not numbered (the numbering
names where a move ends; the same end along another path is no different choice to a search
player). Chance outcomes are actions like any other: the two dice as the 36 ordered pairs.

>>> from workbench.openspiel import action_space
>>> len(action_space("panzer-vor-practice", "mock-battle")) > 0
True
"""

from __future__ import annotations

from itertools import product
from typing import Any

from workbench.games.panzer_vor.rules import actions as A
from workbench.openspiel.bounds import bound
from workbench.openspiel.numbering import ActionSpace, Family, NotNumbered
from workbench.openspiel.spaces import numbers, one, whole


def hex_labels(board: Any) -> tuple[str, ...]:
    """Every hex of the board's map by its label, in the grid's order."""
    grid = board.map.grid
    return tuple(grid.label(h) for h in grid)


def plain_move(action: Any, state: Any) -> tuple[Any, ...]:
    """A Panzer Vor! Move's numbered fields: tank, end hex, facing (a cheapest path, no
    ability); a Move with a path or an ability given is not numbered here."""
    if action.path or action.ability:
        raise NotNumbered(
            f"{action!r}: a Move is numbered by where it ends, along a cheapest path and "
            "without an ability"
        )
    return (action.tank, action.to, action.facing)


def plain_move_back(values: tuple[Any, ...], state: Any) -> Any:
    return A.Move(*values)


@numbers("panzer-vor-practice")
def practice_actions(scenario: Any, start: Any) -> ActionSpace:
    """Every action of a practice game: a Move by tank, end hex and facing, a Fire by firer
    and target, the two dice as ordered pairs, and (option setup "choose") each Deploy."""
    board = start.board
    waiting = [t for d in start.deploying for t in d.tanks]  # option setup "choose"
    tanks = tuple(t.id for t in (*board.tanks, *waiting))
    sides = {t.id: t.side for t in (*board.tanks, *waiting)}
    guns: dict[str, tuple[A.GunName, ...]] = {
        t.id: ("", "main", "secondary") if t.counter.multiple_guns else ("",)
        for t in (*board.tanks, *waiting)
    }
    fires = [A.Fire(a, b, g) for a in tanks for b in tanks if sides[a] != sides[b] for g in guns[a]]
    labels = hex_labels(board)
    deploys = (
        Family(
            A.Deploy,
            (("tank", tuple(t.id for t in waiting)), ("to", labels), ("facing", tuple(range(6)))),
        ),
    )
    return ActionSpace(
        f"panzer-vor-practice {getattr(scenario, 'name', 'a state')}",
        (
            Family(
                A.Move,
                (("tank", tanks), ("to", labels), ("facing", tuple(range(6)))),
                plain_move,
                plain_move_back,
                "tank, end hex, facing: along a cheapest path",
            ),
            whole(A.Fire, fires),
            one(A.Pass),
            Family(A.Roll, (("dice", tuple(product(range(1, 7), repeat=2))),)),
            *(deploys if waiting else ()),
        ),
    )


@bound("panzer-vor-practice")
def practice_bound(start: Any) -> int:
    """Each tank still to deploy (option setup "choose"), then each side's turn: one Move,
    Fire or Pass, and a shot's attack and damage rolls."""
    waiting = sum(len(d.tanks) for d in start.deploying)
    return waiting + start.turn_limit * len(start.order) * 3
