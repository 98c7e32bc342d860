"""The National Tournament (The National Tournament): Linked Scenarios — the four matches in
order, with the Ōarai tanks on the schedule, tank upgrades and character growth carried from
one match to the next — and Tournament Play's bracket of sixteen schools and how each of its
matches is decided.

These are the rules between matches; each match itself is a card game started from its
scenario (``workbench.games.panzer_vor.rules.cardgame``). Both ways to play are played whole as
games on the protocol: ``linked_game`` ("panzer-vor-linked") and ``tournament_game``
("panzer-vor-tournament"). Readings: the rulebook names six major and
eleven minor schools but a bracket of sixteen (its picture is not reproduced), so the bracket
holds every school a player controls and is filled to sixteen with the others drawn at random.

>>> upgraded("Panzer IV Ausf. D", destroyed=3)
'Panzer IV Ausf. F2'
>>> upgraded("38 (t)", destroyed=1), upgraded("Hetzer", destroyed=2)
('Hetzer', 'Hetzer')
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from workbench.games.panzer_vor.boards.scenario import Character, ForceTank

MATCHES = ("saunders", "anzio-revised", "pravda", "kuromorimine-stage-1")  # Overview: in order
UPGRADES = {
    "Panzer IV Ausf. D": "Panzer IV Ausf. F2",
    "Panzer IV Ausf. F2": "Panzer IV Ausf. H",
    "38 (t)": "Hetzer",
}
BASE_TANKS = ("Panzer IV Ausf. D", "38 (t)", "M3 Lee", "StuG III Ausf. F", "Type 89")
GOOSEFISH = ("Miho Nishizumi", "Saori Takebe", "Hana Isuzu", "Yukari Akiyama", "Mako Reizei")
MAJOR = (
    "Ōarai Girls Academy", "St. Gloriana Girls College", "Saunders University High School",
    "Anzio High School", "Pravda Girls High School", "Kuromorimine Girls Academy",
)  # fmt: skip
MINOR = (
    "Chi-Ha-Tan Academy", "Maginot Girls Academy", "Bonple High School",
    "Viking Fisheries High School", "Yogurt Academy", "Koala Forest Academy", "Maple High School",
    "Jatkosota High School", "Waffle Academy", "BC Freedom Academy", "Blue Division High School",
)  # fmt: skip
ROUNDS = {1: (100, 10), 2: (100, 10), 3: (150, 15), 4: (200, 20)}  # Creating Forces
MOST_POINTS_A_TANK = 40  # "tanks over 40 points are not allowed"


def upgraded(tank: str, destroyed: int) -> str:
    """Tank Upgrades: one rank up for the next match when it destroyed at least one enemy
    tank, never more than one rank at a time."""
    return UPGRADES.get(tank, tank) if destroyed > 0 else tank


@dataclass(frozen=True)
class Campaign:
    """Ōarai's side of the Linked Scenarios between matches: the match to play next, its
    tanks (by the names they start the next match with), the characters that start it face
    up, and the tanks lost in each match played."""

    played: int = 0
    tanks: tuple[str, ...] = BASE_TANKS
    face_up: frozenset[str] = frozenset()  # every team and Goosefish member starts face down
    lost: tuple[int, ...] = ()
    extra_waiting: tuple[str, ...] = ()  # a tank that arrives a match later than scheduled

    @property
    def next_match(self) -> str | None:
        return MATCHES[self.played] if self.played < len(MATCHES) else None


def after_match(
    campaign: Campaign,
    won: bool,
    destroyed_by: Mapping[str, int],
    crews: Mapping[str, str],
    lost: int,
    goosefish_picks: Sequence[str] = (),
) -> Campaign | str:
    """The campaign after one match, or who won the tournament. ``destroyed_by``: enemy tanks
    each Ōarai tank destroyed; ``crews``: the team on each tank; ``goosefish_picks``: the
    Goosefish members to turn face up, one per tank the Goosefish tank destroyed."""
    if not won:
        return "the other player wins: Ōarai must win every match (Overview)"
    number = campaign.played + 1
    if number == len(MATCHES):
        return "Ōarai wins the National Tournament"
    tanks = tuple(upgraded(t, destroyed_by.get(t, 0)) for t in campaign.tanks)
    face_up = set(campaign.face_up)
    for tank, kills in destroyed_by.items():
        team = crews.get(tank)
        if not kills or team is None:
            continue
        if team == "Goosefish Team":
            face_up |= set(goosefish_picks[:kills])  # one member per enemy tank destroyed
        else:
            face_up.add(team)
    size = len(campaign.tanks)
    arrivals, waiting = _arrivals(number, lost, size, campaign.extra_waiting)
    return Campaign(number, tanks + arrivals, frozenset(face_up), (*campaign.lost, lost), waiting)


def _arrivals(
    number: int, lost: int, size: int, waiting: tuple[str, ...]
) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The tanks joining for the next match (Ōarai Girls Academy Tanks): the Char B1 bis
    for Match 2 (Match 3 if more than half were lost at Saunders), the Porsche Tiger for
    Match 3 (Match 4 if two or more were lost at Anzio), the Type 3 for Match 4 (not at all if
    more than half were lost at Pravda)."""
    joining = list(waiting)
    if number == 1:
        if lost <= size / 2:
            return (*joining, "Char B1 bis"), ()
        return tuple(joining), ("Char B1 bis",)
    if number == 2:
        if lost < 2:
            return (*joining, "Porsche Tiger"), ()
        return tuple(joining), ("Porsche Tiger",)
    if number == 3 and lost <= size / 2:
        return (*joining, "Type 3"), ()
    return tuple(joining), ()


@dataclass(frozen=True)
class Bracket:
    """Tournament Play: sixteen schools in bracket order and who controls which."""

    schools: tuple[str, ...]
    controller: Mapping[str, str] = field(default_factory=dict)  # school -> player

    __hash__ = None  # type: ignore[assignment]


def bracket(choices: Mapping[str, tuple[str, str]], rng: random.Random) -> Bracket:
    """A bracket of sixteen schools: each player's major and minor school, filled with the
    other schools drawn at random, every place drawn at random (Overview)."""
    controller = {school: player for player, pair in choices.items() for school in pair}
    if len(controller) != 2 * len(choices):
        raise ValueError("two players may not choose the same school")
    others = [s for s in (*MAJOR, *MINOR) if s not in controller]
    rng.shuffle(others)
    schools = [*controller, *others[: 16 - len(controller)]]
    rng.shuffle(schools)
    return Bracket(tuple(schools), controller)


def decide(bracket: Bracket, a: str, b: str) -> str:
    """How a match of the bracket is decided (Tournament Progression): "play" (two players'
    schools), "choose" (one player controls both), the controlled school's name (it wins
    without playing), or "roll" (neither is controlled: a die decides)."""
    pa, pb = bracket.controller.get(a), bracket.controller.get(b)
    if pa and pb:
        return "choose" if pa == pb else "play"
    if pa or pb:
        return a if pa else b
    return "roll"


def force_limits(round_number: int) -> tuple[int, int, int]:
    """Creating Forces: (points, most tanks, most points a tank) for a round."""
    points, tanks = ROUNDS[round_number]
    return points, tanks, MOST_POINTS_A_TANK


TEAMS = {  # the team on each tank in the Linked Scenarios (Ōarai Girls Academy Tanks)
    "Panzer IV": "Goosefish Team",
    "38 (t)": "Turtle Team",
    "Hetzer": "Turtle Team",
    "M3 Lee": "Rabbit Team",
    "StuG III Ausf. F": "Hippo Team",
    "Type 89": "Duck Team",
    "Char B1 bis": "Mallard Team",
    "Porsche Tiger": "Leopon Team",
    "Type 3": "Anteater Team",
}


JOINS = {"Mallard Team": 2, "Anteater Team": 3, "Leopon Team": 3}  # matches played before


def _team(tank: str) -> str:
    return next(team for name, team in TEAMS.items() if tank.startswith(name))


def _team_or_none(tank: str) -> str | None:
    return next((team for name, team in TEAMS.items() if tank.startswith(name)), None)


def campaign_scenario(
    campaign: Campaign, scenario: Any, crews: Mapping[str, str | None] | None = None
) -> Any:
    """The next match's scenario with the campaign's Ōarai force: its tanks as upgraded and
    scheduled, every team face down unless it has grown (Character Growth), the Goosefish
    members on the Panzer IV each face up or down as they have grown. ``crews`` (Alternate
    Reality: ``linked_teams``): the team the player put on each tank instead (None: none)."""

    def face(name: str) -> Character:
        return Character(name, "front" if name in campaign.face_up else "reverse")

    sides = []
    for side in scenario.sides:
        if side.school != "Ōarai":
            sides.append(side)
            continue
        # the scenario's tank of the same team (upgraded or not) gives the hex it deploys
        # on, its facing and the flag
        printed = {_team_or_none(t.tank): t for t in side.tanks}
        tanks = []
        for tank in campaign.tanks:
            team = _team(tank) if crews is None else crews.get(tank)
            if team is None or (crews is None and campaign.played < JOINS.get(team, 0)):
                crew = []  # the Mallard Team from Match 3, Anteater and Leopon from Match 4
            else:
                crew = [face(n) for n in GOOSEFISH] if team == "Goosefish Team" else [face(team)]
            same = printed.get(_team(tank))
            where = {} if same is None else {"hex": same.hex, "facing": same.facing}
            flag = same is not None and same.flag
            tanks.append(ForceTank(tank, characters=tuple(crew), flag=flag, **where))
        sides.append(replace(side, tanks=tuple(tanks)))
    return replace(scenario, sides=tuple(sides))
