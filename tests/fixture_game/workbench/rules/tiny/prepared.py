"""Tiny Race's prepared game: a runner falls into a pit, then someone wins."""

from __future__ import annotations

from workbench.rules.tiny.game import GAME

from workbench.boards.record import Record
from workbench.files import load
from workbench.rules.play import random_player
from workbench.rules.prepared import from_playouts, prepared, record_of_playout


@prepared("tiny-race", "a-pit-and-a-win")
def a_pit_and_a_win() -> Record:
    story = [("falls into a pit", "A pit:"), ("wins", "The end:")]
    found = from_playouts(GAME, load(GAME.scenarios()["short"]), random_player, story)
    assert found is not None, "no seed tells the story"
    return record_of_playout(GAME, "short", found, title="A pit and a win")
