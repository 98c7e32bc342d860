"""Tiny Race's questions (a test fixture): its one chapter, declared with its one kind."""

from __future__ import annotations

import random
from typing import Any

from workbench.games.tiny.boards import Track
from workbench.games.tiny.rules.game import GAME, Race
from workbench.games.tiny.rules.sections import MOVING

from workbench.learn.kinds import declare_chapters, kind
from workbench.learn.question import Question
from workbench.rules.core import Reason

declare_chapters("tiny-race", "Moving")


@kind("tiny-race", "walks", "Moving", 1, "how many walks to the finish?")
def walks(rng: random.Random, scenario: Any) -> Question:
    track = scenario if isinstance(scenario, Track) else GAME.load_scenario("short")
    at = rng.randrange(track.length)
    return Question(
        game="tiny-race", kind="walks", seed=0, scenario=track.name, chapter="Moving",
        level=1, prompt=f"Red is on square {at}: how many walks to the finish?",
        shape="number", answer=track.length - at,
        reasons=(Reason("a walk moves one square", MOVING),), state=Race(track, (at, 0)),
    )  # fmt: skip
