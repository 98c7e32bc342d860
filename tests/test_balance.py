"""The balance lab: seeded sweeps give identical results wherever they run, a side that
cannot lose shows 100 % with a tight interval, and a stopped sweep keeps what finished."""

from __future__ import annotations

import pytest

from workbench import balance
from workbench.balance.stats import wilson_interval
from workbench.games import get_game
from workbench.testing.fixture_games import GAME as SURE_THING

PV = get_game("panzer-vor-practice")
SCENARIO = PV.scenarios()["mock-battle"]
FEW = {"turn_limit": 4}  # short practice games: the lab, not the game, is under test


def test_wilson_interval_matches_the_textbook_values():
    low, high = wilson_interval(8, 10)
    assert round(low, 4) == 0.4902 and round(high, 4) == 0.9433
    assert wilson_interval(10, 10)[1] == 1.0 and wilson_interval(0, 10)[0] == 0.0


def test_a_side_that_cannot_lose_wins_every_game_with_a_tight_interval():
    result = balance.sweep(SURE_THING, None, games=200, seed=3, progress=False)
    summary = result.summary
    assert summary.loc["A", "win_rate"] == 1.0 and summary.loc["B", "wins"] == 0
    assert summary.loc["A", "low"] > 0.98 and summary.loc["A", "high"] == 1.0
    assert result.draws == 0 and not result.stopped
    assert set(result.terminations.index) <= {"ADVANCED", "TIME"}


def test_the_same_seed_gives_identical_games_in_process_and_in_two_local_workers():
    here = balance.sweep(PV, SCENARIO, games=8, seed=11, options=FEW, progress=False)
    pool = balance.sweep(PV, SCENARIO, games=8, seed=11, options=FEW, workers=2, progress=False)
    assert here.games.equals(pool.games)
    assert pool.where == "2 local processes"
    other = balance.sweep(PV, SCENARIO, games=8, seed=12, options=FEW, progress=False)
    assert not here.games["seed"].equals(other.games["seed"])


# Dask's scheduler and two workers as threads of this process in make test (the same client
# calls; the games are sent to other processes by the local pool's test above), as two worker
# processes in make soak (about 13 s to start on this machine).
@pytest.mark.parametrize("processes", [False, pytest.param(True, marks=pytest.mark.soak)])
def test_the_same_seed_gives_identical_games_on_a_dask_local_cluster(processes):
    distributed = pytest.importorskip("dask.distributed")
    here = balance.sweep(PV, SCENARIO, games=6, seed=5, options=FEW, progress=False)
    with (
        distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=processes,
                                 dashboard_address=None) as cluster,
        distributed.Client(cluster) as client,
    ):  # fmt: skip
        there = balance.sweep(PV, SCENARIO, games=6, seed=5, options=FEW, client=client,
                              progress=False)  # fmt: skip
    assert here.games.equals(there.games) and there.where.startswith("Dask")


def test_stopping_a_sweep_returns_the_games_that_finished():
    done = []

    def stop() -> bool:
        done.append(1)
        return len(done) >= 5

    result = balance.sweep(SURE_THING, None, games=50, seed=1, progress=False, stop=stop)
    assert result.stopped and len(result.games) == 5 and result.requested == 50
    assert list(result.games["game"]) == [0, 1, 2, 3, 4]


def test_a_notebook_interrupt_keeps_the_finished_games(monkeypatch):
    calls = []

    def interrupt() -> bool:
        calls.append(1)
        if len(calls) == 3:
            raise KeyboardInterrupt
        return False

    result = balance.sweep(SURE_THING, None, games=10, seed=1, progress=False, stop=interrupt)
    assert result.stopped and len(result.games) == 3


def test_a_sweep_tabulates_how_games_ended_and_who_did_the_damage():
    result = balance.sweep(PV, SCENARIO, games=6, seed=2, options=FEW, progress=False)
    assert list(result.summary.index) == list(PV.players(PV.start(result_scenario())))
    assert result.summary["games"].iloc[0] == 6
    assert result.mean_length > 0 and result.terminations.sum() == 6
    assert (result.damage_by >= 0).all()
    assert "games (in process)" in result._repr_html_()


def result_scenario():
    import workbench

    return workbench.load(SCENARIO)


def test_a_grid_sweep_puts_the_parameter_in_a_column_and_plots():
    import matplotlib

    matplotlib.use("Agg")
    grid = balance.grid_sweep(
        PV, [2, 4], lambda limit: SCENARIO, parameter="turn_limit",
        options_for=lambda limit: {"turn_limit": limit}, games=4, seed=1, progress=False,
    )  # fmt: skip
    assert list(grid["turn_limit"].unique()) == [2, 4]
    assert {"win_rate", "low", "high", "side", "draws"} <= set(grid.columns)
    ax = balance.plot_win_rates(grid, "turn_limit")
    assert ax.get_ylabel().startswith("win rate") and len(ax.get_legend().get_texts()) == 2
