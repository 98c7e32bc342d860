"""What must hold in every TANKS state (the conformance playouts check it at every step), and
a finished battle in numbers for the balance lab."""

from __future__ import annotations

from typing import Any

import numpy as np
import shapely

from workbench.games.tanks.boards.table import TANKS_TERRAIN
from workbench.games.tanks.rules.criticals import full_deck
from workbench.games.tanks.rules.state import Battle, moves_allowed


def invariants(battle: Battle) -> None:
    """No hulls overlap, none overlaps impassable terrain or leaves the table, moves within
    allowance, dice pools within bounds, damage never negative, the Critical cards conserved."""
    hulls = np.asarray([t.polygon for t in battle.tanks], dtype=object)
    solid = [p.polygon for p in battle.table.pieces if TANKS_TERRAIN[p.kind].impassable]
    everything = np.asarray([*hulls, *solid], dtype=object)
    if len(hulls):
        # overlap means shared area (as the movement rules judge it), touching is not
        left, right = shapely.STRtree(everything).query(hulls, predicate="intersects")
        keep = (left != right) & ((right >= len(hulls)) | (left < right))
        left, right = left[keep], right[keep]
        areas = shapely.area(shapely.intersection(hulls[left], everything[right]))
        for i, j, area in zip(left.tolist(), right.tolist(), areas.tolist(), strict=True):
            what = battle.tanks[j].id if j < len(hulls) else "impassable terrain"
            assert area <= 1e-9, f"{battle.tanks[i].id} overlaps {what} ({area:.2g} cm²)"
        off = ~shapely.covers(battle.table.surface, hulls)
        gone = [t.id for t, o in zip(battle.tanks, off, strict=True) if o]
        assert not gone, f"off the table: {gone}"
    for t in battle.tanks:
        assert 0 <= t.speed <= moves_allowed(t), f"{t.id} moved {t.speed} times"
        assert 0 <= t.damage <= t.card.damage_capacity and t.left >= 0, f"{t.id} damage {t.damage}"
    shot = battle.shot
    if shot is not None:
        assert 0 <= shot.defence_dice <= 6, f"defence pool {shot.defence_dice}"
        shooter = battle.tank(shot.shooter)
        assert 0 < shot.attack_dice <= shooter.card.attack + 1, f"attack pool {shot.attack_dice}"
        if shot.attack:
            assert len(shot.attack) == shot.attack_dice
        if shot.defence:
            assert len(shot.defence) == shot.defence_dice
        assert shot.hits >= 0 and shot.crits >= 0
    held = [c for t in battle.tanks for c in t.criticals]
    assert sorted((*battle.deck, *battle.discard, *held)) == list(full_deck()), (
        "Critical cards lost"
    )


def summarize(battle: Battle) -> dict[str, Any]:
    """Tanks lost per side and tanks destroyed per shooting tank type (the balance lab)."""
    lost = dict.fromkeys(battle.sides, 0)
    damage_by: dict[str, int] = {}
    for tank in battle.tanks:
        if tank.destroyed:
            lost[tank.side] = lost.get(tank.side, 0) + 1
            if tank.finished_by:
                damage_by[tank.finished_by] = damage_by.get(tank.finished_by, 0) + 1
    return {"lost": lost, "damage_by": damage_by}
