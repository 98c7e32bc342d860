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
    # Test Your Luck!: "You control the Panzer IV, while the other tanks act according to the
    # rules." Play Order: "Take your turn according to the normal rules - draw a card from the
    # deck and use it as best as you can." "At the end of your turn, the enemy tanks take their
    # actions. The enemy tanks to not require cards to act (they do not draw any from the
    # deck)."
    assert GAME.start(scenario("test-your-luck")).top == Drawing(PLAYER, 1, draw_phase=True)
    match = enemy_turn(solo())
    assert match.top == Chance("enemy", 6, ENEMY, ("Matilda II", "M4 (75)", "T-34/76"))
    assert [p for _, p in GAME.chance_outcomes(match)] == [Fraction(1, 6)] * 6
    acted = play(match, Die(1))
    assert acted.deck == match.deck and acted.hand(ENEMY) == ()  # no card drawn for it
    assert ENEMY not in {GAME.current_player(m) for m in (match, acted)}  # the dice act for it


@pytest.mark.parametrize(("die", "tank"), [(1, "Matilda II"), (2, "Matilda II"),
                                           (3, "M4 (75)"), (4, "M4 (75)"),
                                           (5, "T-34/76"), (6, "T-34/76")])  # fmt: skip
def test_the_enemy_fires_if_it_can(die, tank):
    # Play Order: "Instead, roll a die to determine which tank will act (e.g. the Matilda on
    # 1-2, the M4 3-4, and the T34/76 on 5-6). Use the following guidelines to determine what
    # action the enemy tank takes." "If the tank can fire, it will."
    # every enemy within range of the Panzer IV, on the open road
    match = at(solo(), **{PZ: "1010", "Matilda II": "1012", "M4 (75)": "1008", "T-34/76": "0910"})
    match = play(enemy_turn(match), Die(die))
    assert isinstance(match.top, Shot) and (match.top.firer, match.top.target) == (tank, PZ)


def test_an_enemy_that_cannot_fire_moves_along_a_shortest_route():
    # Play Order: "If the tank cannot fire, it moves." "When an enemy tank moves, it follows the
    # shortest route (in terms of number of hexes, not movement points) to the Panzer IV. If
    # there are multiple routes that are the same distance, roll a die to determine which one
    # it takes." (every tied route: tests/test_panzer_vor_movement.py)
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
    # Play Order: "If you draw an Enforcement Card, ignore its printed effect and consult the
    # Panzer IV Upgrade section to see if it downgrades your tank, then discard the card."
    # Panzer IV Upgrade: "If you draw an Enforcement Card from the deck, you must downgrade the
    # tank one level - if you draw an Enforcement Card while using the Panzer IV Ausf. D, its
    # type does not change."
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
    assert "Desperate Situation!" in match.discard
    again = evolve(match, stack=(Drawing(PLAYER, 1, True),), phase="draw",
                   deck=(("Desperate Situation!", 1), ("Fire", 4)))  # fmt: skip
    again = evolve(again, total_cards=again.cards_accounted())
    again = play(again, Draw("Desperate Situation!"))
    assert again.board.tank(PZ).name == "Panzer IV Ausf. D"  # an Ausf. D stays an Ausf. D


def test_recon_may_upgrade_the_panzer_iv_one_step():
    # Panzer IV Upgrade: "By using a Recon or Recovery card, you can upgrade the Panzer IV. Each
    # time you use one of these cards, you may increase the tank one step: [PzIV D] -> [PzIV F]
    # -> [PzIV H]. Exchange its counter for the appropriate one (you are not forced to
    # upgrade)."
    match = solo(hand=("Recon",), phase="event")
    match = play(match, PlayCard("Recon"))
    assert GAME.legal_actions(match) == [Choose("upgrade"), Choose("keep")]
    assert play(match, Choose("keep")).board.tank(PZ).name == PZ
    match = play(match, Choose("upgrade"))
    assert match.board.tank(PZ).name == "Panzer IV Ausf. F2"
    again = evolve(match, hands={PLAYER: ("Recovery",)}, event_played=False, stack=())
    again = play(again, PlayCard(GAME.legal_actions(again)[0].card, ""), Choose("upgrade"))
    assert again.board.tank(PZ).name == "Panzer IV Ausf. H"


def test_entering_the_shrine_and_spending_a_movement_point_ends_with_a_fortune():
    # Test Your Luck!: "Victory: Make it to the Ōarai Ocean Shrine and grab the ribbon (in
    # order to enter the shrine, you must enter hex 1118 and spend one movement point)." Ending
    # the Game: "If you make it safely to the temple, roll a die and apply the following
    # modifiers." "Use the final total to figure out your fortune."
    match = at(solo(hand=("Move",)), **{PZ: "1117"})
    match = play(match, PlayCard("Move"), Select(PZ))
    into = [a for a in GAME.legal_actions(match) if isinstance(a, Move) and a.to == "1118"]
    match = play(match, into[0])
    assert match.top == Chance("fortune", 6, PLAYER)
    rolling, match = match, play(match, Die(3))
    outcome = GAME.outcome(match)
    assert outcome.termination is CardGameEnd.FORTUNE and outcome.winner == PLAYER
    # die 3, no enemy destroyed, 1 card discarded (-1): total 2, Great Luck
    assert "Great Luck" in outcome.reasons[-1].text
    # "Each enemy tank destroyed: -1": die 5, one destroyed, -1 for the pile: 3, Good Luck
    one = play(evolve(rolling, destroyed={PLAYER: ("Matilda II",)}), Die(5))
    assert "Good Luck" in GAME.outcome(one).reasons[-1].text
    # the shrine entered with no movement point left to spend: no fortune yet
    far = at(solo(hand=("Move",)), **{PZ: "1115"})
    far = evolve(far, board=far.board.with_tank(replace(far.board.tank(PZ), facing=1)))
    far = play(far, PlayCard("Move"), Select(PZ))
    last = [a for a in GAME.legal_actions(far) if isinstance(a, Move) and a.to == "1118"]
    assert last and not isinstance(play(far, last[0]).top, Chance)


TABLE = [  # "| Total | Fortune |"
    "| 2 or less | Great Luck (There's no doubt about it, you're great!) |",
    "| 3 | Good Luck (Unpreparedness is one's greatest enemy) |",
    "| 4 | A Little Luck (Don't get bogged down in the little things, and focus on what matters) |",
    "| 5 | Fortunate (You might have a tough time) |",
    "| 6 | Bad Luck (Stop aiming so high) |",
    "| 7+ | Terrible Luck (Don't throw everything away for a fleeting chance) |",
]  # Ending the Game: the fortune table, row by row


@pytest.mark.parametrize("row", TABLE)
def test_each_row_of_the_fortune_table(row):
    total, text = (cell.strip() for cell in row.strip("| ").split(" | "))
    first = int(total.split()[0].rstrip("+"))
    totals = [first - 1, first] if "or less" in total else [first, first + 3] if "+" in total \
        else [first]  # fmt: skip
    assert all(fortune(t) == text for t in totals)


def test_the_fortune_table_and_the_discard_modifiers():
    # Ending the Game: "The number of cards in the discard pile: 1-15: -1; 16-25: 0; 26-30: +1;
    # 31-35: +2; 36+: +3"
    assert [fortune(t).split(" (")[0] for t in (1, 2, 3, 4, 5, 6, 7, 9)] == [
        "Great Luck", "Great Luck", "Good Luck", "A Little Luck", "Fortunate", "Bad Luck",
        "Terrible Luck", "Terrible Luck"]  # fmt: skip
    assert [discard_modifier(n) for n in (1, 15, 16, 25, 26, 30, 31, 35, 36)] == [
        -1, -1, 0, 0, 1, 1, 2, 2, 3]  # fmt: skip


def test_the_panzer_iv_destroyed_is_terrible_luck():
    # Ending the Game: "If the Panzer IV is destroyed or if the match ends after becoming
    # stagnant, your result is automatically Terrible Luck."
    match = at(solo(), **{PZ: "1010", "T-34/76": "1011"})
    match = play(enemy_turn(match), Die(6), Roll((6, 6)), Roll((6, 6)))
    outcome = GAME.outcome(match)
    assert outcome.termination is CardGameEnd.TERRIBLE_LUCK and outcome.winner == ENEMY
    stagnant = solo(marked="Thrown Tread", phase="draw", enforcement_drawn=4)
    stagnant = evolve(stagnant, stack=(Drawing(PLAYER, 1, True),), deck=(("Fire", 3),))
    stagnant = play(evolve(stagnant, total_cards=stagnant.cards_accounted()),
                    Draw("Thrown Tread", marked=True))  # fmt: skip
    assert GAME.outcome(stagnant).termination is CardGameEnd.TERRIBLE_LUCK


def test_a_seeded_game_runs_to_its_fortune_and_replays():
    record = play_game(GAME, scenario("test-your-luck"), greedy_player, seed=32)
    states = replay(record, GAME)
    outcome = GAME.outcome(states[-1])
    assert outcome.termination is CardGameEnd.FORTUNE
    assert "Luck" in outcome.reasons[-1].text or "Fortunate" in outcome.reasons[-1].text
