"""Pure geometry, no game words: hex grids, square grids and (later) the open table."""

from workbench.geometry.hexgrid import Hex, HexGrid, Hexside, Trace, trace
from workbench.geometry.squaregrid import Square, SquareTrace, square_trace

__all__ = ["Hex", "HexGrid", "Hexside", "Square", "SquareTrace", "Trace", "square_trace", "trace"]
