"""The benchmark inputs: seeded random hex maps and forces, square boards and tables (same
input every run)."""

from __future__ import annotations

import random

from workbench.boards.hexmap import HexMap
from workbench.games.panzer_strike.boards.board import SquareBoard, TileFace, TileSet
from workbench.games.panzer_vor.boards.counters import Gun, TankCounter
from workbench.games.panzer_vor.rules.state import GameState, Side, Tank
from workbench.games.tanks.boards.table import Table, TerrainPiece
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


def tile_set(size: int, seed: int = 1) -> TileSet:
    """100 faces (the files' most) of ``size`` × ``size`` squares, a tenth of them buildings."""
    rng = random.Random(seed)
    faces = {}
    for i in range(100):
        rows = tuple(
            "".join("#" if rng.random() < 0.1 else "." for _ in range(size)) for _ in range(size)
        )
        faces[f"F{i}"] = TileFace(f"F{i}", rows)
    return TileSet("benchmark", size, size, faces, {})


def square_board(tiles: int, size: int) -> SquareBoard:
    """``tiles`` × ``tiles`` tiles of ``size`` squares (the files' largest: 14 × 14 of 50,
    two sets of 100 faces)."""
    layout = tuple(tuple(f"F{(r * tiles + c) % 100}" for c in range(tiles)) for r in range(tiles))
    return SquareBoard(f"{tiles * size} squares", tile_set(size), layout, sets=2)


def table(side: float, pieces: int, seed: int = 1) -> Table:
    """A ``side`` cm square table with ``pieces`` woods and buildings of 6 to 18 cm, each in
    its own 24 cm slot (pieces may not overlap)."""
    rng = random.Random(seed)
    slots = int(side // 24)
    placed = []
    for i, slot in enumerate(rng.sample(range(slots * slots), pieces)):
        w, d = rng.uniform(6, 18), rng.uniform(6, 18)
        x, y = (
            24 * (slot % slots) + rng.uniform(0, 24 - w),
            24 * (slot // slots) + rng.uniform(0, 24 - d),
        )
        kind = rng.choice(["woods", "building"])
        placed.append(TerrainPiece.box(f"piece {i}", kind, x, y, w, d))
    return Table(f"{side:g} cm", side, side, tuple(placed))
