"""Reinforcements deployed with Movement cards: Kuromorimine's in Stage 2 and Pravda's.

**Kuromorimine Reinforcements** (Stage 2: Scenario Rules): "reinforcements may appear after
an Enforcement Card is drawn, the Reinforcements Card is drawn, or the Maus is destroyed.
Once any of these conditions are met, starting on their next turn the Kuromorimine player may
begin to deploy ... in hexes 0108 and 0109. From this point, each time the Kuromorimine
player plays a Movement Card, they may place one tank in each of those hexes - they may use
the move listed on the card on the newly placed tanks or on another one ... a new tank may
not be deployed into either of these hexes while another tank is occupying it. The first
time you deploy reinforcements, one of the tanks deployed must be the Flag Tank. If using the
Move All Tanks card ... you may also move all of your tanks currently on the board."

A condition met marks the reinforcements due; they open at the start of Kuromorimine's next
turn (never the turn the condition is met). With a card bearing the Move icon, before any
tank is declared for it, the player may place waiting tanks (``Choose("<tank>@<hex>")``),
one in each free hex of 0108 and 0109; the card's move then goes to any tank, the new ones
included (Move All Tanks moves them all). Readings: the placing comes before the card's move
(so a tank placed can use it); a wreck in 0108/0109 is a marker, not a tank occupying it;
the first deployment holds the Flag Tank — once a tank other than the Flag Tank is placed,
the Flag Tank must take the other hex before the card goes on, and with one hex free only the
Flag Tank may come; waiting tanks that differ in nothing (type, flag, riders) are offered once.

**Pravda Reinforcements** (Pravda: Scenario Rules): "The Pravda player deploys one of their
remaining tanks into the Pravda deployment zone each time they play a Movement Card ... after
moving a tank that is already on the map. The KV-2 and IS-2 may only be deployed after all
of the T-34s have been deployed. The Pravda player may choose the order": after each card
with the Move icon, Pravda chooses which tank (a T-34 while any waits, else the KV-2 or the
IS-2), then a free hex of the zone.
"""

from __future__ import annotations

from dataclasses import replace

from workbench.rules.core import Event, Reason
from workbench.rules.panzer_vor import sections
from workbench.rules.panzer_vor.actions import Choose
from workbench.rules.panzer_vor.match import CardMatch, Choice, Order, evolve, push, set_top
from workbench.rules.panzer_vor.state import Tank

KURO, PRAVDA = "Kuromorimine", "Pravda"
ARRIVALS = ("0108", "0109")
RULE = "Kuromorimine Reinforcements"
DUE, OPEN, DEPLOYED = (
    "kuromorimine reinforcements due",
    "kuromorimine reinforcements",
    "kuromorimine deployed",
)
T34S = ("T-34/76", "T-34/85")


# --- Kuromorimine -------------------------------------------------------------------------


def trigger(match: CardMatch) -> CardMatch:
    """A condition is met: the reinforcements are due from Kuromorimine's next turn."""
    if RULE not in match.board.special_rules or OPEN in match.flags:
        return match
    return evolve(match, flags=match.flags | {DUE})


def new_turn(match: CardMatch) -> CardMatch:
    """At the start of a Kuromorimine turn, reinforcements that were due open."""
    if DUE in match.flags and match.side_to_act == KURO:
        return evolve(match, flags=(match.flags - {DUE}) | {OPEN})
    return match


def _free(match: CardMatch) -> list[str]:
    live = {t.hex for t in match.board.tanks if not t.wreck}
    return [h for h in ARRIVALS if match.board.map.hex(h) not in live]


def _riders(match: CardMatch, tank: Tank) -> tuple[str, ...]:
    return tuple(sorted(c.name for c in match.crew if c.arrives_with == tank.id))


def _flag_waiting(match: CardMatch) -> Tank | None:
    if DEPLOYED in match.flags:
        return None
    return next((t for t in match.reserves.get(KURO, ()) if t.flag), None)


def placements(match: CardMatch, order: Order) -> list[Choose]:
    """The placements open before the card's move (empty: none)."""
    card = match.card(order.card)
    if order.side != KURO or OPEN not in match.flags or not card.move or order.from_scenario:
        return []
    if order.stage != "choose" or order.done or order.acted:
        return []
    waiting = match.reserves.get(KURO, ())
    free = _free(match)
    if not waiting or not free:
        return []
    flag = _flag_waiting(match)
    if flag is not None and (flag_owed(match, order) or len(free) == 1):
        return [Choose(f"{flag.id}@{h}") for h in free]
    kinds: dict[tuple, Tank] = {}
    for tank in waiting:
        kinds.setdefault((tank.name, tank.flag, _riders(match, tank)), tank)
    return [Choose(f"{t.id}@{h}") for t in kinds.values() for h in free]


def flag_owed(match: CardMatch, order: Order) -> bool:
    """This card placed a tank other than the Flag Tank in the first deployment: the Flag
    Tank must come too before the card goes on."""
    return bool(order.placed) and _flag_waiting(match) is not None and bool(_free(match))


def place(match: CardMatch, order: Order, option: str, events: list[Event]) -> CardMatch:
    from workbench.rules.panzer_vor.scenarios import arrive

    tank_id, _, where = option.rpartition("@")
    match = arrive(_first(match, KURO, tank_id), KURO, where)
    events.append(Event(f"{tank_id} arrives at {where} as reinforcements", (Reason(
        "each time the Kuromorimine player plays a Movement Card, they may place one tank "
        "in each of those hexes", sections.KUROMORIMINE_REINFORCEMENTS),)))  # fmt: skip
    placed = replace(order, placed=(*order.placed, tank_id))
    if match.board.tank(tank_id).flag or _flag_waiting(match) is None:
        match = evolve(match, flags=match.flags | {DEPLOYED})
    return set_top(match, placed)


def _first(match: CardMatch, side: str, tank_id: str) -> CardMatch:
    """The reserve with ``tank_id`` first (``arrive`` places the first waiting tank)."""
    waiting = match.reserves[side]
    chosen = next(t for t in waiting if t.id == tank_id)
    reserves = dict(match.reserves)
    reserves[side] = (chosen, *(t for t in waiting if t.id != tank_id))
    return evolve(match, reserves=reserves)


# --- Pravda ----------------------------------------------------------------------------------


def after_order(match: CardMatch, order: Order) -> CardMatch:
    """After a Movement card, Pravda chooses the next tank to deploy (see the module)."""
    side = order.side
    if "Pravda Reinforcements" not in match.board.special_rules or side != PRAVDA:
        return match
    if not match.reserves.get(side) or not match.card(order.card).move or not _zone(match):
        return match
    options = pravda_choices(match)
    if len(options) == 1:
        return push(match, Choice(side, "deploy", _zone(match), options))
    return push(match, Choice(side, "deploy which", options))


def pravda_choices(match: CardMatch) -> tuple[str, ...]:
    """The tanks Pravda may deploy next: one of each waiting T-34 type while any T-34 waits,
    then the KV-2 or the IS-2."""
    waiting = match.reserves.get(PRAVDA, ())
    t34 = [t for t in waiting if t.name in T34S]
    pool = t34 or list(waiting)
    kinds: dict[tuple, Tank] = {}
    for tank in pool:
        kinds.setdefault((tank.name, _riders(match, tank)), tank)
    return tuple(t.id for t in kinds.values())


def _zone(match: CardMatch) -> tuple[str, ...]:
    taken = {t.hex for t in match.board.tanks if not t.wreck}
    zone = match.board.map.zones.get("Pravda deployment", frozenset())
    return tuple(sorted(match.board.map.grid.label(h) for h in zone if h not in taken))


def apply_choice(match: CardMatch, choice: Choice, option: str, events: list[Event]) -> CardMatch:
    """Pravda's "deploy which" (a tank) and "deploy" (a hex; ``data``: the tank)."""
    from workbench.rules.panzer_vor.scenarios import arrive

    if choice.purpose == "deploy which":
        return push(match, Choice(choice.side, "deploy", _zone(match), (option,)))
    tank_id = choice.data[0] if choice.data else match.reserves[choice.side][0].id
    events.append(Event(f"{tank_id} deploys at {option}", (Reason(
        "one remaining tank each time Pravda plays a Movement Card; the KV-2 and IS-2 only "
        "after all of the T-34s", sections.PRAVDA_RULES),)))  # fmt: skip
    return arrive(_first(match, choice.side, tank_id), choice.side, option)
