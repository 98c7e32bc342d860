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
    """Every shortest route (hexes after the start, ending next to the target), as
    :func:`plain_shortest_routes` finds them, by a search over the map's movement table."""
    from workbench.rules.panzer_vor.movement import move_table, school_of

    tank, target = state.tank(tank_id), state.tank(target_id)
    table = move_table(state.map, school_of(state, tank.side))
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

    def unwind(i: int, tail: tuple[Hex, ...]) -> None:
        if len(routes) >= limit:
            return
        if i == home:
            routes.append(tail)
            return
        for parent in sorted(parents[i], key=key):
            unwind(parent, (hexes[i], *tail))

    for end in ends:
        unwind(end, ())
    return tuple(routes)


def plain_shortest_routes(
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


# --- Test Your Luck! played on the protocol ---------------------------------------------------
# The enemy tanks draw no cards: at the end of the player's turn a die picks the acting tank
# (Matilda 1-2, M4 3-4, T34/76 5-6); it fires if it can, else it moves along the shortest
# route in hexes to the Panzer IV, a die picking among tied routes (Test Your Luck!: Play
# Order). The dice are chance actions, so the enemy needs no player. Readings: a die that
# picks a destroyed enemy tank is rolled again; a moving enemy follows its route forwards as
# far as its movement points go (turning in place, 1 MP, when the route bends by more than
# 60°); tied routes are numbered in a fixed order and picked with equal chance.

SHRINE = "1118"
UPGRADES = ("Panzer IV Ausf. D", "Panzer IV Ausf. F2", "Panzer IV Ausf. H")
ENEMY_DIE = ((1, 2), (3, 4), (5, 6))  # Matilda, M4, T34/76: the scenario's enemy order
FORTUNES = (
    (2, "Great Luck (There's no doubt about it, you're great!)"),
    (3, "Good Luck (Unpreparedness is one's greatest enemy)"),
    (4, "A Little Luck (Don't get bogged down in the little things, and focus on what matters)"),
    (5, "Fortunate (You might have a tough time)"),
    (6, "Bad Luck (Stop aiming so high)"),
)
TERRIBLE = "Terrible Luck (Don't throw everything away for a fleeting chance)"


def fortune(total: int) -> str:
    """The fortune table (Test Your Luck!: Ending the Game).

    >>> [fortune(total).split(" (")[0] for total in (2, 3, 7)]
    ['Great Luck', 'Good Luck', 'Terrible Luck']
    """
    for most, text in FORTUNES:
        if total <= most:
            return text
    return TERRIBLE


def discard_modifier(cards: int) -> int:
    """1-15: -1; 16-25: 0; 26-30: +1; 31-35: +2; 36+: +3 (an empty pile counts as 1-15)."""
    if cards <= 15:
        return -1
    if cards <= 25:
        return 0
    if cards <= 30:
        return 1
    return 2 if cards <= 35 else 3


def _match_types():
    from workbench.rules.panzer_vor import match as m

    return m


def enemy_turn(match):
    m = _match_types()

    from workbench.rules.panzer_vor.match import evolve

    if not match.tanks_of(match.order[1]):
        return evolve(match, phase="end")
    order = match.solo_enemies
    return m.push(evolve(match, phase="end"), m.Chance("enemy", 6, match.order[1], order))


def resolve_chance(match, frame, action, events):
    from dataclasses import replace

    from workbench.rules.core import Event, Reason
    from workbench.rules.panzer_vor import reactions, sections
    from workbench.rules.panzer_vor.match import Chance, evolve, pop, push

    match = pop(match)
    value = action.value
    if frame.purpose == "enemy":
        ids = frame.data
        pick = next(i for i, (lo, hi) in enumerate(ENEMY_DIE) if lo <= value <= hi)
        alive = {t.id for t in match.tanks_of(match.order[1])}
        tank_id = ids[pick] if pick < len(ids) else ""
        if tank_id not in alive:
            events.append(Event(f"die {value}: that enemy tank is gone; roll again"))
            return push(match, frame)
        events.append(Event(f"die {value}: {tank_id} acts", (Reason("", sections.SOLO),)))
        match = evolve(match, reacted=False)
        player = match.tanks_of(match.order[0])[0]
        if reactions.can_fire_at(match, tank_id, player.id):
            from workbench.rules.panzer_vor.match import Shot

            return reactions.begin_shot(match, Shot(tank_id, player.id), events)
        routes = shortest_routes(match.board, tank_id, player.id)
        if not routes:
            events.append(Event(f"{tank_id} has no route to the Panzer IV"))
            return match
        if len(routes) > 1:
            return push(match, Chance("route", len(routes), match.order[1], (tank_id,)))
        return _drive(match, tank_id, routes[0], events)
    if frame.purpose == "route":
        (tank_id,) = frame.data
        player = match.tanks_of(match.order[0])[0]
        routes = shortest_routes(match.board, tank_id, player.id)
        return _drive(match, tank_id, routes[(value - 1) % len(routes)], events)
    if frame.purpose == "fortune":
        return _fortune(match, value, events)
    if frame.purpose == "thrown tread":
        tank = match.tanks_of(frame.side)[value - 1]
        events.append(
            Event(
                f"Thrown Tread: {tank.id} is Immobile",
                (Reason("a tank chosen at random", sections.ENFORCEMENT),),
            )
        )
        return evolve(match, board=match.board.with_tank(replace(tank, immobile=True)))
    from workbench.rules.panzer_vor import scenarios

    return scenarios.resolve_chance(match, frame, value, events)


def _drive(match, tank_id, route, events):

    from workbench.geometry.hexgrid import DIRECTIONS
    from workbench.rules.core import Event, Reason
    from workbench.rules.panzer_vor import sections
    from workbench.rules.panzer_vor.match import evolve
    from workbench.rules.panzer_vor.movement import Step, move, movement_points

    board = match.board
    tank = board.tank(tank_id)
    rules = StepRules(board, tank)
    budget, _ = movement_points(tank)
    pose = (tank.hex, tank.facing)
    poses = []
    for nxt in route:
        d = DIRECTIONS.index(nxt - pose[0])
        if (d - pose[1]) % 6 not in (0, 1, 5):
            if budget < 1:
                break
            pose, budget = (pose[0], d), budget - 1
            poses.append(pose)
        step = rules.step(pose, (nxt, d))
        if not isinstance(step, Step) or step.mp > budget:
            break
        pose, budget = (nxt, d), budget - step.mp
        poses.append(pose)
    if not poses:
        events.append(Event(f"{tank_id} cannot move along its route"))
        return match
    after, _ = move(board, tank_id, poses)
    label = board.map.grid.label(pose[0])
    events.append(
        Event(
            f"{tank_id} moves towards the Panzer IV to {label}",
            (Reason("the shortest route in hexes", sections.SOLO),),
        )
    )
    return evolve(match, board=after)


def offer_upgrade(match, side):
    """Recon or Recovery may upgrade the Panzer IV one step (Test Your Luck!: Panzer IV
    Upgrade); the player is not forced to."""
    from workbench.rules.panzer_vor.match import Choice, push

    if not match.solo or side != match.order[0]:
        return match
    tank = match.tanks_of(side)[0]
    if tank.name not in UPGRADES[:-1]:
        return match
    return push(match, Choice(side, "upgrade", ("upgrade", "keep"), (tank.id,)))


def upgrade(match, tank_id, step, events):
    from dataclasses import replace

    from workbench.rules.core import Event, Reason
    from workbench.rules.panzer_vor import sections
    from workbench.rules.panzer_vor.match import evolve

    tank = match.board.tank(tank_id)
    at = UPGRADES.index(tank.name) if tank.name in UPGRADES else 0
    new = UPGRADES[max(0, min(len(UPGRADES) - 1, at + step))]
    if new == tank.name:
        return match
    counter = match.spare_counters.get(new)
    if counter is None:
        return match
    events.append(Event(f"the Panzer IV becomes the {new}", (Reason("", sections.SOLO_UPGRADE),)))
    return evolve(match, board=match.board.with_tank(replace(tank, counter=counter)))


def downgrade(match, side, events):
    """An Enforcement card drawn: its printed effect is ignored; the Panzer IV goes down one
    step (an Ausf. D stays an Ausf. D)."""
    tanks = match.tanks_of(match.order[0])
    return upgrade(match, tanks[0].id, -1, events) if tanks else match


def reached_shrine(match, tank_id, left):
    from workbench.rules.panzer_vor.match import Chance, push

    tank = match.board.tank(tank_id)
    if not match.solo or tank.side != match.order[0] or left < 1:
        return match
    if match.board.map.grid.label(tank.hex) != SHRINE:
        return match
    return push(match, Chance("fortune", 6, tank.side))


def _fortune(match, die, events):

    from workbench.rules.core import Event, Outcome, Reason
    from workbench.rules.panzer_vor import sections
    from workbench.rules.panzer_vor.ending import CardGameEnd
    from workbench.rules.panzer_vor.match import evolve

    killed = len(match.destroyed.get(match.order[0], ()))
    cards = len(match.discard)
    total = die - killed + discard_modifier(cards)
    text = fortune(total)
    reasons = (
        Reason(
            f"die {die}, {killed} enemy tanks destroyed (-{killed}), {cards} cards in the "
            f"discard pile ({discard_modifier(cards):+d}): total {total}",
            sections.SOLO_END,
        ),
        Reason(text, sections.SOLO_END),
    )
    events.append(Event(f"the Panzer IV reached the shrine: {text}", reasons))
    return evolve(match, ended=Outcome(CardGameEnd.FORTUNE, match.order[0], reasons))
