"""Deployment by the players (Game Set Up: Deployment; Initiative Ties), as a phase of the
game: tanks are placed one at a time, the lowest Initiative first, the Attacker's tank
counting higher on ties (so placed later), the owner choosing among their own tied tanks.

A placement is legal when :func:`~workbench.games.tanks.rules.setup.check_deployment` allows it
(the centre within the arrow's tail of the side's edge, or the hull within a Measuring Arrow
of its corner) and the hull overlaps no impassable terrain and no tank already placed.
``legal_actions`` offers a fixed, documented sample (:data:`DEPLOY_SAMPLE`); any other
placement ``check_deploy`` allows is accepted too.
"""

from __future__ import annotations

import math
from dataclasses import replace
from typing import Any

from shapely.geometry import Point, Polygon, box

from workbench.errors import UnknownName
from workbench.games.tanks.rules import sections
from workbench.games.tanks.rules.actions import Deploy
from workbench.games.tanks.rules.movement import hull_problem
from workbench.games.tanks.rules.setup import _INWARD, _spot, check_deployment
from workbench.games.tanks.rules.state import Battle, TankPiece
from workbench.geometry.table import Hull
from workbench.rules.core import Applied, Event, IllegalAction, Reason

# along an edge: every half arrow, the centre half the tail from the edge; in a corner:
# two distances (a third and a half of the arrow) at three angles
DEPLOY_SAMPLE: dict[str, Any] = {
    "edge_step_arrows": 0.5,
    "edge_depth_tails": 0.5,
    "corner_radii_arrows": (1 / 3, 1 / 2),
    "corner_angles": (20.0, 45.0, 70.0),
}


def reserve_tank(battle: Battle, tank_id: str) -> TankPiece:
    for tank in battle.reserve:
        if tank.id == tank_id:
            return tank
    waiting = ", ".join(t.id for t in battle.reserve) or "none"
    raise UnknownName("tank", tank_id, f"a tank waiting to deploy ({waiting})")


def check_deploy(battle: Battle, tank_id: str, hull: Hull) -> Reason | None:
    """Why the tank may not be deployed with this hull (``None``: it may)."""
    tank = reserve_tank(battle, tank_id)
    where = battle.deploy_at[tank.side]
    problem = check_deployment(battle.table, where, hull)
    if problem is not None:
        return problem
    blocked = hull_problem(battle, tank_id, hull)
    if blocked is not None:
        return Reason(blocked.text.replace("end its move in", "deploy in"), sections.DEPLOYMENT)
    return None


def deploy_sample(battle: Battle, tank_id: str) -> list[tuple[float, float, float]]:
    """The sample of (x, y, heading) placements legal_actions offers, before checking."""
    return list(dict.fromkeys(_sample(battle, tank_id)))  # in order, without repeats


def _sample(battle: Battle, tank_id: str) -> list[tuple[float, float, float]]:
    tank = reserve_tank(battle, tank_id)
    table, where = battle.table, battle.deploy_at[tank.side]
    heading = _INWARD[where]
    arrow = table.arrow
    found = []
    if "-" in where:
        cx = 0.0 if "west" in where else table.width
        cy = 0.0 if "north" in where else table.depth
        sx, sy = (1 if cx == 0 else -1), (1 if cy == 0 else -1)
        for r in DEPLOY_SAMPLE["corner_radii_arrows"]:
            for angle in DEPLOY_SAMPLE["corner_angles"]:
                a = math.radians(angle)
                x = cx + sx * r * arrow.length * math.cos(a)
                y = cy + sy * r * arrow.length * math.sin(a)
                found.append((round(x, 6), round(y, 6), heading))
        return found + _quick_spots(battle, where)
    step = DEPLOY_SAMPLE["edge_step_arrows"] * arrow.length
    depth = DEPLOY_SAMPLE["edge_depth_tails"] * arrow.tail_length
    along_x = where in ("north", "south")
    span = table.width if along_x else table.depth
    k = 1
    while k * step < span:
        t = k * step
        x, y = {"north": (t, depth), "south": (t, table.depth - depth),
                "west": (depth, t), "east": (table.width - depth, t)}[where]  # fmt: skip
        found.append((round(x, 6), round(y, 6), heading))
        k += 1
    return found + _quick_spots(battle, where)


def _quick_spots(battle: Battle, where: str) -> list[tuple[float, float, float]]:
    """The quick deployment's first six spots, also offered (room in a crowded corner)."""
    spots = (_spot(battle.table, where, i, 6) for i in range(6))
    return [(round(x, 6), round(y, 6), _INWARD[where]) for x, y in spots]


def deploy_hull(tank: TankPiece, x: float, y: float, heading: float) -> Hull:
    return tank.hull.moved((x, y), heading % 360.0)


def deploy_area(battle: Battle, side: str) -> Polygon:
    """Where the side's tanks deploy: the table within the arrow's tail of its edge (a
    deployed tank's centre lies there), or within a Measuring Arrow of its corner (its whole
    hull does): :func:`~workbench.games.tanks.rules.setup.check_deployment`."""
    table, where = battle.table, battle.deploy_at[side]
    arrow = table.arrow
    w, d = table.width, table.depth
    if "-" in where:
        cx = 0.0 if "west" in where else w
        cy = 0.0 if "north" in where else d
        return table.surface.intersection(Point(cx, cy).buffer(arrow.length, quad_segs=32))
    tail = arrow.tail_length
    x0, y0, x1, y1 = {"north": (0, 0, w, tail), "south": (0, d - tail, w, d),
                      "west": (0, 0, tail, d), "east": (w - tail, 0, w, d)}[where]  # fmt: skip
    return table.surface.intersection(box(x0, y0, x1, y1))


def deploying_next(battle: Battle) -> list[TankPiece]:
    """The tanks that may be placed next: the lowest Initiative waiting, the Attacker's tank
    counting higher on ties, each of the owner's tied tanks offered (Barkmann's Corner: every
    German tank first)."""
    waiting = list(battle.reserve)
    # Barkmann's Corner: "The German player deploys ... then the American player deploys"
    if battle.mission == "barkmanns-corner":
        waiting = [t for t in waiting if t.side == "German"] or waiting
    if not waiting:
        return []
    best = min(battle.order_key(t) for t in waiting)
    return [t for t in waiting if battle.order_key(t) == best]


def apply_deploy(battle: Battle, action: Deploy) -> Applied:
    """The tank placed, and the Movement Phase once every tank is; IllegalAction with the
    reason and section where the rules refuse it (the battle unchanged)."""
    if battle.phase != "deployment":
        raise IllegalAction(Reason("no tank is to be deployed now", sections.DEPLOYMENT))
    group = {t.id for t in deploying_next(battle)}
    if action.tank not in group:
        nxt = ", ".join(sorted(group))
        raise IllegalAction(
            Reason(
                f"{action.tank} cannot deploy now; next in Initiative order: {nxt}",
                sections.INITIATIVE_TIES,
            )
        )
    tank = reserve_tank(battle, action.tank)
    values = (action.x, action.y, action.heading)
    if not all(isinstance(v, int | float) and v == v for v in values):
        raise IllegalAction(
            Reason(f"a deployment is three numbers, not {values}", sections.DEPLOYMENT)
        )
    hull = deploy_hull(tank, *values)
    problem = check_deploy(battle, tank.id, hull)
    if problem is not None:
        raise IllegalAction(problem)
    reserve = tuple(t for t in battle.reserve if t.id != tank.id)
    after = replace(battle, tanks=(*battle.tanks, replace(tank, hull=hull)), reserve=reserve)
    if not reserve:
        after = replace(after, phase="movement", acted=())
    where = battle.deploy_at[tank.side]
    why = Reason(
        f"{tank.id} placed against the {where} ({'corner' if '-' in where else 'edge'})",
        sections.DEPLOYMENT,
    )
    return Applied(after, (Event(str(action), (why,)),))
