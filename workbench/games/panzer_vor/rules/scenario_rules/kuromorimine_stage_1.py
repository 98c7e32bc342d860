"""Kuromorimine Girls Academy vs. Ōarai Girls Academy, Stage 1: Conditions for Ending the
First Stage (an Ōarai tank entering Remagen Bridge, 1501, leaves the map; two gone end the
stage), There Is No Fleeing in Nishizumi-ryu (every Kuromorimine move ends closer to the
Ōarai Flag Tank, until it has left the map) and Scenario Card: Smokescreen (after
Kuromorimine has played an Attack card: a smoke marker on each Ōarai tank). The stage's
end leads into Stage 2 (``linked.next_stage``)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import replace
from typing import Any

from workbench.games.panzer_vor.boards.scenario import PanzerVorScenario
from workbench.games.panzer_vor.rules import hooks, restrictions
from workbench.games.panzer_vor.rules import sections as S
from workbench.games.panzer_vor.rules.actions import RemoveSmoke
from workbench.games.panzer_vor.rules.match import CardMatch, evolve
from workbench.games.panzer_vor.rules.state import Tank
from workbench.rules.core import Action, Event, Reason
from workbench.rules.options import Option

OARAI, KURO = "Ōarai", "Kuromorimine"
BRIDGE = "1501"  # Remagen Bridge
EXITS_TO_END = 2


@hooks.AFTER_MOVE("Conditions for Ending the First Stage")
def remagen_bridge(
    match: CardMatch, tank_id: str, left: int, spent: int, events: list[Event]
) -> CardMatch:
    """An Ōarai tank that enters the Bridge hex leaves the map ("remove a tank from the map
    as soon as it enters the Bridge hex"); the second one ends the stage. Its characters
    leave with it and ride it into Stage 2 (Stage 2: "Characters: All characters on tanks
    that survived Stage 1"): the tank survived, so they are not out of the match."""
    tank = match.board.tank(tank_id)
    if tank.side != OARAI or match.board.map.grid.label(tank.hex) != BRIDGE:
        return match
    out = sum(1 for t in match.gone if t.startswith("exit:")) + 1
    crew = tuple(
        replace(c, tank=None, arrives_with=tank_id) if c.tank == tank_id else c for c in match.crew
    )
    match = evolve(
        match,
        board=match.board.without([tank_id]),
        gone=(*match.gone, f"exit:{tank_id}"),
        exited=(*match.exited, tank),
        crew=crew,
    )
    events.append(
        Event(f"{tank_id} leaves the map by Remagen Bridge", (Reason("", S.STAGE_1_RULES),))
    )
    if tank.flag:
        match = evolve(match, flags=match.flags | {"flag exited"})
    if out >= EXITS_TO_END:
        match = evolve(match, flags=match.flags | {"stage over"})
    return match


@hooks.MOVE_FILTER("There Is No Fleeing in Nishizumi-ryu")
def no_fleeing(match: CardMatch, tank: Tank) -> Callable[[Any], bool] | None:
    """A Kuromorimine move ends closer to the Ōarai Flag Tank than it started."""
    if tank.side != KURO:
        return None
    flag = next((t for t in match.tanks_of(OARAI) if t.flag), None)
    if flag is None:
        return None
    target, limit = flag.hex, tank.hex.distance(flag.hex)
    return lambda end: end.distance(target) < limit


restrictions.unrestricted(
    "Operation: Teasy-Tease",
    why='the rulebook names it ("Smokescreen (or Operation: '
    'Teasy-Tease)") and prints neither its effect nor a restriction (cards.CATALOGUE)',
)

# "the Kuromorimine player": read as the card says, the Kuromorimine side of the match (in the
# Linked Scenarios, where the Ōarai player may hold the card in any match, Smokescreen is
# played only in the Kuromorimine match); the Linked Scenarios' option
# ``smokescreen_opponent: "any-opponent"`` reads it as whichever opponent Ōarai faces.
ANY_OPPONENT = "smokescreen: any opponent"


@restrictions.restriction(
    "Smokescreen", key="smokescreen", aspects=("when", "whose"), section=S.STAGE_1_RULES,
    printed="This card may be used after the Kuromorimine player has played at least one "
    "Attack Card",
)  # fmt: skip
def smokescreen_playable(match: CardMatch, side: str) -> bool:
    opponent = match.opponent(side)
    if opponent != KURO and ANY_OPPONENT not in match.flags:
        return False
    return match.attack_cards.get(opponent, 0) >= 1


@hooks.on_event("smokescreen")
def smokescreen(match: CardMatch, side: str, choice: str, events: list[Event]) -> CardMatch:
    board = match.board
    for tank in match.tanks_of(side):
        board = board.with_tank(replace(tank, smoke=True))
    events.append(Event("a smoke marker on each Ōarai tank", (Reason("", S.SMOKE),)))
    return evolve(match, board=board)


# "The Ōarai player may also choose to remove a smoke marker from a tank at any time." A
# reading: at any decision the Ōarai player makes (the workbench has no interruptions), while
# one of its tanks bears a marker; it is a free choice, not an action of a card.


def smoke_removals(match: CardMatch, side: str) -> tuple[Action, ...]:
    if side != OARAI or match.ended is not None:
        return ()
    return tuple(RemoveSmoke(t.id) for t in match.tanks_of(side) if t.smoke)


def remove_smoke(match: CardMatch, side: str, action: Action, events: list[Event]) -> CardMatch:
    tank = match.board.tank(action.tank)  # type: ignore[attr-defined]
    why = Reason("the Ōarai player may remove a smoke marker from a tank at any time", S.SMOKE)
    events.append(Event(f"{side} removes the smoke marker from {tank.id}", (why,)))
    return evolve(match, board=match.board.with_tank(replace(tank, smoke=False)))


# every match: the card may come with another scenario (the Linked Scenarios' card pool)
hooks.SIDE_ACTIONS.add(None, hooks.SideAction(smoke_removals, remove_smoke))


# --- Ridge 207: moving from ridge hex to ridge hex ---------------------------------------------
# "A Ridge hex may be entered like a hill hex ... Entering a Ridge hex requires 2 MP. Leaving
# a Ridge hex requires 1 MP." The reading (the terrain data's): the ridge is "a line of hill
# hexes", and "moving between hill hexes ... requires 1 MP" (Hills), so ridge to ridge costs
# 1 MP; the 2 MP is entering from flat ground. The option ``ridge_to_ridge: "entering"``
# reads "Entering a Ridge hex requires 2 MP" for every entry, from another ridge hex too.

RIDGE = "Ridge 207"
RIDGE_READINGS = ("hill", "entering")
RIDGE_TYPES = ("ridge", "barren ridge")


@hooks.OPTIONS(RIDGE)
def ridge_option(scenario: PanzerVorScenario) -> list[Option]:
    return [
        Option.choice(
            "ridge_to_ridge", RIDGE_READINGS, S.STAGE_1_RULES,
            "a move from a ridge hex to another: 'hill' (1 MP: a ridge hex \"may be entered "
            "like a hill hex\", and moving between hill hexes costs 1 MP) or 'entering' "
            "(2 MP: \"Entering a Ridge hex requires 2 MP\", from anywhere)",
        )
    ]  # fmt: skip


@hooks.SCENARIO(RIDGE)
def ridge_reading(scenario: PanzerVorScenario, options: Mapping[str, Any]) -> PanzerVorScenario:
    """With ``ridge_to_ridge: "entering"`` every entry into a ridge hex costs 2 MP."""
    if options.get("ridge_to_ridge", "hill") == "hill":
        return scenario
    hexmap = scenario.hexmap
    for name in RIDGE_TYPES:
        hexmap = hexmap.with_terrain_type(replace(hexmap.terrain_types[name], mp_enter_from={}))
    return scenario.with_map(hexmap)
