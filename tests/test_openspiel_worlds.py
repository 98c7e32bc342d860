"""OpenSpiel's own searches on the workbench's games as an OpenSpiel user runs them (issue 47):
``ISMCTSBot`` with its default settings (``allow_inconsistent_action_sets=False``) and a
random-rollout evaluator plays the card game and TANKS with Crew cards to the end, through
``evaluate_bots``; ``MCTSBot`` plays Panzer Strike, TANKS and the practice game (which hides
nothing and is declared perfect information, so OpenSpiel's ``ISMCTSBot``, which asserts
imperfect information, refuses it); a resampled state's every string comes from its world."""

from __future__ import annotations

import random

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel", reason="OpenSpiel is the optional extra 'search'")
from open_spiel.python.algorithms import evaluate_bots, ismcts, mcts  # noqa: E402

import workbench.openspiel as bridge  # noqa: E402
from tests.test_worlds import CREW  # noqa: E402


def walk(state, seed, steps):
    """``state`` after ``steps`` steps of a seeded random game (and the dice then due)."""
    rng = random.Random(seed)
    while not state.is_terminal() and (state.is_chance_node() or len(state.history()) < steps):
        if state.is_chance_node():
            numbers, odds = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(numbers, odds)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    return state


def rollouts(seed):
    return mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=np.random.RandomState(seed))


def ismcts_bots(game, simulations):
    """OpenSpiel's ISMCTSBot, its settings its defaults but the search's size."""
    return [ismcts.ISMCTSBot(game, rollouts(p), 2.0, simulations,
                             random_state=np.random.RandomState(p))
            for p in range(game.num_players())]  # fmt: skip


def play_out(state, bots, rng):
    """``evaluate_bots``' loop (OpenSpiel's ``evaluate_bots`` also asks each bot to restart
    at the state, which the Python ISMCTSBot does not offer): the returns at the end."""
    while not state.is_terminal():
        if state.is_chance_node():
            numbers, odds = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choice(numbers, p=odds))
        else:
            state.apply_action(bots[state.current_player()].step(state))
    return state.returns()


@pytest.mark.parametrize(("name", "scenario", "options", "start"), [
    ("panzer-vor", "mock-battle", None, 100),
    ("tanks", "standard-table", {**CREW, "turn_limit": 1}, 0),
    pytest.param("panzer-vor", "mock-battle", None, 0, marks=pytest.mark.soak),
    pytest.param("panzer-vor", "saunders", None, 0, marks=pytest.mark.soak),
    pytest.param("panzer-vor-linked", "linked-scenarios", None, 300, marks=pytest.mark.soak),
    pytest.param("tanks", "standard-table", CREW, 0, marks=pytest.mark.soak),
])  # fmt: skip
def test_ismcts_with_its_default_settings_plays_to_the_end(name, scenario, options, start):
    """From the first state, or (a game short enough for ``make test``) from ``start`` steps
    into a seeded random game, with the bridge's step limit 25 steps further on."""
    limit = {"step_limit": start + 25} if start else {}
    game = bridge.game(name, scenario, options, **limit)
    assert game.get_type().information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    state = walk(game.new_initial_state(), 1, start)
    returns = play_out(state, ismcts_bots(game, 3), np.random.RandomState(0))
    assert state.is_terminal() and returns == state.returns()
    assert sum(returns) == 0  # zero-sum, as declared


@pytest.mark.parametrize(("name", "scenario", "options"), [
    ("panzer-strike", "capture-the-flag", {"turn_limit": 1}),
    ("tanks", "barkmanns-corner", {"turn_limit": 1}),
    ("panzer-vor-practice", "mock-battle", {"turn_limit": 2}),
    pytest.param("panzer-strike", "annihilation", {"turn_limit": 4}, marks=pytest.mark.soak),
    pytest.param("tanks", "standard-table", None, marks=pytest.mark.soak),
])  # fmt: skip
def test_mcts_plays_the_perfect_information_games_to_the_end(name, scenario, options):
    game = bridge.game(name, scenario, options)
    assert game.get_type().information == pyspiel.GameType.Information.PERFECT_INFORMATION
    bots = [mcts.MCTSBot(game, 2.0, 4, rollouts(p), random_state=np.random.RandomState(p))
            for p in range(game.num_players())]  # fmt: skip
    state = game.new_initial_state()
    returns = evaluate_bots.evaluate_bots(state, bots, np.random.RandomState(0))
    assert state.is_terminal() and returns == state.returns()


def test_in_every_world_a_players_information_state_gives_its_legal_actions():
    """The issue found 732 of 848 opponent turns where two worlds gave the opponent the same
    information state with different legal actions: each world's strings now come from that
    world, so a string gives one set of actions."""
    game = bridge.game("panzer-vor", "mock-battle")
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    actions_of: dict[tuple[int, str], list[int]] = {}
    turns = 0
    for seed in range(3):
        state = walk(game.new_initial_state(), seed, 60 + 40 * seed)
        if state.is_terminal():
            continue
        player = state.current_player()
        for _ in range(12):
            world = state.resample_from_infostate(player, sampler)
            assert world.information_state_string(player) == state.information_state_string(player)
            assert world.observation_string(player) == state.observation_string(player)
            for _ in range(8):  # on through the world until the other side acts
                if world.is_terminal():
                    break
                if not world.is_chance_node() and world.current_player() != player:
                    key = (world.current_player(), world.information_state_string())
                    legal = world.legal_actions()
                    assert actions_of.setdefault(key, legal) == legal
                    turns += 1
                walk(world, seed, len(world.history()) + 1)
    assert turns >= 10


def test_random_simulation_passes_from_a_resampled_state():
    crew = {**CREW, "turn_limit": 1}
    for name, scenario, options in (("panzer-vor", "saunders", None),
                                    ("tanks", "standard-table", crew)):  # fmt: skip
        game = bridge.game(name, scenario, options)
        state = walk(game.new_initial_state(), 3, 12)
        assert not state.is_terminal()
        player = state.current_player() if not state.is_chance_node() else 0
        world = state.resample_from_infostate(player, pyspiel.UniformProbabilitySampler(0.0, 1.0))
        assert game.deserialize_state(world.serialize()).history() == world.history()
        pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False,
                                specific_initial_state=world)  # fmt: skip
