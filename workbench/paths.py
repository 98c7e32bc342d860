"""Where the shipped maps, scenarios and prepared games are: ``maps/`` beside the package
(a checkout or an editable install)."""

from __future__ import annotations

from pathlib import Path

MAPS = Path(__file__).resolve().parent.parent / "maps"


def shipped(game: str, folder: str) -> dict[str, str]:
    """The shipped files of one game's folder, by name: ``{"test-your-luck": path}``."""
    where = MAPS / game / folder
    if not where.is_dir():
        return {}
    return {p.stem: str(p) for p in sorted(where.glob("*.json"))}
