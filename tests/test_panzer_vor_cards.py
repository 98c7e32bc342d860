"""The card game's cards, deck and turn phases, each from the rulebook's words (Card Types,
Sequence of Play, Turn Phases, Enforcement Cards, Match Types and Stagnant Matches)."""

from __future__ import annotations

import json
from dataclasses import replace
from fractions import Fraction

import pytest

from tests.panzer_vor_match import GAME, arranged, events, play, scenario, started
from workbench.games.panzer_vor.rules.actions import (
    Discard,
    Fire,
    Move,
    Pass,
    PlayCard,
    Select,
    Stop,
    UseAbility,
)
from workbench.games.panzer_vor.rules.cards import CARDS, DEFAULT_DECK, STAND_IN_DECK
from workbench.games.panzer_vor.rules.deck import Draw
from workbench.games.panzer_vor.rules.deck_file import load_deck
from workbench.games.panzer_vor.rules.ending import CardGameEnd
from workbench.games.panzer_vor.rules.match import Drawing, evolve
from workbench.rules.core import CHANCE, IllegalAction

NAMED_IN_THE_ISSUE = [
    "Move", "Fire", "Move/Fire", "Move All Tanks", "Coordinated Move", "Full Speed Ahead!",
    "Mobile Fire 2", "Commander!", "Volley Fire", "Covering Fire", "Aimed Shot 2",
    "Deadly Shot", "Solid Hit", "Crack Shot", "Recon", "Morale Boost", "Repairs/Maintenance",
    "Recovery", "Quick Shot", "Emergency Stop", "Poor Visibility", "Ricochet", "Eavesdropping",
    "Desperate Situation!", "Thrown Tread", "Engine Trouble", "Ambush", "Fair Play", "Decoy",
    "Reinforcements", "Operation: Macaroni", "Childhood Friend", "Trap",
    "Volleyball Club Comeback!", "Self-Sacrifice", "Ceasefire", "Goosefish Dance",
    "The Snowy March", "Pinpoint Shot", "Panzer Vor!", "Smokescreen", "HS0017",
    "Spirit of the Student Council", "Super Strategy",
]  # fmt: skip


@pytest.mark.parametrize("name", NAMED_IN_THE_ISSUE)
def test_every_named_card_is_data_with_a_type_an_effect_and_a_source(name):
    card = CARDS[name]
    assert card.kind in ("action", "event", "reaction", "enforcement", "scenario")
    assert card.text and card.source
    if card.kind == "action":
        assert card.move or card.attack  # Movement, Attack or Move and Attack cards


def test_the_values_the_rulebook_prints_are_kept():
    assert CARDS["Full Speed Ahead!"].mp == 2  # "Full Speed Ahead! (which gives +2 MP)"
    assert CARDS["Mobile Fire 2"].attack_modifier == -2  # "the Card Modifier is -2"
    assert CARDS["Mobile Fire 2"].then_fire  # "allow you to fire a tank after moving it"
    assert CARDS["Aimed Shot 2"].attack_modifier == 2  # "gives a +2 modifier"
    assert CARDS["Crack Shot"].no_attack_roll  # "Crack Shot does not require an Attack Roll"
    assert CARDS["Move/Fire"].either  # "only select the Fire option on a Move/Fire card"
    assert CARDS["Eavesdropping"].kind == "scenario"  # "this Scenario Card"


def test_the_stand_in_deck_has_the_78_cards_left_without_scenario_cards():
    # Game Setup: "separate out the Scenario Cards ... you should be left with 78 cards"
    # Scenarios: Scenario Cards: "Scenario Cards differ from the regular ones used during a
    # match, and are only used when a scenario calls for them."
    assert sum(STAND_IN_DECK.values()) == 78
    assert all(CARDS[name].kind != "scenario" for name in STAND_IN_DECK)
    assert "stand-in" in DEFAULT_DECK.source


def test_a_user_deck_file_replaces_the_stand_in(tmp_path):
    path = tmp_path / "deck.json"
    path.write_text(
        json.dumps(
            {
                "counts": {"Move": 40, "Fire": 38},
                "cards": [{"name": "Solid Hit", "damage_modifier": 3}],
            }
        )
    )
    deck = load_deck(path)
    assert dict(deck.counts) == {"Move": 40, "Fire": 38}
    assert deck.card("Solid Hit").damage_modifier == 3
    match = GAME.start(scenario("mock-battle"), {"deck": str(path)})
    assert match.total_cards == 78


def test_a_draw_is_a_chance_outcome_per_distinct_card_with_its_share_of_the_deck():
    # Sequence of Play: "Draw Phase: Draw a card from the deck." Glossary: "Deck: The deck
    # consists of all of the cards that have not yet been used. There is only a single deck."
    match = arranged("mock-battle", deck={"Move": 3, "Fire": 1})
    match = evolve(match, stack=(Drawing("Team B", 1, draw_phase=True),), phase="draw")
    assert GAME.current_player(match) == CHANCE
    outcomes = dict(GAME.chance_outcomes(match))
    assert outcomes == {Draw("Fire"): Fraction(1, 4), Draw("Move"): Fraction(3, 4)}


def test_starting_hands_are_dealt_free_of_enforcement_cards():
    # Game Setup: "If any of the cards in your starting hand are Enforcement Cards, set them
    # aside and draw as many cards from the deck as you need to replace them. Repeat this
    # process until your hand contains no Enforcement Cards."
    # Game Setup: Enforcement cards are set aside and replaced until the hand has none. "Then
    # return all of the Enforcement Cards to the deck and shuffle it again." (the deal draws
    # from the cards that are not Enforcement cards: those stay in the deck)
    match = started("st-gloriana")
    assert isinstance(match.top, Drawing) and match.top.deal
    outcomes = GAME.chance_outcomes(match)
    assert sum(p for _, p in outcomes) == 1
    kinds = {CARDS[a.card].kind for a, _ in outcomes}
    assert "enforcement" not in kinds
    enforcement = {c: n for c, n in STAND_IN_DECK.items() if CARDS[c].kind == "enforcement"}
    dealt = match
    while isinstance(dealt.top, Drawing) and dealt.top.deal:
        dealt = play(dealt, GAME.chance_outcomes(dealt)[0][0])
    assert {c: n for c, n in dealt.deck if c in enforcement} == enforcement
    assert "Repairs/Maintenance" in match.hand("Ōarai")  # the named card of the hand


def _draw_phase(match, side):
    return evolve(match, stack=(Drawing(side, 1, draw_phase=True),), phase="draw")


def test_desperate_situation_drawn_in_the_draw_phase_forbids_actions_not_events():
    # Enforcement Cards: "During the Draw Phase, if you draw an Enforcement Card, you must
    # immediately follow what is written on the card. You may then continue with the rest of
    # your turn (subject to any restrictions from the Enforcement Card)." "Desperate Situation!:
    # The player that draws this card may not take any Actions (Movement or Firing) during the
    # rest of their turn, but they may still play an Event Card." Turn Phases: Draw Phase: "If
    # you draw an Enforcement Card, immediately resolve it and then discard it and proceed to
    # the Action Phase." Card Types: "When an Enforcement Card is drawn from the deck, it must
    # be played immediately, applying the effect written on the card."
    match = arranged("mock-battle", hands={"Team B": ("Move", "Morale Boost")},
                     deck={"Desperate Situation!": 1, "Fire": 5})  # fmt: skip
    match = play(_draw_phase(match, "Team B"), Draw("Desperate Situation!"))
    assert match.phase == "action"
    assert GAME.legal_actions(match) == [Pass()]
    match = play(match, Pass())
    assert PlayCard("Morale Boost") in GAME.legal_actions(match)
    assert match.enforcement_drawn == 1 and "Desperate Situation!" in match.discard


def test_engine_trouble_leaves_only_the_fire_option_of_move_fire():
    # Enforcement Cards: "Engine Trouble: You cannot play any cards that have a Move icon on
    # them, or perform any Action that involves movement."
    hand = ("Move", "Move/Fire", "Mobile Fire 2", "Fire")
    match = arranged("mock-battle", hands={"Team B": hand}, deck={"Engine Trouble": 1, "Fire": 5})
    match = play(_draw_phase(match, "Team B"), Draw("Engine Trouble"))
    plays = {a.card for a in GAME.legal_actions(match) if isinstance(a, PlayCard)}
    assert plays == {"Move/Fire", "Fire"}
    match = play(match, PlayCard("Move/Fire"), Select("M4 (75)"))
    assert not any(isinstance(a, Move) for a in GAME.legal_actions(match))


def test_thrown_tread_makes_a_tank_chosen_at_random_immobile():
    # Enforcement Cards: "Temporarily assign numbers to all of your tanks on the map and roll a
    # die to determine which one the card affects." "If the result is a 5 or a 6, re-roll until
    # the result is between 1 and 4." (two tanks here: each one half) "Thrown Tread: This card
    # tells you to "choose a tank at random." For example, if you have four tanks on the map,
    # assign each a number from 1 through 4, and then roll a die. If the result is 1 through 4,
    # that tank becomes the target of the card's effect."
    match = arranged("mock-battle", deck={"Thrown Tread": 1, "Fire": 5})
    match = play(_draw_phase(match, "Team B"), Draw("Thrown Tread"))
    assert GAME.current_player(match) == CHANCE
    outcomes = GAME.chance_outcomes(match)
    assert [p for _, p in outcomes] == [Fraction(1, 2)] * 2  # two tanks, rolled until 1-2
    match = play(match, outcomes[1][0])
    assert match.board.tank("Sherman Firefly").immobile
    four = arranged("exhibition", deck={"Thrown Tread": 1, "Fire": 5})
    four = play(_draw_phase(four, "Player 1"), Draw("Thrown Tread"))
    assert [p for _, p in GAME.chance_outcomes(four)] == [Fraction(1, 4)] * 4


def test_an_enforcement_card_drawn_by_morale_boost_is_discarded_without_effect_but_counts():
    # Turn Phases: Event Phase: "Morale Boost: When you play this card, you immediately draw
    # three cards from the deck." "If any of the three cards you draw as a result of using
    # Morale Boost are Enforcement Cards, immediately discard them and ignore their effects (do
    # not redraw any cards to replace them)." Enforcement Cards: "If you draw an Enforcement
    # Card at any time other than the Draw Phase, ignore what is written on the card (simply
    # discard it)." Card Types: "However, if an Enforcement Card is drawn at a time other than
    # the Draw Phase (e.g. as a result of the Morale Boost Event Card) it is discarded without
    # taking effect."
    match = arranged("mock-battle", hands={"Team B": ("Morale Boost",)},
                     deck={"Engine Trouble": 1, "Fire": 5}, phase="event")  # fmt: skip
    match = play(match, PlayCard("Morale Boost"))
    assert match.top == Drawing("Team B", 3)  # "immediately draw three cards"
    match = play(match, Draw("Engine Trouble"), Draw("Fire"), Draw("Fire"))
    assert "engine trouble" not in match.restrictions
    assert match.enforcement_drawn == 1 and "Engine Trouble" in match.discard
    assert sorted(match.hand("Team B")) == ["Fire", "Fire"]


def test_one_action_card_a_turn_and_combat_awareness_allows_one_more_once():
    # Sequence of Play: "Each player may only play one Action Card during each of their turns
    # (using the Combat Awareness Character ability is an exception to this)." Turn Phases:
    # Action Phase: "You may only play one Action Card per turn (unless using Combat
    # Awareness)." Characters: "When you declare that you are using Combat Awareness, you may
    # play one additional Action Card."
    match = arranged("mock-battle", hands={"Team A": ("Move", "Move", "Move")},
                     active=1)  # fmt: skip
    match = play(match, PlayCard("Move"), Select("StuG III Ausf. F"), Stop())
    legal = GAME.legal_actions(match)
    assert not any(isinstance(a, PlayCard) for a in legal)
    assert UseAbility("Miho Nishizumi", "combat awareness") in legal
    match = play(match, UseAbility("Miho Nishizumi", "combat awareness"))
    assert PlayCard("Move") in GAME.legal_actions(match)
    match = play(match, PlayCard("Move"), Select("StuG III Ausf. F"), Stop())
    legal = GAME.legal_actions(match)
    assert legal == [Pass()]  # Combat Awareness only once per turn (Miho's back side too)


def test_one_event_card_a_turn():
    # Sequence of Play: "Each player may only play one Event Card during each of their turns."
    # Turn Phases: Event Phase: "However, you may only play one Event Card per turn."
    match = arranged("mock-battle", hands={"Team B": ("Recon", "Morale Boost")},
                     deck={"Fire": 10}, phase="event")  # fmt: skip
    match = play(match, PlayCard("Recon"), Draw("Fire"))
    assert not any(isinstance(a, PlayCard) for a in GAME.legal_actions(match))


def test_the_end_phase_discards_down_to_five_then_the_other_player_draws():
    # Sequence of Play: "End Phase: If you have more than five cards in your hand, choose and
    # discard from them until your hand consists of only five cards. These four steps constitute
    # a single player's turn, and the game progresses as players alternate turns." Turn Phases:
    # End Phase: "If you have six or more cards in your hand, choose and discard cards until you
    # have only five. After making sure your hand is not over the maximum hand size, your turn
    # is over." Draw Phase: "Your hand may contain more than five cards, but any excess beyond
    # five at the end of the turn will be discarded at that point." Glossary: "At the end of
    # each player's turn, that player's hand may not have more than five cards in it."
    hand = ("Move", "Move", "Fire", "Fire", "Recon", "Recon", "Ricochet")
    match = arranged("mock-battle", hands={"Team B": hand}, phase="event")
    match = play(match, Pass())
    assert match.phase == "end"
    assert Discard("Ricochet") in GAME.legal_actions(match)
    match = play(match, Discard("Ricochet"))
    assert match.phase == "end"
    match = play(match, Discard("Recon"))
    assert len(match.hand("Team B")) == 5
    assert match.side_to_act == "Team A" and match.top == Drawing("Team A", 5, draw_phase=True)


def test_mock_battle_draws_five_cards_in_the_first_draw_phase():
    match = started("mock-battle")
    assert match.top == Drawing("Team B", 5, draw_phase=True)


def test_repairs_or_maintenance_and_no_enforcement_card_back_from_the_discard_pile():
    # Turn Phases: Event Phase: "Repairs/Maintenance: When you play this card, you may choose to
    # either use Repairs or Maintenance:" "Repairs - you may select a tank that has an Immobile
    # marker on it and remove that marker from that tank, so it may move again." "Maintenance -
    # you may choose one card from the discard pile (not counting Enforcement Cards) and place
    # it in your hand."
    match = arranged("mock-battle", hands={"Team B": ("Repairs/Maintenance",)}, phase="event",
                     discard=("Fire", "Thrown Tread"))  # fmt: skip
    board = match.board
    board = board.with_tank(replace(board.tank("M4 (75)"), immobile=True))
    match = evolve(match, board=board)
    choices = {a.choice for a in GAME.legal_actions(match) if isinstance(a, PlayCard)}
    assert choices == {"repair:M4 (75)", "maintain:Fire"}
    repaired = play(match, PlayCard("Repairs/Maintenance", "repair:M4 (75)"))
    assert not repaired.board.tank("M4 (75)").immobile
    maintained = play(match, PlayCard("Repairs/Maintenance", "maintain:Fire"))
    assert "Fire" in maintained.hand("Team B") and "Fire" not in maintained.discard


def test_repairs_maintenance_may_also_remove_one_wreck_with_the_wreckage_rule():
    # "Whenever you use a Repairs/Maintenance card, you may also remove a single tank
    # wreckage counter from anywhere on the map." (Optional Rules: Wreckage)
    match = arranged("mock-battle", hands={"Team B": ("Repairs/Maintenance",)}, phase="event",
                     discard=("Fire",))  # fmt: skip
    board = match.board
    wreck = next(t for t in board.tanks if t.side == "Team A")
    board = board.with_tank(replace(wreck, wreck=True))
    plain = evolve(match, board=board)
    choices = {a.choice for a in GAME.legal_actions(plain) if isinstance(a, PlayCard)}
    assert choices == {"maintain:Fire"}  # no Wreckage rule: no wreck to remove
    board = replace(board, options=replace(board.options, wreckage=True))
    match = evolve(match, board=board)
    choices = {a.choice for a in GAME.legal_actions(match) if isinstance(a, PlayCard)}
    assert choices == {"maintain:Fire", f"maintain:Fire+wreck:{wreck.id}", f"wreck:{wreck.id}"}
    both = play(match, PlayCard("Repairs/Maintenance", f"maintain:Fire+wreck:{wreck.id}"))
    assert "Fire" in both.hand("Team B") and wreck.id not in {t.id for t in both.board.tanks}
    kept = play(match, PlayCard("Repairs/Maintenance", "maintain:Fire"))  # "may": not forced
    assert wreck.id in {t.id for t in kept.board.tanks}


def test_the_fourth_enforcement_card_goes_back_and_drawing_it_again_ends_the_match():
    # Enforcement Cards: "However, if there are other rules in effect that depend on the drawing
    # of an Enforcement Card (such as the Stagnant Battle rule or a scenario-specific rule),
    # those rules still apply." Card Types: "Enforcement Cards are also used for determining the
    # end of a match." Ending the Game: "If the match is becoming drawn out or stagnating, it is
    # possible that a Forced End may occur." Stagnant Matches: "Unless specified in a scenario,
    # once the fourth Enforcement Card has been drawn (not counting Scenario Cards), it is
    # possible for a match to be considered Stagnant and to have a forced end." "When a match
    # ends in this manner, add up the point totals of the tanks that each side has destroyed,
    # and the side with the highest total wins (the side with the lower total loses as a result
    # of drawing out the match). If both sides have the same total, the match is a draw."
    # Event Phase: Morale Boost: "However, they may result in a Forced End to the game (see the
    # Scenario section for more details)." (here the fourth is drawn by Morale Boost)
    match = arranged("mock-battle", deck={"Thrown Tread": 1, "Fire": 3}, enforcement_drawn=3,
                     phase="event", hands={"Team B": ("Morale Boost",)})  # fmt: skip
    match = play(match, PlayCard("Morale Boost"), Draw("Thrown Tread"))
    assert match.marked == "Thrown Tread" and "Thrown Tread" not in match.discard
    outcomes = dict(GAME.chance_outcomes(match))
    assert outcomes[Draw("Thrown Tread", marked=True)] == Fraction(1, 4)
    match = evolve(match, points={"Team A": 15, "Team B": 10})
    match = play(match, Draw("Thrown Tread", marked=True))
    outcome = GAME.outcome(match)
    assert outcome.termination is CardGameEnd.STAGNANT and outcome.winner == "Team A"
    even = evolve(match, ended=None)
    even = play(
        evolve(even, points={}, marked="Thrown Tread", stack=(Drawing("Team B", 1),)),
        Draw("Thrown Tread", marked=True),
    )
    assert GAME.outcome(even).termination is CardGameEnd.STAGNANT_DRAW
    assert GAME.outcome(even).winner is None


def test_an_illegal_card_is_refused_and_the_state_is_unchanged():
    # Sequence of Play: "Action Phase: Use an Action Card in your hand to take an Action."
    match = arranged("mock-battle", hands={"Team B": ("Move",)})
    with pytest.raises(IllegalAction, match="holds no Fire"):
        GAME.apply(match, PlayCard("Fire"))
    with pytest.raises(IllegalAction, match="Movement card"):
        GAME.apply(match, Move("M4 (75)", "0910", 1))
    assert match.hand("Team B") == ("Move",)


def test_move_all_tanks_moves_every_tank_once():
    # Moving: "When you play a Movement Card, you may move one or multiple tanks."
    match = arranged("mock-battle", hands={"Team B": ("Move All Tanks",)})
    match = play(match, PlayCard("Move All Tanks"), Select("M4 (75)"))
    move = next(a for a in GAME.legal_actions(match) if isinstance(a, Move))
    match = play(match, move)
    assert GAME.legal_actions(match) == [Select("Sherman Firefly"), Stop()]
    match = play(match, Select("Sherman Firefly"))
    move = next(a for a in GAME.legal_actions(match) if isinstance(a, Move))
    match = play(match, move)
    assert match.stack == () and "Move All Tanks" in match.discard


def test_full_speed_ahead_adds_two_movement_points():
    plain = arranged("mock-battle", hands={"Team B": ("Move", "Full Speed Ahead!")})
    moves = {}
    for card in ("Move", "Full Speed Ahead!"):
        match = play(plain, PlayCard(card), Select("M4 (75)"))
        moves[card] = {a for a in GAME.legal_actions(match) if isinstance(a, Move)}
    assert moves["Move"] < moves["Full Speed Ahead!"]


def test_an_attack_card_without_a_target_may_be_taken_back():
    # Firing: Line of Sight: "If, after playing an Attack Card, it is determined that you do not
    # have line of sight to the target, you may change targets. If there are no valid targets,
    # you may also take back your attack (however, you will have shown your Attack Card to your
    # opponent)."
    # Firing: Line of Sight: "you may also take back your attack"
    match = arranged("mock-battle", hands={"Team B": ("Fire", "Move")})
    board = match.board
    for tank, where in zip(match.tanks_of("Team A"), ("0101", "0201"), strict=True):
        board = board.with_tank(replace(tank, hex=board.map.hex(where)))
    match = evolve(match, board=board)
    match = play(match, PlayCard("Fire"), Select("M4 (75)"))
    assert not any(isinstance(a, Fire) for a in GAME.legal_actions(match))
    match = play(match, Stop())
    assert "Fire" in match.hand("Team B") and match.actions_left == 1
    assert PlayCard("Fire") not in GAME.legal_actions(match)  # not again this turn


def test_events_name_the_card_and_its_source():
    match = arranged("mock-battle", hands={"Team B": ("Move",)})
    assert any("plays Move" in text for text in events(match, PlayCard("Move")))


def test_combat_awareness_may_also_be_used_in_the_event_phase():
    # Characters: "The following abilities may also be used during your own Event Phase"
    match = arranged("mock-battle", hands={"Team A": ("Move", "Move")}, active=1, phase="event")
    match = evolve(match, actions_left=0)
    assert UseAbility("Miho Nishizumi", "combat awareness") in GAME.legal_actions(match)
    match = play(match, UseAbility("Miho Nishizumi", "combat awareness"))
    assert PlayCard("Move") in GAME.legal_actions(match)
    match = play(match, PlayCard("Move"), Select("StuG III Ausf. F"), Stop())
    assert not any(isinstance(a, (PlayCard, UseAbility)) and getattr(a, "ability", "") ==
                   "combat awareness" for a in GAME.legal_actions(match))  # fmt: skip
    assert PlayCard("Move") not in GAME.legal_actions(match)


def test_a_card_match_shows_its_board_with_the_turn_phase_and_hands():
    from workbench.render import svg_of

    svg = svg_of(started("mock-battle"))
    assert "turn 1, Team B: draw phase" in svg and "deck 77" in svg
