"""Every card's printed restriction checked, on every map it can appear on (issue 49: "each
Scenario, Event and Action card's printed restriction (where, when, whose, which tank) is a
check in code with a test that plays the card once where it is allowed and once where it is
not, on every map it can appear on").

The cards come from the data (``cards.CATALOGUE``), their restrictions from the code
(``restrictions.of``: the Card Type's and the card's own), and the maps a card can appear
on from the shipped scenarios (each scenario's deck, starting hands, Scenario cards and the
cards its rules add) and from the Linked Scenarios (the Ōarai player holds any card of its
pool in any of their matches). For each restriction the tests below build a position where
it holds (``HOLD``) and positions where it does not (``REFUSE``): a restriction with no
builder fails the test, as a card with neither restrictions nor a documented none does.

Linked Scenarios: Scenario Cards: "However, a card may still only be used when the
restrictions listed on the card are met."
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable
from dataclasses import replace
from typing import Any

import pytest

import workbench
from tests.panzer_vor_match import GAME, arranged, scenario
from workbench.games.panzer_vor.rules import restrictions
from workbench.games.panzer_vor.rules.actions import Fire, Move, NoReaction, PlayCard, React, Select
from workbench.games.panzer_vor.rules.cards import CARDS
from workbench.games.panzer_vor.rules.deck import Draw
from workbench.games.panzer_vor.rules.linked import STAGE_2_CARDS
from workbench.games.panzer_vor.rules.linked_game import GAME as LINKED
from workbench.games.panzer_vor.rules.linked_game import MATCHES, card_pool
from workbench.games.panzer_vor.rules.match import CardMatch, Drawing, evolve
from workbench.rules.core import IllegalAction

OARAI = "Ōarai"
PLAYED = [c for c in CARDS.values() if c.kind in ("action", "event", "scenario")]
Case = tuple[CardMatch, tuple[Any, ...]]  # a position and the actions played from it


# --- where each card can appear ---------------------------------------------------------------


def _cards_of(match: CardMatch) -> set[str]:
    held = (*match.hands.values(), *match.scenario_cards.values())
    return {c for c, _ in match.deck} | {c for h in held for c in h} | set(match.waiting_cards)


@functools.cache
def maps() -> dict[str, str]:
    """Each map's name -> the scenario its positions are built from: one where Ōarai plays
    another school (the first by name)."""
    found: dict[str, str] = {}
    for name in sorted(GAME.scenarios()):
        loaded = scenario(name)
        schools = [s.school for s in loaded.sides]
        if OARAI in schools and len(set(schools)) == 2 and "Other" not in schools:
            found.setdefault(loaded.hexmap.name, name)
    return found


@functools.cache
def appearances() -> dict[str, frozenset[str]]:
    """Each card -> the maps it can appear on (see the module)."""
    found: dict[str, set[str]] = {}
    for name in GAME.scenarios():
        match = GAME.start(scenario(name), {"setup": "quick"})
        for card in _cards_of(match) | set(scenario(name).deck_added):
            found.setdefault(card, set()).add(scenario(name).hexmap.name)
    linked = workbench.load(LINKED.scenarios()["linked-scenarios"])
    pool = card_pool(linked, every=True)
    played = (*MATCHES, "anzio-original", "kuromorimine-stage-2")
    for card in (*pool, *STAGE_2_CARDS):  # Ōarai's pool carries into Stage 2 with its own
        for match in played:
            if card in pool or match == "kuromorimine-stage-2":
                found.setdefault(card, set()).add(linked[match].hexmap.name)
    return {card: frozenset(where) for card, where in found.items()}


def _cases() -> list[tuple[str, str]]:
    return [(c.name, m) for c in PLAYED for m in sorted(appearances().get(c.name, ()))]


# --- positions --------------------------------------------------------------------------------


def holder(card: str, where: str) -> str:
    """Who holds the card on this map: the side the map's scenario gives it to, else Ōarai
    (every card of the Ōarai player's pool in the Linked Scenarios)."""
    for side in scenario(maps()[where]).sides:
        if card in side.scenario_cards or card in side.starting_hand.cards:
            return side.school
    return OARAI


def base(where: str, card: str) -> CardMatch:
    """The map's scenario in its holder's Action Phase, the card held (a Scenario card face
    up, any other in the hand), no card anywhere else but a deck of Fire cards."""
    side = holder(card, where)
    match = arranged(maps()[where], hands={}, deck={"Fire": 8}, scenario_cards={})
    hands = {s: () for s in match.order}
    faces = {s: () for s in match.order}
    if CARDS[card].kind == "scenario" and CARDS[card].acts_as in ("action", "event"):
        faces[side] = (card,)
    else:
        hands[side] = (card,)
    return settle(match, side, hands=hands, scenario_cards=faces)


def settle(match: CardMatch, side: str | None = None, **changes: Any) -> CardMatch:
    """The match with ``changes``, ``side`` to act, and its card count made to fit."""
    if side is not None:
        changes["active"] = match.order.index(side)
    match = evolve(match, **changes)
    return evolve(match, total_cards=match.cards_accounted())


def at(match: CardMatch, where: dict[str, str]) -> CardMatch:
    board = match.board
    for tank_id, label in where.items():
        board = board.with_tank(replace(board.tank(tank_id), hex=board.map.hex(label)))
    return evolve(match, board=board)


def holding(match: CardMatch) -> str:
    """The side holding the card being tested (it is the only card held but the Fires)."""
    return next(s for s in match.order if match.hand(s) or match.scenario_cards.get(s))


def give(match: CardMatch, side: str, card: str, face_up: bool) -> CardMatch:
    """The card moved to ``side`` (face up or in the hand)."""
    hands = {s: tuple(c for c in match.hand(s) if c != card) for s in match.order}
    faces = {s: tuple(c for c in match.scenario_cards.get(s, ()) if c != card)
             for s in match.order}  # fmt: skip
    (faces if face_up else hands)[side] = (card,)
    return settle(match, hands=hands, scenario_cards=faces)


def phase(match: CardMatch, name: str, side: str | None = None) -> CardMatch:
    return settle(match, side or holding(match), phase=name, stack=(), event_played=False,
                  actions_left=1)  # fmt: skip


def choice(match: CardMatch, card: str) -> str:
    """The last choice the card's effect offers now ("" for none)."""
    plays = [a for a in GAME.legal_actions(match) if isinstance(a, PlayCard) and a.card == card]
    return plays[-1].choice if plays else ""


def play(match: CardMatch, card: str) -> tuple[Any, ...]:
    """How the card is played from a position where it may be: an Action or Event card by
    ``PlayCard`` (an Action card with a Move icon declares a tank too)."""
    kind = CARDS[card].acts_as if CARDS[card].kind == "scenario" else CARDS[card].kind
    if kind == "event":
        return (PlayCard(card, choice(match, card)),)
    if kind == "action" and CARDS[card].move:
        mobile = [t.id for t in match.tanks_of(holding(match)) if not t.immobile]
        return (PlayCard(card), Select(mobile[0]))
    return (PlayCard(card),)


# --- the Card Types' restrictions ---------------------------------------------------------------


def hold_action(match: CardMatch, card: str) -> Case:
    return phase(match, "action"), play(match, card)


def refuse_action(match: CardMatch, card: str) -> list[Case]:
    return [(phase(match, "event"), (PlayCard(card),))]  # not in the Action Phase


def hold_event(match: CardMatch, card: str) -> Case:
    match = phase(match, "event")
    return match, play(match, card)


def refuse_event(match: CardMatch, card: str) -> list[Case]:
    return [(phase(match, "action"), (PlayCard(card),))]  # not in the Event Phase


def refuse_reaction(match: CardMatch, card: str) -> list[Case]:
    return [(phase(match, "action"), (PlayCard(card),))]  # on the holder's own turn


def hold_drawn(match: CardMatch, card: str) -> Case:
    side = holding(match)
    match = settle(match, side, hands={s: () for s in match.order}, scenario_cards={},
                   phase="draw", deck=((card, 1), ("Fire", 8)),
                   stack=(Drawing(side, 1, draw_phase=True),))  # fmt: skip
    return match, (Draw(card),)


def refuse_drawn(match: CardMatch, card: str) -> list[Case]:
    match = give(match, holding(match), card, face_up=False)
    return [(phase(match, "action"), (PlayCard(card),)), (phase(match, "event"), (PlayCard(card),))]


def refuse_move_icon(match: CardMatch, card: str) -> list[Case]:
    """Every tank of the holder Immobile: none may be declared to move (Move/Fire's tank may
    be declared for its Fire option, and then does not move)."""
    side = holding(match)
    match = phase(match, "action")
    board = match.board
    for tank in match.tanks_of(side):
        board = board.with_tank(replace(tank, immobile=True))
    stuck = evolve(match, board=board)
    tank = match.tanks_of(side)[0].id
    if not CARDS[card].either:
        return [(stuck, (PlayCard(card), Select(tank)))]
    moved = next(a for a in GAME.legal_actions(GAME.apply(match, PlayCard(card)).state)
                 if isinstance(a, Select))  # fmt: skip
    free = GAME.apply(GAME.apply(match, PlayCard(card)).state, moved).state
    move = next(a for a in GAME.legal_actions(free) if isinstance(a, Move))
    return [(stuck, (PlayCard(card), Select(move.tank), move))]


# --- the cards' own restrictions ----------------------------------------------------------------


def _immobile(match: CardMatch, side: str) -> CardMatch:
    tank = match.tanks_of(side)[-1]
    return evolve(match, board=match.board.with_tank(replace(tank, immobile=True)))


def hold_repairs(match: CardMatch, card: str) -> CardMatch:
    return _immobile(match, holding(match))


def refuse_repairs(match: CardMatch, card: str) -> list[Case]:
    enemy = match.opponent(holding(match))
    match = phase(_immobile(match, enemy), "event")
    mended = match.tanks_of(enemy)[-1].id
    match = settle(match, discard=("Thrown Tread",))
    return [(match, (PlayCard(card, f"repair:{mended}"),)),  # not one of the holder's tanks
            (match, (PlayCard(card, "maintain:Thrown Tread"),))]  # an Enforcement card  # fmt: skip


def _removed(match: CardMatch, side: str) -> tuple[CardMatch, str]:
    """A character of ``side`` removed from the map (one of its own, else one added)."""
    from workbench.games.panzer_vor.rules.characters import Crew

    crew = next((c for c in match.crew if c.side == side and c.tank), None)
    gone = Crew(crew.name if crew else f"{side}'s character", side, None, "removed")
    rest = tuple(c for c in match.crew if c != crew)
    return evolve(match, crew=(*rest, gone)), gone.name


def hold_recovery(match: CardMatch, card: str) -> CardMatch:
    return _removed(match, holding(match))[0]


def refuse_recovery(match: CardMatch, card: str) -> list[Case]:
    side = holding(match)
    enemy = match.opponent(side)
    match, mine = _removed(match, side)
    match, theirs = _removed(match, enemy)
    match = phase(match, "event")
    own_tank, enemy_tank = match.tanks_of(side)[0].id, match.tanks_of(enemy)[0].id
    on_theirs = (match, (PlayCard(card, f"{mine}@{enemy_tank}"),))  # on an enemy tank
    not_mine = (match, (PlayCard(card, f"{theirs}@{own_tank}"),))  # the enemy's character
    return [on_theirs, not_mine]


def hold_decoy(match: CardMatch, card: str) -> CardMatch:
    return evolve(match, flags=match.flags | {"eavesdropping played"})


def refuse_decoy(match: CardMatch, card: str) -> list[Case]:
    return [(phase(match, "action"), (PlayCard(card),))]  # neither has been played


def _window_after_a_card(match: CardMatch, card: str) -> Case:
    """The holder's opponent plays a Fire card: the holder may answer the card played."""
    side = holding(match)
    enemy = match.opponent(side)
    match = phase(settle(match, hands={enemy: ("Fire",), side: (card,)}), "action", enemy)
    return match, (PlayCard("Fire"),)


def hold_eavesdropping(match: CardMatch, card: str) -> Case:
    found, actions = _window_after_a_card(match, card)
    return found, (*actions, React(card))


def refuse_eavesdropping(match: CardMatch, card: str) -> list[Case]:
    """Not after a tank has moved (it answers a card played, or a Reaction card)."""
    side = holding(match)
    enemy = match.opponent(side)
    match = phase(settle(match, hands={enemy: ("Move",), side: (card,)}), "action", enemy)
    tank = match.tanks_of(enemy)[0].id
    after = GAME.apply(GAME.apply(match, PlayCard("Move")).state, NoReaction()).state
    after = GAME.apply(after, Select(tank)).state
    move = next(a for a in GAME.legal_actions(after) if isinstance(a, Move))
    return [(match, (PlayCard("Move"), NoReaction(), Select(tank), move, React(card)))]


def _shot(match: CardMatch, firer_side: str, card: str, face_up: bool) -> Case:
    """A tank of ``firer_side`` fires (a Fire card) at a tank of the other side, next to it."""
    side = holding(match)
    target_side = match.opponent(firer_side)
    turreted = [t for t in match.tanks_of(firer_side) if all(g.turret for g in t.counter.guns)]
    firer, target = turreted[0], match.tanks_of(target_side)[0]
    match = at(match, {firer.id: "0805", target.id: "0806"})
    hands = {s: () for s in match.order}
    hands[firer_side] = ("Fire",)
    faces = {s: () for s in match.order}
    (faces if face_up else hands)[side] = (*hands[side], card)
    match = phase(settle(match, hands=hands, scenario_cards=faces), "action", firer_side)
    return match, (PlayCard("Fire"), Select(firer.id), Fire(firer.id, target.id))


def hold_macaroni(match: CardMatch, card: str) -> Case:
    found, actions = _shot(match, OARAI, card, face_up=True)
    return found, (*actions, React(card))


def refuse_macaroni(match: CardMatch, card: str) -> list[Case]:
    found, actions = _shot(match, holding(match), card, face_up=True)  # an Anzio tank fires
    return [(found, (*actions, React(card)))]


def _friends(match: CardMatch, in_sight: bool) -> CardMatch:
    crew = {c.name: c.tank for c in match.crew}
    carpaccio = next(t for n, t in crew.items() if n.startswith("Carpaccio"))
    where = ("0303", "0305") if in_sight else ("0405", "0408")  # forest 0406-0407 between
    return at(match, {carpaccio: where[0], crew["Hippo Team"]: where[1]})


def hold_childhood_friend(match: CardMatch, card: str) -> CardMatch:
    return _friends(match, True)


def refuse_childhood_friend(match: CardMatch, card: str) -> list[Case]:
    hippo = next(c for c in match.crew if c.name == "Hippo Team")
    gone = evolve(match, crew=tuple(replace(c, tank=None, face="gone") if c == hippo else c
                                    for c in match.crew))  # fmt: skip
    friends = _friends(match, True)
    theirs = give(friends, match.opponent(holding(match)), card, face_up=True)
    apart = phase(_friends(match, False), "action")  # not within line of sight
    return [(phase(gone, "action"), (PlayCard(card),)),  # the StuG without the Hippo Team
            (apart, (PlayCard(card),)),
            (phase(theirs, "action"), (PlayCard(card),))]  # not the Anzio player's  # fmt: skip


def hold_trap(match: CardMatch, card: str) -> CardMatch:
    side = holding(match)
    return evolve(match, lost={side: ("CV33",)}, destroyed={match.opponent(side): ("CV33",)})


def refuse_trap(match: CardMatch, card: str) -> list[Case]:
    lost = phase(hold_trap(match, card), "event")
    theirs = give(lost, match.opponent(holding(match)), card, face_up=True)
    return [(phase(match, "event"), (PlayCard(card),)),  # no Anzio tank lost yet
            (phase(theirs, "event"), (PlayCard(card),))]  # not the Anzio player's  # fmt: skip


def hold_oarai(match: CardMatch, card: str) -> CardMatch:
    return match  # Ōarai holds it (``holder``)


def refuse_pravda_additional(match: CardMatch, card: str) -> list[Case]:
    if "Additional Scenario Cards" not in match.board.special_rules:
        return []  # only the Pravda match has the rule
    drawn = give(match, "Pravda", card, face_up=False)  # "drawn by the Pravda player"
    kind = CARDS[card].acts_as
    return [(phase(drawn, kind, "Pravda"), (PlayCard(card),))]


def _church(match: CardMatch) -> str:
    from workbench.games.panzer_vor.rules.scenario_rules.pravda import church_of

    church = church_of(match.board)
    return match.board.map.grid.label(church) if church is not None else "1403"


def _near_church(match: CardMatch, side: str, columns: int = 2) -> CardMatch:
    """A tank of ``side`` two hexes along the Church's row (its hex, or 1403's)."""
    tank = match.tanks_of(side)[0].id
    row, column = int(_church(match)[:2]), int(_church(match)[2:])
    return at(match, {tank: f"{row:02d}{column + columns:02d}"})


def hold_ceasefire(match: CardMatch, card: str) -> CardMatch | None:
    from workbench.games.panzer_vor.rules.scenario_rules.pravda import church_of

    if church_of(match.board) is None:
        return None  # "the Church hex": only the Pravda map has the Church
    return _near_church(match, holding(match))


def refuse_ceasefire(match: CardMatch, card: str) -> list[Case]:
    side = holding(match)
    near = _near_church(match, side)  # the Church's hex, or 1403 on a map without it
    enemy = match.opponent(side)
    theirs = give(_near_church(near, enemy, -2), enemy, card, face_up=True)
    far = (phase(match, "event"), (PlayCard(card),))  # no tank within two hexes
    cases = [far, (phase(theirs, "event", enemy), (PlayCard(card),))]  # not the Ōarai player
    from workbench.games.panzer_vor.rules.scenario_rules.pravda import church_of

    if church_of(match.board) is None:  # a tank next to hex 1403, on a map without the Church
        cases.append((phase(near, "event"), (PlayCard(card),)))
    return cases


def hold_goosefish(match: CardMatch, card: str) -> CardMatch:
    return evolve(match, flags=match.flags | {"ceasefire"})


def refuse_goosefish(match: CardMatch, card: str) -> list[Case]:
    return [(phase(match, "event"), (PlayCard(card),))]  # before any Ceasefire


def hold_smokescreen(match: CardMatch, card: str) -> CardMatch | None:
    if "Kuromorimine" not in match.order:
        return None  # "the Kuromorimine player" (the Linked Scenarios' reading, by default)
    return settle(match, attack_cards={"Kuromorimine": 1})


def refuse_smokescreen(match: CardMatch, card: str) -> list[Case]:
    enemy = match.opponent(holding(match))
    cases = [(phase(match, "event"), (PlayCard(card),))]  # no Attack card played yet
    if enemy != "Kuromorimine":  # another school's Attack card is not the Kuromorimine player's
        cases.append((phase(settle(match, attack_cards={enemy: 1}), "event"), (PlayCard(card),)))
    return cases


def _duel(match: CardMatch) -> CardMatch:
    """Stage 2: the Maus can fire at the Panzer IV Ausf. H (in range, in sight, a Fire card in
    the Kuromorimine hand), and another Ōarai tank to send to 1007."""
    board = match.board
    spare = replace(board.tank("Panzer III Ausf. J"), id="Hetzer", side=OARAI, flag=False)
    match = evolve(match, board=board.with_tank(replace(spare, hex=board.map.hex("1210"))))
    match = at(match, {"Maus": "0810", "Panzer IV Ausf. H": "0813"})
    return settle(match, hands={**match.hands, "Kuromorimine": ("Fire",)})


def hold_hs0017(match: CardMatch, card: str) -> CardMatch | None:
    return _duel(match) if "Maus" in {t.name for t in match.board.tanks} else None


def refuse_hs0017(match: CardMatch, card: str) -> list[Case]:
    duel = phase(_duel(match), "event")
    no_card = settle(duel, hands={**duel.hands, "Kuromorimine": ("Move",)})
    far = at(duel, {"Maus": "0101", "Panzer IV Ausf. H": "1620"})  # out of the Maus' range
    crowded = at(duel, {"Panzer III Ausf. J": "1402"})  # a tank in the complex
    return [(no_card, (PlayCard(card, "Hetzer"),)), (far, (PlayCard(card, "Hetzer"),)),
            (crowded, (PlayCard(card, "Hetzer"),)),
            (duel, (PlayCard(card, "Panzer IV Ausf. H"),))]  # not "another" tank  # fmt: skip


def hold_spirit(match: CardMatch, card: str) -> CardMatch | None:
    return match if "Maus" in {t.name for t in match.tanks_of("Kuromorimine")} else None


def refuse_spirit(match: CardMatch, card: str) -> list[Case]:
    maus = next((t.id for t in match.board.tanks if t.name == "Maus"), None)
    if maus is None:
        return []
    return [(phase(evolve(match, board=match.board.without([maus])), "action"), (PlayCard(card),))]


def _behind(match: CardMatch, free: bool) -> CardMatch:
    match = at(match, {"Maus": "0810", "Panzer IV Ausf. H": "0813"})
    maus = match.board.tank("Maus")
    match = evolve(match, board=match.board.with_tank(replace(maus, facing=1)))
    return at(match, {"Panzer III Ausf. J": "0809"}) if not free else match


def hold_super_strategy(match: CardMatch, card: str) -> Case | None:
    if "Maus" not in {t.id for t in match.board.tanks}:
        return None
    match = phase(_behind(match, True), "action")
    return match, (PlayCard(card), Select("Panzer IV Ausf. H"), Fire("Panzer IV Ausf. H", "Maus"))


def refuse_super_strategy(match: CardMatch, card: str) -> list[Case]:
    blocked = phase(_behind(match, False), "action")  # the hex behind the Maus is occupied
    shot = (PlayCard(card), Select("Panzer IV Ausf. H"), Fire("Panzer IV Ausf. H", "Maus"))
    return [(blocked, shot)]


def nothing(match: CardMatch, card: str) -> list[Case]:
    return []


Hold = Callable[[CardMatch, str], Any]
Refuse = Callable[[CardMatch, str], list[Case]]
# each restriction's key -> (a change that makes it hold, or a whole case; the cases where
# it does not); None: the Card Type's own play makes it hold
BUILDERS: dict[str, tuple[Hold | None, Refuse]] = {
    "action card": (None, refuse_action),
    "event card": (None, refuse_event),
    "reaction card": (None, refuse_reaction),
    "drawn": (hold_drawn, refuse_drawn),
    "move icon": (None, refuse_move_icon),
    "repairs": (hold_repairs, refuse_repairs),
    "recovery": (hold_recovery, refuse_recovery),
    "decoy": (hold_decoy, refuse_decoy),
    "fair play": (hold_drawn, nothing),  # as drawn: the Card Type's cases
    "reinforcements": (hold_drawn, nothing),
    "eavesdropping": (hold_eavesdropping, refuse_eavesdropping),
    "macaroni": (hold_macaroni, refuse_macaroni),
    "childhood friend": (hold_childhood_friend, refuse_childhood_friend),
    "trap": (hold_trap, refuse_trap),
    "pravda additional": (hold_oarai, refuse_pravda_additional),
    "song": (hold_oarai, nothing),  # the players' own: the workbench cannot hear a song
    "ceasefire": (hold_ceasefire, refuse_ceasefire),
    "goosefish dance": (hold_goosefish, refuse_goosefish),
    "smokescreen": (hold_smokescreen, refuse_smokescreen),
    "hs0017": (hold_hs0017, refuse_hs0017),
    "spirit": (hold_spirit, refuse_spirit),
    "super strategy": (hold_super_strategy, refuse_super_strategy),
}


def allowed(card: str, where: str) -> Case | None:
    """A position on the map where every restriction of the card holds, and its play (None:
    one of them cannot hold on this map)."""
    match = base(where, card)
    found = restrictions.of(CARDS[card])
    case: Case | None = None
    for restriction in found:
        hold, _ = BUILDERS[restriction.key]
        made = match if hold is None else hold(match, card)
        if made is None:
            return None
        if isinstance(made, tuple):  # the restriction makes the whole case (a reaction, a draw)
            case = made
        else:
            match = made
    if case is not None:
        return case
    kind = CARDS[card].acts_as if CARDS[card].kind == "scenario" else CARDS[card].kind
    return hold_event(match, card) if kind == "event" else hold_action(match, card)


@functools.cache
def refused(card: str, where: str) -> tuple[tuple[str, Case], ...]:
    """Each restriction's cases where the card may not be played on the map."""
    cases = []
    for restriction in restrictions.of(CARDS[card]):
        match = base(where, card)
        for other in restrictions.of(CARDS[card]):  # every other one holds, where it can
            hold, _ = BUILDERS[other.key]
            made = None if other is restriction or hold is None else hold(match, card)
            match = made if isinstance(made, CardMatch) else match
        _, refuse = BUILDERS[restriction.key]
        cases += [(restriction.key, case) for case in refuse(match, card)]
    return tuple(cases)


def apply_all(match: CardMatch, actions: tuple[Any, ...]) -> CardMatch:
    for action in actions:
        match = GAME.apply(match, action).state
    return match


# --- the tests --------------------------------------------------------------------------------


def test_every_card_has_its_restrictions_or_a_documented_none():
    assert len(PLAYED) >= 38  # the catalogue's Action, Event and Scenario cards
    for card in PLAYED:
        own = card.name in restrictions.OWN
        none = restrictions.NONE_PRINTED.get(card.name, "")
        assert own != bool(none), f"{card.name}: own restrictions, or a documented none"
        assert restrictions.of_type(card), f"{card.name}: a Card Type with its restriction"


def test_every_restriction_has_positions_built_for_it():
    keys = {r.key for card in PLAYED for r in restrictions.of(card)}
    assert keys <= set(BUILDERS), f"no positions for {sorted(keys - set(BUILDERS))}"


def _words(text: str) -> str:
    return re.sub(r"\s+", " ", text.replace("\u2019", "'"))


def test_every_restriction_quotes_the_rulebook(rulebook):
    text = _words(rulebook("panzer-vor-rulebook.txt"))
    for card in PLAYED:
        for found in restrictions.of(card):
            for part in found.printed.split(" ... "):
                assert _words(part) in text, f"{card.name}: {found.key}: {part!r}"
            assert set(found.aspects) <= {"where", "when", "whose", "which tank"}
            assert found.holds is not None or found.by, f"{found.key}: who carries it out"


def test_every_card_appears_on_a_map():
    missing = [c.name for c in PLAYED if not appearances().get(c.name)]
    assert not missing, f"cards on no map: {missing}"
    assert len(_cases()) >= len(PLAYED)


@pytest.mark.parametrize(("card", "where"), _cases())
def test_the_card_is_played_where_allowed_and_refused_where_not(card, where):
    # Linked Scenarios: Scenario Cards: "EXAMPLE: Spirit of the Student Council may only be used
    # on the Kuromorimine City Map, because the Maus does not appear in any other scenario."
    case = allowed(card, where)
    if case is None:  # a restriction that cannot hold on this map: where the card is printed
        assert any(
            "where" in r.aspects or r.key == "smokescreen" for r in restrictions.of(CARDS[card])
        ), f"{card} is never allowed on {where}"
    else:
        match, actions = case
        side = holder(card, where)
        after = apply_all(match, actions)  # every action legal: the card is played
        assert card not in (*after.hand(side), *after.scenario_cards.get(side, ()))
    cases = refused(card, where)
    assert cases, f"{card} on {where}: no position where it is refused"
    for key, (match, actions) in cases:
        before = apply_all(match, actions[:-1])
        last = actions[-1]
        assert last not in GAME.legal_actions(before), f"{key}: {last} is offered"
        with pytest.raises(IllegalAction) as refusal:
            GAME.apply(before, last)
        restriction = next(r for r in restrictions.of(CARDS[card]) if r.key == key)
        if restriction.holds is not None and isinstance(last, PlayCard):
            assert refusal.value.reason.section == restriction.section, (key, refusal.value)


def test_every_restriction_is_refused_somewhere():
    refusing: set[str] = set()
    for card, where in _cases():
        refusing |= {key for key, _ in refused(card, where)}
    keys = {r.key for card in PLAYED for r in restrictions.of(card)}
    unrefused = keys - refusing
    # the song and the drawn cards' own words (the Card Type's cases refuse them) have no
    # position of their own. Pravda: "Scenario Card: The Snowy March: The Snowy March Scenario
    # Card requires that the player sings "Yuki no shingun" to use it - the full song is three
    # minutes long though, but just singing the first few lines (reproduced below) should be
    # enough!:" (the workbench cannot hear it: the restriction is the player's to keep, ``by``)
    assert unrefused == {"song", "fair play", "reinforcements"}
    assert all(
        not r.holds and r.by for c in PLAYED for r in restrictions.OWN.get(c.name, ())
        if r.key in unrefused
    )  # fmt: skip
