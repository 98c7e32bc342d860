"""The rosters the workbench ships, read as package data, and a user's roster over them.

>>> len(panzer_vor_roster()) > 20
True
"""

from __future__ import annotations

import json
from functools import cache
from importlib import resources
from pathlib import Path

from workbench.files.errors import BoardFileError
from workbench.files.loading import load, load_document
from workbench.games.panzer_vor.boards.roster import SHIPPED, PanzerVorRoster, RosterError


@cache
def shipped_roster(name: str) -> PanzerVorRoster:
    """A roster shipped as package data (``"panzer-vor"``)."""
    if name not in SHIPPED:
        raise RosterError(f"no shipped roster called {name!r} (known: {', '.join(SHIPPED)})")
    file_name = SHIPPED[name]
    text = resources.files("workbench.data").joinpath(file_name).read_text("utf-8")
    document = json.loads(text)
    roster = load_document(document, f"workbench/data/{file_name}")
    if not isinstance(roster, PanzerVorRoster):
        raise TypeError(f"{file_name} does not hold a roster")
    return roster


def panzer_vor_roster(user_file: str | Path | None = None) -> PanzerVorRoster:
    """The shipped Panzer Vor! roster, with a user's roster file overriding its values."""
    roster = shipped_roster("panzer-vor")
    if user_file is None:
        return roster
    return roster.merged(load_roster(user_file))


def load_roster(path: str | Path) -> PanzerVorRoster:
    """A roster file (BoardFileError if the file holds something else)."""
    roster = load(path)
    if not isinstance(roster, PanzerVorRoster):
        raise BoardFileError(path, "$.format", type(roster).__name__, "a roster file")
    return roster
