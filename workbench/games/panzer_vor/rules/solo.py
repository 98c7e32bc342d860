"""The routes of the solo scenario's enemy tanks (Test Your Luck!: Play Order): when an enemy
cannot fire it moves along the shortest route, in hexes rather than MP, towards the player's
tank; tied routes are all listed so that a die can pick one. The scenario's rules that use
them are in ``scenario_rules.test_your_luck``."""

from __future__ import annotations

from workbench.arguments import whole_number
from workbench.bounds import MAX_BYTES, MAX_SECONDS, refuse_past
from workbench.errors import ArgumentError
from workbench.games.panzer_vor.rules.movement import move_table, reach_cost, school_of
from workbench.games.panzer_vor.rules.state import GameState
from workbench.geometry.hexgrid import Hex

MAX_ROUTES = 1000  # the most routes listed (limit=): the library's own sanity limit


def shortest_routes(
    state: GameState,
    tank_id: str,
    target_id: str,
    limit: int = 36,
    *,
    max_bytes: int = MAX_BYTES,
    max_seconds: float | None = MAX_SECONDS,
) -> tuple[tuple[Hex, ...], ...]:
    """Every shortest route the tank may drive to the target (hexes after the start, ending
    next to it; facing and MP aside), by a search over the map's movement table: at most
    ``limit`` of them (1 to :data:`MAX_ROUTES`), in a fixed order; none when it cannot reach
    the target. The search may cross the whole map: past
    ``max_bytes`` or ``max_seconds`` by :func:`reach_cost`'s estimate it is refused."""
    tank, target = state.tank(tank_id), state.tank(target_id)
    whole_number("limit", limit, low=1, high=MAX_ROUTES)
    if tank.id == target.id:
        raise ArgumentError("target_id", target_id, f"a tank other than {tank_id!r}")
    school = school_of(state, tank.side)
    estimate = reach_cost(state.map, school, len(state.map.grid))  # every hex, at worst
    where = f"a search over a {state.map.grid.rows} x {state.map.grid.cols} map"
    refuse_past("state", where, "a search that fits", estimate, max_bytes, max_seconds)
    table = move_table(state.map, school)
    index, neighbor, entry, hexes = table.index, table.neighbor, table.entry, table.hexes
    closed = set()
    if not state.options.cutting_through:
        closed = {index[t.hex] for t in state.tanks if t.id != tank.id and not t.wreck}
    closed.add(index[target.hex])
    goal = {index[h] for h in target.hex.neighbors() if h in index}
    home = index[tank.hex]
    if home in goal:
        return ((),)
    depth = {home: 0}
    parents: dict[int, list[int]] = {home: []}
    frontier = [home]
    found = False
    while frontier and not found:
        nxt: list[int] = []
        for i in frontier:
            for d in range(6):
                j = neighbor[i][d]
                if j < 0 or entry[i][d] < 0 or j in closed:
                    continue
                if j not in depth:
                    depth[j] = depth[i] + 1
                    parents[j] = [i]
                    nxt.append(j)
                    found = found or j in goal
                elif depth[j] == depth[i] + 1:
                    parents[j].append(i)
        frontier = nxt
    if not found:
        return ()
    level = depth[frontier[0]]
    key = lambda i: (hexes[i].r, hexes[i].q)  # noqa: E731
    ends = sorted((i for i in goal if depth.get(i) == level), key=key)
    routes: list[tuple[Hex, ...]] = []

    stack: list[tuple[int, tuple[Hex, ...]]] = [(end, ()) for end in reversed(ends)]
    while stack and len(routes) < limit:  # depth first, the parents in order (no recursion)
        i, tail = stack.pop()
        if i == home:
            routes.append(tail)
            continue
        for parent in sorted(parents[i], key=key, reverse=True):
            stack.append((parent, (hexes[i], *tail)))
    return tuple(routes)
