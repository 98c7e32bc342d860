"""Reinforcements deployed with Movement cards, from the words of Part 2 - Scenarios:
Stage 2's Kuromorimine Reinforcements and Pravda Reinforcements (readings in
``scenario_rules/kuromorimine_stage_2.py`` and ``scenario_rules/pravda.py`` of
``workbench/games/panzer_vor/rules``); and Stage 2's entry from 1019."""

from __future__ import annotations

import functools

from tests.panzer_vor_match import GAME, arranged, play, scenario
from tests.test_panzer_vor_scenario_rules import _stage_1_over, at
from workbench.games.panzer_vor.rules import hooks, linked
from workbench.games.panzer_vor.rules.actions import Choose, Move, PlayCard, Select, Stop
from workbench.games.panzer_vor.rules.match import Choice, Order, evolve
from workbench.games.panzer_vor.rules.scenario_rules import pravda
from workbench.games.panzer_vor.rules.scenario_rules.kuromorimine_stage_2 import DUE, OPEN
from workbench.games.panzer_vor.rules.turn import next_turn

KURO = "Kuromorimine"


@functools.cache
def _stage_2():
    return linked.next_stage(_stage_1_over(), scenario("kuromorimine-stage-2"))


def _kuro_turn(flags=frozenset(), cards=("Move",), active=1):
    """Stage 2 after Stage 1, Kuromorimine's Action Phase, holding ``cards``."""
    match = _stage_2()
    match = evolve(match, stack=(), phase="action", active=active, flags=frozenset(flags),
                   hands={**match.hands, KURO: tuple(sorted(cards))})  # fmt: skip
    return evolve(match, total_cards=match.cards_accounted())


def _placements(match):
    return [a for a in GAME.legal_actions(match) if isinstance(a, Choose)]


# --- Kuromorimine Reinforcements -------------------------------------------------------------


def test_no_reinforcements_before_a_condition_is_met():
    match = play(_kuro_turn(), PlayCard("Move"))
    assert not _placements(match)
    moved = play(match, Select("Maus"), Stop())
    assert len(moved.reserves[KURO]) == len(match.reserves[KURO])


def test_each_condition_makes_them_due_from_the_next_turn_not_at_once():
    # "after an Enforcement Card is drawn, the Reinforcements Card is drawn, or the Maus is
    # destroyed ... starting on their next turn" "Once any of these conditions are met,
    # starting on their next turn the Kuromorimine player may begin to deploy all of their
    # remaining undestroyed tanks from Stage 1 in hexes 0108 and 0109."
    match = _kuro_turn()
    due = [
        hooks.enforcement_drawn(match, KURO, []),
        hooks.drawn(match, "Ōarai", "reinforcements", []),
        hooks.after_destroyed(match, match.board.tank("Maus"), []),
    ]
    for after in due:
        assert DUE in after.flags and OPEN not in after.flags
        assert not _placements(play(after, PlayCard("Move")))  # not the turn it was met


def test_met_in_the_kuromorimine_turn_they_open_on_its_next_turn():
    match = hooks.enforcement_drawn(_kuro_turn(active=1), KURO, [])
    oarai_turn = next_turn(evolve(match, phase="end"))
    assert oarai_turn.side_to_act == "Ōarai" and OPEN not in oarai_turn.flags
    kuro_turn = next_turn(evolve(oarai_turn, stack=(), phase="end"))
    assert kuro_turn.side_to_act == KURO and OPEN in kuro_turn.flags


def test_met_in_the_oarai_turn_they_open_on_the_kuromorimine_turn_that_follows():
    match = hooks.enforcement_drawn(_kuro_turn(active=0), "Ōarai", [])
    kuro_turn = next_turn(evolve(match, phase="end"))
    assert kuro_turn.side_to_act == KURO and OPEN in kuro_turn.flags and DUE not in kuro_turn.flags


def test_the_first_deployment_must_include_the_flag_tank():
    # "The first time you deploy reinforcements, one of the tanks deployed must be the Flag Tank."
    match = play(_kuro_turn({OPEN}), PlayCard("Move"))
    options = {a.option for a in _placements(match)}
    assert {"Tiger I@0108", "Tiger I@0109", "Tiger II@0108", "Panther@0109"} <= options
    assert "Panther 2@0108" not in options  # the same tank as Panther, offered once
    match = play(match, Choose("Tiger II@0108"))
    # the Flag Tank must now take 0109 before the card goes on
    assert GAME.legal_actions(match) == [Choose("Tiger I@0109")]
    match = play(match, Choose("Tiger I@0109"))
    labels = {match.board.map.grid.label(match.board.tank(t).hex) for t in ("Tiger II", "Tiger I")}
    assert labels == {"0108", "0109"}
    flags = [t.id for t in match.tanks_of(KURO) if t.flag]
    assert flags == ["Tiger I"]  # Stage 1's Flag Tank, the only one (the Maus carries none)
    # "they may use the move listed on the card on the newly placed tanks or on another one"
    selects = {a.tank for a in GAME.legal_actions(match) if isinstance(a, Select)}
    assert {"Tiger I", "Tiger II", "Maus"} <= selects
    assert not _placements(match)  # one tank in each of those hexes


def test_placing_is_a_may_and_a_later_card_places_any_tank():
    match = play(_kuro_turn({OPEN}, cards=("Move", "Move")), PlayCard("Move"))
    assert Select("Maus") in GAME.legal_actions(match)  # no tank need be placed
    match = play(match, Choose("Tiger I@0108"), Select("Tiger I"))
    move = next(a for a in GAME.legal_actions(match) if isinstance(a, Move))
    match = play(match, move)
    match = evolve(match, stack=(), phase="action", actions_left=1)
    options = {a.option for a in _placements(play(match, PlayCard("Move")))}
    assert {"Tiger II@0109", "Panther@0109"} <= options  # the Flag Tank came already


def test_no_tank_is_deployed_into_an_occupied_arrival_hex():
    # "a new tank may not be deployed into either of these hexes while another tank is
    # occupying it"; with one hex free the first deployment is the Flag Tank's
    match = at(_kuro_turn({OPEN}), {"Panzer III Ausf. J": "0108"})
    match = play(match, PlayCard("Move"))
    assert [a.option for a in _placements(match)] == ["Tiger I@0109"]


def test_move_all_tanks_moves_the_new_tanks_too():
    # "If using the Move All Tanks card to deploy a reinforcement tank, you may also move all
    # of your tanks currently on the board."
    match = play(_kuro_turn({OPEN}, cards=("Move All Tanks",)), PlayCard("Move All Tanks"))
    match = play(match, Choose("Tiger I@0108"), Choose("Panther@0109"))
    selects = {a.tank for a in GAME.legal_actions(match) if isinstance(a, Select)}
    assert selects == {t.id for t in match.tanks_of(KURO)} == {
        "Maus", "Panzer III Ausf. J", "Tiger I", "Panther"}  # fmt: skip


def test_only_movement_cards_deploy():
    match = play(_kuro_turn({OPEN}, cards=("Fire",)), PlayCard("Fire"))
    assert not _placements(match)


# --- Stage 2: the entry from 1019 --------------------------------------------------------------


def test_stage_2_entry_is_one_move_as_if_with_4_mp_and_no_card():
    # "the Ōarai player has their remaining tanks enter the map from hex 1019. Each tank
    # carries out one Move action as if it had 4 movement points (these moves do not require
    # any cards to be played)."
    match = evolve(_stage_2(), stack=(Choice("Ōarai", "enter", ("1019",)),))
    hand = match.hand("Ōarai")
    entered = []
    while isinstance(match.top, Choice) and match.top.purpose == "enter":
        match = play(match, Choose("1019"))
        order = match.top
        assert isinstance(order, Order) and order.mp == 4
        tank = match.board.tank(order.tank)
        moves = [a for a in GAME.legal_actions(match) if isinstance(a, Move)]
        assert moves and all(isinstance(a, Move) for a in GAME.legal_actions(match))
        far = max(match.board.map.hex(m.to).distance(tank.hex) for m in moves)
        assert far == 4  # 4 MP whatever the tank's own Movement (a Char B1 bis has 2)
        match = play(match, max(moves, key=lambda m: match.board.map.hex(m.to).distance(tank.hex)))
        entered.append(tank.id)
    assert len(entered) == 8 and not match.reserves["Ōarai"]
    assert match.hand("Ōarai") == hand  # no card was played


# --- Pravda Reinforcements ---------------------------------------------------------------------


def _pravda_moved(reserves=None):
    match = arranged("pravda", hands={"Pravda": ("Move",)})
    if reserves is not None:
        waiting = [t for t in match.reserves["Pravda"] if t.name in reserves]
        match = evolve(match, reserves={"Pravda": tuple(waiting)})
    match = play(match, PlayCard("Move"), Select("T-34/76"))
    return play(match, next(a for a in GAME.legal_actions(match) if isinstance(a, Move)))


def test_pravda_deploys_a_tank_of_its_choice_after_each_movement_card():
    # "deploys one of their remaining tanks into the Pravda deployment zone each time they
    # play a Movement Card ... after moving a tank that is already on the map ... may choose
    # the order in which the T-34/76s and T34/85s ... are deployed"
    match = _pravda_moved()
    first = ("T-34/76 (reinforcement 1)", "T-34/85 (reinforcement 5)")  # one of each type
    assert match.top == Choice("Pravda", "deploy which", first)
    match = play(match, Choose("T-34/85 (reinforcement 5)"))
    zone = match.board.map.zones["Pravda deployment"]
    live = {t.hex for t in match.board.tanks}
    free = sorted(match.board.map.grid.label(h) for h in zone if h not in live)
    assert match.top == Choice("Pravda", "deploy", tuple(free), ("T-34/85 (reinforcement 5)",))
    match = play(match, Choose(free[-1]))
    placed = match.board.tank("T-34/85 (reinforcement 5)")
    assert match.board.map.grid.label(placed.hex) == free[-1]
    assert len(match.reserves["Pravda"]) == 9


def test_the_kv2_and_is2_only_after_all_the_t34s():
    # Pravda Reinforcements: "The KV-2 and IS-2 may only be deployed after all of the T-34s
    # have been deployed."
    match = _pravda_moved(reserves=("T-34/85", "KV-2", "IS-2"))
    assert match.top.purpose == "deploy" and match.top.data == ("T-34/85 (reinforcement 5)",)
    last = _pravda_moved(reserves=("KV-2", "IS-2"))
    assert last.top.options == ("KV-2 (reinforcement 9)", "IS-2 (reinforcement 10)")
    assert pravda.pravda_choices(last) == last.top.options


def test_random_stage_2_games_after_stage_1_deploy_reinforcements_and_keep_the_invariants():
    from workbench.rules.play import random_player
    from workbench.testing.conformance import playout

    placed = []

    def counting(game, observation, rng):
        action = random_player(game, observation, rng)
        placed.append(isinstance(action, Choose) and isinstance(observation.state.top, Order))
        return action

    for seed in range(3):
        report = playout(GAME, None, seed, state=_stage_2(), invariants=[GAME.invariants],
                         alternatives=0, illegal_samples=0, choose=counting)  # fmt: skip
        assert report.outcome is not None
    assert any(placed)  # reinforcements came in at 0108 and 0109


# --- Pravda: Characters (on different Reinforcement tanks) --------------------------------------


@functools.cache
def _pravda_riders():
    """Pravda's match played by choices up to its characters' choice (the tanks on the map
    deployed, the flag marker placed: each the first choice listed)."""
    match = GAME.start(scenario("pravda"))
    while not (isinstance(match.top, Choice) and match.top.purpose == pravda.RIDER):
        match = play(match, GAME.legal_actions(match)[0])
    return match


def test_pravda_chooses_a_different_reinforcement_tank_for_each_character():
    # "Characters (on different Reinforcement tanks): Katyusha (Front), Nonna (Front)"
    match = _pravda_riders()
    waiting = tuple(t.id for t in match.reserves["Pravda"])
    assert GAME.current_player(match) == "Pravda" and len(waiting) == 10
    assert _placements(match) == [Choose(t) for t in waiting]  # Katyusha's, any waiting tank
    match = play(match, Choose("T-34/76 (reinforcement 2)"))
    assert Choose("T-34/76 (reinforcement 2)") not in _placements(match)  # Nonna's: another
    before = GAME.fingerprint(match)
    refused = GAME.explain(match, Choose("T-34/76 (reinforcement 2)"))
    assert not refused.legal and "Nonna" in refused.lines()[-1] and "Pravda High" in str(refused)
    assert GAME.fingerprint(match) == before
    match = play(match, Choose("T-34/85 (reinforcement 6)"))
    rides = {c.name: c.arrives_with for c in match.crew if c.side == "Pravda"}
    assert rides == {"Katyusha": "T-34/76 (reinforcement 2)", "Nonna": "T-34/85 (reinforcement 6)"}
    assert {c.face for c in match.crew if c.side == "Pravda"} == {"front"}


def test_a_character_on_a_t34_may_arrive_before_the_kv2_and_is2():
    # "The Pravda player may choose the order in which the T-34/76s and T34/85s ... are
    # deployed": the T-34/76 carrying Katyusha is a choice of its own
    match = play(
        _pravda_riders(), Choose("T-34/76 (reinforcement 2)"), Choose("KV-2 (reinforcement 9)")
    )
    match = evolve(match, stack=(), phase="action", waiting_cards=())
    assert "T-34/76 (reinforcement 2)" in pravda.pravda_choices(match)
    assert "KV-2 (reinforcement 9)" not in pravda.pravda_choices(match)  # after the T-34s


def test_the_fixed_kv2_and_is2_reading_is_an_option_and_what_older_records_played():
    match = GAME.start(scenario("pravda"), {"pravda_characters": "kv-2-and-is-2"})
    assert not any(getattr(f, "purpose", "") == pravda.RIDER for f in match.stack)
    rides = {c.name: c.arrives_with for c in match.crew if c.side == "Pravda"}
    assert rides == {"Katyusha": "KV-2 (reinforcement 9)", "Nonna": "IS-2 (reinforcement 10)"}
    (option,) = [o for o in GAME.options(scenario("pravda")) if o.name == "pravda_characters"]
    assert (option.default, option.if_unwritten) == ("choose", "kv-2-and-is-2")


# --- Stage 2 reached from Stage 1: Kuromorimine's own tanks placed by choice --------------------


def test_stage_2_after_stage_1_lets_kuromorimine_place_the_panzer_iii_near_the_maus():
    # Stage 2: "Maus: Hex 0417 - Panzer III Ausf. J: Any hex within three hexes of the Maus";
    # "Deployment: Ōarai deploys first"
    from workbench.games.panzer_vor.rules.actions import Deploy

    stage_1 = _stage_1_over()  # set up quick: Stage 2 is placed quick too
    assert "Panzer III Ausf. J" in {t.id for t in _stage_2().board.tanks}
    chosen = evolve(stage_1, flags=stage_1.flags - {"quick setup"})  # set up by choices
    quick = linked.next_stage(chosen, scenario("kuromorimine-stage-2"), "quick")
    assert "Panzer III Ausf. J" in {t.id for t in quick.board.tanks}  # the named option
    match = linked.next_stage(chosen, scenario("kuromorimine-stage-2"))
    assert "Panzer III Ausf. J" not in {t.id for t in match.board.tanks}
    GAME.invariants(match)
    for _ in range(200):
        if isinstance(match.top, Choice) and match.top.purpose == "position":
            break
        chance = GAME.chance_outcomes(match)
        match = play(match, chance[0][0] if chance else GAME.legal_actions(match)[0])
    assert GAME.current_player(match) == KURO and match.stack == (match.top,)  # last of all
    assert match.tanks_of("Ōarai")  # after Ōarai's tanks entered at 1019
    maus = match.board.tank("Maus").hex
    deploys = [a for a in GAME.legal_actions(match) if isinstance(a, Deploy)]
    assert deploys and {a.tank for a in deploys} == {"Panzer III Ausf. J"}
    assert all(match.board.map.hex(a.to).distance(maus) <= 3 for a in deploys)
    far = next(h for h in match.board.map.grid if h.distance(maus) == 4)
    refused = GAME.explain(match, Deploy("Panzer III Ausf. J", match.board.map.grid.label(far), 0))
    assert not refused.legal and "deployment area" in str(refused)
    match = play(match, deploys[0])
    assert match.board.tank("Panzer III Ausf. J").hex == match.board.map.hex(deploys[0].to)
    GAME.invariants(match)
