"""Panzer Vor! on the one contract: the card game and the practice mode are two registered
games; every option is listed per scenario and checked before anything starts; each side's
hand is hidden from the other ("Hand: ... Make sure to keep it secret from your opponent",
Glossary) and a determinized state is drawn from what that side has not seen; the learner's
odds, reach and verdicts come from the game state (the card in play, the scenario, the
characters)."""

from __future__ import annotations

import json
import math
import random
from collections import Counter
from dataclasses import replace
from fractions import Fraction

import pytest

import workbench
from tests.panzer_vor_match import arranged, play, scenario, started
from tests.record_traces import GOLDEN
from workbench import panzer_vor as pv
from workbench.errors import ArgumentError
from workbench.games import get_game
from workbench.games.panzer_vor.rules import firing, hidden, sections, turn
from workbench.games.panzer_vor.rules.actions import (
    Fire,
    Move,
    PlayCard,
    Select,
)
from workbench.games.panzer_vor.rules.characters import Crew
from workbench.games.panzer_vor.rules.deck import Draw, from_counts
from workbench.games.panzer_vor.rules.game_options import PRACTICE
from workbench.games.panzer_vor.rules.match import Drawing, Shot, evolve, push
from workbench.games.panzer_vor.rules.practice import Match
from workbench.render import svg_of
from workbench.rules.core import CHANCE, IllegalAction, Modifier
from workbench.rules.options import OptionError

CARDS, PRACTICE_GAME = get_game("panzer-vor"), get_game("panzer-vor-practice")
LINKED, TOURNAMENT = get_game("panzer-vor-linked"), get_game("panzer-vor-tournament")
P1, P2 = "Player 1", "Player 2"
D1, F1, H2 = "Panzer IV Ausf. D", "Panzer IV Ausf. F2", "Panzer IV Ausf. H 2"


def duel(hands, where=None, crew=(), **changes):
    """Exhibition! on the blank map: Player 1's Panzer IV D at 0805, F2 at 0807; Player 2's
    Panzer IV H at 0811 (a match arranged at Player 1's Action Phase)."""
    match = arranged("exhibition", hands=hands, **changes)
    board = match.board
    for tank_id, label in (where or {D1: "0805", F1: "0807", H2: "0811"}).items():
        board = board.with_tank(replace(board.tank(tank_id), hex=board.map.hex(label)))
    return evolve(match, board=board, crew=tuple(crew))


# --- two games ---------------------------------------------------------------------------------


def test_practice_is_a_registered_game_of_its_own_and_the_card_game_the_default():
    practice = pv.practice.start(pv.load_scenario("test-your-luck"))
    assert isinstance(practice, Match) and pv.practice.GAME is PRACTICE_GAME
    assert pv.GAME is CARDS and pv.linked.GAME is LINKED and pv.tournament.GAME is TOURNAMENT
    assert type(pv.start(pv.load_scenario("test-your-luck"))).__name__ == "CardMatch"
    with pytest.raises(OptionError, match="mode"):  # no switch: a game is its own name
        pv.start(pv.load_scenario("test-your-luck"), {"mode": "practice"})
    record = pv.practice.play(pv.load_scenario("mock-battle"), seed=3, options={"turn_limit": 3})
    assert record.game == "panzer-vor-practice" and pv.practice.replay(record)[-1].ended


def test_the_practice_modes_greedy_player_plays_a_match_without_cards():
    # it is the card game's greedy player, on a state with no cards, scenario flags or solo
    scenario = pv.load_scenario("pravda")  # a scenario whose rules modify a card match's shots
    greedy = pv.practice.greedy_player
    record = pv.practice.play(scenario, greedy, seed=1, options={"turn_limit": 5})
    assert pv.practice.replay(record)[-1].ended
    assert any(step.action["type"] == "Fire" for step in record.steps)


@pytest.mark.parametrize("name", ["panzer-vor-test-your-luck-5", "panzer-vor-exhibition-6"])
def test_an_old_practice_record_loads_as_the_practice_game_and_saves_its_new_name(name, tmp_path):
    old = json.loads((GOLDEN / f"{name}.json").read_text(encoding="utf-8"))
    assert old["game"] == "panzer-vor" and old["options"]["mode"] == "practice"
    record = workbench.load(GOLDEN / f"{name}.json")
    assert record.game == "panzer-vor-practice" and "mode" not in record.options
    saved = json.loads(record.save(tmp_path / "again.json").read_text(encoding="utf-8"))
    assert saved["game"] == "panzer-vor-practice" and "mode" not in saved["options"]
    assert workbench.load(tmp_path / "again.json") == record


def test_an_old_card_game_record_loads_without_its_mode(tmp_path):
    document = json.loads((GOLDEN / "panzer-vor-saunders-4.json").read_text(encoding="utf-8"))
    document["options"] = {"mode": "cards", **document["options"]}
    (tmp_path / "old.json").write_text(json.dumps(document), encoding="utf-8")
    record = workbench.load(tmp_path / "old.json")
    assert record.game == "panzer-vor" and "mode" not in record.options
    assert record.options["setup"] == "quick"  # as written; the rest as such a record was played


# --- options -----------------------------------------------------------------------------------


def _names(game, name):
    return [o.name for o in game.options(game.load_scenario(name))]


def test_every_option_of_the_four_games_is_listed_with_its_section_and_reading():
    known = {v for k, v in vars(sections).items() if k.isupper()} | {PRACTICE}
    for game in (CARDS, PRACTICE_GAME, LINKED, TOURNAMENT):
        for name in game.scenarios():
            listed = game.options(game.load_scenario(name))
            assert len({o.name for o in listed}) == len(listed), (game.name, name)
            for option in listed:
                assert option.section in known and option.reading, (game.name, option.name)
                assert option.check(option.default) == option.default
    assert _names(PRACTICE_GAME, "saunders") == ["turn_limit", "setup"]
    assert _names(PRACTICE_GAME, "test-your-luck") == ["turn_limit"]  # no tank to deploy
    assert set(_names(LINKED, "linked-scenarios")) == {
        "anzio", "card_pool", "alternate_reality", "scenario_cards", "pravda_characters",
        "stage_2_deployment", "deck", "setup", "smokescreen_opponent", "pravda_cards",
        "hs0017_tank", "hs0017_complex", "commander_awareness"}  # fmt: skip
    assert set(_names(TOURNAMENT, "exhibition")) == {
        "players", "schools", "characters", "drawn_replays", "deck", "setup",
        "commander_awareness"}  # fmt: skip


@pytest.mark.parametrize(
    ("option", "only"),
    [
        ("teasy_tease", {"kuromorimine-stage-1"}),  # "Smokescreen (or Operation: Teasy-Tease)"
        ("cv33_reinforcements", {"anzio-revised"}),  # Anzio (Revised): Optional Rules
        ("cv33_machine_gun", {"anzio-revised"}),  # Anzio (Revised): Optional Rules: CV33
        ("balance_adjustment", {"anzio-revised"}),  # ... Optional Rules: Balance adjustments
        ("team_adjustments", {"anzio-original"}),  # Anzio (Original): Optional Rules
        ("self_sacrifice", {"anzio-original"}),  # ... Team Adjustments: the Self-Sacrifice card
        ("freshmen_dont_flee", {"st-gloriana"}),  # St. Gloriana: Optional Rules
        ("ceasefire_order", {"pravda"}),  # Pravda: the EDITOR'S NOTE's order or the published
        ("pravda_characters", {"pravda"}),  # Pravda: "on different Reinforcement tanks"
        ("pravda_cards", {"pravda"}),  # Pravda: "After the starting hands have been dealt"
        ("hs0017_tank", {"kuromorimine-stage-2"}),  # HS0017: "another of Ōarai's tanks"
        ("hs0017_complex", {"kuromorimine-stage-2"}),  # HS0017: "the complex beyond 1007"
        ("cv33_discard", {"anzio-revised"}),  # Anzio (Revised): "discarding one Move card"
        ("exhibition_characters", {"exhibition"}),  # Exhibition!: Optional Rules: Characters
        ("match_type", {"st-gloriana", "exhibition"}),  # "may be changed to a Flag Battle"
        ("ridge_to_ridge", {"kuromorimine-stage-1"}),  # Stage 1: Ridge 207's reading
    ],
)
def test_an_option_of_some_scenarios_is_listed_for_those_only(option, only):
    assert {n for n in CARDS.scenarios() if option in _names(CARDS, n)} == only


def test_options_are_checked_before_anything_else_and_never_coerced():
    tyl = scenario("test-your-luck")
    with pytest.raises(OptionError, match=r'options\["turn_limit"\].*2\.7'):
        PRACTICE_GAME.start(tyl, {"turn_limit": 2.7})  # refused, not truncated to 2
    with pytest.raises(OptionError, match="turn_limit"):
        PRACTICE_GAME.start(tyl, {"turn_limit": 0})
    assert PRACTICE_GAME.start(tyl, {"turn_limit": 12}).turn_limit == 12
    with pytest.raises(OptionError, match="freshmen_dont_flee"):
        CARDS.start(scenario("st-gloriana"), {"freshmen_dont_flee": "yes"})  # text is no flag
    with pytest.raises(OptionError, match="deck"):
        CARDS.start(tyl, {"deck": "no-such-deck.json"})
    # the scenario first (its kind), then the options
    with pytest.raises(ArgumentError, match="LinkedScenarios"):
        LINKED.start(tyl, {"nope": 1})
    with pytest.raises(OptionError, match="nope"):
        TOURNAMENT.start(tyl, {"nope": 1})
    with pytest.raises(IllegalAction, match="Exhibition"):
        TOURNAMENT.start(tyl, {})


# --- what each side sees -----------------------------------------------------------------------


def _swap(match, side, held, unseen):
    """The same match with ``side`` holding ``unseen`` instead of ``held`` (from the deck)."""
    hand = list(match.hand(side))
    hand[hand.index(held)] = unseen
    deck = dict(match.deck)
    deck[unseen] -= 1
    deck[held] = deck.get(held, 0) + 1
    hands = {**match.hands, side: tuple(sorted(hand))}
    return evolve(match, hands=hands, deck=from_counts(sorted(deck.items())))


def test_a_card_drawn_into_a_hand_is_seen_by_its_owner_alone():
    match = push(arranged("mock-battle", hands={}), Drawing("Team A", 1, draw_phase=True))
    assert hidden.seen_by(match, Draw("Move")) == {"Team A"}
    assert hidden.seen_by(match, Draw("Thrown Tread")) is None  # an Enforcement card: resolved
    assert hidden.seen_by(match, PlayCard("Move")) is None  # everything played is seen by all
    after = CARDS.apply(match, Draw("Move")).state
    assert [str(s) for s in CARDS.observation(after, "Team B").history] == ["chance: (hidden)"]
    assert [str(s) for s in CARDS.observation(after, "Team A").history] == ["chance: draw Move"]


def test_states_that_differ_only_in_the_hidden_cards_look_alike_to_every_player():
    match = duel({P1: ("Aimed Shot 2", "Move"), P2: ("Quick Shot", "Morale Boost")})
    other = _swap(match, P2, "Quick Shot", "Recon")
    assert match != other
    seen, also = CARDS.observation(match, P1), CARDS.observation(other, P1)
    assert seen == also and seen.hidden
    assert seen.state.hand(P2) == (hidden.HIDDEN_CARD,) * 2
    assert seen.state.hand(P1) == match.hand(P1)
    assert "Quick Shot" not in repr(seen.state.hands) and not hasattr(seen.state, "history")
    for player in (pv.random_player, pv.greedy_player):
        choices = {player(CARDS, o, random.Random(7)) for o in (seen, also)}
        assert len(choices) == 1, player


def _chi_square_critical(df: int, z: float = 2.3263) -> float:
    """The chi-square value exceeded with probability 0.01 (Wilson-Hilferty; z: the normal
    0.99 quantile)."""
    k = 2 / (9 * df)
    return df * (1 - k + z * math.sqrt(k)) ** 3


def test_determinized_states_keep_the_observation_and_draw_the_unseen_cards_fairly():
    rng = random.Random(11)
    match = started("mock-battle")
    for _ in range(200):  # on until both sides hold cards and a side is to act
        if CARDS.current_player(match) is not CHANCE and all(match.hands.values()):
            break
        outcomes = CARDS.chance_outcomes(match)
        if outcomes:
            match = play(match, outcomes[rng.randrange(len(outcomes))][0])
        else:
            match = play(match, CARDS.legal_actions(match)[-1])
    viewer = "Team B"
    seen = CARDS.observation(match, viewer)
    pool = Counter({c: n for c, n in seen.state.deck if hidden.may_be_held(match, c)})
    size, runs = len(match.hand("Team A")), 1000
    drawn: Counter[str] = Counter()
    for _ in range(runs):
        sample = CARDS.determinize(seen, rng)
        assert CARDS.observation(sample, viewer) == seen
        assert sample.hand(viewer) == match.hand(viewer) and len(sample.hand("Team A")) == size
        drawn.update(sample.hand("Team A"))
    total = sum(pool.values())
    expected = {c: runs * size * n / total for c, n in pool.items()}
    statistic = sum((drawn[c] - e) ** 2 / e for c, e in expected.items())
    assert set(drawn) <= set(pool)  # never a card that cannot be held (an Enforcement card)
    assert size and statistic < _chi_square_critical(len(expected) - 1), statistic


def test_the_series_games_hide_the_hands_of_the_match_in_play():
    state = LINKED.start(pv.linked.load_scenario("linked-scenarios"), {"scenario_cards": "printed"})
    rng = random.Random(2)
    for _ in range(500):  # the setup and the deal of Match 1
        if state.match is not None and all(state.match.hands.values()):
            break
        outcomes = LINKED.chance_outcomes(state)
        action = outcomes[rng.randrange(len(outcomes))][0] if outcomes else \
            LINKED.legal_actions(state)[0]  # fmt: skip
        state = LINKED.apply(state, action).state
    opponent = next(side for side in state.match.order if side != "Ōarai")
    seen = LINKED.observation(state, "Opponent")
    assert seen.state.match.hand("Ōarai") == (hidden.HIDDEN_CARD,) * len(state.match.hand("Ōarai"))
    assert seen.state.match.hand(opponent) == state.match.hand(opponent)
    assert LINKED.observation(LINKED.determinize(seen, rng), "Opponent") == seen


# --- for learners: odds, reach and verdicts from the state ----------------------------------


def test_the_odds_count_the_card_in_play_and_say_what_declares_the_shot():
    match = play(duel({P1: ("Aimed Shot 2",)}), PlayCard("Aimed Shot 2"), Select(F1))
    odds = pv.odds(match, F1, H2)
    assert odds.shot == Fire(F1, H2) and Modifier("Aimed Shot 2", 2, "card") in \
        odds.odds.attack_modifiers  # fmt: skip
    plain = firing.odds(match.board, F1, H2)  # the board alone, and with the card's modifier
    with_card = firing.odds(match.board, F1, H2, attack=[pv.card("Aimed Shot 2", 2)])
    assert odds.destroy == with_card.destroy > plain.destroy
    assert "<svg" in svg_of(odds) and any("Aimed Shot 2" in line for line in odds.lines())
    # "Goosefish Dance ... the Ōarai player adds a +1 modifier to all of their tanks' attack
    # rolls": a scenario's modifier from the state
    oarai = duel({P1: ("Fire",)}, flags=frozenset({"goosefish dance"}))
    oarai = evolve(oarai, board=replace(oarai.board, tanks=tuple(
        replace(t, side="Ōarai") if t.side == P1 else t for t in oarai.board.tanks)),
        order=("Ōarai", P2), hands={"Ōarai": ("Fire",), P2: ()})  # fmt: skip
    assert Modifier("Goosefish Dance", 1, sections.PRAVDA_RULES) in \
        pv.odds(oarai, F1, H2).odds.attack_modifiers  # fmt: skip


def test_the_odds_of_a_card_not_yet_played_and_bad_arguments():
    match = duel({P1: ("Aimed Shot 2",)})
    planned = pv.odds(match, F1, H2, card="Aimed Shot 2")  # as if it were played
    assert Modifier("Aimed Shot 2", 2, "card") in planned.odds.attack_modifiers
    assert planned.shot is None  # still to be played: not fired now
    for how, argument in (((F1, "Nobody"), "target"), (("Nobody", H2), "attacker")):
        with pytest.raises(ArgumentError, match=argument):
            pv.odds(match, *how)
    with pytest.raises(ArgumentError, match="card"):
        pv.odds(match, F1, H2, card="No Such Card")
    with pytest.raises(ArgumentError, match="tank"):
        pv.reach(match, "Nobody")


def test_crack_shot_hits_without_an_attack_roll_and_the_odds_say_so():
    # "Crack Shot does not require an Attack Roll"
    match = play(duel({P1: ("Crack Shot",)}), PlayCard("Crack Shot"), Select(F1))
    odds = pv.odds(match, F1, H2)
    assert odds.hit == 1 and odds.destroy == odds.odds.destroy_given_hit > odds.odds.destroy


def test_the_odds_of_a_shot_not_fired_now_or_being_resolved_say_why():
    match = duel({P1: ("Aimed Shot 2",)})
    before = pv.odds(match, F1, H2)  # no card in play: a tank fires only on an Attack card
    assert before.shot is None and before.reasons[-1] == before.refusal
    assert before.refusal.text.startswith(f"not fired now ({match.phase} phase): ")
    assert before.refusal.section == sections.SEQUENCE_OF_PLAY
    assert before.destroy == firing.odds(match.board, F1, H2).destroy > 0  # as things stand
    declared = play(match, PlayCard("Aimed Shot 2"), Select(F1))
    match = play(declared, Fire(F1, H2))
    while CARDS.current_player(match) is not CHANCE:  # no reaction
        match = play(match, CARDS.declining(match))
    during = pv.odds(match, F1, H2)
    assert isinstance(match.top, Shot) and during.shot is None
    assert during.destroy == pv.odds(declared, F1, H2).destroy
    assert during.refusal is not None and "being resolved" in during.refusal.text
    # the dice decide: no side's action, and the card game's own list is empty too
    assert turn.legal_actions(match) == [] and CARDS.legal_actions(match) == []


def test_practice_odds_asked_out_of_turn_give_the_shots_chance_and_refuse_it_naming_the_phase():
    match = pv.practice.start(pv.load_scenario("test-your-luck"))  # Ōarai acts first
    mine, theirs = "Panzer IV Ausf. D", "T-34/76"
    early = pv.practice.odds(match, theirs, mine)  # the T-34/76's shot on Ōarai's turn
    assert early.shot is None and early.reasons[-1] == early.refusal
    assert early.refusal.text.startswith("not fired now (action phase): ")
    assert early.refusal.section and early.destroy == firing.odds(match.board, theirs, mine).destroy


def test_the_odds_name_the_characters_who_may_still_turn_a_roll():
    hana = Crew("Hana Isuzu", P1, F1)  # "Hana Isuzu ... +2 to her tank's attack roll"
    match = play(duel({P1: ("Fire",)}, crew=[hana]), PlayCard("Fire"), Select(F1))
    odds = pv.odds(match, F1, H2)
    assert any(r.text.startswith("Hana Isuzu (on the firer) may add +2 to the attack roll")
               and r.section == sections.CHARACTERS for r in odds.reasons)  # fmt: skip
    assert odds.destroy == firing.odds(match.board, F1, H2).destroy  # not counted


def test_the_reach_is_where_the_card_in_play_lets_the_tank_go_now():
    match = duel({P1: ("Full Speed Ahead!",)})
    idle = pv.reach(match, D1)
    assert not idle.may_move and idle.destinations == frozenset()
    assert idle.reasons[0].section == sections.ACTION_PHASE and "<svg" in svg_of(idle)
    match = play(match, PlayCard("Full Speed Ahead!"), Select(D1))
    reach = pv.reach(match, D1)
    moves = {a.to for a in CARDS.legal_actions(match) if isinstance(a, Move) and a.tank == D1}
    assert reach.may_move and reach.destinations == moves
    assert reach.reach.mp == idle.reach.mp + 2  # "Full Speed Ahead! (which gives +2 MP)"


def test_a_movement_ability_widens_the_reach():
    mako = Crew("Mako Reizei", P1, D1)  # Moving: Movement Bonuses: Mako Reizei +2
    match = play(duel({P1: ("Move",)}, crew=[mako]), PlayCard("Move"), Select(D1))
    reach = pv.reach(match, D1)
    by_ability = {a.to for a in CARDS.legal_actions(match) if isinstance(a, Move) and a.ability}
    assert by_ability and by_ability <= reach.destinations
    assert any("Mako Reizei" in r.text for r in reach.reasons)


def test_practice_reach_and_explain_agree_with_apply():
    practice = pv.practice.start(pv.load_scenario("test-your-luck"))
    assert pv.practice.reach(practice, "T-34/76").destinations == frozenset()
    assert "Other's turn" not in str(pv.practice.reach(practice, D1))
    move = pv.practice.parse(practice, f"{D1} 0802-0805")  # three hexes on, facing kept
    assert move == Move(D1, "0805", 0)
    verdict = pv.practice.explain(practice, move)
    steps = [r for e in pv.practice.apply(practice, move).events for r in e.reasons]
    assert verdict.legal and list(verdict.reasons[: len(steps)]) == steps  # apply's, then
    assert [r.text for r in verdict.reasons[len(steps) :]] == [  # the MP the move had
        f"+3 {D1} movement"
    ]
    far = f"{D1} 0802-1610"  # as text: explain and apply read it against the state alike
    refused = pv.practice.explain(practice, far)
    with pytest.raises(IllegalAction) as caught:
        pv.practice.apply(practice, far)
    assert not refused.legal and refused.reasons[0] == caught.value.reason
    assert any("not within" in r.text for r in refused.reasons[1:])


def test_explain_gives_a_shots_modifiers_and_odds():
    match = play(duel({P1: ("Aimed Shot 2",)}), PlayCard("Aimed Shot 2"), Select(F1))
    verdict = pv.explain(match, Fire(F1, H2))
    odds = pv.odds(match, F1, H2)
    assert verdict.legal and Modifier("Aimed Shot 2", 2, "card").reason in verdict.reasons
    assert any(r.text == f"hit {odds.hit}, destroy {odds.destroy}" for r in verdict.reasons)
    assert odds.destroy == Fraction(odds.odds.hit) * odds.odds.destroy_given_hit
