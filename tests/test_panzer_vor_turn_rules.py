"""Panzer Vor! rules of a turn the card game applies that no other test quoted yet, each
checked here with its sentence (issue 49: the rules coverage map): the players and the
phases, the kinds of card, passing, winning, and the Action cards' one action."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

import pytest

from tests.panzer_vor_match import (
    D1,
    F1,
    GAME,
    H1,
    H2,
    P1,
    P2,
    S1,
    arranged,
    duel,
    play,
    scenario,
    started,
)
from workbench.games.panzer_vor.rules.actions import (
    Decline,
    Deploy,
    Discard,
    Fire,
    Move,
    NoReaction,
    Pass,
    PlayCard,
    React,
    Roll,
    Select,
    Stop,
    UseAbility,
)
from workbench.games.panzer_vor.rules.cards import CARDS, CATALOGUE, STAND_IN_DECK
from workbench.games.panzer_vor.rules.characters import Crew
from workbench.games.panzer_vor.rules.deck import Draw
from workbench.games.panzer_vor.rules.ending import CardGameEnd
from workbench.games.panzer_vor.rules.match import Choice, Drawing, Order, Shot, Window, evolve
from workbench.rules.core import CHANCE


def through(match):
    """On past the opponent's reaction windows (no reaction)."""
    while isinstance(match.top, Window):
        match = play(match, NoReaction())
    return match


def kinds(match, kind):
    return [a for a in GAME.legal_actions(match) if isinstance(a, kind)]


# --- the players and the turn ---------------------------------------------------------------
@pytest.mark.parametrize("name", sorted(set(GAME.scenarios()) - {"test-your-luck"}))
def test_each_match_is_played_by_two_players(name):
    # Game Setup: "Each match in Panzer Vor! is played out by two players." (Test Your Luck! is
    # the one scenario "for a single player": the other side acts by its rules)
    match = started(name)
    assert len(GAME.players(match)) == 2 == scenario(name).players


def test_a_turn_is_four_phases_then_the_opponents_turn():
    # Glossary: "Phase: Each player's turn is made up of four steps, the Draw Phase, the Action
    # Phase, the Event Phase, and the End Phase. Once a player has completed all of their
    # phases in their turn, their turn is over, and it becomes the opponent's turn." "The game
    # progresses back and forth from Player A's turn to Player B's turn." The Flow of Play:
    # "Player A's Turn (Draw Phase, Action Phase, Event Phase, End Phase) -> Player B's Turn
    # (Draw Phase, Action Phase, Event Phase, End Phase) -> Player A's Turn (repeat)."
    # Sequence of Play: "If you do not wish to take an action, you may pass for that Action
    # phase." "If you have no Event Cards or do not wish to play one, you may pass."
    match = arranged("mock-battle", hands={"Team B": ("Move", "Recon")}, deck={"Fire": 20},
                     phase="draw")  # fmt: skip
    match = evolve(match, stack=(Drawing("Team B", 1, draw_phase=True),))
    seen = []
    for _ in range(2):
        for _ in range(2):
            seen.append((match.side_to_act, str(match.phase)))
            while GAME.current_player(match) == CHANCE:  # the first Draw Phase draws five
                match = play(match, Draw("Fire"))
            seen.append((match.side_to_act, str(match.phase)))
            assert Pass() in GAME.legal_actions(match)  # pass the Action Phase
            match = play(match, Pass())
            seen.append((match.side_to_act, str(match.phase)))
            assert Pass() in GAME.legal_actions(match)  # pass the Event Phase
            match = play(match, Pass())
            if match.phase == "end":
                seen.append((match.side_to_act, "end"))
                match = play(match, GAME.legal_actions(match)[0])
    order = [phase for side, phase in seen if side == "Team B"][:3]
    assert order == ["draw", "action", "event"]
    sides = [side for side, phase in seen if phase == "draw"]
    assert sides == ["Team B", "Team A", "Team B", "Team A"]  # back and forth


def test_only_the_player_whose_turn_it_is_acts_but_for_reaction_cards():
    # Sequence of Play: "With the exception of Reaction Cards, described below, only the player
    # whose turn it is may act during their turn." Card Types: Reaction Cards: "These cards are
    # used to resist your opponent's Actions, and can only be used on your opponent's turn."
    match = duel({P1: ("Move", "Quick Shot"), P2: ("Quick Shot",)})
    assert GAME.current_player(match) == P1
    assert PlayCard("Quick Shot") not in GAME.legal_actions(match)  # not on your own turn
    match = play(match, PlayCard("Move"), Select(D1))
    match = play(match, kinds(match, Move)[0])
    assert match.top == Window(P2, "moved", D1) and GAME.current_player(match) == P2
    assert all(isinstance(a, React | NoReaction) for a in GAME.legal_actions(match))
    match = play(match, NoReaction())
    assert GAME.current_player(match) == P1


def test_an_action_is_the_card_revealed_then_the_tank_declared():
    # Sequence of Play: "When taking an action, first reveal the card, then declare which
    # tank(s) will perform the action."
    match = duel({P1: ("Move",), P2: ()})
    match = play(match, PlayCard("Move"))
    assert "Move" in match.in_play and "Move" not in match.hand(P1)  # shown
    assert {a.tank for a in kinds(match, Select)} == {t.id for t in match.tanks_of(P1)}


def test_a_movement_card_moves_your_own_tanks():
    # Card Types: Movement Cards: "They are used to move your own tanks."
    match = duel({P1: ("Move",), P2: ()})
    match = play(match, PlayCard("Move"))
    assert H2 not in {a.tank for a in kinds(match, Select)}


def test_the_event_phase_plays_one_event_card_or_passes():
    # Sequence of Play: "Event Phase: You may play an Event Card from your hand." Turn Phases:
    # Event Phase: "After the Action Phase has ended, if you have any Event Cards in your hand,
    # you may choose to play one."
    match = duel({P1: ("Recon", "Move"), P2: ()}, phase="event")
    legal = GAME.legal_actions(match)
    assert PlayCard("Recon") in legal and Pass() in legal and PlayCard("Move") not in legal
    empty = duel({P1: ("Move",), P2: ()}, phase="event")
    assert GAME.legal_actions(empty) == [Pass()]


def test_morale_boost_may_take_the_hand_over_five_until_the_end_phase():
    # Turn Phases: Event Phase: Morale Boost: "If this results in you having more cards in
    # your hand than the maximum hand size, you will have to reduce your hand size down to the
    # maximum during the End Phase."
    hand = ("Morale Boost", "Move", "Move", "Fire", "Fire")
    match = duel({P1: hand, P2: ()}, phase="event", deck={"Fire": 10})
    match = play(match, PlayCard("Morale Boost"), *[Draw("Fire")] * 3, Pass())
    assert len(match.hand(P1)) == 7 and match.phase == "end"
    match = play(match, Discard("Fire"), Discard("Fire"))
    assert len(match.hand(P1)) == 5 and match.side_to_act == P2


# --- the cards ----------------------------------------------------------------------------
def test_the_96_cards_of_five_types():
    # Glossary: "Card: There are 96 cards which are used for moving your tanks and making
    # attacks. They are divided into five types - Action, Event, Reaction, Enforcement, and
    # Scenario cards." The 78 cards of the deck (a labelled stand-in) and the Scenario cards
    # the rulebook names: Anzio (Revised)'s editor's note says Childhood Friend and Operation:
    # Macaroni were added as Scenario cards for the TTS version, so the box holds 18.
    assert {card.kind for card in CATALOGUE} == {
        "action", "event", "reaction", "enforcement", "scenario"}  # fmt: skip
    added_for_tts = {"Childhood Friend", "Operation: Macaroni"}
    printed = [c for c in CATALOGUE if c.kind == "scenario" and c.name not in added_for_tts]
    assert sum(STAND_IN_DECK.values()) + len(printed) == 96


def test_move_and_attack_cards_move_and_attack_or_do_one_or_the_other():
    # Card Types: "Cards with both icons are Move and Attack Cards. They allow you to move and
    # attack, or to do one or the other." Turn Phases: Action Phase: "By playing an Action
    # Card, you may move, attack, or do both." Moving: "You may also choose to move a tank when
    # you play the Move/Fire card."
    both = [c.name for c in CATALOGUE if c.kind == "action" and c.move and c.attack]
    assert {"Move/Fire", "Mobile Fire 2", "Commander!"} <= set(both)
    match = duel({P1: ("Move/Fire", "Mobile Fire 2"), P2: ()})
    either = play(match, PlayCard("Move/Fire"), Select(D1))
    assert kinds(either, Move) and Fire(D1, H2) in GAME.legal_actions(either)
    moved = play(either, kinds(either, Move)[0])
    moved = play(moved, NoReaction()) if isinstance(moved.top, Window) else moved
    assert not kinds(moved, Fire)  # Move/Fire: one or the other
    mobile = play(match, PlayCard("Mobile Fire 2"), Select(D1))
    mobile = play(mobile, kinds(mobile, Move)[0])
    assert Fire(D1, H2) in GAME.legal_actions(mobile)  # move and attack
    assert Stop() in GAME.legal_actions(mobile)  # or move only


def test_a_card_with_only_a_tank_is_an_action_card_neither_attack_nor_movement():
    # Card Types: "A card with only a picture of a tank is still an Action Card, but is neither
    # an Attack Card or a Movement Card (some of the Scenario cards have this icon)."
    friend = CARDS["Childhood Friend"]
    assert friend.is_action and not friend.move and not friend.attack


def test_no_second_action_card_while_one_is_carried_out():
    # Turn Phases: Action Phase: "You may not play a Move Card and an Attack Card at the same
    # time."
    match = duel({P1: ("Move", "Fire"), P2: ()})
    match = play(match, PlayCard("Move"), Select(D1))
    assert not kinds(match, PlayCard)


# --- winning ------------------------------------------------------------------------------
def crack_shot(match, firer, target):
    """``firer`` destroys ``target`` with a Crack Shot (no attack roll; a damage roll of 12)."""
    match = through(play(match, PlayCard("Crack Shot")))
    match = through(play(match, Select(firer), Fire(firer, target)))
    return play(match, Roll((6, 6)))


def test_annihilation_is_won_the_moment_the_last_enemy_tank_is_destroyed():
    # Ending the Game: "In an Annihilation Battle, you win when you have destroyed all of the
    # enemy school's tanks." Match Types: "The victory condition for an Annihilation Battle is
    # to destroy all of your opponent's tanks. The match ends the moment that this condition
    # is met."
    match = arranged("mock-battle", hands={"Team B": ("Crack Shot",)})
    board = match.board.without(["StuG III Ausf. F"])
    board = board.with_tank(replace(board.tank("Panzer IV Ausf. F2"), hex=board.map.hex("0910")))
    match = crack_shot(evolve(match, board=board), "M4 (75)", "Panzer IV Ausf. F2")
    outcome = GAME.outcome(match)
    assert outcome.termination is CardGameEnd.ANNIHILATION and outcome.winner == "Team B"


def test_a_flag_battle_ends_when_the_flag_tank_is_destroyed_whatever_else_is_left():
    # Ending the Game: "In a Flag Battle, you win when you have destroyed your opponent's Flag
    # Tank." Match Types: "In a Flag Battle, you win when you destroy your opponent's Flag
    # Tank. The match ends as soon as the Flag Tank is destroyed, regardless of how many other
    # operational tanks a player has."
    match = arranged("saunders", hands={"Saunders": ("Crack Shot",)})
    flag = next(t for t in match.tanks_of("Ōarai") if t.flag)
    board = match.board.with_tank(replace(flag, hex=match.board.map.hex("0702")))
    match = crack_shot(evolve(match, board=board), "M4A1", flag.id)
    outcome = GAME.outcome(match)
    assert outcome.termination is CardGameEnd.FLAG and outcome.winner == "Saunders"
    assert len(match.tanks_of("Ōarai")) == 4


# --- firing in the card game ------------------------------------------------------------------
def test_a_hit_goes_on_to_the_damage_roll_and_a_miss_ends_the_action_phase():
    # Firing: Attack Modifiers: "If the Attack hits, move on to the Damage Roll. If the Attack
    # misses, your Action Phase ends and you move on to the Event Phase." Attack Roll: "After
    # assuring that you have line of sight to the target, you actually fire."
    match = duel({P1: ("Fire",), P2: ()})
    match = through(play(match, PlayCard("Fire"), Select(D1), Fire(D1, H2)))
    hit = through(play(match, Roll((6, 6))))
    assert isinstance(hit.top, Shot) and hit.top.stage == "damage roll"
    missed = play(match, Roll((1, 1)))
    # nothing left but to go on to the Event Phase (a Combat Awareness not yet used would still
    # be offered: "The following abilities may also be used during your own Event Phase")
    assert missed.stack == () and GAME.legal_actions(missed) == [Pass()]
    assert play(missed, Pass()).phase == "event"


def test_an_assault_gun_turns_with_a_move_card_to_fire_out_of_its_front_arc():
    # Firing: Assault Guns and Jagdpanzers: "In order to fire into a hex not currently in their
    # front arc, they must first use a Move Card to change their orientation. They may also use
    # cards like Mobile Fire to fire after using their Move to turn (but with the card's
    # negative attack modifier)."
    match = duel({P1: ("Fire", "Mobile Fire 2"), P2: ()}, where={S1: "0808", H2: "0804"})
    board = match.board
    match = evolve(match, board=board.with_tank(replace(board.tank(S1), facing=1)))  # east
    fired = play(match, PlayCard("Fire"), Select(S1))
    assert Fire(S1, H2) not in GAME.legal_actions(fired)
    mobile = play(match, PlayCard("Mobile Fire 2"), Select(S1))
    turn = next(a for a in kinds(mobile, Move) if a.to == "0808" and a.facing == 4)  # west
    mobile = play(mobile, turn)
    mobile = play(mobile, NoReaction()) if isinstance(mobile.top, Window) else mobile
    mobile = play(mobile, Fire(S1, H2))
    shot = next(f for f in mobile.stack if isinstance(f, Shot))
    assert [(m.name, m.value) for m in shot.attack] == [("Mobile Fire 2", -2)]


def test_a_two_gun_tank_makes_one_attack_with_one_gun_per_card():
    # Firing: Multiple-gun Tanks: "You may not use one Attack Card to combine the firepower
    # ratings of both the main and secondary gun, or to attack two different targets!"
    match = arranged("saunders", hands={"Ōarai": ("Fire",)}, active=1)
    board = match.board
    lee = board.tank("M3 Lee")
    board = board.with_tank(replace(lee, hex=board.map.hex("0619")))
    match = evolve(match, board=board)
    match = play(through(play(match, PlayCard("Fire"))), Select("M3 Lee"))
    targets = {a.target for a in kinds(match, Fire)}
    assert len(targets) >= 2
    match = through(play(match, Fire("M3 Lee", sorted(targets)[0])))
    firepower = [line for line in GAME.odds(match, "M3 Lee", sorted(targets)[0]).lines()
                 if "firepower" in line]  # fmt: skip
    assert len(firepower) == 1 and f"+{lee.counter.gun().firepower} " in firepower[0]  # one gun
    match = through(play(match, Roll((1, 1))))
    assert not kinds(match, Fire)  # no second target


# --- reactions --------------------------------------------------------------------------------
def test_emergency_stop_only_before_the_attack_roll():
    # Reactions: "If your opponent has already made their attack roll, you may not use
    # Emergency Stop."
    match = duel({P1: ("Fire",), P2: ("Emergency Stop",)})
    match = through(play(match, PlayCard("Fire"), Select(D1), Fire(D1, H2)))
    match = play(match, Roll((6, 6)))
    assert not any(isinstance(a, React) and a.card == "Emergency Stop"
                   for a in GAME.legal_actions(match))  # fmt: skip


def test_a_move_and_fire_card_is_one_action_answered_by_one_reaction_card():
    # Reactions: "The effects of cards such as Mobile Fire that allow a player to move and fire
    # are considered one action, and you may only use one Reaction Card in response to them."
    match = duel({P1: ("Mobile Fire 2",), P2: ("Quick Shot", "Emergency Stop")})
    match = play(match, PlayCard("Mobile Fire 2"), Select(D1))
    match = play(match, kinds(match, Move)[0], React("Quick Shot", H2), Roll((1, 1)))
    match = play(match, Fire(D1, H2))
    assert GAME.current_player(match) == CHANCE  # no window for Emergency Stop: the dice roll
    assert "Emergency Stop" in match.hand(P2)


def test_setup_places_each_tank_facing_a_hex_side_not_a_corner():
    # Game Setup: "The front side of a tank may face any of the sides of the hex in which it is
    # placed (not the corners!)." Moving: Movement Direction: "A tank is always placed facing
    # the edge of a hex."
    match = GAME.start(scenario("mock-battle"))
    deploys = kinds(match, Deploy)
    facings = Counter((d.tank, d.to) for d in deploys)
    assert set(facings.values()) == {6}
    assert {d.facing for d in deploys} == set(range(6))
    assert isinstance(match.top, Choice)


def test_an_order_on_a_movement_card_ends_with_the_move():
    # Moving: Movement: "Example: A Tiger I has a movement score of 3 ... If it only moves two
    # hexes, treat the last remaining movement point as if it had been expended."
    match = duel({P1: ("Move",), P2: ()})
    match = play(match, PlayCard("Move"), Select(D1))
    start = match.board.tank(D1).hex
    short = next(a for a in kinds(match, Move) if match.board.map.hex(a.to).distance(start) == 2)
    match = through(play(match, short))
    assert not kinds(match, Move) and not any(isinstance(f, Order) for f in match.stack)


# --- characters ---------------------------------------------------------------------------
def shot_at_h2(crew, attack_dice, damage_dice=None):
    """Player 1's Panzer IV D fires a Fire card at the H six hexes away, with ``crew``."""
    match = evolve(duel({P1: ("Fire",), P2: ()}), crew=tuple(crew))
    match = through(play(match, PlayCard("Fire"), Select(D1), Fire(D1, H2)))
    match = play(match, Roll(attack_dice))
    while damage_dice and GAME.current_player(match) != CHANCE:
        match = play(match, Decline())
    return play(match, Roll(damage_dice)) if damage_dice else match


def test_the_four_modifiers_a_character_may_add_to_the_rolls():
    # Characters: "A modifier applied to Attack Rolls." "A modifier applied to Damage Rolls." "A
    # modifier applied to the Attack Roll when the tank is the target of an attack." "A modifier
    # applied to the Damage Roll when the tank is the target of an attack." (Hana Isuzu's
    # attack modifier: tests/test_panzer_vor_reactions.py)
    turtle = Crew("Turtle Team", P2, H2, "front")  # -2 to attacks against its tank
    match = shot_at_h2([turtle], (3, 4))  # 7 against 6 hexes: a hit, unless...
    assert GAME.legal_actions(match) == [UseAbility("Turtle Team", "evade"), Decline()]
    assert play(match, UseAbility("Turtle Team", "evade")).stack == ()  # 5: a miss
    hippo = Crew("Hippo Team", P1, D1, "front")  # +1 to its tank's damage rolls
    match = shot_at_h2([hippo], (6, 6), (3, 4))  # damage 7 + firepower 3 = 10 against 11
    assert UseAbility("Hippo Team", "damage") in GAME.legal_actions(match)
    assert H2 not in {t.id for t in play(match, UseAbility("Hippo Team", "damage")).board.tanks}
    mallard = Crew("Mallard Team", P2, H2, "front")  # -1 to damage rolls against its tank
    match = shot_at_h2([mallard], (6, 6), (4, 4))  # 8 + 3 = 11: destroyed, unless...
    assert UseAbility("Mallard Team", "armour") in GAME.legal_actions(match)
    assert H2 in {t.id for t in play(match, UseAbility("Mallard Team", "armour")).board.tanks}


def test_an_ability_works_for_the_tank_its_character_pilots():
    # Characters: "Generally, the above abilities only have an effect on the tank that the
    # Character is piloting, on the turn the ability is used."
    hana = Crew("Hana Isuzu", P1, F1, "front")  # on the F2, not the D that fires
    match = shot_at_h2([hana], (2, 3))  # 5 against 6 hexes: a miss
    assert not any(isinstance(a, UseAbility) for a in GAME.legal_actions(match))


def test_a_character_with_a_blank_back_stays_on_its_tank_face_down():
    # Characters: "Characters with no abilities on their face-down side may be kept on the map
    # with their tank counter."
    naomi = Crew("Naomi", P1, D1, "front")  # one side: +2 to attack rolls
    match = play(shot_at_h2([naomi], (2, 3)), UseAbility("Naomi", "attack"))
    after = next(c for c in match.crew if c.name == "Naomi")
    assert (after.tank, after.face, after.abilities) == (D1, "back", ())


def test_recovery_brings_back_a_removed_or_face_down_character_and_a_one_sided_one_face_up():
    # Characters: "When a Character's counter is removed from the map, this does not mean that
    # they have left the battlefield - only that they have become exhausted. They may become
    # usable again through cards or other effects." Turn Phases: Event Phase: Recovery:
    # "Characters with only a single side are placed face-up."
    crew = (Crew("Nonna", P1, None, "removed"), Crew("Hana Isuzu", P1, D1, "back"))
    match = evolve(duel({P1: ("Recovery",), P2: ()}, phase="event"), crew=crew)
    nonna = play(match, PlayCard("Recovery", f"Nonna@{F1}"))
    assert next(c for c in nonna.crew if c.name == "Nonna").face == "front"


def test_saori_and_katyusha_recover_as_the_recovery_card_does():
    # Characters: "Recovery: When Saori Takebe or Katyusha use their Recovery ability, it has
    # the same effect as the Recovery Event Card. You may restore a character who has been
    # removed from the map or who has been turned face-down (see Recovery in the Event Phase
    # section)."
    tired = (Crew("Hana Isuzu", P1, None, "removed"), Crew("Duck Team", P1, F1, "back"))
    by_card = evolve(duel({P1: ("Recovery",), P2: ()}, phase="event"), crew=tired)
    card = {a.choice for a in GAME.legal_actions(by_card) if isinstance(a, PlayCard)}
    for name in ("Saori Takebe", "Katyusha"):
        match = evolve(duel({P1: (), P2: ()}, phase="event"),
                       crew=(*tired, Crew(name, P1, H1, "front")))  # fmt: skip
        ability = {a.choice for a in GAME.legal_actions(match)
                   if isinstance(a, UseAbility) and a.ability == "recovery"}  # fmt: skip
        assert ability == card and len(card) == 5  # four tanks for Hana, Duck Team face up


# --- what the scenarios change ----------------------------------------------------------------
@pytest.mark.parametrize("name", sorted(GAME.scenarios()))
def test_the_optional_rules_are_agreed_before_any_match(name):
    # Optional Rules: "They can be used in all of the scenarios, but all players should agree
    # before the match whether or not they will use them." Cutting Through: "In situations such
    # as fighting on a city map where things become deadlocked, you may use this rule if both
    # players agree to it."
    option = next(o for o in GAME.options(scenario(name)) if o.name == "optional_rules")
    assert {"wreckage", "turret-rotation", "cutting-through"} <= set(option.choices)
    assert option.default == []  # off unless agreed (a scenario's own rules aside)
    on = started(name, optional_rules=["cutting-through"])
    assert on.board.options.cutting_through and not started(name).board.options.cutting_through


def test_training_scenarios_play_without_the_recovery_card():
    # Turn Phases: Event Phase: Recovery: "Recovery cards are not used during Training
    # scenarios. Remove them from the deck before playing and set them aside." Scenarios: "Where
    # the general rules and the scenario rules contradict with each other, the scenario rules
    # take precedent." (Test Your Luck! upgrades the Panzer IV "By using a Recon or Recovery
    # card": its deck keeps Recovery.)
    assert scenario("mock-battle").kind == scenario("test-your-luck").kind == "Training Match"
    assert "Recovery" not in dict(started("mock-battle").deck)
    assert "Recovery" in dict(started("test-your-luck").deck)
    assert "Recovery" in dict(started("saunders").deck)


def test_exhibition_matches_use_no_characters_scenario_cards_or_recovery():
    # Exhibition!: "Exhibition matches do not use characters or Scenario Cards." Notes:
    # "Exhibition matches do not use the Recovery card - remove it from the deck before play.
    # Do not include any Scenario Cards in the deck." (characters come only with its optional
    # rule: tests/test_panzer_vor_setup_choices.py)
    match = started("exhibition")
    assert match.crew == () and not any(match.scenario_cards.values())
    deck = dict(match.deck)
    assert "Recovery" not in deck and all(CARDS[c].kind != "scenario" for c in deck)


def test_the_commander_example_one_reaction_card_answers_the_whole_card():
    # Reactions: "Example: The Ōarai player has used the card Commander! The Kuromorimine player
    # uses the Quick Shot Reaction card in order to fire before the Ōarai player does. However,
    # the Kuromorimine player's attack misses, so the Ōarai player gets to continue with their
    # attack (the effect of the Commander! card). The Kuromorimine player cannot use other
    # Reaction Cards such as Emergency Stop, Poor Visibility or Ricochet in response to this
    # attack, because they have already played a Reaction Card."
    held = ("Quick Shot", "Emergency Stop", "Poor Visibility", "Ricochet")
    match = duel({P1: ("Commander!",), P2: held})
    match = play(match, PlayCard("Commander!"), Select(D1))
    match = play(match, kinds(match, Move)[0], React("Quick Shot", H2), Roll((1, 1)))  # a miss
    assert Fire(D1, H2) in GAME.legal_actions(match)  # the Commander! attack goes on
    match = play(match, Fire(D1, H2))
    assert GAME.current_player(match) == CHANCE  # no Emergency Stop nor Poor Visibility
    match = play(match, Roll((6, 6)))
    assert GAME.current_player(match) == CHANCE  # nor Ricochet: on to the damage roll
    assert set(held) - {"Quick Shot"} <= set(match.hand(P2))


def test_the_mobile_fire_example_no_reaction_card_answers_a_reaction_card():
    # Reactions: "Example: The Kuromorimine player uses Mobile Fire 2. In response, the Ōarai
    # player uses the Quick Shot Reaction Card in order to make an attack before the
    # Kuromorimine player does. Even if the Kuromorimine player has cards such as Emergency
    # Braking or Ricochet, they cannot play them in response to the Ōarai player's Reaction."
    match = duel({P1: ("Mobile Fire 2", "Emergency Stop", "Ricochet"), P2: ("Quick Shot",)})
    match = play(match, PlayCard("Mobile Fire 2"), Select(D1))
    match = play(match, kinds(match, Move)[0], React("Quick Shot", H2))
    assert GAME.current_player(match) == CHANCE  # no Emergency Stop against the Quick Shot
    match = play(match, Roll((6, 6)))
    assert GAME.current_player(match) == CHANCE  # nor Ricochet: the damage roll
    assert {"Emergency Stop", "Ricochet"} <= set(match.hand(P1))


def test_kuromorimine_plays_without_volley_fire_and_stage_2_with_wreckage():
    # Kuromorimine: "Deck Adjustments: The Volley Fire Action Card is not used in this scenario
    # - remove it from the deck before playing." Stage 2: "Wreckage: In this scenario,
    # destroyed tanks are turned face-down and left where they are on the map. See the
    # Wreckage section in the Optional Rules for more details."
    assert "Volley Fire" in STAND_IN_DECK
    for name in ("kuromorimine-stage-1", "kuromorimine-stage-2"):
        assert "Volley Fire" not in dict(started(name).deck)
    assert started("kuromorimine-stage-2").board.options.wreckage
    assert not started("kuromorimine-stage-1").board.options.wreckage
