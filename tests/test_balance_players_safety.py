"""Sweeps and search players check every argument before any work (RELIABILITY.md, promise
8): ``balance.sweep(..., workers=10**6)`` once forked thousands of processes; a sweep now
refuses workers past ``MAX_WORKERS`` (the CPU count × 4) and starts at most one process a
game, and every other argument is checked before a game is played or a process started. The
search players refuse a level, seed or time limit they do not take.

A test lists every public function and method of ``workbench.balance`` and
``workbench.players`` that does not check its arguments. The fuzz calls ``sweep``,
``grid_sweep`` and the search players with random mixes of good and bad arguments: each call
answers or raises a ``WorkbenchError`` within its deadline, never starts more processes than
the cap, and changes nothing it was given. ``WORKBENCH_SWEEP_FUZZ_EXAMPLES`` sets the calls
(``make soak`` raises it); ``make test`` makes the same small sample every time.
"""

from __future__ import annotations

import contextlib
import copy
import inspect
import math
import multiprocessing.process
import os
import random
import signal
from collections.abc import Iterator
from typing import Any

import pytest

import workbench.balance as balance
import workbench.balance.executors as executors
import workbench.panzer_strike as ps
import workbench.players as players
from workbench.errors import ArgumentError, UnknownName, WorkbenchError
from workbench.games import get_game
from workbench.rules import seeding
from workbench.rules.options import OptionError
from workbench.rules.play import random_player
from workbench.testing.fixture_games import GAME as SURE_THING

EXAMPLES = int(os.environ.get("WORKBENCH_SWEEP_FUZZ_EXAMPLES", "200"))
SOAK = "WORKBENCH_SWEEP_FUZZ_EXAMPLES" in os.environ
DEADLINE = 60  # seconds: a sweep of at most 3 fixture games, in processes or not
NAN = math.nan
PRACTICE = get_game("panzer-vor-practice")
MOCK = PRACTICE.scenarios()["mock-battle"]


def first_action(game: Any, observation: Any, rng: Any) -> Any:
    """A player defined at a module's top level (it pickles to other processes)."""
    return observation.legal_actions[0]


@contextlib.contextmanager
def processes_started() -> Iterator[list[int]]:
    """Counts the processes this process starts meanwhile (every ``multiprocessing`` start)."""
    started: list[int] = []
    start = multiprocessing.process.BaseProcess.start

    def counted(self: Any) -> None:
        started.append(1)
        start(self)

    multiprocessing.process.BaseProcess.start = counted  # type: ignore[method-assign]
    try:
        yield started
    finally:
        multiprocessing.process.BaseProcess.start = start  # type: ignore[method-assign]


# --- every public function and method checks its arguments -------------------------------


def _public(module: Any) -> list[tuple[str, Any]]:
    """The module's public functions and classes (``__all__``, else every public name), the
    workbench's own (not what it imports from elsewhere)."""
    names = getattr(module, "__all__", [n for n in vars(module) if not n.startswith("_")])
    found = [(n, getattr(module, n)) for n in names]
    return [(n, v) for n, v in found if (inspect.isfunction(v) or inspect.isclass(v))
            and v.__module__.startswith(module.__name__)]  # fmt: skip


def _unchecked(owner: str, member: Any, method: bool) -> list[str]:
    if not callable(member):
        return []
    parameters = list(inspect.signature(member).parameters)[1 if method else 0 :]
    return [owner] if parameters and not getattr(member, "arguments_checked", False) else []


def test_every_public_function_and_method_of_balance_and_players_checks_its_arguments():
    unchecked = []
    for module in (balance, executors, players):
        for name, value in _public(module):
            if inspect.isclass(value):
                for member_name, member in vars(value).items():
                    public = not member_name.startswith("_") or member_name in (
                        "__init__", "__call__")  # fmt: skip
                    own = getattr(member, "__module__", "") == value.__module__  # not typing's
                    if public and own and inspect.isfunction(member):
                        unchecked += _unchecked(f"{name}.{member_name}", member, True)
            elif inspect.isfunction(value):
                unchecked += _unchecked(name, value, False)
    assert not unchecked


def test_the_worker_cap_is_the_cpu_count_times_four_and_named_in_the_refusal():
    cpus = os.cpu_count() or 1
    assert cpus * 4 == balance.MAX_WORKERS
    refusal = rf"from 1 to {cpus * 4} \(MAX_WORKERS: {cpus} CPUs x 4\), or None, got 1000000"
    with processes_started() as started, pytest.raises(ArgumentError, match=refusal):
        balance.sweep(SURE_THING, None, games=20, workers=10**6, progress=False)
    assert not started


def test_a_sweep_starts_at_most_one_process_a_game():
    with processes_started() as started:
        result = balance.sweep(SURE_THING, None, first_action, games=2,
                               workers=balance.MAX_WORKERS, progress=False)  # fmt: skip
    assert len(result.games) == 2 and 1 <= len(started) <= 2


# (keywords of sweep(PRACTICE, MOCK, ...), the argument the refusal names, the error)
BAD_SWEEPS: list[tuple[dict[str, Any], str, type[Exception]]] = [
    ({"workers": 1.5}, "workers", ArgumentError),
    ({"workers": 0}, "workers", ArgumentError),
    ({"workers": "2"}, "workers", ArgumentError),
    ({"seed": "abc"}, "seed", ArgumentError),
    ({"seed": 1.5}, "seed", ArgumentError),
    ({"seed": NAN}, "seed", ArgumentError),
    ({"seed": True}, "seed", ArgumentError),
    ({"seed": -1}, "seed", ArgumentError),
    ({"seed": 2**64}, "seed", ArgumentError),
    ({"client": "x"}, "client", ArgumentError),
    ({"client": 3}, "client", ArgumentError),
    ({"client": object()}, "client", ArgumentError),
    ({"stop": 3}, "stop", ArgumentError),
    ({"players": {}}, "players", ArgumentError),
    ({"players": {"Martians": random_player}}, "players", ArgumentError),
    ({"players": {"Team A": random_player, "Team B": 3}}, "players", ArgumentError),
    ({"players": lambda g, o, r: o.legal_actions[0], "workers": 2}, "players", ArgumentError),
    ({"options": {"mode": "cards"}}, "mode", OptionError),
    ({"options": "turn_limit=2"}, "options", ArgumentError),
    ({"options": {"turn_limit": 10**30}}, "turn_limit", OptionError),
    ({"games": -1}, "games", ArgumentError),
    ({"games": 10**9}, "games", ArgumentError),
    ({"games": 2.5}, "games", ArgumentError),
    ({"progress": "no"}, "progress", ArgumentError),
    ({"max_seconds": NAN}, "max_seconds", ArgumentError),
    ({"max_bytes": NAN}, "max_bytes", ArgumentError),
]


@pytest.mark.parametrize("keywords, argument, error", BAD_SWEEPS)
def test_a_bad_sweep_argument_is_refused_before_any_game_or_process(keywords, argument, error):
    given = copy.deepcopy({k: v for k, v in keywords.items() if k != "players"})
    with processes_started() as started, pytest.raises(error, match=argument):
        balance.sweep(PRACTICE, MOCK, **{"games": 2, "progress": False, **keywords})
    assert not started
    assert {k: v for k, v in keywords.items() if k != "players"}.keys() == given.keys()


def test_a_bad_game_or_scenario_is_refused_naming_it():
    with pytest.raises(WorkbenchError, match="no game called 'nope'"):
        balance.sweep("nope", None, progress=False)
    with pytest.raises(ArgumentError, match="game: expected a registered game's name"):
        balance.sweep(3, None, progress=False)  # type: ignore[arg-type]
    tanks_table = get_game("tanks").scenarios()["barkmanns-corner"]
    with pytest.raises(ArgumentError, match="scenario: expected a scenario of Panzer Vor!"):
        balance.sweep(PRACTICE, tanks_table, games=1, progress=False)
    assert len(balance.sweep(PRACTICE, "mock-battle", games=1, options={"turn_limit": 1},
                             progress=False).games) == 1  # a shipped scenario's name  # fmt: skip


def test_a_grid_sweep_checks_every_value_first_and_bounds_the_whole_grids_time():
    with pytest.raises(OptionError, match="turn_limit"):  # the second value's options, at once
        balance.grid_sweep(PRACTICE, [2, 10**30], lambda v: MOCK, games=1, progress=False,
                           options_for=lambda v: {"turn_limit": v})  # fmt: skip
    with pytest.raises(ArgumentError, match=r"games: expected a grid sweep whose games .* "
                       r"max_seconds=1e-06 .*pass a larger max_bytes or max_seconds"):  # fmt: skip
        balance.grid_sweep(SURE_THING, range(3), lambda v: None, games=50, progress=False,
                           max_seconds=1e-6)  # fmt: skip
    for bad, argument in (({"bogus": 1}, "bogus"), ({"options": {}}, "options")):
        with pytest.raises(ArgumentError, match=f"{argument}: expected a keyword a sweep takes"):
            balance.grid_sweep(SURE_THING, [1], lambda v: None, **bad)
    for values in ("ab", 3, range(balance.checks.MAX_GRID_VALUES + 1)):
        with pytest.raises(ArgumentError, match="values"):
            balance.grid_sweep(SURE_THING, values, lambda v: None, progress=False)  # type: ignore[arg-type]
    grid = balance.grid_sweep(SURE_THING, range(2), lambda v: None, games=2, progress=False)
    assert list(grid["value"].unique()) == [0, 1]


def test_the_balance_helpers_check_their_arguments():
    for call, argument in (
        (lambda: seeding.derive("7", 0), "seed"),
        (lambda: seeding.derive(7, -1), "step"),
        (lambda: seeding.derive(10**5000, 0), "seed"),
        (lambda: balance.wilson_interval(11, 10), "successes"),
        (lambda: balance.wilson_interval(1, 10, NAN), "z"),
        (lambda: balance.sweep_memory(-1), "games"),
        (lambda: executors.LocalPool(0), "workers"),
        (lambda: executors.OnDask("x"), "client"),
        (lambda: executors.executor_for(workers=10**6), "workers"),
        (lambda: balance.plot_win_rates("grid"), "grid"),
    ):
        with pytest.raises(ArgumentError, match=argument):
            call()


# (keywords of search(...), the argument the refusal names)
BAD_SEARCHES: list[tuple[dict[str, Any], str]] = [
    ({"level": ["easy"]}, "level"),
    ({"level": "expert"}, "level"),
    ({"level": None}, "level"),
    ({"seed": "abc"}, "seed"),
    ({"seed": 1.5}, "seed"),
    ({"seed": NAN}, "seed"),
    ({"seed": True}, "seed"),
    ({"seed": -1}, "seed"),
    ({"seconds": -1}, "seconds"),
    ({"seconds": NAN}, "seconds"),
    ({"seconds": math.inf}, "seconds"),
    ({"seconds": 0}, "seconds"),
    ({"seconds": players.MAX_DECISION_SECONDS + 1}, "seconds"),
    ({"seconds": "1"}, "seconds"),
]


@pytest.mark.parametrize("keywords, argument", BAD_SEARCHES)
def test_a_search_player_refuses_a_level_seed_or_time_it_does_not_take(keywords, argument):
    for make in (players.search, players.SearchPlayer):
        with pytest.raises(ArgumentError, match=f"^{argument}: expected"):
            make(**keywords)


def test_the_level_refusal_lists_the_levels():
    with pytest.raises(UnknownName, match=r"level: expected a level \(easy, medium, hard\)"):
        players.search(["easy"])  # type: ignore[arg-type]
    assert players.search("easy", seed=3, seconds=2.5).seconds == 2.5


def test_a_search_players_call_checks_its_game_and_observation():
    player, match = players.search("easy", seed=1), ps.start(ps.load_scenario("capture-the-flag"))
    seen = ps.observation(match, "north")
    with pytest.raises(ArgumentError, match="observation: expected an observation of tanks"):
        player(get_game("tanks"), seen, random.Random(1))
    with pytest.raises(ArgumentError, match="game"):
        player("panzer-strike", seen, random.Random(1))
    with pytest.raises(ArgumentError, match="rng"):
        player(get_game("panzer-strike"), seen, 7)
    with pytest.raises(UnknownName, match="game: expected a registered game's name"):
        player.simulations_in("chess")


# --- the fuzz ---------------------------------------------------------------------------

GOOD = {"players": random_player, "games": 2, "seed": 0, "options": None, "workers": None,
        "client": None, "progress": False, "stop": None}  # fmt: skip
POOLS: dict[str, list[Any]] = {
    "players": [
        random_player,
        first_action,
        {},
        {"A": random_player, "B": random_player},
        {"A": random_player},
        {"Z": random_player},
        3,
        "random",
        None,
        lambda g, o, r: o.legal_actions[0],
    ],
    "games": [0, 1, 3, -1, 2.5, 10**9, "3", True, None, NAN, 10**5000],
    "seed": [5, 2**63 - 1, -1, "abc", 1.5, NAN, True, 2**64, None, 10**5000],
    "options": [{}, {"mode": "x"}, "x", {"turn_limit": 2}, [("a", 1)], {1: 2}],
    "workers": [
        1,
        2,
        3,
        balance.MAX_WORKERS,
        balance.MAX_WORKERS + 1,
        10**6,
        0,
        -1,
        1.5,
        "2",
        True,
        NAN,
    ],
    "client": ["x", 3, object(), "", "a" * 300, [], "tcp://"],
    "progress": ["no", 1, None, NAN],
    "stop": [lambda: False, 3, "x", lambda: True],
    "max_bytes": [10, -1, NAN, 2.5, "1", 10**5000],
    "max_seconds": [NAN, 0, -1, 1e-9, None, "1", math.inf],
    "game": ["fixture-sure-thing", "nope", 3, None, PRACTICE],
    "scenario": [MOCK, "mock-battle", 3, "", "\0", "/nonexistent.json", b"x"],
}
GRID_POOLS: dict[str, list[Any]] = {
    "values": [[1, 2], range(2), "ab", 3, [], None, {1: 2}],
    "scenario_for": [lambda v: None, 3, None],
    "parameter": ["value", 3, "", None],
    "options_for": [None, lambda v: {}, lambda v: 3, 3, lambda v: {"mode": v}],
}
_MATCH = ps.start(ps.load_scenario("capture-the-flag"))  # the movement dice roll first
CALL_POOLS: dict[str, list[Any]] = {  # a search player's call: the good one has nothing to do
    "game": [get_game("panzer-strike"), "panzer-strike", None, 3, get_game("tanks")],
    "observation": [ps.observation(_MATCH, "north"), 3, None, _MATCH, "north"],
    "rng": [random.Random(1), 7, None, NAN],
}
LEVELS = ["easy", "hard", ["easy"], "expert", None, 3, ""]
SEEDS = [None, 0, 7, "abc", 1.5, NAN, True, -1, 2**64, 10**5000]
SECONDS = [None, 0.5, 2, -1, NAN, math.inf, 0, 1e9, "1", True]


class _Late(BaseException):
    """A call past its deadline."""


def _late(*_: Any) -> None:
    raise _Late


def _draw(rng: random.Random) -> tuple[str, dict[str, Any]]:
    """A call: which one, and its arguments (each good, or bad one time in three)."""
    kind = rng.choice(("sweep", "sweep", "sweep", "grid", "search", "call"))
    if kind == "call":
        return kind, {k: (rng.choice(p) if rng.random() < 0.5 else p[0])
                      for k, p in CALL_POOLS.items()}  # fmt: skip
    if kind == "search":
        return kind, {"level": rng.choice(LEVELS), "seed": rng.choice(SEEDS),
                      "seconds": rng.choice(SECONDS)}  # fmt: skip
    keywords = {k: (rng.choice(POOLS[k]) if rng.random() < 0.3 else v) for k, v in GOOD.items()}
    for name in ("max_bytes", "max_seconds"):
        if rng.random() < 0.2:
            keywords[name] = rng.choice(POOLS[name])
    game = rng.choice(POOLS["game"]) if rng.random() < 0.3 else SURE_THING
    scenario = rng.choice(POOLS["scenario"]) if rng.random() < 0.3 else None
    if game is PRACTICE and rng.random() < 0.7:
        scenario, keywords["options"] = MOCK, {"turn_limit": 1}
    if kind == "grid":
        keywords.pop("options")
        for name, pool in GRID_POOLS.items():
            keywords[name] = rng.choice(pool) if rng.random() < 0.3 else pool[0]
    return kind, {"game": game, "scenario": scenario, **keywords}


def _call(kind: str, arguments: dict[str, Any]) -> Any:
    if kind == "call":
        return players.search("easy", seed=1)(**arguments)
    if kind == "search":
        return players.search(**arguments)
    given = dict(arguments)
    game = given.pop("game")
    if kind == "grid":
        given.pop("scenario")
        return balance.grid_sweep(game, given.pop("values"), given.pop("scenario_for"), **given)
    return balance.sweep(game, given.pop("scenario"), **given)


def test_random_sweep_and_player_arguments_answer_or_refuse_in_time_within_the_process_cap():
    rng = random.Random(45)
    foreign, over_cap = [], []
    old = signal.signal(signal.SIGALRM, _late)
    try:
        for _ in range(EXAMPLES):
            kind, arguments = _draw(rng)
            kept = {k: copy.copy(v) for k, v in arguments.items() if isinstance(v, dict | list)}
            games = arguments.get("games")
            cap = min(balance.MAX_WORKERS, games if isinstance(games, int) else 0)
            cap *= len(arguments["values"]) if kind == "grid" and isinstance(
                arguments.get("values"), list | range) else 1  # fmt: skip
            signal.alarm(DEADLINE)
            with processes_started() as started:
                try:
                    _call(kind, arguments)
                except WorkbenchError:
                    pass
                except _Late:
                    foreign.append((kind, arguments, "no answer within the deadline"))
                except Exception as error:  # what the test looks for
                    foreign.append((kind, arguments, type(error).__name__, str(error)[:200]))
                finally:
                    signal.alarm(0)
            if len(started) > max(cap, 0):
                over_cap.append((kind, arguments, len(started)))
            assert {k: v for k, v in arguments.items() if k in kept} == kept  # nothing changed
    finally:
        signal.signal(signal.SIGALRM, old)
    assert not foreign
    assert not over_cap


# make soak only: a refused connection is retried for the whole wait (about 22 s)
@pytest.mark.soak
def test_an_address_with_no_scheduler_is_refused_after_its_wait():
    pytest.importorskip("dask.distributed")
    with pytest.raises(ArgumentError, match=r"client: .*a Dask scheduler that answers"):
        balance.sweep(SURE_THING, None, games=2, client="tcp://127.0.0.1:1", progress=False)
