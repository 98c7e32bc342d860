"""TANKS' search settings: the greedy player's candidates searched, its play looked ahead, and
the coming exchange of fire as the position score (registered with
:func:`workbench.players.settings.register`).

:class:`TanksEvaluator`, on OpenSpiel's ``MCTSBot``: its **prior** is the greedy player's best
:data:`CANDIDATES` actions by its own ranking (``rules.bots.greedy_ranking``), each next one
weighted :data:`PRIOR_DECAY` of the one before (a choice made by a fixed rule is that one
action); a **leaf** is :data:`LOOKAHEAD` steps of greedy play on (stopping at dice or the
end), then :func:`exchange_values`; the root's **choice** (:data:`ROOT_RULE`) is the best
mean among the actions searched twice, where it beats the greedy choice's by 0.02. A
position's ranking is worked out once a decision, shared by the tree and the leaves.

:func:`exchange_values` scores each side's material in **points**, a destroyed tank's worth
to its enemy (:func:`worth`: its card's and its Crew cards', as the Panzer Ace mission counts
them), each Damage Point lost its share; to it :func:`fire` adds the points each side's tanks
still to shoot this turn expect to destroy, **shot by shot in the Shooting Phase's order**
(highest Initiative first), each tank at the target worth most to it, both weighed by the
chance each still stands after the shots before (Final Fury lets a tank with no Damage left
shoot this turn, so the order matters for the turns after). Both readings are the search's
own, measured against the greedy player (``benchmarks/README.md``). Not the rulebook's: it
decides how a labelled computer opponent searches.
"""

from __future__ import annotations

import random
import threading
from functools import cache
from pathlib import Path
from typing import Any

from workbench.games.tanks.rules.actions import Shoot
from workbench.games.tanks.rules.bots import ShotDice, dice_expected, greedy_ranking, shot_dice
from workbench.games.tanks.rules.crew_cards import crew_points
from workbench.games.tanks.rules.shooting import after_defence
from workbench.games.tanks.rules.state import Battle, TankPiece
from workbench.players.evaluator import MOST_SURE, OddsEvaluator, shot_origin
from workbench.players.root import RootRule
from workbench.players.settings import SearchSettings, Shots, StrengthCase, register

CANDIDATES = 3  # the greedy player's best actions searched at a decision
PRIOR_DECAY = 0.8  # each candidate's prior weight against the one ranked above it
LOOKAHEAD = 3  # steps of greedy play before a leaf is scored
# the root's choice: the best mean among the candidates searched twice, where it beats the
# greedy choice's by 0.02 (players/root.py)
ROOT_RULE = RootRule(best_mean=True, min_visits=2, margin=0.02)
FIRE_WORTH = 1.0  # the coming fire's weight against the points destroyed already
SCALE = 47.0  # points: a lead of two tanks' average worth (the standard platoons' 94 over
# four tanks) scores as near a win as a position may


def worth(battle: Battle, tank: TankPiece) -> float:
    """The points destroying ``tank`` scores its enemy: its card's and its Crew cards' (as the
    rules' Command Phase adds them to ``destroyed_points``; an unknown card value counts 0).

    >>> from workbench.games import get_game
    >>> rules = get_game("tanks")
    >>> start = rules.start(rules.load_scenario("standard-table"))
    >>> {t.card.name: worth(start, t) for t in start.reserve}["Panther"]
    32.0
    """
    return float((tank.card.points or 0) + crew_points(battle.options, tank.crew))


def material(battle: Battle, side: str) -> float:
    """Points ``side`` has destroyed: each enemy tank's lost share of its Damage Points times
    its :func:`worth` (the whole of it once destroyed)."""
    total = 0.0
    for tank in battle.tanks:
        if tank.side != side:
            capacity = tank.card.damage_capacity
            share = 1.0 if tank.destroyed else min(tank.damage, capacity) / capacity
            total += share * worth(battle, tank)
    return total


@cache
def _at_least(dice: ShotDice, damage: int) -> float:
    """The chance a shot of ``dice`` does ``damage`` or more (Hits and Critical Hits alike,
    as ``expected_hits`` counts them)."""
    return float(sum(p for (hits, crits), p in after_defence(*dice).items()
                     if hits + crits >= damage))  # fmt: skip


def fire(battle: Battle, declared: tuple[str, str] | None = None) -> dict[str, float]:
    """The points each side's tanks still to shoot this turn expect to destroy (see the
    module), reckoned shot by shot in the Shooting Phase's order (``Battle.order_key``):
    each tank at the target worth most to it, a Damage Point expected at its share of the
    target's :func:`worth`, both the target's worth and the shooter's fire weighed by the
    chance each is still in play after the shots before it (``declared``: (shooter, target)
    of a shot being resolved, which counts at that target only)."""
    done = set(battle.acted) if battle.phase == "shooting" else set()
    live = [t for t in battle.in_play() if t.left > 0]
    standing = {t.id: 1.0 for t in live}
    shooters = [t for t in live if t.id not in done or (declared and t.id == declared[0])]
    shooters.sort(key=battle.order_key, reverse=True)
    found = dict.fromkeys(battle.sides, 0.0)
    for tank in shooters:
        best: tuple[float, TankPiece, ShotDice] | None = None
        for enemy in live:
            if enemy.side == tank.side or (declared and tank.id == declared[0]
                                           and enemy.id != declared[1]):  # fmt: skip
                continue
            dice = shot_dice(battle, tank, enemy)
            if dice is None:
                continue
            share = min(dice_expected(dice), enemy.left) / enemy.card.damage_capacity
            value = standing[enemy.id] * share * worth(battle, enemy)
            if best is None or value > best[0]:
                best = (value, enemy, dice)
        if best is not None:
            value, enemy, dice = best
            found[tank.side] += standing[tank.id] * value
            standing[enemy.id] *= 1.0 - standing[tank.id] * _at_least(dice, enemy.left)
    return found


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
    coming = fire(battle, declared)
    raw = {s: material(battle, s) + FIRE_WORTH * coming.get(s, 0.0) for s in sides}
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


def _tanks_evaluator(rng: random.Random, stop: threading.Event, seconds: float | None,
                     simulations: int) -> TanksEvaluator:  # fmt: skip
    return TanksEvaluator(rng, stop, seconds)


RECORD = Path(__file__).with_name("strength-games.csv")  # its strength benchmark games

# A TANKS simulation plays a few steps of its slow greedy player, so every level has fewer
# simulations than the shared ones (benchmarks/README.md: how each was chosen).
SETTINGS = register(
    "tanks",
    SearchSettings(
        levels={"medium": 12},
        # hard (60 simulations) over medium +69 Elo [-5, +142], 6 December; medium over easy
        # (8) -9 Elo [-66, +47], 7 December (50 games a seat): not shown apart, so one level
        # (benchmarks/README.md: the strength of the search players)
        merged={"easy": "medium", "hard": "medium"},
        evaluator=_tanks_evaluator,
        root=ROOT_RULE,
        shots=Shots(
            declared=lambda action: (
                (action.tank, action.target) if isinstance(action, Shoot) else None
            ),
            under_way=lambda state: state.shot is not None,
        ),
        strength=StrengthCase(
            "standard-table",
            "TANKS standard table",
            ("workbench/games/tanks", "workbench/tanks.py", "maps/tanks", "workbench/data/tanks-*"),
            RECORD,
        ),
    ),
)
