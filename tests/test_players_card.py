"""The card game's search (workbench.players.playouts): the greedy player's ranking, greedy
playouts at the leaves, and OpenSpiel's ISMCTS searching the ranking's first candidates."""

from __future__ import annotations

import random

import pytest

pytest.importorskip("pyspiel", reason="OpenSpiel is the optional extra 'search'")

from workbench.games import get_game
from workbench.games.panzer_vor.rules import actions as A
from workbench.games.panzer_vor.rules.bots import _distance_to_goal, greedy_player, greedy_ranking
from workbench.games.panzer_vor.search import CARD_GAME
from workbench.rules.core import CHANCE, TERMINAL
from workbench.rules.play import play_to_end, sample_chance


def positions(seeds=range(3)):
    """Every position with a choice of two or more in seeded greedy Mock Battles."""
    rules = get_game("panzer-vor")
    value = rules.load_scenario("mock-battle")
    for seed in seeds:
        _, steps = play_to_end(rules, value, greedy_player, seed=seed)
        state = rules.start(value)
        for step in steps:
            side = rules.current_player(state)
            if side is not CHANCE and len(rules.legal_actions(state)) > 1:
                yield rules, state, side
            state = rules.apply(state, rules.action_from_json(step.action)).state


def test_the_greedy_ranking_puts_the_greedy_players_choice_first():
    """The search's candidates are the greedy player's own first choices: its ranking of a
    whole state begins with the action the player takes, drawing from ``rng`` just as much."""
    seen = 0
    for rules, state, side in positions(range(2)):
        observation = rules.observation(state, side)
        world = rules.determinize(observation, random.Random(len(observation.history)))
        legal = list(observation.legal_actions)
        ranked, drawn = random.Random(seen), random.Random(seen)
        ranking = greedy_ranking(world, legal, ranked)
        assert ranking[0] == greedy_player(rules, observation, drawn)
        assert sorted(map(str, ranking)) == sorted(map(str, legal))
        assert ranked.random() == drawn.random()
        seen += 1
    assert seen > 10


def test_a_move_is_scored_by_its_distance_to_the_nearest_enemy():
    """The greedy player's move score, each hex and each tank's enemies looked up once a
    decision, is still the plain distance from the move's hex to the nearest enemy tank."""
    moves = 0
    for _, state, _ in positions(range(4)):
        legal = [a for a in get_game("panzer-vor").legal_actions(state) if isinstance(a, A.Move)]
        distance = _distance_to_goal(state)
        board = state.board
        for move in legal:
            enemies = board.enemies_of(board.tank(move.tank))
            where = board.map.hex(move.to)
            assert distance(move) == min(where.distance(e.hex) for e in enemies)
            moves += 1
    assert moves > 0


def _search_position():
    """A Mock Battle's first deployment (228 ``Deploy``s), as OpenSpiel sees it."""
    from workbench.openspiel.bridge import WorkbenchGame

    rules = get_game("panzer-vor")
    state = rules.start(rules.load_scenario("mock-battle"))
    rng = random.Random(0)
    while rules.current_player(state) is CHANCE:
        state = rules.apply(state, sample_chance(rules.chance_outcomes(state), rng)).state
    game = WorkbenchGame.around(rules, state)
    return rules, state, game, game.new_initial_state()


def test_the_prior_is_the_greedy_players_first_few_choices_at_the_root_its_choice_below():
    from workbench.players.playouts import GreedyPlayouts, ranking_of

    rules, state, game, here = _search_position()
    playouts = CARD_GAME.playouts
    evaluator = GreedyPlayouts(ranking_of(rules), playouts, random.Random(1))
    prior = evaluator.prior(here)
    ranked = greedy_ranking(state, rules.legal_actions(state), random.Random(1))
    numbers = [game.space.number(a, state) for a in ranked]
    assert [n for n, _ in prior] == numbers[: playouts.candidates]
    assert {p for _, p in prior} == {1.0 / playouts.candidates}  # equally likely
    assert 2 <= len(prior) == playouts.candidates < len(here.legal_actions())

    below = here.child(numbers[1])  # a candidate played: the second tank's deployment
    after = below.workbench_state
    legal = rules.legal_actions(after)
    assert len(legal) > 1 and evaluator.prior(below) == [
        (game.space.number(ranking_of(rules)(after, legal, random.Random(2))[0], after), 1.0)
    ]  # fmt: skip


def test_a_root_searches_fewer_candidates_where_it_has_fewer_simulations():
    from workbench.players.playouts import A_CANDIDATE, candidates_for

    most = CARD_GAME.playouts.candidates
    assert candidates_for(1, most) == 2 and candidates_for(10**6, most) == most
    assert all(candidates_for(n, most) * A_CANDIDATE <= n for n in range(2 * A_CANDIDATE, 200))


def test_a_playout_plays_greedy_to_the_end_or_scores_material():
    """A leaf's score: the game played on greedily for both sides, the dice and cards drawn at
    their odds, to its end (+1 to the winner, -1 to the loser) or for at most ``steps`` steps
    (then the material score)."""
    from dataclasses import replace

    from workbench.players.evaluator import material_values
    from workbench.players.playouts import GreedyPlayouts, ranking_of

    rules, state, game, here = _search_position()
    whole = GreedyPlayouts(ranking_of(rules), CARD_GAME.playouts, random.Random(2))
    assert sorted(whole.evaluate(here)) == [-1.0, 1.0]  # a Mock Battle ends in some 50 steps
    short = replace(CARD_GAME.playouts, steps=1)
    one = GreedyPlayouts(ranking_of(rules), short, random.Random(2)).evaluate(here)
    assert one == material_values(rules, game.sides, state) == [0.0, 0.0]
    assert rules.current_player(state) is not TERMINAL


def test_the_search_expands_only_the_candidates_best_first():
    """OpenSpiel's ISMCTS expands a new random action at each visit of a position until all
    are expanded; the card game's searches the prior's candidates only, best first, as many
    as its simulations allow."""
    import numpy as np

    from workbench.players.playouts import CandidateISMCTS, GreedyPlayouts, ranking_of

    rules, _, game, here = _search_position()
    evaluator = GreedyPlayouts(ranking_of(rules), CARD_GAME.playouts, random.Random(3))
    bot = CandidateISMCTS(game, evaluator, 2.0, 4, random_state=np.random.RandomState(3),
                          allow_inconsistent_action_sets=True)  # fmt: skip
    assert evaluator.candidates == 2  # four simulations: the best two
    worlds = random.Random(3)
    bot.set_resampler(lambda s, p: s.resampled(p, worlds))
    chosen = bot.step(here)
    candidates = [n for n, _ in evaluator.prior(here)]
    root = bot._root_node
    assert set(root.child_info) == set(candidates) and chosen in candidates
    assert all(root.child_info[n].visits >= 1 for n in candidates)  # each tried, in turn
    assert sum(root.child_info[n].visits for n in candidates) <= 4
