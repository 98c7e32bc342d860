"""Panzer Strike: France 1944 – Pocket in one import.

>>> from workbench import panzer_strike as ps
>>> match = ps.position(ps.open_board(), [("L", "Light", "north", (0, 0), "E"),
...                                       ("H", "Heavy", "south", (6, 3), "N")])
>>> ps.movement_options(match, [6]).options[("L", 6)].steps   # the rulebook's example
7
>>> odds = ps.kill_odds(match, "L", "H")
>>> odds.zone, odds.armour, odds.destroy
('side', 7, Fraction(0, 1))
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from workbench.boards.panzer_strike.board import SquareBoard, TileSet
from workbench.boards.panzer_strike.scenario import PanzerStrikeScenario
from workbench.boards.panzer_strike.tank_types import PanzerStrikeRoster, TankType
from workbench.geometry.squaregrid import FACING_NAMES, Square
from workbench.rules.core import Applied, IllegalAction, Outcome, Reason
from workbench.rules.core import replay as _replay
from workbench.rules.panzer_strike import sections
from workbench.rules.panzer_strike.game import (
    ACTIONS,
    GAME,
    EndMovement,
    EndTurn,
    Move,
    RollGun,
    RollMovement,
    Shoot,
    chance_outcomes,
    current_player,
    legal_actions,
    outcome,
    start,
)
from workbench.rules.panzer_strike.game import apply as _apply
from workbench.rules.panzer_strike.movement import (
    MovementOptions,
    Reach,
    Step,
    TankOptions,
    movement_options,
    reach,
)
from workbench.rules.panzer_strike.setup import open_board, position, rolled, with_dice
from workbench.rules.panzer_strike.shooting import (
    HitSide,
    KillOdds,
    Trajectory,
    hit_side,
    kill_odds,
    trajectory,
)
from workbench.rules.panzer_strike.state import OPTION_NAMES, Match, Options, Tank
from workbench.rules.play import play

__all__ = [
    "ACTIONS",
    "FACING_NAMES",
    "GAME",
    "OPTION_NAMES",
    "Applied",
    "EndMovement",
    "EndTurn",
    "HitSide",
    "IllegalAction",
    "KillOdds",
    "Match",
    "Move",
    "MovementOptions",
    "Options",
    "Outcome",
    "PanzerStrikeRoster",
    "PanzerStrikeScenario",
    "Reach",
    "Reason",
    "RollGun",
    "RollMovement",
    "Shoot",
    "Square",
    "SquareBoard",
    "Step",
    "Tank",
    "TankOptions",
    "TankType",
    "TileSet",
    "Trajectory",
    "apply",
    "chance_outcomes",
    "current_player",
    "hit_side",
    "kill_odds",
    "legal_actions",
    "load",
    "load_scenario",
    "movement_options",
    "open_board",
    "outcome",
    "play",
    "position",
    "reach",
    "replay",
    "rolled",
    "scenarios",
    "sections",
    "start",
    "trajectory",
    "with_dice",
]


def scenarios() -> dict[str, str]:
    """The shipped scenarios by name (``"capture-the-flag"``, ...) and their files."""
    return dict(GAME.scenarios())


def load_scenario(name_or_path: str | Path) -> PanzerStrikeScenario:
    """A shipped scenario by name, or a scenario file by path."""
    from workbench.files import BoardFileError
    from workbench.files import load as load_file

    path = GAME.scenarios().get(str(name_or_path), name_or_path)
    scenario = load_file(path)
    if not isinstance(scenario, PanzerStrikeScenario):
        raise BoardFileError(
            path,
            "$.format",
            type(scenario).__name__,
            "a Panzer Strike scenario (workbench.scenario.panzer-strike/1)",
        )
    return scenario


def load(name_or_path: str | Path, options: dict[str, Any] | None = None) -> Match:
    """The opening position of a shipped scenario by name (``"capture-the-flag"``) or of a
    scenario file, with ``options`` over the scenario's own."""
    return start(load_scenario(name_or_path), options)


def apply(match: Match, action: Any) -> Applied:
    """The next state and its events (IllegalAction, state unchanged, if the rules refuse)."""
    return _apply(match, action)


def replay(record: Any) -> list[Match]:
    """Every state of a recorded Panzer Strike game, the start first."""
    return _replay(record, GAME)
