"""The protocol's promises beyond one playout (the playouts themselves are
``test_playouts``): a refused step of a record names the step, records replay identically in
a fresh process, the shipped games are listed in their order, a chance outcome is drawn with
its exact probability."""

from __future__ import annotations

import math
import random
import subprocess
import sys
import textwrap
from collections import Counter
from fractions import Fraction

import pytest

import workbench
from workbench.games import get_game, shipped_games
from workbench.rules.core import CHANCE, IllegalAction, replay
from workbench.rules.play import play, random_player, sample_chance
from workbench.testing.conformance import digest


@pytest.mark.parametrize("game_name", [g.name for g in shipped_games()])
def test_a_refused_step_in_a_record_names_the_step(game_name, tmp_path):
    game = get_game(game_name)
    scenario = workbench.load(next(iter(game.scenarios().values())))
    record = play(game, scenario, seed=2)  # seed 1: a 7,081-step tournament, 25 s of the suite
    assert len(record.steps) >= 2
    # the first step again as the last: it cannot follow the end of the game
    broken = record.with_step(record.steps[0].action)
    with pytest.raises(IllegalAction, match=f"step {len(broken.steps)} of the record"):
        replay(broken, game)


def test_records_saved_here_replay_identically_in_a_fresh_process(tmp_path):
    # canonical digests, not repr: a set's repr depends on the process's hash seed
    saved, here = [], []
    for game in shipped_games():
        scenario = workbench.load(next(iter(game.scenarios().values())))
        record = play(game, scenario, seed=5, max_steps=150)  # a whole game or its start
        saved.append(str(record.save(tmp_path / "elsewhere" / f"{game.name}.json")))
        here.append(digest(replay(record, game)))
    script = textwrap.dedent(f"""
        import workbench
        from workbench.rules.core import replay
        from workbench.testing.conformance import digest
        for path in {saved!r}:
            print(digest(replay(workbench.load(path))))
    """)
    there = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, check=True
    ).stdout.split()
    assert there == here


def test_the_shipped_games_are_listed_in_their_order_whatever_was_imported_first():
    # the teacher app opens the first game listed: Panzer Vor!, even when a module that
    # registers another game (a render module, say) happened to be imported before it
    import subprocess
    import sys

    code = (
        "import workbench.games.tanks.rules.game, workbench.games.panzer_strike.rules.game\n"
        "from workbench.games import names\nprint(names())"
    )
    shown = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert shown.stdout.strip() == str(
        [
            "panzer-vor",
            "panzer-vor-practice",
            "panzer-strike",
            "tanks",
            "panzer-vor-linked",
            "panzer-vor-tournament",
        ]
    )


class _Draws(random.Random):
    """An rng whose ``randrange`` gives one chosen number: to walk through every draw."""

    def __init__(self, pick: int) -> None:
        super().__init__(0)
        self.pick = pick

    def randrange(self, *args, **kwargs) -> int:  # type: ignore[override]
        return self.pick


@pytest.mark.parametrize("game_name", ["panzer-vor", "panzer-strike"])  # a card, two dice
def test_a_chance_outcome_is_drawn_with_its_exact_probability(game_name):
    # chance_outcomes lists "every outcome with its exact Fraction" (ARCHITECTURE.md: The game
    # protocol); sample_chance draws "one chance outcome ... with its exact probability": over
    # every number the rng may draw, each outcome comes up exactly that share of the time
    # (outcomes of unequal chance here: a card of which the deck holds several copies, two
    # different faces of two dice)
    game = get_game(game_name)
    state = game.start(workbench.load(next(iter(game.scenarios().values()))), None)
    rng = random.Random(3)
    while (who := game.current_player(state)) != CHANCE:  # the first chance: dice or a card
        state = game.apply(state, random_player(game, game.observation(state, who), rng)).state
    outcomes = game.chance_outcomes(state)
    draws = math.lcm(*(p.denominator for _, p in outcomes))
    drawn = Counter(sample_chance(outcomes, _Draws(pick)) for pick in range(draws))
    assert {a: Fraction(n, draws) for a, n in drawn.items()} == dict(outcomes)
