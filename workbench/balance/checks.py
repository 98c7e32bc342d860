"""A sweep's arguments, checked before any game is played or any process started: each
refusal is an :class:`~workbench.errors.ArgumentError` naming the argument, what was given
and what was expected (RELIABILITY.md, promise 8).

>>> try:
...     workers_of(10**6)
... except ArgumentError as refused:
...     print(refused.argument, refused.expected == f"a whole number from 1 to {MAX_WORKERS} "
...           f"(MAX_WORKERS: {CPUS} CPUs x 4), or None")
workers True
"""

from __future__ import annotations

import os
import pickle
import re
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from workbench.arguments import check_type, whole_number
from workbench.errors import ArgumentError
from workbench.games import get_game
from workbench.rules.core import Game

CPUS = os.cpu_count() or 1
MAX_WORKERS = CPUS * 4  # the most local processes a sweep starts (workers=)
# the most games one sweep plays: the library's own sanity limit (no rule gives one); the
# default max_bytes refuses far fewer (about 1.5 million), max_bytes= allows more up to this
MAX_GAMES = 10**8
MAX_GRID_VALUES = 1000  # the most values of one grid sweep: the library's own sanity limit
MAX_ADDRESS = 200  # characters of a Dask scheduler's address
ADDRESS = re.compile(r"[a-z][a-z0-9+.-]*://\S+|[\w.-]+:\d{1,5}")  # tcp://host:8786, host:8786


def workers_of(workers: object) -> int | None:
    """``workers`` if it is None or a whole number from 1 to :data:`MAX_WORKERS`."""
    if workers is None:
        return None
    expected = f"a whole number from 1 to {MAX_WORKERS} (MAX_WORKERS: {CPUS} CPUs x 4), or None"
    try:
        return whole_number("workers", workers, low=1, high=MAX_WORKERS)
    except ArgumentError:
        raise ArgumentError("workers", workers, expected) from None


def client_of(client: object) -> Any:
    """``client`` if it is None, a Dask client (what a sweep uses of one: ``map`` and
    ``cancel``) or a scheduler's address (``"tcp://host:8786"``)."""
    expected = (
        "None, a dask.distributed.Client (with map and cancel) or a Dask scheduler's address "
        f"(like 'tcp://127.0.0.1:8786', at most {MAX_ADDRESS} characters)"
    )
    if client is None:
        return None
    if isinstance(client, str):
        if len(client) > MAX_ADDRESS or not ADDRESS.fullmatch(client):
            raise ArgumentError("client", client, expected)
        return client
    if not all(callable(getattr(client, name, None)) for name in ("map", "cancel")):
        raise ArgumentError("client", client, expected)
    return client


def game_of(game: object) -> Game:
    """The game ``game`` names (a registered game's name: UnknownGame lists them) or is."""
    if isinstance(game, Game):
        return game
    if not isinstance(game, str):
        raise ArgumentError("game", game, "a registered game's name or a Game")
    return get_game(game)


def scenario_of(game: Game, scenario: object, load: Callable[[str], Any]) -> Any:
    """The scenario a sweep plays: ``scenario`` itself, or the file a path or a shipped
    scenario's name names (``load``), if the game starts from it."""
    if isinstance(scenario, str) and scenario in game.scenarios():
        scenario = game.scenarios()[scenario]
    if isinstance(scenario, str | Path):
        if not str(scenario) or "\0" in str(scenario):
            raise ArgumentError("scenario", scenario, "a scenario, its file or a shipped name")
        scenario = load(str(scenario))
    return game.check_scenario(scenario)


def pickles(players: object) -> None:
    """ArgumentError unless ``players`` pickle, as playing in other processes needs."""
    try:
        pickle.dumps(players)
    except Exception as failed:
        raise ArgumentError(
            "players", players,
            "players that pickle to play in other processes (functions defined at a module's "
            "top level, search players; a lambda or a nested function plays only in this "
            f"process: workers=None): {type(failed).__name__}",
        ) from None  # fmt: skip


def plain_arguments(
    games: object, options: object, progress: object, stop: object
) -> tuple[int, Mapping[str, Any] | None]:
    """``games`` (0 to :data:`MAX_GAMES`), ``options`` (None or a mapping: the game checks
    its names and values), ``progress`` (true or false), ``stop`` (None or a function)."""
    count = whole_number("games", games, low=0, high=MAX_GAMES)
    check_type("options", options, Mapping[str, Any] | None)
    check_type("progress", progress, bool)
    check_type("stop", stop, Callable[[], bool] | None)
    return count, options  # type: ignore[return-value]


SWEEP_KEYWORDS = frozenset({
    "players", "games", "seed", "workers", "client", "progress", "stop", "max_bytes",
    "max_seconds",
})  # fmt: skip


def sweep_keywords(given: Mapping[str, Any]) -> None:
    """ArgumentError for a keyword of a grid sweep that no sweep takes (``options``: each
    value's own come from ``options_for``)."""
    for name in given:
        if name not in SWEEP_KEYWORDS:
            listed = ", ".join(sorted(SWEEP_KEYWORDS))
            raise ArgumentError(name, given[name], f"a keyword a sweep takes ({listed}; a "
                                "value's options come from options_for)")  # fmt: skip
