"""The Linked Scenarios' Optional Rule Alternate Reality (option ``alternate_reality``):
"The Ōarai player may instead choose which team is deployed piloting which tank. They may
change who is assigned to which tank for each match, or even deviate from the anime and
deploy the Anteater Team starting with the first match. However, they may not deploy more
teams than there are tanks listed in each scenario. Also, no more than one team may be
deployed on each tank (the Characters from the Goosefish Team must all be placed on a single
tank)."

Before each match (once its Anzio version is chosen, before its Scenario Cards), the Ōarai
player names the team on each of its tanks in turn, in the campaign's order, with
:class:`AssignTeam`: a team not yet on a tank, or none. Readings: every team may be deployed
from the first match (the schedule of the Mallard, Anteater and Leopon Teams is the anime's,
which the rule lets the player "deviate from"); a team keeps its growth (face up or down) on
whichever tank it pilots; a tank may go without a team.

>>> legal_teams(("Goosefish Team",))[:2]
('Turtle Team', 'Duck Team')
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from workbench.games.panzer_vor.rules import sections as S
from workbench.rules.core import Action, Reason

TEAMS = (
    "Goosefish Team", "Turtle Team", "Duck Team", "Hippo Team", "Rabbit Team",
    "Mallard Team", "Leopon Team", "Anteater Team",
)  # fmt: skip
NO_TEAM = ""


@dataclass(frozen=True)
class AssignTeam(Action):
    """Alternate Reality: ``team`` pilots ``tank`` in the coming match (``""``: no team)."""

    tank: str
    team: str

    def __str__(self) -> str:
        if self.team == NO_TEAM:
            return f"the {self.tank} goes without a team"
        return f"the {self.team} pilots the {self.tank}"


def legal_teams(assigned: tuple[str, ...]) -> tuple[str, ...]:
    """The teams that may still be put on a tank: those on no tank yet."""
    return tuple(t for t in TEAMS if t not in assigned)


def assignments(tanks: tuple[str, ...], crews: tuple[tuple[str, str], ...]) -> list[AssignTeam]:
    """The choices for the next tank without a team named, or none when every tank has one."""
    if len(crews) >= len(tanks):
        return []
    tank = tanks[len(crews)]
    taken = tuple(team for _, team in crews if team != NO_TEAM)
    return [*(AssignTeam(tank, t) for t in legal_teams(taken)), AssignTeam(tank, NO_TEAM)]


def refusal(tanks: tuple[str, ...], crews: tuple[tuple[str, str], ...], action: Action) -> Reason:
    """Why an action is not one of the team choices now."""
    tank = tanks[len(crews)] if len(crews) < len(tanks) else None
    if isinstance(action, AssignTeam) and action.tank == tank:
        return Reason(
            f"{action.team} already pilots another tank: no more than one team on each tank, "
            "each team on one tank",
            S.ALTERNATE_REALITY,
        )
    return Reason(f"{action}: first name the team piloting the {tank}", S.ALTERNATE_REALITY)


def by_tank(crews: tuple[tuple[str, str], ...]) -> Mapping[str, str | None]:
    """The team on each tank (None: no team)."""
    return {tank: (team or None) for tank, team in crews}
