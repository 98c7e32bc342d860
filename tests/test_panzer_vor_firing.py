"""Panzer Vor! firing: the rulebook's worked examples and the firing rules as exact odds."""

from fractions import Fraction

import pytest
from panzer_vor_pieces import (
    CV33,
    IS_2,
    M3_LEE,
    PANZER_IV_D,
    STUG,
    T34_76,
    TIGER_I,
    TIGER_II,
    board,
    state,
)

from workbench.dice import at_least
from workbench.games.panzer_vor.rules import firing
from workbench.games.panzer_vor.rules.actions import Fire, Roll
from workbench.games.panzer_vor.rules.firing import (
    ArcConvention,
    arc_of,
    card,
    character,
    fire_table,
)
from workbench.games.panzer_vor.rules.game import PRACTICE as GAME
from workbench.games.panzer_vor.rules.practice import match_of
from workbench.geometry.hexgrid import EAST, WEST, Hex
from workbench.rules.core import IllegalAction


def shoot(s, rolls):
    """Fire Firer at Target through the game protocol with preset rolls: the board after,
    and the events' texts."""
    match = match_of(s)
    applied = GAME.apply(match, Fire("Firer", "Target"))
    match, texts = applied.state, [e.text for e in applied.events]
    for roll in rolls:
        if match.shot is None:
            break
        applied = GAME.apply(match, Roll(roll))
        match, texts = applied.state, texts + [e.text for e in applied.events]
    return match.board, texts


def duel(firer, target, distance, facing=WEST, hexmap=None, **options):
    """Two tanks on row 02, ``distance`` hexes apart; the target faces the firer."""
    hexmap = hexmap or board(4, 20)
    return state(
        hexmap,
        ("Firer", firer, "Ōarai", "0201", EAST),
        ("Target", target, "Enemy", f"02{1 + distance:02d}", facing),
        **options,
    )


def test_mobile_fire_2_at_a_tiger_ii_seven_hexes_away_needs_eight():
    # Firing: Attack Modifiers: "Example: The Ōarai player uses Mobile Fire 2 and makes an
    # attack after moving. The target is a Tiger II. First, apply the Tiger II's Target Size
    # Modifier of +1. However, the Card Modifier is -2, so the total modifier is -1. The
    # distance to the target is 7 hexes." "Add the Target Size modifier to the result of the
    # attack roll against that tank." "When a card lists a positive or negative attack modifier,
    # add that modifier to the result of the Attack Roll." "If the modified Attack Roll result
    # is equal to or greater than the distance to the target, the Attack hits."
    # Firing: Attack Modifiers — Tiger II size +1, Mobile Fire 2 -2: "roll an 8 or better".
    # "Usually only a 7 or better would be necessary to hit the Tiger II, but the total
    # modifier of -1 will be subtracted from the total rolled on the dice - so the Ōarai player
    # will need to roll an 8 or better on two dice in order to hit." "Card Modifier: Cards such
    # as Aimed Shot and Mobile Fire apply modifiers to the attack roll."
    odds = firing.odds(
        duel(TIGER_I, TIGER_II, 7),
        "Firer",
        "Target",
        attack=[card("Mobile Fire 2", -2)],
    )
    assert odds.attack_needed == 8
    assert odds.hit == Fraction(15, 36)
    assert [(m.name, m.value) for m in odds.attack_modifiers] == [
        ("Tiger II target size", 1),
        ("Mobile Fire 2", -2),
    ]
    assert odds.attack_modifiers[0].source.startswith(
        "Firing: Attack Modifiers: Target Size Modifier"
    )


def test_nonna_is_2_hits_at_fourteen_hexes_on_eleven_with_aimed_shot_2():
    # Firing: Extreme Range: "It is possible to hit a target that is thirteen or more hexes away
    # through the addition of attack modifiers. However, without using a card or a character
    # that applies an attack modifier, the attack will automatically miss." "Example: An IS-2
    # commanded by Nonna has a max range of 15, and is firing at a target that is 14 hexes away.
    # The Pravda player is using Aimed Shot 2 for the attack, which gives a +2 modifier to the
    # Attack Roll." "Usually this would miss, but the player uses Nonna's +1 attack modifier. As
    # a result, the total is 14 (11 + 2 + 1), so the attack hits the target."
    # Firing: Extreme Range — 11 + 2 (Aimed Shot 2) + 1 (Nonna) = 14 hits a target 14 hexes away.
    # "If the result rolled on the dice is a 12, the attack will hit, but the player rolls an
    # 11!"
    target = T34_76
    s = duel(IS_2, target, 14)
    odds = firing.odds(
        s, "Firer", "Target", attack=[card("Aimed Shot 2", 2), character("Nonna", 1)]
    )
    assert odds.can_fire and odds.attack_needed == 11 and odds.hit == Fraction(3, 36)
    without = firing.odds(s, "Firer", "Target")
    assert without.hit == 0 and any("extreme range" in r.text for r in without.reasons)
    assert not firing.odds(duel(IS_2, target, 16), "Firer", "Target").can_fire  # Range 15


def test_panzer_iv_d_rolls_ten_against_t34_front_fourteen_and_fails_but_adjacent_destroys():
    # Firing: Damage Roll: "If an attack hits its target, you must then resolve a Damage Roll.
    # Roll two dice and add the result to the firing tank's Firepower." "If the modified Damage
    # Roll total is equal to or greater than the target's Armor Rating, the target is
    # Destroyed." "Example: A Panzer IV Ausf. D with a firepower of 3 hits a T34/76 on its
    # front. The total rolled on the two dice is 10. The T34/76 has a front armor rating of 14.
    # The final damage dealt by the Panzer IV is 13, which is less than the target's armor
    # rating, and so the target is not destroyed." "Example: In the previous example, if the
    # Panzer IV Ausf. D and the T34/76 were in adjacent hexes, the +2 range modifier would have
    # been enough to destroy the target." "A tank that is destroyed is removed from the map
    # (unless using the Wreckage Optional Rule). If the target is not destroyed then the attack
    # had no significant effect (it glanced off armor), and the tank remains on the board
    # without any further consequences from the attack."
    # Firing: Damage Roll — firepower 3 + 10 = 13 < 14; adjacent, +2 would destroy it.
    far = duel(PANZER_IV_D, T34_76, 5)
    odds = firing.odds(far, "Firer", "Target")
    assert odds.arc == "front" and odds.armour == 14 and odds.damage_needed == 11
    after, texts = shoot(far, [(6, 6), (4, 6)])
    assert texts[1].endswith("hit") and "10: Target: no effect" in texts[2]
    assert after.tank("Target") == far.tank("Target")
    near = duel(PANZER_IV_D, T34_76, 1)
    assert firing.odds(near, "Firer", "Target").damage_needed == 9  # 14 - 3 - 2: 10 destroys
    after, texts = shoot(near, [(6, 6), (4, 6)])
    assert "Target: destroyed" in texts[2]
    assert [t.id for t in after.tanks] == ["Firer"]


def test_hana_turns_a_five_into_a_hit_at_six_hexes():
    # Characters: "Example: A Panzer IV with Hana Isuzu aboard is firing at a target that is six
    # hexes away. The result of the attack roll is 5, a miss. However, the Ōarai player declares
    # that they are using Hana's +2 firing modifier. This is added to the result of the roll for
    # a total of 7, so the attack hits!"
    s = duel(PANZER_IV_D, T34_76, 6)
    assert firing.odds(s, "Firer", "Target").attack_needed == 6
    with_hana = firing.odds(s, "Firer", "Target", attack=[character("Hana Isuzu", 2)])
    assert with_hana.attack_needed == 4
    assert with_hana.attack_needed <= 2 + 3  # a roll of 5 hits with Hana's +2


def test_panzer_iv_d_range_seven_reaches_seven_but_not_eight():
    # Firing: Attack Roll: "In order to make an Attack Roll, count the number of hexes between
    # the attacker and the target. Include the hex that the target is in, but not the attacker's
    # hex." "Example: A Panzer IV Ausf. D has a Range of 7. It cannot make an attack against a
    # tank that is eight hexes or more away." "If the distance to the target is less than the
    # attacker's Range, you may fire at the target." (the example is the reading: a target at
    # exactly the Range may be fired at, firing.py) "Example: When making an attack against a
    # tank that is seven hexes away, it will hit on a roll of 7 or greater."
    seven = firing.odds(duel(PANZER_IV_D, T34_76, 7), "Firer", "Target")
    assert seven.can_fire and seven.attack_needed == 7
    refused = firing.odds(duel(PANZER_IV_D, T34_76, 8), "Firer", "Target")
    assert not refused.can_fire and refused.hit == 0 and "out of range" in refused.reasons[0].text


def test_range_bonus_plus_two_adjacent_plus_one_at_two():
    # Firing: Damage Roll: "Range Modifier: If the distance between the attacker and the target
    # is one hex (in other words, if they are adjacent), apply a +2 modifier to the damage. If
    # the distance to the target is two hexes, apply a +1 modifier to the damage." "1 Hex: +2"
    # "2 Hexes: +1" "3+ Hexes: None"
    for distance, bonus in [(1, 2), (2, 1), (3, 0)]:
        odds = firing.odds(duel(PANZER_IV_D, T34_76, distance), "Firer", "Target")
        extra = [m.value for m in odds.damage_modifiers if m.name.startswith("range")]
        assert extra == ([bonus] if bonus else [])


def test_cv33_gets_no_range_bonus_under_the_anzio_rule():
    s = duel(CV33, T34_76, 1)
    assert any(m.name == "range 1" for m in firing.odds(s, "Firer", "Target").damage_modifiers)
    anzio = s.__class__(s.map, s.tanks, s.sides, s.options, frozenset({"CV33"}))
    odds = firing.odds(anzio, "Firer", "Target")
    assert not any(m.name == "range 1" for m in odds.damage_modifiers)


def test_destroy_is_hit_times_destroy_given_hit_exactly():
    # Firing: Attack Roll: "Firing is split into two steps; first, you make an Attack Roll to
    # determine whether or not you hit the target - if you do, then you make a Damage roll to
    # determine whether or not you destroyed it." "Once you have calculated the distance to the
    # target, roll two dice to make the Attack Roll."
    odds = firing.odds(duel(PANZER_IV_D, T34_76, 4), "Firer", "Target")
    assert odds.hit == at_least(4) and odds.destroy_given_hit == at_least(11)
    assert odds.destroy == odds.hit * odds.destroy_given_hit


def test_arcs_front_side_rear_and_boundaries_favour_the_target():
    # Firing: Firing Arcs: "In order to represent this, you use the Armor Rating for the arc
    # from which the attack came. Which Armor Rating you use depends on the position of the
    # attacker relative to the target." "Use the front Armor Rating for attacks that come from
    # the front arc, the side Armor Rating for attacks that come from either side arc, and the
    # rear Armor Rating for attacks that come from the rear arc."
    facing_east = (Hex(0, 0), EAST)
    assert arc_of(facing_east, Hex(4, 0)) == "front"
    assert arc_of(facing_east, Hex(-4, 0)) == "rear"
    assert arc_of(facing_east, Hex(0, 3)) == "side"
    # On the line through a front corner: the more favourable arc (front armour 16 > side 13).
    tiger = state(board(), ("T", TIGER_I, "Enemy", "0606", EAST)).tank("T")
    corner_line = tiger.hex + Hex(2, -1) * 2  # (1,-1)+(1,0): through the corner between NE and E
    assert arc_of(tiger, corner_line) == "front"
    rear_line = tiger.hex - Hex(2, -1)
    assert arc_of(tiger, rear_line) == "side"  # side 13 beats rear 11
    wide = ArcConvention("hexsides")
    assert arc_of(facing_east, Hex(3, -2), wide) == "front"
    assert arc_of(facing_east, Hex(3, -2)) == "side"


def test_side_armour_only_option():
    # Firing: Firing Arcs: "Note: If this rule adds too much complication, you may simply use
    # the Side Armor Rating for all attacks."
    s = duel(PANZER_IV_D, T34_76, 3, side_armour_only=True)
    odds = firing.odds(s, "Firer", "Target")
    assert odds.arc == "side" and odds.armour == 14


def test_assault_guns_fire_only_into_their_front_arc():
    # Firing: Assault Guns and Jagdpanzers: "To represent this, Assault Guns and Jagdpanzers may
    # only fire into their front arcs." "Consequently, any tank with a turret is able to fire at
    # any target that is within its range during a match (the Optional Rules include rules for
    # Turret Rotation)."
    ahead = duel(STUG, T34_76, 3)
    assert firing.odds(ahead, "Firer", "Target").can_fire
    behind = state(
        board(4, 20),
        ("Firer", STUG, "Ōarai", "0210", EAST),
        ("Target", T34_76, "Enemy", "0205", EAST),
    )
    refused = firing.odds(behind, "Firer", "Target")
    assert not refused.can_fire and "front arc" in refused.reasons[0].text


def test_multiple_gun_tanks_fire_the_secondary_gun_unless_the_main_is_declared():
    # "When making an attack with a multiple-gun tank, you must choose whether you are firing
    # the main gun or the secondary gun - you must declare which gun you are using before
    # rolling the dice."
    # Firing: Multiple-gun Tanks: "In order to represent this, the Firepower and Range for these
    # tanks are listed in an X/Y format. The first number is that of the main gun, the second
    # that of the secondary gun. The main gun is fixed and may only fire into the forward arc."
    # "The secondary gun may fire in any direction (the Optional Rules for Turret Rotation would
    # apply to this gun)." "If you fire without declaring, it is always assumed that you are
    # using the secondary gun."
    behind = state(
        board(4, 20),
        ("Firer", M3_LEE, "Ōarai", "0210", EAST),
        ("Target", T34_76, "Enemy", "0205", EAST),
    )
    assert firing.odds(behind, "Firer", "Target").gun == M3_LEE.guns[1]
    assert firing.odds(behind, "Firer", "Target").can_fire
    main = firing.odds(behind, "Firer", "Target", gun="main")
    assert not main.can_fire and "main gun fires only into its front arc" in main.reasons[0].text


def test_turret_rotation_costs_two_and_is_limited_by_the_counter():
    # Optional Rules: Turret Rotation: "When using this rule, a tank (with a turret) must rotate
    # its turret in order to fire at a target outside of its front arc." "In order to do so, the
    # player places a turret marker and rotates it 60 degrees, applying a -2 modifier to the
    # Attack Roll."
    behind = state(
        board(4, 20),
        ("Firer", PANZER_IV_D, "Ōarai", "0210", EAST),
        ("Target", T34_76, "Enemy", "0205", EAST),
        turret_rotation=True,
    )
    refused = firing.odds(behind, "Firer", "Target")  # 180°: rotation 1 cannot reach
    assert not refused.can_fire and "turret cannot turn" in refused.reasons[0].text
    ahead = duel(PANZER_IV_D, T34_76, 3, turret_rotation=True)
    assert not any(
        "turret" in m.name for m in firing.odds(ahead, "Firer", "Target").attack_modifiers
    )
    hexmap = board(8, 20)
    aside = state(
        hexmap,
        ("Firer", PANZER_IV_D, "Ōarai", "0405", EAST),
        ("Target", T34_76, "Enemy", "0106", EAST),
        turret_rotation=True,
    )
    odds = firing.odds(aside, "Firer", "Target")
    assert odds.can_fire and [m.value for m in odds.attack_modifiers if "turret" in m.name] == [-2]


def test_target_size_makes_a_small_tank_harder_and_a_large_one_easier_to_hit():
    # Firing: Attack Modifiers: "Target Size Modifier: The Target Size Modifier is the number in
    # the top right corner of the tank counter, and is a representation of the size of the
    # target." "Smaller tanks with lower profiles are harder to hit (negative modifiers), while
    # larger tanks are easier to hit (positive modifiers). Thus, a modifier of -1 or -2 is
    # subtracted from the Attack Roll result, making it harder to hit. On the other hand, a +1
    # modifier increases the result, making the target easier to hit."
    needed = {
        piece.name: firing.odds(duel(PANZER_IV_D, piece, 5), "Firer", "Target").attack_needed
        for piece in (CV33, T34_76, TIGER_II)
    }
    assert (CV33.target_size, TIGER_II.target_size) == (-2, 1)
    assert needed == {"CV33": 7, "T-34/76": 5, "Tiger II": 4}


def test_damage_modifiers_add_up():
    # Firing: Damage Roll: "These modifiers are cumulative." "Card Modifier: Some cards (Deadly
    # Shot and Solid Hit) apply modifiers to the Damage Roll." "Character Modifiers: See the
    # Characters section for details."
    plain = firing.odds(duel(PANZER_IV_D, TIGER_I, 1), "Firer", "Target")
    odds = firing.odds(
        duel(PANZER_IV_D, TIGER_I, 1),
        "Firer",
        "Target",
        damage=[card("Deadly Shot", 2), character("Hippo Team", 1)],
    )
    assert [m.value for m in odds.damage_modifiers] == [3, 2, 2, 1]  # firepower, range, ...
    assert odds.damage_needed == plain.damage_needed - 3 == TIGER_I.armour["front"] - 8


def test_angled_fire_at_a_tank_on_a_hill_from_flat_ground():
    # Saunders: "Angled Fire: When firing at a tank that is on a hill hex from a flat hex, apply
    # a -1 Attack Roll modifier." Anzio (Original): "When firing at a tank that is on a hill hex
    # from a flat hex, apply a -1 attack modifier."
    odds = firing.odds(
        duel(PANZER_IV_D, T34_76, 4, hexmap=board(4, 20, hill=["0205"])), "Firer", "Target"
    )
    assert [(m.name, m.value) for m in odds.attack_modifiers][1:] == [
        ("angled fire at a tank in hill", -1)
    ]
    both = board(4, 20, hill=["0201", "0205"])
    assert (
        len(
            firing.odds(
                duel(PANZER_IV_D, T34_76, 4, hexmap=both), "Firer", "Target"
            ).attack_modifiers
        )
        == 1
    )


def test_ridge_gives_minus_two_to_attack_and_damage():
    # Kuromorimine: Ridge 207: "Apply the following modifiers to attacks against tanks in Ridge
    # hexes:" "Attack Roll -2" "Damage Roll -2"
    odds = firing.odds(
        duel(PANZER_IV_D, T34_76, 4, hexmap=board(4, 20, ridge=["0205"])), "Firer", "Target"
    )
    assert ("target in ridge", -2) in [(m.name, m.value) for m in odds.attack_modifiers]
    assert ("target in ridge", -2) in [(m.name, m.value) for m in odds.damage_modifiers]


def test_no_line_of_sight_no_shot_and_firing_refused_changes_nothing():
    # Firing: Line of Sight: "When making at attack, the firing tank must be able to see the
    # target. When you are able to see the target, it is called having Line of Sight."
    # Attack Roll: "After assuring that you have line of sight to the target, you actually
    # fire."
    s = duel(PANZER_IV_D, T34_76, 4, hexmap=board(4, 20, forest=["0203"]))
    odds = firing.odds(s, "Firer", "Target")
    assert not odds.can_fire and "no line of sight" in odds.reasons[0].text
    match = match_of(s)
    with pytest.raises(IllegalAction, match="no line of sight"):
        GAME.apply(match, Fire("Firer", "Target"))
    assert len(s.tanks) == 2 and match.shot is None


def test_wreckage_rule_leaves_a_wreck():
    # Optional Rules: Wreckage: "When a tank is destroyed, turn its counter upside down and
    # leave it where it was on the map."
    s = duel(PANZER_IV_D, T34_76, 1, wreckage=True)
    after, texts = shoot(s, [(6, 6), (6, 6)])
    assert "Target: destroyed" in texts[2] and after.tank("Target").wreck


def test_fire_table_lists_every_enemy_with_the_three_chances():
    hexmap = board(10, 20)
    tanks = [("Firer", PANZER_IV_D, "Ōarai", "0501", EAST)]
    tanks += [(f"E{i}", T34_76, "Enemy", f"{1 + i:02d}08", WEST) for i in range(6)]
    table = fire_table(state(hexmap, *tanks), "Firer")
    assert len(table) == 6
    assert [o.distance for o in table] == sorted(o.distance for o in table)
    for odds in table:
        assert 0 <= odds.destroy <= odds.hit <= 1
        assert str(odds).startswith("Firer at E")


def test_counter_values_say_where_they_come_from():
    from workbench.games.panzer_vor.rules import GameState, Side, Tank
    from workbench.panzer_vor import roster as panzer_vor_roster

    roster = panzer_vor_roster()
    hexmap = board(4, 20)
    s = GameState(
        hexmap,
        (
            Tank("Firer", roster.get("Panzer IV Ausf. D"), "A", hexmap.hex("0201"), EAST),
            Tank("Target", roster.get("T-34/76"), "B", hexmap.hex("0206"), WEST),
        ),
        {"A": Side("A"), "B": Side("B")},
    )
    odds = firing.odds(s, "Firer", "Target")
    assert odds.armour == 14 and odds.armour_source == "rulebook: Firing: Damage Roll"
    firepower = odds.damage_modifiers[0]
    assert firepower.value == 3 and firepower.source.endswith(
        "value: rulebook: Firing: Damage Roll"
    )
    assert odds.attack_modifiers[0].source.endswith("value: stand-in")  # T-34 size: not printed
    assert "armour 14, value: rulebook" in str(odds)
