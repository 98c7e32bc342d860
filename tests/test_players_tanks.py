"""TANKS' search settings (workbench.games.tanks.search): the greedy player's candidates, its
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
    from workbench.games.tanks.rules.bots import _position_value, greedy_ranking

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
    from workbench.games.tanks.rules.actions import KeepRoll, Reroll
    from workbench.games.tanks.rules.bots import greedy_ranking
    from workbench.games.tanks.rules.odds import policy_choice
    from workbench.games.tanks.rules.state import Shot

    rules, state = tanks_at(16)
    shooter, target = state.tanks[0], state.tanks[2]
    shot = Shot(shooter.id, target.id, 3, 1, "reroll?", attack=(1, 2, 6))
    rolled = replace(state, phase="shooting", shot=shot)
    choice = policy_choice(rolled)
    assert greedy_ranking(rules, rolled, [KeepRoll(), Reroll()], random.Random(1)) == [choice]


def test_the_exchange_counts_damage_as_a_share_of_the_tanks_points_and_the_fire_to_come():
    from workbench.games.tanks.search import (
        MOST_SURE,
        SCALE,
        exchange_values,
        fire,
        material,
        worth,
    )

    _, state = tanks_at(16)
    sides = state.sides
    hit = next(t for t in state.tanks if t.side == sides[1])
    damaged = state.with_tank(replace(hit, damage=2))
    share = 2 / hit.card.damage_capacity
    assert material(damaged, sides[0]) == pytest.approx(share * hit.card.points)
    assert material(damaged, sides[1]) == 0
    # a destroyed tank counts the points the Panzer Ace mission scores for it, whatever it
    # had left: a Panther more than a Panzer IV
    wrecked = state.with_tank(replace(hit, damage=1, destroyed=True))
    assert material(wrecked, sides[0]) == worth(wrecked, hit) == hit.card.points
    by_card = {t.card.name: worth(state, t) for t in state.tanks}
    assert by_card["Panther"] == 32 and by_card["Panzer IV"] == 17
    first, second = exchange_values(damaged, sides)
    assert first == -second
    coming = fire(damaged)
    raw = material(damaged, sides[0]) + coming[sides[0]] - coming[sides[1]]
    assert first == pytest.approx(max(-MOST_SURE, min(MOST_SURE, raw / SCALE)))
    assert min(fire(state).values()) >= 0


def plain_fire(battle, declared=None):
    """The coming fire reckoned plainly, shot by shot with exact fractions: the tanks in the
    Shooting Phase's order (highest Initiative, the Attacker first on ties), each at its most
    valuable target, its fire and the target's worth weighed by the chance each is still
    standing after the shots before."""
    from fractions import Fraction

    from workbench.games.tanks.rules.bots import shot_dice
    from workbench.games.tanks.rules.shooting import after_defence
    from workbench.games.tanks.search import worth

    standing = {t.id: Fraction(1) for t in battle.in_play() if t.left > 0}
    found = dict.fromkeys(battle.sides, Fraction(0))
    order = sorted(battle.in_play(), key=battle.order_key, reverse=True)
    for tank in order:
        mine = declared is not None and declared[0] == tank.id
        if tank.left == 0 or (battle.phase == "shooting" and tank.id in battle.acted
                              and not mine):  # fmt: skip
            continue
        best = None
        for enemy in battle.in_play():
            if enemy.side == tank.side or enemy.left == 0 or (mine and enemy.id != declared[1]):
                continue
            dice = shot_dice(battle, tank, enemy)
            if dice is None:
                continue
            spread = after_defence(*dice)
            expected = sum(p * (hits + crits) for (hits, crits), p in spread.items())
            kill = sum(p for (hits, crits), p in spread.items() if hits + crits >= enemy.left)
            share = min(expected, enemy.left) / enemy.card.damage_capacity
            value = standing[enemy.id] * share * Fraction(worth(battle, enemy))
            if best is None or value > best[0]:
                best = (value, enemy, kill)
        if best is not None:
            value, enemy, kill = best
            found[tank.side] += standing[tank.id] * value
            standing[enemy.id] *= 1 - standing[tank.id] * kill
    return found


@pytest.mark.parametrize("seed", range(3))
def test_the_coming_fire_is_the_plain_shot_by_shot_reckoning(seed):
    """``fire`` against :func:`plain_fire` in positions of random games, with no shot declared
    and with each shot a tank could declare there."""
    from workbench.games.tanks.rules.bots import expected_hits
    from workbench.games.tanks.search import fire

    rules = get_game("tanks")
    checked = 0
    for steps in range(30, 200, 11):
        _, state = tanks_at(steps, seed)
        if rules.current_player(state) not in state.sides or not state.tanks:
            continue
        coming, plain = fire(state), plain_fire(state)
        assert coming == pytest.approx({s: float(v) for s, v in plain.items()}, abs=1e-9)
        live = [t for t in state.in_play() if t.left > 0]
        for shooter in live:
            for target in live:
                if target.side != shooter.side and expected_hits(state, shooter, target) > 0:
                    declared = (shooter.id, target.id)
                    expected = {s: float(v) for s, v in plain_fire(state, declared).items()}
                    assert fire(state, declared) == pytest.approx(expected, abs=1e-9)
        checked += 1
    assert checked >= 5


def test_a_shot_before_a_tank_may_destroy_it_and_its_fire_with_it():
    """Two tanks in each other's sight: the one with the higher Initiative shoots first; the
    other's fire counts at the chance it survives that shot."""
    from fractions import Fraction

    from workbench.games.tanks.rules.bots import shot_dice
    from workbench.games.tanks.rules.shooting import after_defence
    from workbench.games.tanks.search import fire, worth

    for steps in range(30, 200, 3):
        _, state = tanks_at(steps, 0)
        live = [t for t in state.in_play() if t.left > 0]
        pairs = [(a, b) for a in live for b in live if a.side != b.side
                 and state.order_key(a) > state.order_key(b)
                 and shot_dice(state, a, b) and shot_dice(state, b, a)]  # fmt: skip
        if pairs and state.phase == "movement":
            first, second = pairs[0]
            break
    else:
        pytest.fail("no two tanks in each other's sight")
    second = replace(second, damage=second.card.damage_capacity - 1)  # one Damage Point left
    alone = replace(state, tanks=(first, second))
    spread = after_defence(*shot_dice(alone, first, second))
    kill = sum(p for (h, c), p in spread.items() if h + c >= second.left)
    expected = sum(p * (h + c) for (h, c), p in spread.items())
    back = after_defence(*shot_dice(alone, second, first))
    expected_back = sum(p * (h + c) for (h, c), p in back.items())
    coming = fire(alone)
    share = min(expected, second.left) / second.card.damage_capacity
    assert coming[first.side] == pytest.approx(float(share * Fraction(worth(alone, second))))
    share_back = min(expected_back, first.left) / first.card.damage_capacity
    survives = 1 - kill
    assert 0 < kill < 1
    back_worth = survives * share_back * Fraction(worth(alone, first))
    assert coming[second.side] == pytest.approx(float(back_worth))


def test_the_tanks_search_weighs_the_greedy_candidates_and_looks_ahead_greedily():
    """The prior lists the greedy player's best ``CANDIDATES`` actions, its choice weighted
    most; a leaf is scored where ``LOOKAHEAD`` steps of greedy play lead."""
    from workbench.games.tanks.rules.bots import greedy_ranking
    from workbench.games.tanks.search import CANDIDATES, LOOKAHEAD, TanksEvaluator, exchange_values
    from workbench.openspiel.bridge import WorkbenchGame

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
    from workbench.games.tanks.search import ROOT_RULE
    from workbench.players.root import root_choice

    visits, margin = ROOT_RULE.min_visits, ROOT_RULE.margin
    once = (visits - 1, 0.9)  # the best mean, too little evidence
    better = {1: (5, 0.2), 2: (visits, 0.2 + 2 * margin), 3: once}
    slightly = {1: (5, 0.2), 2: (visits, 0.2 + margin / 2), 3: once}
    assert root_choice(better, 1, 1, ROOT_RULE) == 2
    assert root_choice(slightly, 1, 2, ROOT_RULE) == 1
    assert root_choice({1: (0, 0.0), 2: (visits, -0.5)}, 1, 1, ROOT_RULE) == 2  # unsearched
