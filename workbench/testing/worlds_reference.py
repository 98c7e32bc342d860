"""A plain reference for the card game's worlds (``workbench.games.panzer_vor.rules.worlds``):
rejection sampling through the whole rules, with no fact and no model of them.

A world for a side is drawn by playing the game again from its first state: each step the
side did not see is drawn from the chance outcomes of the world as it stands, each step it
saw is taken as it was, and the world is kept only if the side saw every step of it exactly
as it saw the real one and sees the world now as it sees the real state (its observation,
legal actions included). Taking a card draw the side saw as it was is weighted by keeping the
world with probability (its copies in the world's deck) / (its copies in the cards the side
has not seen): the draw's chance in the world over its chance in the world most likely to
give it, so that the worlds kept are drawn from the exact posterior. Slow (a whole replay a
world, most thrown away): for small cases only.
"""

from __future__ import annotations

import random
from typing import Any

from workbench.games.panzer_vor.rules.deck import Draw
from workbench.rules.core import CHANCE, Game, IllegalAction
from workbench.rules.observation import history_of


def reference_world(rules: Game, first: Any, real: Any, side: str, rng: random.Random) -> Any:
    """One world for ``side`` of the card match ``real`` (played from ``first``), or None
    where the attempt is thrown away (see the module)."""
    seen = history_of(real).as_seen_by(side)
    state = first
    for step in seen:
        action = step.action
        if rules.current_player(state) is CHANCE:
            outcomes = rules.chance_outcomes(state)
            if action is None:
                actions, odds = zip(*outcomes, strict=True)
                action = rng.choices(actions, [float(p) for p in odds])[0]
            elif isinstance(action, Draw) and not action.marked:
                deck = dict(state.deck)
                unseen = dict(rules.mask(state, side).deck)
                if (
                    not deck.get(action.card)
                    or rng.random() >= deck[action.card] / unseen[action.card]
                ):
                    return None
        try:
            state = rules.apply(state, action).state
        except IllegalAction:
            return None
        if history_of(state).seen(side) != step:
            return None
    if rules.observation(state, side) != rules.observation(real, side):
        return None
    return state


def reference_worlds(
    rules: Game, first: Any, real: Any, side: str, count: int, rng: random.Random,
    most_tries: int = 1_000_000,
) -> list[Any]:  # fmt: skip
    """``count`` worlds kept by :func:`reference_world` (at most ``most_tries`` attempts)."""
    worlds: list[Any] = []
    for _ in range(most_tries):
        world = reference_world(rules, first, real, side, rng)
        if world is not None:
            worlds.append(world)
            if len(worlds) == count:
                break
    return worlds
