"""The lengths the bridge declares (issue 47): random games end within ``max_game_length``;
the longest random games ``benchmarks/game_lengths.py`` measured are within 4× of it; a game
cut at the bridge's step limit is a draw that serializes and reads back."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

pyspiel = pytest.importorskip("pyspiel", reason="OpenSpiel is the optional extra 'search'")
import workbench.openspiel as bridge  # noqa: E402
from benchmarks.game_lengths import random_length  # noqa: E402
from workbench.games import get_game  # noqa: E402
from workbench.openspiel import bridge_options  # noqa: E402

MEASURED = Path(__file__).parent.parent / "benchmarks" / "game-lengths.json"
CASES = [  # (game, scenario, random games): about sixty games in all
    ("panzer-strike", "attack-defence", 12), ("panzer-strike", "capture-the-flag", 4),
    ("tanks", "barkmanns-corner", 4), ("tanks", "standard-table", 3),
    ("panzer-vor-practice", "exhibition", 12), ("panzer-vor", "mock-battle", 6),
    ("panzer-vor", "test-your-luck", 20), ("panzer-vor-linked", "linked-scenarios", 1),
]  # fmt: skip


@pytest.mark.parametrize(("name", "scenario", "games"), CASES)
def test_random_games_end_within_the_declared_length(name, scenario, games):
    declared = bridge.game(name, scenario).max_game_length()
    rules = get_game(name)
    start = rules.start(rules.load_scenario(scenario), bridge_options(name))
    lengths = [random_length(rules, start, seed) for seed in range(games)]
    assert max(lengths) <= declared


def test_the_longest_random_games_measured_are_within_four_times_the_declared_length():
    """The benchmark's counts, against what each game declares now (a bound made looser, or
    a step limit raised, fails here). A game past the bridge's step limit is cut there, so it
    counts as that long; a game over a bound of the rules' would be a bound that is wrong."""
    measured = json.loads(MEASURED.read_text())
    assert len(measured) >= 20
    for key, entry in measured.items():
        name, scenario = key.split(" ", 1)
        declared = bridge.game(name, scenario).max_game_length()
        unlimited = bridge.game(name, scenario, step_limit=None).max_game_length()
        assert entry["longest"] <= unlimited, key
        assert declared <= 4 * min(entry["longest"], declared), (key, entry["longest"])


def test_a_game_cut_at_the_step_limit_is_a_draw_that_reads_back():
    game = bridge.game("panzer-vor", "mock-battle", step_limit=12)
    assert game.max_game_length() == 12 and "step_limit=12" in str(game)
    state = game.new_initial_state()
    while not state.is_terminal():
        numbers = [n for n, _ in state.chance_outcomes()] or state.legal_actions()
        state.apply_action(numbers[0])
    assert len(state.history()) == 12 and state.returns() == [0.0, 0.0]
    assert state.legal_actions() == [] and state.chance_outcomes() == []
    again = game.deserialize_state(state.serialize())
    assert again.is_terminal() and again.history() == state.history()
    assert pyspiel.load_game(str(game)).max_game_length() == 12
    assert bridge.game("panzer-vor", "mock-battle", step_limit=None).max_game_length() > 10**5
