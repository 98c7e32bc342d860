"""Boards as values: hex maps (Panzer Vor!), square boards (Panzer Strike), open tables (TANKS)."""

from workbench.boards.hexmap import HexMap, MapError
from workbench.boards.terrain import HexsideType, TerrainType

__all__ = ["HexMap", "HexsideType", "MapError", "TerrainType"]
