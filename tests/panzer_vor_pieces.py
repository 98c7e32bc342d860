"""Counters and boards for the Panzer Vor! rules tests: the values the rulebook states,
stand-ins for the rest (the tests never depend on a stand-in's exact value)."""

from workbench.boards.hexmap import HexMap
from workbench.games.panzer_vor.boards.counters import Gun, TankCounter
from workbench.games.panzer_vor.rules import GameState, Side, Tank


def counter(name, movement=3, size=0, guns=((8, 4),), armour=(12, 10, 8), turret=True, **kw):
    if len(guns) == 2:  # a multiple-gun tank: fixed main gun, turreted secondary
        built = (Gun(*guns[0], turret=False), Gun(*guns[1], turret=True))
    else:
        built = (Gun(*guns[0], turret=turret),)
    front, side, rear = armour
    return TankCounter(
        name, movement, size, built, {"front": front, "side": side, "rear": rear}, **kw
    )


TIGER_I = counter("Tiger I", movement=3, size=1, guns=((12, 6),), armour=(16, 13, 11))
TIGER_II = counter("Tiger II", movement=2, size=1, guns=((13, 7),), armour=(18, 14, 12))
PANZER_IV_D = counter("Panzer IV Ausf. D", movement=3, guns=((7, 3),), armour=(11, 9, 8))
T34_76 = counter("T-34/76", movement=3, guns=((9, 5),), armour=(14, 14, 10))
IS_2 = counter("IS-2", movement=2, size=1, guns=((15, 7),), armour=(16, 14, 11))
STUG = counter("StuG III", guns=((9, 5),), turret=False)
M3_LEE = counter("M3 Lee", guns=((8, 5), (6, 2)))
CV33 = counter("CV33", movement=4, size=-2, guns=((3, 1),), armour=(6, 5, 5))

SIDES = {"Ōarai": Side("Ōarai", "#1f77b4"), "Enemy": Side("Enemy", "#d62728")}


def board(rows=12, cols=12, **terrain):
    """A blank map with terrain given as type=[labels]."""
    hexmap = HexMap.blank(rows, cols)
    for kind, labels in terrain.items():
        hexmap = hexmap.with_terrain({label: kind.replace("_", " ") for label in labels})
    return hexmap


def state(hexmap, *tanks, **options):
    """Tanks as (id, counter, side, label, facing) or Tank values."""
    made = []
    for t in tanks:
        if isinstance(t, Tank):
            made.append(t)
        else:
            tank_id, piece, side, label, facing, *rest = t
            extra = rest[0] if rest else {}
            made.append(Tank(tank_id, piece, side, hexmap.hex(label), facing, **extra))
    built = GameState(hexmap, tuple(made), SIDES)
    return built.with_options(**options) if options else built
