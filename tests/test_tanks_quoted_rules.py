"""TANKS rules the workbench applies that no other test quoted yet, each checked here with its
sentence (issue 49: the rules coverage map, ``make rules-coverage``)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from tests.tanks_pieces import battle, box, rulebook_example, table, tank
from workbench import tanks
from workbench.games.tanks.rules import sections
from workbench.games.tanks.rules.game import _advance
from workbench.games.tanks.rules.missions import TanksEnd, time_out, victory
from workbench.games.tanks.rules.movement import Placement, arrow_start, check_move
from workbench.games.tanks.rules.shooting import pools, score
from workbench.games.tanks.rules.sight import line_of_sight
from workbench.rules.core import CHANCE


def _legal(state):
    return list(tanks.legal_actions(state))


def test_a_turn_is_the_movement_shooting_and_command_phases_in_turn():
    # Turn Sequence: "Each turn consists of three Phases:" (Movement, Shooting, Command).
    # Movement: "In the Movement Phase, both players move any or all of their tanks."
    # Shooting: "In the Shooting Phase, both players shoot with any or all of their tanks."
    panther = tank("Panther", "Panther", "German", (50, 20), 180)
    sherman = tank("Sherman", "Sherman (75mm)", "American", (50, 70), 0)
    state = battle(table(), [panther, sherman], phase="movement")
    phases = [state.phase]
    while state.turn == 1:
        who = tanks.current_player(state)
        if who == CHANCE:
            state = tanks.apply(state, tanks.chance_outcomes(state)[0][0]).state
            continue
        legal = _legal(state)
        passive = [a for a in legal if isinstance(a, tanks.Stay | tanks.Hold)]
        state = tanks.apply(state, (passive or legal)[0]).state  # any or none of them acts
        if state.phase != phases[-1]:
            phases.append(state.phase)
    assert phases == ["movement", "shooting", "command", "movement"]  # Blitzkrieg's choice
    assert state.turn == 2


def test_the_first_thing_is_to_pick_a_target_at_any_range():
    # Shooting: Pick Your Target: "The first thing to do when shooting with a tank is pick a
    # target. There are no range limits, so your choice of target is only limited by Line of
    # Sight, and in some cases, the tank's Firing Arc."
    panther = tank("Panther", "Panther", "German", (5, 5), 135)
    far = tank("Far", "Sherman (75mm)", "American", (85, 85), 315)
    state = battle(table(), [panther, far])
    assert _legal(state) == [tanks.Shoot("Panther", "Far"), tanks.Hold("Panther")]
    declared = tanks.apply(state, tanks.Shoot("Panther", "Far")).state
    assert declared.shot.target == "Far" and tanks.current_player(declared) == CHANCE


def test_attack_dice_are_the_cards_attack_and_score_hits_and_criticals():
    # Shooting: Roll Attack Dice: "When shooting, you roll Attack Dice. The number of dice you
    # roll is your tank's Attack number modified by any relevant Crew and Upgrade cards. Each
    # result of 4 or 5 scores a Hit, and each 6 scores a Critical Hit." Components: Tank Cards
    # — Card Anatomy: "Attack — This shows how many dice you roll each turn when shooting."
    # "Defence — This shows how many defence dice you roll when shot at."
    state = rulebook_example()
    p = pools(state, "Panther", "Sherman")
    assert p.attack == state.tank("Panther").card.attack == 5
    still = state.with_tank(replace(state.tank("Sherman"), speed=0)).with_tank(
        replace(state.tank("Panther"), speed=0)
    )
    assert pools(still, "Panther", "Sherman").defence == state.tank("Sherman").card.defence
    assert score((1, 2, 3, 4, 5, 6)) == (2, 1) and score((6, 6)) == (0, 2)


def test_the_defence_roll_follows_the_attack_roll_and_its_re_roll():
    # Shooting: Roll Defence Dice: "Once the shooting player has made their Attack roll (and
    # any re-rolls), the target player rolls their Defence dice." Assess Damage: "Compare the
    # results of the shooting player's Attack roll and the target player's Defence roll."
    state = rulebook_example()
    state = state.with_tank(replace(state.tank("Panther"), speed=0))
    state = tanks.apply(state, tanks.Shoot("Panther", "Sherman")).state
    state = tanks.apply(state, tanks.AttackRoll((1, 1, 4, 5, 6))).state
    assert state.shot.step == "reroll?" and tanks.current_player(state) == "German"
    state = tanks.apply(state, tanks.KeepRoll()).state
    assert state.shot.step == "defence" and tanks.current_player(state) == CHANCE
    state = tanks.apply(state, tanks.DefenceRoll((1, 2, 3))).state  # nothing cancelled
    assert state.tank("Sherman").damage == 2 and state.shot.criticals_to_draw == 1


def test_each_hit_left_does_a_damage_and_each_critical_draws_a_card():
    # Shooting: Hits: "Each Hit that is not cancelled after the Defence roll does one point of
    # Damage to the target tank." Critical Hits: "The target player draws a Critical card for
    # each Critical Hit that is not cancelled after the Defence roll. If the card has a Damage
    # Effect, mark off the number of Damage Points shown from the tank's card with a dry erase
    # marker, or place Damage tokens on the tank. If the card has a Special Effect, apply that
    # effect immediately." Components: Critical Cards: "These cards are used when a tank
    # scores a Critical Hit." Card Anatomy: "Damage Effect — Some Critical cards do damage."
    # "Special Effect — Some Critical cards have additional and lasting effects on the
    # target." Tank Cards — Card Anatomy: "Damage Capacity — This shows how much damage this
    # tank can sustain."
    state = rulebook_example()
    state = tanks.apply(state, tanks.Shoot("Panther", "Sherman")).state
    state = tanks.apply(state, tanks.AttackRoll((4, 4, 5, 6, 6))).state
    state = tanks.apply(state, tanks.DefenceRoll((1, 1, 1, 1))).state
    sherman = state.tank("Sherman")
    assert sherman.damage == 3 and sherman.left == sherman.card.damage_capacity - 3
    assert state.shot.criticals_to_draw == 2
    state = tanks.apply(state, tanks.DrawCritical("Penetration (stand-in)")).state
    assert state.tank("Sherman").damage == 5  # its Damage Effect at once
    state = tanks.apply(state, tanks.DrawCritical("Busted Tracks")).state
    tracks = state.tank("Sherman")
    assert tracks.damage == 6 and tracks.criticals == ("Busted Tracks",)
    moved = check_move(
        state, "Sherman", Placement(*arrow_start(tracks.hull, 0), 0, 5, 0)
    )  # its Special Effect lasts: the tank cannot move
    assert not moved.legal and moved.reasons[0].section == sections.CRITICAL_HITS


def test_destroyed_tanks_block_sight_and_cover_and_no_tank_ends_in_impassable_terrain():
    # Terrain: Destroyed Tanks: "Destroyed tanks block Line of Sight to tanks hidden behind
    # them and give Cover to tanks partially behind them." Impassable Terrain: "A tank cannot
    # end its movement in Impassable terrain."
    shooter = tank("Panther", "Panther", "German", (10, 45), 90)
    target = tank("Sherman", "Sherman (75mm)", "American", (70, 45), 270)
    wreck = tank("Wreck", "Sherman (75mm)", "American", (40, 45), 0, destroyed=True)
    sight = line_of_sight(table(), [shooter, target, wreck], shooter, target)
    assert not sight.seen and "Wreck" in sight.part.blockers
    beside = replace(target, hull=target.hull.moved((70, 51)))  # partly behind the wreck
    covered = pools(battle(table(), [shooter, beside, wreck]), "Panther", "Sherman")
    assert any(r.text.startswith("+1 Cover") for r in covered.defence_reasons)
    barn = box("Barn", "building", 20, 30, 10, 30)
    mover = battle(table(barn), [shooter], phase="movement")
    start = arrow_start(shooter.hull, 90)
    into = check_move(mover, "Panther", Placement(*start, 90, 10, 90))  # would end in the barn
    assert not into.legal and into.reasons[0].section == sections.IMPASSABLE


def test_woods_do_not_hinder_movement():
    # Terrain: Woods: "Woods do not hinder movement."
    wood = box("Wood", "woods", 30, 38, 15, 14)
    sherman = tank("Sherman", "Sherman (75mm)", "American", (25, 45), 90)
    state = battle(table(wood), [sherman], phase="movement")
    through = check_move(state, "Sherman", Placement(*arrow_start(sherman.hull, 90), 90, 10, 90))
    assert through.legal and through.hull.polygon().intersects(wood.polygon)


def test_the_rulebooks_deployment_example():
    # Game Set Up: Deployment: "Deployment example: After the German player has placed their
    # StuG G assault gun (Initiative 3) and Panzer IV tank (Initiative 5), the US player
    # places their Pershing, Sherman (76mm), and Sherman (75mm) tanks (Initiative 6). Because
    # the German player is the Attacker, they place their Jagdpanther (Initiative 6) after
    # the US player places their Initiative 6 tanks." Components: Tank Cards — Card Anatomy:
    # "Initiative — This determines the order in which tanks move and shoot during the turn."
    platoons = {
        "German": ["StuG G", "Panzer IV", "Jagdpanther"],
        "American": ["Pershing", "Sherman (76mm)", "Sherman (75mm)"],
    }
    options = {"platoons": platoons, "attacker": "German", "table_setup": "given",
               "platoon_rules": "practice"}  # fmt: skip
    state = tanks.start(tanks.load_scenario("standard-table"), options)
    order = []
    while state.phase == "deployment":
        action = _legal(state)[0]
        order.append(next(t.card.name for t in state.reserve if t.id == action.tank))
        state = tanks.apply(state, action).state
    assert order[:2] == ["StuG G", "Panzer IV"] and order[-1] == "Jagdpanther"
    assert set(order[2:5]) == {"Pershing", "Sherman (76mm)", "Sherman (75mm)"}


def test_panzer_ace_the_last_with_tanks_wins_or_on_time_the_most_points_destroyed():
    # Missions: Panzer Ace: "This is the basic game as described in the rules. You win by
    # being the last player with operational tanks on the battlefield. If you run out of time
    # (or play to a set time limit, say 30 minutes or an hour), the player that Destroyed the
    # most points worth of tanks at that time wins the game."
    standard = tanks.load_scenario("standard-table")
    assert next(o for o in tanks.options(standard) if o.name == "mission").default == "panzer-ace"
    panther = tank("Panther", "Panther", "German", (50, 20), 180)
    gone = tank("Sherman", "Sherman (75mm)", "American", (50, 70), 0, destroyed=True)
    assert victory(battle(table(), [panther, gone])).winner == "German"
    both = battle(table(), [panther, replace(gone, destroyed=False)])
    ahead = replace(both, destroyed_points={"German": 20, "American": 32})
    ended = time_out(ahead)
    assert ended.termination == TanksEnd.TIME and ended.winner == "American"


@pytest.mark.parametrize("mission", ["king-of-the-hill", "free-for-all"])
def test_on_time_the_most_victory_points_win_and_a_tie_goes_to_the_most_destroyed(mission):
    # Missions: King of the Hill and Free-For-All: Check for Victory: "If you run out of time,
    # the player that has the most Victory Points at that time wins the game. In the case of
    # a tie, the player that Destroyed the most wins." King of the Hill: "You win this
    # mission either by destroying all of the enemy tanks, or by holding the centre of the
    # battlefield against all comers." Free-For-All: "You win this mission by penetrating
    # your opponent's lines to take your objective, or by just wiping them out."
    panther = tank("Panther", "Panther", "German", (50, 20), 180)
    sherman = tank("Sherman", "Sherman (75mm)", "American", (50, 70), 0)
    state = battle(table(), [panther, sherman], mission=mission)
    points = replace(state, victory_points={"German": 1, "American": 0},
                     destroyed_points={"German": 0, "American": 30})  # fmt: skip
    assert time_out(points).winner == "German"
    tied = replace(points, victory_points={"German": 1, "American": 1})
    assert time_out(tied).winner == "American"
    wiped = replace(state, tanks=(panther, replace(sherman, destroyed=True)))
    assert victory(wiped).winner == "German"


def test_no_retreat_ends_after_eight_turns_and_then_the_defender_wins():
    # Missions: No Retreat: Check for Victory: "The game ends after eight turns. If the
    # Attacker scores two Victory Points before this point, they win the game. Otherwise,
    # the Defender wins the game."
    state = tanks.start(
        tanks.load_scenario("standard-table"),
        {"mission": "no-retreat", "turn_limit": 3, "objectives": "quick", "deployment": "quick",
         "table_setup": "given"},
    )  # fmt: skip
    assert state.turn_limit == 8
    last = replace(state, turn=8, phase="command", acted=tuple(t.id for t in state.tanks))
    ended = _advance(last)
    assert ended.ended.termination == TanksEnd.NO_RETREAT_DEFENDER
    assert ended.ended.winner == state.defender
    scored = replace(last, victory_points={state.attacker: 1, state.defender: 0})
    assert _advance(scored).ended.winner == state.defender


def test_barkmanns_corner_is_the_scenarios_armies_and_sides():
    # Your First Game: Barkmann's Corner: "In this scenario the Americans are the attacker and
    # Barkmann is the defender." The American Player's Army: "Sherman (75mm)", twice.
    # Your First Game: "For your first game using this starter set we suggest that you try
    # playing the Barkmann's Corner scenario."
    corner = tanks.load_scenario("barkmanns-corner")
    state = tanks.start(corner, {"deployment": "quick"})
    assert (state.attacker, state.defender) == ("American", "German")
    assert [t.card.name for t in state.in_play("American")] == ["Sherman (75mm)"] * 2
    assert "barkmanns-corner" in tanks.scenarios()


def test_missions_are_four_styles_of_game_beyond_barkmanns_corner():
    # Missions: "This section describes four different styles of game." Components: Tokens:
    # "Objectives — These tokens are used during certain missions (see Missions)."
    standard = tanks.load_scenario("standard-table")
    missions = next(o for o in tanks.options(standard) if o.name == "mission").choices
    assert [m for m in missions if m != "barkmanns-corner"] == [
        "panzer-ace", "king-of-the-hill", "free-for-all", "no-retreat",
    ]  # fmt: skip
    plain = tanks.start(standard, {"table_setup": "given"})
    assert plain.objectives == ()  # Panzer Ace has no Objective tokens
    held = tanks.start(standard, {"table_setup": "given", "mission": "king-of-the-hill"})
    assert held.objectives


def test_a_speed_token_counts_the_moves_this_turn():
    # Components: Tokens: "Speed — These numbered tokens indicate how many times a tank moved
    # this turn."
    sherman = tank("Sherman", "Sherman (75mm)", "American", (30, 45), 90)
    panther = tank("Panther", "Panther", "German", (80, 80), 0)
    state = battle(table(), [sherman, panther], phase="movement")
    for moves in (1, 2):
        move = next(a for a in _legal(state) if isinstance(a, tanks.Move))
        state = tanks.apply(state, move).state
        assert state.tank("Sherman").speed == moves
    while state.turn == 1:  # the rest of the turn: no tank acts
        legal = _legal(state)
        state = tanks.apply(state, next(a for a in legal if not isinstance(a, tanks.Shoot))).state
    assert state.tank("Sherman").speed == 0  # a new turn: no token yet
