"""Bradley–Terry ratings with a seat term: how much stronger one player is than another, in
Elo, with 95 % intervals, from games played from both seats of several scenarios.

The model: in scenario ``s``, the player in the first seat, ``a``, scores against ``b`` with
chance ``1 / (1 + exp(-(r_a - r_b + h_s)))``; ``h_s`` is what the first seat is worth in
that scenario (a scenario may favour a seat: the term keeps that from being read as
strength). A draw counts half a point to each. The ratings are fitted by maximum likelihood
(Newton's method on the binomial log-likelihood, under a weak prior: :data:`PRIOR`), one
player held at 0 (the anchor, e.g. greedy); the intervals are Wald intervals from the
observed information, on the Elo scale (400 / ln 10 per unit).

The targets of the strength benchmark (:func:`verdicts`): medium at least
:data:`MEDIUM_ELO` above greedy with its lower bound above :data:`MEDIUM_LOW`; adjacent levels
at least :data:`STEP_ELO` apart with a lower bound above 0; and from each seat, medium's score
against greedy minus greedy's own against itself from that seat above :data:`SEAT_EDGE` by its
lower bound (Newcombe's interval for a difference of two proportions).

Medium scores 30 of 40 from the first seat and 28 of 40 from the second: the seat is worth
(logit 0.75 - logit 0.7) / 2, and medium is (logit 0.75 + logit 0.7) / 2 = 0.97 above greedy:

>>> games = [Result("medium", "greedy", "x", 30.0, 40), Result("greedy", "medium", "x", 12.0, 40)]
>>> fit = fitted(games, anchor="greedy")
>>> round(fit.elo["medium"]), fit.elo["greedy"], round(fit.seat["x"])
(167, 0.0, 21)
>>> round(fitted(games, anchor="greedy", prior=0.0).elo["medium"])  # the plain likelihood
169
>>> low, high = fit.interval("medium")
>>> low > 0 < high
True
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from itertools import pairwise

import numpy as np

from workbench.balance.stats import wilson_interval

ELO = 400.0 / math.log(10.0)  # Elo points per unit of the logistic scale
Z95 = 1.959963984540054
MOST_STEPS = 100
MEDIUM_ELO, MEDIUM_LOW = 100.0, 35.0  # medium over greedy: the estimate and its lower bound
STEP_ELO = 50.0  # adjacent levels apart, the lower bound above 0
SEAT_EDGE = -0.05  # medium's score minus greedy's own, from each seat: its lower bound above
# a weak prior on every rating and seat term, normal with a standard deviation of 400 Elo (in
# logistic units, 1 / variance): it moves a rating fitted from a hundred games or more by under
# 1 %, and keeps that of a player who won every game finite, with an interval that means
# something (a ridge that vanished left such a rating at thousands of Elo, ± tens of thousands)
PRIOR = (ELO / 400.0) ** 2


@dataclass(frozen=True)
class Result:
    """``games`` games of ``scenario`` with ``first`` in the first seat and ``second`` in the
    second; ``points``: the first seat's points (a win 1, a draw 1/2). A player against itself
    tells only what the first seat is worth."""

    first: str
    second: str
    scenario: str
    points: float
    games: int

    def __post_init__(self) -> None:
        if not (isinstance(self.games, int) and self.games > 0):
            raise ValueError(f"games: expected a whole number above 0, got {self.games!r}")
        if not 0.0 <= self.points <= self.games:
            raise ValueError(f"points: expected 0 to {self.games}, got {self.points!r}")


@dataclass
class Fit:
    """The fitted ratings (Elo, the anchor at 0), each seat term (Elo: the first seat's edge
    per scenario) and their standard errors."""

    elo: dict[str, float]
    seat: dict[str, float]
    error: dict[str, float] = field(default_factory=dict)  # a player's or "seat:<scenario>"
    _covariance: np.ndarray | None = None
    _index: dict[str, int] = field(default_factory=dict)

    def interval(self, player: str) -> tuple[float, float]:
        """The 95 % interval of ``player``'s rating (Elo, against the anchor)."""
        se = self.error.get(player, 0.0)
        return self.elo[player] - Z95 * se, self.elo[player] + Z95 * se

    def difference(self, a: str, b: str) -> tuple[float, float, float]:
        """``a``'s rating minus ``b``'s, with its 95 % interval (the two ratings' covariance
        counted): ``(difference, low, high)``."""
        d = self.elo[a] - self.elo[b]
        var = 0.0
        if self._covariance is not None:
            w = np.zeros(self._covariance.shape[0])
            if a in self._index:
                w[self._index[a]] += 1.0
            if b in self._index:
                w[self._index[b]] -= 1.0
            var = float(w @ self._covariance @ w) * ELO**2
        se = math.sqrt(max(var, 0.0))
        return d, d - Z95 * se, d + Z95 * se


def fitted(results: Sequence[Result], anchor: str, prior: float = PRIOR) -> Fit:
    """The Bradley–Terry fit of ``results`` with a seat term per scenario, ``anchor`` at 0
    (``prior``: the prior's precision on the logistic scale; 0, the plain likelihood)."""
    players = sorted({r.first for r in results} | {r.second for r in results})
    if anchor not in players:
        raise ValueError(f"anchor: {anchor!r} played no game (players: {players})")
    free = [p for p in players if p != anchor]
    scenarios = sorted({r.scenario for r in results})
    index = {name: k for k, name in enumerate(free)}
    index.update({f"seat:{s}": len(free) + k for k, s in enumerate(scenarios)})
    x = np.zeros((len(results), len(index)))
    for row, r in enumerate(results):
        if r.first in index:
            x[row, index[r.first]] += 1.0
        if r.second in index:
            x[row, index[r.second]] -= 1.0
        x[row, index[f"seat:{r.scenario}"]] = 1.0
    y = np.array([r.points for r in results], dtype=float)
    n = np.array([r.games for r in results], dtype=float)
    theta = np.zeros(len(index))
    for _ in range(MOST_STEPS):
        p = 1.0 / (1.0 + np.exp(-(x @ theta)))
        gradient = x.T @ (y - n * p) - prior * theta
        hessian = (x.T * (n * p * (1.0 - p))) @ x + prior * np.eye(len(index))
        step = np.linalg.solve(hessian, gradient)
        theta += step
        if float(np.max(np.abs(step))) < 1e-10:
            break
    p = 1.0 / (1.0 + np.exp(-(x @ theta)))
    covariance = np.linalg.inv((x.T * (n * p * (1.0 - p))) @ x + prior * np.eye(len(index)))
    se = np.sqrt(np.clip(np.diag(covariance), 0.0, None)) * ELO
    elo = {anchor: 0.0, **{name: float(theta[index[name]] * ELO) for name in free}}
    seat = {s: float(theta[index[f"seat:{s}"]] * ELO) for s in scenarios}
    error = {name: float(se[k]) for name, k in index.items()}
    return Fit(elo, seat, error, covariance, index)


def results_of(first: str, second: str, scenario: str, by_seat: Sequence[float],
               games: int) -> list[Result]:  # fmt: skip
    """A match of ``games`` games a seat, ``first``'s points from the first seat and then
    from the second (``by_seat``, as the strength benchmark scores it), as two results."""
    return [Result(first, second, scenario, float(by_seat[0]), games),
            Result(second, first, scenario, games - float(by_seat[1]), games)]  # fmt: skip


def seat_edges(medium: Sequence[float], greedy: Sequence[float],
               games: int) -> list[tuple[float, float]]:  # fmt: skip
    """From each seat, medium's score against greedy minus greedy's own against itself from
    that seat (points over ``games``), and the difference's 95 % lower bound (Newcombe's
    hybrid score interval from the two Wilson intervals).

    >>> [(round(d, 2), round(low, 2)) for d, low in seat_edges([60, 50], [50, 50], 100)]
    [(0.1, -0.04), (0.0, -0.14)]
    """
    out = []
    for a, b in zip(medium, greedy, strict=True):
        p, q = a / games, b / games
        low_p, _ = wilson_interval(a, games)
        _, high_q = wilson_interval(b, games)
        out.append((p - q, p - q - math.sqrt((p - low_p) ** 2 + (high_q - q) ** 2)))
    return out


def verdicts(fit: Fit, ladder: Sequence[str], edges: Sequence[tuple[float, float]]) -> list[str]:
    """Each target met or not, in words: medium over greedy, each adjacent pair of
    ``ladder`` (weakest first) that played, and medium's edge from each seat."""
    out = []
    if "medium" in fit.elo and "greedy" in fit.elo:
        d, low, high = fit.difference("medium", "greedy")
        met = d >= MEDIUM_ELO and low > MEDIUM_LOW
        out.append(
            f"medium over greedy {d:+.0f} Elo [{low:+.0f}, {high:+.0f}]: "
            + ("**meets**" if met else "does not meet")
            + f" the target ({MEDIUM_ELO:+.0f}, lower bound above {MEDIUM_LOW:+.0f})"
        )
    rated = [name for name in ladder if name in fit.elo]
    for weaker, stronger in pairwise(rated):
        if (weaker, stronger) == ("greedy", "medium"):  # said above, with its own target
            continue
        d, low, high = fit.difference(stronger, weaker)
        met = d >= STEP_ELO and low > 0
        out.append(
            f"{stronger} over {weaker} {d:+.0f} Elo [{low:+.0f}, {high:+.0f}]: "
            + ("**apart**" if met else f"not shown {STEP_ELO:.0f} Elo apart (merge them)")
        )
    for seat, (d, low) in enumerate(edges, 1):
        out.append(
            f"seat {seat}: medium's score minus greedy's own {d:+.2f} (lower bound "
            f"{low:+.2f}, wanted above {SEAT_EDGE:+.2f}): "
            + ("**met**" if low > SEAT_EDGE else "not met")
        )
    return out
