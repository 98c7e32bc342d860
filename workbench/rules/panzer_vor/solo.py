"""The solo scenario's enemy tanks (Test Your Luck!: Play Order): when an enemy cannot fire it
moves along the shortest route, in hexes rather than MP, towards the player's tank; tied
routes are all listed so that a die can pick one."""

from __future__ import annotations

from collections import deque

from workbench.geometry.hexgrid import Hex
from workbench.rules.core import Reason
from workbench.rules.panzer_vor.movement import StepRules
from workbench.rules.panzer_vor.state import GameState


def shortest_routes(
    state: GameState, tank_id: str, target_id: str, limit: int = 36
) -> tuple[tuple[Hex, ...], ...]:
    """Every shortest route (hexes after the start, ending next to the target) the tank may
    drive, ignoring facing and MP; at most ``limit`` of them, in a fixed order. Empty when the
    target cannot be reached."""
    tank, target = state.tank(tank_id), state.tank(target_id)
    mover = StepRules(state, tank)
    goal = set(target.hex.neighbors())
    depth: dict[Hex, int] = {tank.hex: 0}
    parents: dict[Hex, list[Hex]] = {tank.hex: []}
    queue = deque([tank.hex])
    found_at: int | None = None
    while queue:
        here = queue.popleft()
        if found_at is not None and depth[here] >= found_at:
            break
        for there in here.neighbors():
            if there == target.hex or isinstance(mover.enter(here, there, reverse=False), Reason):
                continue
            if there not in depth:
                depth[there] = depth[here] + 1
                parents[there] = [here]
                queue.append(there)
                if there in goal:
                    found_at = depth[there]
            elif depth[there] == depth[here] + 1:
                parents[there].append(here)
    if tank.hex in goal:
        return ((),)
    ends = sorted(
        (h for h in goal if h in depth and depth[h] == found_at), key=lambda h: (h.r, h.q)
    )
    routes: list[tuple[Hex, ...]] = []

    def unwind(h: Hex, tail: tuple[Hex, ...]) -> None:
        if len(routes) >= limit:
            return
        if h == tank.hex:
            routes.append(tail)
            return
        for parent in sorted(parents[h], key=lambda p: (p.r, p.q)):
            unwind(parent, (h, *tail))

    for end in ends:
        unwind(end, ())
    return tuple(routes)
