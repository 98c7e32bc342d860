"""The balance lab on a design as it is drawn: :func:`fairness` (how fair is it?) and
:func:`suggest` (which single change would make it fairer?), from Python or from the editor's
fairness panel. A design is any value a game's home registered a
:class:`~workbench.balance.designs.Design` for: a Panzer Vor! scenario, a Panzer Strike board
or scenario, a TANKS table.

Every argument is checked before any game is played or any process started (ArgumentError
naming it); the games are seeded as a sweep's (the same seed gives the same games here, in
local processes or on Dask), and the games of every candidate change share the design's
seeds, so that each comparison is paired.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping
from typing import Any

from workbench.arguments import check_type, checks_itself, one_of, whole_number
from workbench.balance import designs
from workbench.balance.advice import Budget, Suggestions, Trial, check_top, search
from workbench.balance.background import play_games
from workbench.balance.designs import Design
from workbench.balance.executors import Executor, LocalPool, executor_for
from workbench.balance.tally import Fairness
from workbench.balance.tasks import SWEEP_MAX_SECONDS, Plan, planned, progress_bar, sweep_memory
from workbench.bounds import MAX_BYTES, Cost, refuse_past
from workbench.errors import ArgumentError, WorkbenchError
from workbench.games import get_game
from workbench.rules.core import Game

MAX_CANDIDATES = 40  # the most changes one suggestion tries: the library's own sanity limit
BUDGET = Budget()  # a suggestion's budget unless given: 400 games, 120 s


def players_of(game: Game, players: object) -> Any:
    """``players`` as the game plays them: a player, a mapping of sides to players, or the
    name of one of the game's computer players (``"greedy"``; ``game.bots``)."""
    if isinstance(players, str):
        bots = dict(game.bots)
        if players not in bots:
            listed = ", ".join(bots) or "none"
            expected = ("a player, a mapping of sides to players, or the name of one of "
                        f"{game.title}'s computer players ({listed})")  # fmt: skip
            raise ArgumentError("players", players, expected)
        return bots[players]
    return players


def _counter(tally: Fairness, bar: Any) -> Callable[[int, dict[str, Any]], None]:
    """Count each finished game (its number and row) in ``tally`` and on the progress bar."""

    def count(k: int, row: dict[str, Any]) -> None:
        tally.add(k, row)
        if bar is not None:
            bar.update(1)

    return count


def design_plan(
    value: Any,
    players: Any = "greedy",
    *,
    game: str | None = None,
    games: int = 100,
    seed: int = 0,
    options: Mapping[str, Any] | None = None,
    workers: int | None = None,
    client: Any = None,
    progress: bool = True,
    stop: Callable[[], bool] | None = None,
    max_seconds: float | None = SWEEP_MAX_SECONDS,
) -> tuple[Design, Plan]:
    """A design's registration and its run checked (see :func:`fairness`): the game (the
    design's first unless named), the scenario its games start from, the design's options
    for that game under ``options``, the players."""
    design = designs.design_for(value)
    games_of = "a game that plays this design"
    name = design.games[0] if game is None else one_of("game", game, design.games, games_of)
    the_game = get_game(name)
    try:
        scenario = design.scenario(value)
    except WorkbenchError as why:  # a board with one side's tanks only...
        raise ArgumentError("scenario", type(value).__name__, f"a design {the_game.title} "
                            f"can start from ({why})") from None  # fmt: skip
    check_type("options", options, Mapping[str, Any] | None)
    chosen = {**design.options(value, name), **(options or {})}
    plan = planned(the_game, scenario, players_of(the_game, players), games, seed, chosen,
                   workers, client, progress, stop, MAX_BYTES, max_seconds)  # fmt: skip
    return design, plan


@checks_itself
def fairness(
    scenario: Any,
    players: Any = "greedy",
    *,
    games: int = 100,
    seed: int = 0,
    game: str | None = None,
    options: Mapping[str, Any] | None = None,
    workers: int | None = None,
    client: Any = None,
    progress: bool = True,
    stop: Callable[[], bool] | None = None,
    max_seconds: float | None = SWEEP_MAX_SECONDS,
) -> Fairness:
    """Play ``games`` seeded games of a design as it is drawn (``scenario``: a Panzer Vor!
    scenario, a Panzer Strike board or scenario, a TANKS table) and say how fair it is: each
    side's win rate with its 95 % interval, the draws, the games' length and where they were
    decided (``.heat``).

    ``players``: ``"greedy"`` (the game's greedy player, the default), the name of another
    of its computer players, a player, or a mapping of sides to players
    (``workbench.players.search(level, seed=...)`` for a search). ``game``: which of the
    games that play the design (the first by default: Panzer Vor!'s practice mode, then the
    card game); ``options`` over the design's own (the terrain as drawn, tanks placed at
    once). ``workers=k``: k local processes; ``client=``: a Dask cluster. Stopped by
    ``stop()`` or Ctrl-C with the games finished kept; a run estimated from its first game
    past ``max_seconds`` is refused (ArgumentError).
    """
    _, plan = design_plan(scenario, players, game=game, games=games, seed=seed, options=options,
                          workers=workers, client=client, progress=progress, stop=stop,
                          max_seconds=max_seconds)  # fmt: skip
    runner = executor_for(plan.workers, plan.client, plan.games)
    tally = Fairness(plan.game.title, tuple(plan.game.players(plan.start)), plan.games,
                     runner.name)  # fmt: skip
    bar = progress_bar(plan.games, f"fairness, {plan.game.title}", plan.progress)
    began = time.perf_counter()
    counted = _counter(tally, bar)

    def count(k: int, row: dict[str, Any]) -> None:
        counted(k, row)
        if tally.games == 1 and plan.games > 1:  # the first game tells how long all take
            per_game = time.perf_counter() - began
            seconds = per_game * plan.games / runner.parallel
            refuse_past("games", plan.games, f"a run whose games ({per_game:.2g} s the first) "
                        "end", Cost(sweep_memory(plan.games), seconds), MAX_BYTES,
                        max_seconds)  # fmt: skip

    try:
        stopped = play_games([(plan, i) for i in range(plan.games)], runner, count, plan.stop)
    finally:
        if bar is not None:
            bar.close()
    tally.stopped = stopped or tally.games < plan.games
    return tally


@checks_itself
def suggest(
    scenario: Any,
    players: Any = "greedy",
    *,
    budget: Budget | int = BUDGET,
    seed: int = 0,
    game: str | None = None,
    options: Mapping[str, Any] | None = None,
    workers: int | None = None,
    client: Any = None,
    progress: bool = True,
    top: int = 3,
    candidates: int = 12,
    current: Fairness | None = None,
    stop: Callable[[], bool] | None = None,
) -> Suggestions:
    """Try single changes to a design (its game's own kinds: terrain added, removed or
    moved, a deployment zone shifted or grown, an objective or flag moved...), those where
    the games are decided first, and list the ``top`` fairest with their win rates and
    intervals against the design's as it is (``.best``; each ``.change.value`` is the design
    with the change made).

    ``budget``: a :class:`Budget` (games in all, seconds, the games a round) or a number of
    games. The design plays two rounds first (or ``current``: its games already played with
    these players, options and seed, the editor's); then up to ``candidates`` changes play
    round by round on the same seeds, those clearly worse stopping early. The other arguments
    are :func:`fairness`'s.
    """
    if isinstance(budget, int) and not isinstance(budget, bool):
        budget = Budget(games=budget)
    kept: Budget = check_type("budget", budget, Budget)
    top = check_top(top)
    candidates = whole_number("candidates", candidates, low=1, high=MAX_CANDIDATES)
    check_type("current", current, Fairness | None)
    design, plan = design_plan(scenario, players, game=game, games=kept.games, seed=seed,
                               options=options, workers=workers, client=client,
                               progress=progress, stop=stop, max_seconds=None)  # fmt: skip
    runner: Executor = (LocalPool(plan.workers or 1, keep=True) if (plan.workers or 1) > 1
                        and plan.client is None else executor_for(None, plan.client))  # fmt: skip
    try:
        return suggest_on(scenario, design, plan, runner, kept, top=top, candidates=candidates,
                          current=current)  # fmt: skip
    finally:
        runner.close()


def suggest_on(
    value: Any,
    design: Design,
    plan: Plan,
    runner: Executor,
    budget: Budget,
    *,
    top: int = 3,
    candidates: int = 12,
    current: Fairness | None = None,
    on_round: Callable[[Suggestions], None] | None = None,
) -> Suggestions:
    """:func:`suggest` on a checked run and its executor (the panel keeps its own)."""
    sides = tuple(plan.game.players(plan.start))
    tally = Fairness(plan.game.title, sides, budget.games, runner.name)
    heat = None
    if current is not None:  # its first games in a row (every change plays the same seeds)
        if current.game != plan.game.title or current.sides != sides:
            raise ArgumentError("current", current, f"games of {plan.game.title} ({sides})")
        first_in_row = 0
        while first_in_row < 2 * budget.batch and first_in_row in current.rows:
            tally.add(first_in_row, current.rows[first_in_row])
            first_in_row += 1
        heat = current.heat
    bar = progress_bar(budget.games, f"suggestions, {plan.game.title}", plan.progress)
    began = time.monotonic()
    first = min(2 * budget.batch, budget.games) - tally.games
    if first > 0:
        jobs = [(plan, i) for i in range(tally.games, tally.games + first)]
        play_games(jobs, runner, _counter(tally, bar), plan.stop)
    trials, notes = [], []
    for change in list(design.changes(value, heat or tally.heat))[:candidates]:
        try:
            _, changed = design_plan(change.value, plan.players, game=plan.game.name,
                                     games=budget.games, seed=plan.seed, options=plan.options,
                                     workers=plan.workers, client=plan.client,
                                     progress=False, max_seconds=None)  # fmt: skip
        except WorkbenchError as why:
            notes.append(f"not tried: {change.text} ({why})")
            continue
        trials.append(Trial(change, changed, Fairness(plan.game.title, sides, budget.games,
                                                      runner.name)))  # fmt: skip
    left = Budget(budget.games, max(0.001, budget.seconds - (time.monotonic() - began)),
                  budget.batch)  # fmt: skip

    def each_round(found: Suggestions) -> None:
        if bar is not None:
            bar.n = found.games
            bar.refresh()
        if on_round is not None:
            on_round(found)

    try:
        found = search(Trial(None, plan, tally), trials, runner, left, top=top,
                       on_round=each_round, stop=plan.stop)  # fmt: skip
    finally:
        if bar is not None:
            bar.close()
    found.budget, found.notes = budget, notes + found.notes
    found.seconds = time.monotonic() - began
    return found
