"""Boards as values: the generic pieces every game's boards are made of (hex maps, terrain
types, problems). Each game's own boards live in its home (``workbench.games.<game>.boards``;
the flat modules ``workbench.panzer_vor``, ``workbench.panzer_strike`` and
``workbench.tanks`` export them). Each loads with ``workbench.load(path)``, saves with
``.save(path)``, and boards show as pictures."""

from workbench.boards.hexmap import HexMap, MapError
from workbench.boards.terrain import HexsideType, TerrainType

__all__ = ["HexMap", "HexsideType", "MapError", "TerrainType"]

MOVED = {  # names this package no longer has, and the game's home that has them now
    **dict.fromkeys(("BoardError", "BoardTank", "SquareBoard", "TileFace", "TileSet"),
                    "workbench.games.panzer_strike.boards.board"),
    **dict.fromkeys(("PanzerStrikeRoster", "TankType", "panzer_strike_types"),
                    "workbench.games.panzer_strike.boards.tank_types"),
    **dict.fromkeys(("Gun", "TankCounter"), "workbench.games.panzer_vor.boards.counters"),
    **dict.fromkeys(("PanzerVorRoster", "RosterError"), "workbench.games.panzer_vor.boards.roster"),
    **dict.fromkeys(("PanzerVorScenario", "ScenarioError"),
                    "workbench.games.panzer_vor.boards.scenario"),
    **dict.fromkeys(("TanksCard", "TanksRoster", "tanks_cards"),
                    "workbench.games.tanks.boards.cards"),
    **dict.fromkeys(("TANKS_TERRAIN", "MeasuringArrow", "Table", "TableError", "TableTank",
                     "TerrainPiece", "follows_placement_rule"),
                    "workbench.games.tanks.boards.table"),
}  # fmt: skip


def __getattr__(name: str) -> object:
    if name in MOVED:
        raise AttributeError(f"workbench.boards.{name} is now {MOVED[name]}.{name}")
    raise AttributeError(f"module 'workbench.boards' has no attribute {name!r}")
