"""TANKS' prepared game (``maps/tanks/games/``), made by its plan
(:mod:`workbench.rules.prepared`): cover and a Critical Hit."""

from __future__ import annotations

from workbench.boards.record import Record
from workbench.rules.play import random_player
from workbench.rules.prepared import prepared, told_by_playouts


@prepared("tanks", "cover-and-critical")
def cover_and_critical() -> Record:
    """The standard table: a shot at a tank in cover, then a Critical Hit's card."""
    story = [
        ("cover", "A shot at a tank in cover:"),
        (" draws ", "A Critical Hit draws a Damage card:"),
    ]
    return told_by_playouts(
        "tanks",
        "standard-table",
        random_player,
        story,
        title="Cover and a Critical Hit",
        description=(
            "Played by the labelled random legal players (not the rulebook's), cut after the "
            "first Damage card drawn."
        ),
    )
