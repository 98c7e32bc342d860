"""Test Your Luck! played by the rules: the enemy tanks act by dice (Play Order), the Panzer
IV Upgrade, the shrine at 1118 and the fortune table (Ending the Game)."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

import pytest

from tests.panzer_vor_match import GAME, arranged, play, scenario
from workbench.games.panzer_vor.rules.actions import Choose, Die, Move, Pass, PlayCard, Roll, Select
from workbench.games.panzer_vor.rules.bots import greedy_player
from workbench.games.panzer_vor.rules.deck import Draw
from workbench.games.panzer_vor.rules.ending import CardGameEnd
from workbench.games.panzer_vor.rules.match import Chance, Drawing, Shot, evolve
from workbench.games.panzer_vor.rules.scenario_rules.test_your_luck import discard_modifier, fortune
from workbench.rules.core import replay
from workbench.rules.play import play as play_game

PLAYER, ENEMY = "Ōarai", "Other"
PZ = "Panzer IV Ausf. D"


def solo(hand=(), **changes):
    return arranged("test-your-luck", hands={PLAYER: hand}, deck={"Fire": 20}, **changes)


def at(match, **where):
    board = match.board
    for tank_id, label in where.items():
        board = board.with_tank(replace(board.tank(tank_id), hex=board.map.hex(label)))
    return evolve(match, board=board)


def enemy_turn(match):
    return play(match, Pass(), Pass())  # the player ends the Action and Event Phases


def test_a_die_picks_the_acting_enemy_tank():
    match = enemy_turn(solo())
    assert match.top == Chance("enemy", 6, ENEMY, ("Matilda II", "M4 (75)", "T-34/76"))
    assert [p for _, p in GAME.chance_outcomes(match)] == [Fraction(1, 6)] * 6


@pytest.mark.parametrize(("die", "tank"), [(1, "Matilda II"), (2, "Matilda II"),
                                           (3, "M4 (75)"), (4, "M4 (75)"),
                                           (5, "T-34/76"), (6, "T-34/76")])  # fmt: skip
def test_the_enemy_fires_if_it_can(die, tank):
    # every enemy within range of the Panzer IV, on the open road
    match = at(solo(), **{PZ: "1010", "Matilda II": "1012", "M4 (75)": "1008", "T-34/76": "0910"})
    match = play(enemy_turn(match), Die(die))
    assert isinstance(match.top, Shot) and (match.top.firer, match.top.target) == (tank, PZ)


def test_an_enemy_that_cannot_fire_moves_along_a_shortest_route():
    match = enemy_turn(solo())
    before = match.board.tank("Matilda II").hex
    target = match.board.tank(PZ).hex
    match = play(match, Die(1))
    if isinstance(match.top, Chance):  # tied routes: a die picks one
        assert match.top.purpose == "route" and match.top.n > 1
        match = play(match, Die(1))
    after = match.board.tank("Matilda II").hex
    assert after.distance(target) < before.distance(target)


def test_a_die_that_picks_a_destroyed_enemy_is_rolled_again():
    match = solo()
    match = evolve(match, board=match.board.without(["Matilda II"]))
    match = play(enemy_turn(match), Die(2))
    assert isinstance(match.top, Chance) and match.top.purpose == "enemy"


def test_an_enforcement_card_downgrades_the_panzer_iv_instead_of_its_effect():
    match = solo()
    match = evolve(match, deck=(("Desperate Situation!", 1), ("Fire", 5)))
    match = evolve(match, total_cards=match.cards_accounted())
    board = match.board
    quick = GAME.start(scenario("mock-battle"), {"setup": "quick"})
    f2 = replace(board.tank(PZ), counter=quick.board.tank("Panzer IV Ausf. F2").counter)
    match = evolve(match, board=board.with_tank(f2), stack=(Drawing(PLAYER, 1, True),),
                   phase="draw")  # fmt: skip
    match = play(match, Draw("Desperate Situation!"))
    assert match.board.tank(PZ).name == "Panzer IV Ausf. D"  # downgraded one step
    assert "desperate" not in match.restrictions  # its printed effect is ignored
    again = evolve(match, stack=(Drawing(PLAYER, 1, True),), phase="draw",
                   deck=(("Desperate Situation!", 1), ("Fire", 4)))  # fmt: skip
    again = evolve(again, total_cards=again.cards_accounted())
    again = play(again, Draw("Desperate Situation!"))
    assert again.board.tank(PZ).name == "Panzer IV Ausf. D"  # an Ausf. D stays an Ausf. D


def test_recon_may_upgrade_the_panzer_iv_one_step():
    match = solo(hand=("Recon",), phase="event")
    match = play(match, PlayCard("Recon"))
    assert GAME.legal_actions(match) == [Choose("upgrade"), Choose("keep")]
    match = play(match, Choose("upgrade"))
    assert match.board.tank(PZ).name == "Panzer IV Ausf. F2"


def test_entering_the_shrine_and_spending_a_movement_point_ends_with_a_fortune():
    match = at(solo(hand=("Move",)), **{PZ: "1117"})
    match = play(match, PlayCard("Move"), Select(PZ))
    into = [a for a in GAME.legal_actions(match) if isinstance(a, Move) and a.to == "1118"]
    match = play(match, into[0])
    assert match.top == Chance("fortune", 6, PLAYER)
    match = play(match, Die(3))
    outcome = GAME.outcome(match)
    assert outcome.termination is CardGameEnd.FORTUNE and outcome.winner == PLAYER
    # die 3, no enemy destroyed, 1 card discarded (-1): total 2, Great Luck
    assert "Great Luck" in outcome.reasons[-1].text


def test_the_fortune_table_and_the_discard_modifiers():
    assert [fortune(t).split(" (")[0] for t in (1, 2, 3, 4, 5, 6, 7, 9)] == [
        "Great Luck", "Great Luck", "Good Luck", "A Little Luck", "Fortunate", "Bad Luck",
        "Terrible Luck", "Terrible Luck"]  # fmt: skip
    assert [discard_modifier(n) for n in (1, 15, 16, 25, 26, 30, 31, 35, 36)] == [
        -1, -1, 0, 0, 1, 1, 2, 2, 3]  # fmt: skip


def test_the_panzer_iv_destroyed_is_terrible_luck():
    match = at(solo(), **{PZ: "1010", "T-34/76": "1011"})
    match = play(enemy_turn(match), Die(6), Roll((6, 6)), Roll((6, 6)))
    outcome = GAME.outcome(match)
    assert outcome.termination is CardGameEnd.TERRIBLE_LUCK and outcome.winner == ENEMY


def test_a_seeded_game_runs_to_its_fortune_and_replays():
    record = play_game(GAME, scenario("test-your-luck"), greedy_player, seed=32)
    states = replay(record, GAME)
    outcome = GAME.outcome(states[-1])
    assert outcome.termination is CardGameEnd.FORTUNE
    assert "Luck" in outcome.reasons[-1].text or "Fortunate" in outcome.reasons[-1].text
