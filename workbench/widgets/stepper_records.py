"""Where the stepper's games come from: a record to step through (a Record, a record file, or
a new game from a scenario) and the prepared records shipped with each game."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from workbench.boards.record import Record
from workbench.errors import ArgumentError
from workbench.files import load
from workbench.files.listing import Entry, read_each, record_game
from workbench.paths import MAPS


def record_of(
    source: Any,
    game: str | None = None,
    *,
    seed: int = 0,
    options: Mapping[str, Any] | None = None,
) -> Record:
    """A record to step through: a Record as it is, a record file, or a new game (no steps)
    from a scenario (loaded, or a file) of the game called ``game``, with ``options`` (None:
    the game's defaults; ``game`` as ``workbench.games.names()`` lists them)."""
    if isinstance(source, str | Path):
        path = Path(source)
        loaded = load(path)
        if isinstance(loaded, Record):
            return loaded
        source, scenario_path = loaded, path.resolve()
    else:
        scenario_path = None
    if isinstance(source, Record):
        return source
    if game is None:
        raise ArgumentError("game", game, "the game's name for a new game from a scenario")
    if options is None:
        options = {}
    return Record(game=game, scenario=source, seed=seed, options=options,
                  scenario_path=scenario_path)  # fmt: skip


def prepared_games(game: str) -> Mapping[str, str]:
    """The prepared records shipped for a game, by name: every ``maps/*/games/*.json`` whose
    record names that game (Panzer Vor!'s practice game keeps its own among the card
    game's, in ``maps/panzer-vor/games/``)."""
    return {e.name: str(e.path) for e in prepared_records() if e.found == game}


def prepared_records() -> list[Entry]:
    """Every shipped prepared record with its game, or the reason it cannot be read
    (:mod:`workbench.files.listing`: one bad file is one bad line)."""
    return read_each(sorted(MAPS.glob("*/games/*.json")), record_game)


__all__ = ["prepared_games", "prepared_records", "record_of"]
