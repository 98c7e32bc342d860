"""TANKS' search settings (workbench.players.tanks): the greedy player's candidates, its
look-ahead and the exchange of fire as the position score."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

pytest.importorskip("pyspiel", reason="OpenSpiel is the optional extra 'search'")

from workbench.games import get_game
from workbench.rules.core import CHANCE
from workbench.rules.play import play_to_end, sample_chance


def tanks_at(steps, seed=2):
    """A random TANKS game on the standard table after ``steps`` steps (and its dice)."""
    rules = get_game("tanks")
    state, _ = play_to_end(rules, rules.load_scenario("standard-table"), seed=seed,
                           max_steps=steps)  # fmt: skip
    rng = random.Random(seed)
    while rules.current_player(state) is CHANCE:
        state = rules.apply(state, sample_chance(rules.chance_outcomes(state), rng)).state
    return rules, state


@pytest.mark.parametrize("steps", [10, 16])
def test_the_greedy_ranking_puts_the_greedy_choice_first(steps):
    """``greedy_ranking`` is the greedy player's own scoring: its first action is the one the
    greedy player takes (drawing from ``rng`` as it draws), the rest best first."""
    from workbench.rules.tanks.bots import _position_value, greedy_ranking

    rules, state = tanks_at(steps)
    side = rules.current_player(state)
    legal = list(rules.legal_actions(state))
    ranked = greedy_ranking(rules, state, legal, random.Random(4))
    chosen = rules.bots["greedy"](rules, rules.observation(state, side), random.Random(4))
    assert ranked[0] == chosen and sorted(map(str, ranked)) == sorted(map(str, legal))
    values = [_position_value(rules, state, a) for a in ranked]
    assert values == sorted(values, reverse=True)


def test_a_choice_by_a_fixed_rule_is_ranked_alone():
    """Between the dice the greedy player chooses as the odds assume: nothing to search."""
    from workbench.rules.tanks.actions import KeepRoll, Reroll
    from workbench.rules.tanks.bots import greedy_ranking
    from workbench.rules.tanks.odds import policy_choice
    from workbench.rules.tanks.state import Shot

    rules, state = tanks_at(16)
    shooter, target = state.tanks[0], state.tanks[2]
    shot = Shot(shooter.id, target.id, 3, 1, "reroll?", attack=(1, 2, 6))
    rolled = replace(state, phase="shooting", shot=shot)
    choice = policy_choice(rolled)
    assert greedy_ranking(rules, rolled, [KeepRoll(), Reroll()], random.Random(1)) == [choice]


def test_the_exchange_counts_damage_as_a_share_of_the_tank_and_the_fire_to_come():
    from workbench.players.tanks import MOST_SURE, SCALE, exchange_values, fire, material

    _, state = tanks_at(16)
    sides = state.sides
    hit = next(t for t in state.tanks if t.side == sides[1])
    damaged = state.with_tank(replace(hit, damage=2))
    assert material(damaged, sides[0]) == pytest.approx(2 / hit.card.damage_capacity)
    assert material(damaged, sides[1]) == 0
    first, second = exchange_values(damaged, sides)
    assert first == -second
    raw = material(damaged, sides[0]) + fire(damaged, sides[0]) - fire(damaged, sides[1])
    assert first == pytest.approx(max(-MOST_SURE, min(MOST_SURE, raw / SCALE)))
    assert fire(state, sides[0]) >= 0 and fire(state, sides[1]) >= 0


def test_the_tanks_search_weighs_the_greedy_candidates_and_looks_ahead_greedily():
    """The prior lists the greedy player's best ``CANDIDATES`` actions, its choice weighted
    most; a leaf is scored where ``LOOKAHEAD`` steps of greedy play lead."""
    from workbench.openspiel.bridge import WorkbenchGame
    from workbench.players.tanks import CANDIDATES, LOOKAHEAD, TanksEvaluator, exchange_values
    from workbench.rules.tanks.bots import greedy_ranking

    rules, state = tanks_at(10)
    game = WorkbenchGame.around(rules, state)
    here = game.new_initial_state()
    evaluator = TanksEvaluator(random.Random(3))
    prior = evaluator.prior(here)
    legal = list(rules.legal_actions(state))
    ranked = greedy_ranking(rules, state, legal, random.Random(3))[:CANDIDATES]
    assert [here.workbench_action(a) for a, _ in prior] == ranked
    weights = [w for _, w in prior]
    assert weights == sorted(weights, reverse=True) and sum(weights) == pytest.approx(1)
    ahead = here
    for _ in range(LOOKAHEAD):
        if ahead.is_chance_node() or ahead.is_terminal():
            break
        ahead = ahead.child(evaluator.ranking(ahead)[0])
    assert evaluator.evaluate(here) == exchange_values(ahead.workbench_state, game.sides)


def test_the_best_mean_overrules_the_greedy_choice_only_by_a_margin_and_on_evidence():
    """TANKS' root choice: the best mean among actions searched ``min_visits`` times, if it
    beats the greedy choice's (the favourite) by ``margin``; the same rule as Panzer
    Strike's, with its own numbers."""
    from workbench.players.root import root_choice
    from workbench.players.tanks import ROOT_RULE

    visits, margin = ROOT_RULE.min_visits, ROOT_RULE.margin
    once = (visits - 1, 0.9)  # the best mean, too little evidence
    better = {1: (5, 0.2), 2: (visits, 0.2 + 2 * margin), 3: once}
    slightly = {1: (5, 0.2), 2: (visits, 0.2 + margin / 2), 3: once}
    assert root_choice(better, 1, 1, ROOT_RULE) == 2
    assert root_choice(slightly, 1, 2, ROOT_RULE) == 1
    assert root_choice({1: (0, 0.0), 2: (visits, -0.5)}, 1, 1, ROOT_RULE) == 2  # unsearched
