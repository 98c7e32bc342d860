"""TANKS' played choices (issue 49, items 5 and 6): the missions' Objective tokens placed by
the players and scored by whose they are, the players' deployment by default, the player's
choice of the Critical card to repair, and the community data's keywords as an option; each
drawn and clickable in the stepper."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

import workbench
from tests.record_traces import GOLDEN
from tests.tanks_pieces import battle, table, tank
from workbench import tanks
from workbench.files.record_options import as_recorded
from workbench.games.tanks.rules import sections
from workbench.games.tanks.rules.missions import score_objectives
from workbench.games.tanks.rules.objectives import EVERYONE, side_distance
from workbench.games.tanks.rules.platoons import community_keywords, game_cards
from workbench.games.tanks.rules.shooting import defence_dice
from workbench.games.tanks.widgets.view import TanksView
from workbench.render import svg_of
from workbench.rules.core import CHANCE
from workbench.widgets.stepper import Stepper

GIVEN = {"table_setup": "given"}  # the table file's edges: the Defender north, the Attacker south


@pytest.fixture(scope="module")
def standard():
    return tanks.load_scenario("standard-table")


def _placed(state, *points):
    for x, y in points:
        state = tanks.apply(state, tanks.PlaceObjective(x, y)).state
    return state


def _on(state, side, at):
    """``state`` with one tank of ``side`` on ``at`` and every other tank far from it."""
    own = state.in_play(side)[0]
    state = state.with_tank(replace(own, hull=own.hull.moved(at)))
    for i, other in enumerate(t for t in state.in_play() if t.id != own.id):
        state = state.with_tank(replace(other, hull=other.hull.moved((45, 40 + 5 * i))))
    return replace(state, turn=2)


# --- Objective tokens ---------------------------------------------------------------------


def test_king_of_the_hill_has_its_token_in_the_centre_of_the_board(standard):
    # Missions: King of the Hill: Table Set Up: "After placing the terrain, place an
    # Objective token in the centre of the board."
    state = tanks.start(standard, {"mission": "king-of-the-hill", **GIVEN})
    assert state.objectives == ((EVERYONE, (45.0, 45.0)),) and state.phase == "deployment"
    marked = standard.with_objective("Hill", (20, 30))  # a table file's token does not move it
    assert tanks.start(marked, {"mission": "king-of-the-hill", **GIVEN}).objectives == (
        (EVERYONE, (45.0, 45.0)),
    )


def test_free_for_all_each_player_places_one_near_the_opponents_side(standard):
    # Missions: Free-For-All: Table Set Up: "After placing the terrain, each player (starting
    # with the Attacker) places an Objective token within a Measuring Arrow of the opponent's
    # side of the board."
    state = tanks.start(standard, {"mission": "free-for-all", **GIVEN})
    assert state.phase == "objectives" and tanks.current_player(state) == state.attacker
    offered = tanks.legal_actions(state)
    arrow = standard.arrow.length
    assert offered and all(a.y <= arrow for a in offered)  # the Defender's side is north
    with pytest.raises(tanks.IllegalAction) as refused:
        tanks.apply(state, tanks.PlaceObjective(45, arrow + 1))
    assert refused.value.section == sections.FREE_FOR_ALL_SET_UP
    assert "beyond a Measuring Arrow" in refused.value.reason.text
    with pytest.raises(tanks.IllegalAction, match="off the table"):
        tanks.apply(state, tanks.PlaceObjective(-1, 5))
    first = _placed(state, (30, 10))
    assert tanks.current_player(first) == state.defender
    assert all(a.y >= 90 - arrow for a in tanks.legal_actions(first))  # the Attacker's: south
    both = _placed(first, (60, 85))
    assert both.objectives == ((state.attacker, (30.0, 10.0)), (state.defender, (60.0, 85.0)))
    assert both.phase == "deployment" and tanks.current_player(both) in both.sides
    with pytest.raises(tanks.IllegalAction, match="no Objective token"):
        tanks.apply(both, tanks.PlaceObjective(30, 10))


def test_in_free_for_all_the_defender_scores_the_token_it_placed(standard):
    # Missions: Free-For-All: Check for Victory: "you gain one Victory Point if you have a
    # tank within a Measuring Arrow of the centre of the Objective Token that you placed and
    # your opponent does not."
    options = {"mission": "free-for-all", "deployment": "quick", **GIVEN}
    state = _placed(tanks.start(standard, options), (30, 10), (60, 85))
    held = _on(state, state.defender, (60, 80))
    scored, reasons = score_objectives(held)
    assert scored.victory_points == {state.attacker: 0, state.defender: 1}
    assert reasons[0].section == sections.FREE_FOR_ALL
    not_mine = _on(state, state.defender, (30, 15))  # the Attacker's token scores it nothing
    assert score_objectives(not_mine)[0].victory_points[state.defender] == 0


def test_no_retreat_the_attacker_places_two_near_the_defenders_side(standard):
    # Missions: No Retreat: Table Set Up: "After placing the terrain, the Attacker places two
    # Objective tokens within a Measuring Arrow of the Defender's side of the board."
    state = tanks.start(standard, {"mission": "no-retreat", **GIVEN})
    assert tanks.current_player(state) == state.attacker
    once = _placed(state, (20, 5))
    assert tanks.current_player(once) == state.attacker
    with pytest.raises(tanks.IllegalAction) as refused:
        tanks.apply(once, tanks.PlaceObjective(20, 85))  # the Attacker's own side
    assert refused.value.section == sections.NO_RETREAT_SET_UP
    twice = _placed(once, (70, 12))
    assert [owner for owner, _ in twice.objectives] == [state.attacker, state.attacker]
    assert twice.phase == "deployment"


def test_tokens_are_placed_once_the_defender_has_chosen_the_side(standard):
    # the reading (games/tanks/rules/objectives.py): "the opponent's side" needs the sides known
    state = tanks.start(standard, {"mission": "free-for-all", "attacker": "German"})
    while state.setup is not None:
        if tanks.current_player(state) == CHANCE:
            state = tanks.apply(state, tanks.chance_outcomes(state)[0][0]).state
        else:
            state = tanks.apply(state, tanks.legal_actions(state)[0]).state
    assert state.phase == "objectives"
    where = state.deploy_at[state.defender]
    assert all(
        side_distance(state.table, where, (a.x, a.y)) <= standard.arrow.length
        for a in tanks.legal_actions(state)
    )


def test_a_table_files_tokens_are_a_named_option_scored_by_the_mission(standard):
    marked = standard.with_objective("North", (45, 8)).with_objective("South", (45, 84))
    assert "table" not in next(o for o in tanks.options(standard) if o.name == "objectives").choices
    listed = next(o for o in tanks.options(marked) if o.name == "objectives")
    assert listed.default == "players" and "table" in listed.choices
    state = tanks.start(marked, {"mission": "free-for-all", "objectives": "table", **GIVEN})
    # the token near the Defender's side (north) is the Attacker's, and the other way round
    assert state.objectives == (
        (state.attacker, (45.0, 8.0)),
        (state.defender, (45.0, 84.0)),
    )
    retreat = tanks.start(marked, {"mission": "no-retreat", "objectives": "table", **GIVEN})
    assert {owner for owner, _ in retreat.objectives} == {retreat.attacker}
    with pytest.raises(tanks.OptionError, match="objectives"):
        tanks.start(standard, {"objectives": "table"})  # this file has no tokens


def test_records_saved_before_keep_the_workbenchs_objectives_and_deployment(standard):
    # ARCHITECTURE.md, "Records keep every option": the old defaults, as the records played
    options = {o.name: o for o in tanks.options(standard)}
    assert options["objectives"].if_unwritten == "quick"
    assert options["deployment"].default == "players"
    assert options["deployment"].if_unwritten == "quick"
    old = as_recorded("tanks", standard, {"mission": "free-for-all"})
    assert (old["deployment"], old["objectives"]) == ("quick", "quick")
    saved = GOLDEN / "tanks-standard-table-10.json"  # saved before: no deployment written
    assert "deployment" not in json.loads(saved.read_text(encoding="utf-8"))["options"]
    record = workbench.load(saved)
    assert record.options["deployment"] == "quick"
    assert tanks.replay(record)[0].phase == "movement"


# --- deployment -------------------------------------------------------------------------


def test_the_players_place_their_tanks_by_default(standard):
    # Game Set Up: Deployment: "The players place their tanks on the table in Initiative
    # order. The tank with the lowest initiative is placed first, before moving up through
    # higher initiative values."
    state = tanks.start(standard, GIVEN)
    assert state.phase == "deployment" and not state.tanks and len(state.reserve) == 4
    lowest = min(t.initiative for t in state.reserve)
    assert all(
        state.tank(a.tank).initiative == lowest if state.has_tank(a.tank) else True
        for a in tanks.legal_actions(state)
    )
    assert {next(t for t in state.reserve if t.id == a.tank).initiative
            for a in tanks.legal_actions(state)} == {lowest}  # fmt: skip
    corner = tanks.start(tanks.load_scenario("barkmanns-corner"))
    # Barkmann's Corner: "The German player deploys within a Measuring Arrow of their corner"
    assert corner.phase == "deployment" and tanks.current_player(corner) == "German"


# --- repair -------------------------------------------------------------------------------


def _repairing():
    cards = ("Busted Tracks", "Gun Damaged (stand-in)")
    damaged = tank("Other", "Sherman (75mm)", "American", (20, 70), 0, criticals=cards, damage=2)
    panzer = tank("Panzer", "Panzer IV", "German", (50, 20), 180)
    state = battle(table(), [panzer, damaged], phase="command", acted=("Panzer",))
    deck = list(state.deck)
    for name in cards:
        deck.remove(name)
    return replace(state, deck=tuple(deck))


def test_the_player_chooses_which_repairable_card_to_repair():
    # Command Phase: 3. Repair Damage: "Each tank may attempt to repair the Special Effect of
    # one Critical card with the Repairable keyword. On a roll of 4, 5, or 6, discard the
    # Critical card. When you repair a Critical card you only remove the card and its Special
    # Effect, any Damage taken from that hit remains." Components: Critical Cards: Card
    # Anatomy: "Repairable — Some Critical cards with Special effects are Repairable, these
    # are repaired during the Command Phase."
    state = _repairing()
    assert set(tanks.legal_actions(state)) == {
        tanks.Stay("Other"),
        tanks.Repair("Other", "Busted Tracks"),
        tanks.Repair("Other", "Gun Damaged (stand-in)"),
    }
    rolling = tanks.apply(state, tanks.Repair("Other", "Gun Damaged (stand-in)")).state
    assert tanks.current_player(rolling) == CHANCE
    done = tanks.apply(rolling, tanks.RepairRoll(5))
    assert done.state.tank("Other").criticals == ("Busted Tracks",)
    assert done.state.tank("Other").damage == 2  # its damage stays
    assert "Gun Damaged (stand-in) repaired" in done.events[0].reasons[0].text
    failed = tanks.apply(rolling, tanks.RepairRoll(3)).state
    assert failed.tank("Other").criticals == state.tank("Other").criticals
    with pytest.raises(tanks.IllegalAction) as refused:
        tanks.apply(state, tanks.Repair("Other", "Penetration (stand-in)"))
    assert refused.value.section == sections.REPAIR
    # a record saved before the choice names no card: the first placed on the tank
    old = tanks.apply(tanks.apply(state, tanks.Repair("Other")).state, tanks.RepairRoll(6))
    assert old.state.tank("Other").criticals == ("Gun Damaged (stand-in)",)


# --- the community data's keywords ----------------------------------------------------------


def test_the_community_datas_keywords_are_labelled_and_an_option(standard):
    # Components: Tank Cards — Card Anatomy: "Keywords — These keywords tell you what rules
    # apply to your tank." (a card's keywords from community data: the IS-2's Heavy Tank
    # applies, or not)
    assert community_keywords() == {"Heavy Tank", "Big Gun"}
    ignored = game_cards({"community_keywords": "ignored"})
    assert "Heavy Tank" not in ignored["IS-2"].keywords
    assert "Coordinated Fire" in ignored["IS-2"].keywords
    assert "community_keywords" in ignored["IS-2"].source("keywords")
    option = next(o for o in tanks.options(standard) if o.name == "community_keywords")
    assert option.default == "applied" and "community data" in option.reading
    soviet = {"German": ["Panther"], "Soviet": ["IS-2"]}
    for choice, heavy in (("applied", True), ("ignored", False)):
        options = {"platoons": soviet, "community_keywords": choice, "deployment": "quick"}
        state = tanks.start(standard, {**options, **GIVEN})
        assert state.in_play("Soviet")[0].has("Heavy Tank") is heavy
    is2 = tank("IS-2", "IS-2", "Soviet", (50, 50), 0)
    beside = tank("Panther", "Panther", "German", (60, 50), 0)  # a Side Shot
    _, reasons, _ = defence_dice(table(), [beside, is2], beside, is2)
    heavy = next(r for r in reasons if "Heavy Tank" in r.text)
    assert "community data" in heavy.section


# --- the stepper --------------------------------------------------------------------------


def test_the_stepper_places_tokens_and_tanks_at_a_click_and_offers_each_repair(standard):
    view, game = TanksView(), tanks.GAME
    state = tanks.start(standard, {"mission": "free-for-all", **GIVEN})
    assert "places an Objective token" in view.status(game, state)[0]
    assert f"{state.attacker}'s Objective token goes here" in svg_of(state)  # the band drawn
    offer = view.click(game, state, None, (31, 9), None, None)
    assert offer.action == tanks.PlaceObjective(30.0, 10.0) and not offer.commit
    assert view.click(game, state, None, (31, 9), None, offer.action).commit
    deploying = _placed(state, (30, 10), (60, 85))
    assert view.status(game, deploying)[0].startswith("Deployment: waiting")
    assert "deploys here" in svg_of(deploying)
    placing = view.click(game, deploying, None, (40, 86), None, None)
    assert isinstance(placing.action, tanks.Deploy)
    assert tanks.apply(deploying, placing.action).state.tanks  # a legal placement
    # Command Phase: the tank's buttons are its choices, one repair for each card
    repairing = _repairing()
    offer = view.click(game, repairing, None, repairing.tank("Other").hull.centre, None, None)
    assert {label for label, _ in offer.choices} >= {
        "Other tries a repair of Busted Tracks",
        "Other tries a repair of Gun Damaged (stand-in)",
    }


def test_a_played_game_steps_through_the_tokens_and_the_deployment(standard, tmp_path):
    record = tanks.play(standard, seed=2, options={"mission": "no-retreat", "turn_limit": 1})
    kinds = [step.action["type"] for step in record.steps]
    assert kinds.count("PlaceObjective") == 2 and kinds.count("Deploy") == 4
    assert kinds.index("PlaceObjective") < kinds.index("Deploy")
    path = record.save(tmp_path / "played.json")
    stepper = Stepper(path, at=kinds.index("PlaceObjective"))
    assert "Objective token" in stepper.panel_text or stepper.state.phase == "objectives"
