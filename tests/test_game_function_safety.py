"""Every public function of the three game modules checks its arguments (RELIABILITY.md,
promise 8): the issue's API holes, each refused with the library's own error naming what was
wrong, and a fuzz that calls each function with a valid call's arguments, one at a time
replaced by a bad value of every type. A call answers or raises a ``WorkbenchError`` within
its deadline, and no state it was given changes.

``WORKBENCH_GAME_FUZZ_EXAMPLES`` sets how many bad calls run: ``make test`` the same 300 every
time; ``make soak`` 20,000: every call with one argument bad (8,970), then calls with two
or three bad at once.
"""

from __future__ import annotations

import itertools
import json
import math
import os
import random
import shutil
import signal
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

import workbench
import workbench.panzer_strike as ps
import workbench.panzer_vor as pv
import workbench.tanks as tanks
from tests.test_panzer_vor_scenario_rules import _stage_1_over
from workbench.boards.hexmap import HexMap
from workbench.errors import ArgumentError, UnknownName, WorkbenchError
from workbench.files import BoardFileError
from workbench.games.panzer_strike.boards.tank_types import panzer_strike_types
from workbench.games.panzer_strike.rules import sections as ps_sections
from workbench.games.panzer_vor.boards.counters import Gun, TankCounter
from workbench.games.panzer_vor.rules import firing as pv_firing
from workbench.games.panzer_vor.rules import movement as pv_movement
from workbench.games.panzer_vor.rules import sections as pv_sections
from workbench.games.tanks.boards.cards import tanks_cards
from workbench.games.tanks.rules import movement as tanks_movement
from workbench.games.tanks.rules import sections as tanks_sections
from workbench.games.tanks.rules import shooting as tanks_shooting
from workbench.rules.canonical import canonical
from workbench.rules.core import IllegalAction, Modifier

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = int(os.environ.get("WORKBENCH_GAME_FUZZ_EXAMPLES", "300"))
DEADLINE = 20  # seconds a call may take (the slowest valid ones take about one)

PZ, T34, MATILDA = "Panzer IV Ausf. D", "T-34/76", "Matilda II"
SC = pv.load_scenario("test-your-luck")
PST = pv.practice.start(SC)
BOARD = PST.board
CARD = pv.start(SC, {"setup": "quick"})
REACH = pv_movement.reach(BOARD, PZ, 3)
PATH = [s.end for s in REACH.path_to(*next(p for p, c in REACH.costs.items() if c == 1))]
CARD_RECORD = workbench.load(ROOT / "maps/panzer-vor/games/stagnant-draw.json")
PRACTICE_RECORD = workbench.load(ROOT / "maps/panzer-vor/games/first-shots.json")

CTF = ps.load_scenario("capture-the-flag")
MATCH = ps.start(CTF)
DUEL = ps.position(
    ps.open_board(),
    [("L", "Light", "north", (0, 0), "E"), ("H", "Heavy", "south", (6, 3), "N"),
     ("N2", "Medium", "north", (3, 0), "E")],
)  # fmt: skip
PS_RECORD = workbench.load(ROOT / "maps/panzer-strike/games/flag-capture.json")

CORNER = tanks.load_scenario("barkmanns-corner")
BATTLE = tanks.start(CORNER, {"deployment": "quick"})  # the tanks placed at once
SHERMAN, SHERMAN_2, PANTHER = "Sherman (75mm) A1", "Sherman (75mm) A2", "Panther G1"
S_PIECE, P_PIECE = BATTLE.tank(SHERMAN), BATTLE.tank(PANTHER)
PLACEMENT = tanks_movement.reach_sample(BATTLE, SHERMAN)[0][0]
TANKS_RECORD = workbench.load(ROOT / "maps/tanks/games/cover-and-critical.json")
AMERICAN = tanks.tank("a", "Sherman (75mm)", "American", (10.0, 10.0), 0.0)
GERMAN = tanks.tank("g", "Panther", "German", (80.0, 80.0), 0.0)


# --- the holes, each refused ------------------------------------------------------


def test_play_refuses_players_that_leave_a_side_out_naming_the_sides():
    mock = pv.load_scenario("mock-battle")
    with pytest.raises(ArgumentError, match=r"players: .*every side \(Team B, Team A\): missing "
                       r"Team B, Team A"):  # fmt: skip
        pv.play(mock, {}, seed=1)
    with pytest.raises(ArgumentError, match=r"missing Team B"):
        pv.play(mock, {"Team A": pv.random_player}, seed=1)
    with pytest.raises(ArgumentError, match=r"not 'Pravda'"):
        pv.play(mock, {"Pravda": pv.random_player}, seed=1)
    # Test Your Luck!'s enemy acts by the rules: one player is all it needs
    assert len(pv.play(SC, {"Ōarai": pv.random_player}, seed=1).steps) > 0


def test_panzer_strike_position_names_an_unknown_facing_or_side():
    heavy = ("H", "Heavy", "south", (6, 3), "N")
    with pytest.raises(UnknownName, match=r"tanks\[0\] facing: .*\(N, NE, E, SE, S, SW, W, NW\)"):
        ps.position(ps.open_board(), [("L", "Light", "north", (0, 0), "Q"), heavy])
    with pytest.raises(UnknownName, match=r"tanks\[0\] side: .*\(north, south\), got 'west'"):
        ps.position(ps.open_board(), [("L", "Light", "west", (0, 0), "E"), heavy])
    with pytest.raises(ArgumentError, match=r"tanks\[0\] facing: .*0 to 7, got 9"):
        ps.position(ps.open_board(), [("L", "Light", "north", (0, 0), 9), heavy])
    with pytest.raises(ArgumentError, match="at most 200 tanks"):
        ps.position(ps.open_board(), itertools.repeat(heavy))  # an endless iterator ends
    with pytest.raises(ArgumentError, match="sides: expected two different"):
        ps.position(ps.open_board(), [heavy], sides=("south", "south"))


def test_a_tanks_tank_of_an_unknown_card_names_the_shipped_cards():
    with pytest.raises(UnknownName, match=r"card: expected a shipped tank card \(Panther, "):
        tanks.tank("x", "Tiger II", "German", (50.0, 50.0), 0.0)


@pytest.mark.parametrize(
    "make, argument",
    [
        (lambda: tanks.TerrainPiece.box("a", "woods", math.nan, 1, 2, 3), "x"),
        (lambda: tanks.TerrainPiece.box("a", "woods", 1, 1, -2, 3), "width"),
        (lambda: tanks.TerrainPiece.box("a", "lava", 1, 1, 2, 3), "kind"),
        (lambda: tanks.TerrainPiece.from_rings("a", "woods", [[[0, 0], [4, 4], [4, 0], [0, 4]]]),
         "polygon"),
    ],
)  # fmt: skip
def test_a_tanks_terrain_piece_is_checked_where_it_is_made(make, argument):
    with pytest.raises(ArgumentError, match=f"^{argument}: "):
        make()


def test_a_bad_terrain_ring_is_the_librarys_error_not_shapelys():
    with pytest.raises(WorkbenchError, match="a polygon's rings are lists of"):
        tanks.TerrainPiece.from_rings("a", "woods", [[["x", 1], [2, 2], [3, 1]]])
    with pytest.raises(WorkbenchError, match="a polygon's corners are finite numbers"):
        tanks.TerrainPiece.from_rings("a", "woods", [[[0, 0], [math.nan, 1], [1, 1]]])


# (game, state, a tank, a friend of it, the rulebook's file, its sentence, the section cited)
SHOTS = {
    "panzer-vor": (pv.practice, PST, PZ, None, "panzer-vor-rulebook.txt",
                   "They are used to fire on an enemy tank.", pv_sections.CARD_TYPES),
    "panzer-vor (friend)": (pv.practice, PST, MATILDA, T34, "panzer-vor-rulebook.txt",
                            "They are used to fire on an enemy tank.", pv_sections.CARD_TYPES),
    "panzer-strike": (ps, DUEL, "L", "N2", "panzer-strike-france-1944-pocket.txt",
                      "Players can determine if a tank can shoot at an enemy",
                      ps_sections.SHOOTING),
    "tanks": (tanks, BATTLE, SHERMAN, SHERMAN_2, "tanks-panther-vs-sherman.txt",
              "the target player rolls their Defence dice", tanks_sections.TARGET),
}  # fmt: skip


@pytest.mark.parametrize("name", sorted(SHOTS))
def test_the_rule_a_refused_shot_cites_is_the_rulebooks(name, rulebook):
    *_, book, sentence, section = SHOTS[name]
    text = rulebook(book)
    assert " ".join(sentence.split()) in " ".join(text.split())
    assert section.split(": ")[-1] in text


@pytest.mark.parametrize("name", sorted(SHOTS))
def test_a_shot_is_a_shot_at_an_enemy_in_every_game(name):
    game, state, tank, friend, _, _, section = SHOTS[name]
    before = canonical(state)
    for target in [t for t in (tank, friend) if t is not None]:
        with pytest.raises(IllegalAction) as refused:
            game.odds(state, tank, target)
        assert refused.value.reason.section == section
        assert ("itself" if target == tank else "own side") in refused.value.reason.text
        shot = type(next(a for a in _shots(game, state)))(tank, target)
        verdict = game.explain(state, shot)
        assert not verdict.legal and verdict.reasons[0] == refused.value.reason
        with pytest.raises(IllegalAction) as applied:
            game.apply(state, shot)
        assert applied.value.reason == refused.value.reason
    assert canonical(state) == before


def _shots(game: Any, state: Any) -> list[Any]:
    """The game's shot action (the type), from its action list."""
    kinds = {"Fire": pv.Fire, "Shoot": ps.Shoot if game is ps else tanks.Shoot}
    return [kinds["Fire" if game is pv.practice else "Shoot"]("x", "y")]


def test_the_flat_modules_shot_questions_refuse_a_tank_shooting_itself_or_a_friend():
    for refused in (
        lambda: pv_firing.odds(BOARD, PZ, PZ),
        lambda: pv_firing.odds(BOARD, MATILDA, T34),
        lambda: tanks_shooting.dice_odds(BATTLE, SHERMAN, SHERMAN_2),
        lambda: tanks.examine_shot(BATTLE, SHERMAN, SHERMAN),
        lambda: tanks.pools(BATTLE, SHERMAN, SHERMAN_2),
    ):
        with pytest.raises(IllegalAction):
            refused()
    for one_tank in (
        lambda: tanks.in_arc(S_PIECE, S_PIECE),
        lambda: tanks.close_range(CORNER, S_PIECE, S_PIECE),
        lambda: tanks.side_shot(S_PIECE, S_PIECE),
        lambda: tanks.line_of_sight(CORNER, BATTLE.tanks, S_PIECE, S_PIECE),
        lambda: tanks.cover(CORNER, BATTLE.tanks, S_PIECE, S_PIECE),
    ):
        with pytest.raises(ArgumentError, match="target: expected a tank other than the shooter"):
            one_tank()


def test_the_speed_rule_is_the_rulebooks(rulebook):
    assert "Tanks can move twice in a turn." in rulebook("tanks-panther-vs-sherman.txt")
    assert "A tank can never roll more than six Defence dice." in rulebook(
        "tanks-panther-vs-sherman.txt"
    )


def test_a_tanks_speed_and_damage_are_in_the_rules_range():
    with pytest.raises(ArgumentError, match=r"tank.speed: expected a whole number from 0 to 2"):
        tanks.tank("x", "Sherman (75mm)", "American", (50.0, 50.0), 0.0, speed=99)
    assert tanks.tank("x", "Cromwell", "British", (50.0, 50.0), 0.0, speed=3).speed == 3  # Fast
    with pytest.raises(ArgumentError, match=r"tank.damage: expected a whole number from 0 to 6"):
        tanks.tank("x", "Sherman (75mm)", "American", (50.0, 50.0), 0.0, damage=7)
    with pytest.raises(UnknownName, match=r"colour: expected a field of a tank"):
        tanks.tank("x", "Sherman (75mm)", "American", (50.0, 50.0), 0.0, colour="red")


def test_a_tank_off_the_table_is_refused_and_cannot_shoot():
    with pytest.raises(ArgumentError, match=r"centre: expected a point \(x, y\) on a table"):
        tanks.tank("x", "Sherman (75mm)", "American", (-500.0, -500.0), 0.0)
    edge = tanks.tank("a", "Sherman (75mm)", "American", (1.0, 1.0), 0.0)  # half off the edge
    with pytest.raises(ArgumentError, match=r"tanks\[0\]: expected a tank wholly on the 90 x 90"):
        tanks.battle(CORNER, [edge, GERMAN], "American", "German")
    made = tanks.battle(CORNER, [AMERICAN, GERMAN], "American", "German", phase="shooting")
    assert [t.id for t in made.tanks] == ["a", "g"]


def test_a_hand_made_battles_fields_are_checked():
    for fields, argument in (
        ({"turn": 0}, "turn"), ({"mission": "x"}, "mission"), ({"acted": ("zz",)}, r"acted\[0\]"),
        ({"moving": "zz"}, "moving"), ({"turn_limit": 10**30}, "turn_limit"), ({"foo": 1}, "foo"),
    ):  # fmt: skip
        with pytest.raises(WorkbenchError, match=argument):
            tanks.battle(CORNER, [AMERICAN, GERMAN], "American", "German", **fields)
    with pytest.raises(ArgumentError, match="defender"):
        tanks.battle(CORNER, [AMERICAN, GERMAN], "American", "American")
    with pytest.raises(ArgumentError, match="at most 100 tanks"):
        tanks.battle(CORNER, itertools.repeat(AMERICAN), "American", "German")


def test_in_arc_reach_and_shortest_routes_limit_are_in_range():
    for reach in (-1.0, 0.0, math.nan, 1e9):
        with pytest.raises(ArgumentError, match="reach"):
            tanks.in_arc(S_PIECE, P_PIECE, reach=reach)
    for limit in (-1, 0, 10**6, 2.5):
        with pytest.raises(ArgumentError, match="limit"):
            pv.shortest_routes(BOARD, T34, PZ, limit)
    assert pv.shortest_routes(BOARD, T34, PZ, 1)
    with pytest.raises(ArgumentError, match="target_id"):
        pv.shortest_routes(BOARD, T34, T34)
    with pytest.raises(ArgumentError, match=r"max_seconds=1e-09"):
        pv.shortest_routes(BOARD, T34, PZ, max_seconds=1e-9)  # estimated, then refused


def test_a_route_longer_than_pythons_recursion_limit_is_found():
    hexes = HexMap.blank(1, 1000, digits=4)  # one row: a single route of 998 hexes
    cells = sorted(hexes.grid, key=lambda h: (h.r, h.q))
    counter = BOARD.tank(PZ).counter
    board = pv.GameState(hexes, (pv.Tank("A", counter, "one", cells[0], 0),
                                 pv.Tank("B", counter, "two", cells[-1], 0)))  # fmt: skip
    (route,) = pv.shortest_routes(board, "A", "B")
    assert len(route) == 998 and route[-1] == cells[-2]


def test_card_counter_and_table_values_are_in_their_range():
    card = tanks_cards()["Sherman (75mm)"]
    with pytest.raises(WorkbenchError, match=r"attack must be a whole number from 0 to 10"):
        card.with_values("mine", attack=10**30)
    with pytest.raises(WorkbenchError, match=r"defence must be a whole number from 0 to 6"):
        card.with_values("mine", defence=7)  # "A tank can never roll more than six Defence dice"
    heavy = panzer_strike_types()["Heavy"]
    with pytest.raises(WorkbenchError, match=r"gun_dice must be a whole number from 0 to 10"):
        type(heavy)("Huge", "large number", 1, 1, 1, 10**30, 1)
    with pytest.raises(WorkbenchError, match=r"movement must be a whole number from 0 to 99"):
        TankCounter("x", 10**30, 0, (Gun(7, 3),), {"front": 1, "side": 1, "rear": 1})
    with pytest.raises(WorkbenchError, match=r"range must be a whole number from 0 to 200"):
        Gun(10**30, 3)
    with pytest.raises(ArgumentError, match=r"from -1000 to 1000"):
        pv.card("Aimed Shot", 10**30)
    with pytest.raises(ArgumentError, match=r"from -1000 to 1000"):
        Modifier("x", -(10**5000), "card")


def test_a_card_record_naming_the_linked_campaign_is_refused(tmp_path):
    shutil.copytree(ROOT / "maps/panzer-vor", tmp_path / "pv")
    document = json.loads((ROOT / "maps/panzer-vor/games/stagnant-draw.json").read_text())
    document["scenario"] = "../campaigns/linked-scenarios.json"
    (tmp_path / "pv/games/x.json").write_text(json.dumps(document))
    record = workbench.load(tmp_path / "pv/games/x.json")
    with pytest.raises(ArgumentError, match=r"record.scenario: expected a scenario of Panzer Vor!"):
        pv.replay(record)


def test_an_older_records_unknown_mode_is_refused_not_ignored(tmp_path):
    shutil.copytree(ROOT / "maps/panzer-vor", tmp_path / "pv")
    document = json.loads((ROOT / "maps/panzer-vor/games/first-shots.json").read_text())
    document["game"], document["options"] = "panzer-vor", {"mode": "anything", "turn_limit": 30}
    (tmp_path / "pv/games/x.json").write_text(json.dumps(document))
    with pytest.raises(BoardFileError, match=r"\$\.options\.mode: expected \"practice\" or "
                       r"\"cards\""):  # fmt: skip
        workbench.load(tmp_path / "pv/games/x.json")
    document["options"]["mode"] = "practice"  # the old name still loads, as practice mode
    (tmp_path / "pv/games/x.json").write_text(json.dumps(document))
    assert workbench.load(tmp_path / "pv/games/x.json").game == "panzer-vor-practice"


def test_a_number_too_large_for_a_float_is_refused_as_not_finite():
    with pytest.raises(ArgumentError, match=r"heading: expected a finite number, got <a int of"):
        tanks.tank("x", "Sherman (75mm)", "American", (50.0, 50.0), 10**5000)


# --- the fuzz: every function, one argument at a time bad ---------------------------------

MODULES = {"pv": pv, "pv.practice": pv.practice, "pv.linked": pv.linked, "ps": ps,
           "tanks": tanks}  # fmt: skip


def _rng() -> random.Random:
    return random.Random(1)


# (module, function, a valid call's arguments and keywords)
CALLS: list[tuple[str, str, tuple[Any, ...], dict[str, Any]]] = [
    ("pv.practice", "apply", (PST, pv.practice.legal_actions(PST)[0]), {}),
    ("pv", "arc_of", (BOARD.tank(T34), BOARD.tank(PZ).hex), {}),
    ("pv", "card", ("Aimed Shot 2", 2), {}),
    ("pv", "character", ("Hana Isuzu", 2), {}),
    ("pv", "chance_outcomes", (CARD,), {}),
    ("pv", "current_player", (CARD,), {}),
    ("pv", "determinize", (pv.observation(CARD, "Ōarai"), _rng()), {}),
    ("pv", "explain", (CARD, pv.chance_outcomes(CARD)[0][0]), {}),
    ("pv", "explain_move", (BOARD, PZ, PATH), {}),
    ("pv", "fire_table", (BOARD, PZ), {}),
    ("pv", "game_from_scenario", (SC,), {}),
    ("pv", "legal_actions", (CARD,), {}),
    ("pv", "notation", (CARD, pv.chance_outcomes(CARD)[0][0]), {}),
    ("pv", "parse", (CARD, pv.notation(CARD, pv.chance_outcomes(CARD)[0][0])), {}),
    ("pv", "line_of_sight", (BOARD, "0802", "0507"), {}),
    ("pv", "load_next_stage", (pv.load_scenario("kuromorimine-stage-1"),), {}),
    ("pv", "load_scenario", ("test-your-luck",), {}),
    ("pv", "match_of", (BOARD,), {}),
    ("pv", "move", (BOARD, PZ, PATH), {}),
    ("pv", "movement_points", (BOARD.tank(PZ),), {}),
    ("pv", "observation", (CARD, "Ōarai"), {}),
    ("pv", "odds", (CARD, PZ, T34), {}),
    ("pv", "options", (SC,), {}),
    ("pv", "outcome", (CARD,), {}),
    ("pv", "players", (CARD,), {}),
    ("pv", "quick_deployment", (SC, pv.game_from_scenario(SC)), {}),
    ("pv", "reach", (CARD, PZ), {}),
    ("pv", "replay", (CARD_RECORD,), {}),
    ("pv", "shortest_routes", (BOARD, T34, PZ), {"limit": 6}),
    ("pv", "start", (SC,), {"options": {"setup": "quick"}}),
    ("pv", "visibility_matrix", (HexMap.blank(5, 5),), {}),
    ("pv.practice", "odds", (PST, PZ, T34), {}),
    ("pv.practice", "reach", (PST, PZ), {}),
    ("pv.practice", "explain", (PST, pv.practice.legal_actions(PST)[0]), {}),
    ("pv.practice", "start", (SC,), {"options": {"turn_limit": 3}}),
    ("pv.practice", "replay", (PRACTICE_RECORD,), {}),
    ("pv.practice", "observation", (PST, "Ōarai"), {}),
    ("pv.linked", "start", (pv.linked.load_scenario("linked-scenarios"),), {}),
    ("pv", "next_stage", (_stage_1_over(), pv.load_scenario("kuromorimine-stage-2"), "quick"), {}),
    ("ps", "apply", (MATCH, ps.chance_outcomes(MATCH)[0][0]), {}),
    ("ps", "chance_outcomes", (MATCH,), {}),
    ("ps", "current_player", (MATCH,), {}),
    ("ps", "determinize", (ps.observation(MATCH, "north"), _rng()), {}),
    ("ps", "explain", (DUEL, ps.Shoot("L", "H")), {}),
    ("ps", "hit_side", (DUEL, DUEL.tank("H"), ps.Square(0, 0)), {}),
    ("ps", "legal_actions", (MATCH,), {}),
    ("ps", "notation", (MATCH, ps.chance_outcomes(MATCH)[0][0]), {}),
    ("ps", "parse", (MATCH, "roll 3 6"), {}),
    ("ps", "load_scenario", ("capture-the-flag",), {}),
    ("ps", "observation", (MATCH, "north"), {}),
    ("ps", "odds", (DUEL, "L", "H"), {}),
    ("ps", "open_board", (4, 2), {"name": "x"}),
    ("ps", "options", (CTF,), {}),
    ("ps", "outcome", (MATCH,), {}),
    ("ps", "players", (MATCH,), {}),
    (
        "ps",
        "position",
        (ps.open_board(), [("L", "Light", "north", (0, 0), "E")]),
        {"sides": ("north", "south"), "options": {}, "roster": None},
    ),
    ("ps", "reach", (DUEL, "L"), {}),
    ("ps", "replay", (PS_RECORD,), {}),
    ("ps", "rolled", (DUEL, [6, 3]), {}),
    ("ps", "start", (CTF,), {"options": {}}),
    ("ps", "trajectory", (DUEL, ps.Square(0, 0), ps.Square(6, 3)), {}),
    ("ps", "with_dice", (DUEL, [6, 3]), {}),
    ("tanks", "apply", (BATTLE, tanks.legal_actions(BATTLE)[0]), {}),
    ("tanks", "battle", (CORNER, [AMERICAN, GERMAN], "American", "German"), {"phase": "movement"}),
    ("tanks", "chance_outcomes", (BATTLE,), {}),
    ("tanks", "check_move", (BATTLE, SHERMAN, PLACEMENT), {}),
    ("tanks", "close_range", (CORNER, S_PIECE, P_PIECE), {}),
    ("tanks", "cover", (CORNER, BATTLE.tanks, S_PIECE, P_PIECE), {}),
    ("tanks", "current_player", (BATTLE,), {}),
    ("tanks", "determinize", (tanks.observation(BATTLE, "American"), _rng()), {}),
    ("tanks", "examine_shot", (BATTLE, SHERMAN, PANTHER), {}),
    ("tanks", "explain", (BATTLE, tanks.legal_actions(BATTLE)[0]), {}),
    ("tanks", "heatmaps", (CORNER, BATTLE.tanks, S_PIECE, P_PIECE, 6.0), {}),
    ("tanks", "in_arc", (S_PIECE, P_PIECE), {"reach": 100.0}),
    ("tanks", "legal_actions", (BATTLE,), {}),
    ("tanks", "notation", (BATTLE, tanks.legal_actions(BATTLE)[0]), {}),
    ("tanks", "parse", (BATTLE, tanks.notation(BATTLE, tanks.legal_actions(BATTLE)[0])), {}),
    ("tanks", "line_of_sight", (CORNER, BATTLE.tanks, S_PIECE, P_PIECE), {}),
    ("tanks", "load_scenario", ("barkmanns-corner",), {}),
    ("tanks", "move_sweep", (BATTLE, SHERMAN), {"sample": tanks.LEGAL_SAMPLE}),
    ("tanks", "observation", (BATTLE, "American"), {}),
    ("tanks", "odds", (BATTLE, SHERMAN, PANTHER), {}),
    ("tanks", "options", (CORNER,), {}),
    ("tanks", "outcome", (BATTLE,), {}),
    ("tanks", "platoon_problems", ([tanks.PlatoonTank("Panther")], 100), {}),
    ("tanks", "players", (BATTLE,), {}),
    ("tanks", "pools", (BATTLE, SHERMAN, PANTHER), {}),
    ("tanks", "reach", (BATTLE, SHERMAN), {}),
    ("tanks", "replay", (TANKS_RECORD,), {}),
    ("tanks", "side_shot", (S_PIECE, P_PIECE), {}),
    ("tanks", "start", (CORNER,), {"options": {}}),
    ("tanks", "tank", ("x", "Sherman (75mm)", "American", (50.0, 50.0), 0.0), {"speed": 1}),
    ("tanks", "target_heatmaps", (BATTLE, SHERMAN, PANTHER, 6.0), {}),
]
STATES = [PST, CARD, MATCH, DUEL, BATTLE]
BAD = [
    None, True, False, 0, -1, 2.5, 10**30, -(10**30), 10**5000, math.nan, math.inf, -0.0,
    "", "x", "Tiger II", "west", "Q", "a" * 5000, b"x", [], {}, (), [1], [7, 7], [6] * 50,
    ("a",), (math.nan, 0.0), (-500.0, -500.0), (1e308, 1e308), object(), Fraction(1, 3),
    {"mode": "x"}, {"turn_limit": 10**30}, [[1, 2]], ps.Square(10**6, 10**6), ps.Square(-1, 0),
    *STATES, BOARD, CORNER, S_PIECE, SC, CTF,
]  # fmt: skip


def _cases() -> list[tuple[int, dict[int, int]]]:
    """(call, {argument slot: bad value}) by number: every call with one argument bad, in an
    order fixed once (make test runs the first ``EXAMPLES``); past them (make soak), calls
    with two or three arguments bad at once."""
    slots = [len(args) + len(keywords) for _, _, args, keywords in CALLS]
    every = [(c, {slot: b}) for c, n in enumerate(slots) for slot in range(n)
             for b in range(len(BAD))]  # fmt: skip
    shuffled = random.Random(45)
    shuffled.shuffle(every)
    while len(every) < EXAMPLES:
        c = shuffled.randrange(len(CALLS))
        bad = shuffled.sample(range(slots[c]), min(slots[c], shuffled.choice((2, 3))))
        every.append((c, {slot: shuffled.randrange(len(BAD)) for slot in bad}))
    return every[:EXAMPLES]


class _Late(BaseException):
    """A call past its deadline (a BaseException: no ``except Exception`` swallows it)."""


def _late(*_: Any) -> None:
    raise _Late


def test_every_valid_call_answers():
    for module, name, args, keywords in CALLS:
        getattr(MODULES[module], name)(*args, **keywords)


def test_the_calls_cover_every_public_function_of_the_three_modules():
    called = {(m, n) for m, n, _, _ in CALLS}
    keep = {
        "random_player",
        "greedy_player",
        "flag_seeker",
        "play",
        "roster",
        "scenarios",
        "tanks_cards",
        "load_crew_cards",
        "load_deck",
    }  # files: promise 1
    for short, module in (("pv", pv), ("ps", ps), ("tanks", tanks)):
        for name in module.__all__:
            value = getattr(module, name)
            if callable(value) and not isinstance(value, type) and name not in keep:
                assert (short, name) in called or (f"{short}.practice", name) in called, name


def test_a_bad_argument_to_any_function_is_the_librarys_error_in_time_and_changes_nothing():
    before = [canonical(s) for s in STATES]
    foreign = []
    old = signal.signal(signal.SIGALRM, _late)
    try:
        for c, bad in _cases():
            module, name, args, keywords = CALLS[c]
            given, kept = list(args), dict(keywords)
            for slot, b in bad.items():
                if slot < len(given):
                    given[slot] = BAD[b]
                else:
                    kept[list(kept)[slot - len(given)]] = BAD[b]
            signal.alarm(DEADLINE)
            try:
                getattr(MODULES[module], name)(*given, **kept)
            except WorkbenchError:
                pass
            except _Late:
                foreign.append((module, name, bad, "no answer within the deadline"))
            except Exception as error:  # what the test looks for
                foreign.append((module, name, bad, type(error).__name__))
            finally:
                signal.alarm(0)
    finally:
        signal.signal(signal.SIGALRM, old)
    assert not foreign
    assert [canonical(s) for s in STATES] == before
