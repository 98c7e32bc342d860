"""Saunders University High School vs. Ōarai Girls Academy: Scenario Card: Fair Play (drawn
by Saunders while it has more tanks than Ōarai, Saunders removes tanks until the numbers
are even) and Ōarai's Decoy (played once Eavesdropping or Fair Play has been)."""

from __future__ import annotations

from workbench.games.panzer_vor.rules import hooks, restrictions
from workbench.games.panzer_vor.rules import sections as S
from workbench.games.panzer_vor.rules.match import CardMatch, Choice, evolve, push, remove_tank
from workbench.rules.core import Event, Reason

OARAI, SAUNDERS = "Ōarai", "Saunders"


@restrictions.restriction(
    "Decoy", key="decoy", aspects=("when",), section=S.SAUNDERS_FORCE,
    printed="Note that this card can only be played after Eavesdropping or Fair Play Scenario "
    "Cards have been played",
)  # fmt: skip
def decoy_playable(match: CardMatch, side: str) -> bool:
    return bool({"eavesdropping played", "fair play played"} & match.flags)


restrictions.add("Fair Play", restrictions.Restriction(
    "fair play", ("when", "whose"),
    "When this card is drawn (regardless of which player draws it), the Saunders player "
    "removes tanks from the map until they have the same number of tanks as the Ōarai player",
    S.SAUNDERS_RULES, by="the draw (``fair_play_drawn``): the card acts as it is drawn",
))  # fmt: skip


@hooks.DRAWN(None)  # the card comes with the scenario's deck
def fair_play_drawn(match: CardMatch, side: str, effect: str, events: list[Event]) -> CardMatch:
    if effect != "fair play":
        return match
    return _fair_play(evolve(match, flags=match.flags | {"fair play played"}))


def _fair_play(match: CardMatch) -> CardMatch:
    """Saunders chooses the next tank to remove while it has more tanks than Ōarai."""
    if SAUNDERS not in match.order:
        return match
    mine, theirs = match.tanks_of(SAUNDERS), match.tanks_of(OARAI)
    if len(mine) <= len(theirs):
        return match
    return push(match, Choice(SAUNDERS, "fair play", tuple(t.id for t in mine)))


@hooks.on_choice("fair play")
def fair_play(match: CardMatch, choice: Choice, option: str, events: list[Event]) -> CardMatch:
    events.append(Event(f"Fair Play: {option} leaves the match", (Reason("", S.SAUNDERS_RULES),)))
    return _fair_play(remove_tank(match, option))
