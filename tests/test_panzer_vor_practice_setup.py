"""The practice mode's deployment as the players' choices (option ``setup: "choose"``), from
Game Setup's words; the labelled quick deployment stays the practice mode's default."""

from __future__ import annotations

import pytest

from tests.panzer_vor_match import scenario
from workbench.games import get_game
from workbench.games.panzer_vor.rules.actions import Deploy, Move
from workbench.openspiel import action_space
from workbench.rules.core import IllegalAction

PRACTICE = get_game("panzer-vor-practice")
CHOOSE = {"setup": "choose"}


def _area(match):
    board = match.board
    return {board.map.grid.label(h) for h in scenario("mock-battle").deployment_hexes(
        match.deploying[0].side, board.map)}  # fmt: skip


def test_quick_stays_the_default_and_choose_is_an_option_where_tanks_wait():
    (option,) = [o for o in PRACTICE.options(scenario("mock-battle")) if o.name == "setup"]
    assert option.default == "quick" and option.choices == ("quick", "choose")
    assert not PRACTICE.start(scenario("mock-battle")).deploying  # placed at once
    assert "setup" not in [o.name for o in PRACTICE.options(scenario("test-your-luck"))]


def test_each_side_deploys_each_tank_in_its_area_the_first_side_first():
    # Game Setup: each player places their tanks in their deployment area, "free to choose
    # the facing"; "Only one tank may be placed in any one hex"; "Deployment: Team A deploys
    # first" (Mock Battle)
    match = PRACTICE.start(scenario("mock-battle"), CHOOSE)
    assert PRACTICE.current_player(match) == "Team A" and match.phase == "deployment"
    assert not any(t.side == "Team A" for t in match.board.tanks)
    legal = PRACTICE.legal_actions(match)
    assert legal and all(isinstance(a, Deploy) for a in legal)
    assert {a.to for a in legal} <= _area(match) and {a.facing for a in legal} == set(range(6))
    placed = legal[0]
    match = PRACTICE.apply(match, placed).state
    assert all(a.to != placed.to for a in PRACTICE.legal_actions(match))  # one tank a hex
    while match.deploying:
        match = PRACTICE.apply(match, PRACTICE.legal_actions(match)[-1]).state
    assert match.phase == "action" and match.turn == 1
    assert PRACTICE.current_player(match) == "Team B"  # Acts First: Team B
    assert len(match.board.tanks) == len(PRACTICE.start(scenario("mock-battle")).board.tanks)


def test_a_placement_outside_the_area_or_a_move_before_deployment_is_refused():
    match = PRACTICE.start(scenario("mock-battle"), CHOOSE)
    tank = match.deploying[0].tanks[0].id
    outside = next(
        match.board.map.grid.label(h) for h in match.board.map.grid
        if match.board.map.grid.label(h) not in _area(match)
    )  # fmt: skip
    before = PRACTICE.fingerprint(match)
    with pytest.raises(IllegalAction, match="deployment area"):
        PRACTICE.apply(match, Deploy(tank, outside, 0))
    with pytest.raises(IllegalAction, match="deploying its tanks"):
        PRACTICE.apply(match, Move(tank, outside, 0))
    taken = PRACTICE.apply(match, PRACTICE.legal_actions(match)[0]).state
    waiting = PRACTICE.reach(taken, PRACTICE.legal_actions(match)[0].tank)  # placed, waits
    assert not waiting.destinations and "deploying its tanks" in waiting.lines()[-1]
    other = taken.deploying[0].tanks[0].id
    with pytest.raises(IllegalAction, match="only one tank"):
        PRACTICE.apply(taken, Deploy(other, PRACTICE.legal_actions(match)[0].to, 0))
    assert PRACTICE.fingerprint(match) == before


def test_deployments_are_numbered_for_openspiel():
    space = action_space("panzer-vor-practice", "mock-battle", CHOOSE)
    match = PRACTICE.start(scenario("mock-battle"), CHOOSE)
    first = PRACTICE.legal_actions(match)[0]
    assert space.action(space.number(first)) == first
    quick = action_space("panzer-vor-practice", "mock-battle")
    assert len(quick) < len(space)  # the quick start numbers no deployment
