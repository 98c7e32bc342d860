"""Reactions, move-then-fire and multi-tank cards, and characters' abilities, from the
rulebook's words (Reactions, Firing, Characters)."""

from __future__ import annotations

from tests.panzer_vor_match import D1, F1, GAME, H1, H2, P1, P2, duel, play, started
from workbench.games.panzer_vor.rules.actions import (
    Decline,
    Fire,
    Move,
    NoReaction,
    PlayCard,
    React,
    Roll,
    Select,
    Stop,
    UseAbility,
)
from workbench.games.panzer_vor.rules.characters import Crew
from workbench.games.panzer_vor.rules.match import Shot, Window, evolve
from workbench.rules.core import CHANCE


def first_move(match, tank):
    return next(a for a in GAME.legal_actions(match) if isinstance(a, Move) and a.tank == tank)


def test_quick_shot_answers_a_move_and_coordinated_move_targets_only_the_last_mover():
    # "When your opponent uses cards like Coordinated Move to move multiple tanks at once and
    # you want to play a Reaction Card (such as Quick Shot) in response, you must declare that
    # you are doing so immediately after the tank you wish to target has finished its move."
    # Reactions: "You can only target the last tank to have moved before your declaration (i.e.
    # you cannot wait to see all of the tanks' moves before deciding which one you wish to
    # target)." "You may only use one Reaction Card in response any one action made by your
    # opponent." "You may not play a Reaction Card of your own in response to your opponent
    # playing a Reaction Card (with the sole exception of Eavesdropping)." Card Types: "Only one
    # Reaction Card may be used in response to any one Action Card."
    match = duel({P1: ("Coordinated Move", "Emergency Stop"), P2: ("Quick Shot",)})
    match = play(match, PlayCard("Coordinated Move"), Select(D1))
    match = play(match, first_move(match, D1))
    assert match.top == Window(P2, "moved", D1)  # "immediately after the tank ... has moved"
    assert React("Quick Shot", H2) in GAME.legal_actions(match)
    match = play(match, NoReaction(), Select(F1))
    match = play(match, first_move(match, F1))
    assert isinstance(match.top, Window) and match.top.tank == F1  # the last tank to move
    match = play(match, React("Quick Shot", H2))
    shot = match.top
    assert isinstance(shot, Shot) and (shot.firer, shot.target) == (H2, F1) and shot.reaction
    # no Reaction card answers a Reaction card: Emergency Stop is not offered, the dice roll
    assert GAME.current_player(match) == CHANCE
    match = play(match, Roll((1, 1)), Select(H1))  # the Quick Shot missed; the card goes on
    match = play(match, first_move(match, H1))
    assert not isinstance(match.top, Window)  # one Reaction card per action: no window now
    assert "Coordinated Move" in match.discard  # its three tanks have moved


def test_eavesdropping_may_answer_a_reaction_card():
    # Reactions: "Eavesdropping: Unlike other Reaction cards, this Scenario Card may be used in
    # response to another Reaction Card."
    match = duel({P1: ("Move", "Eavesdropping"), P2: ("Quick Shot",)})
    match = play(match, PlayCard("Move"), Select(D1))
    match = play(match, first_move(match, D1), React("Quick Shot", H2))
    assert match.top == Window(P1, "reaction", answering="Quick Shot")
    match = play(match, React("Eavesdropping"))
    assert not any(isinstance(f, Shot) for f in match.stack)  # the Quick Shot is cancelled
    # Scenarios: Scenario Cards: "Scenario Cards may only be used once per scenario - once
    # they have been used, remove them from the game and do not return them to the regular
    # discard pile."
    assert "Eavesdropping" in match.removed and "Eavesdropping" not in match.discard


def test_eavesdropping_may_cancel_an_action_card():
    match = duel({P1: ("Move",), P2: ("Eavesdropping",)})
    match = play(match, PlayCard("Move"))
    assert match.top == Window(P2, "played", answering="Move")
    match = play(match, React("Eavesdropping"))
    assert match.stack == () and "Move" in match.discard and match.actions_left == 0


def _fire(match, card, firer=D1, target=H2):
    match = play(match, PlayCard(card), Select(firer))
    return play(match, Fire(firer, target))


def test_ricochet_after_a_hit_but_never_against_crack_shot():
    match = duel({P1: ("Fire", "Crack Shot"), P2: ("Ricochet",)})
    fired = _fire(match, "Fire")
    assert GAME.current_player(fired) == CHANCE
    fired = play(fired, Roll((6, 6)))
    assert fired.top == Window(P2, "hit", D1, H2)
    fired = play(fired, React("Ricochet"))
    assert not any(isinstance(f, Shot) for f in fired.stack)  # no damage roll
    cracked = _fire(match, "Crack Shot")
    assert cracked.top.stage == "damage roll"  # "Crack Shot does not require an Attack Roll"
    cracked = play(cracked, Roll((1, 1)))
    assert not any(isinstance(f, Window) for f in cracked.stack)


def test_emergency_stop_is_declared_before_the_attack_roll_and_modifies_it():
    # Reactions: "If you wish to play a Reaction Card, declare so using the timing described on
    # the card. Example: You must declare that you are using Emergency Stop before your opponent
    # makes their attack roll." Firing: Attack Modifiers: "If your opponent plays a Reaction
    # Card, any modifier from that card is also added to the result."
    match = duel({P1: ("Fire",), P2: ("Emergency Stop",)})
    match = _fire(match, "Fire")
    assert match.top == Window(P2, "attack", D1, H2)
    match = play(match, React("Emergency Stop"))
    shot = match.top
    assert [m.name for m in shot.attack] == ["Emergency Stop"]
    assert GAME.current_player(match) == CHANCE


def test_mobile_fire_keeps_its_modifier_even_without_moving():
    # Firing: Attack Modifiers: "you still apply the attack modifier even if you do not move"
    match = duel({P1: ("Mobile Fire 2",), P2: ()})
    match = play(match, PlayCard("Mobile Fire 2"), Select(D1), Stop(), Fire(D1, H2))
    shot = match.top
    assert [(m.name, m.value) for m in shot.attack] == [("Mobile Fire 2", -2)]


def test_mobile_fire_fires_with_the_tank_that_moved():
    match = duel({P1: ("Mobile Fire 2",), P2: ()})
    match = play(match, PlayCard("Mobile Fire 2"), Select(D1))
    match = play(match, first_move(match, D1))
    fires = [a for a in GAME.legal_actions(match) if isinstance(a, Fire)]
    assert fires and all(a.firer == D1 for a in fires)


def test_covering_fire_two_tanks_at_one_target():
    # Firing: "Some cards, such as Volley Fire and Covering Fire, allow you to make attacks with
    # multiple tanks."
    match = duel({P1: ("Covering Fire",), P2: ()})
    match = play(match, PlayCard("Covering Fire"), Select(D1), Fire(D1, H2), Roll((1, 1)))
    match = play(match, Select(F1))
    fires = {a for a in GAME.legal_actions(match) if isinstance(a, Fire)}
    assert fires == {Fire(F1, H2)}


def test_hana_adds_her_modifier_after_seeing_the_roll():
    # Characters: "You may choose to apply a character's abilities at any time. For example,
    # when making an attack roll or a damage roll, you may look at the result of the roll first
    # before declaring you are using an ability."
    # Characters, example: six hexes away, the attack roll is 5, a miss; Hana's +2 makes 7.
    hana = Crew("Hana Isuzu", P1, D1, "front")
    match = duel({P1: ("Fire",), P2: ()}, where={D1: "0805", H2: "0811"}, crew=(hana,))
    match = play(match, PlayCard("Fire"), Select(D1), Fire(D1, H2), Roll((2, 3)))
    assert GAME.current_player(match) == P1
    assert GAME.legal_actions(match) == [UseAbility("Hana Isuzu", "attack"), Decline()]
    match = play(match, UseAbility("Hana Isuzu", "attack"))
    assert match.top.stage == "damage roll"  # the attack hits
    crew = next(c for c in match.crew if c.name == "Hana Isuzu")
    assert crew.face == "back" and crew.tank == D1  # a face-up character turns face down


def test_declining_the_ability_leaves_the_miss():
    hana = Crew("Hana Isuzu", P1, D1, "front")
    match = duel({P1: ("Fire",), P2: ()}, where={D1: "0805", H2: "0811"}, crew=(hana,))
    match = play(match, PlayCard("Fire"), Select(D1), Fire(D1, H2), Roll((2, 3)), Decline())
    assert not any(isinstance(f, Shot) for f in match.stack)


def test_an_ability_used_face_down_removes_the_character():
    # Characters: "When a character begins a match face-up, turn them face-down whenever they
    # use any of their abilities. Some Characters have abilities on their face-down sides - if
    # they use any of their abilities there, remove the Character from the map."
    hana = Crew("Hana Isuzu", P1, D1, "back")  # her back side: +1 (stand-in)
    match = duel({P1: ("Fire",), P2: ()}, where={D1: "0805", H2: "0811"}, crew=(hana,))
    match = play(match, PlayCard("Fire"), Select(D1), Fire(D1, H2), Roll((2, 3)))
    match = play(match, UseAbility("Hana Isuzu", "attack"))
    crew = next(c for c in match.crew if c.name == "Hana Isuzu")
    assert crew.face == "removed" and crew.tank is None


def test_a_movement_ability_reaches_further_and_is_spent():
    # Characters: "Added to a tank's movement for this Action."
    mako = Crew("Mako Reizei", P1, D1, "front")  # Mako's Movement Bonus 2
    match = duel({P1: ("Move",), P2: ()}, crew=(mako,))
    match = play(match, PlayCard("Move"), Select(D1))
    boosted = [a for a in GAME.legal_actions(match) if isinstance(a, Move) and a.ability]
    assert boosted and all(a.ability == "Mako Reizei" for a in boosted)
    match = play(match, boosted[0])
    assert next(c for c in match.crew if c.name == "Mako Reizei").face == "back"


def test_recovery_turns_a_face_down_character_face_up():
    # Turn Phases: Event Phase: Recovery: "If you choose to recover a character who is still on
    # the map, turn their counter face-up."
    hana = Crew("Hana Isuzu", P1, D1, "back")
    match = duel({P1: ("Recovery",), P2: ()}, crew=(hana,))
    match = evolve(match, phase="event")
    match = play(match, PlayCard("Recovery", "Hana Isuzu"))
    assert next(c for c in match.crew if c.name == "Hana Isuzu").face == "front"


def test_a_destroyed_tank_takes_its_characters_off_the_map_to_be_recovered():
    hana = Crew("Hana Isuzu", P2, H2, "front")
    match = duel({P1: ("Crack Shot",), P2: ()}, where={D1: "0810", H2: "0811"}, crew=(hana,))
    match = play(match, PlayCard("Crack Shot"), Select(D1), Fire(D1, H2), Roll((6, 6)))
    assert H2 not in {t.id for t in match.board.tanks}
    assert match.points[P1] == match.board.tank(D1).counter.points or match.points[P1] > 0
    crew = next(c for c in match.crew if c.name == "Hana Isuzu")
    assert crew.tank is None and crew.face == "removed"


def test_an_attack_card_makes_one_attack_with_a_single_tank():
    # Firing: "When you play an Attack Card, you may make one attack with a single tank."
    match = duel({P1: ("Fire",), P2: ()})
    match = play(match, PlayCard("Fire"), Select(D1), Fire(D1, H2), Roll((1, 1)))
    assert "Fire" in match.discard and not any(
        isinstance(a, Select) for a in GAME.legal_actions(match)
    )


def test_poor_visibility_is_declared_before_the_attack_roll_and_modifies_it():
    match = duel({P1: ("Fire",), P2: ("Poor Visibility",)})
    match = play(match, PlayCard("Fire"), Select(D1), Fire(D1, H2), React("Poor Visibility"))
    assert [(m.name, m.value) for m in match.top.attack] == [("Poor Visibility", -2)]


def test_volley_fire_lets_several_tanks_attack():
    match = duel({P1: ("Volley Fire",), P2: ()})
    match = play(match, PlayCard("Volley Fire"), Select(D1), Fire(D1, H2), Roll((1, 1)))
    match = play(match, Select(F1), Fire(F1, H2), Roll((1, 1)))
    match = play(match, Select(H1), Fire(H1, H2), Roll((1, 1)))
    assert "Volley Fire" in match.discard  # three tanks fired (stand-in: three)


def test_aide_draws_as_many_cards_as_its_counter_shows():
    # Characters: Aide "has the same effect as the Morale Boost Event Card, except that the
    # number of cards drawn is equal to the number shown on the counter" "Immediately draw that
    # many cards into your hand (see Morale Boost in the Event Phase section)."
    yukari = Crew("Yukari Akiyama", P1, D1, "front")  # aide 2 (stand-in value)
    match = duel({P1: (), P2: ()}, crew=(yukari,))
    match = evolve(match, phase="event")
    match = play(match, UseAbility("Yukari Akiyama", "aide"))
    from workbench.games.panzer_vor.rules.match import Drawing

    assert match.top == Drawing(P1, 2)


def test_recovery_places_a_removed_character_on_a_tank_of_your_choice():
    # Turn Phases: Event Phase: Recovery: "If you choose to recover a character who has been
    # removed from the map, place that character's counter on a tank of your choice (it does
    # not have to be the same tank that they started the game on)." Every tank of the side,
    # not the first three (issue 49).
    hana = Crew("Hana Isuzu", P1, None, "removed")
    match = evolve(duel({P1: ("Recovery",), P2: ()}, crew=(hana,)), phase="event")
    mine = [t.id for t in match.tanks_of(P1)]
    assert len(mine) == 4
    offered = [a.choice for a in GAME.legal_actions(match) if isinstance(a, PlayCard)]
    assert offered == [f"Hana Isuzu@{t}" for t in mine]
    last = play(match, PlayCard("Recovery", f"Hana Isuzu@{mine[-1]}"))
    hana = next(c for c in last.crew if c.name == "Hana Isuzu")
    # "Characters with a reverse side are placed face-down."
    assert (hana.tank, hana.face) == (mine[-1], "back")
    assert PlayCard("Recovery", f"Hana Isuzu@{H2}") not in GAME.legal_actions(match)  # not theirs


def test_the_stepper_offers_each_tank_recovery_may_place_a_character_on():
    # every played choice is drawn and clickable: a click on the card gives a button a tank
    from workbench.widgets.views import view_for

    hana = Crew("Hana Isuzu", P1, None, "removed")
    match = evolve(duel({P1: ("Recovery",), P2: ()}, crew=(hana,)), phase="event")
    offer = view_for("panzer-vor").click_card(GAME, match, "Recovery", None)
    labels = [label for label, _ in offer.choices]
    assert labels == [f"play Recovery (Hana Isuzu@{t.id})" for t in match.tanks_of(P1)]
    assert all(action in GAME.legal_actions(match) for _, action in offer.choices)


def test_the_other_commanders_combat_awareness_is_a_reading_that_can_be_switched_off():
    # Characters: Combat Awareness: "Most of the schools' commanders possess the Combat
    # Awareness ability ... (Miho Nishizumi and Maho have Combat Awareness on both the front
    # and back of their counters ...)": only Miho and Maho are named.
    from workbench.games.panzer_vor.rules.characters import ABILITIES, COMMANDERS_READING

    for name in ("Anchovy", "Darjeeling", "Kay", "Katyusha"):
        aware = [a for a in ABILITIES[name].front if a.kind == "combat awareness"]
        assert [a.source for a in aware] == [COMMANDERS_READING]
    for name in ("Miho Nishizumi", "Maho Nishizumi"):
        sources = {a.source for a in (*ABILITIES[name].front, *ABILITIES[name].back)}
        assert sources == {"rulebook: Characters: Combat Awareness"}
    kay = Crew("Kay", P1, D1, "front")
    match = duel({P1: ("Move",), P2: ()}, crew=(kay,))
    match = play(match, PlayCard("Move"), Select(D1), Stop())
    assert UseAbility("Kay", "combat awareness") in GAME.legal_actions(match)
    said = GAME.apply(match, UseAbility("Kay", "combat awareness")).events
    assert [r.text for r in said[0].reasons] == [COMMANDERS_READING]  # said as it is used
    flags = started("exhibition", commander_awareness=False).flags  # the option, as started
    assert "no commanders' combat awareness" in flags
    off = duel({P1: ("Move",), P2: ()}, crew=(kay, Crew("Miho Nishizumi", P1, F1, "front")))
    off = play(evolve(off, flags=flags), PlayCard("Move"), Select(D1), Stop())
    legal = GAME.legal_actions(off)
    assert UseAbility("Kay", "combat awareness") not in legal
    assert UseAbility("Miho Nishizumi", "combat awareness") in legal  # printed: still hers
