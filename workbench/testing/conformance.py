"""The conformance check every registered game passes (after OpenSpiel's random simulation
test): seeded random playouts through ``legal_actions``, ``apply`` and chance to the end.

At every step it checks that each listed action applies, that actions which are not legal
now are refused with :class:`IllegalAction` and leave the state as it was, that chance
outcomes are a probability distribution, and the game's own invariants; at the end that the
game ended and that its record round-trips through save and load and replays to identical
states.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from workbench.files import load
from workbench.rules.canonical import canonical, digest
from workbench.rules.core import CHANCE, TERMINAL, Action, Game, IllegalAction, replay
from workbench.rules.play import Player, random_player, sample_chance

Invariant = Callable[[Any], None]  # raises AssertionError naming what broke


@dataclass
class Report:
    """What one playout did."""

    steps: int = 0
    refused: int = 0
    applied_alternatives: int = 0
    outcome: Any = None
    actions: list[dict[str, Any]] = field(default_factory=list)
    last: Any = None  # the final state


def playout(
    game: Game,
    scenario: Any,
    seed: int,
    *,
    options: dict[str, Any] | None = None,
    invariants: Iterable[Invariant] = (),
    max_steps: int = 20_000,
    alternatives: int = 3,
    illegal_samples: int = 2,
    choose: Player = random_player,
    state: Any = None,
) -> Report:
    """One seeded game to its end with every check; returns its report. ``choose`` picks
    each side's action (uniformly at random unless a test passes its own player);
    ``alternatives`` and ``illegal_samples`` set how many other actions each step tries.
    The player is given the acting side's observation, whose legal actions must be the
    game's.
    The game starts from ``scenario`` with ``options``, or from a given ``state``."""
    rng = random.Random(seed)
    invariants = tuple(invariants)
    fingerprint = game.fingerprint
    if state is None:
        state = game.start(scenario, options)
    report = Report()
    seen: list[Action] = []
    for _ in range(max_steps):
        for check in invariants:
            check(state)
        who = game.current_player(state)
        if who is TERMINAL:
            assert game.outcome(state) is not None, "a terminal state has an outcome"
            assert game.legal_actions(state) == [], "no action is legal once it is over"
            assert game.chance_outcomes(state) == [], "no chance outcome once it is over"
            break
        assert game.outcome(state) is None, f"an outcome while {who} is to act"
        if who is CHANCE:
            outcomes = game.chance_outcomes(state)
            assert outcomes, "a chance state lists its outcomes"
            assert game.legal_actions(state) == [], "no side's action while chance decides"
            assert sum(p for _, p in outcomes) == 1, "chance probabilities add up to 1"
            assert all(p > 0 for _, p in outcomes), "every listed outcome can happen"
            legal: list[Action] = [a for a, _ in outcomes]
            action = sample_chance(outcomes, rng)
        else:
            legal = list(game.legal_actions(state))
            assert legal, f"{who} has a legal action (passing counts) while the game goes on"
            assert game.chance_outcomes(state) == [], "no chance outcome while a side acts"
            observed = game.observation(state, who)
            assert list(observed.legal_actions) == legal, "the observation lists the legal actions"
            action = choose(game, observed, rng)
        tried = rng.sample(legal, min(alternatives, len(legal)))
        refusable = _refusable(legal, seen, rng, illegal_samples)
        before = fingerprint(state) if tried or refusable else ""
        for other in tried:
            game.apply(state, other)  # every listed action applies
            report.applied_alternatives += 1
        report.refused += _check_refusals(game, state, refusable)
        changed = (tried or refusable) and fingerprint(state) != before
        assert not changed, f"trying {[*map(str, tried + refusable)]} changed the state"
        state = game.apply(state, action).state
        seen.append(action)
        report.actions.append(action.to_json())
        report.steps += 1
    else:
        raise AssertionError(f"the game did not end within {max_steps} steps (seed {seed})")
    report.outcome = game.outcome(state)
    report.last = state
    return report


def _refusable(
    legal: list[Action], seen: list[Action], rng: random.Random, samples: int
) -> list[Action]:
    """Up to ``samples`` actions seen earlier in the game that are not legal now."""
    return [a for a in rng.sample(seen, min(len(seen), 8)) if a not in legal][:samples]


def _check_refusals(game: Game, state: Any, candidates: list[Action]) -> int:
    """Actions not legal now are refused with a reason (the caller checks the state is
    unchanged)."""
    refused = 0
    for action in candidates:
        try:
            game.apply(state, action)
        except IllegalAction as refusal:
            assert str(refusal), "a refusal says why"
            refused += 1
        # else: an action not listed may still be legal when the list names one of several
        # equivalent forms (e.g. a move along another path); it must then not raise.
    return refused


def check_record_round_trip(game: Game, record: Any, folder: Path) -> list[Any]:
    """Save a record, load it back and replay both: the states must be identical."""
    states = replay(record, game)
    path = record.save(folder / "record.json")
    loaded = load(path)
    assert loaded.steps == record.steps, "the steps survive save and load"
    again = replay(loaded, game)
    assert again == states, "the loaded record replays to identical states"
    return states


# canonical and digest live with the rules (rules never import testing); offered here too
__all__ = ["Invariant", "Report", "canonical", "check_record_round_trip", "digest", "playout"]
