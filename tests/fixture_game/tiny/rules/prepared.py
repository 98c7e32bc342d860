"""Tiny Race's prepared game: a runner falls into a pit, then someone wins."""

from __future__ import annotations

from workbench.boards.record import Record
from workbench.rules.play import random_player
from workbench.rules.prepared import prepared, told_by_playouts


@prepared("tiny-race", "a-pit-and-a-win")
def a_pit_and_a_win(first_seed: int = 0) -> Record:
    story = [("falls into a pit", "A pit:"), ("wins", "The end:")]
    return told_by_playouts(
        "tiny-race",
        "short",
        random_player,
        story,
        title="A pit and a win",
        description="",
        first_seed=first_seed,
    )
