"""Every shipped board and scenario as pictures, in every theme: the list the legibility tests
walk and ``make gallery`` renders to PNG under ``build/gallery/`` for a person to look through.

``python -m workbench.gallery [folder]`` writes ``<folder>/<theme>/<game>-<name>.png``.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import workbench
from workbench.games.panzer_vor.boards.scenario import PanzerVorScenario
from workbench.games.panzer_vor.rules.setup import game_from_scenario
from workbench.render import show
from workbench.render.themes import THEMES

MAPS = Path(__file__).resolve().parent.parent / "maps"
NOT_PICTURES = ("roster", "tiles.json")


def shipped_files(maps: Path = MAPS) -> list[Path]:
    """The shipped boards, tables and scenarios (rosters, tile sets, the prepared games in
    ``<game>/games/``, which are played records, and the campaigns in ``<game>/campaigns/``,
    lists of scenarios pictured on their own, are not pictures)."""
    return sorted(
        p
        for p in maps.rglob("*.json")
        if not any(word in p.name for word in NOT_PICTURES)
        and "games" not in p.parts
        and "campaigns" not in p.parts
    )


def shipped_pictures(maps: Path = MAPS) -> Iterator[tuple[str, Any]]:
    """(name, value) for every shipped board and every scenario's starting state."""
    for path in shipped_files(maps):
        value = workbench.load(path)
        name = f"{path.parent.relative_to(maps)}/{path.stem}".replace("/", "-")
        if isinstance(value, PanzerVorScenario):  # its starting state
            value = game_from_scenario(value).state
        yield name, value


def render_gallery(folder: Path) -> list[Path]:
    """Every shipped picture in every theme as PNG files under ``folder``."""
    written = []
    pictures = list(shipped_pictures())
    for theme in THEMES:
        (folder / theme).mkdir(parents=True, exist_ok=True)
        for name, value in pictures:
            target = folder / theme / f"{name}.png"
            written.append(show(value, theme=theme, legend=True).save(target))
    return written


if __name__ == "__main__":  # pragma: no cover - a command
    out = Path(sys.argv[1] if len(sys.argv) > 1 else "build/gallery")
    paths = render_gallery(out)
    print(f"{len(paths)} pictures under {out}/")
