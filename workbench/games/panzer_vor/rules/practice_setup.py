"""The practice mode's deployment played as actions (option ``setup: "choose"``): before the
first turn each side places each of its waiting tanks with ``Deploy(tank, hex, facing)`` on a
free hex of its deployment area, the side that deploys first first (the scenario's
"Deployment: X deploys first"), as in the card game's setup (``placing``). With ``setup:
"quick"`` (the practice mode's default) the labelled quick deployment places them at once.

A side whose area has no free hex left sets its remaining tanks aside (they take no part), as
the quick deployment does.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, replace

from workbench.games.panzer_vor.boards.scenario import PanzerVorScenario
from workbench.games.panzer_vor.rules import sections as S
from workbench.games.panzer_vor.rules.actions import Deploy
from workbench.games.panzer_vor.rules.setup import Setup, side_name, waiting_tanks
from workbench.games.panzer_vor.rules.state import GameState, Tank
from workbench.geometry.hexgrid import FACINGS
from workbench.rules.core import Event, IllegalAction, Reason


@dataclass(frozen=True)
class Deploying:
    """One side's tanks still to deploy, and the hexes (labels) of its deployment area."""

    side: str
    tanks: tuple[Tank, ...]
    area: tuple[str, ...]


def to_deploy(scenario: PanzerVorScenario, setup: Setup) -> tuple[Deploying, ...]:
    """Each side's waiting tanks and area, the side that deploys first first."""
    hexmap = setup.state.map
    waiting = waiting_tanks(scenario, setup)
    sides = sorted(scenario.sides, key=lambda s: s.key != scenario.deploys_first)
    found = []
    for side in sides:
        name = side_name(scenario, side.key)
        tanks = tuple(t for t in waiting if t.side == name)
        if tanks:
            area = scenario.deployment_hexes(side.key, hexmap)
            found.append(Deploying(name, tanks, tuple(sorted(map(hexmap.grid.label, area)))))
    return tuple(found)


def free_hexes(board: GameState, deploying: Deploying) -> list[str]:
    """The hexes of the area a tank may be placed on now ("Only one tank may be placed in
    any one hex")."""
    taken = {t.hex for t in board.tanks}
    found = []
    for label in deploying.area:
        where = board.map.hex(label)
        terrain = board.map.terrain_at(where)
        if where not in taken and (terrain.enterable or terrain.deployment_only):
            found.append(label)
    return found


def deploys(board: GameState, deploying: Deploying) -> Iterator[Deploy]:
    """Every placement the side may make now: each waiting tank, free hex and facing."""
    free = free_hexes(board, deploying)
    for tank in deploying.tanks:
        for label in free:
            for facing in FACINGS:
                yield Deploy(tank.id, label, facing)


def refusal(board: GameState, deploying: Deploying, action: object) -> Reason:
    """Why ``action`` is not a placement the side may make now."""
    side = deploying.side
    if not isinstance(action, Deploy):
        return Reason(f"{action} waits: {side} is deploying its tanks", S.GAME_SETUP)
    if action.tank not in {t.id for t in deploying.tanks}:
        return Reason(f"{action.tank} is not a {side} tank waiting to be deployed", S.GAME_SETUP)
    if action.facing not in FACINGS:
        return Reason(f"facing {action.facing}: a tank faces one of the six hex-sides (0..5)",
                      S.GAME_SETUP)  # fmt: skip
    if action.to not in deploying.area:
        return Reason(f"{action.to} is not in {side}'s deployment area", S.GAME_SETUP)
    return Reason(f"{action.to} is taken: only one tank may be placed in any one hex", S.GAME_SETUP)


def deploy(
    board: GameState, queue: tuple[Deploying, ...], action: object
) -> tuple[GameState, tuple[Deploying, ...], tuple[Event, ...]]:
    """The board and the sides still deploying after ``action`` (IllegalAction: refused,
    nothing changed)."""
    deploying = queue[0]
    if not (
        isinstance(action, Deploy)
        and action.tank in {t.id for t in deploying.tanks}
        and type(action.facing) is int
        and action.facing in FACINGS
        and action.to in free_hexes(board, deploying)
    ):
        raise IllegalAction(refusal(board, deploying, action))
    tank = next(t for t in deploying.tanks if t.id == action.tank)
    placed = replace(tank, hex=board.map.hex(action.to), facing=action.facing)
    board = board.with_tank(placed)
    events = [Event(str(action), (Reason("", S.GAME_SETUP),))]
    rest = tuple(t for t in deploying.tanks if t.id != tank.id)
    queue = (replace(deploying, tanks=rest), *queue[1:])
    return (board, *settled(board, queue, events))


def settled(
    board: GameState, queue: tuple[Deploying, ...], events: list[Event] | None = None
) -> tuple[tuple[Deploying, ...], tuple[Event, ...]]:
    """The sides still deploying: a side done, or with no free hex left (its remaining tanks
    set aside), gives way to the next."""
    events = [] if events is None else events
    while queue and not (queue[0].tanks and free_hexes(board, queue[0])):
        if queue[0].tanks:
            ids = ", ".join(t.id for t in queue[0].tanks)
            why = Reason("only one tank may be placed in any one hex", S.GAME_SETUP)
            events.append(Event(f"no free hex left: {ids} set aside", (why,)))
        queue = queue[1:]
    return queue, tuple(events)
