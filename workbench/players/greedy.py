"""The greedy player inside a search: its choice as an action number of the search's game,
from an observation (:func:`greedy_number`, the root's favourite) or from an OpenSpiel state
(:func:`greedy_choice`, Panzer Strike's greedy lines below the root).
"""

from __future__ import annotations

import random
from typing import Any


def greedy_number(
    rules: Any, observation: Any, rng: random.Random, game: Any, state: Any
) -> int | None:
    """The number (in ``game``'s numbering, at workbench ``state``) of the action the game's
    greedy player takes seeing ``observation``; None where the game has no greedy player."""
    greedy = rules.bots.get("greedy")
    if greedy is None:
        return None
    return int(game.space.number(greedy(rules, observation, rng), state))


def greedy_choice(state: Any, rng: random.Random) -> int | None:
    """The number of the action the game's greedy player takes in an OpenSpiel ``state``
    (None where the game has no greedy player, or nobody is to choose)."""
    game = state.get_game()
    player = state.current_player()
    if player < 0:
        return None
    here = state.workbench_state
    observation = game.rules.observation(here, game.sides[player])
    return greedy_number(game.rules, observation, rng, game, here)
