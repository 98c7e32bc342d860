"""Pravda High School vs. Ōarai Girls Academy: Additional Scenario Cards (Ōarai keeps three
of five, the other two are removed), Scenario Card: Ceasefire and Goosefish Dance, the
"Panzer Vor!" card's extra action, and Pravda Reinforcements.

Additional Scenario Cards: "After the starting hands have been dealt, the Ōarai player
chooses three of the following cards, adds them to the deck, and reshuffles it": a choice
after the deal (option ``pravda_cards: "before-the-deal"``: first, as records saved before
the option were played). A card Ōarai already holds (the Linked Scenarios' pool) is not
offered again.

Ceasefire "may use this card if any of their tanks enter within two hexes of the Church
hex": the Church is the map's place of that name, so the card is played only on the Pravda
map (the Linked Scenarios let Ōarai hold it in any match). Ceasefire: "remove all tanks from
the map (but leave wreckage in place as is). The Pravda player redeploys all of their
remaining tanks (including reinforcements) ... to any non-adjacent hexes that are between six
and nine hexes from the Church hex. The Ōarai player then redeploys all of their surviving
tanks to any hex within two hexes of the Church hex."
Played as choices (``placing``): Pravda first by default (the EDITOR'S NOTE), Ōarai first
with the option ``ceasefire_order: "published"``; with ``setup: "quick"`` the tanks are
placed by the labelled quick placement. Reading: "non-adjacent" is between the Pravda tanks.

Pravda Reinforcements (Pravda: Scenario Rules): "The Pravda player deploys one of their
remaining tanks into the Pravda deployment zone each time they play a Movement Card ...
after moving a tank that is already on the map. The KV-2 and IS-2 may only be deployed after
all of the T-34s have been deployed. The Pravda player may choose the order": after each card
with the Move icon, Pravda chooses which tank (a T-34 while any waits, else the KV-2 or the
IS-2), then a free hex of the zone.

"Characters (on different Reinforcement tanks): Katyusha (Front), Nonna (Front)": the Pravda
player chooses the tank each rides in on, Katyusha first, then Nonna on another (option
``pravda_characters: "choose"``, the default; a ``Choose`` of a waiting tank each). Reading:
the choice belongs to the Scenario Setup (the force list says where the characters go, as
it does for the tanks), so it is made once the tanks on the map are deployed, before the
starting hands; a character's tank arrives when the player deploys it (a T-34 with Katyusha
may come early). ``pravda_characters: "kv-2-and-is-2"`` (and the quick placement) put
Katyusha on the KV-2 and Nonna on the IS-2: the reading records saved before the choice were
played with. ``pravda_characters: "on-arrival"`` reads the line as each reinforcement tank
arrives: as it deploys, the Pravda player may put a character still waiting on it (a
``Choose`` of the character, or "no character" while enough tanks wait to carry them); a
Ceasefire that deploys the reinforcements still waiting seats them as the setup's choice does.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from workbench.games.panzer_vor.boards.scenario import Character, PanzerVorScenario
from workbench.games.panzer_vor.rules import hooks, placing, restrictions
from workbench.games.panzer_vor.rules import sections as S
from workbench.games.panzer_vor.rules.characters import Crew, Face
from workbench.games.panzer_vor.rules.deck import add
from workbench.games.panzer_vor.rules.match import (
    RESTART,
    CardMatch,
    Choice,
    Drawing,
    Order,
    arrive,
    evolve,
    first_in_reserve,
    push,
)
from workbench.games.panzer_vor.rules.phases import Phase
from workbench.games.panzer_vor.rules.setting import Setting
from workbench.games.panzer_vor.rules.state import Tank
from workbench.geometry.hexgrid import Hex
from workbench.rules.core import Action, Event, Modifier, Reason
from workbench.rules.options import Option

OARAI, PRAVDA = "Ōarai", "Pravda"
QUICK = "placed by the workbench's quick placement (not the rulebook's: the player chooses)"


# --- Additional Scenario Cards --------------------------------------------------------------

ADDITIONAL = "Additional Scenario Cards"
PRAVDA_CARDS = (
    "The Snowy March",
    "Ambush",
    "Pinpoint Shot",
    "Panzer Vor!",
    "Volleyball Club Comeback!",
)


KEPT = 3  # "the Ōarai player chooses three of the following cards"
WHEN_CHOSEN = ("after-the-deal", "before-the-deal")


CARDS_OPTION = Option.choice(
    "pravda_cards", WHEN_CHOSEN, S.PRAVDA_RULES,
    "Additional Scenario Cards: 'after-the-deal': \"After the starting hands have been dealt, "
    "the Ōarai player chooses three of the following cards\"; 'before-the-deal': the choice "
    "made first (how records saved before the option were played)",
    unwritten="before-the-deal",
    respelled={"after the deal": "after-the-deal", "before the deal": "before-the-deal"},
)  # fmt: skip


@hooks.OPTIONS(ADDITIONAL)
def additional_cards_option(scenario: PanzerVorScenario) -> list[Option]:
    return [CARDS_OPTION]


@hooks.SETUP(ADDITIONAL)
def additional_cards(setting: Setting) -> None:
    """The five cards wait to join the deck; once the starting hands are dealt Ōarai
    chooses the three it adds. A card that is already in the match (one Ōarai holds face up,
    as the Linked Scenarios allow) is one card, in one place: it is not among the five to
    choose from, and Ōarai chooses three of the others (all of them, if three or fewer)."""
    if OARAI not in setting.order:
        return
    held = {c for cards in (*setting.hands.values(), *setting.scenario_cards.values())
            for c in cards}  # fmt: skip
    offered = tuple(c for c in PRAVDA_CARDS if c not in held and c in setting.deck_list.cards)
    setting.waiting_cards += offered
    if len(offered) <= KEPT:
        return  # nothing to choose: every one left joins the deck
    choice = Choice(OARAI, "pravda cards", offered)
    if setting.options.get("pravda_cards", WHEN_CHOSEN[0]) == WHEN_CHOSEN[0]:
        setting.frames.append(choice)  # after the deal of the starting hands
    else:
        setting.frames.insert(0, choice)


@restrictions.restriction(
    *PRAVDA_CARDS, key="pravda additional", aspects=("whose",), section=S.PRAVDA_RULES,
    printed="If any of these cards are drawn by the Pravda player, they may not use them, but "
    "they may keep them in their hands and discard them",
)  # fmt: skip
def only_oarai_uses(match: CardMatch, side: str) -> bool:
    """Drawn by Pravda, one of the five is kept or discarded, never used."""
    return not (ADDITIONAL in match.board.special_rules and side != OARAI)


restrictions.add("The Snowy March", restrictions.Restriction(
    "song", ("when",),
    "The Snowy March Scenario Card requires that the player sings \"Yuki no shingun\" to use it",
    S.PRAVDA_RULES, by="the player: the workbench cannot hear the song, and trusts whoever "
    "plays the card to have sung it",
))  # fmt: skip


@hooks.on_choice("pravda cards")
def keep_cards(match: CardMatch, choice: Choice, option: str, events: list[Event]) -> CardMatch:
    chosen = (*choice.data, option)
    rest = tuple(o for o in choice.options if o != option)
    if len(chosen) < KEPT:
        return push(match, Choice(choice.side, "pravda cards", rest, chosen))
    why = Reason("the Ōarai player chooses three of the following cards, adds them to the "
                 "deck, and reshuffles it", S.PRAVDA_RULES)  # fmt: skip
    events.append(Event(f"Ōarai adds {', '.join(chosen)} to the deck", (why,)))
    waiting = list(match.waiting_cards)
    for name in rest:
        waiting.remove(name)
    return evolve(match, waiting_cards=tuple(waiting), removed=(*match.removed, *rest))


@hooks.on_event("panzer vor")
def panzer_vor(match: CardMatch, side: str, choice: str, events: list[Event]) -> CardMatch:
    """One more Action card, played now."""
    return evolve(match, actions_left=match.actions_left + 1, phase=Phase.ACTION)


# --- Scenario Card: Ceasefire ---------------------------------------------------------------

CEASEFIRE = "Scenario Card: Ceasefire"
CHURCH = "Church"  # the place the map names (Church (Hex 1403): only the Pravda map has it)
CEASEFIRE_ORDERS = ("pravda-first", "published")


@hooks.OPTIONS(CEASEFIRE)
def ceasefire_option(scenario: PanzerVorScenario) -> list[Option]:
    return [
        Option.choice(
            "ceasefire_order", CEASEFIRE_ORDERS, S.PRAVDA_RULES,
            "after a Ceasefire, 'pravda-first' redeploys (the EDITOR'S NOTE's order) or "
            "'published': Ōarai first, as the published scenario",
            respelled={"pravda first": "pravda-first"},
        )
    ]  # fmt: skip


@hooks.SETUP(CEASEFIRE)
def ceasefire_order(setting: Setting) -> None:
    if setting.options.get("ceasefire_order") == "published":
        setting.flags.add("ceasefire published order")


def church_of(board: Any) -> Hex | None:
    """The Church's hex on the board's map (None: the map has no Church)."""
    return next((h for h, name in board.map.places.items() if name == CHURCH), None)


@restrictions.restriction(
    "Ceasefire", key="ceasefire", aspects=("where", "whose"), section=S.PRAVDA_RULES,
    printed="The Ōarai player may use this card if any of their tanks enter within two hexes of "
    "the Church hex",
)  # fmt: skip
def ceasefire_playable(match: CardMatch, side: str) -> bool:
    """Only where the map has the Church (the Pravda map: in the Linked Scenarios the card
    may be held in any match), by the Ōarai player, with a tank within two hexes of it."""
    church = church_of(match.board)
    if church is None or side != OARAI:
        return False
    return any(t.hex.distance(church) <= 2 for t in match.tanks_of(side))


def ceasefire_areas(board: Any) -> tuple[list[Hex], list[Hex]]:
    """Where a Ceasefire redeploys: Pravda's tanks 6 to 9 hexes from the Church, Ōarai's
    within 2 of it (the hexes on the map; none on a map without the Church, where the card
    is never played)."""
    church = church_of(board)
    if church is None:
        return [], []
    grid = board.map.grid
    ring = [h for h in church.disk(9) if h in grid and 6 <= h.distance(church) <= 9]
    near = [h for h in church.disk(2) if h in grid]
    return ring, near


@hooks.on_event("ceasefire")
def ceasefire(match: CardMatch, side: str, choice: str, events: list[Event]) -> CardMatch:
    """Every tank redeployed around the Church, the discard pile shuffled into the deck,
    the hands filled to five, and the match restarts with Ōarai."""
    board = match.board
    grid = board.map.grid
    pravda = match.opponent(side)
    ring, near = ceasefire_areas(board)
    arriving = tuple(t.id for t in match.reserves.get(pravda, ()))  # its reinforcements
    if placing.choosing(match):
        match = _lift_for_ceasefire(match, side, pravda, events)
    else:
        match = _quick_ceasefire(match, side, pravda, ring, near, events)
    deck = match.deck
    for card in match.discard:
        deck = add(deck, card)
    match = evolve(
        match,
        deck=deck,
        discard=(),
        flags=match.flags | {"ceasefire", f"{RESTART}{side}"},
        phase=Phase.END,
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
    riders = tuple((c.name, c.face) for c in waiting_riders(match))
    if riders and arriving:  # 'on arrival': the characters ride in on the reinforcements now
        match = push(match, Choice(pravda, RIDER, arriving, riders))
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
    ids = {t.id for t in placed}
    crew = [replace(c, tank=c.arrives_with, arrives_with=None) if c.arrives_with in ids else c
            for c in match.crew]  # fmt: skip
    arrived = iter(t.id for t in placed if t.id in {r.id for r in match.reserves.get(pravda, ())})
    for rider in waiting_riders(match):  # 'on arrival': in order, on the reinforcements
        crew[crew.index(rider)] = replace(rider, tank=next(arrived, None))
    events.append(
        Event(
            "Ceasefire: the tanks are redeployed around the Church",
            (Reason(QUICK, S.PRAVDA_RULES),),
        )
    )
    return evolve(
        match, board=replace(board, tanks=(*wrecks, *placed)), reserves=reserves, crew=tuple(crew)
    )


# --- Scenario Card: Goosefish Dance -----------------------------------------------------------


@restrictions.restriction(
    "Goosefish Dance", key="goosefish dance", aspects=("when",), section=S.PRAVDA_RULES,
    printed="The Goosefish Dance card may only be played after Ceasefire has been used",
)  # fmt: skip
def goosefish_dance_playable(match: CardMatch, side: str) -> bool:
    return "ceasefire" in match.flags


@hooks.on_event("goosefish dance")
def goosefish_dance(match: CardMatch, side: str, choice: str, events: list[Event]) -> CardMatch:
    return evolve(match, flags=match.flags | {"goosefish dance"})


GOOSEFISH = ((Modifier("Goosefish Dance", 1, S.PRAVDA_RULES),), ())
NONE: tuple[tuple[Modifier, ...], tuple[Modifier, ...]] = ((), ())


@hooks.SHOT_MODIFIERS(None)  # the card may come with another scenario (Linked Scenarios)
def goosefish_dance_shots(
    match: CardMatch, firer: Tank, target: Tank
) -> tuple[tuple[Modifier, ...], tuple[Modifier, ...]]:
    """After Goosefish Dance, Ōarai's shots have +1 to the attack roll."""
    if firer.side == OARAI and "goosefish dance" in match.flags:
        return GOOSEFISH
    return NONE


# --- Pravda Reinforcements --------------------------------------------------------------------

REINFORCEMENTS = "Pravda Reinforcements"
T34S = ("T-34/76", "T-34/85")
RIDERS = ("KV-2", "IS-2")  # the fixed reading: Katyusha on the KV-2, Nonna on the IS-2
CHOOSE, FIXED, ON_ARRIVAL = "choose", "kv-2-and-is-2", "on-arrival"
RIDER, ARRIVING = "pravda rider", "pravda rider arrives"
NO_RIDER = "no character"


CHARACTERS_OPTION = Option.choice(
    "pravda_characters", (CHOOSE, FIXED, ON_ARRIVAL), S.PRAVDA_FORCE,
    "\"Characters (on different Reinforcement tanks)\": 'choose': the Pravda player puts "
    "Katyusha, then Nonna, on a waiting tank of their choice during the setup; 'on-arrival': "
    "as each reinforcement tank deploys, the Pravda player may put a character still waiting "
    "on it (one a tank; the last tanks carry those still waiting); 'kv-2-and-is-2': Katyusha "
    "on the KV-2, Nonna on the IS-2",
    unwritten=FIXED,  # the reading records saved before the choice were played with
    respelled={"KV-2 and IS-2": FIXED, "on arrival": ON_ARRIVAL},
)  # fmt: skip


@hooks.OPTIONS(REINFORCEMENTS)
def characters_option(scenario: PanzerVorScenario) -> list[Option]:
    return [CHARACTERS_OPTION]


@hooks.SETUP(REINFORCEMENTS)
def characters_on_reinforcements(setting: Setting) -> None:
    """Pravda's characters ride in on its reinforcements (see the module's reading)."""
    arrivals = setting.reserves.get(PRAVDA, ())
    unseated = setting.unseated.pop(PRAVDA, [])
    if not arrivals or not unseated:
        return
    faces = tuple((c.name, _face(c)) for c in unseated)
    reading = setting.options.get("pravda_characters", CHOOSE) if setting.choose else FIXED
    if reading == CHOOSE:
        setting.frames.insert(0, Choice(PRAVDA, RIDER, tuple(t.id for t in arrivals), faces))
        return
    if reading == ON_ARRIVAL:  # they wait off the map, on no tank yet (``waiting_riders``)
        setting.crew += [Crew(name, PRAVDA, None, face) for name, face in faces]
        return
    for (name, face), who in zip(faces, RIDERS, strict=False):
        rides = next((t.id for t in arrivals if t.name == who), arrivals[0].id)
        setting.crew.append(Crew(name, PRAVDA, None, face, rides))


def _face(character: Character) -> Face:
    return "back" if character.side == "reverse" else "front"


def _not_a_rider_tank(match: CardMatch, choice: Choice, action: Action) -> Reason:
    name = choice.data[0][0]
    return Reason(
        f"{name} rides in on a waiting Pravda tank that carries no other character: one of "
        f"{', '.join(choice.options)} (not {getattr(action, 'option', action)})",
        S.PRAVDA_FORCE,
    )


@hooks.on_choice(RIDER, why_not=_not_a_rider_tank)
def seat_rider(match: CardMatch, choice: Choice, option: str, events: list[Event]) -> CardMatch:
    """The character rides in on the tank chosen; the next one goes on another tank."""
    (name, face), *rest = choice.data
    rider = Crew(name, choice.side, None, face, option)
    if any(c.name == name for c in match.crew):  # one waiting on no tank ('on arrival')
        match = evolve(match, crew=tuple(rider if c.name == name else c for c in match.crew))
    else:
        match = evolve(match, crew=(*match.crew, rider))
    why = Reason("on different Reinforcement tanks", S.PRAVDA_FORCE)
    events.append(Event(f"{name} will ride in on {option}", (why,)))
    others = tuple(o for o in choice.options if o != option)
    if rest and others:
        match = push(match, Choice(choice.side, RIDER, others, tuple(rest)))
    return match


def waiting_riders(match: CardMatch) -> tuple[Crew, ...]:
    """Pravda's characters that ride in on no tank yet (reading 'on arrival')."""
    return tuple(
        c for c in match.crew
        if c.side == PRAVDA and c.tank is None and c.arrives_with is None
        and c.face in ("front", "back")
    )  # fmt: skip


def rider_choice(match: CardMatch, tank_id: str, left: int) -> CardMatch:
    """As a reinforcement tank deploys with characters still waiting, the Pravda player
    chooses one to ride on it, or none while enough tanks (``left``) wait to carry them."""
    waiting = tuple(c.name for c in waiting_riders(match))
    if not waiting:
        return match
    options = (*waiting, NO_RIDER) if left >= len(waiting) else waiting
    return push(match, Choice(PRAVDA, ARRIVING, options, (tank_id,)))


@hooks.on_choice(ARRIVING)
def rider_arrives(match: CardMatch, choice: Choice, option: str, events: list[Event]) -> CardMatch:
    """The character chosen rides on the tank that has just deployed."""
    if option == NO_RIDER:
        return match
    (tank_id,) = choice.data
    crew = tuple(replace(c, tank=tank_id) if c.name == option else c for c in match.crew)
    why = Reason("Characters (on different Reinforcement tanks)", S.PRAVDA_FORCE)
    events.append(Event(f"{option} rides in on {tank_id}", (why,)))
    return evolve(match, crew=crew)


@hooks.AFTER_ORDER(REINFORCEMENTS)
def after_movement_card(match: CardMatch, order: Order) -> CardMatch:
    """After a Movement card, Pravda chooses the next tank to deploy (see the module)."""
    side = order.side
    if side != PRAVDA or not match.reserves.get(side):
        return match
    if not match.card(order.card).move or not _zone(match):
        return match
    options = pravda_choices(match)
    if len(options) == 1:
        return push(match, Choice(side, "deploy", _zone(match), options))
    return push(match, Choice(side, "deploy which", options))


def _riders(match: CardMatch, tank: Tank) -> tuple[str, ...]:
    return tuple(sorted(c.name for c in match.crew if c.arrives_with == tank.id))


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


@hooks.on_choice("deploy which")
def deploy_which(match: CardMatch, choice: Choice, option: str, events: list[Event]) -> CardMatch:
    return push(match, Choice(choice.side, "deploy", _zone(match), (option,)))


@hooks.on_choice("deploy")
def deploy(match: CardMatch, choice: Choice, option: str, events: list[Event]) -> CardMatch:
    """The tank chosen (``data``; else the next waiting) deploys on the hex chosen."""
    tank_id = choice.data[0] if choice.data else match.reserves[choice.side][0].id
    events.append(Event(f"{tank_id} deploys at {option}", (Reason(
        "one remaining tank each time Pravda plays a Movement Card; the KV-2 and IS-2 only "
        "after all of the T-34s", S.PRAVDA_RULES),)))  # fmt: skip
    match = arrive(first_in_reserve(match, choice.side, tank_id), choice.side, option)
    return rider_choice(match, tank_id, len(match.reserves.get(choice.side, ())))
