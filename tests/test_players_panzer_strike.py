"""Panzer Strike's search player (workbench.games.panzer_strike.search) and the greedy player it
builds on: its kept chances are the rules' odds, the root weighs the greedy player's best few,
every position below it the greedy choice, and a leaf's shots count at their exact odds."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

pytest.importorskip("pyspiel", reason="OpenSpiel is the optional extra 'search'")

from workbench.games import get_game
from workbench.games.panzer_strike.rules import bots, shooting
from workbench.games.panzer_strike.rules.actions import Shoot
from workbench.rules.play import play_to_end


def test_the_greedy_player_keeps_its_chances_and_still_chooses_the_same_actions(monkeypatch):
    """At 10 positions of a random game (after its opening move, up to 40 actions each) the
    greedy player chooses the same with its chances kept (``bots.chance_of``) as with the
    rules' odds asked afresh each time, and every kept chance is the rules' own."""
    rules = get_game("panzer-strike")
    scenario = rules.load_scenario("capture-the-flag")
    _, steps = play_to_end(rules, scenario, seed=3, max_steps=40)
    state, positions = rules.start(scenario), []
    for step in steps:
        side = rules.current_player(state)
        if isinstance(side, str) and 1 < len(rules.legal_actions(state)) <= 40 and state.turn > 1:
            positions.append(rules.observation(state, side))
        state = rules.apply(state, rules.action_from_json(step.action)).state
    greedy, positions = rules.bots["greedy"], positions[:10]
    kept = [greedy(rules, seen, random.Random(n)) for n, seen in enumerate(positions)]
    asked = []

    def afresh(match, firer, target):
        asked.append((match, firer, target))
        return bots._chance(shooting.odds(match, firer, target))

    monkeypatch.setattr(bots, "chance_of", afresh)
    fresh = [greedy(rules, seen, random.Random(n)) for n, seen in enumerate(positions)]
    assert kept == fresh and len(positions) == 10 and len(asked) > 50
    chances = bots._Chances()
    for match, firer, target in asked[::5]:
        assert chances(match, firer, target) == bots._chance(shooting.odds(match, firer, target))


def _searched_position(steps=85):
    """The capture-the-flag game after ``steps`` steps (at 85: north's shots, N2 at S3 and at
    S2), with its OpenSpiel game."""
    from workbench.openspiel.bridge import WorkbenchGame

    rules = get_game("panzer-strike")
    state, _ = play_to_end(rules, rules.load_scenario("capture-the-flag"), seed=32, max_steps=steps)
    return rules, state, WorkbenchGame.around(rules, state)


STEPS = 1  # north to move, with 460 moves


def test_the_root_weighs_the_greedy_player_s_best_few_and_below_it_only_its_choice():
    from workbench.games.panzer_strike.search import CANDIDATES, GreedyLines, candidates
    from workbench.players.greedy import greedy_choice

    rules, state, game = _searched_position(STEPS)
    here = game.new_initial_state()
    evaluator = GreedyLines(random.Random(1))
    evaluator.root = state
    evaluator.favoured = evaluator.at_root(here)[0]
    assert evaluator.favoured == greedy_choice(here, random.Random(1))  # the same tie-break
    prior = evaluator.prior(here)
    assert len(prior) == CANDIDATES and prior[0][0] == evaluator.favoured
    assert sum(p for _, p in prior) == pytest.approx(1.0)
    legal = rules.legal_actions(state)
    scores = bots.greedy_scores(state, legal)
    ranked = [scores[here.workbench_action(n)] for n in candidates(here, random.Random(1))]
    assert ranked == sorted(ranked, reverse=True) == sorted(scores.values(), reverse=True)[:4]
    here.apply_action(evaluator.favoured)
    while here.is_chance_node():
        here.apply_action(here.chance_outcomes()[0][0])
    below = evaluator.prior(here)
    assert len(below) == 1 or len(here.legal_actions()) == 1


def test_a_leaf_counts_a_shot_at_its_exact_odds_and_goes_on_as_if_it_missed():
    """N2's shot at S3 destroys 26 times in 27: north is credited 26/27 of a tank and the
    line goes on with the lowest gun dice (S3 still active)."""
    from workbench.games.panzer_strike.search import GreedyLines

    rules, state, _ = _searched_position()
    shot = rules.apply(state, Shoot("N2", "S3")).state
    credit = {"north": 0.0, "south": 0.0}
    roll = GreedyLines(random.Random(1)).expected_roll(rules, shot, credit)
    assert credit == {"north": pytest.approx(float(Fraction(26, 27))), "south": 0.0}
    assert rules.apply(shot, roll).state.tank("S3").active


def test_a_level_searches_as_its_game_says_and_the_label_says_so():
    from workbench.players import LEVELS, search

    medium = search("medium")
    assert medium.simulations_in("panzer-strike") == 2 * LEVELS["medium"] == 96
    assert medium.simulations_in("panzer-vor") == 160  # the card game's own (its search settings)
    assert search("hard").simulations_in("panzer-vor") == 160  # merged into medium there
    assert medium.simulations_in("panzer-vor-practice") == LEVELS["medium"]  # no level of its own
    assert search("hard").simulations_in("panzer-strike") == 96  # merged into medium
    assert search("easy").simulations_in("panzer-strike") == 0  # merged into greedy
    assert "160 in panzer-vor," in medium.label and "96 in panzer-strike" in medium.label
    assert "12 in tanks" in medium.label and "as medium in tanks" in search("hard").label
    assert search("easy").simulations_in("tanks") == 12  # TANKS offers medium alone
    levels = ("easy", "medium", "hard")
    for game in ("panzer-vor", "panzer-strike", "tanks"):  # the ladder: more at each level
        counts = [search(level).simulations_in(game) for level in levels]
        assert counts == sorted(counts), (game, counts)
