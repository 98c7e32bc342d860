"""Game Set Up and Building Your Platoon: platoon checks, terrain placement order and
spacing, initiative order with its ties, deployment against a table edge (or a corner in
Barkmann's Corner), mission objectives, and the first state of a battle.

The players place their tanks (option ``deployment: "players"``, the default: a Deployment
phase, ``deployment.py``); ``check_deployment`` says whether a placement is legal. The
workbench's quick deployment (``"quick"``) places each side's tanks for the players, in
Initiative order, each square against an arrow touching its edge (or inside its corner's
area): a labelled convenience, not a player's choice.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from shapely.geometry import Point

from workbench.errors import ArgumentError
from workbench.games.tanks.boards.cards import TanksCard
from workbench.games.tanks.boards.hulls import hull_size
from workbench.games.tanks.boards.table import SET_UP_KINDS, Table, placement_problems
from workbench.games.tanks.rules import objectives, sections
from workbench.games.tanks.rules.crew_cards import crew_sides, tank_cards
from workbench.games.tanks.rules.criticals import full_deck
from workbench.games.tanks.rules.options import (
    BARKMANN,
    DEFAULT_PLATOONS,
    DEFAULT_TURN_LIMIT,
    DEPLOYMENT,
    NO_RETREAT_TURNS,
    OptionError,
    checked,
    default_point_limit,
    is_barkmanns_corner,
    table_options,
)
from workbench.games.tanks.rules.platoons import check_platoons, game_cards
from workbench.games.tanks.rules.state import Battle, TableSetup, TankPiece
from workbench.geometry.table import Hull
from workbench.rules.core import IllegalAction, Reason
from workbench.rules.options import with_defaults


def terrain_order_problems(table: Table, placed_in_order: Sequence[str]) -> list[Reason]:
    """Table Setup: the two woods first, then the four buildings (players alternate), none
    within a Measuring Arrow of another piece or a table edge."""
    found = []
    kinds = [table.kind_of(name).name for name in placed_in_order]
    expected = ["woods", "woods", "building", "building", "building", "building"]
    if kinds != expected:
        found.append(
            Reason(
                f"pieces placed as {', '.join(kinds)}: two woods, then four buildings",
                sections.TABLE_SETUP,
            )
        )
    found += [Reason(text, sections.TABLE_SETUP) for text in placement_problems(table)]
    return found


def initiative_order(
    tanks: Sequence[TankPiece], attacker: str, rising: bool = True
) -> list[TankPiece]:
    """Tanks in Initiative order, the Attacker's tank counting higher on ties (Game Set Up:
    Initiative Ties). Ties within one army keep the given order (the owner chooses)."""

    def key(t: TankPiece) -> tuple[int, int]:
        return (t.initiative, 1 if t.side == attacker else 0)

    return sorted(tanks, key=key, reverse=not rising)


def check_deployment(table: Table, where: str, hull: Hull) -> Reason | None:
    """Whether a deployed hull is legal: on the table, within its corner's Measuring Arrow, or
    with its centre on an arrow's tail touching its edge (reading: within the tail's length
    of the edge). ``None`` when legal."""
    polygon = hull.polygon()
    if not table.surface.covers(polygon):
        return Reason("the tank is partly off the table", sections.DEPLOYMENT)
    if "-" in where:  # a corner (Barkmann's Corner: within a Measuring Arrow of the corner)
        corner = {
            "north-west": (0, 0),
            "north-east": (table.width, 0),
            "south-east": (table.width, table.depth),
            "south-west": (0, table.depth),
        }[where]
        if Point(corner).buffer(table.arrow.length, quad_segs=64).covers(polygon):
            return None
        return Reason(
            f"the tank is not within a Measuring Arrow of the {where} corner", sections.BARKMANN
        )
    x, y = hull.centre
    gap = {"north": y, "south": table.depth - y, "west": x, "east": table.width - x}[where]
    if gap <= table.arrow.tail_length:
        return None
    return Reason(
        f"the tank's centre is {gap:.1f} cm from the {where} edge, beyond the arrow's tail "
        f"({table.arrow.tail_length:g} cm)",
        sections.DEPLOYMENT,
    )


_INWARD = {"north": 180.0, "south": 0.0, "west": 90.0, "east": 270.0, "north-west": 135.0,
           "north-east": 225.0, "south-east": 315.0, "south-west": 45.0}  # fmt: skip


def quick_deploy(
    table: Table, where: str, cards: Sequence[TanksCard], side: str, start: int = 1
) -> list[TankPiece]:
    """Tanks placed by the workbench (QUICK_DEPLOYMENT): spread along the edge, or stacked in
    the corner area, each facing into the table; every position passes check_deployment."""
    placed: list[TankPiece] = []
    for i, card in enumerate(cards):
        size = hull_size(card.name)
        heading = _INWARD[where]
        for attempt in range(40):
            centre = _spot(table, where, i + attempt, len(cards))
            hull = Hull(centre, heading, size.length, size.width, size.turret_offset)
            if (
                check_deployment(table, where, hull) is None
                and not any(hull.polygon().intersects(p.polygon) for p in placed)
                and not any(
                    hull.polygon().intersects(t.polygon)
                    for t in table.pieces
                    if t.kind == "building"
                )
            ):
                break
        else:
            raise IllegalAction(
                Reason(f"no room to deploy {card.name} at {where}", sections.DEPLOYMENT)
            )
        placed.append(TankPiece(f"{card.name} {side[0]}{start + i}", card, side, hull))
    return placed


def _spot(table: Table, where: str, i: int, n: int) -> tuple[float, float]:
    depth = table.arrow.tail_length * 0.6
    if "-" in where:
        r = table.arrow.length * 0.45 + (i // 3) * 3.0
        w, d = table.width, table.depth
        corner = {"north-west": (0, 0, 1, 1), "north-east": (w, 0, -1, 1),
                  "south-east": (w, d, -1, -1), "south-west": (0, d, 1, -1)}[where]  # fmt: skip
        cx, cy, sx, sy = corner
        spread = [(0.7, 0.7), (1.0, 0.35), (0.35, 1.0)][i % 3]
        return (cx + sx * r * spread[0], cy + sy * r * spread[1])
    along = (
        (i % 8 + 1)
        * (table.width if where in ("north", "south") else table.depth)
        / (min(n, 8) + 1)
    )
    along = along + (i // 8) * 4.0
    return {"north": (along, depth), "south": (along, table.depth - depth),
            "west": (depth, along), "east": (table.width - depth, along)}[where]  # fmt: skip


def start_battle(table: Table, options: Mapping[str, Any] | None = None) -> Battle:
    """The first state: platoons (option ``platoons``: side -> card names), ``attacker``,
    ``mission``, ``turn_limit``, ``deployment`` ("players": a Deployment phase of Deploy
    actions, or "quick": placed by the workbench), ``objectives``, ``table_setup``
    ("played": a set-up phase first, ``table_setup.py``; "given": the table file's terrain
    and edges). The options are checked first (``options.table_options``): a bad one raises
    OptionError naming it, and so does a platoon Building Your Platoon refuses
    (``platoons.check_platoons``)."""
    if not isinstance(table, Table):
        raise ArgumentError("scenario", table, "a TANKS table (tanks.load_scenario(name))")
    given = checked(table, options)
    barkmann = is_barkmanns_corner(table)
    mission = given.get("mission", "barkmanns-corner" if barkmann else "panzer-ace")
    armies = given.get("platoons") or (BARKMANN if barkmann else DEFAULT_PLATOONS)
    platoons = {side: tuple(names) for side, names in armies.items()}
    sides = list(platoons)
    attacker = given.get("attacker", "American" if barkmann else None)
    if attacker is None and not barkmann:
        attacker = sides[0]  # table_setup "played" rolls for it (this is who rolls first)
    if attacker not in sides:
        raise OptionError(
            "attacker", attacker, f"one of the sides in platoons ({', '.join(sides)})",
            sections.BARKMANN if barkmann else sections.ATTACKER_DEFENDER,
        )  # fmt: skip
    defender = sides[1] if attacker == sides[0] else sides[0]
    cards = game_cards(given)
    crew_sides(given, sides)
    check_platoons(platoons, given, cards, default_point_limit(table))
    limit = (
        NO_RETREAT_TURNS if mission == "no-retreat" else given.get("turn_limit", DEFAULT_TURN_LIMIT)
    )
    battle = Battle(
        table=table,
        tanks=(),
        attacker=attacker,
        defender=defender,
        mission=mission,
        deck=full_deck(),
        turn_limit=limit,
        victory_points={attacker: 0, defender: 0},
        destroyed_points={attacker: 0, defender: 0},
        options=with_defaults(table_options(table), given),  # every option, as recorded
    )
    if not barkmann and given.get("table_setup", "played") == "played":
        return _to_set_up(battle, rolled=given.get("attacker") is None)
    return deployed(battle, _deployments(table, attacker, defender))


def deployed(battle: Battle, where: Mapping[str, str]) -> Battle:
    """``battle`` with its forces made and placed against their edges or corners (``where``:
    side -> edge or corner), in Initiative order (held for the players' Deployment phase, or
    placed by the workbench: option ``deployment``), and the mission's Objective tokens
    placed, or the players' objectives phase next (option ``objectives``:
    ``games/tanks/rules/objectives.py``)."""
    given, table = battle.options, battle.table
    cards = game_cards(given)
    platoons = {side: tuple(names) for side, names in given["platoons"].items()}
    tanks: list[TankPiece] = []
    for side in (battle.defender, battle.attacker):
        extra = tank_cards(given, side, platoons[side])
        chosen = sorted(  # placed in Initiative order
            zip((cards[name] for name in platoons[side]), extra, strict=True),
            key=lambda pair: pair[0].initiative,
        )
        placed = quick_deploy(table, where[side], [card for card, _ in chosen], side)
        tanks += [
            replace(t, crew=tuple(c.name for c in crew))
            for t, (_, crew) in zip(placed, chosen, strict=True)
        ]
    if is_barkmanns_corner(table):
        tanks = [t if t.side != "German" else _with_crew(t, "Ernst Barkmann") for t in tanks]
    reserve: tuple[TankPiece, ...] = ()
    if given.get("deployment", DEPLOYMENT[0]) == "players":  # the players place every tank
        reserve, tanks = tuple(tanks), []
    battle = replace(battle, tanks=tuple(tanks), reserve=reserve, deploy_at=where, setup=None)
    tokens, due = objectives.placed(battle, where)
    phase = "objectives" if due else "deployment" if reserve else "movement"
    return replace(battle, objectives=tokens, objectives_due=due, phase=phase)


def _to_set_up(battle: Battle, rolled: bool) -> Battle:
    """The first state of a played Game Set Up: the table's woods and buildings lifted off
    to be placed again (woods first, each kind in the file's order) and its deployment edges
    with them, the forces waiting in
    reserve (placed for now as if the Defender took the table file's edge), the terrain roll
    next; with no piece to place, the Attacker-or-Defender roll (``rolled``) or the
    Defender's choice of table side."""
    table = battle.table
    box = tuple(
        sorted((p for p in table.pieces if p.kind in SET_UP_KINDS),
               key=lambda p: SET_UP_KINDS.index(p.kind))
    )  # fmt: skip
    bare = replace(table, pieces=tuple(p for p in table.pieces if p.kind not in SET_UP_KINDS))
    waiting = deployed(replace(battle, table=bare), _deployments(bare, *battle.sides))
    bare = replace(bare, deployments=())  # the Defender chooses the table side later
    forces = (*waiting.tanks, *waiting.reserve)
    if box:
        step, placer = "terrain-roll", ""
    elif rolled:
        step, placer = "sides-roll", ""
    else:
        step, placer = "table-side", battle.defender
    return replace(
        battle,
        table=bare,
        reserve=forces,
        phase="setup",
        setup=TableSetup(step, box, placer),
    )


def crew_holders(options: Mapping[str, Any], side: str) -> list[str]:
    """The tank each list of option ``crew`` for ``side`` is given to, in the option's order:
    :func:`deployed` places a platoon in Initiative order and :func:`quick_deploy` names the
    ``i``-th tank placed ``"<card> <side's initial><i>"``."""
    cards = game_cards(options)
    names = list(options["platoons"][side])
    placed = sorted(range(len(names)), key=lambda i: cards[names[i]].initiative)
    holders = [""] * len(names)
    for number, i in enumerate(placed, 1):
        holders[i] = f"{names[i]} {side[0]}{number}"
    return holders


def _with_crew(tank: TankPiece, name: str) -> TankPiece:
    return replace(tank, crew=(*tank.crew, name))


def _deployments(table: Table, attacker: str, defender: str) -> dict[str, str]:
    """Each side's edge or corner from the table's deployments (by side name, or as
    Defender/Attacker); the Defender chooses and the Attacker takes the opposite edge."""
    named = {d.side: d.at for d in table.deployments}
    if attacker in named and defender in named:
        return {attacker: named[attacker], defender: named[defender]}
    opposite = {"north": "south", "south": "north", "east": "west", "west": "east"}
    home = named.get("Defender", "north")
    return {defender: home, attacker: named.get("Attacker", opposite.get(home, "south"))}
