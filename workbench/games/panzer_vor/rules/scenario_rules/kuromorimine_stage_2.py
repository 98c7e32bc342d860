"""Kuromorimine Girls Academy vs. Ōarai Girls Academy, Stage 2: Beginning the Second Stage
(Ōarai's tanks enter at 1019, each with one move of 4 MP), Maus Movement Restrictions,
Kuromorimine Reinforcements, and the Scenario Cards HS0017, Super Strategy and Spirit of the
Student Council. The stage itself is set up from Stage 1 by ``linked.next_stage``.

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

**HS0017**: the Kuromorimine Flag Tank must be able to fire at the Ōarai Flag Tank (in range,
in sight, and a card in the Kuromorimine hand that fires); then the Ōarai Flag Tank goes to
1402, the Kuromorimine Flag Tank to 1006 and another Ōarai tank to 1007, which no tank may
enter for the rest of the match and whose tank may neither move nor fire at the Flag Tank.
The Ōarai player picks "another of Ōarai's tanks" as the card is played
(``PlayCard("HS0017", tank)``; option ``hs0017_tank: "first"``: the first other tank, as
records saved before the choice were played). Reading: "the hexes in the complex beyond
1007" are the map's zone 'Complex beyond 1007' (the printed map shows the complex; the
shipped map's zone is a stand-in holding the two hexes the card places tanks in beyond the
entrance, 1006 and 1402) together with the card's own hexes; option ``hs0017_complex:
"named-hexes"`` reads them as the card's hexes alone (1402, 1006, 1007). The card is played
only on a map with the card's hexes (zone 'HS0017': the Stage 2 map).

**Super Strategy**: "The Ōarai player may not use this card if the Ōarai tank would be unable
to enter the hex behind the target tank (e.g. if it is on a map edge, or if the hex is
occupied)." The card's printed effect is not in the text: the stand-in has the Ōarai tank
slip into that hex, facing the target, and fire from there (with the card's stand-in +1 to
the damage roll).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from workbench.games.panzer_vor.boards.scenario import PanzerVorScenario
from workbench.games.panzer_vor.rules import hooks, restrictions
from workbench.games.panzer_vor.rules import sections as S
from workbench.games.panzer_vor.rules.actions import Choose
from workbench.games.panzer_vor.rules.match import (
    CardMatch,
    Chance,
    Choice,
    Order,
    arrive,
    evolve,
    first_in_reserve,
    push,
    set_top,
)
from workbench.games.panzer_vor.rules.phases import Stage
from workbench.games.panzer_vor.rules.reactions import can_fire_at
from workbench.games.panzer_vor.rules.setting import Setting
from workbench.games.panzer_vor.rules.state import Tank
from workbench.rules.core import Action, Event, Reason
from workbench.rules.options import Option

OARAI, KURO = "Ōarai", "Kuromorimine"

# --- Beginning the Second Stage: the entry at 1019 ------------------------------------------

ENTRY = "1019"
ENTRY_MP = 4


@hooks.on_choice("enter")
def enter(match: CardMatch, choice: Choice, option: str, events: list[Event]) -> CardMatch:
    """The next Ōarai tank enters at 1019 and moves with 4 MP; then the next, until none
    wait or 1019 is held (a tank that stays on 1019 keeps the others out)."""
    if match.board.tank_at(ENTRY) is not None:
        return match
    tank = match.reserves[OARAI][0]
    match = arrive(match, OARAI, ENTRY)
    events.append(Event(f"{tank.id} enters the map at {ENTRY}", (Reason(
        "each tank carries out one Move action as if it had 4 movement points",
        S.STAGE_2_RULES),)))  # fmt: skip
    if match.reserves.get(OARAI):
        match = push(match, Choice(OARAI, "enter", (ENTRY,)))
    return push(match, Order("Move", OARAI, Stage.MOVE, tank.id, from_scenario=True, mp=ENTRY_MP))


# --- Maus Movement Restrictions ----------------------------------------------------------------

MAUS = "Maus Movement Restrictions"


@hooks.AFTER_MOVE(MAUS)
def maus_treads(
    match: CardMatch, tank_id: str, left: int, spent: int, events: list[Event]
) -> CardMatch:
    """After the Maus spends 2 MP or more, a die: on a 6 it is Immobile."""
    tank = match.board.tank(tank_id)
    if tank.name == "Maus" and spent >= 2:
        return push(match, Chance("maus", 6, tank.side, (tank_id,)))
    return match


@hooks.CHANCES("maus")
def maus_die(match: CardMatch, frame: Chance, value: int, events: list[Event]) -> CardMatch:
    if value != 6:
        return match
    (tank_id,) = frame.data
    tank = match.board.tank(tank_id)
    why = Reason("a 6 after spending 2 MP or more", S.STAGE_2_RULES)
    events.append(Event("the Maus' treads fail: it is Immobile", (why,)))
    return evolve(match, board=match.board.with_tank(replace(tank, immobile=True)))


# --- Kuromorimine Reinforcements -------------------------------------------------------------

RULE = "Kuromorimine Reinforcements"
ARRIVALS = ("0108", "0109")
DUE, OPEN, DEPLOYED = (
    "kuromorimine reinforcements due",
    "kuromorimine reinforcements",
    "kuromorimine deployed",
)


def trigger(match: CardMatch) -> CardMatch:
    """A condition is met: the reinforcements are due from Kuromorimine's next turn."""
    if RULE not in match.board.special_rules or OPEN in match.flags:
        return match
    return evolve(match, flags=match.flags | {DUE})


@hooks.ENFORCEMENT_DRAWN(RULE)
def enforcement_card(match: CardMatch, side: str, events: list[Event]) -> CardMatch:
    return trigger(match)


@hooks.DRAWN(RULE)
def reinforcements_card(match: CardMatch, side: str, effect: str, events: list[Event]) -> CardMatch:
    return trigger(match) if effect == "reinforcements" else match


@hooks.AFTER_DESTROYED(RULE)
def maus_destroyed(match: CardMatch, target: Tank, events: list[Event]) -> CardMatch:
    return trigger(match) if target.name == "Maus" else match


@hooks.NEW_TURN(RULE)
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


def placements(match: CardMatch, order: Order) -> list[Action]:
    """The placements open before the card's move (empty: none)."""
    card = match.card(order.card)
    if order.side != KURO or OPEN not in match.flags or not card.move or order.from_scenario:
        return []
    if order.stage is not Stage.CHOOSE or order.done or order.acted:
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


def place(match: CardMatch, order: Order, action: Action, events: list[Event]) -> CardMatch:
    tank_id, _, where = action.option.rpartition("@")  # type: ignore[attr-defined]
    match = arrive(first_in_reserve(match, KURO, tank_id), KURO, where)
    events.append(Event(f"{tank_id} arrives at {where} as reinforcements", (Reason(
        "each time the Kuromorimine player plays a Movement Card, they may place one tank "
        "in each of those hexes", S.KUROMORIMINE_REINFORCEMENTS),)))  # fmt: skip
    placed = replace(order, placed=(*order.placed, tank_id))
    if match.board.tank(tank_id).flag or _flag_waiting(match) is None:
        match = evolve(match, flags=match.flags | {DEPLOYED})
    return set_top(match, placed)


hooks.ORDER_RULES.add(RULE, hooks.OrderRule(placements, flag_owed, place))


# --- Scenario Card: HS0017 -------------------------------------------------------------------

HS0017 = "Scenario Card: HS0017"
HS0017_GATE = "1007"
HS0017_HEXES = {"oarai flag": "1402", "kuro flag": "1006", "gate": HS0017_GATE}
HS0017_ZONE = "HS0017"  # the map's hexes the card names (only the Stage 2 map has them)
COMPLEX_ZONE = "Complex beyond 1007"  # the map's complex: a stand-in on the shipped map
HELD = "hs0017:"  # the flag "hs0017:<tank>": the tank holding 1007
FIRST_TANK, NAMED_HEXES = "hs0017 first tank", "hs0017 named hexes"  # the readings' flags
TANK_READINGS, COMPLEX_READINGS = ("choose", "first"), ("complex", "named-hexes")


HS0017_OPTIONS = (
    Option.choice(
        "hs0017_tank", TANK_READINGS, S.HS0017,
        "\"Place another of Ōarai's tanks in hex 1007\": 'choose': the Ōarai player picks "
        "the tank as the card is played; 'first': the first other Ōarai tank (how records "
        "saved before the choice were played)",
        unwritten="first",
    ),
    Option.choice(
        "hs0017_complex", COMPLEX_READINGS, S.HS0017,
        "\"This card may also not be used if other tanks are already in the hexes in the "
        "complex beyond 1007\": 'complex': the map's zone 'Complex beyond 1007' (on the "
        "shipped map a stand-in: the hexes the card names, 1006 and 1402; draw your map "
        "sheet's complex there) and the card's hexes; 'named-hexes': only 1402, 1006 and "
        "1007 (how records saved before the option were played)",
        unwritten="named-hexes",
        respelled={"named hexes": "named-hexes"},
    ),
)  # fmt: skip


@hooks.OPTIONS(HS0017)
def hs0017_options(scenario: PanzerVorScenario) -> list[Option]:
    return list(HS0017_OPTIONS)


@hooks.SETUP(HS0017)
def hs0017_readings(setting: Setting) -> None:
    if setting.options.get("hs0017_tank", "choose") == "first":
        setting.flags.add(FIRST_TANK)
    if setting.options.get("hs0017_complex", "complex") == "named-hexes":
        setting.flags.add(NAMED_HEXES)


def _flag_of(match: CardMatch, side: str) -> Tank | None:
    return next((t for t in match.tanks_of(side) if t.flag), None)


def _held(match: CardMatch) -> str | None:
    if not match.flags:
        return None
    return next((f[len(HELD) :] for f in match.flags if f.startswith(HELD)), None)


def complex_hexes(match: CardMatch) -> frozenset[Any]:
    """The hexes that must hold no other tank: the card's own, and (reading 'complex') the
    map's complex beyond 1007."""
    hexmap = match.board.map
    named = frozenset(hexmap.hex(label) for label in HS0017_HEXES.values())
    if NAMED_HEXES in match.flags:
        return named
    return named | hexmap.zones.get(COMPLEX_ZONE, frozenset())


def gate_tanks(match: CardMatch) -> tuple[str, ...]:
    """The Ōarai tanks that may be placed in 1007: every Ōarai tank on the map but its Flag
    Tank ("another of Ōarai's tanks")."""
    return tuple(t.id for t in match.tanks_of(OARAI) if not t.flag)


def _clear(match: CardMatch, gate: str | None) -> bool:
    """No tank but the two Flag Tanks and ``gate`` (the tank sent to 1007) in the complex.
    Reading 'complex': a wreck is wreckage, not a tank; records played under the readings
    before the choice ('first', 'named-hexes') counted any counter there, the gate's too."""
    oarai, kuro = _flag_of(match, OARAI), _flag_of(match, KURO)
    placed = {t.id for t in (oarai, kuro) if t is not None} | ({gate} if gate else set())
    board = match.board
    if NAMED_HEXES in match.flags and FIRST_TANK in match.flags:  # as those records were
        there = (board.tank_at(h) for h in complex_hexes(match))
        return all(t is None or t.id in placed for t in there)
    return not any(
        t.hex in complex_hexes(match) and t.id not in placed and not t.wreck for t in board.tanks
    )


def hs0017_choices(match: CardMatch, side: str) -> list[str]:
    """The Ōarai tanks the player may send to 1007: each that leaves the complex clear
    (reading 'first': no choice, the first one goes)."""
    if FIRST_TANK in match.flags:
        return []
    return [t for t in gate_tanks(match) if _clear(match, t)]


@restrictions.restriction(
    "HS0017", key="hs0017", aspects=("where", "when", "which tank"), section=S.HS0017,
    printed="The Kuromorimine Flag Tank must be able to fire at the Ōarai flag tank to play this "
    "card (i.e. it must be within firing range and have line of sight, and have a card in hand "
    "that can be used to fire) ... If there are no Ōarai tanks that may be placed in hex 1007, "
    "this card may not be used. This card may also not be used if other tanks are already in "
    "the hexes in the complex beyond 1007",
)  # fmt: skip
def hs0017_ready(match: CardMatch, side: str) -> bool:
    """On the map of the card's hexes (Stage 2's), by the Ōarai player, as the text says."""
    if side != OARAI or HS0017_ZONE not in match.board.map.zones:
        return False
    oarai, kuro = _flag_of(match, OARAI), _flag_of(match, KURO)
    if oarai is None or kuro is None or not can_fire_at(match, kuro.id, oarai.id):
        return False
    if not any(match.card(c).attack for c in match.hand(KURO)):
        return False
    if not gate_tanks(match):
        return False  # no Ōarai tank may be placed in 1007
    if FIRST_TANK in match.flags:
        return _clear(match, None)
    return bool(hs0017_choices(match, side))


@hooks.on_event("hs0017", choices=hs0017_choices)
def hs0017(match: CardMatch, side: str, choice: str, events: list[Event]) -> CardMatch:
    oarai, kuro = _flag_of(match, OARAI), _flag_of(match, KURO)
    assert oarai is not None and kuro is not None
    gate = match.board.tank(choice or gate_tanks(match)[0])
    board = match.board
    for tank in (oarai, kuro, gate):
        board = board.without([tank.id])
    for tank, label in ((oarai, "1402"), (kuro, "1006"), (gate, HS0017_GATE)):
        board = board.with_tank(replace(tank, hex=board.map.hex(label)))
    why = Reason("Place another of Ōarai's tanks in hex 1007", S.HS0017)
    events.append(Event(f"HS0017: the flag tanks face off; {gate.id} holds {HS0017_GATE}", (why,)))
    return evolve(match, board=board, flags=match.flags | {f"{HELD}{gate.id}"})


def _never(end: Any) -> bool:
    return False


@hooks.MOVE_FILTER(None)  # the card's effect lasts the match, whatever follows
def hs0017_gate(match: CardMatch, tank: Tank) -> Callable[[Any], bool] | None:
    """After HS0017 no tank enters 1007, and the tank there does not move."""
    held = _held(match)
    if held is None:
        return None
    if tank.id == held:
        return hooks.never_moves()
    label = match.board.map.grid.label
    return lambda end: label(end) != HS0017_GATE


@hooks.MAY_FIRE(None)
def hs0017_holds_fire(match: CardMatch, firer: str, target: str) -> bool:
    """After HS0017 the tank in 1007 may not fire at the Flag Tank."""
    held = _held(match)
    return not (held == firer and match.board.tank(target).flag)


# --- Scenario Cards: Spirit of the Student Council, Super Strategy -----------------------------


@restrictions.restriction(
    "Spirit of the Student Council", key="spirit", aspects=("where", "which tank"),
    section=S.LINKED_SCENARIO_CARDS,
    printed="Spirit of the Student Council may only be used on the Kuromorimine City Map, "
    "because the Maus does not appear in any other scenario",
)  # fmt: skip
def against_the_maus(match: CardMatch, side: str) -> bool:
    return any(t.name == "Maus" for t in match.tanks_of(match.opponent(side)))


def behind(match: CardMatch, target_id: str) -> Any:
    """The hex behind a tank (opposite its front), if a tank could enter it now."""
    board = match.board
    target = board.tank(target_id)
    there = target.hex.neighbor((target.facing + 3) % 6)
    if there not in board.map.grid or board.tank_at(there) is not None:
        return None
    terrain = board.map.terrain_at(there)
    return there if terrain.enterable and not terrain.deployment_only else None


def super_strategy(match: CardMatch, firer: str, target: str, events: list[Event]) -> CardMatch:
    there = behind(match, target)
    board = match.board
    tank = board.tank(firer)
    facing = board.tank(target).facing  # behind the target, facing the same way: at its rear
    board = board.with_tank(replace(tank, hex=there, facing=facing))
    events.append(Event(f"Super Strategy: {firer} slips behind {target}",
                        (Reason("placement: stand-in", S.STAGE_2_RULES),)))  # fmt: skip
    return evolve(match, board=board)


hooks.ATTACKS("super strategy")(
    hooks.AttackEffect(lambda match, target: behind(match, target) is not None, super_strategy)
)
restrictions.add("Super Strategy", restrictions.Restriction(
    "super strategy", ("which tank",),
    "The Ōarai player may not use this card if the Ōarai tank would be unable to enter the hex "
    "behind the target tank (e.g. if it is on a map edge, or if the hex is occupied by another "
    "tank)",
    S.STAGE_2_RULES, by="its targets (``ATTACKS``): only an enemy whose hex behind is free",
))  # fmt: skip
