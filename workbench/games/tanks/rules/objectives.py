"""The missions' Objective tokens (Missions: Table Set Up), placed as the option ``objectives``
says, and whose each token is.

King of the Hill: "After placing the terrain, place an Objective token in the centre of the
board." Free-For-All: "After placing the terrain, each player (starting with the Attacker)
places an Objective token within a Measuring Arrow of the opponent's side of the board", and
a player scores "the Objective Token that you placed". No Retreat: "After placing the
terrain, the Attacker places two Objective tokens within a Measuring Arrow of the Defender's
side of the board", and only the Attacker scores.

With ``objectives: "players"`` (the default) the players place them as actions
(:class:`~workbench.games.tanks.rules.actions.PlaceObjective`); King of the Hill's centre is no
choice and is placed at once. ``"table"`` (offered where the table file has Objective tokens)
takes the file's tokens, each the mission's: King of the Hill's tokens are everyone's, No
Retreat's the Attacker's, and in Free-For-All a token nearer the Defender's side is the
Attacker's (it lies on the opponent's side) and one nearer the Attacker's side the
Defender's. ``"quick"`` is the workbench's placement that records saved before the players
placed them played (the file's tokens where it has some, else the centre and points half a
Measuring Arrow from the sides).

Readings, where the text is silent:

- The tokens are placed once the sides are known (the Defender has chosen the table side),
  before the tanks deploy: "the opponent's side" needs the sides.
- A token is its centre, a point: on the table, within a Measuring Arrow of the side's table
  edge, or, for a side deploying in a corner (Barkmann's Corner), of that corner. It may lie
  on terrain or on another token.
- ``legal_actions`` offers the points of a grid (the option ``terrain_grid``'s spacing) in
  that band; ``apply`` accepts any point the rule allows.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import replace

from shapely.geometry import Point, Polygon, box

from workbench.games.tanks.boards.table import Table
from workbench.games.tanks.rules import sections
from workbench.games.tanks.rules.actions import PlaceObjective
from workbench.games.tanks.rules.options import OBJECTIVES, terrain_grid
from workbench.games.tanks.rules.state import Battle
from workbench.rules.core import Applied, Event, IllegalAction, Reason

Objectives = tuple[tuple[str, tuple[float, float]], ...]  # (who scores it, its centre)
EVERYONE = "both"  # a token either side scores (King of the Hill)
SECTION = {
    "king-of-the-hill": sections.KING_OF_THE_HILL_SET_UP,
    "free-for-all": sections.FREE_FOR_ALL_SET_UP,
    "no-retreat": sections.NO_RETREAT_SET_UP,
}
_CORNER_POINT = {"north-west": (0, 0), "north-east": (1, 0), "south-east": (1, 1),
                 "south-west": (0, 1)}  # fmt: skip


def side_distance(table: Table, where: str, at: tuple[float, float]) -> float:
    """How far ``at`` lies from a side of the board: its table edge, or its corner."""
    x, y = at
    if "-" in where:
        cx, cy = _CORNER_POINT[where]
        return math.dist(at, (cx * table.width, cy * table.depth))
    return {"north": y, "south": table.depth - y, "west": x, "east": table.width - x}[where]


def placed(battle: Battle, where: Mapping[str, str]) -> tuple[Objectives, tuple[str, ...]]:
    """The tokens on the table once the sides are known (``where``: side -> edge or corner),
    and the sides still to place one, in turn (the option ``objectives``)."""
    table, mission = battle.table, battle.mission
    attacker, defender = battle.attacker, battle.defender
    how = battle.options.get("objectives", OBJECTIVES[0])
    if mission not in SECTION:
        return (), ()
    if how == "table" or (how == "quick" and table.objectives):
        return tuple((_owner(battle, where, o.at), o.at) for o in table.objectives), ()
    if how == "quick":
        return _quick(table, mission, attacker, defender, where), ()
    if mission == "king-of-the-hill":
        return ((EVERYONE, (table.width / 2, table.depth / 2)),), ()
    due = (attacker, defender) if mission == "free-for-all" else (attacker, attacker)
    return (), due


def _owner(battle: Battle, where: Mapping[str, str], at: tuple[float, float]) -> str:
    """Whose a table file's token is in this mission (see the module)."""
    if battle.mission == "king-of-the-hill":
        return EVERYONE
    if battle.mission == "no-retreat":
        return battle.attacker
    near_defender = side_distance(battle.table, where[battle.defender], at)
    near_attacker = side_distance(battle.table, where[battle.attacker], at)
    if near_defender == near_attacker:
        return EVERYONE  # on neither side: either player may score it
    return battle.attacker if near_defender < near_attacker else battle.defender


def _quick(
    table: Table, mission: str, attacker: str, defender: str, where: Mapping[str, str]
) -> Objectives:
    """The workbench's positions (``objectives: "quick"``): the centre (King of the Hill),
    else half a Measuring Arrow from the opponent's edge (a corner's first edge)."""
    half = table.arrow.length / 2

    def near(edge: str, fraction: float) -> tuple[float, float]:
        edge = edge.split("-")[0]
        w, d = table.width, table.depth
        return {"north": (w * fraction, half), "south": (w * fraction, d - half),
                "west": (half, d * fraction), "east": (w - half, d * fraction)}[edge]  # fmt: skip

    if mission == "king-of-the-hill":
        return ((EVERYONE, (table.width / 2, table.depth / 2)),)
    if mission == "free-for-all":
        return ((attacker, near(where[defender], 0.5)), (defender, near(where[attacker], 0.5)))
    return ((attacker, near(where[defender], 1 / 3)), (attacker, near(where[defender], 2 / 3)))


def placer(battle: Battle) -> str:
    """The side to place the next token (the objectives phase)."""
    return battle.objectives_due[0]


def refusal(battle: Battle, action: PlaceObjective) -> Reason | None:
    """Why ``apply`` refuses the token there (``None``: it allows it)."""
    section = SECTION.get(battle.mission, sections.MISSIONS)
    if battle.phase != "objectives" or not battle.objectives_due:
        return Reason("no Objective token is to be placed now", section)
    values = (action.x, action.y)
    if not all(isinstance(v, int | float) and math.isfinite(v) for v in values):
        return Reason(f"a token's place is two numbers, not {values}", section)
    table, x, y = battle.table, float(action.x), float(action.y)
    if not (0 <= x <= table.width and 0 <= y <= table.depth):
        return Reason(f"({x:g}, {y:g}) is off the table", section)
    opponent = battle.enemy_of(placer(battle))
    where = battle.deploy_at[opponent]
    gap = side_distance(table, where, (x, y))
    if gap > table.arrow.length:
        return Reason(
            f"({x:g}, {y:g}) is {gap:.1f} cm from the {where} side of {opponent}, beyond a "
            f"Measuring Arrow ({table.arrow.length:g} cm)",
            section,
        )
    return None


def grid(battle: Battle) -> list[PlaceObjective]:
    """The token places listed on any side: the grid points (the option ``terrain_grid``'s
    spacing) within a Measuring Arrow of a table edge (a corner's area lies in that band)."""
    table = battle.table
    step = battle.options.get("terrain_grid") or terrain_grid(table)
    xs = [k * step for k in range(1, math.ceil(table.width / step))]
    ys = [k * step for k in range(1, math.ceil(table.depth / step))]
    reach = table.arrow.length
    return [
        PlaceObjective(float(x), float(y))
        for y in ys
        for x in xs
        if min(x, y, table.width - x, table.depth - y) <= reach
    ]


def band(battle: Battle) -> Polygon:
    """Where the next token may go (the objectives phase): the table within a Measuring Arrow
    of the opponent's side (its edge, or its corner)."""
    table = battle.table
    where = battle.deploy_at[battle.enemy_of(placer(battle))]
    return _near_side(table, where, table.arrow.length)


def _near_side(table: Table, where: str, reach: float) -> Polygon:
    """The table within ``reach`` of a side: its edge, or its corner."""
    w, d = table.width, table.depth
    if "-" in where:
        cx, cy = _CORNER_POINT[where]
        return table.surface.intersection(Point(cx * w, cy * d).buffer(reach, quad_segs=32))
    x0, y0, x1, y1 = {"north": (0, 0, w, reach), "south": (0, d - reach, w, d),
                      "west": (0, 0, reach, d), "east": (w - reach, 0, w, d)}[where]  # fmt: skip
    return table.surface.intersection(box(x0, y0, x1, y1))


def sample(battle: Battle) -> list[PlaceObjective]:
    """The token places ``legal_actions`` offers: the :func:`grid` points the rule allows."""
    return [a for a in grid(battle) if refusal(battle, a) is None]


def apply_objective(battle: Battle, action: PlaceObjective) -> Applied:
    """The token placed, whose it is, and the next phase once every token is down."""
    problem = refusal(battle, action)
    if problem is not None:
        raise IllegalAction(problem)
    side = placer(battle)
    at = (float(action.x), float(action.y))
    owner = side if battle.mission == "free-for-all" else battle.attacker
    due = battle.objectives_due[1:]
    after = replace(
        battle,
        objectives=(*battle.objectives, (owner, at)),
        objectives_due=due,
        phase=battle.phase if due else ("deployment" if battle.reserve else "movement"),
    )
    why = Reason(
        f"{side} places an Objective token within a Measuring Arrow of "
        f"{battle.enemy_of(side)}'s side; {owner} scores it",
        SECTION[battle.mission],
    )
    return Applied(after, (Event(f"{side}: {action}", (why,)),))


def step_text(battle: Battle) -> str:
    """What the objectives phase waits for, in words."""
    side = placer(battle)
    return (
        f"{side} places an Objective token within a Measuring Arrow of "
        f"{battle.enemy_of(side)}'s side ({len(battle.objectives_due)} to place)"
    )
