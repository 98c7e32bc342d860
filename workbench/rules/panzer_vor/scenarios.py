"""Each scenario's special rules in the card game (Part 2 - Scenarios), switched on by the
names a scenario file lists in ``special_rules`` (kept on the board's ``special_rules``).

Done here: Test Your Luck!'s shrine; Saunders' Fair Play and Decoy; St. Gloriana's
Reinforcements (and Freshmen Don't Flee as an option); Anzio's Childhood Friend, Operation:
Macaroni and Trap; Pravda's Additional Scenario Cards, Ceasefire and Goosefish Dance;
Kuromorimine Stage 1's exit by Remagen Bridge, There Is No Fleeing in Nishizumi-ryu and
Smokescreen; Stage 2's Maus tread check and the conditions for its reinforcements. Pravda's
and Kuromorimine's reinforcements deployed with Movement cards are in ``reinforcements``;
Exhibition!'s set-up (who acts first, the match type, the obstacles) is in ``exhibition``.
Where a rule asks a player to place tanks (Ceasefire), the player places them by choice
(``placing``), or with ``setup: "quick"`` a labelled quick placement does.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from workbench.rules.core import Action, Event, Modifier, Reason
from workbench.rules.panzer_vor import sections
from workbench.rules.panzer_vor.match import (
    CardMatch,
    Chance,
    Choice,
    Drawing,
    Order,
    evolve,
    pop,
    push,
)
from workbench.rules.panzer_vor.state import Tank

S = sections
OARAI = "Ōarai"
PLACING = ("buy", "position", "character", "flag marker")  # setup choices (``placing``)
QUICK = "placed by the workbench's quick placement (not the rulebook's: the player chooses)"


def _has(match: CardMatch, rule: str) -> bool:
    return rule in match.board.special_rules


def _side_of(match: CardMatch, school: str) -> str | None:
    return school if school in match.order else None


# --- conditions ------------------------------------------------------------------------------


def may_play(match: CardMatch, side: str, name: str) -> bool:
    """Whether a Scenario card's condition holds (each scenario's Scenario Card rule)."""
    card = match.card(name)
    if card.kind != "scenario":
        return True
    if name in PRAVDA_CARDS and _has(match, "Additional Scenario Cards") and side != OARAI:
        return False  # drawn by Pravda: kept or discarded, never used
    if name == "Decoy":
        return bool({"eavesdropping played", "fair play played"} & match.flags)
    if name == "Trap":
        return bool(match.lost.get(side))
    if name == "Ceasefire":
        church = match.board.map.hex(CHURCH)
        return any(t.hex.distance(church) <= 2 for t in match.tanks_of(side))
    if name == "Goosefish Dance":
        return "ceasefire" in match.flags
    if name == "Smokescreen":
        return match.attack_cards.get(match.opponent(side), 0) >= 1
    if name == "Childhood Friend":
        return _friends(match) is not None
    if name == "HS0017":
        return _hs0017_ready(match)
    if name == "Spirit of the Student Council":
        return any(t.name == "Maus" for t in match.tanks_of(match.opponent(side)))
    # Eavesdropping and Operation: Macaroni are played as reactions; Fair Play and
    # Reinforcements act when drawn
    return name not in ("Eavesdropping", "Operation: Macaroni", "Fair Play", "Reinforcements")


def abilities_allowed(match: CardMatch, side: str) -> bool:
    """Trap: the Ōarai player may not use character abilities until the next Enforcement
    card is drawn (Anzio (Original): Scenario Card: Trap)."""
    return not ("trap" in match.flags and side == OARAI)


def attack_modifiers(match: CardMatch, side: str) -> tuple[Modifier, ...]:
    if side == OARAI and "goosefish dance" in match.flags:
        return (Modifier("Goosefish Dance", 1, S.PRAVDA_RULES),)
    return ()


# --- cards ------------------------------------------------------------------------------------


PRAVDA_CARDS = (
    "The Snowy March",
    "Ambush",
    "Pinpoint Shot",
    "Panzer Vor!",
    "Volleyball Club Comeback!",
)


def event_effect(
    match: CardMatch, side: str, effect: str, choice: str, events: list[Event]
) -> CardMatch:
    if effect == "trap":
        return evolve(match, flags=match.flags | {"trap"})
    if effect == "goosefish dance":
        return evolve(match, flags=match.flags | {"goosefish dance"})
    if effect == "panzer vor":
        return evolve(match, actions_left=match.actions_left + 1, phase="action")
    if effect == "hs0017":
        return _hs0017(match, side, events)
    if effect == "smokescreen":
        board = match.board
        for tank in match.tanks_of(side):
            board = board.with_tank(replace(tank, smoke=True))
        events.append(Event("a smoke marker on each Ōarai tank", (Reason("", S.SMOKE),)))
        return evolve(match, board=board)
    if effect == "ceasefire":
        return _ceasefire(match, side, events)
    return match


def drawn(match: CardMatch, side: str, effect: str, events: list[Event]) -> CardMatch:
    """A Scenario card that acts when drawn (it is removed from the game)."""
    if effect == "fair play":
        match = evolve(match, flags=match.flags | {"fair play played"})
        return _fair_play(match)
    if effect == "reinforcements":
        from workbench.rules.panzer_vor.reinforcements import trigger

        match = trigger(evolve(match, flags=match.flags | {"reinforcements drawn"}))
        owner = next((s for s, tanks in match.reserves.items() if tanks), None)
        if owner is not None and _has(match, "Reinforcements"):
            return _next_reinforcement(match, owner)
    return match


def _fair_play(match: CardMatch) -> CardMatch:
    saunders = _side_of(match, "Saunders")
    if saunders is None:
        return match
    mine, theirs = match.tanks_of(saunders), match.tanks_of(OARAI)
    if len(mine) <= len(theirs):
        return match
    return push(match, Choice(saunders, "fair play", tuple(t.id for t in mine)))


def _next_reinforcement(match: CardMatch, side: str) -> CardMatch:
    area = (
        match.board.map.zone("Road entries")
        if "Road entries" in match.board.map.zones
        else frozenset()
    )
    enemies = {t.hex for t in match.board.tanks}
    free = sorted(match.board.map.grid.label(h) for h in area if h not in enemies)
    if not free:
        return match
    return push(match, Choice(side, "reinforce", tuple(free)))


def enforcement_drawn(match: CardMatch, events: list[Event]) -> CardMatch:
    from workbench.rules.panzer_vor.reinforcements import trigger

    match = trigger(match)
    if "trap" in match.flags:
        events.append(Event("Trap ends: an Enforcement card was drawn"))
        match = evolve(match, flags=match.flags - {"trap"})
    return match


# --- choices --------------------------------------------------------------------------------


def apply_choice(
    match: CardMatch, choice: Choice, action: Action, events: list[Event]
) -> CardMatch:
    from workbench.rules.panzer_vor import solo

    if choice.purpose in PLACING:
        from workbench.rules.panzer_vor import placing

        return placing.apply(match, choice, action, events)
    option = action.option  # type: ignore[attr-defined]
    match = pop(match)
    if choice.purpose == "character face":
        from workbench.rules.panzer_vor.exhibition import choose_face

        return choose_face(match, choice, option, events)
    if choice.purpose == "upgrade":
        return solo.upgrade(match, choice.data[0], 1, events) if option == "upgrade" else match
    if choice.purpose == "fair play":
        events.append(
            Event(f"Fair Play: {option} leaves the match", (Reason("", S.SAUNDERS_RULES),))
        )
        match = _remove(match, option)
        return _fair_play(match)
    if choice.purpose == "macaroni":
        tank = match.board.tank(choice.data[0])
        moved = replace(tank, hex=match.board.map.hex(option))
        events.append(Event(f"Operation: Macaroni: {tank.id} slips away to {option}"))
        return evolve(match, board=match.board.with_tank(moved))
    if choice.purpose == "reinforce":
        side = choice.side
        tank = match.reserves[side][0]
        match = arrive(match, side, option)
        events.append(
            Event(
                f"{tank.id} arrives at {option} as reinforcements",
                (Reason("", S.ST_GLORIANA_REINFORCEMENTS),),
            )
        )
        # it may move at once for free; the next reinforcement (Freshmen Don't Flee) follows
        match = _next_reinforcement(match, side) if match.reserves.get(side) else match
        return push(match, Order("Reinforcements", side, "move", tank.id, from_scenario=True))
    if choice.purpose == "pravda cards":
        chosen = (*choice.data, option)
        rest = tuple(o for o in choice.options if o != option)
        if len(chosen) < 3:
            return push(match, Choice(choice.side, "pravda cards", rest, chosen))
        waiting = list(match.waiting_cards)
        for name in rest:
            waiting.remove(name)
        return evolve(match, waiting_cards=tuple(waiting), removed=(*match.removed, *rest))
    if choice.purpose in ("deploy", "deploy which"):
        from workbench.rules.panzer_vor import reinforcements

        return reinforcements.apply_choice(match, choice, option, events)
    if choice.purpose == "cv33":
        tank = match.reserves[choice.side][0]
        match = arrive(match, choice.side, option)
        flags = match.flags | {f"cv33 placed:{tank.id}"}
        events.append(Event(f"{tank.id} arrives at {option}", (Reason("", S.ANZIO_REVISED_RULES),)))
        match = evolve(match, flags=flags)
        (left,) = choice.data
        hexes = _cv33_hexes(match)
        if left > 1 and hexes and match.reserves.get(choice.side):
            match = push(match, Choice(choice.side, "cv33", hexes, (left - 1,)))
        return match
    if choice.purpose == "enter":
        from workbench.rules.panzer_vor import linked

        return linked.enter(match, events) if linked.may_enter(match) else match
    if choice.purpose in ("act first", "match type", "flag", "obstacle"):
        from workbench.rules.panzer_vor.exhibition import exhibition_choice

        return exhibition_choice(match, choice, option, events)
    if choice.purpose == "place":
        from workbench.rules.panzer_vor.exhibition import place

        return place(match, choice, option)
    raise AssertionError(choice)


def _remove(match: CardMatch, tank_id: str) -> CardMatch:
    crew = tuple(replace(c, tank=None, face="gone") if c.tank == tank_id else c for c in match.crew)
    return evolve(
        match, board=match.board.without([tank_id]), gone=(*match.gone, tank_id), crew=crew
    )


# --- Anzio ------------------------------------------------------------------------------------


def _friends(match: CardMatch) -> tuple[str, str] | None:
    from workbench.rules.panzer_vor.sight import line_of_sight

    carpaccio = next(
        (c.tank for c in match.crew if c.name.startswith("Carpaccio") and c.tank), None
    )
    hippo = next((c.tank for c in match.crew if c.name == "Hippo Team" and c.tank), None)
    if carpaccio is None or hippo is None:
        return None
    a, b = match.board.tank(carpaccio), match.board.tank(hippo)
    return (a.id, b.id) if line_of_sight(match.board, a.hex, b.hex).clear else None


def childhood_friend(match: CardMatch, side: str, events: list[Event]) -> CardMatch:
    pair = _friends(match)
    assert pair is not None
    events.append(
        Event(
            f"Childhood Friend: {pair[0]} and {pair[1]} leave the match",
            (Reason("", S.ANZIO_REVISED_RULES),),
        )
    )
    for tank_id in pair:
        match = _remove(match, tank_id)
    return match


def macaroni_applies(match: CardMatch, side: str, window: Any) -> bool:
    if side != "Anzio" or window.target is None or window.tank is None:
        return False
    board = match.board
    return board.tank(window.target).side == "Anzio" and board.tank(window.tank).side == OARAI


def macaroni(match: CardMatch, side: str, target: str, events: list[Event]) -> CardMatch:
    board = match.board
    tank = board.tank(target)
    taken = {t.hex for t in board.tanks}
    near_oarai = {h for t in match.tanks_of(OARAI) for h in t.hex.neighbors()}
    options = sorted(
        board.map.grid.label(h)
        for h in tank.hex.disk(5)
        if h in board.map.grid
        and h not in taken
        and h not in near_oarai
        and board.map.terrain_at(h).enterable
        and not board.map.terrain_at(h).deployment_only
    )
    events.append(Event("Operation: Macaroni: the shot is not rolled"))
    if not options:
        return match
    return push(match, Choice(side, "macaroni", tuple(options), (target,)))


# --- Pravda -----------------------------------------------------------------------------------


# Ceasefire: "remove all tanks from the map (but leave wreckage in place as is). The Pravda
# player redeploys all of their remaining tanks (including reinforcements) ... to any
# non-adjacent hexes that are between six and nine hexes from the Church hex. The Ōarai player
# then redeploys all of their surviving tanks to any hex within two hexes of the Church hex."
# Played as choices (``placing``): Pravda first by default (the EDITOR'S NOTE), Ōarai first
# with the option ``ceasefire_order: "published"``; with ``setup: "quick"`` the tanks are
# placed by the labelled quick placement. Reading: "non-adjacent" is between the Pravda tanks.

CHURCH = "1403"
CEASEFIRE_ORDERS = ("pravda first", "published")


def _ceasefire(match: CardMatch, side: str, events: list[Event]) -> CardMatch:
    from workbench.rules.panzer_vor import placing

    board = match.board
    church = board.map.hex(CHURCH)
    grid = board.map.grid
    pravda = match.opponent(side)
    ring = [h for h in church.disk(9) if h in grid and 6 <= h.distance(church) <= 9]
    near = [h for h in church.disk(2) if h in grid]
    if placing.choosing(match):
        match = _lift_for_ceasefire(match, side, pravda, events)
    else:
        match = _quick_ceasefire(match, side, pravda, ring, near, events)
    deck = match.deck
    from workbench.rules.panzer_vor.deck import add

    for card in match.discard:
        deck = add(deck, card)
    match = evolve(
        match,
        deck=deck,
        discard=(),
        flags=match.flags | {"ceasefire", "restart"},
        phase="end",
    )
    for who in match.order:
        need = 5 - len(match.hand(who))
        if need > 0:
            match = push(match, Drawing(who, need))
    if not placing.choosing(match):
        return match
    label = grid.label
    frames = {
        pravda: Choice(pravda, "position", tuple(sorted(map(label, ring))), (True, S.PRAVDA_RULES)),
        side: Choice(side, "position", tuple(sorted(map(label, near))), (False, S.PRAVDA_RULES)),
    }
    first = side if "ceasefire published order" in match.flags else pravda
    match = push(match, frames[match.opponent(first)], frames[first])
    return placing.tidy(match, events)


def _lift_for_ceasefire(
    match: CardMatch, oarai: str, pravda: str, events: list[Event]
) -> CardMatch:
    """Every tank off the map (wrecks stay); Pravda's reinforcements join its tanks to place."""
    board = match.board
    reserves = dict(match.reserves)
    lifted = {
        pravda: (*match.tanks_of(pravda), *reserves.pop(pravda, ())),
        oarai: match.tanks_of(oarai),
    }
    ids = {t.id for tanks in lifted.values() for t in tanks}
    crew = tuple(
        replace(c, tank=None, arrives_with=c.tank) if c.tank in ids else c for c in match.crew
    )
    undeployed = dict(match.undeployed)
    undeployed.update(lifted)
    events.append(
        Event(
            "Ceasefire: every tank leaves the map to be redeployed around the Church",
            (Reason("", S.PRAVDA_RULES),),
        )
    )
    return evolve(
        match,
        board=replace(board, tanks=tuple(t for t in board.tanks if t.wreck)),
        reserves=reserves,
        undeployed=undeployed,
        crew=crew,
    )


def _quick_ceasefire(
    match: CardMatch, side: str, pravda: str, ring: list, near: list, events: list[Event]
) -> CardMatch:
    board = match.board
    grid = board.map.grid
    reserves = dict(match.reserves)
    tanks = [t for t in board.tanks if not t.wreck]
    wrecks = [t for t in board.tanks if t.wreck]
    pravda_tanks = [t for t in tanks if t.side == pravda] + list(reserves.pop(pravda, ()))
    oarai_tanks = [t for t in tanks if t.side == side]
    placed: list[Tank] = []
    used: set = {t.hex for t in wrecks}

    def place(group: list[Tank], hexes: list, spaced: bool) -> None:
        for tank in group:
            for h in sorted(hexes, key=lambda h: grid.to_offset(h)[::-1]):
                terrain = board.map.terrain_at(h)
                if h in used or not terrain.enterable or terrain.deployment_only:
                    continue
                if spaced and any(n in used for n in h.neighbors()):
                    continue
                used.add(h)
                placed.append(replace(tank, hex=h))
                break

    place(pravda_tanks, ring, True)
    place(oarai_tanks, near, False)
    events.append(
        Event(
            "Ceasefire: the tanks are redeployed around the Church",
            (Reason(QUICK, S.PRAVDA_RULES),),
        )
    )
    return evolve(match, board=replace(board, tanks=(*wrecks, *placed)), reserves=reserves)


def arrive(match: CardMatch, side: str, where: str) -> CardMatch:
    """The next reserve tank is placed on ``where``, with the characters riding in on it."""
    tank, *rest = match.reserves[side]
    reserves = dict(match.reserves)
    reserves[side] = tuple(rest)
    placed = replace(tank, hex=match.board.map.hex(where))
    crew = tuple(
        replace(c, tank=tank.id, arrives_with=None) if c.arrives_with == tank.id else c
        for c in match.crew
    )
    return evolve(match, board=match.board.with_tank(placed), reserves=reserves, crew=crew)


# --- movement and destruction -----------------------------------------------------------------


def after_move(
    match: CardMatch, tank_id: str, left: int, spent: int, events: list[Event]
) -> CardMatch:
    from workbench.rules.panzer_vor import solo

    match = solo.reached_shrine(match, tank_id, left)
    tank = match.board.tank(tank_id)
    label = match.board.map.grid.label(tank.hex)
    if (
        _has(match, "Conditions for Ending the First Stage")
        and tank.side == OARAI
        and label == "1501"
    ):
        match = _remove(match, tank_id)
        match = evolve(match, exited=(*match.exited, tank))
        out = sum(1 for t in match.gone if t.startswith("exit:")) + 1
        match = evolve(match, gone=(*match.gone[:-1], f"exit:{tank_id}"))
        events.append(
            Event(
                f"{tank_id} leaves the map by Remagen Bridge",
                (Reason("", S.STAGE_1_RULES),),
            )
        )
        if tank.flag:
            match = evolve(match, flags=match.flags | {"flag exited"})
        if out >= 2:
            match = evolve(match, flags=match.flags | {"stage over"})
    elif _has(match, "Maus Movement Restrictions") and tank.name == "Maus" and spent >= 2:
        match = push(match, Chance("maus", 6, tank.side, (tank_id,)))
    return match


def move_allowed(match: CardMatch, tank: Tank, end: Any) -> bool:
    """There Is No Fleeing in Nishizumi-ryu: in Stage 1 every Kuromorimine move ends closer
    to the Ōarai Flag Tank (until it has left the map). After HS0017 no tank enters 1007 and
    the tank there does not move."""
    allowed = move_filter(match, tank)
    return True if allowed is None else allowed(end)


def _never(end: Any) -> bool:
    return False


def move_filter(match: CardMatch, tank: Tank) -> Callable[[Any], bool] | None:
    """:func:`move_allowed` for one tank as a test of the end hex, or None when every end
    is allowed (worked out once for all the ends a tank can reach)."""
    gate = None
    if match.flags and any(f.startswith("hs0017:") for f in match.flags):
        held = next(f[7:] for f in match.flags if f.startswith("hs0017:"))
        if tank.id == held:
            return _never
        gate = HS0017_GATE
    target = None
    if tank.side == "Kuromorimine" and _has(match, "There Is No Fleeing in Nishizumi-ryu"):
        flag = next((t for t in match.tanks_of(OARAI) if t.flag), None)
        if flag is not None:
            target, limit = flag.hex, tank.hex.distance(flag.hex)
    if gate is None and target is None:
        return None
    label = match.board.map.grid.label

    def allowed(end: Any) -> bool:
        if gate is not None and label(end) == gate:
            return False
        return target is None or end.distance(target) < limit

    return allowed


def resolve_chance(match: CardMatch, frame: Chance, value: int, events: list[Event]) -> CardMatch:
    if frame.purpose == "maus":
        (tank_id,) = frame.data
        if value == 6:
            tank = match.board.tank(tank_id)
            events.append(
                Event(
                    "the Maus' treads fail: it is Immobile",
                    (
                        Reason(
                            "a 6 after spending 2 MP or more",
                            S.STAGE_2_RULES,
                        ),
                    ),
                )
            )
            return evolve(match, board=match.board.with_tank(replace(tank, immobile=True)))
        return match
    if frame.purpose in ("starting player", "obstacles", "character bag"):
        from workbench.rules.panzer_vor.exhibition import exhibition_chance

        return exhibition_chance(match, frame, value, events)
    raise AssertionError(frame)


def after_destroyed(match: CardMatch, target: Tank, events: list[Event]) -> CardMatch:
    if target.name == "Maus":
        from workbench.rules.panzer_vor.reinforcements import trigger

        match = trigger(match)
    return match


# --- Stage 2: HS0017 --------------------------------------------------------------------------
# The Kuromorimine Flag Tank must be able to fire at the Ōarai Flag Tank (in range, in sight,
# and a card in the Kuromorimine hand that fires); then the Ōarai Flag Tank goes to 1402, the
# Kuromorimine Flag Tank to 1006 and another Ōarai tank to 1007, which no tank may enter for
# the rest of the match and whose tank may neither move nor fire at the Flag Tank. Readings:
# the first other Ōarai tank is the one placed at 1007; "the complex beyond 1007" is taken as
# the HS0017 hexes the text names (1006, 1007, 1402).

HS0017_GATE = "1007"
HS0017_HEXES = {"oarai flag": "1402", "kuro flag": "1006", "gate": HS0017_GATE}


def _flag_of(match: CardMatch, side: str) -> Tank | None:
    return next((t for t in match.tanks_of(side) if t.flag), None)


def _hs0017_ready(match: CardMatch) -> bool:
    from workbench.rules.panzer_vor.reactions import can_fire_at

    oarai, kuro = _flag_of(match, OARAI), _flag_of(match, "Kuromorimine")
    if oarai is None or kuro is None or not can_fire_at(match, kuro.id, oarai.id):
        return False
    if not any(match.card(c).attack for c in match.hand("Kuromorimine")):
        return False
    if not [t for t in match.tanks_of(OARAI) if not t.flag]:
        return False  # no Ōarai tank may be placed in 1007
    board = match.board
    for label in HS0017_HEXES.values():
        there = board.tank_at(label)
        if there is not None and there.id not in (oarai.id, kuro.id):
            return False
    return True


def _hs0017(match: CardMatch, side: str, events: list[Event]) -> CardMatch:
    oarai, kuro = _flag_of(match, OARAI), _flag_of(match, "Kuromorimine")
    assert oarai is not None and kuro is not None
    gate = next(t for t in match.tanks_of(OARAI) if not t.flag)
    board = match.board
    for tank, label in ((oarai, "1402"), (kuro, "1006"), (gate, HS0017_GATE)):
        board = board.without([tank.id])
        board = board.with_tank(replace(tank, hex=board.map.hex(label)))
    events.append(Event(f"HS0017: the flag tanks face off; {gate.id} holds {HS0017_GATE}",
                        (Reason("", S.STAGE_2_RULES),)))  # fmt: skip
    return evolve(match, board=board, flags=match.flags | {f"hs0017:{gate.id}"})


def may_fire_at(match: CardMatch, firer: str, target: str) -> bool:
    """After HS0017 the tank in 1007 may not fire at the Flag Tank."""
    held = next((f[7:] for f in match.flags if f.startswith("hs0017:")), None)
    return not (held == firer and match.board.tank(target).flag)


# --- Stage 2: Super Strategy ---------------------------------------------------------------
# "The Ōarai player may not use this card if the Ōarai tank would be unable to enter the hex
# behind the target tank (e.g. if it is on a map edge, or if the hex is occupied)." The card's
# printed effect is not in the text: the stand-in has the Ōarai tank slip into that hex, facing
# the target, and fire from there (with the card's stand-in +1 to the damage roll).


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


# --- Anzio (Revised), Optional Rules: Reinforcements ---------------------------------------
# With the option ``cv33_reinforcements`` Anzio starts with four CV33s; in the Action Phase
# of a turn after a CV33 was destroyed, discarding a Move card (not an Action) places as many
# waiting CV33s as were destroyed, each next to an Anzio tank and not next to an Ōarai tank.


def cv33_waiting(match: CardMatch, side: str) -> tuple[Any, ...]:
    """The waiting CV33s that may be placed now (as many as CV33s destroyed, less those
    already placed), when Anzio holds a Move card to discard."""
    if side != "Anzio" or not match.reserves.get("Anzio") or "Move" not in match.hand(side):
        return ()
    lost = sum(1 for _, target, who in match.kills if who == "Anzio" and target.startswith("CV33"))
    placed = sum(1 for f in match.flags if f.startswith("cv33 placed:"))
    free = max(0, min(lost - placed, len(match.reserves["Anzio"])))
    return tuple(match.reserves["Anzio"][:free]) if _cv33_hexes(match) else ()


def _cv33_hexes(match: CardMatch) -> tuple[str, ...]:
    board = match.board
    taken = {t.hex for t in board.tanks}
    near_anzio = {n for t in match.tanks_of("Anzio") for n in t.hex.neighbors()}
    near_oarai = {n for t in match.tanks_of(OARAI) for n in t.hex.neighbors()}
    out = []
    for h in sorted(near_anzio - near_oarai - taken, key=lambda h: (h.r, h.q)):
        terrain = board.map.terrain_at(h) if h in board.map.grid else None
        if terrain is not None and terrain.enterable and not terrain.deployment_only:
            out.append(board.map.grid.label(h))
    return tuple(out)


def cv33_reinforce(match: CardMatch, side: str, events: list[Event]) -> CardMatch:
    from workbench.rules.panzer_vor.match import take_from_hand

    count = len(cv33_waiting(match, side))
    match = take_from_hand(match, side, "Move")
    match = evolve(match, discard=(*match.discard, "Move"))
    events.append(Event(f"Anzio discards a Move card: {count} CV33 reinforcements",
                        (Reason("this is not an Action", S.ANZIO_REVISED_RULES),)))  # fmt: skip
    return push(match, Choice(side, "cv33", _cv33_hexes(match), (count,)))
