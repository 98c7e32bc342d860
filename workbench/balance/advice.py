"""Which single change would make a design fairer: each candidate its design offers (where
the games are decided first) played on the same seeds as the design as it is, so that every
comparison is paired; a candidate stops early once it is clearly worse (even the fairest end
of its interval is more lopsided than the design as it is, or than the best candidate so
far), and a :class:`Budget` of games and seconds bounds the whole.

A design is as fair as its first side's score (a win 1, a draw half) is near one half:
:func:`imbalance` (with more sides, the score farthest from an even share).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from workbench.arguments import checked, checked_methods, positive, whole_number
from workbench.balance.background import play_games
from workbench.balance.designs import Change
from workbench.balance.executors import Executor
from workbench.balance.tally import Fairness
from workbench.balance.tasks import Plan
from workbench.errors import ArgumentError

MAX_BUDGET_GAMES = 10**6  # the library's own sanity limit of one suggestion's games
MAX_BUDGET_SECONDS = 24 * 3600.0


@checked_methods
@dataclass(frozen=True)
class Budget:
    """What a suggestion may spend: ``games`` in all (the design's own included) and
    ``seconds`` of wall-clock time; ``batch``: the games each candidate plays a round, between
    the checks that stop the clearly worse."""

    games: int = 400
    seconds: float = 120.0
    batch: int = 8

    def __post_init__(self) -> None:
        whole_number("games", self.games, low=1, high=MAX_BUDGET_GAMES)
        positive("seconds", self.seconds, high=MAX_BUDGET_SECONDS)
        whole_number("batch", self.batch, low=1, high=MAX_BUDGET_GAMES)


@checked
def imbalance(tally: Fairness) -> tuple[float, float, float]:
    """How far from even a tally is: (now, least, most), the share farthest from an even
    one, and the least and most its 95 % intervals allow (0 when the interval holds it).

    >>> tally = Fairness("a game", ("A", "B"))
    >>> for n in range(20):
    ...     tally.add(n, {"winner": "A" if n < 15 else "B"})
    >>> [round(x, 2) for x in imbalance(tally)]
    [0.25, 0.03, 0.39]
    """
    even = 1 / len(tally.sides)
    now, least, most = 0.0, 0.0, 0.0
    for side in tally.sides:
        share, low, high = tally.share(side)
        now = max(now, abs(share - even))
        least = max(least, 0.0 if low <= even <= high else min(abs(low - even), abs(high - even)))
        most = max(most, abs(low - even), abs(high - even))
    return now, least, most


@dataclass
class Trial:
    """One candidate (``change`` None: the design as it is), its games, and why it stopped
    early ("" while it goes on)."""

    change: Change | None
    plan: Plan = field(repr=False)
    tally: Fairness
    dropped: str = ""


@checked_methods
@dataclass
class Suggestions:
    """What :func:`~workbench.balance.suggest` found: the design as it is (``current``),
    every candidate tried (``trials``), the best few first (``best``), and the budget
    spent."""

    current: Fairness
    trials: list[Trial]
    budget: Budget
    games: int = 0
    seconds: float = 0.0
    top: int = 3
    notes: list[str] = field(default_factory=list)

    @property
    def best(self) -> list[Trial]:
        """The fairest candidates not stopped as clearly worse, fairest first (ties: the
        more games first, then the order tried)."""
        alive = [t for t in self.trials if not t.dropped and t.tally.games]
        order = {id(t): n for n, t in enumerate(self.trials)}
        alive.sort(key=lambda t: (imbalance(t.tally)[0], -t.tally.games, order[id(t)]))
        return alive[: self.top]

    @property
    def spent(self) -> str:
        return (f"{self.games} of {self.budget.games} games, {self.seconds:.0f} of "
                f"{self.budget.seconds:.0f} s")  # fmt: skip

    def lines(self) -> list[str]:
        """The best few, each with its first side's win rate and interval against the
        design's as it is, and the budget spent."""
        side = self.current.sides[0]
        out = [f"as it is: {_rate(self.current, side)}"]
        for n, trial in enumerate(self.best, 1):
            assert trial.change is not None
            out.append(f"{n}. {trial.change.text}: {_rate(trial.tally, side)}")
        tried = len(self.trials)
        dropped = sum(bool(t.dropped) for t in self.trials)
        out.append(f"{tried} changes tried ({dropped} stopped early, clearly worse); "
                   f"spent {self.spent}")  # fmt: skip
        return out + self.notes

    def __repr__(self) -> str:
        return "<Suggestions>\n" + "\n".join(self.lines())


def _rate(tally: Fairness, side: str) -> str:
    rate, low, high = tally.win_rate(side)
    return f"{side} wins {rate:.0%} ({low:.0%}–{high:.0%}, {tally.games} games)"


SETTLED_ROUNDS = 4  # rounds after which the search ends once no more than ``top`` are left


def search(
    current: Trial,
    candidates: Sequence[Trial],
    runner: Executor,
    budget: Budget,
    *,
    top: int = 3,
    on_round: Callable[[Suggestions], None] | None = None,
    stop: Callable[[], bool] | None = None,
) -> Suggestions:
    """Play ``candidates`` round by round on the seeds ``current`` played (and plays on),
    stopping the clearly worse, until the budget is spent or, after
    :data:`SETTLED_ROUNDS` rounds, no more than ``top`` are left; ``on_round`` sees the
    suggestions so far after each round, ``stop()`` ends it early."""
    began = time.monotonic()
    found = Suggestions(current.tally, list(candidates), budget, top=top)
    found.games = current.tally.games

    def out_of_time() -> bool:
        return time.monotonic() - began >= budget.seconds or bool(stop and stop())

    played_to = 0  # every candidate's games so far (the design's, at least as many)
    while not out_of_time():
        alive = [t for t in candidates if not t.dropped]
        settled = len(alive) <= top and played_to >= SETTLED_ROUNDS * budget.batch
        if played_to and (not alive or settled):
            break
        played_to += budget.batch
        behind = [t for t in (current, *alive) if t.tally.games < played_to]
        cost = sum(played_to - t.tally.games for t in behind)
        if found.games + cost > budget.games:  # whole rounds only: every candidate even
            found.notes.append(f"stopped where the next round ({cost} games) would pass the "
                               "games budget")  # fmt: skip
            break
        jobs = [(t.plan, i) for t in behind for i in range(t.tally.games, played_to)]
        owners = [t for t in behind for _ in range(t.tally.games, played_to)]

        def count(k: int, row: dict[str, Any], jobs: Any = jobs, owners: Any = owners) -> None:
            owners[k].tally.add(jobs[k][1], row)
            found.games += 1

        if play_games(jobs, runner, count, out_of_time):
            break
        found.seconds = time.monotonic() - began
        _drop_clearly_worse(current, candidates, played_to)
        if on_round is not None:
            on_round(found)
    if time.monotonic() - began >= budget.seconds:
        found.notes.append("the seconds budget is spent")
    found.seconds = time.monotonic() - began
    return found


def _drop_clearly_worse(current: Trial, candidates: Sequence[Trial], played_to: int) -> None:
    """Stop the candidates clearly worse than the design as it is, or than the best."""
    now = imbalance(current.tally)[0]
    level = [t for t in candidates if not t.dropped and t.tally.games >= played_to]
    if not level:
        return
    best = min(imbalance(t.tally)[0] for t in level)
    for trial in level:
        least = imbalance(trial.tally)[1]
        if least > now:
            trial.dropped = f"clearly worse than the design as it is ({trial.tally.games} games)"
        elif least > best:
            trial.dropped = f"clearly worse than a better change ({trial.tally.games} games)"


def check_top(top: object) -> int:
    """``top``: how many suggestions to list, 1 to 20."""
    try:
        return whole_number("top", top, low=1, high=20)
    except ArgumentError:
        raise ArgumentError("top", top, "a whole number from 1 to 20") from None
