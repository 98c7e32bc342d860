"""The Panzer Vor! card game's actions numbered *relative to the match* (see
:mod:`workbench.games.panzer_vor.numbering.card_space`), so that a scenario of dozens of tanks on
a map of hundreds of hexes fits in OpenSpiel's 10⁵ numbers:

- a **tank slot** is a tank's place among the tanks the match holds now (on the map, still
  to deploy or in reserve), in the order the scenario lists their ids: slot *k* is "the
  match's *k*-th tank" (a Fire's firer and target, beside the gun it declares), or "the
  acting side's *k*-th tank" (a Move's or Deploy's tank: only the side to act moves or
  places its tanks). A tank leaving the match (destroyed, or removed) moves the later ones
  up a slot, as TANKS' arrow heading is read from the hull's heading now;
- a **move's end** is its offset from the tank's hex (axial coordinates) within the largest
  reach a tank of the scenario can have: its most movement points (the fastest counter, the
  largest card bonus and the largest character bonus together, or an Order's "as if it had
  N MP"), every hex entered costing at least the map's cheapest entry;
- a **deployment hex** is its index in the deployment area being placed in now (the top
  ``"position"`` choice's hexes), up to the largest area the scenario sets (its setup's, and
  a Ceasefire's around the Church).

>>> from workbench.geometry.hexgrid import Hex
>>> offsets(1)[:3], len(offsets(4))
((Hex(q=0, r=0), Hex(q=-1, r=0), Hex(q=0, r=-1)), 61)
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import replace
from functools import cache
from typing import Any

from workbench.games.panzer_vor.numbering.practice_space import plain_move
from workbench.games.panzer_vor.rules.actions import Deploy, Fire, Move
from workbench.games.panzer_vor.rules.characters import CATALOGUE
from workbench.games.panzer_vor.rules.event_cards import WRECK
from workbench.games.panzer_vor.rules.scenario_rules.kuromorimine_stage_2 import ENTRY_MP
from workbench.games.panzer_vor.rules.scenario_rules.pravda import ceasefire_areas
from workbench.games.panzer_vor.rules.turn import current_player
from workbench.geometry.hexgrid import Hex
from workbench.openspiel.numbering import NotNumbered


@cache
def offsets(radius: int) -> tuple[Hex, ...]:
    """Every offset within ``radius`` hexes, the tank's own hex first, then ring by ring."""
    return tuple(Hex(0, 0).disk(radius))


SLOTS_KEY = "openspiel slots"  # where a match's memo keeps its tanks in slot order


class Slots:
    """The tank slots of one scenario's matches (see the module): ``order`` ranks every id a
    tank of the scenario can have; ``count`` is the most tanks a match holds at once, and
    ``per_side`` the most one side holds; ``key``: where a match's memo keeps its slots (a
    series, ranking other ids, keeps them apart)."""

    def __init__(self, order: Iterable[str], count: int, per_side: int,
                 key: str = SLOTS_KEY) -> None:  # fmt: skip
        self.rank = {tank: i for i, tank in enumerate(dict.fromkeys(order))}
        self.count = count
        self.per_side = per_side
        self.key = key

    def present(self, match: Any, side: str | None = None) -> tuple[str, ...]:
        """The ids of the tanks the match holds now (``side``'s only, if given), in slot
        order."""
        memo = match.memo
        key = (self.key, side)
        found = memo.get(key)
        if found is None:
            tanks = list(match.board.tanks)
            for group in (match.undeployed, match.reserves):
                for held in group.values():
                    tanks += held
            ids = [t.id for t in tanks if side is None or t.side == side]
            far = len(self.rank)
            found = tuple(sorted(dict.fromkeys(ids), key=lambda t: (self.rank.get(t, far), t)))
            memo[key] = found
        return found

    def slot(self, match: Any, tank: str, side: str | None = None) -> int:
        present = self.present(match, side)
        if tank not in present:
            held = f"{side}'s tanks" if side else "the tanks held"
            raise NotNumbered(f"{tank!r} is not one of {held} now: no slot")
        return present.index(tank)

    def tank(self, match: Any, slot: int, side: str | None = None) -> str:
        present = self.present(match, side)
        if slot >= len(present):
            raise NotNumbered(f"tank slot {slot}: {side or 'the match'} holds {len(present)} now")
        return present[slot]


def zone_index(match: Any, label: str) -> int:
    """``label``'s index in the deployment area placed in now."""
    options = _zone(match)
    memo = match.memo
    index = memo.get("openspiel zone")
    if index is None:
        index = memo["openspiel zone"] = {h: i for i, h in enumerate(options)}
    if label not in index:
        raise NotNumbered(f"{label!r} is not in the deployment area placed in now")
    return int(index[label])


def zone_label(match: Any, index: int) -> str:
    options = _zone(match)
    if index >= len(options):
        raise NotNumbered(f"deployment hex {index}: the area placed in now has {len(options)}")
    return str(options[index])


def _zone(match: Any) -> tuple[str, ...]:
    top = match.top
    if getattr(top, "purpose", "") != "position":
        raise NotNumbered("a Deploy is numbered within a deployment area: none is being placed")
    return tuple(top.options)


def most_tanks(start: Any) -> dict[str, int]:
    """The most tanks each side of a match from ``start`` holds at once: those it lists, and
    what the side's points can buy (Exhibition!: Purchasing Tanks)."""
    held = dict.fromkeys(start.order, 0)
    for tank in start.board.tanks:
        held[tank.side] = held.get(tank.side, 0) + 1
    for group in (start.undeployed, start.reserves):
        for side, tanks in group.items():
            held[side] = held.get(side, 0) + len(tanks)
    for frame in start.stack:
        if getattr(frame, "purpose", "") == "buy":
            points, limit, _, counters = frame.data
            cheapest = min((max(c.points, 1) for c in counters), default=points + 1)
            held[frame.side] = held.get(frame.side, 0) + min(limit, points // cheapest)
    return held


def largest_area(start: Any, ceasefire: bool) -> int:
    """The most hexes of a deployment area in a match from ``start`` (see the module)."""
    sizes = [len(f.options) for f in start.stack if getattr(f, "purpose", "") == "position"]
    if ceasefire:
        sizes += [len(area) for area in ceasefire_areas(start.board)]
    return max(sizes, default=0)


class Relative:
    """Move, Fire and Deploy numbered relative to the match (see the module): each's
    ``encode``/``decode`` for its :class:`~workbench.openspiel.numbering.Family`."""

    def __init__(self, slots: Slots, reach: tuple[Hex, ...]) -> None:
        self.slots = slots
        self.reach = reach

    def move(self, action: Any, state: Any) -> tuple[Any, ...]:
        if action.path:
            plain_move(action, state)  # refuses it, saying why
        tank = state.board.tank(action.tank)
        offset = state.board.map.grid.hex(action.to) - tank.hex
        return (self.own(state, action.tank), offset, action.facing, action.ability)

    def move_back(self, values: tuple[Any, ...], state: Any) -> Any:
        slot, offset, facing, ability = values
        tank = self.slots.tank(state, slot, acting_side(state))
        grid = state.board.map.grid
        return Move(tank, grid.label(state.board.tank(tank).hex + offset), facing, (), ability)

    def own(self, state: Any, tank: str) -> int:
        """The tank's slot among the acting side's (a Move's and a Deploy's tank)."""
        return self.slots.slot(state, tank, acting_side(state))

    def fire(self, action: Any, state: Any) -> tuple[Any, ...]:
        slot = self.slots.slot
        return (slot(state, action.firer), slot(state, action.target), action.gun)

    def fire_back(self, values: tuple[Any, ...], state: Any) -> Any:
        firer, target, gun = values
        return Fire(self.slots.tank(state, firer), self.slots.tank(state, target), gun)

    def wreck(self, action: Any, state: Any) -> tuple[Any, ...]:
        """A Repairs/Maintenance's choice with the wreck it removes as its slot."""
        return (replace(action, choice=self._wreck(action.choice, state, self._slot)),)

    def wreck_back(self, values: tuple[Any, ...], state: Any) -> Any:
        (action,) = values
        return replace(action, choice=self._wreck(action.choice, state, self._tank))

    def _slot(self, match: Any, tank: str) -> str:
        return str(self.slots.slot(match, tank))

    def _tank(self, match: Any, slot: str) -> str:
        return self.slots.tank(match, int(slot))

    @staticmethod
    def _wreck(choice: str, match: Any, swap: Callable[[Any, str], str]) -> str:
        head, mark, wreck = choice.partition(WRECK)
        return f"{head}{mark}{swap(match, wreck)}" if mark else choice

    def deploy(self, action: Any, state: Any) -> tuple[Any, ...]:
        return (self.own(state, action.tank), zone_index(state, action.to), action.facing)

    def deploy_back(self, values: tuple[Any, ...], state: Any) -> Any:
        slot, index, facing = values
        tank = self.slots.tank(state, slot, acting_side(state))
        return Deploy(tank, zone_label(state, index), facing)


def acting_side(state: Any) -> str:
    """The side to act in a match (a Move or Deploy is numbered among its tanks)."""
    side = current_player(state)
    if not isinstance(side, str):
        raise NotNumbered(f"no side acts now ({side}): a Move or Deploy is numbered by its tank")
    return side


def scenario_characters(start: Any) -> tuple[str, ...]:
    """The characters of a match from ``start``: on its tanks, and to be placed."""
    names = [c.name for c in start.crew]
    names += [f.data[0] for f in start.stack if getattr(f, "purpose", "") == "character"]
    return tuple(dict.fromkeys(names))


def movement_bonus(name: str) -> int:
    """The most MP a character's ability adds to a move (either side of its counter)."""
    counter = next((c for c in CATALOGUE if c.name == name), None)
    if counter is None:
        return 0
    return max((a.value for a in (*counter.front, *counter.back) if a.kind == "movement"),
               default=0)  # fmt: skip


def reach_radius(start: Any, cards: Iterable[str], movers: Iterable[str]) -> int:
    """The most hexes from its own a move can end (see :mod:`.card_slots`): the most MP (the
    fastest counter, or 3 with smoke, plus the largest card bonus and the largest character
    bonus; or a scenario Order's "as if it had N MP" plus that character bonus) over the
    map's cheapest entry."""
    counters = [t.counter for t in start.board.tanks]
    counters += [t.counter for g in (start.undeployed, start.reserves) for ts in g.values()
                 for t in ts]  # fmt: skip
    for frame in start.stack:
        if getattr(frame, "purpose", "") == "buy":
            counters += list(frame.data[3])
    fastest = max([3, *(c.movement for c in counters)])
    card = max((start.deck_list.card(c).mp for c in cards
                if c in start.deck_list.cards), default=0)  # fmt: skip
    most = max(fastest + card, ENTRY_MP) + max((movement_bonus(m) for m in movers), default=0)
    hexmap = start.board.map
    kinds = {hexmap.terrain_name(h) for h in hexmap.grid}
    least = min(
        min([hexmap.terrain_types[k].mp_enter, *hexmap.terrain_types[k].mp_enter_from.values()])
        for k in kinds
        if hexmap.terrain_types[k].enterable
    )
    return most // max(least, 1)


__all__ = [
    "SLOTS_KEY",
    "Relative",
    "Slots",
    "acting_side",
    "largest_area",
    "most_tanks",
    "movement_bonus",
    "offsets",
    "reach_radius",
    "scenario_characters",
    "zone_index",
    "zone_label",
]
