"""TANKS: Panther vs Sherman in one import.

>>> from workbench import tanks
>>> battle = tanks.start(tanks.load(tanks.tables()["barkmanns-corner"]))
>>> [t.id for t in battle.tanks]
['Panther G1', 'Sherman (75mm) A1', 'Sherman (75mm) A2']
>>> panther = battle.tanks[0].id
>>> placement, hull = tanks.move_options(battle, panther)[0]
>>> tanks.check_move(battle, panther, placement).legal
True
>>> odds = tanks.shot_odds(battle, "Sherman (75mm) A1", panther)
>>> odds.can_shoot, odds.reasons[0].section  # the houses stand between the corners
(False, 'Shooting: Line of Sight')
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from workbench.boards.tanks.cards import TanksCard, tanks_cards
from workbench.boards.tanks.hulls import hull_size
from workbench.boards.tanks.table import MeasuringArrow, Table, TerrainPiece
from workbench.files import load
from workbench.geometry.table import Hull
from workbench.rules.core import Applied, IllegalAction, Reason
from workbench.rules.core import replay as _replay
from workbench.rules.play import play
from workbench.rules.tanks.criticals import full_deck
from workbench.rules.tanks.game import (
    ACTIONS,
    GAME,
    AttackRoll,
    Cancel,
    DefenceRoll,
    DrawCritical,
    EndMoves,
    Hold,
    KeepRoll,
    Move,
    Repair,
    RepairRoll,
    Reroll,
    Shoot,
    Stay,
)
from workbench.rules.tanks.movement import (
    LEGAL_SAMPLE,
    MoveCheck,
    MoveSweep,
    Placement,
    check_move,
    move_sweep,
)
from workbench.rules.tanks.movement import move_options as _move_options
from workbench.rules.tanks.setup import MISSIONS, PlatoonTank, platoon_problems
from workbench.rules.tanks.shooting import Pools, ShotExam, ShotOdds, examine_shot, pools, shot_odds
from workbench.rules.tanks.sight import (
    CoverCheck,
    Heatmaps,
    LineOfSight,
    close_range,
    cover,
    heatmaps,
    in_arc,
    line_of_sight,
    side_shot,
)
from workbench.rules.tanks.state import Battle, Shot, TankPiece

__all__ = [
    "ACTIONS",
    "GAME",
    "LEGAL_SAMPLE",
    "MISSIONS",
    "Applied",
    "AttackRoll",
    "Battle",
    "Cancel",
    "CoverCheck",
    "DefenceRoll",
    "DrawCritical",
    "EndMoves",
    "Heatmaps",
    "Hold",
    "Hull",
    "IllegalAction",
    "KeepRoll",
    "LineOfSight",
    "MeasuringArrow",
    "Move",
    "MoveCheck",
    "MoveSweep",
    "Placement",
    "PlatoonTank",
    "Pools",
    "Reason",
    "Repair",
    "RepairRoll",
    "Reroll",
    "Shoot",
    "Shot",
    "ShotExam",
    "ShotOdds",
    "Stay",
    "Table",
    "TankPiece",
    "TanksCard",
    "TerrainPiece",
    "apply",
    "battle",
    "check_move",
    "close_range",
    "cover",
    "examine_shot",
    "heatmaps",
    "in_arc",
    "legal_actions",
    "line_of_sight",
    "load",
    "move_options",
    "move_sweep",
    "outcome",
    "platoon_problems",
    "play",
    "pools",
    "replay",
    "shot_odds",
    "side_shot",
    "start",
    "tables",
    "tank",
    "tanks_cards",
    "target_heatmaps",
]  # fmt: skip


def tank(
    tank_id: str, card: str, side: str, centre: tuple[float, float], heading: float, **state: Any
) -> TankPiece:
    """A tank of a shipped card placed by hand (hull size: the labelled stand-in), e.g.
    ``tank("Sherman", "Sherman (75mm)", "American", (50, 50), 0, speed=2)``."""
    size = hull_size(card)
    hull = Hull(centre, heading, size.length, size.width, size.turret_offset)
    return TankPiece(tank_id, tanks_cards()[card], side, hull, **state)


def battle(
    table: Table, tanks: Any, attacker: str, defender: str, phase: str = "movement", **state: Any
) -> Battle:
    """A battle set up by hand (for examples and what-ifs): the full Critical deck, no
    Victory Points yet."""
    return Battle(
        table=table, tanks=tuple(tanks), attacker=attacker, defender=defender, phase=phase,
        deck=full_deck(), victory_points={attacker: 0, defender: 0},
        destroyed_points={attacker: 0, defender: 0}, **state,
    )  # fmt: skip


def tables() -> dict[str, str]:
    """The shipped tables by name."""
    return dict(GAME.scenarios())


def start(table: Table, options: Mapping[str, Any] | None = None, **more: Any) -> Battle:
    """The first state (options: platoons, attacker, mission, turn_limit, deployment:
    "quick" (the workbench places the tanks) or "players" (a Deployment phase))."""
    return GAME.start(table, {**dict(options or {}), **more})


def legal_actions(battle: Battle) -> list:
    """Every legal action now (moves: the fixed sample ``LEGAL_SAMPLE``)."""
    return list(GAME.legal_actions(battle))


def apply(battle: Battle, action: Any) -> Applied:
    return GAME.apply(battle, action)


def outcome(battle: Battle) -> Any:
    return GAME.outcome(battle)


def move_options(battle: Battle, tank: str) -> list[tuple[Placement, Hull]]:
    """Legal placements of the display sample, each with the hull it ends as."""
    return _move_options(battle, tank)


def replay(record: Any) -> list[Battle]:
    """Every state of a recorded TANKS game."""
    return _replay(record, GAME)


def target_heatmaps(battle: Battle, shooter: str, target: str, step: float = 1.0) -> Heatmaps:
    """Seen / in cover / close range / side shot for ``target`` (its size and heading) at
    every ``step``-cm cell, against ``shooter`` where it stands: one vectorised call."""
    return heatmaps(battle.table, battle.tanks, battle.tank(shooter), battle.tank(target), step)
