"""The options of a TANKS game, one list per table (``workbench.rules.options``): the platoons,
who attacks, the mission, the turn limit, who deploys, the No Retreat reading, the point
limit and whether the platoon rules are checked, and the point values the players give for
cards the data lacks. ``start``
checks what it is given against the list, so a bad value is refused with the option named
and nothing is started.

Barkmann's Corner has its own defaults (Your First Game: Barkmann's Corner): its armies, the
Americans as the Attacker and its own mission.

>>> from workbench.games.tanks.boards.table import Table
>>> [o.name for o in table_options(Table("open"))][:3]
['platoons', 'attacker', 'mission']
>>> try:
...     checked(Table("open"), {"platoons": {"German": ["Tiger II"], "American": ["Pershing"]}})
... except OptionError as refused:
...     print(refused.option, "-", refused.section)
platoons - Building Your Platoon: Tank Cards
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from workbench.errors import ArgumentError
from workbench.games.tanks.boards.cards import tanks_cards
from workbench.games.tanks.boards.table import Table
from workbench.games.tanks.rules import sections
from workbench.games.tanks.rules.crew_cards import crew_options
from workbench.games.tanks.rules.missions import PER_OBJECTIVE
from workbench.games.tanks.rules.readings import sight_options
from workbench.rules.options import MAX_TURN_LIMIT, Option, OptionError, check_options

MISSIONS = ("panzer-ace", "king-of-the-hill", "free-for-all", "no-retreat", "barkmanns-corner")
QUICK_DEPLOYMENT = "workbench quick deployment (positions chosen by the workbench, not a player)"
DEFAULT_TURN_LIMIT = 10  # stand-in: the rulebook's time limit is agreed by the players
# Building Your Platoon: Point Limit: "Try playing your first few games at 50 points and build
# up to 100 points": the players agree on it; the default is the largest the rulebook names
DEFAULT_POINT_LIMIT = 100
MAX_POINT_LIMIT = 10_000  # the workbench's bound on a point limit
PLATOON_RULES = ("checked", "practice")
TABLE_SETUP = ("played", "given")  # Game Set Up played as actions, or the table file's
DEPLOYMENT = ("players", "quick")  # the players place their tanks, or the workbench does
# the missions' Objective tokens: placed by the players, the workbench's, or the table file's
# (offered where the file has tokens): games/tanks/rules/objectives.py
OBJECTIVES = ("players", "quick", "table")
KEYWORDS = ("applied", "ignored")  # the community data's keywords (Heavy Tank, Big Gun)
MAX_TERRAIN_GRID = 45  # cm: half the standard table (the grid must list a position)
NO_RETREAT_TURNS = 8  # Missions: No Retreat: "The game ends after eight turns"
BARKMANNS_CORNER = "Barkmann's Corner"  # the table whose name makes it the scenario

# Default platoons (a stand-in choice of the workbench, each within 50 points)
DEFAULT_PLATOONS = {
    "German": ("Panther", "Panzer IV"),
    "American": ("Sherman (76mm)", "Sherman (75mm)"),
}
# Barkmann's Corner: "Panther with the Ernst Barkmann Hero Crew card"; "Sherman (75mm)" twice
BARKMANN = {"German": ("Panther",), "American": ("Sherman (75mm)", "Sherman (75mm)")}
BARKMANN_ATTACKER = "American"  # "the Americans are the attacker and Barkmann is the defender"


def is_barkmanns_corner(table: Table) -> bool:
    """Whether the table is Barkmann's Corner (its armies, attacker and mission apply)."""
    return table.name == BARKMANNS_CORNER


def _platoons(value: Any) -> Any:
    """Two sides, each named, each with one or more shipped Tank cards of one Country."""
    cards = tanks_cards()
    shape = "two sides, each a name and a list of Tank card names"
    if not isinstance(value, Mapping) or len(value) != 2:
        raise ArgumentError("platoons", value, f"{shape} (a TANKS game has two players)")
    for side, names in value.items():
        if not isinstance(side, str) or not side.strip():
            raise ArgumentError("platoons", value, f"{shape}; {side!r} is no side's name")
        if isinstance(names, str) or not isinstance(names, list | tuple) or not names:
            raise ArgumentError("platoons", value, f"{shape}; {side}: one tank or more")
        unknown = [n for n in names if not isinstance(n, str) or n not in cards]
        if unknown:
            raise ArgumentError(
                "platoons", value,
                f"shipped Tank cards (no tank card {unknown[0]!r}; cards: {', '.join(cards)})",
            )  # fmt: skip
        countries = sorted({cards[n].country for n in names})
        if len(countries) > 1:
            raise ArgumentError(
                "platoons", value,
                f"tanks from one Country for each side ({side}: {', '.join(countries)})",
            )  # fmt: skip
    return value


def _card_points(value: Any) -> Any:
    """Tank card name -> the printed card's point value (a whole number of at least 0)."""
    cards = tanks_cards()
    shape = "a mapping of shipped Tank card names to whole numbers of points"
    if not isinstance(value, Mapping):
        raise ArgumentError("card_points", value, shape)
    for name, points in value.items():
        if name not in cards:
            raise ArgumentError("card_points", value, f"{shape} (no tank card {name!r})")
        if not isinstance(points, int) or isinstance(points, bool) or points < 0:
            raise ArgumentError("card_points", value, f"{shape} ({name}: {points!r})")
    return value


def default_point_limit(table: Table) -> int | None:
    """The point limit unless the players give one: none in Barkmann's Corner (the scenario
    gives the armies), else DEFAULT_POINT_LIMIT."""
    return None if is_barkmanns_corner(table) else DEFAULT_POINT_LIMIT


def _side_name(value: Any) -> Any:
    if value is None or (isinstance(value, str) and value.strip()):
        return value
    raise ArgumentError("attacker", value, "the name of a side in platoons, or null")


def table_options(table: Table) -> list[Option]:
    """Every option of a game on ``table``, with its default for this table."""
    barkmann = is_barkmanns_corner(table)
    platoons = BARKMANN if barkmann else DEFAULT_PLATOONS
    if barkmann:
        platoon_reading = (
            "each side's Tank cards by name; the scenario's armies by default: the German "
            "player's Panther with the Ernst Barkmann Hero Crew card, the American player's "
            "two Sherman (75mm)"
        )
        attacker_reading = "the Attacker (wins Initiative ties): the Americans in this scenario"
    else:
        platoon_reading = (
            "each side's Tank cards by name, one Country a side (a Tank card's Country); the "
            "default is the workbench's stand-in, each within the rulebook's first 50 points; "
            "each platoon is checked at start against Building Your Platoon (point_limit, "
            "one Country) unless platoon_rules is 'practice'"
        )
        attacker_reading = (
            "the Attacker (wins Initiative ties; the Defender chooses the table side); the "
            "rulebook has the players roll for it: null rolls for it when table_setup is "
            "'played', and takes the first side named in platoons when it is 'given'"
        )
    return [
        Option.value(
            "platoons", {side: list(names) for side, names in platoons.items()},
            sections.BARKMANN if barkmann else sections.TANK_CARDS, platoon_reading,
            "two sides, each a name and a list of shipped Tank cards of one Country", _platoons,
        ),
        Option.value(
            "attacker", BARKMANN_ATTACKER if barkmann else None,
            sections.BARKMANN if barkmann else sections.ATTACKER_DEFENDER, attacker_reading,
            "the name of a side in platoons, or null", _side_name,
        ),
        Option.choice(
            "mission", MISSIONS, sections.MISSIONS,
            "the mission's objectives and victory; Barkmann's Corner is played as Panzer Ace "
            "with the scenario's deployment in corners",
            default="barkmanns-corner" if barkmann else "panzer-ace",
        ),
        Option.whole(
            "turn_limit", DEFAULT_TURN_LIMIT, sections.PANZER_ACE,
            "the players' time limit as a number of turns (a stand-in: the rulebook's limit is "
            "agreed in minutes); No Retreat always ends after eight turns",
            low=1, high=MAX_TURN_LIMIT,
        ),
        Option.choice(
            "deployment", DEPLOYMENT, sections.DEPLOYMENT,
            "'players': a Deployment phase in which the players place each tank in Initiative "
            "order ('The players place their tanks on the table in Initiative order'); "
            f"'quick': the {QUICK_DEPLOYMENT}",
            unwritten="quick",  # records saved before the players placed their tanks
        ),
        _objectives_option(table),
        *([] if barkmann else _table_setup_options(table)),
        Option.flag(
            PER_OBJECTIVE, sections.NO_RETREAT,
            "No Retreat: the Attacker gains a Victory Point for each Objective held alone "
            "(true) or at most one a Command Phase (false: the text's 'an Objective Token')",
        ),
        Option.whole(
            "point_limit", default_point_limit(table), sections.POINT_LIMIT,
            "the point limit the players agree on for each platoon ('Try playing your first "
            "few games at 50 points and build up to 100 points'); "
            + ("none by default: the scenario gives the armies" if barkmann else
               f"default {DEFAULT_POINT_LIMIT}, the largest the rulebook names")
            + " (null: none)",
            low=1, high=MAX_POINT_LIMIT, none_allowed=True,
        ),
        Option.choice(
            "platoon_rules", PLATOON_RULES, sections.PLATOON,
            "'checked': a platoon over the point limit or of more than one Country is refused "
            "at start, with the rule; 'practice': any shipped tanks, unchecked (a card's "
            "unknown point value is still refused: victory on time counts points)",
            unwritten="practice",  # records saved before platoons were checked
        ),
        Option.value(
            "card_points", {}, sections.ANATOMY,
            "your printed cards' Point Values by Tank card name, for a card whose value the "
            "shipped data lacks (ISU-122: unknown) or to replace one; marked as given by you",
            "a mapping of shipped Tank card names to whole numbers of points", _card_points,
        ),
        Option.choice(
            "community_keywords", KEYWORDS, sections.ANATOMY,
            "the keywords Heavy Tank and Big Gun, which the rulebook does not print: the Tank "
            "cards' keywords and the keywords' texts come from community data (BSData/tanks: "
            "Heavy Tank loses no Defence dice to Side Shots, Big Gun upgrades one uncancelled "
            "Hit to a Critical Hit); 'applied': as that data gives them; 'ignored': the cards "
            "without them",
        ),
        *crew_options(),
        *sight_options(),
    ]  # fmt: skip


def _objectives_option(table: Table) -> Option:
    """``objectives``: who places the missions' Objective tokens
    (``games/tanks/rules/objectives.py``); 'table' only where the table file has tokens."""
    offered = OBJECTIVES if table.objectives else OBJECTIVES[:2]
    return Option.choice(
        "objectives", offered, sections.MISSIONS,
        "'players': the players place the Objective tokens as the mission says ('each player "
        "(starting with the Attacker) places an Objective token within a Measuring Arrow of "
        "the opponent's side of the board'; 'the Attacker places two'), once the table sides "
        "are chosen; King of the Hill's is in the centre; 'quick': placed by the workbench "
        "(the table file's tokens if it has some, else half a Measuring Arrow from the side)"
        + ("; 'table': the table file's tokens, each scored as the mission says (in "
           "Free-For-All by the player whose opponent's side it is nearer)"
           if table.objectives else ""),
        unwritten="quick",  # records saved before the players placed them
    )  # fmt: skip


def terrain_grid(table: Table) -> int:
    """The listed terrain positions' spacing by default: a third of the table's Measuring
    Arrow in whole centimetres (5 with the stand-in arrow)."""
    return max(1, round(table.arrow.length / 3))


def _table_setup_options(table: Table) -> list[Option]:
    """``table_setup``: Game Set Up played (the default) or the table file's, and the grid of
    the terrain positions listed (not offered in Barkmann's Corner, whose map, Attacker and
    corners the scenario gives)."""
    played = Option.choice(
        "table_setup", TABLE_SETUP, sections.TABLE_SETUP,
        "'played': the players roll for who places the first terrain piece, place the table's "
        "woods and then its buildings in turn (the positions listed: terrain_grid), roll "
        "again and the winner chooses Attacker or Defender (unless attacker is given), and the "
        "Defender chooses the table side; 'given': the table's terrain and deployment edges "
        "as the file has them, the Attacker from the option attacker",
        unwritten="given",  # records saved before the set-up was played
    )  # fmt: skip
    grid = Option.whole(
        "terrain_grid", terrain_grid(table), sections.TABLE_SETUP,
        "the spacing in cm of the terrain positions legal_actions lists in a played set-up "
        "(a piece's centre on the grid, turned 0° or 90°; any other position the rule allows "
        "is accepted too); a piece with no listed position left is set aside",
        low=1, high=MAX_TERRAIN_GRID,
    )  # fmt: skip
    return [played, grid]


def checked(table: Table, given: Mapping[str, Any] | None) -> dict[str, Any]:
    """The options given, checked against :func:`table_options` (OptionError if not)."""
    return check_options(table_options(table), given)


__all__ = [
    "DEFAULT_POINT_LIMIT",
    "DEPLOYMENT",
    "KEYWORDS",
    "MISSIONS",
    "OBJECTIVES",
    "PLATOON_RULES",
    "TABLE_SETUP",
    "OptionError",
    "checked",
    "default_point_limit",
    "is_barkmanns_corner",
    "table_options",
]
