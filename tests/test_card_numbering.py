"""The card game's actions numbered relative to the match
(workbench.games.panzer_vor.numbering.card_slots): every scenario fits in OpenSpiel's 10^5
numbers, and a number names the same relative action — the acting side's k-th tank, an offset
from its hex — wherever that tank stands."""

from __future__ import annotations

import random

import pytest

from workbench.games import get_game
from workbench.games.panzer_vor.rules.actions import Deploy, Move
from workbench.openspiel import NotNumbered, action_space
from workbench.openspiel.numbering import MAX_ACTIONS
from workbench.rules.core import CHANCE, TERMINAL
from workbench.rules.play import sample_chance

RULES = get_game("panzer-vor")


def test_every_card_game_scenario_fits_in_ten_to_the_fifth():
    sizes = {name: len(action_space("panzer-vor", name)) for name in RULES.scenarios()}
    assert len(sizes) == 10
    assert max(sizes.values()) <= MAX_ACTIONS, sizes


def states(scenario, seed, steps):
    state = RULES.start(RULES.load_scenario(scenario))
    rng = random.Random(seed)
    for _ in range(steps):
        who = RULES.current_player(state)
        if who is TERMINAL:
            return
        yield state
        if who is CHANCE:
            pick = sample_chance(RULES.chance_outcomes(state), rng)
        else:
            pick = rng.choice(RULES.legal_actions(state))
        state = RULES.apply(state, pick).state


def test_a_move_number_is_the_acting_side_s_tank_slot_and_its_offset():
    space = action_space("panzer-vor", "mock-battle")
    seen = {}  # (acting side, number) -> (tank, offset, facing, ability)
    starts = set()  # (tank, the hex it moves from)
    for state in states("mock-battle", seed=1, steps=300):
        if any(state.lost.values()) or state.gone:
            break  # a tank lost: the later ones move up a slot
        for action in RULES.legal_actions(state):
            if not isinstance(action, Move):
                continue
            n = space.number(action, state)
            tank = state.board.tank(action.tank)
            offset = state.board.map.grid.hex(action.to) - tank.hex
            meaning = (action.tank, offset, action.facing, action.ability)
            starts.add((action.tank, tank.hex))
            seen.setdefault((tank.side, n), set()).add(meaning)
    assert len(seen) > 50
    # one number: a side's one tank, offset, facing and ability, wherever the tank stands
    assert all(len(meanings) == 1 for meanings in seen.values())
    assert len(starts) > len({tank for tank, _ in starts})  # a tank moving from two hexes


def test_a_deploy_is_numbered_by_its_index_in_the_area_placed_in():
    space = action_space("panzer-vor", "mock-battle")
    state = next(s for s in states("mock-battle", 1, 50) if isinstance(s.top, object)
                 and getattr(s.top, "purpose", "") == "position")  # fmt: skip
    area = state.top.options
    deploys = [a for a in RULES.legal_actions(state) if isinstance(a, Deploy)]
    first = min(deploys, key=lambda a: space.number(a, state))
    assert (area.index(first.to), first.facing) == (0, 0)
    assert space.action(space.number(deploys[-1], state), state) == deploys[-1]
    with pytest.raises(NotNumbered, match="not in the deployment area"):
        space.number(Deploy(first.tank, "0101", 0), state)


def test_a_move_along_a_given_path_is_not_numbered():
    space = action_space("panzer-vor", "mock-battle")
    state = next(s for s in states("mock-battle", 4, 400)
                 if any(isinstance(a, Move) for a in RULES.legal_actions(s)))  # fmt: skip
    move = next(a for a in RULES.legal_actions(state) if isinstance(a, Move))
    with pytest.raises(NotNumbered, match="cheapest path"):
        space.number(Move(move.tank, move.to, move.facing, path=((move.to, move.facing),)), state)


def test_the_players_new_choices_are_numbered():
    # issue 49's played choices: HS0017's tank, Pravda's rider as a tank arrives, any
    # Movement card discarded for Anzio's CV33s
    from workbench.games.panzer_vor.numbering.card_space import tank_ids
    from workbench.games.panzer_vor.rules.actions import Choose, Discard, PlayCard

    stage_2 = RULES.start(RULES.load_scenario("kuromorimine-stage-2"))
    space = action_space("panzer-vor", "kuromorimine-stage-2")
    for tank in tank_ids(stage_2):
        action = PlayCard("HS0017", tank)
        assert space.action(space.number(action, stage_2), stage_2) == action
    for action in (Choose("no character"), Choose("Katyusha"), Discard("Full Speed Ahead!")):
        number = action_space("panzer-vor", "pravda").number(action, None)
        assert action_space("panzer-vor", "pravda").action(number, None) == action
