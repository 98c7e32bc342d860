"""TANKS' prepared game (``maps/tanks/games/``), made by its plan
(:mod:`workbench.rules.prepared`): cover and a Critical Hit."""

from __future__ import annotations

from workbench.boards.record import Record
from workbench.rules.play import random_player
from workbench.rules.prepared import prepared, told_by_playouts


# Not yet a lesson on odds: its random players' shots mostly have under 10% to destroy, and
# no seed of 300 tells this story when they take only shots of 10% to 90%
# (rules.prepared.taking_real_shots); a stronger chooser's search is still to be done.
@prepared("tanks", "cover-and-critical", teaches_odds=False)
def cover_and_critical(first_seed: int = 0) -> Record:
    """The standard table: a move, a shot at a tank in cover, then a Critical Hit's card."""
    story = [
        ("speed token", "A move with the Measuring Arrow:"),
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
        options={"table_setup": "given"},  # the table file's terrain, as it was made with
        first_seed=first_seed,
    )
