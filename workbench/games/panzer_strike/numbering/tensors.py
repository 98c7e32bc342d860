"""Panzer Strike's tensors (``workbench.openspiel.tensors``): planes over the board's squares,
the player's own side first, and the turn's numbers. Nothing is hidden in Panzer Strike, so
the observation is the whole state; there is no information-state tensor.

Planes, each ``(width, depth)`` (x across, y down):

- ``terrain``: one per kind of square on the board (its feature's name, in order), then
  "blocks movement" and "blocks fire";
- ``tanks``: for each side (own, other) and each Table A type (the roster's order), the
  squares of its tanks still in the game; ``facing``: for each side, eight planes, the
  tank's facing (0 north, clockwise); ``damaged``, ``moved``, ``fired``: for each side, its
  tanks so marked (``moved``/``fired``: this turn);
- ``wrecks``: the squares of destroyed tanks; ``flags``: for each side, its flags;
  ``watched``: the flags an enemy tank waits next to (Capture the Flag); ``shot``: the
  firer and the target of the shot waiting for its gun dice.

Numbers: ``phase`` one-hot (roll, move, shoot, gun, over), ``acting`` (1 when the player
acts), ``turn`` (the turn over the last turn of the turn limit, or over 60), ``dice`` and
``slots`` (how many of the turn's large numbers, and of those still to spend, show each face
from 1 to 6, over 6).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from workbench.games.panzer_strike.rules.state import Match
from workbench.openspiel.tensors import Layout, Piece, Views, layout, one_hot, relative_sides
from workbench.rules.observation import Observation

PHASES = ("roll", "move", "shoot", "gun")
FACING_PLANES = 8  # a square tank faces one of eight directions
NO_LIMIT_TURNS = 60  # a game without a turn limit: its turn scaled by this


def _squares(board: Any) -> list[Any]:
    return list(board.squares())


@layout("panzer-strike")
def panzer_strike(start: Match) -> Layout:
    board = start.board
    kinds = sorted({board.feature_name(s) for s in _squares(board)})
    types = list(start.roster.types)
    size = (board.width, board.depth)
    pieces = (
        Piece("terrain", (len(kinds) + 2, *size)),
        Piece("tanks", (2, len(types), *size)),
        Piece("facing", (2, FACING_PLANES, *size)),
        Piece("damaged", (2, *size)),
        Piece("moved", (2, *size)),
        Piece("fired", (2, *size)),
        Piece("wrecks", size),
        Piece("flags", (2, *size)),
        Piece("watched", size),
        Piece("shot", (2, *size)),
        Piece("phase", (len(PHASES) + 1,)),
        Piece("acting", (1,)),
        Piece("turn", (1,)),
        Piece("dice", (6,)),
        Piece("slots", (6,)),
    )
    terrain = np.zeros((len(kinds) + 2, *size), np.float32)
    for square in _squares(board):
        at = (square.x, square.y)
        terrain[(kinds.index(board.feature_name(square)), *at)] = 1.0
        terrain[(len(kinds), *at)] = float(board.blocks_movement(square))
        terrain[(len(kinds) + 1, *at)] = float(board.blocks_fire(square))

    def fill(views: Views, observation: Observation) -> None:
        match: Match = observation.state
        sides = relative_sides(match.order, observation.player)
        views["terrain"][...] = terrain
        for tank in match.tanks:
            side, at = sides.index(tank.side), (tank.at.x, tank.at.y)
            if tank.destroyed:
                views["wrecks"][at] = 1.0
                continue
            views["tanks"][(side, types.index(tank.kind), *at)] = 1.0
            views["facing"][(side, tank.facing % FACING_PLANES, *at)] = 1.0
            views["damaged"][(side, *at)] = float(tank.damaged)
            views["moved"][(side, *at)] = float(tank.id in match.moved)
            views["fired"][(side, *at)] = float(tank.id in match.fired)
        for square, owner in match.board.flags.items():
            if owner in sides:
                views["flags"][(sides.index(owner), square.x, square.y)] = 1.0
        for watch in match.watches:
            views["watched"][watch.flag.x, watch.flag.y] = 1.0
        if match.pending is not None:
            for row, tank_id in enumerate(match.pending):
                tank = next(t for t in match.tanks if t.id == tank_id)
                views["shot"][row, tank.at.x, tank.at.y] = 1.0
        one_hot(views["phase"], len(PHASES) if match.ended else PHASES.index(match.phase))
        views["acting"][0] = float(not match.ended and match.side_to_act == observation.player)
        limit = match.options.turn_limit
        views["turn"][0] = match.turn / (2 * limit if limit else NO_LIMIT_TURNS)
        for die in match.dice:
            views["dice"][min(max(die, 1), 6) - 1] += 1 / 6
        for value, used in zip(match.slots, match.used, strict=False):
            if not used:
                views["slots"][min(max(value, 1), 6) - 1] += 1 / 6

    return Layout(pieces, fill, sides=tuple(start.order), note=__doc__ or "")
