"""St. Gloriana Girls College vs. Ōarai Girls Academy: Reinforcements (when the
Reinforcements card is drawn, Ōarai's waiting tanks arrive one by one at a road entry of
its choice, each moving at once for free) and the Optional Rule Freshmen Don't Flee (option
``freshmen_dont_flee``: the Pink M3 Lee with the Rabbit Team, Reverse, arrives too)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from workbench.games.panzer_vor.boards.scenario import Character, ForceTank, PanzerVorScenario
from workbench.games.panzer_vor.rules import hooks, restrictions
from workbench.games.panzer_vor.rules import sections as S
from workbench.games.panzer_vor.rules.match import CardMatch, Choice, Order, arrive, evolve, push
from workbench.games.panzer_vor.rules.phases import Stage
from workbench.games.panzer_vor.rules.setup import side_name
from workbench.rules.core import Event, Reason
from workbench.rules.options import Option

OARAI = "Ōarai"
RULE = "Reinforcements"
FRESHMEN = "Freshmen Don't Flee"


restrictions.add("Reinforcements", restrictions.Restriction(
    "reinforcements", ("when",),
    "Add the Reinforcements Scenario Card to the deck. When this card is drawn, the Gold 38 (t) "
    "appears on the Ōarai side as reinforcements",
    S.ST_GLORIANA_REINFORCEMENTS, by="the draw (``reinforcements_drawn``)",
))  # fmt: skip


@hooks.DRAWN(None)  # the Reinforcements card (Kuromorimine Stage 2 draws it too)
def reinforcements_drawn(
    match: CardMatch, side: str, effect: str, events: list[Event]
) -> CardMatch:
    if effect != "reinforcements":
        return match
    match = evolve(match, flags=match.flags | {"reinforcements drawn"})
    owner = next((s for s, tanks in match.reserves.items() if tanks), None)
    if owner is not None and RULE in match.board.special_rules:
        return _next_reinforcement(match, owner)
    return match


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


@hooks.on_choice("reinforce")
def reinforce(match: CardMatch, choice: Choice, option: str, events: list[Event]) -> CardMatch:
    """The next tank arrives where the player chose; it may move at once for free, and the
    next reinforcement (Freshmen Don't Flee) follows."""
    side = choice.side
    tank = match.reserves[side][0]
    match = arrive(match, side, option)
    events.append(
        Event(
            f"{tank.id} arrives at {option} as reinforcements",
            (Reason("", S.ST_GLORIANA_REINFORCEMENTS),),
        )
    )
    match = _next_reinforcement(match, side) if match.reserves.get(side) else match
    return push(match, Order("Reinforcements", side, Stage.MOVE, tank.id, from_scenario=True))


@hooks.OPTIONS(FRESHMEN)
def freshmen_option(scenario: PanzerVorScenario) -> list[Option]:
    return [
        Option.flag(
            "freshmen_dont_flee", S.ST_GLORIANA_OPTIONAL_RULES,
            "the Pink M3 Lee (Rabbit Team, Reverse) arrives with the Gold 38 (t)",
        )
    ]  # fmt: skip


@hooks.SCENARIO(FRESHMEN)
def freshmen(scenario: PanzerVorScenario, options: Mapping[str, Any]) -> PanzerVorScenario:
    """With the option, Ōarai's reinforcements end with the Pink M3 Lee and the Rabbit Team."""
    if not options.get("freshmen_dont_flee"):
        return scenario
    pink = ForceTank("Pink M3 Lee", characters=(Character("Rabbit Team", "reverse"),))
    sides = tuple(
        replace(s, reinforcements=(*s.reinforcements, pink))
        if side_name(scenario, s.key) == OARAI and s.reinforcements
        else s
        for s in scenario.sides
    )
    return replace(scenario, sides=sides)
