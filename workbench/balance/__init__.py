"""Is this scenario fair? Play many seeded games with bots and count who wins.

>>> from workbench import balance
>>> from workbench.testing.fixture_games import GAME as sure_thing   # side A cannot lose
>>> result = balance.sweep(sure_thing, None, games=20, seed=1, progress=False)
>>> float(result.summary.loc["A", "win_rate"]), bool(result.summary.loc["A", "low"] > 0.8)
(1.0, True)

Every game's seed comes from the sweep's seed and the game's number, never from a worker, so
the same sweep gives identical results in this process, in a local process pool
(``workers=2``) or on a Dask cluster (``client=...``). The bots are the players you give:
``workbench.rules.play.random_player`` (a labelled random player) by default.

On a design as it is drawn (a scenario, board or table a game's home registered:
:mod:`workbench.balance.designs`), :func:`fairness` says how fair it is and where its games
are decided, and :func:`suggest` which single change would make it fairer
(:mod:`workbench.balance.lab`); the editor's fairness panel plays the same in the background
(:class:`Background`).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import pandas as pd

from workbench.arguments import check_type, checked_methods, checks_itself
from workbench.balance import checks
from workbench.balance.advice import Budget, Suggestions
from workbench.balance.background import Background
from workbench.balance.checks import MAX_GAMES, MAX_WORKERS
from workbench.balance.designs import Change, Design
from workbench.balance.executors import Executor, InProcess, LocalPool, OnDask, executor_for
from workbench.balance.lab import fairness, suggest
from workbench.balance.stats import wilson_interval
from workbench.balance.tally import Fairness
from workbench.balance.tasks import (
    SWEEP_MAX_SECONDS,
    GameTask,
    Plan,
    planned,
    play_task,
    played,
    progress_bar,
    sweep_memory,
    task_of,
)
from workbench.bounds import MAX_BYTES, Cost, refuse_past
from workbench.errors import ArgumentError
from workbench.rules.core import Game
from workbench.rules.play import Player, random_player
from workbench.vocabulary import removed_names

__all__ = [
    "MAX_GAMES",
    "MAX_WORKERS",
    "Background",
    "Budget",
    "Change",
    "Design",
    "Executor",
    "Fairness",
    "InProcess",
    "LocalPool",
    "OnDask",
    "Suggestions",
    "SweepResult",
    "fairness",
    "grid_sweep",
    "plot_win_rates",
    "suggest",
    "sweep",
    "sweep_memory",
    "wilson_interval",
]


@checked_methods
@dataclass
class SweepResult:
    """A sweep's games (one row each, in game order) and what they say about fairness."""

    games: pd.DataFrame
    sides: tuple[str, ...]
    where: str
    stopped: bool = False
    requested: int = 0
    notes: list[str] = field(default_factory=list)

    @property
    def summary(self) -> pd.DataFrame:
        """Per side: wins, win rate with its 95 % Wilson interval, mean tanks lost."""
        n = len(self.games)
        rows = []
        for side in self.sides:
            wins = int((self.games["winner"] == side).sum()) if n else 0
            low, high = wilson_interval(wins, n)
            lost = [row.get(side, 0) for row in self.games["lost"]] if n else []
            rows.append({
                "side": side, "games": n, "wins": wins,
                "win_rate": wins / n if n else 0.0, "low": low, "high": high,
                "mean_tanks_lost": sum(lost) / n if n else 0.0,
            })  # fmt: skip
        return pd.DataFrame(rows).set_index("side")

    @property
    def draws(self) -> int:
        return int((self.games["winner"] == "draw").sum()) if len(self.games) else 0

    @property
    def terminations(self) -> pd.Series:
        """How the games ended: a count per termination."""
        return self.games["termination"].value_counts()

    @property
    def mean_length(self) -> float:
        return float(self.games["steps"].mean()) if len(self.games) else 0.0

    @property
    def damage_by(self) -> pd.Series:
        """Tanks destroyed per firing tank type, over every game."""
        totals: dict[str, int] = {}
        for row in self.games["damage_by"]:
            for kind, count in row.items():
                totals[kind] = totals.get(kind, 0) + count
        return pd.Series(totals, dtype="int64").sort_values(ascending=False)

    def __repr__(self) -> str:
        stopped = f", stopped after {len(self.games)} of {self.requested}" if self.stopped else ""
        return f"<SweepResult: {len(self.games)} games ({self.where}){stopped}>\n{self.summary}"

    def _repr_html_(self) -> str:
        head = f"<p>{len(self.games)} games ({self.where})"
        if self.stopped:
            head += f", stopped after {len(self.games)} of {self.requested}"
        head += f"; draws: {self.draws}; mean length {self.mean_length:.1f} steps</p>"
        return head + self.summary.to_html(float_format=lambda v: f"{v:.3f}")


@checks_itself
def sweep(
    game: str | Game,
    scenario: Any,
    players: Mapping[str, Player] | Player = random_player,
    *,
    games: int = 100,
    seed: int = 0,
    options: Mapping[str, Any] | None = None,
    workers: int | None = None,
    client: Any = None,
    progress: bool = True,
    stop: Callable[[], bool] | None = None,
    max_bytes: int = MAX_BYTES,
    max_seconds: float | None = SWEEP_MAX_SECONDS,
) -> SweepResult:
    """Play ``games`` seeded games of ``scenario`` (a scenario, its file or a shipped
    scenario's name) and tabulate how they ended.

    ``workers=k`` plays them in k local processes (at most :data:`MAX_WORKERS`, the CPU count
    × 4), ``client=`` on a Dask cluster (a ``dask.distributed.Client`` or a scheduler
    address). A sweep stops early when ``stop()`` says so or on Ctrl-C / a notebook
    interrupt; the games finished by then are kept. Every argument is checked before any game
    is played or any process started (ArgumentError naming it; the options against the
    game's list, OptionError).

    Bounded: a sweep whose results would pass ``max_bytes`` (2 GiB, about 1.5 million games)
    is refused before any game; its time is estimated from the first game (the time it took
    × the games ÷ the games played at once), and a sweep estimated past ``max_seconds`` (600
    s) is refused then, with the estimate (ArgumentError); pass more to allow it.
    """
    plan = planned(game, scenario, players, games, seed, options, workers, client, progress,
                    stop, max_bytes, max_seconds)  # fmt: skip
    return _swept(plan, _Budget(max_bytes, max_seconds))


@dataclass
class _Budget:
    """The time a sweep (or a grid's sweeps) may take, what went already and what is left."""

    max_bytes: int
    max_seconds: float | None
    spent: float = 0.0  # seconds of the grid's sweeps before this one
    games_after: int = 0  # games of the grid's sweeps after this one


def _swept(plan: Plan, budget: _Budget) -> SweepResult:
    """Play a checked sweep (:func:`sweep`), within ``budget``."""
    the_game, games = plan.game, plan.games
    runner = executor_for(plan.workers, plan.client, games)
    local = isinstance(runner, InProcess)
    tasks = [task_of(plan, i) for i in range(games)]
    run: Callable[[GameTask], dict[str, Any]] = play_task
    if local:  # play on the value as given: nothing to load or pickle

        def run(task: GameTask) -> dict[str, Any]:
            return played(the_game, plan.scenario, task)

    results: dict[int, dict[str, Any]] = {}
    bar = progress_bar(games, the_game.title, plan.progress)
    began = time.perf_counter()
    try:
        for index, row in runner.run(run, tasks):
            results[index] = row
            if len(results) == 1 and games + budget.games_after > 1:  # the first tells all
                _refuse_past_time(time.perf_counter() - began, games, runner.parallel, budget)
            if bar is not None:
                bar.update(1)
            if plan.stop is not None and plan.stop():
                break
    except KeyboardInterrupt:
        pass
    finally:
        if bar is not None:
            bar.close()
    stopped = len(results) < games
    rows = [{"game": i, **results[i]} for i in sorted(results)]
    columns = ["game", "seed", "winner", "termination", "steps", "lost", "damage_by"]
    sides = tuple(the_game.players(plan.start))
    return SweepResult(pd.DataFrame(rows, columns=columns), sides, runner.name, stopped, games)


def _refuse_past_time(per_game: float, games: int, parallel: int, budget: _Budget) -> None:
    """ArgumentError if the sweep (and a grid's sweeps after it) would pass the budget's
    time, estimated from its first game's time."""
    seconds = budget.spent + per_game * (games + budget.games_after) / parallel
    what = f"a sweep whose games ({per_game:.2g} s the first) end"
    if budget.games_after:
        what = f"a grid sweep whose games ({per_game:.2g} s the first of this value) end"
    refuse_past("games", games, what, Cost(sweep_memory(games), seconds), budget.max_bytes,
                budget.max_seconds)  # fmt: skip


@checks_itself
def grid_sweep(
    game: str | Game,
    values: Sequence[Any],
    scenario_for: Callable[[Any], Any],
    *,
    parameter: str = "value",
    options_for: Callable[[Any], Mapping[str, Any]] | None = None,
    **sweep_options: Any,
) -> pd.DataFrame:
    """One sweep per value (a stand-in value, a map variant, a points total...): a row per
    value and side with the win rate and its interval, ``parameter`` naming the column.

    Every value's sweep is checked before the first game (its scenario, options and the
    sweep's keywords); the whole grid's time is estimated from each sweep's first game (the
    sweeps before it, then its first game's time × the games left ÷ the games played at
    once) and refused past ``max_seconds`` (600 s unless given) with the estimate.
    """
    the_game = checks.game_of(game)
    if isinstance(values, str | bytes) or not isinstance(values, Sequence):
        raise ArgumentError("values", values, "a list of values (a list, a tuple or a range)")
    if len(values) > checks.MAX_GRID_VALUES:
        raise ArgumentError("values", f"{len(values):,} values",
                            f"at most {checks.MAX_GRID_VALUES:,} values")  # fmt: skip
    check_type("scenario_for", scenario_for, Callable[[Any], Any])
    check_type("parameter", parameter, str)
    check_type("options_for", options_for, Callable[[Any], Any] | None)
    checks.sweep_keywords(sweep_options)
    kept = {"players": random_player, "games": 100, "seed": 0, "workers": None, "client": None,
            "progress": True, "stop": None, **sweep_options}  # fmt: skip
    budget = _Budget(sweep_options.get("max_bytes", MAX_BYTES),
                    sweep_options.get("max_seconds", SWEEP_MAX_SECONDS))  # fmt: skip
    plans = [
        planned(
            the_game, scenario_for(value), kept["players"], kept["games"], kept["seed"],
            options_for(value) if options_for else None, kept["workers"], kept["client"],
            kept["progress"], kept["stop"], budget.max_bytes, budget.max_seconds,
        )
        for value in values
    ]  # fmt: skip
    rows = []
    began = time.perf_counter()
    for i, (value, plan) in enumerate(zip(values, plans, strict=True)):
        budget.spent = time.perf_counter() - began
        budget.games_after = plan.games * (len(plans) - i - 1)
        result = _swept(plan, budget)
        for side, row in result.summary.iterrows():
            rows.append({parameter: value, "side": side, **row.to_dict(),
                         "draws": result.draws})  # fmt: skip
    grid = pd.DataFrame(rows)
    return grid.astype({"games": "int64", "wins": "int64", "draws": "int64"}) if rows else grid


@checks_itself
def plot_win_rates(grid: pd.DataFrame, parameter: str = "value", ax: Any = None) -> Any:
    """Win rate with its 95 % interval against the swept parameter, a line per side."""
    import matplotlib.pyplot as plt

    check_type("grid", grid, pd.DataFrame)
    check_type("parameter", parameter, str)
    needed = [parameter, "side", "win_rate", "low", "high"]
    if any(column not in grid.columns for column in needed):
        raise ArgumentError("grid", grid, f"a grid_sweep's table (columns {', '.join(needed)})")
    if ax is not None and not callable(getattr(ax, "errorbar", None)):
        raise ArgumentError("ax", ax, "None or a matplotlib Axes")
    if ax is None:
        _, ax = plt.subplots(figsize=(6, 3.5))
    for side, rows in grid.groupby("side", sort=False):
        rate = rows["win_rate"]
        ax.errorbar(
            rows[parameter], rate, yerr=[rate - rows["low"], rows["high"] - rate],
            marker="o", capsize=4, label=str(side),
        )  # fmt: skip
    ax.axhline(0.5, color="#888888", linewidth=0.8, linestyle="--")
    ax.set_ylim(0, 1)
    ax.set_xlabel(parameter)
    ax.set_ylabel("win rate (95 % interval)")
    ax.legend()
    return ax


if not TYPE_CHECKING:  # for mypy no catch-all: a misspelt name stays an error
    __getattr__ = removed_names(
        "workbench.balance", {"derive_seed": "workbench.rules.seeding.derive(seed, index)"}
    )
