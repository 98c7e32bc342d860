"""The National Tournament's Linked Scenarios: the rule they add to a match in play.

Character Growth: "The Mallard Team may be used starting with Match 3, and the Anteater and
Leopon Teams may be used starting with Match 4. ... In Match 4, the Anteater and Leopon Teams
may be turned face-up during the match as soon as they destroy an enemy tank." The Linked
Scenarios add the rule :data:`GROWTH_IN_MATCH` to both stages of Match 4 (``linked_game``):
the first time a tank the Anteater or the Leopon Team pilots destroys an enemy tank, that
team turns face up at once. Reading: the "may" is taken (a front side is never worse than
their white reverse, which has no ability), once in the match, and a team that began the
match face up has grown already.
"""

from __future__ import annotations

from dataclasses import replace

from workbench.games.panzer_vor.rules import hooks
from workbench.games.panzer_vor.rules import sections as S
from workbench.games.panzer_vor.rules.match import CardMatch, evolve
from workbench.games.panzer_vor.rules.setting import Setting
from workbench.games.panzer_vor.rules.state import Tank
from workbench.rules.core import Event, Reason

GROWTH_IN_MATCH = "Character Growth: Match 4"
GROW_DURING = ("Anteater Team", "Leopon Team")
GROWN = "grown:"  # the flag "grown:<team>": the team has turned face up in this match
DESTROYED = "destroyed an enemy:"  # set by ``reactions.destroy`` for the firing tank's crew


@hooks.STARTED(GROWTH_IN_MATCH)
def grown_before(match: CardMatch, setting: Setting) -> CardMatch:
    """A team that begins Match 4 face up (it grew in an earlier match) has grown."""
    up = {f"{GROWN}{c.name}" for c in match.crew if c.name in GROW_DURING and c.face == "front"}
    return evolve(match, flags=match.flags | up) if up else match


@hooks.AFTER_DESTROYED(GROWTH_IN_MATCH)
def turned_face_up(match: CardMatch, target: Tank, events: list[Event]) -> CardMatch:
    """The Anteater or Leopon Team whose tank has just destroyed an enemy turns face up."""
    grown = [
        c for c in match.crew
        if c.name in GROW_DURING and c.tank is not None and c.face == "back"
        and f"{DESTROYED}{c.name}" in match.flags and f"{GROWN}{c.name}" not in match.flags
    ]  # fmt: skip
    if not grown:
        return match
    why = Reason(
        "In Match 4, the Anteater and Leopon Teams may be turned face-up during the match as "
        "soon as they destroy an enemy tank",
        S.CHARACTER_GROWTH,
    )
    for team in grown:
        events.append(Event(f"{team.name} turns face up", (why,)))
    names = {c.name for c in grown}
    crew = tuple(replace(c, face="front") if c.name in names else c for c in match.crew)
    return evolve(match, crew=crew, flags=match.flags | {f"{GROWN}{n}" for n in names})
