"""Anzio High School vs. Ōarai Girls Academy, both versions: Scenario Card: Trap (Original:
after Anzio has lost a tank; Ōarai's characters' abilities do not work until the next
Enforcement card is drawn), Childhood Friend and Operation: Macaroni (Revised), and the
Revised scenario's Optional Rule Reinforcements (option ``cv33_reinforcements``: Anzio
starts with four CV33s; in the Action Phase of a turn after a CV33 was destroyed, discarding
a Move card, "this is not an Action", places as many waiting CV33s as were destroyed, each
next to an Anzio tank and not next to an Ōarai tank).

"By discarding one Move card": read as any Movement card of the hand, a card with the Move
icon (Card Types: "Movement Cards have an icon of a moving tank"), as the rulebook's "Move
Cards" elsewhere ("A tank that is considered Immobile may not use Move Cards") and Pravda's
and Kuromorimine's reinforcements ("each time they play a Movement Card") read; the option
``cv33_discard: "move"`` reads it as the card named Move only (how records saved before the
option were played)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from workbench.games.panzer_vor.boards.scenario import PanzerVorScenario
from workbench.games.panzer_vor.rules import hooks, restrictions
from workbench.games.panzer_vor.rules import sections as S
from workbench.games.panzer_vor.rules.actions import Discard
from workbench.games.panzer_vor.rules.match import (
    CardMatch,
    Choice,
    Effect,
    Shot,
    Window,
    arrive,
    evolve,
    pop,
    push,
    remove_tank,
    take_from_hand,
)
from workbench.games.panzer_vor.rules.phases import Moment, Phase
from workbench.games.panzer_vor.rules.setting import Setting
from workbench.games.panzer_vor.rules.sight import line_of_sight
from workbench.games.panzer_vor.rules.state import Tank
from workbench.rules.core import Action, Event, Reason
from workbench.rules.options import Option

OARAI, ANZIO = "Ōarai", "Anzio"


# --- Scenario Card: Trap (Original) ---------------------------------------------------------


@restrictions.restriction(
    "Trap", key="trap", aspects=("when", "whose"), section=S.ANZIO_ORIGINAL_RULES,
    printed="You may use this card after the Anzio Team has lost at least one tank. When the "
    "Anzio player plays this card",
)  # fmt: skip
def trap_playable(match: CardMatch, side: str) -> bool:
    return side == ANZIO and bool(match.lost.get(side))


@hooks.on_event("trap")
def trap(match: CardMatch, side: str, choice: str, events: list[Event]) -> CardMatch:
    return evolve(match, flags=match.flags | {"trap"})


@hooks.ABILITIES(None)
def abilities_under_trap(match: CardMatch, side: str) -> bool:
    """Trap: the Ōarai player may not use character abilities until the next Enforcement
    card is drawn (Anzio (Original): Scenario Card: Trap)."""
    return not ("trap" in match.flags and side == OARAI)


@hooks.ENFORCEMENT_DRAWN(None)
def trap_ends(match: CardMatch, side: str, events: list[Event]) -> CardMatch:
    if "trap" not in match.flags:
        return match
    events.append(Event("Trap ends: an Enforcement card was drawn"))
    return evolve(match, flags=match.flags - {"trap"})


# --- Scenario Card: Childhood Friend (Revised) ----------------------------------------------


def _friends(match: CardMatch) -> tuple[str, str] | None:
    carpaccio = next(
        (c.tank for c in match.crew if c.name.startswith("Carpaccio") and c.tank), None
    )
    hippo = next((c.tank for c in match.crew if c.name == "Hippo Team" and c.tank), None)
    if carpaccio is None or hippo is None:
        return None
    a, b = match.board.tank(carpaccio), match.board.tank(hippo)
    return (a.id, b.id) if line_of_sight(match.board, a.hex, b.hex).clear else None


@restrictions.restriction(
    "Childhood Friend", key="childhood friend", aspects=("when", "whose", "which tank"),
    section=S.ANZIO_REVISED_RULES,
    printed="During the Anzio player's turn, the Childhood Friend Scenario Card may be played - "
    "if Carpaccio's Semovente and the Hippo Team's StuG III are within line of sight of each "
    "other",
)  # fmt: skip
def childhood_friend_playable(match: CardMatch, side: str) -> bool:
    return side == ANZIO and _friends(match) is not None


@hooks.PLAYED("childhood friend")
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
        match = remove_tank(match, tank_id)
    return match


# --- Scenario Card: Operation: Macaroni (Revised) -------------------------------------------


def macaroni_applies(match: CardMatch, side: str, window: Window) -> bool:
    """An Ōarai tank shoots an Anzio tank."""
    if side != ANZIO or window.target is None or window.tank is None:
        return False
    board = match.board
    return board.tank(window.target).side == ANZIO and board.tank(window.tank).side == OARAI


def macaroni(match: CardMatch, effect: Effect, events: list[Event]) -> CardMatch:
    """The shot is not rolled; the target may slip to an open hex within five, not next to
    an Ōarai tank."""
    top = match.top
    if not isinstance(top, Shot):
        return match
    match = pop(match)
    board = match.board
    tank = board.tank(top.target)
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
    return push(match, Choice(effect.side, "macaroni", tuple(options), (top.target,)))


hooks.REACTIONS("Operation: Macaroni")(
    hooks.ReactionRule((Moment.ATTACK,), hooks.when(macaroni_applies), macaroni)
)
restrictions.add("Operation: Macaroni", restrictions.Restriction(
    "macaroni", ("when", "whose"),
    "After an Ōarai tank shoots an Anzio tank (including opportunity shooting), the Anzio "
    "player can use the Operation: Macaroni card",
    S.ANZIO_REVISED_RULES, by="its reaction window (``macaroni_applies``): an Ōarai tank "
    "shoots an Anzio tank, answered by the Anzio player",
))  # fmt: skip


@hooks.on_choice("macaroni")
def macaroni_move(match: CardMatch, choice: Choice, option: str, events: list[Event]) -> CardMatch:
    tank = match.board.tank(choice.data[0])
    moved = replace(tank, hex=match.board.map.hex(option))
    events.append(Event(f"Operation: Macaroni: {tank.id} slips away to {option}"))
    return evolve(match, board=match.board.with_tank(moved))


# --- Optional Rules: Reinforcements (Revised) -----------------------------------------------


DISCARDS = ("movement-card", "move")  # what "one Move card" is: see the module
ONLY_MOVE = "cv33: only a Move card"


@hooks.OPTIONS("Reinforcements")
def cv33_option(scenario: PanzerVorScenario) -> list[Option]:
    if not any("CV33" in str(t.tank) for s in scenario.sides for t in s.tanks):
        return []  # St. Gloriana's Reinforcements are another rule
    return [
        Option.flag(
            "cv33_reinforcements", S.ANZIO_REINFORCEMENTS,
            "Anzio starts with four CV33s; the other two wait as reinforcements",
        ),
        Option.choice(
            "cv33_discard", DISCARDS, S.ANZIO_REINFORCEMENTS,
            "\"By discarding one Move card\": 'movement-card': any card of the hand with the "
            "Move icon (the rulebook's \"Move Cards\"); 'move': only the card named Move",
            unwritten="move",  # how records saved before the option were played
            respelled={"movement card": "movement-card", "Move": "move"},
        ),
    ]  # fmt: skip


@hooks.SETUP("Reinforcements")
def cv33_setup(setting: Setting) -> None:
    """With the option, the last two CV33s with no character wait off the map."""
    if not setting.options.get("cv33_reinforcements") or ANZIO not in setting.order:
        return
    if setting.options.get("cv33_discard", DISCARDS[0]) == "move":
        setting.flags.add(ONLY_MOVE)
    crewed = {c.tank for c in setting.crew}
    cv33s = [t for t in setting.tanks if t.side == ANZIO and t.name == "CV33"]
    late = [t for t in cv33s if t.id not in crewed][-2:]
    setting.tanks[:] = [t for t in setting.tanks if t not in late]
    setting.reserves[ANZIO] = tuple(replace(t, hex=setting.spare) for t in late)


def movement_cards(match: CardMatch, side: str) -> tuple[str, ...]:
    """The cards of the hand that may be discarded for the CV33s (see the module)."""
    if ONLY_MOVE in match.flags:
        return ("Move",) if "Move" in match.hand(side) else ()
    held = sorted(set(match.hand(side)))
    return tuple(c for c in held if match.card(c).kind == "action" and match.card(c).move)


def cv33_waiting(match: CardMatch, side: str) -> tuple[Any, ...]:
    """The waiting CV33s that may be placed now (as many as CV33s destroyed, less those
    already placed), when Anzio holds a Move card to discard."""
    if side != ANZIO or not match.reserves.get(ANZIO) or not movement_cards(match, side):
        return ()
    lost = sum(1 for _, target, who in match.kills if who == ANZIO and target.startswith("CV33"))
    placed = sum(1 for f in match.flags if f.startswith("cv33 placed:"))
    free = max(0, min(lost - placed, len(match.reserves[ANZIO])))
    return tuple(match.reserves[ANZIO][:free]) if _cv33_hexes(match) else ()


def _cv33_hexes(match: CardMatch) -> tuple[str, ...]:
    board = match.board
    taken = {t.hex for t in board.tanks}
    near_anzio = {n for t in match.tanks_of(ANZIO) for n in t.hex.neighbors()}
    near_oarai = {n for t in match.tanks_of(OARAI) for n in t.hex.neighbors()}
    out = []
    for h in sorted(near_anzio - near_oarai - taken, key=lambda h: (h.r, h.q)):
        terrain = board.map.terrain_at(h) if h in board.map.grid else None
        if terrain is not None and terrain.enterable and not terrain.deployment_only:
            out.append(board.map.grid.label(h))
    return tuple(out)


def cv33_discard(match: CardMatch, side: str) -> tuple[Action, ...]:
    """Discarding a Move card to place CV33s, offered in the Action Phase beside the cards."""
    if match.top is not None or match.phase is not Phase.ACTION or not cv33_waiting(match, side):
        return ()
    return tuple(Discard(card) for card in movement_cards(match, side))


def cv33_reinforce(match: CardMatch, side: str, action: Action, events: list[Event]) -> CardMatch:
    count = len(cv33_waiting(match, side))
    card = action.card  # type: ignore[attr-defined]
    match = take_from_hand(match, side, card)
    match = evolve(match, discard=(*match.discard, card))
    events.append(Event(f"Anzio discards {card}: {count} CV33 reinforcements", (Reason(
        "By discarding one Move card (this is not an Action), you can place the "
        "reinforcements", S.ANZIO_REINFORCEMENTS),)))  # fmt: skip
    return push(match, Choice(side, "cv33", _cv33_hexes(match), (count,)))


hooks.SIDE_ACTIONS.add(None, hooks.SideAction(cv33_discard, cv33_reinforce))


@hooks.on_choice("cv33")
def cv33_placed(match: CardMatch, choice: Choice, option: str, events: list[Event]) -> CardMatch:
    tank = match.reserves[choice.side][0]
    match = arrive(match, choice.side, option)
    flags = match.flags | {f"cv33 placed:{tank.id}", f"{ARRIVED}{tank.id}"}
    events.append(Event(f"{tank.id} arrives at {option}", (Reason("", S.ANZIO_REVISED_RULES),)))
    match = evolve(match, flags=flags)
    (left,) = choice.data
    hexes = _cv33_hexes(match)
    if left > 1 and hexes and match.reserves.get(choice.side):
        match = push(match, Choice(choice.side, "cv33", hexes, (left - 1,)))
    return match


# "the new tanks appear there and do not move this turn": a CV33 placed as a reinforcement
# may not move until Anzio's next turn (it may fire); the marks go as a turn begins.
ARRIVED = "cv33 arrived:"


@hooks.MOVE_FILTER(None)  # the option, not a special rule, brings the CV33 reinforcements
def arrived_this_turn(match: CardMatch, tank: Tank) -> Callable[[Any], bool] | None:
    if match.flags and f"{ARRIVED}{tank.id}" in match.flags:
        return hooks.never_moves()
    return None


@hooks.NEW_TURN(None)
def next_turn_they_move(match: CardMatch) -> CardMatch:
    if not any(f.startswith(ARRIVED) for f in match.flags):
        return match
    return evolve(match, flags=frozenset(f for f in match.flags if not f.startswith(ARRIVED)))
