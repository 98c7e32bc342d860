"""One seeding scheme (``workbench.rules.seeding``): a seed means the same game everywhere. The
stepper's computer players and ``play`` make the same game of a seed, step ``n`` of it drawn
from the stream of ``(seed, n)`` alone; the search players and the balance sweeps derive their
whole-number seeds from (seed, step) the same way."""

from __future__ import annotations

import random

from workbench.games import get_game
from workbench.rules.core import CHANCE
from workbench.rules.play import play, random_player, sample_chance
from workbench.rules.seeding import derive, step_rng
from workbench.widgets.stepper import Stepper


def test_play_and_the_steppers_computer_players_make_the_same_game_of_a_seed():
    game = get_game("panzer-strike")
    scenario = game.load_scenario("capture-the-flag")
    record = play(game, scenario, random_player, seed=11, max_steps=30)
    stepper = Stepper(scenario, game.name, seed=11, auto_roll=False)
    while len(stepper.steps) < 30:
        if game.current_player(stepper.state) is CHANCE:
            assert stepper.roll()
        else:
            assert stepper.bot_move()  # the stepper's bot: the random legal player
    assert [s.action for s in stepper.record.steps] == [s.action for s in record.steps]


def test_step_n_draws_from_its_own_stream_whatever_came_before():
    game = get_game("panzer-strike")
    scenario = game.load_scenario("capture-the-flag")
    record = play(game, scenario, random_player, seed=4, max_steps=25)
    state = game.start(scenario)
    for number, step in enumerate(record.steps, 1):
        if game.current_player(state) is CHANCE:  # the dice of step n: from (4, n) alone
            rolled = sample_chance(game.chance_outcomes(state), step_rng(4, number))
            assert rolled.to_json() == dict(step.action)
        state = game.apply(state, game.action_from_json(step.action)).state
    shorter = play(game, scenario, random_player, seed=4, max_steps=10)
    assert shorter.steps == record.steps[:10]  # a game cut short is the start of the whole


def test_a_sweeps_games_are_seeded_by_the_schemes_derivation():
    from workbench import balance
    from workbench.testing.fixture_games import GAME

    assert derive(7, 3) == derive(7, 3) != derive(7, 4) and 0 <= derive(7, 3) < 2**63
    assert step_rng(7, 3).random() == random.Random("7/3").random()
    result = balance.sweep(GAME, None, games=3, seed=7, progress=False)
    assert list(result.games["seed"]) == [derive(7, 0), derive(7, 1), derive(7, 2)]
    again = play(GAME, None, random_player, seed=derive(7, 1))  # game 1 of the sweep
    assert len(again.steps) == list(result.games["steps"])[1]
