"""A balance run's games as workers receive them, and a run's arguments checked before any game
is played or any process started (a sweep's, a fairness run's, a suggestion's).

Every game's seed comes from the run's seed and the game's number
(:func:`workbench.rules.seeding.derive`), never from a worker, so a run gives the same games
in this process, in a local process pool or on a Dask cluster.
"""

from __future__ import annotations

import importlib
import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from workbench.arguments import checked, whole_number
from workbench.arguments import seed as seed_of
from workbench.balance import checks
from workbench.balance.designs import decider
from workbench.bounds import Cost, refuse_past, seconds_bound
from workbench.errors import ArgumentError
from workbench.files import load, load_document, to_document
from workbench.games import get_game
from workbench.rules.core import Game
from workbench.rules.play import check_players, play_to_end
from workbench.rules.seeding import derive


@dataclass(frozen=True)
class GameTask:
    """One game of a sweep, as a worker receives it (everything in it pickles)."""

    game: str
    module: str  # the module whose import registers the game
    scenario: Any  # a file path, a document (dict), or None
    players: Any
    seed: int
    options: Mapping[str, Any]


def scenario_spec(scenario: Any) -> Any:
    """A scenario as something a worker can load: a path, a document, or None."""
    if scenario is None or isinstance(scenario, str | Path):
        return None if scenario is None else str(Path(scenario).resolve())

    if hasattr(type(scenario), "self_contained"):
        scenario = scenario.self_contained()
    return to_document(scenario)


@cache
def _load_cached(key: str) -> Any:
    if key.startswith("{"):
        return load_document(json.loads(key), "<a sweep's scenario>")
    return load(key)


def scenario_of(spec: Any) -> Any:
    if spec is None:
        return None
    key = spec if isinstance(spec, str) else json.dumps(spec, sort_keys=True)
    return _load_cached(key)


@checked
def play_task(task: GameTask) -> dict[str, Any]:
    """Play one game of a sweep and describe how it ended (runs in any worker)."""
    importlib.import_module(task.module)
    return played(get_game(task.game), scenario_of(task.scenario), task)


def played(game: Game, scenario: Any, task: GameTask) -> dict[str, Any]:
    """A game's row for a sweep: how it ended, and the tanks lost and destroyed."""
    state, steps = play_to_end(game, scenario, task.players, seed=task.seed, options=task.options)
    summary = game.summarize(state)
    return {
        **_ending(game, state, steps, task),
        "lost": dict(summary.get("lost", {})),
        "damage_by": dict(summary.get("damage_by", {})),
    }


def _ending(game: Game, state: Any, steps: list[Any], task: GameTask) -> dict[str, Any]:
    """How a game ended: its seed, winner ("draw" for none), termination and steps."""
    outcome = game.outcome(state)
    return {
        "seed": task.seed,
        "winner": outcome.winner if outcome and outcome.winner else "draw",
        "termination": outcome.termination.name if outcome else "unfinished",
        "steps": len(steps),
    }


# the memory a sweep holds per game (its task, its row, the table), measured with tracemalloc
# on sweeps of 200 to 20,000 games (tests/test_bounded_work.py checks it within 2x)
SWEEP_BASE_BYTES = 32 * 1024
SWEEP_BYTES_PER_GAME = 1400
SWEEP_MAX_SECONDS = 600.0  # a sweep is long by nature (a progress bar, Ctrl-C stops it)


@checked
def sweep_memory(games: int) -> int:
    """The estimated peak memory (bytes) of the results of a sweep of ``games`` games."""
    whole_number("games", games, low=0)
    return SWEEP_BASE_BYTES + SWEEP_BYTES_PER_GAME * games


@dataclass(frozen=True)
class Plan:
    """A run's arguments, checked: the game, the scenario's value, its first state."""

    game: Game
    scenario: Any
    spec: Any  # the scenario as other processes load it (a path, a document), or None
    start: Any
    players: Any
    games: int
    seed: int
    options: Mapping[str, Any] | None
    workers: int | None
    client: Any
    progress: bool
    stop: Callable[[], bool] | None


def planned(
    game: Any, scenario: Any, players: Any, games: Any, seed: Any, options: Any, workers: Any,
    client: Any, progress: Any, stop: Any, max_bytes: Any, max_seconds: Any,
) -> Plan:  # fmt: skip
    """Every argument of a run (:func:`workbench.balance.sweep`'s) checked, before any game
    or process (see there)."""
    the_game = checks.game_of(game)
    count, options = checks.plain_arguments(games, options, progress, stop)
    seed_of("seed", seed)
    workers = checks.workers_of(workers)
    client = checks.client_of(client)
    seconds_bound("max_seconds", max_seconds)
    refuse_past("games", count, "a sweep whose results fit", Cost(sweep_memory(count), 0.0),
                max_bytes)  # fmt: skip
    if isinstance(scenario, str) and scenario in the_game.scenarios():
        scenario = the_game.scenarios()[scenario]  # a shipped scenario's file
    value = checks.scenario_of(the_game, scenario, scenario_of)
    first = the_game.start(value, options)  # the options checked against the game's list
    check_players(the_game, first, players)
    spec = None
    if client is not None or (workers or 1) > 1:  # what goes to other processes: it pickles
        checks.pickles(players)
        try:
            spec = scenario_spec(scenario)
        except (TypeError, ValueError) as failed:  # no file format holds it
            raise ArgumentError("scenario", scenario, "a scenario a file can hold, to play in "
                                f"other processes ({failed})") from None  # fmt: skip
    return Plan(the_game, value, spec, first, players, count, seed, options, workers, client,
                progress, stop)  # fmt: skip


def task_of(plan: Plan, index: int) -> GameTask:
    """Game ``index`` of a checked run, as a worker receives it."""
    game = plan.game
    return GameTask(game.name, type(game).__module__, plan.spec, plan.players,
                    derive(plan.seed, index), dict(plan.options or {}))  # fmt: skip


@checked
def play_decided(task: GameTask) -> dict[str, Any]:
    """Play one game of a fairness run: how it ended, its length and where it was decided
    (runs in any worker)."""
    importlib.import_module(task.module)
    return decided_row(get_game(task.game), scenario_of(task.scenario), task)


def decided_row(game: Game, scenario: Any, task: GameTask) -> dict[str, Any]:
    """A game's row for a fairness run: winner ("draw" for none), termination, steps and the
    place it was decided (the design's ``decided``; None if nothing decided it)."""
    decided = decider(game.name)
    where: list[Any] = []

    def watch(before: Any, after: Any) -> None:
        if not where:
            place = decided(before, after)
            if place is not None:
                where.append(place)

    state, steps = play_to_end(game, scenario, task.players, seed=task.seed,
                               options=task.options, watch=watch)  # fmt: skip
    return {**_ending(game, state, steps, task), "decided": where[0] if where else None}


def progress_bar(total: int, description: str, show: bool) -> Any:
    """A progress bar (games done, games per second, time left) in a notebook or terminal."""
    if not show:
        return None
    from tqdm.auto import tqdm

    return tqdm(total=total, desc=description, unit="game")
