"""Boards as values: hex maps (Panzer Vor!), square boards (Panzer Strike), open tables
(TANKS), and the rosters and scenarios that go with them. Each loads with
``workbench.load(path)``, saves with ``.save(path)``, and boards show as pictures."""

from workbench.boards.hexmap import HexMap, MapError
from workbench.boards.panzer_strike.board import (
    BoardError,
    BoardTank,
    SquareBoard,
    TileFace,
    TileSet,
)
from workbench.boards.panzer_strike.tank_types import (
    PanzerStrikeRoster,
    TankType,
    panzer_strike_types,
)
from workbench.boards.panzer_vor.counters import Gun, TankCounter
from workbench.boards.panzer_vor.roster import PanzerVorRoster, RosterError
from workbench.boards.panzer_vor.scenario import PanzerVorScenario, ScenarioError
from workbench.boards.tanks.cards import TanksCard, TanksRoster, tanks_cards
from workbench.boards.tanks.table import (
    TANKS_TERRAIN,
    MeasuringArrow,
    Table,
    TableError,
    TableTank,
    TerrainPiece,
    follows_placement_rule,
)
from workbench.boards.terrain import HexsideType, TerrainType

__all__ = [
    "TANKS_TERRAIN",
    "BoardError",
    "BoardTank",
    "Gun",
    "HexMap",
    "HexsideType",
    "MapError",
    "MeasuringArrow",
    "PanzerStrikeRoster",
    "PanzerVorRoster",
    "PanzerVorScenario",
    "RosterError",
    "ScenarioError",
    "SquareBoard",
    "Table",
    "TableError",
    "TableTank",
    "TankCounter",
    "TankType",
    "TanksCard",
    "TanksRoster",
    "TerrainPiece",
    "TerrainType",
    "TileFace",
    "TileSet",
    "follows_placement_rule",
    "panzer_strike_types",
    "tanks_cards",
]
