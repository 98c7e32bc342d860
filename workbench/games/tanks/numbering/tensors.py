"""TANKS' tensors (``workbench.openspiel.tensors``): the table in cells of :data:`CELL` cm (a
90 × 90 cm table is 18 × 18), the player's own side first, and the turn's numbers. A tank is
marked in the cell of its hull's centre; a terrain piece in every cell whose centre it
covers. The observation is the battle as the player sees it (an opponent's Crew and Upgrade
cards face down: only their points); the information-state tensor adds its recent steps.

Planes, each ``(width / CELL, depth / CELL)`` (x across, y down):

- ``terrain``: one per kind of terrain (``TANKS_TERRAIN``, in order), then "blocks line of
  sight", "gives cover" and "impassable";
- for each side (own, other): ``tanks`` (in play), ``heading`` (eight planes, 0 north,
  clockwise, 45° each), ``left`` (Damage Points left over its capacity), ``speed`` (its Speed
  token over 3), ``criticals`` (Repairable Critical cards on it, over 3), ``attack`` and
  ``defence`` (its card's dice, over 6), ``cards`` (the points of its Crew and Upgrade cards
  over 20, face up or down alike), ``acted`` (done with this phase), ``wrecks`` (destroyed);
- ``objectives``: for each side, the objectives it scores; ``moving``, ``shooter`` and
  ``target``: the tank moving now, and the shot being resolved.

Numbers: ``phase`` one-hot (setup, deployment, movement, shooting, command, over),
``setup`` one-hot (the Game Set Up step), ``shot_step`` one-hot, ``attack_faces`` and
``defence_faces`` (how many of the shot's dice show each face, over 6), ``acting``, ``turn``
(over the turn limit), ``victory`` and ``destroyed`` points for each side (over 100),
``reserve`` (each side's tanks still to deploy, over 6).
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np
from shapely.geometry import Point

from workbench.games.tanks.boards.table import TANKS_TERRAIN
from workbench.games.tanks.rules.state import Battle, TankPiece
from workbench.openspiel.tensors import Layout, Piece, Views, layout, one_hot, relative_sides
from workbench.rules.observation import Observation

CELL = 5.0  # cm a cell
PHASES = ("setup", "deployment", "movement", "shooting", "command")
SETUP_STEPS = ("terrain-roll", "terrain", "sides-roll", "role", "table-side")
SHOT_STEPS = ("attack", "reroll?", "reroll", "defence", "cancel-shooter", "cancel-target",
              "critical")  # fmt: skip
PER_SIDE = ("tanks", "left", "speed", "criticals", "attack", "defence", "cards", "acted", "wrecks")
KINDS = tuple(TANKS_TERRAIN)
_TERRAIN: dict[int, tuple[Any, np.ndarray]] = {}  # id(table) -> (table, planes), the last few


def _terrain(table: Any, size: tuple[int, int]) -> np.ndarray:
    """The terrain planes of ``table`` (kept for the tables seen last: a table changes only
    while Game Set Up places its pieces)."""
    kept = _TERRAIN.get(id(table))
    if kept is not None and kept[0] is table:
        return kept[1]
    planes = np.zeros((len(KINDS) + 3, *size), np.float32)
    for piece in table.pieces:
        kind = TANKS_TERRAIN[piece.kind]
        rows = [KINDS.index(piece.kind)]
        rows += [len(KINDS) + i for i, on in
                 enumerate((kind.blocks_los, kind.gives_cover, kind.impassable)) if on]  # fmt: skip
        x0, y0, x1, y1 = piece.polygon.bounds
        for i in range(max(0, int(x0 // CELL)), min(size[0], int(x1 // CELL) + 1)):
            for j in range(max(0, int(y0 // CELL)), min(size[1], int(y1 // CELL) + 1)):
                if piece.polygon.contains(Point((i + 0.5) * CELL, (j + 0.5) * CELL)):
                    planes[rows, i, j] = 1.0
    if len(_TERRAIN) > 32:
        _TERRAIN.clear()
    _TERRAIN[id(table)] = (table, planes)
    return planes


def _at(x: float, y: float, size: tuple[int, int]) -> tuple[int, int]:
    """The cell of the point ``(x, y)`` (one on the table's edge in the last cell)."""
    return (min(size[0] - 1, max(0, int(x // CELL))), min(size[1] - 1, max(0, int(y // CELL))))


def _cell(tank: TankPiece, size: tuple[int, int]) -> tuple[int, int]:
    return _at(*tank.hull.centre, size)


@layout("tanks")
def tanks(start: Battle) -> Layout:
    size = (math.ceil(start.table.width / CELL), math.ceil(start.table.depth / CELL))
    pieces = (
        Piece("terrain", (len(KINDS) + 3, *size)),
        *(Piece(name, (2, *size)) for name in PER_SIDE),
        Piece("heading", (2, 8, *size)),
        Piece("objectives", (2, *size)),
        Piece("moving", size),
        Piece("shooter", size),
        Piece("target", size),
        Piece("phase", (len(PHASES) + 1,)),
        Piece("setup", (len(SETUP_STEPS),)),
        Piece("shot_step", (len(SHOT_STEPS),)),
        Piece("attack_faces", (6,)),
        Piece("defence_faces", (6,)),
        Piece("acting", (1,)),
        Piece("turn", (1,)),
        Piece("victory", (2,)),
        Piece("destroyed", (2,)),
        Piece("reserve", (2,)),
    )

    def fill(views: Views, observation: Observation) -> None:
        battle: Battle = observation.state
        sides = relative_sides(battle.sides, observation.player)
        views["terrain"][...] = _terrain(battle.table, size)
        cards = dict(battle.options.get("crew_cards", {}))
        for tank in battle.tanks:
            side, at = sides.index(tank.side), _cell(tank, size)
            if tank.destroyed:
                views["wrecks"][(side, *at)] = 1.0
                continue
            views["tanks"][(side, *at)] = 1.0
            views["heading"][(side, round(tank.hull.heading / 45) % 8, *at)] = 1.0
            views["left"][(side, *at)] = tank.left / max(tank.card.damage_capacity, 1)
            views["speed"][(side, *at)] = tank.speed / 3
            views["criticals"][(side, *at)] = len(tank.criticals) / 3
            views["attack"][(side, *at)] = tank.card.attack / 6
            views["defence"][(side, *at)] = tank.card.defence / 6
            views["cards"][(side, *at)] = sum(_points(n, cards) for n in tank.crew) / 20
            views["acted"][(side, *at)] = float(tank.id in battle.acted)
        for scorer, (x, y) in battle.objectives:
            if scorer in sides:
                views["objectives"][(sides.index(scorer), *_at(x, y, size))] = 1.0
        for name, tank_id in (("moving", battle.moving),
                              ("shooter", battle.shot and battle.shot.shooter),
                              ("target", battle.shot and battle.shot.target)):  # fmt: skip
            if tank_id and battle.has_tank(tank_id):
                views[name][_cell(battle.tank(tank_id), size)] = 1.0
        ended = battle.ended is not None
        one_hot(views["phase"], len(PHASES) if ended else _index(PHASES, battle.phase))
        if battle.setup is not None:
            one_hot(views["setup"], _index(SETUP_STEPS, battle.setup.step))
        if battle.shot is not None:
            one_hot(views["shot_step"], _index(SHOT_STEPS, battle.shot.step))
            for face in battle.shot.attack:
                views["attack_faces"][face - 1] += 1 / 6
            for face in battle.shot.defence:
                views["defence_faces"][face - 1] += 1 / 6
        views["acting"][0] = float(bool(observation.legal_actions))
        views["turn"][0] = battle.turn / max(battle.turn_limit, 1)
        for row, name in enumerate(sides):
            views["victory"][row] = battle.victory_points.get(name, 0) / 100
            views["destroyed"][row] = battle.destroyed_points.get(name, 0) / 100
            views["reserve"][row] = sum(t.side == name for t in battle.reserve) / 6

    return Layout(pieces, fill, sides=tuple(start.sides), note=__doc__ or "")


def _index(names: tuple[str, ...], name: str) -> int | None:
    return names.index(name) if name in names else None


def _points(name: str, cards: dict[str, Any]) -> int:
    """A card's points, face up (by its name) or face down (its back shows them)."""
    if name in cards:
        return int(cards[name]["points"])
    digits = "".join(c for c in name.split("(")[-1] if c.isdigit())
    return int(digits) if name.startswith("face-down") and digits else 0
