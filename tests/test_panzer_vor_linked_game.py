"""The Linked Scenarios played as one game ("panzer-vor-linked"), from the rulebook's words
(The National Tournament: Linked Scenarios). The conformance playouts, the record's save and
replay in a fresh process run for it in test_conformance (it is a shipped game)."""

from __future__ import annotations

import functools
from dataclasses import replace

import pytest

import workbench
from tests.test_panzer_vor_scenario_rules import at
from workbench.files import to_document
from workbench.files.loading import load_document
from workbench.games import get_game
from workbench.games.panzer_vor.rules.actions import Move, PlayCard, Select
from workbench.games.panzer_vor.rules.bots import greedy_player
from workbench.games.panzer_vor.rules.ending import CardGameEnd
from workbench.games.panzer_vor.rules.linked_game import (
    OARAI,
    OPPONENT,
    FaceUp,
    LinkedEnd,
    MatchResult,
    NoMoreFaceUp,
    PlayAnzio,
    UseScenarioCard,
    _match_over,
    card_pool,
    linked_player,
)
from workbench.games.panzer_vor.rules.linked_teams import AssignTeam
from workbench.games.panzer_vor.rules.match import evolve
from workbench.games.panzer_vor.rules.tournament import GOOSEFISH, Campaign
from workbench.rules.core import TERMINAL, IllegalAction, Outcome, replay
from workbench.rules.play import play, random_player

GAME = get_game("panzer-vor-linked")
THREE_WON = tuple(MatchResult(n, OARAI, "won", 0) for n in ("saunders", "anzio", "pravda"))


@functools.cache
def linked():
    return workbench.load(GAME.scenarios()["linked-scenarios"])


def started(**options):
    """The series with each match's tanks placed by the quick placement (``setup: "quick"``,
    unless given): these tests read the positions at a match's start."""
    return GAME.start(linked(), {"setup": "quick", **options})


def apply_all(state, *actions):
    for action in actions:
        state = GAME.apply(state, action).state
    return state


def skip_cards(state):
    """Decide every Scenario Card (leave each out) until the match starts."""
    while state.step == "cards":
        state = GAME.apply(state, UseScenarioCard(state.to_decide[0], False)).state
    return state


def won(state, kills, lost=()):
    """The current match ended with Ōarai destroying the enemy Flag Tank: ``kills`` as
    (Ōarai tank type, enemy tank id)."""
    match = state.match
    enemy = match.opponent(OARAI)
    match = evolve(
        match,
        ended=Outcome(CardGameEnd.FLAG, OARAI),
        kills=tuple((firer, target, enemy) for firer, target in kills),
        lost={OARAI: tuple(lost)},
    )
    return _match_over(replace(state, match=match), [])


MATCH_1 = {  # Ōarai Girls Academy Tanks: "Match 1: Saunders", the tanks and their teams
    "Panzer IV Ausf. D : Goosefish Team (all characters, Reverse)": set(GOOSEFISH),
    "38 (t) : Turtle Team (Reverse)": {"Turtle Team"},
    "M3 Lee : Rabbit Team (Reverse)": {"Rabbit Team"},
    "StuG III Ausf. F : Hippo Team (Reverse)": {"Hippo Team"},
    "Type 89 : Duck Team (Reverse)": {"Duck Team"},
}


def test_the_campaign_starts_with_saunders_and_the_scenario_cards_to_choose():
    # Linked Scenarios: "It is designed for two players, one taking the role of Ōarai Girls
    # Academy, and the other playing the part of the other opposing schools." Scenario Cards:
    # "The Ōarai player may choose which cards they are going to use before each match."
    # Character Growth: "Each of the Ōarai Girls Academy teams, and each member of the
    # Goosefish Team, begin the first match face-down."
    state = started()
    assert set(GAME.players(state)) == {OARAI, OPPONENT}
    assert state.step == "cards" and state.scenario == "saunders"
    assert GAME.current_player(state) == OARAI
    # Scenario Cards: all of them but Trap and Reinforcements, chosen before each match
    pool = card_pool(linked(), every=True)
    assert "Trap" not in pool and "Reinforcements" not in pool
    assert {"Decoy", "Volleyball Club Comeback!", "Ceasefire", "Smokescreen"} <= set(pool)
    assert state.to_decide == tuple(c for c in pool if c != "Eavesdropping")  # Saunders' own
    choices = [UseScenarioCard(c, c in ("Decoy", "Ceasefire")) for c in state.to_decide]
    state = apply_all(state, *choices)
    assert state.step == "match"
    assert state.match.scenario_cards[OARAI] == ("Decoy", "Ceasefire")
    names = sorted(t.name for t in state.match.tanks_of(OARAI))
    assert names == sorted(Campaign().tanks)  # Match 1: the five tanks of the schedule
    faces = {c.name: c.face for c in state.match.crew if c.side == OARAI}
    assert set(faces.values()) == {"back"}  # every team and Goosefish member face down
    for line, teams in MATCH_1.items():
        tank = line.split(" : ")[0]
        assert {c.name for c in state.match.crew_on(tank)} == teams, line


def test_all_of_the_scenario_cards_but_trap_and_reinforcements_by_default():
    # "Before the first match, the Ōarai player is given all of the Scenario Cards (except
    # for Trap and Reinforcements) ... a card may still only be used when the restrictions
    # listed on the card are met."
    state = started()
    missing = {"Ambush", "The Snowy March", "Pinpoint Shot", "Panzer Vor!",
               "Operation: Teasy-Tease"}  # fmt: skip
    assert missing <= set(state.to_decide) and not missing & set(card_pool(linked()))
    assert "Eavesdropping" in card_pool(linked(), every=True)  # Saunders holds it in Match 1
    assert started(card_pool="matches").to_decide == card_pool(linked())  # the four matches'
    assert not {"Trap", "Reinforcements"} & set(state.to_decide)
    # the Anzio player's cards and a card that acts as it is drawn are not Ōarai's to use
    assert not {"Childhood Friend", "Operation: Macaroni", "Fair Play"} & set(state.to_decide)
    state = apply_all(state, *(UseScenarioCard(c, c in missing) for c in state.to_decide))
    assert set(state.match.scenario_cards[OARAI]) == missing
    (option,) = [o for o in GAME.options(linked()) if o.name == "card_pool"]
    assert (option.default, option.if_unwritten) == ("all", "matches")  # older records: theirs


def test_a_card_is_in_one_place_eavesdropping_stays_in_the_saunders_hand():
    # issue 49: "With card_pool: 'all' Ōarai holds Eavesdropping while Saunders' starting
    # hand also has it". Saunders: "Starting Hand: Move All Tanks x 1, Move x 2, Move/Fire x
    # 1, Eavesdropping x 1 (Scenario Card)": in Match 1 the card is Saunders'; in the next
    # matches it is among the cards Ōarai may use.
    state = started()
    assert "Eavesdropping" not in state.to_decide
    state = skip_cards(state)
    assert state.match.hand("Saunders").count("Eavesdropping") == 1
    held = [c for cards in (*state.match.hands.values(), *state.match.scenario_cards.values())
            for c in cards]  # fmt: skip
    assert held.count("Eavesdropping") == 1
    anzio = won(state, [("Panzer IV Ausf. D", "M4A1")])
    anzio = apply_all(anzio, *([NoMoreFaceUp()] if anzio.step == "growth" else []))
    anzio = apply_all(anzio, PlayAnzio("revised"))
    assert anzio.scenario == "anzio-revised" and "Eavesdropping" in anzio.to_decide


def test_a_scenario_card_in_two_places_breaks_the_invariants():
    from workbench.games.panzer_vor.rules.cardgame import invariants

    match = skip_cards(started()).match
    cards = dict(match.scenario_cards)
    cards[OARAI] = ("Eavesdropping",)  # as Ōarai held it before: one card in two places
    twice = evolve(match, scenario_cards=cards)
    twice = evolve(twice, total_cards=twice.cards_accounted())
    with pytest.raises(AssertionError, match="Eavesdropping"):
        invariants(twice)


def test_printed_scenario_cards_skip_the_choice():
    state = started(scenario_cards="printed")
    assert state.step == "match"
    assert state.match.scenario_cards[OARAI] == ("Decoy",)  # as Saunders prints


def test_a_card_decision_out_of_turn_is_refused_and_changes_nothing():
    state = started()
    before = GAME.fingerprint(state)
    with pytest.raises(IllegalAction, match="Scenario Cards"):
        GAME.apply(state, UseScenarioCard("Smokescreen", True))  # not the card being decided
    with pytest.raises(IllegalAction):
        GAME.apply(state, PlayCard("Move"))  # no match is being played yet
    assert GAME.fingerprint(state) == before
    match = skip_cards(state)
    with pytest.raises(IllegalAction, match="a match is being played"):
        GAME.apply(match, PlayAnzio("revised"))


def test_a_win_upgrades_the_panzer_iv_and_grows_the_characters():
    state = skip_cards(started())
    enemy = [t.id for t in state.match.tanks_of("Saunders")]
    after = won(state, [("Panzer IV Ausf. D", enemy[0]), ("Panzer IV Ausf. D", enemy[1]),
                        ("Type 89", enemy[2])])  # fmt: skip
    # Character Growth: one Goosefish member per enemy tank destroyed, the player choosing
    assert after.step == "growth" and GAME.current_player(after) == OARAI
    assert set(GAME.legal_actions(after)) == {*(FaceUp(m) for m in GOOSEFISH), NoMoreFaceUp()}
    after = GAME.apply(after, FaceUp("Hana Isuzu")).state
    assert FaceUp("Hana Isuzu") not in GAME.legal_actions(after)
    with pytest.raises(IllegalAction, match="Character Growth"):
        GAME.apply(after, FaceUp("Hana Isuzu"))
    after = GAME.apply(after, FaceUp("Mako Reizei")).state  # the second pick: no more
    assert after.step == "anzio"
    campaign = after.campaign
    assert campaign.played == 1 and campaign.face_up == {"Hana Isuzu", "Mako Reizei", "Duck Team"}
    # Tank Upgrades: one rank however many it destroyed; the Char B1 bis joins for Match 2
    assert "Panzer IV Ausf. F2" in campaign.tanks and "Char B1 bis" in campaign.tanks
    # Match 2: the Ōarai player chooses the Anzio scenario. "Match 2: Anzio - Choose whether to
    # play the Revised scenario or the Original Scenario (the Revised Scenario is strongly
    # recommended!)."
    assert set(GAME.legal_actions(after)) == {PlayAnzio("revised"), PlayAnzio("original")}
    anzio = skip_cards(GAME.apply(after, PlayAnzio("original")).state)
    assert anzio.scenario == "anzio-original" and anzio.match.scenario.startswith("Anzio")
    names = {t.name for t in anzio.match.tanks_of(OARAI)}
    assert {"Panzer IV Ausf. F2", "Char B1 bis"} <= names
    faces = {c.name: c.face for c in anzio.match.crew if c.side == OARAI}
    assert faces["Hana Isuzu"] == faces["Duck Team"] == "front"
    assert faces["Miho Nishizumi"] == faces["Turtle Team"] == "back"


def test_declining_a_goosefish_pick_and_losing_more_than_half():
    state = skip_cards(started(anzio="revised"))
    enemy = [t.id for t in state.match.tanks_of("Saunders")]
    own = [t.id for t in state.match.tanks_of(OARAI)]
    after = won(state, [("Panzer IV Ausf. D", enemy[0])], lost=own[:3])
    after = GAME.apply(after, NoMoreFaceUp()).state
    assert after.campaign.face_up == frozenset()
    # more than half lost at Saunders: the Char B1 bis waits for Match 3; Anzio as optioned
    assert "Char B1 bis" not in after.campaign.tanks
    assert after.step == "cards" and after.scenario == "anzio-revised"


def test_a_loss_or_a_draw_ends_the_tournament_for_the_other_player():
    # Overview: "The Ōarai player must win all of these scenarios in order to achieve victory.
    # If they do not, the other player is the winner."
    state = skip_cards(started())
    lost = _match_over(replace(state, match=evolve(
        state.match, ended=Outcome(CardGameEnd.FLAG, "Saunders"))), [])  # fmt: skip
    assert GAME.current_player(lost) == TERMINAL and GAME.legal_actions(lost) == []
    assert GAME.outcome(lost).winner == OPPONENT
    assert GAME.outcome(lost).termination is LinkedEnd.OTHER_WINS
    assert "Overview" in GAME.outcome(lost).termination.section
    drawn = _match_over(replace(state, match=evolve(
        state.match, ended=Outcome(CardGameEnd.STAGNANT_DRAW, None))), [])  # fmt: skip
    assert GAME.outcome(drawn).winner == OPPONENT  # Ōarai must win every match


def test_winning_the_final_wins_the_tournament():
    state = started(scenario_cards="printed")
    state = replace(state, campaign=Campaign(played=3), scenario="kuromorimine-stage-1")
    state = replace(state, results=THREE_WON)
    state = won(state, [])
    assert GAME.outcome(state).winner == OARAI
    assert GAME.outcome(state).termination is LinkedEnd.OARAI_WINS


def test_stage_1_over_leads_into_stage_2_in_the_same_game():
    from workbench.games.panzer_vor.rules.cardgame import start as card_start

    first = linked()["kuromorimine-stage-1"]
    match = card_start(first, {"setup": "quick"})  # the positions are arranged by hand
    match = evolve(match, stack=(), phase="action", waiting_cards=(),
                   hands={**match.hands, OARAI: ("Move", "Move")})  # fmt: skip
    match = evolve(match, total_cards=match.cards_accounted())
    match = at(match, {"Type 89": "1502", "Hetzer": "1402"})
    cards = get_game("panzer-vor")
    for action in (PlayCard("Move"), Select("Type 89"), Move("Type 89", "1501", 4)):
        match = cards.apply(match, action).state
    match = evolve(match, stack=(), phase="action", actions_left=1)
    match = apply_all_cards(cards, match, PlayCard("Move"), Select("Hetzer"))
    cross = next(a for a in cards.legal_actions(match) if isinstance(a, Move) and a.to == "1501")
    state = started(scenario_cards="printed")
    state = replace(state, campaign=Campaign(played=3), scenario="kuromorimine-stage-1",
                    match=match, results=THREE_WON)  # fmt: skip
    applied = GAME.apply(state, cross)
    after = applied.state
    assert after.scenario == "kuromorimine-stage-2" and after.step == "match"
    assert GAME.outcome(after) is None and "Stage 2" in after.match.scenario
    assert "Character Growth: Match 4" in after.match.board.special_rules  # both stages
    assert any("Stage 2 begins" in e.text for e in applied.events)
    GAME.invariants(after)


def apply_all_cards(cards, match, *actions):
    for action in actions:
        match = cards.apply(match, action).state
    return match


@pytest.mark.parametrize("seed", range(4))
def test_seeded_campaigns_with_bots_run_to_their_end(seed):
    players = (
        {OARAI: linked_player(greedy_player), OPPONENT: random_player}
        if seed % 2
        else random_player
    )
    record = play(GAME, linked(), players, seed=seed)
    states = replay(record, GAME)
    final = states[-1]
    assert GAME.outcome(final).winner in (OARAI, OPPONENT)
    assert len(final.results) >= 1
    assert all(r.winner == OARAI for r in final.results[:-1])  # only a win leads on
    if GAME.outcome(final).winner == OARAI:
        assert [r.scenario.split("-")[0] for r in final.results] == [
            "saunders", "anzio", "pravda", "kuromorimine"]  # fmt: skip
    for state in states[:: max(1, len(states) // 50)]:
        GAME.invariants(state)


def test_the_linked_scenarios_file_round_trips_inline():
    document = to_document(linked().self_contained())
    # Stage 1 holds Stage 2 inline as its next stage
    assert set(document["matches"]) == set(linked().matches) - {"kuromorimine-stage-2"}
    again = load_document(document)
    assert again == linked()
    assert [s.name for s in again.matches.values()] == [s.name for s in linked().matches.values()]
    assert GAME.start(again).step == "cards"


def test_a_campaign_state_draws_its_match_or_where_it_stands():
    from workbench.render import svg_of

    between = started()
    assert "Scenario Card Decoy" in svg_of(between) and "Saunders" not in svg_of(between)
    playing = skip_cards(between)
    picture = svg_of(playing)
    assert "Match 1 of 4 (saunders)" in picture and "M4A1" in picture


# --- Optional Rules: Alternate Reality ----------------------------------------------------------


def assign(state, *teams):
    """Name the team on each tank in turn ("": none)."""
    for team in teams:
        tank = state.campaign.tanks[len(state.crews)]
        state = GAME.apply(state, AssignTeam(tank, team)).state
    return state


def test_alternate_reality_lets_oarai_choose_which_team_pilots_which_tank():
    # "The Ōarai player may instead choose which team is deployed piloting which tank ... or
    # even deviate from the anime and deploy the Anteater Team starting with the first match."
    assert started().step == "cards"  # without the Optional Rule: the anime's teams
    state = started(alternate_reality=True)
    assert state.step == "teams" and GAME.current_player(state) == OARAI
    first = state.campaign.tanks[0]
    assert AssignTeam(first, "Anteater Team") in GAME.legal_actions(state)
    state = assign(state, "Anteater Team", "Goosefish Team", "", "Mallard Team", "Duck Team")
    assert state.step == "cards"
    crew = {c.name: c.tank for c in skip_cards(state).match.crew if c.side == OARAI}
    assert crew["Anteater Team"] == "Panzer IV Ausf. D"
    # "the Characters from the Goosefish Team must all be placed on a single tank"
    assert {crew[m] for m in GOOSEFISH} == {"38 (t)"}
    assert "M3 Lee" not in crew.values() and "Rabbit Team" not in crew  # a tank without a team


def test_alternate_reality_allows_no_more_than_one_team_on_each_tank():
    # "no more than one team may be deployed on each tank"; a team pilots one tank. "However,
    # they may not deploy more teams than there are tanks listed in each scenario."
    state = assign(started(alternate_reality=True), "Hippo Team")
    second = state.campaign.tanks[1]
    assert AssignTeam(second, "Hippo Team") not in GAME.legal_actions(state)
    before = GAME.fingerprint(state)
    with pytest.raises(IllegalAction, match="Alternate Reality"):
        GAME.apply(state, AssignTeam(second, "Hippo Team"))
    with pytest.raises(IllegalAction, match="Alternate Reality"):
        GAME.apply(state, UseScenarioCard("Decoy", True))
    assert GAME.fingerprint(state) == before


def test_alternate_reality_teams_grow_on_the_tank_they_pilot_and_change_each_match():
    # "They may change who is assigned to which tank for each match"; Character Growth
    # follows the team that destroyed the tank
    state = assign(started(alternate_reality=True), "", "Goosefish Team", "Anteater Team")
    state = skip_cards(assign(state, "", ""))
    enemy = [t.id for t in state.match.tanks_of("Saunders")]
    after = won(state, [("M3 Lee", enemy[0])])
    assert after.campaign.face_up == {"Anteater Team"}
    after = GAME.apply(after, PlayAnzio("revised")).state
    assert after.step == "teams" and after.crews == ()  # chosen again for Match 2


# --- issue 49: the Linked Scenarios' Scenario Cards and Character Growth ------------------------


def _match_4(**options):
    """Match 4 (Kuromorimine, Stage 1) begun with every tank of the schedule."""
    from workbench.games.panzer_vor.rules.linked_game import _begin

    tanks = ("Panzer IV Ausf. H", "Hetzer", "M3 Lee", "StuG III Ausf. F", "Type 89",
             "Char B1 bis", "Porsche Tiger", "Type 3")  # fmt: skip
    state = started(scenario_cards="printed", **options)
    state = replace(state, campaign=Campaign(played=3, tanks=tanks), results=THREE_WON,
                    scenario="kuromorimine-stage-1")  # fmt: skip
    return _begin(state, [])


def test_in_match_4_the_anteater_and_leopon_teams_turn_face_up_as_they_destroy_a_tank():
    # Character Growth: "In Match 4, the Anteater and Leopon Teams may be turned face-up
    # during the match as soon as they destroy an enemy tank."
    from workbench.games.panzer_vor.rules.reactions import destroy

    match = _match_4().match
    faces = {c.name: (c.tank, c.face) for c in match.crew if c.name in ("Anteater Team",
             "Leopon Team")}  # fmt: skip
    assert faces == {"Anteater Team": ("Type 3", "back"), "Leopon Team": ("Porsche Tiger", "back")}
    events = []
    after = destroy(match, "Type 3", "Panther", events)
    assert {c.name: c.face for c in after.crew}["Anteater Team"] == "front"
    assert {c.name: c.face for c in after.crew}["Leopon Team"] == "back"  # not yet
    assert any(e.text == "Anteater Team turns face up" for e in events)
    # once: a team used (face down again) does not turn up at its next kill
    used = evolve(after, crew=tuple(replace(c, face="back") if c.name == "Anteater Team" else c
                                    for c in after.crew))  # fmt: skip
    again = destroy(used, "Type 3", "Panther 2", [])
    assert {c.name: c.face for c in again.crew}["Anteater Team"] == "back"


def test_the_growth_in_match_4_is_not_a_rule_of_the_other_matches_or_the_scenario_alone():
    from workbench.games.panzer_vor.rules.reactions import destroy
    from workbench.games.panzer_vor.rules.scenario_rules.linked_scenarios import GROWTH_IN_MATCH

    assert GROWTH_IN_MATCH in _match_4().match.board.special_rules
    assert GROWTH_IN_MATCH not in skip_cards(started()).match.board.special_rules
    alone = get_game("panzer-vor").start(linked()["kuromorimine-stage-1"], {"setup": "quick"})
    assert GROWTH_IN_MATCH not in alone.board.special_rules
    # the Kuromorimine scenario played alone: its Anteater Team stays as it is
    after = destroy(alone, "Type 3", "Panther", [])
    assert {c.name: c.face for c in after.crew}["Anteater Team"] == "back"


def test_ceasefire_is_not_playable_in_match_1_where_the_map_has_no_church():
    # Linked Scenarios: Scenario Cards: "However, a card may still only be used when the
    # restrictions listed on the card are met." Pravda: "The Ōarai player may use this card
    # if any of their tanks enter within two hexes of the Church hex" (issue 49: "Ōarai can
    # play it in Match 1, redeploy 'around the Church', and unlock Goosefish Dance").
    from workbench.games.panzer_vor.rules import restrictions

    state = started()
    state = apply_all(state, *(UseScenarioCard(c, c == "Ceasefire") for c in state.to_decide))
    match = state.match
    assert match.scenario_cards[OARAI] == ("Ceasefire",)
    match = at(match, {"Type 89": "1405"})  # two hexes from 1403, an ordinary hex here
    match = evolve(match, stack=(), phase="event", active=match.order.index(OARAI))
    assert not restrictions.may_play(match, OARAI, "Ceasefire")
    assert PlayCard("Ceasefire") not in get_game("panzer-vor").legal_actions(match)
    with pytest.raises(IllegalAction, match="Church"):
        get_game("panzer-vor").apply(match, PlayCard("Ceasefire"))


def test_smokescreen_waits_for_the_kuromorimine_player_unless_any_opponent_is_read():
    # Smokescreen: "This card may be used after the Kuromorimine player has played at least
    # one Attack Card."
    from workbench.games.panzer_vor.rules import restrictions

    def saunders(**options):
        state = started(**options)
        state = apply_all(state, *(UseScenarioCard(c, c == "Smokescreen")
                                   for c in state.to_decide))  # fmt: skip
        return evolve(state.match, attack_cards={"Saunders": 1})

    assert not restrictions.may_play(saunders(), OARAI, "Smokescreen")
    assert restrictions.may_play(saunders(smokescreen_opponent="any-opponent"), OARAI,
                                 "Smokescreen")  # fmt: skip
    (option,) = [o for o in GAME.options(linked()) if o.name == "smokescreen_opponent"]
    assert (option.default, option.if_unwritten) == ("kuromorimine", "any-opponent")
    kuro = evolve(_match_4().match, attack_cards={"Kuromorimine": 1})
    kuro = evolve(kuro, scenario_cards={**kuro.scenario_cards, OARAI: ("Smokescreen",)})
    assert restrictions.may_play(kuro, OARAI, "Smokescreen")


def test_pravdas_additional_cards_leave_out_one_oarai_already_holds_face_up():
    # Pravda: "After the starting hands have been dealt, the Ōarai player chooses three of
    # the following cards, adds them to the deck, and reshuffles it" - with the Linked
    # Scenarios' pool Ōarai may hold one of them face up already: one card, in one place.
    from workbench.games.panzer_vor.rules.linked_game import _begin
    from workbench.games.panzer_vor.rules.match import Choice, Drawing

    state = started(pravda_cards="after-the-deal")
    state = replace(state, campaign=Campaign(played=2), scenario="pravda",
                    chosen=("Ambush", "Ceasefire"))  # fmt: skip
    match = _begin(state, []).match
    assert match.scenario_cards[OARAI] == ("Ambush", "Ceasefire")
    cards = get_game("panzer-vor")
    while isinstance(match.top, Drawing) and match.top.deal:
        match = cards.apply(match, cards.chance_outcomes(match)[0][0]).state
    others = ("The Snowy March", "Pinpoint Shot", "Panzer Vor!", "Volleyball Club Comeback!")
    assert match.top == Choice(OARAI, "pravda cards", others)
    cards.invariants(match)
    held_all = replace(state, chosen=("Ambush", "Pinpoint Shot", "Panzer Vor!"))
    match = _begin(held_all, []).match  # two left: both join the deck, nothing to choose
    assert set(match.waiting_cards) == {"The Snowy March", "Volleyball Club Comeback!"}
    assert not any(isinstance(f, Choice) and f.purpose == "pravda cards" for f in match.stack)
