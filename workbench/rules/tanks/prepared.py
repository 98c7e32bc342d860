"""TANKS' prepared game (``maps/tanks/games/``), made by its plan
(:mod:`workbench.rules.prepared`): cover and a Critical Hit."""

from __future__ import annotations

from workbench.boards.record import Record
from workbench.files import load
from workbench.rules.play import random_player
from workbench.rules.prepared import from_playouts, prepared, record_of_playout


@prepared("tanks", "cover-and-critical")
def cover_and_critical() -> Record:
    """The standard table: a shot at a tank in cover, then a Critical Hit's card."""
    from workbench.games import get_game

    game = get_game("tanks")
    scenario = load(game.scenarios()["standard-table"])
    story = [
        ("cover", "A shot at a tank in cover:"),
        (" draws ", "A Critical Hit draws a Damage card:"),
    ]
    found = from_playouts(game, scenario, random_player, story)
    if found is None:
        raise SystemExit("no seed shows cover and a critical")
    return record_of_playout(
        game,
        "standard-table",
        found,
        title="Cover and a Critical Hit",
        description=(
            "Played by the labelled random legal players (not the rulebook's), cut after the "
            "first Damage card drawn."
        ),
    )
