"""A Panzer Strike opponent for a learner playing alone and for prepared games. It is not the
rulebook's (the rulebook has no automatic opponent) and no fair player: a labelled practice
opponent. A player is ``(game, observation, rng) -> Action`` (``workbench.rules.play``)."""

from __future__ import annotations

import random
from typing import Any

from workbench.rules.core import Action, Game
from workbench.rules.observation import Observation
from workbench.rules.panzer_strike.game import EndMovement, EndTurn, Move, Shoot


def flag_seeker(game: Game, observation: Observation, rng: random.Random) -> Action:
    """Shoots whenever it may, keeps a tank that watches a flag still, and otherwise mostly
    drives towards the nearest enemy flag (or enemy tank), so that captures and kills happen
    in short games."""
    state: Any = observation.state
    legal = observation.legal_actions
    shots = [a for a in legal if isinstance(a, Shoot)]
    if shots:
        return rng.choice(shots)
    watching = {w.tank for w in state.watches}
    moves = [a for a in legal if isinstance(a, Move) and a.tank not in watching]
    if not moves or rng.random() < 0.2:
        return next(a for a in legal if isinstance(a, EndMovement | EndTurn))
    side = state.side_to_act
    goals = [sq for sq, owner in state.board.flags.items() if owner != side] or [
        t.at for t in state.tanks if t.side != side and not t.destroyed
    ]
    scored = [(min(max(abs(m.to[0] - g.x), abs(m.to[1] - g.y)) for g in goals), m) for m in moves]
    best = min(d for d, _ in scored)
    return rng.choice([m for d, m in scored if d == best])


flag_seeker.label = "flag seeker (not the rulebook's: a labelled practice opponent)"  # type: ignore[attr-defined]
