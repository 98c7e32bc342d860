"""The board folder of a file: the folder its references stay inside (see
:mod:`workbench.files.references`), where loading a file starts from.

>>> from pathlib import Path
>>> default_root(Path("/maps/panzer-vor/scenarios/saunders.json")).name
'panzer-vor'
"""

from __future__ import annotations

import os
from pathlib import Path

SUBFOLDERS = (
    "scenarios",
    "records",
    "games",
    "campaigns",
)  # a game folder's subfolders: the board folder is above


def default_root(path: Path) -> Path:
    """The board folder of a file: its folder, or the one above when that folder is one of
    a game folder's ``SUBFOLDERS``."""
    folder = Path(os.path.realpath(path)).parent
    return folder.parent if folder.name in SUBFOLDERS else folder
