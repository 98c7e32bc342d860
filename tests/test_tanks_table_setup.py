"""TANKS' Game Set Up played as the game's first steps (``games/tanks/rules/table_setup.py``): the
terrain roll as chance, the terrain pieces placed in turn, the Attacker-or-Defender roll and
choice, the Defender's table side; each rule a test quoting the rulebook's sentence."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

import pytest

import workbench
from workbench import tanks
from workbench.files.record_options import as_recorded
from workbench.games.tanks.boards.table import Table, TerrainPiece
from workbench.games.tanks.render.play import KEEP_CLEAR_TEXT
from workbench.games.tanks.rules import sections
from workbench.games.tanks.rules.setup import check_deployment
from workbench.games.tanks.widgets.view import TanksView
from workbench.render import svg_of
from workbench.render.legend import legend_entries
from workbench.render.themes import theme_named
from workbench.rules.canonical import canonical
from workbench.widgets.option_inputs import OptionInputs


@pytest.fixture(scope="module")
def standard():
    return tanks.load_scenario("standard-table")


@pytest.fixture(scope="module")
def placing(standard):
    """After the terrain roll: the American player (the second side's die higher) places."""
    start = tanks.start(standard)
    return tanks.apply(start, tanks.SetUpRoll((2, 5))).state


def _place_all(state):
    """Place every terrain piece at its first listed position."""
    while state.setup is not None and state.setup.step == "terrain":
        state = tanks.apply(state, tanks.legal_actions(state)[0]).state
    return state


def test_the_players_roll_and_the_higher_places_the_first_terrain_piece(standard):
    # Game Set Up: Table Setup: "Both players start the game by rolling a die. The player with
    # the higher roll places the first piece of terrain."
    start = tanks.start(standard)
    assert start.phase == "setup" and tanks.current_player(start) == tanks.CHANCE
    assert not start.tanks and len(start.reserve) == 4 and not start.table.pieces
    outcomes = tanks.chance_outcomes(start)
    # a tie is rolled again (the text names only a higher roll): 30 unequal pairs, 1/30 each
    assert len(outcomes) == 30 and {p for _, p in outcomes} == {Fraction(1, 30)}
    assert all(a.faces[0] != a.faces[1] for a, _ in outcomes)
    applied = tanks.apply(start, tanks.SetUpRoll((6, 1)))
    assert tanks.current_player(applied.state) == "German"  # the first side named rolled 6
    assert applied.events[0].reasons[0].section == sections.TABLE_SETUP
    with pytest.raises(tanks.IllegalAction, match="not one of the chance outcomes"):
        tanks.apply(start, tanks.SetUpRoll((3, 3)))


def test_players_alternate_woods_first_then_buildings(placing):
    # Table Setup: "Players alternate placing terrain, starting with the two woods and moving
    # on to the four buildings, until all six terrain pieces have been placed."
    assert tanks.current_player(placing) == "American"
    offered = tanks.legal_actions(placing)
    assert offered and {a.piece for a in offered} == {"North wood", "South-west wood"}
    farmhouse = tanks.PlaceTerrain("Farmhouse", 45, 45)
    with pytest.raises(tanks.IllegalAction, match="woods are placed first") as refused:
        tanks.apply(placing, farmhouse)
    assert refused.value.section == sections.TABLE_SETUP
    state, placers = placing, []
    while state.setup.step == "terrain":
        placers.append(tanks.current_player(state))
        action = tanks.legal_actions(state)[-1]
        state = tanks.apply(state, action).state
        assert state.table.pieces[-1].name == action.piece
    kinds = [p.kind for p in state.table.pieces]
    assert kinds[:2] == ["woods", "woods"] and set(kinds[2:]) == {"building"}
    assert placers[:4] == ["American", "German", "American", "German"]


def test_no_piece_within_a_measuring_arrow_of_another_or_an_edge(placing):
    # Table Setup: "Terrain pieces may not be placed within a Measuring Arrow of another piece
    # of terrain or any table edge."
    reach = placing.table.arrow.length
    near_edge = tanks.PlaceTerrain("North wood", 10, 45)
    verdict = tanks.explain(placing, near_edge)
    assert not verdict.legal and verdict.reasons[0].section == sections.TABLE_SETUP
    assert "within a Measuring Arrow" in verdict.reasons[0].text
    with pytest.raises(tanks.IllegalAction, match="from the table edge"):
        tanks.apply(placing, near_edge)
    first = tanks.apply(placing, tanks.PlaceTerrain("North wood", 45, 45)).state
    with pytest.raises(tanks.IllegalAction, match="from North wood, within a Measuring Arrow"):
        tanks.apply(first, tanks.PlaceTerrain("South-west wood", 45, 45 + 10 + reach - 1))
    assert not placing.table.pieces  # the state refused is unchanged
    for action in tanks.legal_actions(first)[::12]:  # listed positions keep the distance
        assert tanks.explain(first, action).legal
    wood = first.table.piece_named("North wood").polygon
    assert wood.bounds == (39.0, 40.0, 51.0, 50.0)  # its box's centre at (45, 45)


def test_the_higher_second_roll_chooses_attacker_or_defender(placing):
    # Game Set Up: Attacker or Defender: "After the terrain is set up, each player rolls
    # another die, and the player with the higher result may choose whether to be the
    # Attacker or Defender."
    rolled = _place_all(placing)
    assert rolled.setup.step == "sides-roll" and tanks.current_player(rolled) == tanks.CHANCE
    choosing = tanks.apply(rolled, tanks.SetUpRoll((4, 1))).state
    assert tanks.current_player(choosing) == "German"
    assert tanks.legal_actions(choosing) == [
        tanks.ChooseRole("attacker"),
        tanks.ChooseRole("defender"),
    ]
    chosen = tanks.apply(choosing, tanks.ChooseRole("defender"))
    assert (chosen.state.attacker, chosen.state.defender) == ("American", "German")
    assert chosen.events[0].reasons[0].section == sections.ATTACKER_DEFENDER
    # "the defender chooses which side of the table they want to deploy on"
    assert tanks.current_player(chosen.state) == "German"


def test_the_defender_chooses_a_side_and_the_attacker_takes_the_opposite_edge(placing):
    # Game Set Up: Deployment: "The Defender now chooses a table side to deploy from. The
    # Attacker will deploy on the opposite table edge."
    state = tanks.apply(_place_all(placing), tanks.SetUpRoll((1, 6))).state
    state = tanks.apply(state, tanks.ChooseRole("attacker")).state  # American attacks
    assert len(tanks.legal_actions(state)) == 4
    battle = tanks.apply(state, tanks.ChooseEdge("west")).state
    assert dict(battle.deploy_at) == {"German": "west", "American": "east"}
    assert battle.phase == "deployment" and battle.setup is None and len(battle.reserve) == 4
    quick = replace(state, options={**state.options, "deployment": "quick"})
    battle = tanks.apply(quick, tanks.ChooseEdge("west")).state  # placed by the workbench
    assert battle.phase == "movement" and len(battle.tanks) == 4
    for tank in battle.tanks:
        assert check_deployment(battle.table, battle.deploy_at[tank.side], tank.hull) is None
    assert {(d.side, d.at) for d in battle.table.deployments} == {
        ("Defender", "west"),
        ("Attacker", "east"),
    }
    with pytest.raises(tanks.IllegalAction, match="the Defender, chooses a table side") as no:
        tanks.apply(state, tanks.Stay(battle.tanks[0].id))
    assert no.value.section == sections.DEPLOYMENT


def test_players_deploy_after_a_played_set_up(standard):
    # Deployment: "The players place their tanks on the table in Initiative order."
    start = tanks.start(standard, {"deployment": "players", "attacker": "German"})
    state = _place_all(tanks.apply(start, tanks.SetUpRoll((5, 2))).state)
    # an Attacker agreed in the options: no second roll, the Defender chooses the side
    assert state.setup.step == "table-side" and tanks.current_player(state) == "American"
    deploying = tanks.apply(state, tanks.ChooseEdge("south")).state
    assert deploying.phase == "deployment" and len(deploying.reserve) == 4
    assert all(isinstance(a, tanks.Deploy) for a in tanks.legal_actions(deploying))


def test_a_piece_with_no_place_left_is_set_aside():
    # the reading where the text is silent (table_setup.py): the rulebook assumes room
    houses = [TerrainPiece.box(f"House {i}", "building", 5 + 15 * i, 5, 10, 10) for i in range(3)]
    small = Table("small", width=60, depth=60, pieces=houses)
    state = tanks.apply(tanks.start(small), tanks.SetUpRoll((6, 1))).state
    placed = tanks.apply(state, tanks.PlaceTerrain("House 0", 30, 30))
    assert [e.text for e in placed.events[1:]] == [
        "House 1 is set aside: no place is left for it",
        "House 2 is set aside: no place is left for it",
    ]
    assert placed.state.setup.step == "sides-roll" and placed.state.setup.set_aside


def test_table_setup_is_an_option_old_records_read_as_given(standard, tmp_path):
    option = next(o for o in tanks.options(standard) if o.name == "table_setup")
    assert option.default == "played" and option.if_unwritten == "given"
    assert as_recorded("tanks", standard, {})["table_setup"] == "given"
    given = tanks.start(standard, {"table_setup": "given", "deployment": "quick"})
    assert given.phase == "movement" and len(given.table.pieces) == 6
    menu = OptionInputs(tanks.GAME.options(standard))  # the app's new-game choices
    assert {"table_setup", "terrain_grid"} <= set(menu.inputs)
    corner = tanks.load_scenario("barkmanns-corner")  # the scenario gives map, sides, corners
    assert "table_setup" not in {o.name for o in tanks.options(corner)}
    assert tanks.start(corner).phase == "deployment"  # its players place their tanks
    record = tanks.play(standard, seed=4, options={"turn_limit": 1})
    assert record.steps[0].action["type"] == "SetUpRoll"
    again = workbench.load(record.save(tmp_path / "played.json"))
    assert again.options["table_setup"] == "played"  # written out: a later default changes nothing
    assert canonical(tanks.replay(again)) == canonical(tanks.replay(record))


def test_the_stepper_shows_the_set_up_and_places_at_a_click(placing):
    view, game = TanksView(), tanks.GAME
    assert view.status(game, placing) == [
        "Game Set Up: American places a woods (6 to place)",
        "click on the table where it goes, then again to place it",
    ]
    offer = view.click(game, placing, None, (44, 46), None, None)
    assert offer.action == tanks.PlaceTerrain("North wood", 45.0, 45.0) and not offer.commit
    again = view.click(game, placing, None, (44, 46), None, offer.action)
    assert again.commit


def test_the_picture_draws_the_set_up_and_the_distances_a_piece_keeps(placing):
    placed = tanks.apply(placing, tanks.PlaceTerrain("North wood", 45, 45)).state
    svg = svg_of(placed)
    assert "North wood" in svg and "set-up: German places a woods (5 to place)" in svg
    assert "a Measuring Arrow from North wood" in svg  # the line no new piece may cross
    assert "a Measuring Arrow from the table edges" in svg
    names = [e.name for e in legend_entries(placed, theme_named(None), 1.0)]
    assert KEEP_CLEAR_TEXT in names
    after = _place_all(placed)
    assert "Measuring Arrow from" not in svg_of(after)  # drawn only while terrain is placed


def test_the_stepper_plays_the_set_up_steps(standard):
    from workbench.widgets.stepper import Stepper

    stepper = Stepper(standard, "tanks", seed=3)
    assert "Game Set Up: both players roll a die" in stepper.panel_text
    stepper.roll()
    assert "places the first piece of terrain (Game Set Up: Table Setup)" in stepper.panel_text
    stepper.click_cell("44,46")
    assert isinstance(stepper.proposed, tanks.PlaceTerrain) and stepper.cursor == 1
    stepper.click_cell("44,46")
    assert stepper.cursor == 2 and len(stepper.state.table.pieces) == 1


def test_the_listed_positions_follow_the_terrain_grid_option(standard):
    listed = {}
    for grid in (5, 9):
        start = tanks.start(standard, {"terrain_grid": grid})
        offered = tanks.legal_actions(tanks.apply(start, tanks.SetUpRoll((1, 2))).state)
        assert all(a.x % grid == 0 and a.y % grid == 0 for a in offered)
        listed[grid] = len(offered)
    assert listed[5] > listed[9] > 0
    with pytest.raises(tanks.OptionError) as refused:
        tanks.start(standard, {"terrain_grid": 0})
    assert refused.value.option == "terrain_grid"
