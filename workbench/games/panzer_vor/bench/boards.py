"""Panzer Vor!'s benchmark inputs: seeded random hex maps and forces (the same input every
run)."""

from __future__ import annotations

import random

from workbench.boards.hexmap import HexMap
from workbench.games.panzer_vor.boards.counters import Gun, TankCounter
from workbench.games.panzer_vor.rules.state import GameState, Side, Tank
from workbench.geometry.hexgrid import Hex

ARMOUR = {"front": 14, "side": 11, "rear": 9}
MEDIUM = TankCounter("Medium tank", 3, 0, (Gun(10, 5),), ARMOUR)


def obstructed_map(rows: int, cols: int, share: float = 0.2, seed: int = 1) -> HexMap:
    """A map with ``share`` of its hexes obstructing (forest and hills, half each), a few
    roads and shallows, and some white hexsides (labels of 3 digits past 99 rows or columns)."""
    rng = random.Random(seed)
    digits = 2 if max(rows, cols) < 100 else 3
    hexmap = HexMap.blank(rows, cols, name=f"benchmark {rows}x{cols}", digits=digits)
    terrain: dict[Hex | str, str] = {}
    for h in hexmap.grid:
        roll = rng.random()
        if roll < share / 2:
            terrain[h] = "forest"
        elif roll < share:
            terrain[h] = "hill"
        elif roll < share + 0.05:
            terrain[h] = "shallows"
        elif roll < share + 0.10:
            terrain[h] = "road"
    hexmap = hexmap.with_terrain(terrain)
    for h in rng.sample(list(hexmap.grid), max(1, len(hexmap.grid) // 40)):
        hexmap = hexmap.with_hexside(h, rng.choice(hexmap.grid.neighbors(h)), "white")
    return hexmap


def battle(hexmap: HexMap, tanks: int, seed: int = 2) -> GameState:
    """``tanks`` tanks on open hexes: the first is "Firer" (side A), the rest alternate
    between the sides, all enemies of the firer beyond the first few on side B."""
    rng = random.Random(seed)
    open_hexes = [h for h in hexmap.grid if hexmap.terrain_at(h).enterable]
    rng.shuffle(open_hexes)
    placed = [Tank("Firer", MEDIUM, "A", open_hexes[0], rng.randrange(6))]
    for i in range(1, tanks):
        placed.append(Tank(f"T{i}", MEDIUM, "B", open_hexes[i], rng.randrange(6)))
    return GameState(hexmap, tuple(placed), {"A": Side("A", "#1f77b4"), "B": Side("B", "#d62728")})


def forest_map(rows: int, cols: int, share: float = 0.2, seed: int = 1) -> HexMap:
    """A map with ``share`` of its hexes forest and nothing else (no hills, no hexsides):
    the rules a plain field-of-view library also has, opaque hexes."""
    rng = random.Random(seed)
    hexmap = HexMap.blank(rows, cols, name=f"forest {rows}x{cols}")
    return hexmap.with_terrain({h: "forest" for h in hexmap.grid if rng.random() < share})
