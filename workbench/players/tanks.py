"""TANKS' own search settings: the greedy player's candidates searched, its play looked ahead,
and the coming exchange of fire as the position score.

A medium decision has time for some fifteen of the greedy player's decisions (each weighs
every Move by the Line of Sight and dice of the tanks it would face: 40-140 ms), so the
search spends them where the greedy player is blind. :class:`TanksEvaluator`, plugged into
OpenSpiel's ``MCTSBot``:

- **prior**: only the greedy player's best :data:`CANDIDATES` actions by its own scoring
  (``rules.tanks.bots.greedy_ranking``), its favourite weighted most (each next one
  :data:`PRIOR_DECAY` of the one before); a choice it makes by a fixed rule (between the
  dice, a repair) is that one action;
- **leaf**: up to :data:`LOOKAHEAD` steps of greedy play for both sides, stopping at dice or
  the end, so that the enemy tanks that move after a Move reply to it; then
  :func:`exchange_values`;
- the greedy player's ranking of a position is worked out once a decision (kept by the
  position's path from the root), so the tree's expansions and the leaves' look-ahead share
  it;
- **choice** (:data:`ROOT_RULE`): the best mean score among the root's actions searched
  twice, where it beats the greedy choice's by 0.02.

:func:`exchange_values` scores each side's material (tank-worths destroyed: each Damage Point
a tank has lost counts its share of the tank) and the fire still to come this turn: each
tank yet to shoot (all of them outside the Shooting Phase) at its best target, Hits and
Critical Hits it expects to land (the greedy player's own ``expected_hits``) as a share of
that target; a shot declared and still being resolved counts at what its declaring position
expected of it, not at the roll the search sampled. Not the rulebook's: it decides how a
labelled computer opponent searches.
"""

from __future__ import annotations

import random
import threading
from typing import Any

from workbench.players.evaluator import MOST_SURE, OddsEvaluator, shot_origin
from workbench.players.root import RootRule
from workbench.rules.tanks.bots import expected_hits, greedy_ranking
from workbench.rules.tanks.state import Battle

CANDIDATES = 3  # the greedy player's best actions searched at a decision
PRIOR_DECAY = 0.8  # each candidate's prior weight against the one ranked above it
LOOKAHEAD = 3  # steps of greedy play before a leaf is scored
# the root's choice: the best mean among the candidates searched twice, where it beats the
# greedy choice's by 0.02 (players/root.py)
ROOT_RULE = RootRule(best_mean=True, min_visits=2, margin=0.02)
FIRE_WORTH = 1.0  # the coming fire's expected share of a tank, in tanks
SCALE = 2.0  # tanks: a lead of two tanks' worth scores as near a win as a position may


def material(battle: Battle, side: str) -> float:
    """Tank-worths ``side`` has destroyed: each enemy tank's lost share of its Damage Points
    (1 once destroyed)."""
    worth = 0.0
    for tank in battle.tanks:
        if tank.side != side:
            capacity = tank.card.damage_capacity
            worth += 1.0 if tank.destroyed else min(tank.damage, capacity) / capacity
    return worth


def fire(battle: Battle, side: str, declared: tuple[str, str] | None = None) -> float:
    """The share of enemy tanks ``side``'s tanks still to shoot this turn expect to destroy,
    each at its best target (``declared``: (shooter, target) of a shot being resolved, which
    counts at that target only)."""
    enemies = [e for e in battle.in_play(battle.enemy_of(side)) if e.left > 0]
    done = set(battle.acted) if battle.phase == "shooting" else set()
    total = 0.0
    for tank in battle.in_play(side):
        if tank.id in done and (declared is None or tank.id != declared[0]):
            continue
        targets = [e for e in enemies if declared is None or tank.id != declared[0]
                   or e.id == declared[1]]  # fmt: skip
        total += max((min(expected_hits(battle, tank, e), e.left) / e.card.damage_capacity
                      for e in targets), default=0.0)  # fmt: skip
    return total


def exchange_values(
    battle: Battle, sides: tuple[str, ...], declared: tuple[str, str] | None = None
) -> list[float]:
    """Each of ``sides``' score (see the module), from -0.9 to 0.9.

    >>> from workbench.games import get_game
    >>> rules = get_game("tanks")
    >>> start = rules.start(rules.load_scenario("standard-table"))
    >>> exchange_values(start, ("American", "German"))
    [0.0, 0.0]
    """
    raw = {s: material(battle, s) + FIRE_WORTH * fire(battle, s, declared) for s in sides}
    values = []
    for side in sides:
        score = raw[side] - sum(v for other, v in raw.items() if other != side)
        values.append(max(-MOST_SURE, min(MOST_SURE, score / SCALE)))
    return values


class TanksEvaluator(OddsEvaluator):
    """The greedy player's candidates and look-ahead, the exchange as the score (see the
    module)."""

    def __init__(
        self, rng: random.Random, stop: threading.Event | None = None,
        seconds: float | None = None,
    ) -> None:  # fmt: skip
        super().__init__(stop, seconds)
        self.rng = rng
        self._rankings: dict[tuple[int, ...], list[int]] = {}

    def ranking(self, state: Any, checked: bool = True) -> list[int]:
        """The greedy player's candidates in an OpenSpiel ``state`` (numbers), best first
        (``checked``: raise :class:`~workbench.players.evaluator.Stopped` first if asked to
        stop)."""
        key = tuple(state.history())
        if key not in self._rankings:
            if checked:
                self.check()
            game = state.get_game()
            numbers = state.legal_actions()
            actions = [state.workbench_action(n) for n in numbers]
            ranked = greedy_ranking(game.rules, state.workbench_state, actions, self.rng)
            self._rankings[key] = [numbers[actions.index(a)] for a in ranked[:CANDIDATES]]
        return self._rankings[key]

    def at_root(self, state: Any) -> list[int]:
        """The root's candidates, the greedy player's choice first (the search's favourite)."""
        return self.ranking(state, checked=False)

    def prior(self, state: Any) -> list[tuple[int, float]]:
        self.check()
        if state.is_chance_node():
            return list(state.chance_outcomes())
        ranked = self.ranking(state)
        weights = [PRIOR_DECAY**i for i in range(len(ranked))]
        return [(a, w / sum(weights)) for a, w in zip(ranked, weights, strict=True)]

    def evaluate(self, state: Any) -> list[float]:
        self.check()
        ahead = state
        for _ in range(LOOKAHEAD):
            if ahead.is_terminal() or ahead.is_chance_node():
                break
            choice = self.ranking(ahead)[0]
            ahead = ahead.child(choice)
        if ahead.is_terminal():
            return list(ahead.returns())
        game = ahead.get_game()
        origin = shot_origin(game.rules, ahead.workbench_path)
        if origin is not None:  # a shot declared: scored as its declaring position expected
            before, shooter, target = origin
            return exchange_values(before, game.sides, (shooter, target))
        return exchange_values(ahead.workbench_state, game.sides)
