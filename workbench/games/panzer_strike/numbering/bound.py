"""Panzer Strike's longest game (OpenSpiel's ``max_game_length``: ``openspiel.bounds``)."""

from __future__ import annotations

from typing import Any

from workbench.openspiel.bounds import Unbounded, bound


@bound("panzer-strike")
def panzer_strike(start: Any) -> int:
    """Each side's turn: the movement roll, one move per die (and the extra one when all dice
    show the same), End Movement, a shot and its gun dice per tank, End Turn; the game ends
    when the turn counter passes twice the turn limit."""
    limit = start.options.turn_limit
    if limit is None:
        raise Unbounded("this Panzer Strike game has no turn limit: give the option turn_limit")
    most = max(sum(1 for t in start.tanks if t.side == s) for s in start.order)
    dice = start.roster.dice_rolled(most)
    per_turn = 1 + (dice + 1) + 1 + 2 * most + 1
    return 2 * limit * per_turn
