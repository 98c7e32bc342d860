"""2,000 seeded short Panzer Strike games inside ``make test``, each state checked against the
game's invariants (one tank per square, steps within the allowance, shots within the arc and
range, wrecks staying put, flags captured only as the rule says), every game ending.

The games are short (2 or 3 rounds) and spread over the shipped scenarios and a mix of the
named options; half are played by random legal players, half by a purposeful test opponent
that drives at flags and shoots, so captures and kills happen. ``WORKBENCH_PLAYOUTS``
(``make soak``) multiplies them."""

from __future__ import annotations

import os
import random

import pytest

import workbench
from workbench.rules.core import CHANCE, TERMINAL
from workbench.rules.panzer_strike.game import GAME, EndMovement, EndTurn, Move, Shoot
from workbench.rules.play import sample_chance

GAMES = 2000 * max(1, int(os.environ.get("WORKBENCH_PLAYOUTS", "3")) // 3)
OPTION_MIXES = (
    {},
    {"damage": True, "diagonal_cut": "not-between-two"},
    {"backward_counts": False, "trajectory": "met", "distance_rounding": "nearest"},
    {"backward_alone": True, "barricades": False, "flag_next_to": "four", "damage": True},
)


def random_pick(state, legal, rng):
    """Any legal action, uniformly (the conformance test's player)."""
    return legal[rng.randrange(len(legal))]


def purposeful(state, legal, rng):
    """A test opponent (not the rulebook's): shoots whenever it may, keeps a tank that
    watches a flag still, and otherwise mostly drives towards the nearest enemy flag (or
    enemy tank), so that captures and kills happen in short games."""
    shots = [a for a in legal if isinstance(a, Shoot)]
    if shots:
        return rng.choice(shots)
    moves = [a for a in legal if isinstance(a, Move)]
    watching = {w.tank for w in state.watches}
    moves = [m for m in moves if m.tank not in watching]
    if not moves or rng.random() < 0.2:
        return next(a for a in legal if isinstance(a, EndMovement | EndTurn))
    side = state.side_to_act
    goals = [sq for sq, owner in state.board.flags.items() if owner != side] or [
        t.at for t in state.tanks if t.side != side and not t.destroyed
    ]

    gx = [g.x for g in goals]
    gy = [g.y for g in goals]
    scored = [
        (min(max(abs(m.to[0] - x), abs(m.to[1] - y)) for x, y in zip(gx, gy, strict=True)), m)
        for m in moves
    ]
    best = min(d for d, _ in scored)
    return rng.choice([m for d, m in scored if d == best])


def short_game(scenario, seed: int, options: dict, rounds: int = 2) -> tuple[int, object, object]:
    rng = random.Random(seed)
    state = GAME.start(scenario, {**options, "turn_limit": rounds})
    smart = seed % 2 == 1
    for step in range(2000):
        GAME.invariants(state)
        who = GAME.current_player(state)
        if who == TERMINAL:
            return step, GAME.outcome(state), state
        if who == CHANCE:
            action = sample_chance(GAME.chance_outcomes(state), rng)
        else:
            legal = list(GAME.legal_actions(state))
            pick = purposeful if smart else random_pick
            action = pick(state, legal, rng)
        state = GAME.apply(state, action).state
    raise AssertionError(f"game {seed} did not end")


@pytest.fixture(scope="module")
def scenarios():
    return [workbench.load(path) for path in GAME.scenarios().values()]


def test_two_thousand_seeded_short_games_keep_the_invariants_and_end(scenarios):
    ended: dict[str, int] = {}
    captured = destroyed = 0
    for seed in range(GAMES):
        scenario = scenarios[seed % len(scenarios)]
        options = OPTION_MIXES[(seed // len(scenarios)) % len(OPTION_MIXES)]
        steps, outcome, last = short_game(scenario, seed, options, rounds=2 + (seed % 2))
        captured += len(last.captured)
        destroyed += len(last.wrecks)
        assert outcome is not None and steps > 0
        ended[outcome.termination.name] = ended.get(outcome.termination.name, 0) + 1
    assert sum(ended.values()) == GAMES
    # the purposeful half captures flags and destroys tanks, so those rules are exercised
    assert captured > GAMES // 20 and destroyed > 0
