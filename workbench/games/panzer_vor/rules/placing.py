"""Setup played as choices (option ``{"setup": "choose"}``, the default): buying a force,
deploying each tank on a hex and a facing, putting the flag marker and the characters on
tanks of the player's choice, and Pravda's Ceasefire redeployment.

Each is a :class:`Choice` frame whose actions are worked out from the match when asked:

- ``"buy"`` (Exhibition!: Purchasing Tanks; Anzio (Original)'s "up to nine tanks totaling up
  to 80 points"): :class:`Buy` one roster tank at a time while it fits the points left and
  the tank limit, then :class:`DoneBuying`. ``data``: (points left, tanks left, section,
  the counters on offer). Exhibition! prints no tank limit; one tank per hex of the first
  row is the limit (Tank Deployment). Reading: a force needs at least one tank.
- ``"position"`` (Game Setup; each scenario's Deployment): :class:`Deploy` a tank not yet on
  the map on a free hex of the area (``options``, hex labels) with any of the six facings
  ("free to choose the facing"); "Only one tank may be placed in any one hex". ``data``:
  (non-adjacent?, section). Reading: wreckage hexes hold a counter and are not free.
- ``"character"`` (a character placed "on tanks of your choice"): :class:`Choose` a tank of
  the side that carries no character yet (one team per tank). ``data``: (name, face).
- ``"flag marker"`` ("Place the Flag Marker on any tank of your choice"): :class:`Choose` a
  tank of the side.

Tanks not yet placed wait in ``CardMatch.undeployed`` (their characters ride in with them,
as reinforcements do). If a side's area has no free hex left, its remaining tanks are set
aside (they take no part), as the quick deployment does.
"""

from __future__ import annotations

import functools
from collections.abc import Iterator
from dataclasses import replace
from typing import Any

from workbench.games.panzer_vor.rules import hooks, sections
from workbench.games.panzer_vor.rules.actions import Buy, Choose, Deploy, DoneBuying
from workbench.games.panzer_vor.rules.characters import Crew
from workbench.games.panzer_vor.rules.match import CardMatch, Choice, evolve, pop, set_top
from workbench.games.panzer_vor.rules.state import Tank
from workbench.geometry.hexgrid import FACINGS
from workbench.rules.core import Action, Event, Reason

S = sections
PURPOSES = ("buy", "position", "character", "flag marker")


# --- what may be chosen ------------------------------------------------------------------


def choice_actions(match: CardMatch, choice: Choice) -> Iterator[Action]:
    """The actions a setup choice offers, worked out from the match."""
    purpose = choice.purpose
    if purpose == "buy":
        yield from (Buy(name) for name in affordable(choice))
        if bought_any(match, choice):
            yield DoneBuying()
    elif purpose == "position":
        free = free_hexes(match, choice)
        for tank in match.undeployed.get(choice.side, ()):
            for label in free:
                yield from _deploys(tank.id, label)
    else:  # "character", "flag marker"
        yield from (Choose(t) for t in tank_choices(match, choice))


@functools.lru_cache(maxsize=1 << 16)
def _deploys(tank: str, label: str) -> tuple[Deploy, ...]:
    """The six facings of one placement (values, shared: a deployment lists thousands)."""
    return tuple(Deploy(tank, label, facing) for facing in FACINGS)


def affordable(choice: Choice) -> list[str]:
    points, tanks, _, counters = choice.data
    if tanks <= 0:
        return []
    return [c.name for c in counters if c.points <= points]


def bought_any(match: CardMatch, choice: Choice) -> bool:
    return bool(match.tanks_of(choice.side) or match.undeployed.get(choice.side))


def free_hexes(match: CardMatch, choice: Choice) -> list[str]:
    """The hexes of the area a tank may be placed on now."""
    key = ("free hexes", choice.side)
    found = match.memo.get(key)
    if found is None:
        spaced = choice.data[0]
        board = match.board
        taken = {t.hex for t in board.tanks}
        mine = {t.hex for t in match.tanks_of(choice.side)}
        found = []
        for label in choice.options:
            h = board.map.hex(label)
            terrain = board.map.terrain_at(h)
            if h in taken or not (terrain.enterable or terrain.deployment_only):
                continue
            if spaced and any(n in mine for n in h.neighbors()):
                continue
            found.append(label)
        match.memo[key] = found
    return found


def tank_choices(match: CardMatch, choice: Choice) -> list[str]:
    tanks = [*match.tanks_of(choice.side), *match.undeployed.get(choice.side, ())]
    if choice.purpose == "flag marker":
        return [t.id for t in tanks]
    carried = {c.tank or c.arrives_with for c in match.crew}
    return [t.id for t in tanks if t.id not in carried]


# --- why an action is refused -----------------------------------------------------------


def why_not(match: CardMatch, choice: Choice, action: Action) -> Reason:
    side = choice.side
    if choice.purpose == "buy" and isinstance(action, Buy):
        points, tanks, section, counters = choice.data
        counter = next((c for c in counters if c.name == action.tank), None)
        if counter is None:
            return Reason(f"{action.tank} is not a tank {side} may buy here", section)
        if tanks <= 0:
            return Reason(f"{side} may buy no more tanks (the tank limit is reached)", section)
        return Reason(
            f"{action.tank} costs {counter.points} points and {side} has {points} left", section
        )
    if choice.purpose == "buy" and isinstance(action, DoneBuying):
        return Reason(f"{side} has bought no tank yet (a force needs a tank)", choice.data[2])
    if choice.purpose == "position" and isinstance(action, Deploy):
        section = choice.data[1]
        waiting = {t.id for t in match.undeployed.get(side, ())}
        if action.tank not in waiting:
            return Reason(f"{action.tank} is not a {side} tank waiting to be deployed", section)
        if action.facing not in FACINGS:
            return Reason(
                f"facing {action.facing}: a tank faces one of the six hex-sides (0..5)",
                S.GAME_SETUP,
            )
        if action.to not in choice.options:
            return Reason(f"{action.to} is not in {side}'s deployment area", section)
        board = match.board
        where = board.map.hex(action.to)
        if any(t.hex == where for t in board.tanks):
            return Reason(
                f"{action.to} is taken: only one tank may be placed in any one hex",
                S.GAME_SETUP,
            )
        terrain = board.map.terrain_at(where)
        if not (terrain.enterable or terrain.deployment_only):
            return Reason(f"no tank may be placed in {action.to} ({terrain.name})", section)
        return Reason(
            f"{action.to} is next to another {side} tank: the hexes must be non-adjacent",
            section,
        )
    if choice.purpose in ("character", "flag marker") and isinstance(action, Choose):
        what = "the flag marker" if choice.purpose == "flag marker" else choice.data[0]
        return Reason(
            f"{what} cannot go on {action.option}: one of "
            f"{', '.join(tank_choices(match, choice)) or 'no tank'}",
            S.SCENARIO_PLACEMENT,
        )
    expected = "buy or done buying" if choice.purpose == "buy" else "a choice"
    if choice.purpose == "position":
        expected = "deploy a tank"
    return Reason(
        f"{action} is not legal now: {side} is to {expected} ({choice.purpose})", S.GAME_SETUP
    )


# --- what a choice does -------------------------------------------------------------------


@hooks.on_choice(*PURPOSES, actions=choice_actions, why_not=why_not, keeps_frame=True)
def apply(match: CardMatch, choice: Choice, action: Action, events: list[Event]) -> CardMatch:
    if isinstance(action, Buy):
        match = _buy(match, choice, action.tank, events)
    elif isinstance(action, DoneBuying):
        match = pop(match)
        events.append(Event(f"{choice.side} is done buying", (Reason("", choice.data[2]),)))
        if not any(isinstance(f, Choice) and f.purpose == "buy" for f in match.stack):
            match = hooks.after_buying(match)  # a scenario's set-up once forces are bought
    elif isinstance(action, Deploy):
        match = deploy(match, choice, action, events)
    elif choice.purpose == "character":
        match = _seat(pop(match), choice, action.option, events)  # type: ignore[attr-defined]
    elif choice.purpose == "flag marker":
        tank_id = action.option  # type: ignore[attr-defined]
        match = mark_flag(pop(match), tank_id)
        text = f"{choice.side} puts the flag marker on {tank_id}"
        events.append(Event(text, (Reason("", S.SCENARIO_PLACEMENT),)))
    return tidy(match, events)


def _buy(match: CardMatch, choice: Choice, name: str, events: list[Event]) -> CardMatch:
    points, tanks, section, counters = choice.data
    counter = next(c for c in counters if c.name == name)
    side = choice.side
    tank = Tank(new_id(match, counter.name), counter, side, spare(match), 0)
    undeployed = dict(match.undeployed)
    undeployed[side] = (*undeployed.get(side, ()), tank)
    left = points - counter.points
    events.append(
        Event(f"{side} buys {name} ({counter.points} points; {left} left)", (Reason("", section),))
    )
    match = evolve(match, undeployed=undeployed)
    return set_top(match, replace(choice, data=(left, tanks - 1, section, counters)))


def new_id(match: CardMatch, name: str) -> str:
    """A tank's id as the scenario setup names them: the name, then "name 2", "name 3"."""
    every = [*match.board.tanks, *(t for ts in match.undeployed.values() for t in ts)]
    every += [t for ts in match.reserves.values() for t in ts]
    n = sum(1 for t in every if t.counter.name == name) + 1
    return name if n == 1 else f"{name} {n}"


def spare(match: CardMatch) -> Any:
    return next(iter(match.board.map.grid))  # a tank's hex until it is placed


def deploy(match: CardMatch, choice: Choice, action: Deploy, events: list[Event]) -> CardMatch:
    side = choice.side
    rest = list(match.undeployed[side])
    tank = next(t for t in rest if t.id == action.tank)
    rest.remove(tank)
    undeployed = dict(match.undeployed)
    undeployed[side] = tuple(rest)
    placed = replace(tank, hex=match.board.map.hex(action.to), facing=action.facing)
    crew = tuple(
        replace(c, tank=tank.id, arrives_with=None) if c.arrives_with == tank.id else c
        for c in match.crew
    )
    events.append(Event(str(action), (Reason("", choice.data[1]),)))
    match = evolve(match, board=match.board.with_tank(placed), undeployed=undeployed, crew=crew)
    return pop(match) if not rest else match


def _seat(match: CardMatch, choice: Choice, tank_id: str, events: list[Event]) -> CardMatch:
    name, face = choice.data
    on_map = any(t.id == tank_id for t in match.board.tanks)
    crew = Crew(name, choice.side, tank_id if on_map else None, face,
                None if on_map else tank_id)  # fmt: skip
    events.append(Event(f"{name} goes on {tank_id}", (Reason("", S.SCENARIO_PLACEMENT),)))
    return evolve(match, crew=(*match.crew, crew))


def mark_flag(match: CardMatch, tank_id: str) -> CardMatch:
    """The flag marker on a tank, on the map or still to be deployed."""
    board = match.board
    if any(t.id == tank_id for t in board.tanks):
        return evolve(match, board=board.with_tank(replace(board.tank(tank_id), flag=True)))
    undeployed = {
        side: tuple(replace(t, flag=True) if t.id == tank_id else t for t in tanks)
        for side, tanks in match.undeployed.items()
    }
    return evolve(match, undeployed=undeployed)


def tidy(match: CardMatch, events: list[Event]) -> CardMatch:
    """Drop setup frames with nothing left to choose: a deployment area with no free hex
    sets the side's remaining tanks aside; a character with no free tank stays off."""
    while isinstance(match.top, Choice) and match.top.purpose in PURPOSES:
        top = match.top
        if top.purpose == "position":
            waiting = match.undeployed.get(top.side, ())
            if waiting and free_hexes(match, top):
                return match
            if waiting:
                undeployed = dict(match.undeployed)
                undeployed[top.side] = ()
                ids = {t.id for t in waiting}
                crew = tuple(c for c in match.crew if c.arrives_with not in ids)
                events.append(
                    Event(f"no free hex left: {', '.join(sorted(ids))} set aside",
                          (Reason("only one tank may be placed in any one hex", S.GAME_SETUP),))
                )  # fmt: skip
                match = evolve(match, undeployed=undeployed, crew=crew)
            match = pop(match)
        elif top.purpose == "buy" or tank_choices(match, top):
            return match
        else:
            match = pop(match)
    return match


def order_positions(match: CardMatch) -> CardMatch:
    """The waiting deployment frames put in the order of play: the player who acts first
    places all of their tanks, then the other (Exhibition!: Tank Deployment)."""
    stack = list(match.stack)
    at = [i for i, f in enumerate(stack) if isinstance(f, Choice) and f.purpose == "position"]
    frames = sorted((stack[i] for i in at), key=lambda f: -match.order.index(f.side))  # type: ignore[union-attr]
    for i, frame in zip(at, frames, strict=True):
        stack[i] = frame
    return evolve(match, stack=tuple(stack))


def choosing(match: CardMatch) -> bool:
    """Whether setup is played as choices in this match (not the quick placement)."""
    return "quick setup" not in match.flags
