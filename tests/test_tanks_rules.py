"""TANKS rules on the protocol: movement with the Measuring Arrow, turn order, the Command
Phase, missions, set-up and platoon building, section names, and many seeded games."""

from dataclasses import replace

import pytest

import workbench
from tests.tanks_pieces import battle, box, table, tank
from workbench.games import get_game
from workbench.games.tanks.rules import sections
from workbench.games.tanks.rules.criticals import full_deck
from workbench.games.tanks.rules.game import (
    EndMoves,
    Hold,
    Move,
    Repair,
    RepairRoll,
    Stay,
    apply,
    current_player,
    invariants,
    legal_actions,
)
from workbench.games.tanks.rules.missions import victory
from workbench.games.tanks.rules.movement import (
    DISPLAY_SAMPLE,
    Placement,
    arrow_start,
    check_move,
    legal_sample,
    reach_sample,
    sample_placements,
)
from workbench.games.tanks.rules.platoons import PlatoonTank, platoon_problems
from workbench.games.tanks.rules.setup import (
    check_deployment,
    initiative_order,
    start_battle,
    terrain_order_problems,
)
from workbench.rules.core import CHANCE, IllegalAction
from workbench.rules.options import OptionError

# --- movement -----------------------------------------------------------------------------


def _mover(**changes):
    sherman = tank("Sherman", "Sherman (75mm)", "American", (30, 45), 90, **changes)
    return battle(table(box("Barn", "building", 50, 40, 8, 10)), [sherman], phase="movement")


def test_a_move_along_the_arrow_square_against_the_tail():
    # Movement: Moving a Tank: "To move your tank, place the Measuring Arrow touching any part
    # of your tank and facing in any direction. Then pick up the tank and place it anywhere
    # along the Arrow squared up against the Tail. Tanks move along the Measuring Arrow, ending
    # their move square against the tail. Tanks can rotate using the Measuring Arrow."
    # Components: Measuring Arrow: "The tail shows how far a tank can move."
    b = _mover()
    start = arrow_start(b.tank("Sherman").hull, 90)
    assert start == (32.95, 45.0)
    checked = check_move(b, "Sherman", Placement(*start, 90, 10, 90))
    assert checked.legal and checked.hull.centre == pytest.approx((42.95, 45.0))
    turned = check_move(b, "Sherman", Placement(*start, 90, 5, 180))
    assert turned.legal and turned.hull.heading == 180


@pytest.mark.parametrize(
    ("placement", "words", "section"),
    [
        (Placement(40, 45, 90, 5, 90), "must touch", sections.MOVING),
        (Placement(32.95, 45, 90, 10.5, 90), "past", sections.MOVING),
        (Placement(32.95, 45, 90, 5, 45), "not square", sections.MOVING),
        (Placement(32.95, 45, 90, 10, 90), "must stop there", sections.IMPASSABLE),
    ],
)
def test_moves_refused_with_reasons(placement, words, section):
    # Movement: Moving a Tank: "You cannot move past the Tail of the Measuring Arrow." Terrain:
    # Buildings: "Buildings are Impassable to movement." Impassable Terrain: "If the Measuring
    # Arrow crosses Impassable terrain, the tank must stop moving when it reaches the Impassable
    # terrain."
    barn_close = battle(
        table(box("Barn", "building", 38, 40, 8, 10)), [_mover().tank("Sherman")], phase="movement"
    )
    checked = check_move(barn_close, "Sherman", placement)
    assert not checked.legal
    assert words in checked.reasons[0].text and checked.reasons[0].section == section


def test_a_move_never_ends_overlapping_a_tank_or_off_the_table():
    sherman = tank("Sherman", "Sherman (75mm)", "American", (30, 45), 90)
    other = tank("Other", "Sherman (75mm)", "American", (42, 45), 90)
    b = battle(table(), [sherman, other], phase="movement")
    checked = check_move(b, "Sherman", Placement(32.95, 45, 90, 8, 90))
    assert not checked.legal and "overlapping Other" in checked.reasons[0].text
    edge = battle(
        table(), [tank("S", "Sherman (75mm)", "American", (86, 45), 90)], phase="movement"
    )
    assert "off the table" in check_move(edge, "S", Placement(88.95, 45, 90, 5, 90)).reasons[0].text


def test_the_vectorised_sample_agrees_with_check_move():
    b = _mover()
    for sample in (None, DISPLAY_SAMPLE):
        fast = legal_sample(b, "Sherman", sample)
        plain = [
            p for p in sample_placements(b, "Sherman", sample) if check_move(b, "Sherman", p).legal
        ]
        assert fast == plain
    options = reach_sample(b, "Sherman")
    assert len(options) > 50
    for placement, hull in options[::7]:
        assert check_move(b, "Sherman", placement).hull == hull


def test_up_to_two_moves_then_a_speed_token_and_stationary_has_none():
    # Movement: Rapid Movement: "If your tank is moving rapidly, it can move again in exactly
    # the same way. Tanks can move twice in a turn. Complete the first move before making any
    # subsequent move." Place Speed Token: "After moving your tank, place a Speed token showing
    # how many times it moved." Staying Stationary: "Your tank does not have to move. If you
    # leave the tank where it is, you do not gain a Speed token."
    b = _mover()
    first = next(a for a in legal_actions(b) if isinstance(a, Move))
    b1 = apply(b, first).state
    assert b1.moving == "Sherman" and b1.tank("Sherman").speed == 1
    assert EndMoves("Sherman") in set(legal_actions(b1))
    second = next(a for a in legal_actions(b1) if isinstance(a, Move))
    b2 = apply(b1, second).state
    assert b2.tank("Sherman").speed == 2 and b2.phase == "shooting"  # all moves made
    still = apply(b, Stay("Sherman")).state
    assert still.tank("Sherman").speed == 0
    with pytest.raises(IllegalAction, match="end its moves instead"):
        apply(b1, Stay("Sherman"))


def test_fast_tanks_move_three_times():
    # Keyword Reference: Fast: "This tank may make up to three Moves during the Movement Phase."
    cromwell = tank("Cromwell", "Cromwell", "British", (30, 45), 90)
    b = battle(table(), [cromwell], phase="movement")
    for _ in range(3):
        b = apply(b, next(a for a in legal_actions(b) if isinstance(a, Move))).state
    assert b.tank("Cromwell").speed == 3 and b.phase == "shooting"


def test_movement_lowest_initiative_first_attacker_later_on_ties():
    # Movement: Initiative: "The Movement Phase starts with the tank with the lowest Initiative
    # and proceeds up through the Initiative order to the tank with the highest Initiative."
    # Shooting: Initiative: "The Shooting Phase starts with the tank with the highest Initiative
    # and proceeds down through the Initiative order to the tank with the lowest Initiative."
    # Game Set Up: Initiative Ties: "When you have a tie in Initiative between two players'
    # tanks the Attacker's tank always counts as having a higher Initiative than the
    # Defender's." Turn Sequence: "Players will move each of their tanks in Initiative order
    # starting with the lowest Initiative tanks moving on to the highest Initiative." "Players
    # will shoot with each of their tanks in Initiative order starting with the highest
    # Initiative moving on to the lowest Initiative."
    stug = tank("StuG", "StuG G", "German", (20, 20), 180)
    jagd = tank("Jagdpanther", "Jagdpanther", "German", (40, 20), 180)
    sherman = tank("Sherman", "Sherman (75mm)", "American", (40, 70), 0)
    b = battle(table(), [jagd, sherman, stug], phase="movement")  # German attacks
    assert {a.tank for a in legal_actions(b)} == {"StuG"}
    b = apply(b, Stay("StuG")).state
    assert {a.tank for a in legal_actions(b)} == {"Sherman"}  # Initiative 6, the Defender's
    b = apply(b, Stay("Sherman")).state
    assert {a.tank for a in legal_actions(b)} == {"Jagdpanther"}
    b = apply(b, Stay("Jagdpanther")).state
    assert b.phase == "shooting"
    assert {a.tank for a in legal_actions(b)} == {"Jagdpanther"}  # highest first, ties: Attacker
    with pytest.raises(IllegalAction, match="Initiative"):
        apply(b, Hold("Sherman"))
    order = initiative_order([stug, sherman, jagd], attacker="German")
    assert [t.id for t in order] == ["StuG", "Sherman", "Jagdpanther"]


def test_same_army_ties_the_owner_chooses():
    # Game Set Up: Initiative Ties: "If you have Initiative ties between tanks in the same army,
    # the owning player chooses the order in which those tanks take their actions."
    a = tank("Sherman A", "Sherman (75mm)", "American", (20, 70), 0)
    b_ = tank("Sherman B", "Sherman (76mm)", "American", (50, 70), 0)
    b = battle(
        table(),
        [a, b_, tank("Panzer IV", "Panzer IV", "German", (40, 10), 180)],
        phase="shooting",
        acted=(),
    )
    # Sherman A and B tie at 6; the Panzer IV (5) shoots after them
    assert {x.tank for x in legal_actions(b) if isinstance(x, Hold)} == {"Sherman A", "Sherman B"}


# --- command phase ---------------------------------------------------------------------------


def test_command_phase_destroys_checks_victory_repairs_and_resets():
    # Command Phase: "The Command Phase has four steps." 1. Destroy Tanks: "Mark any tank that
    # no longer has any Damage left by placing a Destroyed token on the tank and discarding all
    # Critical cards placed on it. For the rest of the game this tank stays in place as
    # Impassable terrain." 4. Reset the field: "Remove all Speed tokens and shuffle discarded
    # Critical cards back into the Critical deck, ready for the next turn." Terrain: Destroyed
    # Tanks: "Destroyed tanks are Impassable to movement." Keyword Reference: Blitzkrieg
    # (German): "This tank may make a single Move instead of making a Repair Damage roll in the
    # Command Phase." Turn Sequence: "In this phase you will mark destroyed tanks, repair
    # special damage, check for victory conditions, shuffle the Critical card deck, and clear
    # all the Speed tokens."
    panther = tank("Panther", "Panther", "German", (50, 20), 180, speed=1)
    sherman = tank("Sherman", "Sherman (75mm)", "American", (50, 70), 0, damage=6)
    other = tank(
        "Other", "Sherman (75mm)", "American", (20, 70), 0, speed=2, criticals=("Busted Tracks",)
    )
    b = battle(
        table(), [panther, sherman, other], phase="shooting", acted=("Panther", "Sherman", "Other")
    )
    b = replace(b, deck=b.deck[1:])  # one Busted Tracks is on Other's card
    from workbench.games.tanks.rules.game import _advance

    b = _advance(b)
    assert b.phase == "command" and b.tank("Sherman").destroyed
    from workbench.games.tanks.rules.game import summarize

    assert summarize(b)["lost"] == {"German": 0, "American": 1}
    assert b.destroyed_points["German"] == 20
    assert current_player(b) == "American"  # Other's repair choice
    assert set(legal_actions(b)) == {Stay("Other"), Repair("Other", "Busted Tracks")}
    b = apply(b, Repair("Other", "Busted Tracks")).state
    assert current_player(b) == CHANCE
    assert current_player(apply(b, RepairRoll(3)).state) != CHANCE
    after = apply(b, RepairRoll(4)).state
    # the Panther's Blitzkrieg: a single Move instead of a repair roll
    assert current_player(after) == "German"
    assert any(isinstance(a, Move) for a in legal_actions(after))
    blitz = next(a for a in legal_actions(after) if isinstance(a, Move))
    moved = apply(after, blitz)
    assert any(r.section == sections.BLITZKRIEG for e in moved.events for r in e.reasons)
    assert moved.state.turn == 2 and moved.state.tank("Panther").hull != panther.hull
    done = apply(after, Stay("Panther")).state
    assert done.turn == 2 and done.phase == "movement"
    assert all(t.speed == 0 for t in done.tanks) and done.tank("Other").criticals == ()
    assert not done.discard and sorted(done.deck) == sorted(full_deck())  # shuffled back
    invariants(done)
    # a destroyed tank stays as impassable terrain
    wreck = done.tank("Sherman")
    assert wreck.destroyed
    other = done.tank("Other")
    towards = Placement(*arrow_start(other.hull, 90), 90, 10, 90)  # the wreck lies east
    moved = replace(
        done,
        tanks=tuple(
            replace(t, hull=t.hull.moved((38, 70))) if t.id == "Other" else t for t in done.tanks
        ),
    )
    refused = check_move(
        moved, "Other", Placement(*arrow_start(moved.tank("Other").hull, 90), 90, 10, 90)
    )
    assert not refused.legal and "destroyed Sherman" in refused.reasons[0].text
    assert towards.along == 10


def test_victory_when_the_enemy_has_no_tanks():
    # Command Phase: 2. Check For Victory: "If your opponent no longer has any tanks in play
    # (they are all Destroyed), you win the game."
    panther = tank("Panther", "Panther", "German", (50, 20), 180)
    sherman = tank("Sherman", "Sherman (75mm)", "American", (50, 70), 0, destroyed=True)
    result = victory(battle(table(), [panther, sherman]))
    assert result.winner == "German" and result.termination.section == sections.VICTORY


@pytest.mark.parametrize("mission", ["king-of-the-hill", "free-for-all", "no-retreat"])
def test_missions_score_objectives_and_end(mission):
    # Missions: King of the Hill: Check for Victory: "When checking for victory in the Command
    # Phase, you gain one Victory Point if you have a tank within a Measuring Arrow of the
    # centre of the Objective Token and your opponent does not. You cannot claim a Victory Point
    # in the first turn. When you score three Victory Points, you win the game." Free-For-All:
    # "When you score at least two Victory Points and have more Victory Points than your
    # opponent, you win the game." No Retreat: "When checking for victory in the Command Phase,
    # the Attacker gains one Victory Point if they have a tank within a Measuring Arrow of the
    # centre of an Objective Token and the Defender does not." "If the Attacker scores two
    # Victory Points before this point, they win the game."
    std = workbench.load(get_game("tanks").scenarios()["standard-table"])
    quick = {"deployment": "quick", "objectives": "quick"}
    b = start_battle(std, {"mission": mission, "table_setup": "given", **quick})
    assert b.objectives
    owner, at = b.objectives[0]
    # put an attacker tank on the objective
    mover = b.in_play(b.attacker)[0]
    b = b.with_tank(replace(mover, hull=mover.hull.moved(at)))
    for i, enemy in enumerate(b.in_play(b.defender)):  # the defenders leave the edge
        b = b.with_tank(replace(enemy, hull=enemy.hull.moved((5 + 10 * i, 45))))
    from workbench.games.tanks.rules.missions import score_objectives

    b2 = replace(b, turn=2)
    scored, reasons = score_objectives(b2)
    if mission == "free-for-all" and owner != b.attacker:
        owner, at = b.objectives[1]
    assert scored.victory_points[b.attacker] == 1, reasons
    first, _ = score_objectives(replace(b, turn=1))
    assert first.victory_points[b.attacker] == (1 if mission == "no-retreat" else 0)
    need = {"king-of-the-hill": 3, "free-for-all": 2, "no-retreat": 2}[mission]
    won = victory(replace(b, victory_points={b.attacker: need, b.defender: 0}))
    assert won is not None and won.winner == b.attacker


def test_no_retreat_ends_after_eight_turns_for_the_defender():
    std = workbench.load(get_game("tanks").scenarios()["standard-table"])
    b = start_battle(std, {"mission": "no-retreat", "turn_limit": 3})
    assert b.turn_limit == 8


# --- set-up and platoons -------------------------------------------------------------------


def test_platoon_building_checks():
    # Building Your Platoon: Picking Your Country: "Each player picks a Country and only uses
    # tanks and upgrades available to the chosen Country." Upgrade and Crew Cards: "You can only
    # take one of each Type of Upgrade or Crew card on a single tank." Hero Crew Cards: "Players
    # can only field one of each Hero Crew card in their army." Crew Slots: "The Crew Slots on
    # Tank cards indicate how many Crew they can have, a tank with three crew slots can have a
    # Commander, Gunner, and Loader, but would not be able to add a further Driver since it
    # would already have three Crew members." Components: "Crew Slots — You can add one Crew
    # Card to your tank for each Crew Slot." "Card Type — A tank is limited to one Upgrade or
    # Crew card of each type." "Hero — Hero cards are marked with a medal. You may not have
    # multiple copies of a Hero card in your force." For example, "Jack cannot add the
    # 'Jailbird' Boggs Crew card because it has the US symbol."
    ok = [PlatoonTank("Panther"), PlatoonTank("Panzer IV")]
    assert platoon_problems(ok, 50) == []
    over = platoon_problems([PlatoonTank("Panther"), PlatoonTank("Panther")], 50)
    assert over[0].section == sections.POINT_LIMIT
    mixed = platoon_problems([PlatoonTank("Panther"), PlatoonTank("Sherman (75mm)")], 100)
    assert mixed[0].section == sections.COUNTRY
    hero = ("Ernst Barkmann", "Commander", 0, True)
    twice = platoon_problems(
        [PlatoonTank("Panther", crew=(hero,)), PlatoonTank("Panzer IV", crew=(hero,))], 100
    )
    assert [r.section for r in twice] == [sections.HEROES]
    crowded = PlatoonTank("StuG G", crew=tuple((f"c{i}", f"t{i}", 0, False) for i in range(4)))
    assert platoon_problems([crowded], 100)[0].section == sections.CREW_SLOTS
    same_type = PlatoonTank("Panther", upgrades=(("A", "Ammo", 0), ("B", "Ammo", 0)))
    assert platoon_problems([same_type], 100)[0].section == sections.UPGRADES
    foreign = platoon_problems(
        [PlatoonTank("Panther", crew=(("'Jailbird' Boggs", "Gunner", 0, True),))],
        100,
        card_countries={"'Jailbird' Boggs": "American"},
    )
    assert foreign[0].section == sections.GLOBAL_CARDS
    # Picking Your Country: "For example, Jack wants to create a German army. He fields two
    # Panther tanks and a StuG assault gun. Jack can add the Ernst Barkmann Crew card to his
    # army since it has the German symbol."
    jack = [PlatoonTank("Panther", crew=(hero,)), PlatoonTank("Panther"), PlatoonTank("StuG G")]
    assert platoon_problems(jack, 100, card_countries={"Ernst Barkmann": "German"}) == []


def test_terrain_placement_order_and_spacing():
    std = workbench.load(get_game("tanks").scenarios()["standard-table"])
    names = [p.name for p in std.pieces]
    assert terrain_order_problems(std, names) == []
    wrong = terrain_order_problems(std, names[2:] + names[:2])
    assert wrong[0].section == sections.TABLE_SETUP
    bark = workbench.load(get_game("tanks").scenarios()["barkmanns-corner"])
    assert any(
        "within" in r.text for r in terrain_order_problems(bark, [p.name for p in bark.pieces])
    )


def test_deployment_against_the_edge_and_in_a_corner():
    # Game Set Up: Deployment: "To deploy a tank place the Measuring Arrow so that it is
    # touching your edge of the table. Place the tank square against the tail of the Measuring
    # Arrow." Your First Game: Barkmann's Corner: "Panther with the Ernst Barkmann Hero Crew
    # card." "The German player deploys within a Measuring Arrow of their corner then the
    # American player deploys within a Measuring Arrow of their corner."
    std = workbench.load(get_game("tanks").scenarios()["standard-table"])
    quick = {"deployment": "quick"}  # the workbench's placement, checked by the rule
    b = start_battle(std, {"table_setup": "given", **quick})
    for t in b.tanks:
        where = "north" if t.side == b.defender else "south"
        assert check_deployment(std, where, t.hull) is None
    far = b.tanks[0].hull.moved((45, 45))
    assert check_deployment(std, "north", far).section == sections.DEPLOYMENT
    bark = workbench.load(get_game("tanks").scenarios()["barkmanns-corner"])
    bb = start_battle(bark, quick)
    assert bb.mission == "barkmanns-corner" and bb.attacker == "American"
    assert [t.card.name for t in bb.in_play("German")] == ["Panther"]
    assert bb.in_play("German")[0].crew == ("Ernst Barkmann",)
    for t in bb.tanks:
        assert (
            check_deployment(bark, "north-west" if t.side == "German" else "south-east", t.hull)
            is None
        )


def test_unknown_options_are_refused():
    std = workbench.load(get_game("tanks").scenarios()["standard-table"])
    with pytest.raises(OptionError, match="speed") as refused:
        start_battle(std, {"speed": 3})
    assert "an option of this game" in str(refused.value)
    with pytest.raises(OptionError, match="mission") as refused:
        start_battle(std, {"mission": "capture"})
    assert "panzer-ace" in str(refused.value) and refused.value.section == sections.MISSIONS


# --- deployment by the players ------------------------------------------------------------


def test_players_deploy_lowest_initiative_first_the_attacker_later_on_ties():
    from workbench.games.tanks.rules.actions import Deploy

    std = workbench.load(get_game("tanks").scenarios()["standard-table"])
    platoons = {"German": ["Jagdpanther", "StuG G"], "American": ["Sherman (75mm)", "Pershing"]}
    b = start_battle(
        std,
        {
            "deployment": "players",
            "platoons": platoons,
            "attacker": "German",
            "table_setup": "given",
        },
    )
    assert b.phase == "deployment" and not b.tanks
    order = []
    while b.phase == "deployment":
        actions = list(legal_actions(b))
        assert actions and all(isinstance(a, Deploy) for a in actions)
        choice = actions[0]
        order.append(next(t for t in b.reserve if t.id == choice.tank).card.name)
        b = apply(b, choice).state
        invariants(b)
    # StuG G (3) first; then the Initiative 6 tanks: the Defender's two before the Attacker's
    assert order[0] == "StuG G" and order[-1] == "Jagdpanther"
    assert set(order[1:3]) == {"Sherman (75mm)", "Pershing"}
    assert b.phase == "movement" and len(b.tanks) == 4
    for t in b.tanks:
        assert check_deployment(std, "south" if t.side == "German" else "north", t.hull) is None


def test_a_deployment_off_the_edge_area_is_refused_with_the_section():
    from workbench.games.tanks.rules.actions import Deploy

    std = workbench.load(get_game("tanks").scenarios()["standard-table"])
    b = start_battle(std, {"deployment": "players", "table_setup": "given"})
    first = next(iter(legal_actions(b)))
    with pytest.raises(IllegalAction, match="beyond the arrow's tail") as refused:
        apply(b, Deploy(first.tank, 45, 45, 0))
    assert refused.value.section == sections.DEPLOYMENT
    other = next(t.id for t in b.reserve if t.id != first.tank)
    with pytest.raises(IllegalAction, match="Initiative"):
        apply(b, Deploy(other, first.x, first.y, first.heading))


def test_barkmanns_corner_germans_deploy_first_in_their_corner():
    bark = workbench.load(get_game("tanks").scenarios()["barkmanns-corner"])
    b = start_battle(bark, {"deployment": "players"})
    assert current_player(b) == "German"
    b = apply(b, next(iter(legal_actions(b)))).state
    assert current_player(b) == "American" and b.tanks[0].card.name == "Panther"


def test_no_retreat_reading_one_point_a_phase_or_one_per_objective():
    from workbench.games.tanks.rules.missions import PER_OBJECTIVE, score_objectives

    std = workbench.load(get_game("tanks").scenarios()["standard-table"])
    for option, expected in ((False, 1), (True, 2)):
        b = start_battle(
            std,
            {"mission": "no-retreat", PER_OBJECTIVE: option, "table_setup": "given",
             "deployment": "quick", "objectives": "quick"},
        )  # fmt: skip
        attackers = b.in_play(b.attacker)
        for mover, (_, at) in zip(attackers, b.objectives, strict=False):
            b = b.with_tank(replace(mover, hull=mover.hull.moved(at)))
        for i, enemy in enumerate(b.in_play(b.defender)):
            b = b.with_tank(replace(enemy, hull=enemy.hull.moved((5 + 10 * i, 45))))
        scored, _ = score_objectives(b)
        assert scored.victory_points[b.attacker] == expected


def test_the_invariants_catch_what_they_guard():
    barn = box("Barn", "building", 40, 40, 10, 10)
    a = tank("A", "Sherman (75mm)", "American", (20, 20), 0)
    b = tank("B", "Panther", "German", (60, 60), 0)
    invariants(battle(table(barn), [a, b]))
    touching = tank("B", "Panther", "German", (20 + 2.6 / 2 + 3.4 / 2, 20), 0)
    invariants(battle(table(barn), [a, touching]))  # side by side, touching: allowed
    broken = [
        [a, tank("B", "Panther", "German", (21, 21), 0)],  # hulls overlap
        [a, tank("B", "Panther", "German", (45, 45), 0)],  # in a building
        [a, tank("B", "Panther", "German", (1, 60), 0)],  # off the table
        [a, tank("B", "Panther", "German", (60, 60), 0, speed=3)],  # three moves, not Fast
        [a, tank("B", "Panther", "German", (60, 60), 0, damage=7)],  # more damage than it has
    ]
    for tanks_ in broken:
        with pytest.raises(AssertionError):
            invariants(battle(table(barn), tanks_))
    with pytest.raises(AssertionError, match="Critical cards"):
        invariants(replace(battle(table(barn), [a, b]), deck=()))


def test_a_game_with_the_players_deployment_saves_and_replays(tmp_path):
    from workbench.rules.play import play
    from workbench.testing.conformance import check_record_round_trip

    game = get_game("tanks")
    bark = workbench.load(game.scenarios()["barkmanns-corner"])
    record = play(game, bark, seed=11, options={"deployment": "players", "turn_limit": 2})
    assert record.steps[0].action["type"] == "Deploy"
    states = check_record_round_trip(game, record, tmp_path)
    assert game.outcome(states[-1]) is not None
