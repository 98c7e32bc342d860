"""TANKS shooting: the rulebook's worked example end to end through the game protocol, the
dice pools with their sections, and the exact odds against a brute-force reference."""

from dataclasses import replace
from fractions import Fraction

import pytest

from tests.tanks_pieces import battle, box, rulebook_example, table, tank
from workbench.games.tanks.rules.game import (
    AttackRoll,
    Cancel,
    DefenceRoll,
    DrawCritical,
    KeepRoll,
    Reroll,
    Shoot,
    apply,
    chance_outcomes,
    current_player,
    invariants,
    legal_actions,
)
from workbench.games.tanks.rules.movement import Placement, arrow_start, check_move
from workbench.games.tanks.rules.shooting import (
    cancel,
    dice_odds,
    plain_shot_distribution,
    pools,
    score,
)
from workbench.rules.core import CHANCE, IllegalAction


def test_the_rulebooks_worked_example_end_to_end():
    # Shooting, the worked example: "Example (continued): Andrew's Sherman tank has a Defence
    # value of 1 and moved twice to get itself into the middle of a wood. It is being shot at
    # by Pete's Panther tank, which moved once."
    b = rulebook_example()
    assert Shoot("Panther", "Sherman") in set(legal_actions(b))
    step = apply(b, Shoot("Panther", "Sherman"))
    b = step.state
    texts = [r.text for r in step.events[0].reasons]
    sections = [r.section for r in step.events[0].reasons]
    # Andrew starts with four Defence dice: one for its Defence, two for its Speed and one
    # for the attacker's speed; "Example (continued): Andrew's Sherman tank is in Cover, but
    # also within one Measuring Arrow of Pete's Panther. So it gains a die for being in Cover,
    # but loses one for Close Range, leaving it with its original four Defence dice."
    assert b.shot.attack_dice == 5 and b.shot.defence_dice == 4
    assert "Shooting: Target Tank's Movement" in sections
    assert "Shooting: Shooting Tank's Movement" in sections
    assert any(t.startswith("+1 Cover") for t in texts)
    assert any(t.startswith("-1 Close Range") for t in texts)
    assert not any("Side Shot" in t for t in texts)
    assert current_player(b) == CHANCE
    # "Example: Pete's Panther has an Attack value of 5, so it rolls five Attack dice, scoring
    # 2, 4, 5, 6, and 6. This gives it two Hits (the 4 and 5) and two Critical Hits (the two
    # 6s)."
    b = apply(b, AttackRoll((2, 4, 5, 6, 6))).state
    assert (b.shot.hits, b.shot.crits) == (2, 2)
    assert b.shot.step == "defence"  # the Panther moved: no re-roll
    # "Andrew rolls and scores 1, 2, 4, and 6. This cancels two Hits or Critical Hits, one
    # chosen by Pete (the 4), and one chosen by Andrew (the 6)."
    # Shooting: Roll Defence Dice: "Each result of 4 or 5 cancels a Hit or Critical Hit chosen
    # by the shooting player, and each 6 cancels a Hit or a Critical Hit chosen by the target
    # player."
    b = apply(b, DefenceRoll((1, 2, 4, 6))).state
    assert current_player(b) == "German"  # Pete chooses for the 4
    assert set(legal_actions(b)) == {Cancel(0), Cancel(1)}
    # "Example (continued): Pete chooses to cancel one of the Hits, while Andrew chooses to
    # cancel one of the Critical Hits, so Andrew's Sherman tank takes one Hit and one
    # Critical Hit."
    b = apply(b, Cancel(1)).state  # Pete cancels one of the Hits
    assert current_player(b) == "American"  # Andrew chooses for the 6
    b = apply(b, Cancel(0)).state  # Andrew cancels one of the Critical Hits
    # "Andrew crosses off a Damage Point on the Sherman's card for the Hit, and draws a
    # Critical card."
    assert b.tank("Sherman").damage == 1  # one Hit taken
    assert b.shot.step == "critical" and b.shot.criticals_to_draw == 1
    draws = dict(chance_outcomes(b))
    assert draws[DrawCritical("Busted Tracks")] == Fraction(3, 12)
    # "He draws Busted Tracks. The Busted Tracks card has a Damage Effect of 1, so Andrew
    # crosses off another Damage Point. It also has a Special Effect - preventing the tank
    # from moving - so he places the Critical card on his tank's card as a reminder."
    after = apply(b, DrawCritical("Busted Tracks"))
    b = after.state
    sherman = b.tank("Sherman")
    assert sherman.damage == 2 and sherman.left == 4  # and another for Busted Tracks
    assert sherman.criticals == ("Busted Tracks",)  # placed on the tank's card
    assert sherman.finished_by == ""  # it has Damage Points left
    assert b.shot is None
    invariants(b)
    start = arrow_start(sherman.hull, 0)
    refused = check_move(b, "Sherman", Placement(*start, 0, 5, 0))
    assert not refused.legal and "Busted Tracks" in refused.reasons[0].text


def test_worked_example_odds_match_the_brute_force_reference():
    b = rulebook_example()
    odds = dice_odds(b, "Panther", "Sherman")
    assert (odds.attack_dice, odds.defence_dice) == (5, 4)
    assert sum(odds.distribution.values()) == 1
    assert odds.distribution[(1, 1)] > 0
    assert odds.distribution == plain_shot_distribution(5, 4, False, False, False)
    sections = {r.section for r in odds.reasons}
    assert {"Terrain: Woods", "Shooting: Close Range", "Shooting: Roll Attack Dice"} <= sections


@pytest.mark.parametrize(
    ("attack", "defence", "stationary", "semi", "big"),
    [(1, 0, False, False, False), (3, 2, True, False, False), (4, 3, True, True, False),
     (5, 1, False, False, True), (2, 6, True, True, True)],
)  # fmt: skip
def test_exact_odds_match_brute_force(attack, defence, stationary, semi, big):
    from workbench.games.tanks.rules.shooting import after_defence

    fast = after_defence(attack, defence, stationary, semi, big)
    assert fast == plain_shot_distribution(attack, defence, stationary, semi, big)


def test_cancellation_policy_and_order():
    assert score((1, 2, 4, 6)) == (1, 1)
    assert cancel(2, 2, 1, 1) == (1, 1)
    assert cancel(0, 2, 1, 0) == (0, 1)  # the shooter must cancel a Critical when no Hit is left
    assert cancel(2, 0, 0, 1) == (1, 0)  # the target cancels a Hit when no Critical is left
    assert cancel(1, 1, 3, 3) == (0, 0)


def test_stationary_shooter_may_reroll_and_must_take_the_new_roll():
    # Shooting: Shooting While Stationary: "You may re-roll all of the Attack dice for a tank
    # that remained stationary instead of moving. If you do so, you must use the new roll,
    # even if it is worse than the original roll."
    b = rulebook_example()
    b = b.with_tank(replace(b.tank("Panther"), speed=0))
    b = apply(b, Shoot("Panther", "Sherman")).state
    assert b.shot.defence_dice == 3  # the Panther did not move
    b = apply(b, AttackRoll((1, 1, 2, 3, 4))).state
    assert set(legal_actions(b)) == {KeepRoll(), Reroll()}
    b = apply(b, Reroll()).state
    assert current_player(b) == CHANCE
    b = apply(b, AttackRoll((1, 1, 1, 2, 3))).state  # worse, but it stands
    assert b.shot is None  # no Hits: the shot has no effect


def test_semi_indirect_fire_keeps_one_die():
    # Keyword Reference: Semi-Indirect Fire (British): "The player may choose to keep one of
    # their die results and re-roll the rest when shooting while stationary with this tank."
    firefly = tank("Firefly", "Sherman Firefly", "American", (50, 20), 180)
    target = tank("Panzer IV", "Panzer IV", "German", (50, 60), 0)
    b = battle(table(), [firefly, target], attacker="American", defender="German")
    b = apply(b, Shoot("Firefly", "Panzer IV")).state
    b = apply(b, AttackRoll((1, 2, 3, 5, 6))).state
    assert Reroll((6,)) in set(legal_actions(b))
    b = apply(b, Reroll((6,))).state
    assert len(chance_outcomes(b)[0][0].faces) == 4
    b = apply(b, AttackRoll((1, 1, 1, 1))).state
    assert b.shot.attack == (1, 1, 1, 1, 6) and (b.shot.hits, b.shot.crits) == (0, 1)


def test_defence_pool_parts_and_cap():
    # Shooting: Roll Defence Dice: "The number of dice you roll is your tank's Defence number,
    # modified for Movement, Cover, Close Range, and Side Shots, and by any relevant Crew and
    # Upgrade cards. A tank can never roll more than six Defence dice." Shooting Tank's
    # Movement: "Add one Defence die for each move that the shooting tank made (as shown by the
    # Speed token beside it)." Target Tank's Movement: "Add one Defence die for each move that
    # the target tank made (as shown by the Speed token beside it)." Side Shot: "Subtract one
    # Defence die if any part of the shooting tank's hull (excluding protruding gun barrels)
    # is behind the front of the target tank." Gung Ho: "Treat this tank as making one less
    # Move than shown on its Speed token when calculating its target's Defence dice."
    # A Pershing that moved twice shoots a Panther that moved twice, from behind its front
    wood = box("Wood", "woods", 40, 40, 20, 20)
    panther = tank("Panther", "Panther", "German", (50, 50), 0, speed=2)
    pershing = tank("Pershing", "Pershing", "American", (50, 62), 0, speed=2)
    b = battle(table(wood), [panther, pershing], attacker="American", defender="German")
    p = pools(b, "Pershing", "Panther")
    texts = [r.text for r in p.defence_reasons]
    # 2 Defence + 1 (Gung Ho: moved 2, counts 1) + 2 + 1 cover - 1 close - 1 side = 4
    assert p.defence == 4, texts
    assert any("Gung Ho" in t for t in texts) and any("Side Shot" in t for t in texts)
    fast = replace(pershing, card=replace(pershing.card, keywords=()), speed=3)
    b2 = b.with_tank(replace(b.tank("Panther"), speed=3)).with_tank(fast)
    assert pools(b2, "Pershing", "Panther").defence == 6  # 2 + 3 + 3 + 1 - 1 - 1 = 7, capped


def test_heavy_tank_loses_no_dice_to_side_shots():
    is2 = tank("IS-2", "IS-2", "Soviet", (50, 50), 0)
    pershing = tank("Pershing", "Pershing", "American", (50, 80), 0)
    b = battle(table(), [is2, pershing], attacker="American", defender="Soviet")
    p = pools(b, "Pershing", "IS-2")
    assert p.defence == 2 and any("Heavy Tank" in r.text for r in p.defence_reasons)


def test_coordinated_fire_adds_a_die_after_a_friend_shot_the_target():
    # Keyword Reference: Coordinated Fire (Soviet): "If the target of this tank's shooting was
    # shot at earlier in the Shooting Phase by another friendly tank that is within one
    # Measuring Arrow of this one, this tank gains an additional Attack die."
    t34a = tank("T-34 a", "T-34", "Soviet", (40, 20), 180)
    t34b = tank("T-34 b", "T-34", "Soviet", (50, 20), 180)
    panther = tank("Panther", "Panther", "German", (45, 70), 0)
    b = battle(table(), [t34a, t34b, panther], attacker="Soviet", defender="German")
    assert pools(b, "T-34 b", "Panther").attack == 4
    b = replace(b, shot_at=(("T-34 a", "Panther"),))
    p = pools(b, "T-34 b", "Panther")
    assert (
        p.attack == 5
        and p.attack_reasons[-2].section == "Keyword Reference: Coordinated Fire (Soviet)"
    )


def test_big_gun_upgrades_a_hit():
    isu = tank("ISU", "ISU-152", "Soviet", (50, 20), 180, speed=1)
    sherman = tank("Sherman", "Sherman (75mm)", "American", (50, 70), 0)
    b = battle(table(), [isu, sherman], attacker="Soviet", defender="American", acted=("Sherman",))
    b = apply(b, Shoot("ISU", "Sherman")).state
    b = apply(b, AttackRoll((1, 1, 1, 4, 5))).state
    b = apply(b, DefenceRoll(tuple([1] * b.shot.defence_dice))).state
    assert b.shot.step == "critical" and b.shot.criticals_to_draw == 1
    assert b.tank("Sherman").damage == 1


def test_an_illegal_shot_is_refused_and_the_state_is_unchanged():
    barn = box("Barn", "building", 40, 30, 10, 40)
    panther = tank("Panther", "Panther", "German", (20, 50), 90)
    sherman = tank("Sherman", "Sherman (75mm)", "American", (70, 50), 270)
    b = battle(table(barn), [panther, sherman])
    with pytest.raises(IllegalAction, match="hidden by Barn") as refused:
        apply(b, Shoot("Panther", "Sherman"))
    assert refused.value.section == "Shooting: Line of Sight"
    assert b.shot is None and Shoot("Panther", "Sherman") not in set(legal_actions(b))
    with pytest.raises(IllegalAction):
        apply(b, Shoot("Sherman", "Panther"))  # the Panther shoots first (Initiative 7)


def test_final_fury_a_tank_with_no_damage_left_still_shoots():
    # Shooting: Final Fury: "Even if a tank has all of its Damage Points crossed off, and will
    # be destroyed at the end of the turn, it can still shoot when its turn in the Initiative
    # order comes around (unless prevented from doing so by a Special Effect)."
    panther = tank("Panther", "Panther", "German", (50, 20), 180)
    sherman = tank("Sherman", "Sherman (75mm)", "American", (50, 70), 0, damage=6)
    b = battle(table(), [panther, sherman], acted=("Panther",))
    assert Shoot("Sherman", "Panther") in set(legal_actions(b))


def test_results_say_their_reasons_as_lines():
    from workbench.games.tanks.rules.sight import cover

    b = rulebook_example()
    odds = dice_odds(b, "Panther", "Sherman")
    lines = odds.lines()
    assert "+2: Sherman moved 2× (Shooting: Target Tank's Movement)" in lines
    assert lines[-1].startswith("5 damage") or "damage" in lines[-1]
    wall = box("Wall", "building", 30, 0, 1, 44.6)
    shooter = tank("P", "Panther", "German", (10, 45), 90)
    target = tank("S", "Sherman (75mm)", "American", (60, 45), 90)
    check = cover(table(wall), [shooter, target], shooter, target)
    assert any("crosses Wall" in r.text for r in check.reasons)
