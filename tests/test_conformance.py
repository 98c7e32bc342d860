"""Every registered game passes the conformance playouts (workbench.testing.conformance):
seeded random games to the end, every listed action applies, other actions are refused with
the state unchanged, the game's invariants hold, and records round-trip and replay exactly.

``WORKBENCH_PLAYOUTS`` sets the games per scenario (``make soak`` raises it)."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap

import pytest

import workbench
from workbench.games import get_game, shipped_games
from workbench.rules.core import IllegalAction, replay
from workbench.rules.play import play
from workbench.testing.conformance import check_record_round_trip, digest, playout

PLAYOUTS = int(os.environ.get("WORKBENCH_PLAYOUTS", "3"))

CASES = [
    pytest.param(game.name, name, id=f"{game.name}:{name}")
    for game in shipped_games()
    for name in game.scenarios()
]


def test_every_shipped_game_is_registered_with_scenarios():
    for game in shipped_games():
        assert game.scenarios(), f"{game.name} ships at least one scenario"
        assert game.board_kind in ("hex", "square", "table")


@pytest.mark.parametrize(("game_name", "scenario_name"), CASES)
def test_random_playouts_conform(game_name, scenario_name, tmp_path):
    game = get_game(game_name)
    scenario = workbench.load(game.scenarios()[scenario_name])
    for seed in range(PLAYOUTS):
        report = playout(game, scenario, seed, invariants=[game.invariants])
        assert report.outcome is not None
    record = play(game, scenario, seed=PLAYOUTS)
    states = check_record_round_trip(game, record, tmp_path)
    assert game.outcome(states[-1]) is not None


@pytest.mark.parametrize("game_name", [g.name for g in shipped_games()])
def test_a_refused_step_in_a_record_names_the_step(game_name, tmp_path):
    game = get_game(game_name)
    scenario = workbench.load(next(iter(game.scenarios().values())))
    record = play(game, scenario, seed=1)
    assert len(record.steps) >= 2
    # the first step again as the last: it cannot follow the end of the game
    broken = record.with_step(record.steps[0].action)
    with pytest.raises(IllegalAction, match=f"step {len(broken.steps)} of the record"):
        replay(broken, game)


@pytest.mark.parametrize("game_name", [g.name for g in shipped_games()])
def test_a_record_saved_here_replays_identically_in_a_fresh_process(game_name, tmp_path):
    game = get_game(game_name)
    scenario_path = next(iter(game.scenarios().values()))
    record = play(game, workbench.load(scenario_path), seed=5)
    saved = record.save(tmp_path / "elsewhere" / "game.json")
    here = digest(replay(record, game))
    script = textwrap.dedent(f"""
        import workbench
        from workbench.rules.core import replay
        from workbench.testing.conformance import digest
        print(digest(replay(workbench.load({str(saved)!r}))))
    """)
    there = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, check=True
    ).stdout.strip()
    assert there == here


def test_the_shipped_games_are_listed_in_their_order_whatever_was_imported_first():
    # the teacher app opens the first game listed: Panzer Vor!, even when a module that
    # registers another game (a render module, say) happened to be imported before it
    import subprocess
    import sys

    code = (
        "import workbench.rules.tanks.game, workbench.rules.panzer_strike.game\n"
        "from workbench.games import names\nprint(names())"
    )
    shown = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert shown.stdout.strip() == str(
        ["panzer-vor", "panzer-strike", "tanks", "panzer-vor-linked", "panzer-vor-tournament"]
    )
