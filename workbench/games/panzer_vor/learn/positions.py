"""Seeded Panzer Vor! positions for questions: a shipped scenario's opening (or the one
given), with the tanks a question is about placed on seeded hexes of its map; every choice
comes from the question's own ``random.Random``."""

from __future__ import annotations

import functools
import random
from dataclasses import replace
from typing import Any

from workbench.errors import ArgumentError
from workbench.games.panzer_vor.rules.game import PRACTICE
from workbench.games.panzer_vor.rules.movement import school_of
from workbench.games.panzer_vor.rules.state import GameState, Tank
from workbench.geometry.hexgrid import Hex


@functools.lru_cache(maxsize=32)
def _opening(name: str) -> GameState:
    return PRACTICE.start(PRACTICE.load_scenario(name)).board


def pv_opening(scenario: Any) -> GameState:
    """The board of the practice game's opening on a scenario (a name or a value)."""
    if isinstance(scenario, str):  # a shipped name (learn.kinds.pick_scenario checks it)
        return _opening(scenario)
    return PRACTICE.start(scenario).board


def standing_hexes(board: GameState, tank: Tank) -> list[Hex]:
    """The hexes ``tank`` could stand in: enterable by its school, no other tank there."""
    hexmap = board.map
    school = school_of(board, tank.side)
    taken = {t.hex for t in board.tanks if t.id != tank.id}
    found = []
    for h in hexmap.grid:
        terrain = hexmap.terrain_at(h)
        if not terrain.enterable or h in taken or terrain.deployment_only:
            continue
        if terrain.may_enter is not None and school not in terrain.may_enter:
            continue
        found.append(h)
    return found


def two_sides(board: GameState, rng: random.Random) -> tuple[Tank, Tank]:
    """A tank of one side and an enemy tank, chosen by ``rng`` (sides in the board's order)."""
    fit = [t for t in board.tanks if not t.wreck]
    firer = rng.choice(fit)
    enemies = [t for t in fit if t.side != firer.side]
    if not enemies:
        raise ArgumentError("scenario", board.map.name, "a scenario with tanks on two sides")
    return firer, rng.choice(enemies)


def placed(board: GameState, tank: Tank, where: Hex, facing: int) -> GameState:
    """The board with ``tank`` moved to ``where`` facing ``facing`` (mobile, no smoke)."""
    moved = replace(tank, hex=where, facing=facing, immobile=False, smoke=False)
    return board.with_tank(moved)
