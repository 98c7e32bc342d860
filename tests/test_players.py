"""The search players (workbench.players) on OpenSpiel's MCTS and ISMCTS, and the card game's
resampling they depend on."""

from __future__ import annotations

import pickle
import random
import threading
import time
from collections import Counter
from fractions import Fraction

import pytest

pytest.importorskip("pyspiel", reason="OpenSpiel is the optional extra 'search'")

from workbench.balance import sweep
from workbench.errors import WorkbenchError
from workbench.games import get_game
from workbench.players import LEVELS, offer, search
from workbench.players.evaluator import material_values
from workbench.players.settings import SearchSettings, settings_for
from workbench.rules.core import CHANCE
from workbench.rules.play import play, play_to_end, sample_chance
from workbench.rules.seeding import derive

SHORT = {"turn_limit": 1}


def played_to(name, scenario, steps, seed=2):
    """A random game's state after ``steps`` steps (and any dice then due)."""
    rules = get_game(name)
    state, _ = play_to_end(rules, rules.load_scenario(scenario), seed=seed, max_steps=steps)
    rng = random.Random(seed)
    while rules.current_player(state) is CHANCE:
        state = rules.apply(state, sample_chance(rules.chance_outcomes(state), rng)).state
    return rules, state


@pytest.mark.soak
def test_a_seed_reproduces_a_game_against_greedy():
    rules = get_game("panzer-vor-practice")
    scenario = rules.load_scenario("mock-battle")
    options = {"turn_limit": 2}
    players = {"Team A": search("easy", seed=4), "Team B": rules.bots["greedy"]}
    first = play(rules, scenario, players, seed=9, options=options)
    again = play(rules, scenario, players, seed=9, options=options)
    assert first.steps == again.steps
    actions = [rules.action_from_json(s.action) for s in first.steps]
    assert rules.outcome(rules.apply_all(rules.start(scenario, options), actions)) is not None


def test_the_card_game_is_searched_by_information_set_search():
    from open_spiel.python.algorithms import ismcts

    rules, state = played_to("panzer-vor", "mock-battle", 60)
    side = rules.current_player(state)
    observation = rules.observation(state, side)
    assert observation.hidden
    steps = []
    original = ismcts.ISMCTSBot.step

    def step(bot, here):
        steps.append(bot)
        return original(bot, here)

    ismcts.ISMCTSBot.step = step
    try:
        action = search("easy", seed=1)(rules, observation, random.Random(0))
        again = search("easy", seed=1)(rules, observation, random.Random(0))
    finally:
        ismcts.ISMCTSBot.step = original
    assert action in observation.legal_actions and steps
    assert again == action  # the worlds it searches are drawn from its seed


def test_a_player_pickles_and_plays_the_same():
    rules, state = played_to("tanks", "standard-table", 12)
    observation = rules.observation(state, rules.current_player(state))
    player = search("easy", seed=3)
    copy = pickle.loads(pickle.dumps(player))
    assert copy.level == "easy" and copy.seed == 3
    assert copy(rules, observation, random.Random(1)) == player(
        rules, observation, random.Random(1)
    )


@pytest.mark.parametrize(
    ("name", "scenario", "steps"),
    [
        ("tanks", "standard-table", 12),
        ("panzer-vor", "mock-battle", 60),  # the card game's playouts look at the stop often
        ("panzer-strike", "capture-the-flag", 12),  # a hard decision there takes some 5 s
    ],
)
def test_a_decision_stops_within_half_a_second(name, scenario, steps):
    rules, state = played_to(name, scenario, steps)
    observation = rules.observation(state, rules.current_player(state))
    player = search("hard", seed=3)
    answer = []
    thread = threading.Thread(
        target=lambda: answer.append(player(rules, observation, random.Random(1)))
    )
    thread.start()
    time.sleep(0.2)
    asked = time.perf_counter()
    player.stop()
    thread.join(5)
    assert time.perf_counter() - asked < 0.5
    assert answer and answer[0] in observation.legal_actions


def test_a_time_limit_ends_a_decision():
    rules, state = played_to("tanks", "standard-table", 12)
    observation = rules.observation(state, rules.current_player(state))
    start = time.perf_counter()
    action = search("hard", seed=3, seconds=0.2)(rules, observation, random.Random(1))
    assert time.perf_counter() - start < 0.2 + 0.5
    assert action in observation.legal_actions


@pytest.mark.soak
def test_material_scores_the_tanks_each_side_lost():
    rules = get_game("panzer-vor-practice")
    options = {"turn_limit": 3}
    # seed 2: a game that ends with unequal losses
    record = play(rules, rules.load_scenario("mock-battle"), rules.bots["greedy"], seed=2,
                  options=options)  # fmt: skip
    end = rules.apply_all(rules.start(record.scenario, options),
                          [rules.action_from_json(s.action) for s in record.steps])  # fmt: skip
    lost = rules.summarize(end)["lost"]
    a, b = material_values(rules, ("Team A", "Team B"), end)
    assert a == -b != 0
    assert (a > 0) == (lost["Team B"] > lost["Team A"])


def test_the_levels_are_offered_with_each_game_s_players_merged_ones_not():
    offer()
    for name in ("panzer-strike", "tanks", "panzer-vor", "panzer-vor-practice"):
        bots = get_game(name).bots
        offered = [level for level in LEVELS if f"search ({level})" in bots]
        assert offered == settings_for(name).distinct(), name
        assert all(bots[f"search ({level})"].level == level for level in offered)
    assert "search (hard)" not in get_game("panzer-vor").bots  # merged into medium there
    assert "search (hard)" in get_game("panzer-vor-practice").bots  # its own there


def test_a_level_merged_into_greedy_plays_the_greedy_player_s_choice():
    rules, state = played_to("panzer-strike", "capture-the-flag", 6)
    observation = rules.observation(state, rules.current_player(state))
    assert settings_for("panzer-strike").plays_as("easy") == "greedy"
    step = len(observation.history) + 1  # the seeding scheme's (workbench.rules.seeding)
    for seed in range(3):
        easy = search("easy", seed=seed)(rules, observation, random.Random(seed))
        greedy = rules.bots["greedy"](rules, observation, random.Random(derive(seed, step) % 2**31))
        assert easy == greedy
    assert "as greedy in panzer-strike" in search("easy").label


def test_a_merge_must_name_a_level_that_plays_as_itself():
    with pytest.raises(WorkbenchError, match="expected one of"):
        SearchSettings(merged={"hard": "medium", "medium": "easy"})
    with pytest.raises(WorkbenchError, match="expected one of"):
        SearchSettings(merged={"hard": "expert"})
    with pytest.raises(WorkbenchError, match="none of"):
        SearchSettings(merged={"expert": "easy"})
    merged = SearchSettings(levels={"medium": 12}, merged={"easy": "medium", "hard": "medium"})
    assert [merged.simulations(level) for level in LEVELS] == [12, 12, 12]
    assert merged.distinct() == ["medium"]


def test_a_sweep_plays_search_players_in_process():
    scenario = get_game("panzer-strike").load_scenario("capture-the-flag")
    result = sweep("panzer-strike", scenario, search("easy", seed=1), games=1,
                   options=SHORT, progress=False)  # fmt: skip
    assert len(result.games) == 1


@pytest.mark.soak
def test_a_sweep_plays_search_players_on_two_workers():
    scenario = get_game("panzer-strike").load_scenario("capture-the-flag")
    result = sweep("panzer-strike", scenario, search("easy", seed=1), games=4,
                   options=SHORT, progress=False, workers=2)  # fmt: skip
    same = sweep("panzer-strike", scenario, search("easy", seed=1), games=4,
                 options=SHORT, progress=False)  # fmt: skip
    assert list(result.games["winner"]) == list(same.games["winner"])


# make soak only (3.6 s with Dask's workers as threads, 6.5 s as processes): the players pickle
# to the workers and give the games played here.
@pytest.mark.soak
@pytest.mark.parametrize("processes", [False, True], ids=["threads", "processes"])
def test_a_sweep_plays_search_players_on_dask(processes):
    distributed = pytest.importorskip("dask.distributed")
    scenario = get_game("panzer-strike").load_scenario("capture-the-flag")
    here = sweep("panzer-strike", scenario, search("easy", seed=1), games=2, seed=3,
                 options=SHORT, progress=False)  # fmt: skip
    with (
        distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=processes,
                                 dashboard_address=None) as cluster,
        distributed.Client(cluster) as client,
    ):  # fmt: skip
        there = sweep("panzer-strike", scenario, search("easy", seed=1), games=2, seed=3,
                      options=SHORT, client=client, progress=False)  # fmt: skip
    assert here.games.equals(there.games) and there.where.startswith("Dask")


@pytest.mark.soak
def test_resampling_draws_the_opponents_hand_from_the_unseen_cards():
    """ISMCTSBot depends on it: 1,000 resamples keep the information state and draw the
    opponent's hand from the unseen cards a hand can hold (no Enforcement card: it takes
    effect when drawn and is never held: Sequence of Play), each world one its history
    reaches. How likely each hand is, given what the table saw, is tests/test_worlds.py's."""
    rules, state = played_to("panzer-vor", "mock-battle", 60)
    side = rules.current_player(state)
    other = next(s for s in rules.players(state) if s != side)
    observation = rules.observation(state, side)
    unseen = Counter(dict(state.deck)) + Counter(state.hands[other])
    unseen = Counter({c: n for c, n in unseen.items() if state.card(c).kind != "enforcement"})
    drawn: Counter[str] = Counter()
    rng = random.Random(5)
    for _ in range(1000):
        sampled = rules.determinize(observation, rng)
        assert rules.observation(sampled, side) == observation
        drawn.update(sampled.hands[other])
    assert set(drawn) <= set(unseen) and len(drawn) > len(unseen) / 2


def test_the_evaluator_scores_a_likely_kill_above_a_long_shot_at_its_exact_odds():
    """A shot declared is scored at the rules' exact chance of destroying (not one sampled
    roll): N2's shot at S3 (destroys 26 times in 27) above its shot at S2 (1 in 27), by that
    difference over the material scale; the plain material score sees the two alike, both
    rolls still to come."""
    from workbench.games.panzer_strike.rules.actions import Shoot
    from workbench.openspiel.bridge import WorkbenchGame
    from workbench.players.evaluator import MATERIAL_SCALE, MaterialEvaluator, OddsEvaluator

    rules = get_game("panzer-strike")
    state, _ = play_to_end(rules, rules.load_scenario("capture-the-flag"), seed=32, max_steps=85)
    sure, long_shot = Shoot("N2", "S3"), Shoot("N2", "S2")
    assert {sure, long_shot} <= set(rules.legal_actions(state))
    assert rules.odds(state, "N2", "S3").destroy == Fraction(26, 27)
    assert rules.odds(state, "N2", "S2").destroy == Fraction(1, 27)
    game = WorkbenchGame.around(rules, state)
    north = game.sides.index("north")

    def scores(shot):
        here = game.new_initial_state()
        here.apply_action(game.space.number(shot, state))
        assert here.is_chance_node()  # the gun dice still to roll
        return OddsEvaluator().evaluate(here)[north], MaterialEvaluator().evaluate(here)[north]

    (odds_sure, plain_sure), (odds_long, plain_long) = scores(sure), scores(long_shot)
    assert odds_sure - odds_long == pytest.approx((26 - 1) / 27 / MATERIAL_SCALE)
    assert plain_sure == plain_long


def test_the_search_favours_the_greedy_choice_at_its_root_only():
    """``greedy_choice`` is the greedy player's own choice as an action number; the plain
    evaluator's prior gives it ``FAVOURED_PRIOR`` at the root and is uniform below it."""
    from workbench.openspiel.bridge import WorkbenchGame
    from workbench.players.evaluator import FAVOURED_PRIOR, OddsEvaluator
    from workbench.players.greedy import greedy_choice

    rules, state = played_to("panzer-strike", "capture-the-flag", 6)
    game = WorkbenchGame.around(rules, state)
    here = game.new_initial_state()
    side = game.sides[here.current_player()]
    greedy = rules.bots["greedy"](rules, rules.observation(state, side), random.Random(3))
    favoured = greedy_choice(here, random.Random(3))
    assert favoured == game.space.number(greedy, state)
    evaluator = OddsEvaluator()
    evaluator.root, evaluator.favoured = state, favoured
    prior = dict(evaluator.prior(here))
    assert prior[favoured] == FAVOURED_PRIOR and len(prior) == len(here.legal_actions())
    assert sum(prior.values()) == pytest.approx(1.0)
    below = here.child(favoured)
    while below.is_chance_node():
        below = below.child(below.chance_outcomes()[0][0])
    assert len(set(dict(evaluator.prior(below)).values())) == 1  # uniform
