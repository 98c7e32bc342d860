"""What the Event cards do (Turn Phases: Event Phase): Morale Boost draws three, Recon
draws one, Repairs/Maintenance mends an Immobile tank or takes a card back from the discard
pile (and, with the Optional Rule Wreckage, may also take one wreck off the map), Recovery
restores a character. Each registers its effect (``hooks.on_event``) as the
Scenario cards' effects do in ``scenario_rules``."""

from __future__ import annotations

from dataclasses import replace

from workbench.games.panzer_vor.rules import hooks, restrictions, sections
from workbench.games.panzer_vor.rules.crew import recover
from workbench.games.panzer_vor.rules.match import CardMatch, Drawing, add_to_hand, evolve, push
from workbench.rules.core import Event, Reason

restrictions.unrestricted(
    "Morale Boost",
    "Recon",
    why='"Most of the Event cards are self-explanatory" (Turn Phases: Event Phase): the '
    "rulebook prints no restriction of their own beyond their Card Type's",
)
restrictions.add("Repairs/Maintenance", restrictions.Restriction(
    "repairs", ("which tank",),
    "Repairs - you may select a tank that has an Immobile marker on it and remove that marker "
    "from that tank ... Maintenance - you may choose one card from the discard pile (not "
    "counting Enforcement Cards) and place it in your hand",
    sections.EVENT_PHASE, by="its choices (``repairs_choices``): one of your Immobile tanks, "
    "or a card of the discard pile that is not an Enforcement card",
))  # fmt: skip
restrictions.add("Recovery", restrictions.Restriction(
    "recovery", ("whose", "which tank"),
    "you may have a character who has been removed from the map or who has been turned "
    "face-down recover ... place that character's counter on a tank of your choice",
    sections.EVENT_PHASE, by="its choices (``recovery_choices``): one of your characters "
    "face down or removed, and for one removed any tank of yours",
))  # fmt: skip


@hooks.on_event("morale")
def morale_boost(match: CardMatch, side: str, choice: str, events: list[Event]) -> CardMatch:
    return push(match, Drawing(side, 3))


@hooks.on_event("recon")
def recon(match: CardMatch, side: str, choice: str, events: list[Event]) -> CardMatch:
    return push(match, Drawing(side, 1))


WRECK = "wreck:"  # a Repairs/Maintenance choice that also removes the wreck named after it


def repairs_choices(match: CardMatch, side: str) -> list[str]:
    """An Immobile tank of the side to mend ("repair:<tank>"), or a card of the discard pile
    to take back, Enforcement cards aside ("maintain:<card>"); with the Optional Rule
    Wreckage, each of these (or the card alone) may also remove one wreck from anywhere on
    the map ("<choice>+wreck:<tank>", "wreck:<tank>")."""
    out = [f"repair:{t.id}" for t in match.tanks_of(side) if t.immobile]
    enforcement = {c for c in match.discard if match.card(c).kind == "enforcement"}
    out += [f"maintain:{c}" for c in sorted(set(match.discard) - enforcement)]
    wrecks = [t.id for t in match.board.tanks if t.wreck] if match.board.options.wreckage else []
    if not wrecks:
        return out
    return [*(out or [""]), *(f"{c}+{WRECK}{w}" if c else f"{WRECK}{w}" for c in (*out, "")
                              for w in wrecks)]  # fmt: skip


@hooks.on_event("repairs", choices=repairs_choices)
def repairs(match: CardMatch, side: str, choice: str, events: list[Event]) -> CardMatch:
    choice, _, wreck = choice.partition(WRECK)
    choice = choice.removesuffix("+")
    if wreck:  # "you may also remove a single tank wreckage counter from anywhere on the map"
        events.append(Event(f"{side} removes the wreck of {wreck}", (Reason(
            "whenever you use a Repairs/Maintenance card, you may also remove a single tank "
            "wreckage counter", sections.WRECKAGE),)))  # fmt: skip
        match = evolve(match, board=match.board.without([wreck]))
    if choice.startswith("repair:"):
        tank = match.board.tank(choice[7:])
        return evolve(match, board=match.board.with_tank(replace(tank, immobile=False)))
    if choice.startswith("maintain:"):
        card = choice[9:]
        rest = list(match.discard)
        rest.remove(card)
        return add_to_hand(evolve(match, discard=tuple(rest)), side, card)
    return match


def recovery_choices(match: CardMatch, side: str) -> list[str]:
    """A face-down character of the side on the map ("<name>"), or one removed from it
    with the tank it goes on, any tank of the side ("<name>@<tank>": "place that character's
    counter on a tank of your choice")."""
    out = []
    tanks = [t.id for t in match.tanks_of(side)]
    for crew in match.crew:
        if crew.side != side or crew.face == "gone":
            continue
        if crew.tank is not None and crew.face == "back":
            out.append(crew.name)
        elif crew.tank is None and crew.face == "removed":
            out += [f"{crew.name}@{t}" for t in tanks]
    return out


@hooks.on_event("recovery", choices=recovery_choices)
def recovery(match: CardMatch, side: str, choice: str, events: list[Event]) -> CardMatch:
    return recover(match, choice)
