"""Panzer Vor! pieces: tank counters, rosters and scenarios (hex maps are shared: ``boards.hexmap``)."""
