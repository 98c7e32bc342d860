"""Panzer Vor! pieces: tank counters, rosters and scenarios.

Hex maps are shared by any hex game: ``workbench.boards.hexmap``."""
