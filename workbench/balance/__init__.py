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
"""

from __future__ import annotations

import importlib
import json
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

import pandas as pd

from workbench.arguments import whole_number
from workbench.balance.executors import Executor, InProcess, LocalPool, OnDask, executor_for
from workbench.balance.stats import wilson_interval
from workbench.bounds import MAX_BYTES, Cost, refuse_past, seconds_bound
from workbench.games import get_game
from workbench.rules.core import Game
from workbench.rules.play import Player, play_to_end, random_player
from workbench.rules.seeding import derive

__all__ = [
    "Executor",
    "InProcess",
    "LocalPool",
    "OnDask",
    "SweepResult",
    "grid_sweep",
    "plot_win_rates",
    "sweep",
    "wilson_interval",
]


@dataclass(frozen=True)
class GameTask:
    """One game of a sweep, as a worker receives it (everything in it pickles)."""

    game: str
    module: str  # the module whose import registers the game
    scenario: Any  # a file path, a document (dict), or None
    players: Any
    seed: int
    options: Mapping[str, Any]


def _scenario_spec(scenario: Any) -> Any:
    """A scenario as something a worker can load: a path, a document, or None."""
    if scenario is None or isinstance(scenario, str | Path):
        return None if scenario is None else str(Path(scenario).resolve())
    from workbench.files import to_document

    if hasattr(type(scenario), "self_contained"):
        scenario = scenario.self_contained()
    return to_document(scenario)


@cache
def _load_cached(key: str) -> Any:
    from workbench.files import load, load_document

    if key.startswith("{"):
        return load_document(json.loads(key), "<a sweep's scenario>")
    return load(key)


def _scenario_of(spec: Any) -> Any:
    if spec is None:
        return None
    key = spec if isinstance(spec, str) else json.dumps(spec, sort_keys=True)
    return _load_cached(key)


def play_task(task: GameTask) -> dict[str, Any]:
    """Play one game of a sweep and describe how it ended (runs in any worker)."""
    importlib.import_module(task.module)
    return _played(get_game(task.game), _scenario_of(task.scenario), task)


def _played(game: Game, scenario: Any, task: GameTask) -> dict[str, Any]:
    state, steps = play_to_end(game, scenario, task.players, seed=task.seed, options=task.options)
    outcome = game.outcome(state)
    summary = game.summarize(state)
    return {
        "seed": task.seed,
        "winner": outcome.winner if outcome and outcome.winner else "draw",
        "termination": outcome.termination.name if outcome else "unfinished",
        "steps": len(steps),
        "lost": dict(summary.get("lost", {})),
        "damage_by": dict(summary.get("damage_by", {})),
    }


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


# the memory a sweep holds per game (its task, its row, the table), measured with tracemalloc
# on sweeps of 200 to 20,000 games (tests/test_bounded_work.py checks it within 2x)
SWEEP_BASE_BYTES = 32 * 1024
SWEEP_BYTES_PER_GAME = 1400
SWEEP_MAX_SECONDS = 600.0  # a sweep is long by nature (a progress bar, Ctrl-C stops it)


def sweep_memory(games: int) -> int:
    """The estimated peak memory (bytes) of the results of a sweep of ``games`` games."""
    return SWEEP_BASE_BYTES + SWEEP_BYTES_PER_GAME * games


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
    """Play ``games`` seeded games of ``scenario`` and tabulate how they ended.

    ``workers=k`` plays them in k local processes, ``client=`` on a Dask cluster (a
    ``dask.distributed.Client`` or a scheduler address). A sweep stops early when ``stop()``
    says so or on Ctrl-C / a notebook interrupt; the games finished by then are kept.

    Bounded: a sweep whose results would pass ``max_bytes`` (2 GiB, about 1.6 million games)
    is refused before any game; its time is estimated from the first game (the time it took
    × the games ÷ the games played at once), and a sweep estimated past ``max_seconds`` (600
    s) is refused then, with the estimate (ArgumentError); pass more to allow it.
    """
    games = whole_number("games", games, low=0)
    seconds_bound("max_seconds", max_seconds)
    refuse_past("games", games, "a sweep whose results fit", Cost(sweep_memory(games), 0.0),
                max_bytes)  # fmt: skip
    the_game = get_game(game) if isinstance(game, str) else game
    runner = executor_for(workers, client)
    local = isinstance(runner, InProcess)
    value = _scenario_of(str(scenario)) if isinstance(scenario, str | Path) else scenario
    spec = None if local else _scenario_spec(scenario)
    tasks = [
        GameTask(
            the_game.name, type(the_game).__module__, spec, players,
            derive(seed, i), dict(options or {}),
        )
        for i in range(games)
    ]  # fmt: skip
    run: Callable[[GameTask], dict[str, Any]] = play_task
    if local:  # play on the value as given: nothing to load or pickle

        def run(task: GameTask) -> dict[str, Any]:
            return _played(the_game, value, task)

    results: dict[int, dict[str, Any]] = {}
    bar = _progress(games, the_game.title, progress)
    began = time.perf_counter()
    try:
        for index, row in runner.run(run, tasks):
            results[index] = row
            if len(results) == 1 and games > 1:  # the first game tells the time of them all
                per_game = time.perf_counter() - began
                estimate = Cost(sweep_memory(games), per_game * games / runner.parallel)
                what = f"a sweep whose games ({per_game:.2g} s the first) end"
                refuse_past("games", games, what, estimate, max_bytes, max_seconds)
            if bar is not None:
                bar.update(1)
            if stop is not None and stop():
                break
    except KeyboardInterrupt:
        pass
    finally:
        if bar is not None:
            bar.close()
    stopped = len(results) < games
    rows = [{"game": i, **results[i]} for i in sorted(results)]
    columns = ["game", "seed", "winner", "termination", "steps", "lost", "damage_by"]
    sides = tuple(the_game.players(the_game.start(value, options)))
    return SweepResult(pd.DataFrame(rows, columns=columns), sides, runner.name, stopped, games)


def _progress(total: int, description: str, show: bool) -> Any:
    """A progress bar (games done, games per second, time left) in a notebook or terminal."""
    if not show:
        return None
    from tqdm.auto import tqdm

    return tqdm(total=total, desc=description, unit="game")


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
    value and side with the win rate and its interval, ``parameter`` naming the column."""
    rows = []
    for value in values:
        result = sweep(
            game, scenario_for(value),
            options=options_for(value) if options_for else None, **sweep_options,
        )  # fmt: skip
        for side, row in result.summary.iterrows():
            rows.append({parameter: value, "side": side, **row.to_dict(),
                         "draws": result.draws})  # fmt: skip
    grid = pd.DataFrame(rows)
    return grid.astype({"games": "int64", "wins": "int64", "draws": "int64"}) if rows else grid


def plot_win_rates(grid: pd.DataFrame, parameter: str = "value", ax: Any = None) -> Any:
    """Win rate with its 95 % interval against the swept parameter, a line per side."""
    import matplotlib.pyplot as plt

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
