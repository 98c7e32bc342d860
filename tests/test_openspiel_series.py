"""The National Tournament's two series as OpenSpiel games (``series_space``), and the card
game's proved length (``card_bound``): numbered from every match the series can play, with
their players and returns, and bounded by the deck (Match Types and Stagnant Matches)."""

from __future__ import annotations

import functools
import random
import time
from dataclasses import replace

import pytest

from workbench.games import get_game
from workbench.games.panzer_vor.numbering.card_bound import (
    TOURNAMENT_BRIDGE_OPTIONS,
    facts_of,
    match_bound,
)
from workbench.openspiel import action_space
from workbench.openspiel.bounds import Unbounded, bridge_options, max_game_length
from workbench.openspiel.numbering import MAX_ACTIONS
from workbench.rules.core import CHANCE, TERMINAL, Outcome
from workbench.rules.play import play_to_end, sample_chance

LINKED, TOURNAMENT = "panzer-vor-linked", "panzer-vor-tournament"
# every configuration of the series that numbers or bounds differently (make soak)
SERIES = [
    (LINKED, {}),
    (LINKED, {"alternate_reality": True}),
    (LINKED, {"scenario_cards": "printed", "card_pool": "matches", "setup": "quick"}),
    *((TOURNAMENT, {"drawn_replays": 0, "players": n}) for n in range(2, 7)),
    (TOURNAMENT, {"drawn_replays": 1, "characters": "choose"}),
    (TOURNAMENT, {"drawn_replays": 0, "characters": "random", "setup": "quick"}),
]


@functools.cache
def linked_space():
    return action_space(LINKED)


def start(name, options=None, scenario=None):
    rules = get_game(name)
    return rules.start(rules.load_scenario(scenario or next(iter(rules.scenarios()))), options)


def walk(name, options, seed, steps, state=None):
    """A seeded random game's states and the distinct actions each offers."""
    rules = get_game(name)
    state = state if state is not None else start(name, options)
    rng = random.Random(seed)
    for _ in range(steps):
        who = rules.current_player(state)
        if who is TERMINAL:
            return
        outcomes = rules.chance_outcomes(state) if who is CHANCE else ()
        offered = [a for a, _ in outcomes] if who is CHANCE else rules.legal_actions(state)
        yield state, list(dict.fromkeys(offered))
        pick = sample_chance(outcomes, rng) if who is CHANCE else rng.choice(offered)
        state = rules.apply(state, pick).state


def numbers_round_trip(name, options, space, seed, steps, first=None):
    count = 0
    for state, offered in walk(name, options, seed, steps, first):
        numbers = [space.number(a, state) for a in offered]
        assert len(set(numbers)) == len(numbers)
        assert [space.action(n, state) for n in numbers] == offered
        count += 1
    return count


# --- numbered ------------------------------------------------------------------------------


def test_each_series_fits_in_the_numbers_and_lists_its_own_actions():
    linked = linked_space()
    tournament = action_space(TOURNAMENT, None, {"characters": "choose"})
    for space in (linked, tournament):
        assert len(space) <= MAX_ACTIONS
    kinds = {kind for kind, *_ in linked.table()}
    assert {"PlayAnzio", "UseScenarioCard", "FaceUp", "NoMoreFaceUp", "AssignTeam"} <= kinds
    kinds = {kind for kind, *_ in tournament.table()}
    assert {"ChooseSchool", "DrawSchool", "Advance", "TakeCharacter", "DoneTaking"} <= kinds


def test_a_series_action_has_its_own_number_and_the_number_gives_it_back():
    assert numbers_round_trip(LINKED, None, linked_space(), seed=1, steps=60) > 50
    options = {"schools": {"Player 1": ["Anzio High School", "Yogurt Academy"],
                           "Player 2": ["Pravda Girls High School", "Waffle Academy"]},
               "characters": "choose", "drawn_replays": 0}  # fmt: skip
    space = action_space(TOURNAMENT, None, options)
    assert numbers_round_trip(TOURNAMENT, options, space, seed=2, steps=60) > 50


def test_hs0017s_tank_is_numbered_by_its_slot_in_the_linked_scenarios():
    # HS0017: "Place another of Ōarai's tanks in hex 1007": the player's choice of a tank,
    # numbered in the series as its slot, and given back as the tank
    from workbench.games.panzer_vor.rules import linked_game as L
    from workbench.games.panzer_vor.rules.actions import PlayCard
    from workbench.games.panzer_vor.rules.tournament import Campaign

    first = start(LINKED, {"setup": "quick"})
    force = ("Panzer IV Ausf. H", "Hetzer", "M3 Lee", "StuG III Ausf. F", "Type 89",
             "Char B1 bis", "Porsche Tiger", "Type 3")  # fmt: skip
    state = L.LinkedState(first.scenarios, first.options, Campaign(3, force),
                          scenario=L.STAGE_1, chosen=("Decoy",))  # fmt: skip
    match = L.match_of(state)  # Stage 1's tanks stand for Stage 2's: only the ids count here
    state = replace(state, match=match)
    space = linked_space()
    plays = [PlayCard("HS0017", t) for t in ("Hetzer", "Type 3")]
    numbers = [space.number(p, state) for p in plays]
    assert len(set(numbers)) == 2
    assert [space.action(n, state) for n in numbers] == plays


@pytest.mark.soak
def test_the_last_matches_of_the_linked_scenarios_are_numbered_with_the_campaigns_force():
    from workbench.games.panzer_vor.rules import linked_game as L
    from workbench.games.panzer_vor.rules.linked import next_stage
    from workbench.games.panzer_vor.rules.match import evolve
    from workbench.games.panzer_vor.rules.tournament import Campaign

    first = start(LINKED)
    space = linked_space()
    force = ("Panzer IV Ausf. H", "Hetzer", "M3 Lee", "StuG III Ausf. F", "Type 89",
             "Char B1 bis", "Porsche Tiger", "Type 3")  # fmt: skip
    at = L.LinkedState(first.scenarios, first.options, Campaign(3, force),
                       scenario=L.STAGE_1, chosen=("Decoy",))  # fmt: skip
    at = replace(at, match=L.match_of(at))
    assert numbers_round_trip(LINKED, None, space, seed=3, steps=400, first=at) > 300
    # Stage 2 (Stage 2: Beginning the Second Stage) from Stage 1 after some play
    for state, _ in walk(LINKED, None, 5, 300, at):
        at = state
    ended = evolve(at.match, flags=at.match.flags | {"stage over"})
    stage_2 = replace(at, scenario=L.STAGE_2, match=next_stage(ended, first.scenarios[L.STAGE_2]))
    assert numbers_round_trip(LINKED, None, space, seed=6, steps=400, first=stage_2) > 100


def test_a_move_uses_the_bonus_of_the_first_mover_on_its_tank_only():
    from workbench.games.panzer_vor.rules.actions import Move
    from workbench.openspiel import NotNumbered

    space = linked_space()
    for state, offered in walk(LINKED, None, seed=1, steps=400):
        moves = [a for a in offered if isinstance(a, Move) and a.ability]
        if moves:
            move = moves[0]
            assert space.action(space.number(move, state), state) == move
            with pytest.raises(NotNumbered, match="first character on its tank"):
                space.number(replace(move, ability="Pepperoni"), state)
            return
    pytest.fail("no move with a character's bonus in 400 steps")


# --- the game's facts ------------------------------------------------------------------------


def test_series_facts_players_and_returns():
    pyspiel = pytest.importorskip("pyspiel", reason="OpenSpiel is the optional extra 'search'")
    import workbench.openspiel as bridge
    from workbench.games.panzer_vor.rules.tournament_game import TournamentEnd

    six = bridge.game(TOURNAMENT, None, {"players": 6, "drawn_replays": 0})
    assert six.num_players() == 6 and six.get_type().max_num_players == 6
    assert bridge.game(LINKED).num_players() == 2
    info = pyspiel.GameType.Information
    assert six.get_type().information == info.IMPERFECT_INFORMATION
    # the player whose school won the tournament +1, every other player lost it: -1
    over = replace(six.first.state, ended=Outcome(TournamentEnd.WON, "Player 3"))
    assert six.returns_of(over) == [-1.0, -1.0, 1.0, -1.0, -1.0, -1.0]
    assert six.returns_of(six.first.state) == [0.0] * 6


def test_linked_scenarios_pass_openspiels_random_simulation():
    pyspiel = pytest.importorskip("pyspiel", reason="OpenSpiel is the optional extra 'search'")
    import workbench.openspiel as bridge

    game = bridge.game(LINKED)
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)
    state = game.new_initial_state()
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    rng = random.Random(4)
    while state.is_chance_node() or len(state.history()) < 30:
        if state.is_chance_node():
            numbers, chances = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(numbers, chances)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    player = state.current_player()
    other = state.resample_from_infostate(player, sampler)
    assert other.information_state_string(player) == state.information_state_string(player)


def test_linked_scenarios_pass_openspiels_api_checks():
    pyspiel = pytest.importorskip("pyspiel", reason="OpenSpiel is the optional extra 'search'")
    import workbench.openspiel as bridge
    from workbench.games.panzer_vor.rules.linked_game import NoMoreFaceUp
    from workbench.rules.core import IllegalAction

    game = bridge.game(LINKED)
    state, rng, last, before = game.new_initial_state(), random.Random(7), {}, {}
    refused = False
    for _ in range(120):
        strings = [state.information_state_string(p) for p in range(game.num_players())]
        assert len(set(strings)) == len(strings)  # no information state shared
        if state.is_chance_node():
            if not refused:  # a chance node refuses a player's action, the state unchanged
                with pytest.raises(IllegalAction):
                    state.apply_action(game.space.number(NoMoreFaceUp()))
                refused = bool(state.chance_outcomes())
            numbers, chances = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(numbers, chances)[0])
            continue
        p, action = state.current_player(), rng.choice(state.legal_actions())
        # perfect recall: one information state, one past (its previous state and action)
        assert before.setdefault(strings[p], last.get(p)) == last.get(p)
        last[p] = (strings[p], action)
        state.apply_action(action)
    assert refused and pyspiel.PlayerId.CHANCE < 0


@pytest.mark.soak
@pytest.mark.parametrize(("name", "options"), SERIES)
def test_every_series_configuration_passes_openspiels_checks(name, options):
    pyspiel = pytest.importorskip("pyspiel", reason="OpenSpiel is the optional extra 'search'")
    import workbench.openspiel as bridge

    game = bridge.game(name, None, options)
    assert game.num_distinct_actions() <= MAX_ACTIONS
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)


# --- the proved length -----------------------------------------------------------------------


def test_a_match_takes_fewer_turns_than_its_deck_allows_draws():
    # "At the beginning of your turn, you must draw a card from the deck" (Draw Phase);
    # "once the fourth Enforcement Card has been drawn ... place that card back into the
    # deck and reshuffle it ... as soon as the Enforcement Card is drawn, the match ends"
    rules = get_game("panzer-vor")
    scenario = rules.load_scenario("mock-battle")
    facts = facts_of(rules.start(scenario))
    draws_allowed = (-(-4 // facts.enforcement) + 1) * facts.cards
    for seed in range(2):
        final, steps = play_to_end(rules, scenario, seed=seed)
        draws = sum(1 for s in steps if s.action["type"] == "Draw")
        assert final.turn * len(final.order) - 1 <= draws <= draws_allowed
        assert (
            len(steps) <= match_bound(facts) == max_game_length("panzer-vor", rules.start(scenario))
        )


def test_a_deck_without_enforcement_cards_is_unbounded():
    rules = get_game("panzer-vor")
    first = rules.start(rules.load_scenario("mock-battle"))
    facts = replace(facts_of(first), enforcement=0)
    with pytest.raises(Unbounded, match="option deck"):
        match_bound(facts)


def test_two_recovery_characters_of_one_side_are_unbounded():
    # Recovery: "you may have a character who has been removed from the map or who has been
    # turned face-down recover": Saori Takebe and Katyusha recover each other without end
    with pytest.raises(Unbounded, match="exhibition_characters"):
        facts_of(start("panzer-vor", {"exhibition_characters": True}, "exhibition"))
    first = start("panzer-vor", None, "mock-battle")
    side = first.order[0]
    crew = (*first.crew, replace(first.crew[0], name="Saori Takebe", side=side),
            replace(first.crew[0], name="Katyusha", side=side))  # fmt: skip
    with pytest.raises(Unbounded, match="Katyusha and Saori Takebe"):
        facts_of(replace(first, crew=crew))


def test_the_series_are_bounded_by_their_matches_or_say_which_option_bounds_them():
    with pytest.raises(Unbounded, match="drawn_replays"):
        max_game_length(TOURNAMENT, start(TOURNAMENT))
    once = max_game_length(TOURNAMENT, start(TOURNAMENT, {"drawn_replays": 0}))
    twice = max_game_length(TOURNAMENT, start(TOURNAMENT, {"drawn_replays": 1}))
    assert once < twice < 2 * once + 1000  # each match played at most twice
    linked = max_game_length(LINKED, start(LINKED))
    stage_1 = max_game_length("panzer-vor", start("panzer-vor", None, "kuromorimine-stage-1"))
    assert linked > 5 * stage_1  # five matches, Stage 2 holding Stage 1's forces and its own


CARD_SCENARIOS = tuple(get_game("panzer-vor").scenarios())


@pytest.mark.soak
@pytest.mark.parametrize("scenario", CARD_SCENARIOS)
def test_many_random_card_matches_end_within_the_bound(scenario):
    rules = get_game("panzer-vor")
    loaded = rules.load_scenario(scenario)
    bound = max_game_length("panzer-vor", rules.start(loaded))
    longest, began = 0, time.perf_counter()
    for seed in range(40):
        final, steps = play_to_end(rules, loaded, seed=seed, max_steps=bound + 1)
        assert rules.current_player(final) is TERMINAL and len(steps) <= bound
        longest = max(longest, len(steps))
    print(f"\n{scenario}: longest of 40 random matches {longest} steps, bound {bound} "
          f"({bound / longest:.0f}x), {time.perf_counter() - began:.0f} s")  # fmt: skip


@pytest.mark.soak
@pytest.mark.parametrize(("name", "options"), SERIES)
def test_many_random_series_end_within_the_bound(name, options):
    rules = get_game(name)
    loaded = rules.load_scenario(next(iter(rules.scenarios())))
    bound = max_game_length(name, rules.start(loaded, options))
    longest = 0
    for seed in range(20):
        final, steps = play_to_end(rules, loaded, seed=seed, options=options, max_steps=bound + 1)
        assert rules.current_player(final) is TERMINAL and len(steps) <= bound
        longest = max(longest, len(steps))
    print(f"\n{name} {options}: longest of 20 random series {longest} steps, bound {bound}")


def test_the_tournament_by_name_alone_is_a_game_with_the_bridges_replays_and_none_is_refused():
    pytest.importorskip("pyspiel", reason="OpenSpiel is the optional extra 'search'")
    import workbench.openspiel as bridge

    game = bridge.game(TOURNAMENT)  # every registered name is an OpenSpiel game as it stands
    replays = bridge.bridge_options(TOURNAMENT)["drawn_replays"]
    unlimited = bridge.game(TOURNAMENT, step_limit=None)  # the deck's bound, not the bridge's
    assert unlimited.max_game_length() == max_game_length(
        TOURNAMENT, start(TOURNAMENT, {"drawn_replays": replays})
    )
    assert game.max_game_length() == game.get_parameters()["step_limit"] < 10_000
    assert game.get_parameters()["options"]  # the stand-in is shown in the game's parameters
    with pytest.raises(Unbounded, match="drawn_replays"):
        bridge.game(TOURNAMENT, None, {"drawn_replays": None})


def test_the_bridges_options_are_kept_in_the_games_home_with_its_bound():
    """The options the bridge plays a game with are the home's (registered with its bound),
    a copy each time; a game that registered none has none; the old table is gone by name."""
    import workbench.openspiel.bounds as bounds

    assert bridge_options(TOURNAMENT) == TOURNAMENT_BRIDGE_OPTIONS
    bridge_options(TOURNAMENT)["drawn_replays"] = 99  # a copy: the home's value stays
    assert bridge_options(TOURNAMENT) == TOURNAMENT_BRIDGE_OPTIONS == {"drawn_replays": 3}
    assert bridge_options("panzer-strike") == {}
    with pytest.raises(AttributeError, match=r"bridge_options\(game\)"):
        bounds.BRIDGE_OPTIONS  # noqa: B018
