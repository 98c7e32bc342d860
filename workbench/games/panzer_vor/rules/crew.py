"""Characters in a card match (Characters): one uses an ability, and one is recovered (Turn
Phases: Event Phase: Recovery)."""

from __future__ import annotations

from workbench.games.panzer_vor.rules import sections
from workbench.games.panzer_vor.rules.match import CardMatch, evolve
from workbench.rules.core import Event, Reason


def use_crew(match: CardMatch, name: str, events: list[Event]) -> CardMatch:
    """``name`` uses an ability: face up it turns face down; used face down it is removed."""
    crew = next(c for c in match.crew if c.name == name)
    after = crew.used()
    what = "turns face down" if after.face == "back" else "is removed from the map"
    events.append(
        Event(
            f"{name} uses an ability and {what}",
            (
                Reason(
                    "a face-up character turns face down when it uses an ability; one used "
                    "face down is removed",
                    sections.CHARACTERS,
                ),
            ),
        )
    )
    return evolve(match, crew=tuple(after if c.name == name else c for c in match.crew))


def recover(match: CardMatch, choice: str) -> CardMatch:
    """Recovery of the character ``choice`` names ("name", or "name@tank" for one removed
    from the map); "" recovers nobody."""
    if not choice:
        return match
    name, _, tank = choice.partition("@")
    crew = tuple(c.recovered(tank or None) if c.name == name else c for c in match.crew)
    return evolve(match, crew=crew)
