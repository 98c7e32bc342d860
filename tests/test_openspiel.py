"""The OpenSpiel bridge (workbench.openspiel): every game a pyspiel.Game that passes
OpenSpiel's own checks, with actions numbered from the scenario."""

from __future__ import annotations

import random
import sys
import time

import pytest

from workbench.games import get_game
from workbench.openspiel import NotNumbered, OpenSpielMissing, action_space
from workbench.openspiel.numbering import MAX_ACTIONS
from workbench.openspiel.spaces import numbered_games
from workbench.rules.core import CHANCE, TERMINAL
from workbench.rules.play import sample_chance

pyspiel = pytest.importorskip("pyspiel", reason="OpenSpiel is the optional extra 'search'")
import workbench.openspiel as bridge  # noqa: E402

# a short game for OpenSpiel's checks: the scenario with a lower turn limit
SHORT = {"panzer-strike": {"turn_limit": 1}, "panzer-vor-practice": {"turn_limit": 2},
         "tanks": {"turn_limit": 1}, "panzer-vor-tournament": {"drawn_replays": 0}}  # fmt: skip


def scenarios(name):
    return tuple(get_game(name).scenarios())


# make test: one scenario a game (and Test Your Luck!, the one-player game); make soak: all
QUICK = {("panzer-strike", "capture-the-flag"), ("panzer-vor-practice", "mock-battle"),
         ("tanks", "standard-table"), ("panzer-vor", "mock-battle"),
         ("panzer-vor", "test-your-luck")}  # fmt: skip
CASES = [
    pytest.param(name, scenario, marks=() if (name, scenario) in QUICK else pytest.mark.soak)
    for name in numbered_games()
    for scenario in scenarios(name)
]


def walk(name, scenario, seed, options=None, steps=400):
    """A seeded random game's states and the actions each offers (chance outcomes too)."""
    rules = get_game(name)
    state = rules.start(rules.load_scenario(scenario), options)
    rng = random.Random(seed)
    for _ in range(steps):
        who = rules.current_player(state)
        if who is TERMINAL:
            return
        offered = (
            [a for a, _ in rules.chance_outcomes(state)]
            if who is CHANCE
            else rules.legal_actions(state)
        )
        yield state, offered
        pick = (
            sample_chance(rules.chance_outcomes(state), rng)
            if who is CHANCE
            else rng.choice(offered)
        )
        state = rules.apply(state, pick).state


@pytest.mark.parametrize(("name", "scenario"), CASES)
def test_every_action_offered_has_its_own_number_and_the_number_gives_it_back(name, scenario):
    space = action_space(name, scenario)
    assert 0 < len(space) <= MAX_ACTIONS
    for state, offered in walk(name, scenario, seed=3, options=SHORT.get(name), steps=120):
        numbers = [space.number(a, state) for a in offered]
        assert len(set(numbers)) == len(numbers)
        assert [space.action(n, state) for n in numbers] == list(offered)


def test_a_number_names_the_same_action_in_every_state():
    space = action_space("panzer-strike", "capture-the-flag")
    seen = {}
    for state, offered in walk("panzer-strike", "capture-the-flag", seed=5, steps=300):
        for action in offered:
            assert seen.setdefault(space.number(action, state), action) == action


def test_an_action_not_listed_raises_naming_the_field():
    from workbench.games.panzer_strike.rules.actions import Shoot
    from workbench.games.panzer_vor.rules.actions import Move

    with pytest.raises(NotNumbered, match=r"its action .*Shoot"):
        action_space("panzer-strike", "capture-the-flag").number(Shoot("N1", "N2"))
    with pytest.raises(NotNumbered, match="cheapest path"):
        action_space("panzer-vor-practice", "mock-battle").number(
            Move("M4 (75)", "0101", 0, path=(("0101", 0),))
        )
    with pytest.raises(NotNumbered, match=r"not in 0\.\."):
        action_space("tanks", "standard-table").action(10**6)


def test_tanks_moves_are_numbered_relative_to_the_tank():
    name, scenario = "tanks", "standard-table"
    space = action_space(name, scenario)
    first = {}
    for state, offered in walk(name, scenario, seed=1, steps=200):
        for action in offered:
            if type(action).__name__ == "Move":
                n = space.number(action, state)
                first.setdefault(n, set()).add((action.x, action.y))
    assert any(len(places) > 1 for places in first.values())  # one number, several places


@pytest.mark.parametrize(("name", "scenario"), CASES)
def test_openspiel_random_simulation_with_serialization(name, scenario):
    game = bridge.game(name, scenario, SHORT.get(name))
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


def test_game_facts():
    luck = bridge.game("panzer-vor", "test-your-luck")
    assert luck.num_players() == 1  # the enemy's tanks act by the rules, with no player
    mock = bridge.game("panzer-vor", "mock-battle")
    info = pyspiel.GameType.Information
    assert mock.get_type().information == info.IMPERFECT_INFORMATION
    assert bridge.game("panzer-strike").get_type().information == info.PERFECT_INFORMATION
    assert mock.get_type().chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    strike = bridge.game("panzer-strike", "capture-the-flag")
    # 30 rounds of two turns: the roll, 2 dice + 1 extra move, End Movement, 3 shots with
    # their gun dice, End Turn (3 tanks a side roll 2 dice: the Dice Table)
    assert strike.max_game_length() == 2 * 30 * (1 + 3 + 1 + 2 * 3 + 1)
    assert strike.num_distinct_actions() == len(action_space("panzer-strike", "capture-the-flag"))


def test_returns_score_the_outcome_a_draw_as_such():
    game = bridge.game("panzer-vor-practice", "mock-battle", {"turn_limit": 1})
    rules = game.rules
    results = set()
    for seed in range(6):
        state = game.new_initial_state()
        rng = random.Random(seed)
        while not state.is_terminal():
            if state.is_chance_node():
                numbers, probabilities = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(rng.choices(numbers, probabilities)[0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
        outcome = rules.outcome(state.workbench_state)
        expected = [0.0, 0.0] if outcome.winner is None else [
            1.0 if side == outcome.winner else -1.0 for side in game.sides]  # fmt: skip
        assert state.returns() == expected
        results.add(tuple(expected))
    assert (0.0, 0.0) in results  # a draw at the turn limit happens here


def test_a_chance_node_refuses_a_players_action():
    from workbench.rules.core import IllegalAction

    game = bridge.game("panzer-strike", "capture-the-flag")
    state = game.new_initial_state()
    # OpenSpiel answers a player's legal actions at a chance node with the chance outcomes
    assert state.legal_actions(0) == [n for n, _ in state.chance_outcomes()]
    end_turn = game.space.number(game.space.families[-1].kind())
    with pytest.raises(IllegalAction):
        state.apply_action(end_turn)
    assert state.is_chance_node() and state.history() == []


def test_infostates_have_perfect_recall_and_are_never_shared():
    game = bridge.game("panzer-vor", "mock-battle")
    before = {}  # a side's infostate -> (its previous infostate, the action it took)
    for seed in range(2):
        state, rng, last = game.new_initial_state(), random.Random(seed), {}
        for _ in range(150):
            if state.is_terminal():
                break
            strings = [state.information_state_string(p) for p in range(game.num_players())]
            assert len(set(strings)) == len(strings)
            if state.is_chance_node():
                numbers, probabilities = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(rng.choices(numbers, probabilities)[0])
                continue
            p = state.current_player()
            action = rng.choice(state.legal_actions())
            key = strings[p]
            assert before.setdefault(key, last.get(p)) == last.get(p)
            last[p] = (key, action)
            state.apply_action(action)


def test_clone_shares_the_state_and_is_cheap():
    game = bridge.game("panzer-vor", "mock-battle")
    state = game.new_initial_state()
    copy = state.clone()
    assert copy.workbench_state is state.workbench_state
    start = time.perf_counter()
    for _ in range(200):
        state.clone()
    assert (time.perf_counter() - start) / 200 < 0.001  # the benchmark holds it to 50 µs


def test_resampling_keeps_the_infostate():
    game = bridge.game("panzer-vor", "mock-battle")
    state, rng = game.new_initial_state(), random.Random(2)
    while state.is_chance_node() or len(state.history()) < 40:
        if state.is_chance_node():
            numbers, probabilities = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(numbers, probabilities)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    p = state.current_player()
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    for _ in range(20):
        other = state.resample_from_infostate(p, sampler)
        assert other.information_state_string(p) == state.information_state_string(p)
        assert other.legal_actions() == state.legal_actions()


def test_without_openspiel_the_bridge_says_how_to_install_it(monkeypatch):
    monkeypatch.setitem(sys.modules, "pyspiel", None)
    with pytest.raises(OpenSpielMissing, match=r"pip install -e '\.\[search\]'"):
        bridge.game("panzer-strike")
    assert len(action_space("panzer-strike")) > 0  # numbering needs no OpenSpiel
