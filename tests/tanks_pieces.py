"""Small TANKS positions built by hand for the tests."""

from __future__ import annotations

from workbench.games.tanks.boards.cards import tanks_cards
from workbench.games.tanks.boards.hulls import hull_size
from workbench.games.tanks.boards.table import Table, TerrainPiece
from workbench.games.tanks.rules.criticals import full_deck
from workbench.games.tanks.rules.state import Battle, TankPiece
from workbench.geometry.table import Hull


def tank(tank_id, card, side, centre, heading, **changes):
    size = hull_size(card)
    hull = Hull(centre, heading, size.length, size.width, size.turret_offset)
    return TankPiece(tank_id, tanks_cards()[card], side, hull, **changes)


def table(*pieces, name="test table"):
    return Table(name, pieces=pieces)


def box(name, kind, x, y, w, h):
    return TerrainPiece.box(name, kind, x, y, w, h)


def battle(table_, tanks, phase="shooting", attacker="German", defender="American", **changes):
    return Battle(
        table=table_,
        tanks=tuple(tanks),
        attacker=attacker,
        defender=defender,
        phase=phase,
        deck=full_deck(),
        victory_points={attacker: 0, defender: 0},
        destroyed_points={attacker: 0, defender: 0},
        **changes,
    )


def rulebook_example():
    """Pete's Panther (moved once) shoots Andrew's Sherman (Defence 1, moved twice into the
    middle of a wood), within one Measuring Arrow, from in front of it."""
    wood = box("Wood", "woods", 40, 40, 20, 20)
    panther = tank("Panther", "Panther", "German", (50, 30), 180, speed=1)
    sherman = tank("Sherman", "Sherman (75mm)", "American", (50, 50), 0, speed=2)
    return battle(table(wood), [panther, sherman])
