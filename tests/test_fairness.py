"""Balance while you design (issue 51): the editor's fairness panel plays the scenario as it is
painted and shows each side's win rate with its interval; a river painted across a fair map,
so that one side cannot reach the other, moves the interval clearly away from one half; and
``balance.suggest`` finds the one extra wood that made a map lopsided. From Python the same
calls are seeded, reproducible and refuse bad arguments before any game.

The fixture map (5 × 18 hexes, Panzer Vor! practice mode, annihilation): a Sherman Firefly
(range 12) in the west against a KV-2 (range 9, heavier armour, movement 2) in the east. In
the open the KV-2 closes to its range and the match is even; a river across the map (hexes
0113-0513) keeps the KV-2 from reaching the Firefly: it stops at the bank, out of its range,
while the Firefly fires from beyond it.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from workbench import balance
from workbench.balance.designs import design_for
from workbench.boards import HexMap
from workbench.errors import ArgumentError
from workbench.files import load, load_document, to_document
from workbench.games.panzer_strike.boards.board import BoardTank
from workbench.rules.options import OptionError
from workbench.widgets.editor import Editor

ROOT = Path(__file__).resolve().parents[1]
RIVER = [f"0{row}13" for row in range(1, 6)]  # a river across the map, edge to edge
WOOD = "0310"  # one wood on the row the KV-2 advances along: cover all the way in


def sniper_and_brawler(hexmap: HexMap | None = None):
    """The fair fixture: a Firefly against a KV-2 on an open 5 × 18 map (see the module)."""
    inline = to_document(hexmap or HexMap.blank(rows=5, cols=18, name="fixture"))
    del inline["format"]
    document = {
        "format": "workbench.scenario.panzer-vor/1", "name": "Sniper and brawler",
        "map": inline, "match_type": "annihilation", "deploys_first": "West",
        "acts_first": "West",
        "sides": [
            {"key": "West", "name": "West", "tanks": [
                {"tank": "Sherman Firefly", "hex": "0301", "facing": 1}]},
            {"key": "East", "name": "East", "tanks": [
                {"tank": "KV-2", "hex": "0318", "facing": 4}]},
        ],
    }  # fmt: skip
    return load_document(document, "<the fairness fixture>")


@pytest.fixture(scope="module")
def fair():
    return sniper_and_brawler()


def test_a_river_painted_across_a_fair_map_moves_the_panels_interval_away_from_half(fair):
    editor = Editor(fair)
    panel = editor.fairness
    panel.play(40, workers=1)  # in this process: the test's two cores are the suite's
    before = panel.wait(40)
    assert before is not None and before.games == 40
    rate, low, high = before.win_rate("West")
    assert low < 0.5 < high, f"the open map is fair: West wins {rate:.0%} ({low:.0%}–{high:.0%})"
    assert "West wins" in panel.text and "decided most at" in panel.text

    editor.tools.paint(RIVER, "river")  # one step of the history: the games start again
    assert panel.tally is None and "playing the first games" in panel.text
    after = panel.wait(40)
    assert after is not None and after.games == 40
    rate, low, high = after.win_rate("West")
    assert low > 0.75, f"the KV-2 cannot reach the Firefly: West wins {rate:.0%} ({low:.0%}–)"
    assert after.win_rate("East")[2] < 0.1
    assert "decided most at" in panel.text and "West wins 100%" in panel.text
    editor.undo()  # the map as it was: its games again, the same seeds, the same games
    again = panel.wait(40)
    assert again is not None and again.rows == before.rows
    editor.close(discard=True)


def test_suggest_finds_the_extra_wood_that_made_the_map_lopsided(fair):
    lopsided = fair.with_inline_map(fair.hexmap.with_terrain({WOOD: "forest"}))
    found = balance.suggest(lopsided, budget=balance.Budget(games=200, seconds=120), seed=1,
                            progress=False)  # fmt: skip
    rate, _, high = found.current.win_rate("West")
    assert high < 0.25, f"the wood hides the KV-2's approach: West wins {rate:.0%}"
    texts = [trial.change.text for trial in found.best]
    assert len(texts) == 3
    wood = ("remove the forest at 0310", "move the forest at 0310")
    assert any(text.startswith(wood) for text in texts), texts
    best = found.best[0]
    assert best.tally.win_rate("West")[1] < 0.5 < best.tally.win_rate("West")[2]
    assert all(t.tally.rows.keys() <= found.current.rows.keys() for t in found.trials), "paired"
    assert sum(bool(t.dropped) for t in found.trials) >= 2, "the clearly worse stop early"
    assert found.games <= 200 and "of 200 games" in found.lines()[-1 - len(found.notes)]


def test_a_suggestion_is_drawn_and_applied_by_one_click_and_undone(fair):
    lopsided = fair.with_inline_map(fair.hexmap.with_terrain({WOOD: "forest"}))
    editor = Editor(lopsided)
    panel = editor.fairness
    panel.workers = 1
    plain = editor.scene
    panel.suggest(games=120, seconds=60)
    found = panel.wait_suggestions()
    assert found is not None and len(found.best) >= 1
    assert len(panel.apply_row.children) == len(found.best)
    marked = editor.scene.layers["annotations"]
    assert len(marked) > len(plain.layers.get("annotations", ())), "the changes drawn"
    first = found.best[0].change
    panel.apply_row.children[0].click()  # "Apply 1"
    assert editor.value == first.value and "applied" in panel.text
    editor.undo()
    assert editor.value == lopsided
    editor.close(discard=True)


def test_fairness_is_seeded_and_the_same_in_two_local_processes(fair):
    options = {"turn_limit": 6}
    here = balance.fairness(fair, games=6, seed=3, options=options, progress=False)
    again = balance.fairness(fair, games=6, seed=3, options=options, progress=False)
    pool = balance.fairness(fair, games=6, seed=3, options=options, workers=2, progress=False)
    assert here.rows == again.rows == pool.rows and pool.where == "2 local processes"
    other = balance.fairness(fair, games=6, seed=4, options=options, progress=False)
    assert [r["seed"] for r in other.rows.values()] != [r["seed"] for r in here.rows.values()]
    assert here.summary.loc["West", "games"] == 6 and sum(here.heat.values()) <= 6


def test_every_game_with_a_scenario_is_played_and_its_games_decided_somewhere():
    from workbench import panzer_strike as ps
    from workbench import tanks

    strike = balance.fairness(ps.load_scenario("capture-the-flag"), games=1, seed=1,
                              options={"turn_limit": 4}, progress=False)  # fmt: skip
    assert strike.games == 1 and strike.heat, "a tank destroyed or a flag taken somewhere"
    table = balance.fairness(tanks.load_scenario("standard-table"), games=1, seed=1,
                             options={"turn_limit": 3}, progress=False)  # fmt: skip
    assert table.games == 1 and all(0 <= x <= 90 and 0 <= y <= 90 for x, y in table.heat)
    card = balance.fairness(sniper_and_brawler(), game="panzer-vor", games=1, seed=1,
                            progress=False)  # fmt: skip
    assert card.game == "Panzer Vor!" and card.games == 1


def _strike_board():
    """A Panzer Strike board that places its own tanks: the example's, with its tanks."""
    from workbench.panzer_strike import load_scenario

    scenario = load_scenario("capture-the-flag")
    board = scenario.board
    for side in scenario.sides:
        for tank in side.tanks:
            board = board.with_tank(BoardTank(tank.id, tank.kind, side.name, tank.at, tank.facing))
    return board


DESIGNS = {
    "Panzer Strike board": lambda: _strike_board(),
    "TANKS table": lambda: load(ROOT / "maps/tanks/standard-table.json"),
    "Panzer Vor! scenario": lambda: load(ROOT / "maps/panzer-vor/scenarios/mock-battle.json"),
}


@pytest.mark.parametrize("name", DESIGNS)
def test_each_games_changes_are_single_changes_of_the_edited_kind(name):
    design = DESIGNS[name]()
    kind = design_for(design)
    places = {
        "Panzer Strike board": lambda: [design.tanks[0].at, next(iter(design.flags))],
        "TANKS table": lambda: [(45.0, 45.0), (25.0, 35.0)],
        "Panzer Vor! scenario": lambda: [design.hexmap.hex("0806"), design.hexmap.hex("0606")],
    }[name]()  # fmt: skip
    changes = kind.changes(design, dict.fromkeys(places, 2))
    assert len(changes) >= 4, f"{name}: changes near where games are decided"
    for change in changes:
        assert type(change.value) is type(design) and change.value != design, change.text
        assert change.places or change.shapes, change.text
    assert len({c.text for c in changes}) == len(changes)
    assert len({c.kind for c in changes}) >= 2, "more than one kind of change"


BAD = [
    (dict(games=-1), "games", ArgumentError),
    (dict(games=2.5), "games", ArgumentError),
    (dict(seed="x"), "seed", ArgumentError),
    (dict(players="nobody"), "players", ArgumentError),
    (dict(players=3), "players", ArgumentError),
    (dict(game="tanks"), "game", ArgumentError),
    (dict(options={"mode": "cards"}), "mode", OptionError),
    (dict(options=[1]), "options", ArgumentError),
    (dict(workers=0), "workers", ArgumentError),
    (dict(client=3), "client", ArgumentError),
    (dict(progress="yes"), "progress", ArgumentError),
]  # fmt: skip


@pytest.mark.parametrize(("keywords", "argument", "error"), BAD)
def test_fairness_and_suggest_refuse_bad_arguments_before_any_game(fair, keywords, argument,
                                                                   error):  # fmt: skip
    games = keywords.pop("games", 2)
    with pytest.raises(error) as refused:
        balance.fairness(fair, games=games, **keywords)
    assert argument in str(refused.value)
    if argument != "games":
        with pytest.raises(error) as refused:
            balance.suggest(fair, budget=10, **keywords)
        assert argument in str(refused.value)


@pytest.mark.parametrize(("keywords", "argument"), [
    (dict(budget=0), "games"), (dict(budget="many"), "budget"), (dict(top=0), "top"),
    (dict(candidates=10**6), "candidates"), (dict(budget=balance.Budget(games=10)), None),
])  # fmt: skip
def test_suggest_refuses_a_budget_it_cannot_keep(fair, keywords, argument):
    if argument is None:  # a budget too small for a round plays the design's games alone
        found = balance.suggest(fair, progress=False, **keywords)
        assert found.games <= 10 and not found.best
        return
    with pytest.raises(ArgumentError, match=argument):
        balance.suggest(fair, progress=False, **keywords)


def test_a_board_no_game_plays_alone_is_refused_naming_what_is_played():
    with pytest.raises(ArgumentError, match="a design the balance lab plays"):
        balance.fairness(HexMap.blank(rows=4, cols=4), games=1)
    editor = Editor(HexMap.blank(rows=4, cols=4, name="bare"))
    assert "open a scenario" in editor.fairness.text and editor.fairness.play_button.disabled
    editor.close(discard=True)


def test_the_panel_plays_a_search_level_with_the_seeds_fairness_uses(fair):
    from workbench.players import search

    editor = Editor(fair)
    editor.fairness.play(2, workers=1, players="search (easy)")
    tally = editor.fairness.wait(2)
    same = balance.fairness(fair, search("easy", seed=0), games=2, seed=0, progress=False)
    assert tally is not None and tally.rows == same.rows
    editor.close(discard=True)


@pytest.mark.parametrize("name", DESIGNS)
def test_where_games_were_decided_is_drawn_over_every_kind_of_board(name):
    design = DESIGNS[name]()
    editor = Editor(design)
    panel = editor.fairness
    plain = len(editor.scene.layers.get("overlays", ()))
    places = [c.places[0] for c in design_for(design).changes(design, {}) if c.places][:1] or [
        {"Panzer Strike board": lambda: design.tanks[0].at, "TANKS table": lambda: (45.0, 45.0),
         "Panzer Vor! scenario": lambda: design.hexmap.hex("0806")}[name]()]  # fmt: skip
    panel.tally = balance.Fairness("a game", ("A", "B"))
    panel.tally.add(0, {"winner": "A", "steps": 3, "decided": places[0]})
    assert len(editor.scene.layers.get("overlays", ())) > plain, "the heat drawn"
    panel.show_heat.value = False
    assert len(editor.scene.layers.get("overlays", ())) == plain
    editor.close(discard=True)


# Dask's scheduler and two workers as threads of this process (make soak): the panel's and
# fairness's games on a cluster are the games played here.
@pytest.mark.soak
def test_fairness_on_a_dask_cluster_gives_the_games_played_here(fair):
    distributed = pytest.importorskip("dask.distributed")
    here = balance.fairness(fair, games=6, seed=0, progress=False)  # the panel's seed
    with (
        distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=False,
                                 dashboard_address=None) as cluster,
        distributed.Client(cluster) as client,
    ):  # fmt: skip
        there = balance.fairness(fair, games=6, seed=0, client=client, progress=False)
        editor = Editor(fair)
        editor.fairness.play(6, client=client)
        panel = editor.fairness.wait(6)
        editor.close(discard=True)
    assert here.rows == there.rows == panel.rows and there.where.startswith("Dask")


def test_the_panel_offers_the_search_levels_its_game_offers(fair):
    """Picking a game lists greedy and the search levels that game offers (a level it merges
    into another is not listed); the level chosen stays where the new game offers it."""
    from workbench.players.settings import settings_for

    editor = Editor(fair)
    panel = editor.fairness
    for _, game in panel.game.options:
        panel.game.value = game
        levels = settings_for(game).distinct()
        assert list(panel.players.options) == ["greedy", *(f"search ({x})" for x in levels)]
    panel.players.value = "search (medium)"
    panel.game.value = panel.game.options[0][1]
    assert panel.players.value == "search (medium)"
    editor.close(discard=True)
