"""How fair a design is, as its games finish: each side's wins with its 95 % Wilson interval,
the draws, the games' length, and where the games were decided (a place's count of games whose
first kill, or the flag or objective that won them, was there).

>>> tally = Fairness("a game", ("Red", "Blue"))
>>> for n, winner in enumerate(["Red", "Red", "Blue", "draw"]):
...     tally.add(n, {"winner": winner, "steps": 10 + n, "decided": "middle"})
>>> tally.games, tally.wins("Red"), tally.draws, tally.mean_length, dict(tally.heat)
(4, 2, 1, 11.5, {'middle': 4})
>>> [round(x, 2) for x in tally.win_rate("Red")]
[0.5, 0.15, 0.85]
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any

import pandas as pd

from workbench.arguments import checked_methods, whole_number
from workbench.balance.stats import wilson_interval
from workbench.errors import ArgumentError

# the half-width of the interval a run is precise enough at (the panel says so; the
# benchmark times the first interval this narrow)
NARROW = 0.15


@checked_methods
@dataclass
class Fairness:
    """The games of one design played so far (``rows``, by game number) and what they say:
    each side's win rate with its interval, draws, length and where they were decided.
    ``requested``: the games asked for; ``where``: where they ran; ``stopped``: ended early."""

    game: str
    sides: tuple[str, ...]
    requested: int = 0
    where: str = ""
    stopped: bool = False
    rows: dict[int, dict[str, Any]] = field(default_factory=dict)

    def add(self, index: int, row: Mapping[str, Any]) -> None:
        """Count game ``index``'s row (its ``winner``, ``steps`` and ``decided`` place)."""
        whole_number("index", index, low=0)
        if "winner" not in row:
            raise ArgumentError("row", row, "a game's row with its winner")
        self.rows[index] = dict(row)

    def copy(self) -> Fairness:
        """A snapshot (another thread may go on adding to this one; a row, once added, is
        never changed)."""
        return replace(self, rows=dict(self.rows))

    @property
    def games(self) -> int:
        return len(self.rows)

    def wins(self, side: str) -> int:
        """The games ``side`` won."""
        return sum(row["winner"] == side for row in self.rows.values())

    @property
    def draws(self) -> int:
        return sum(row["winner"] not in self.sides for row in self.rows.values())

    def win_rate(self, side: str) -> tuple[float, float, float]:
        """``side``'s share of the games won, and its 95 % Wilson interval (low, high)."""
        if side not in self.sides:
            raise ArgumentError("side", side, f"a side of the game ({', '.join(self.sides)})")
        wins, n = self.wins(side), self.games
        low, high = wilson_interval(wins, n)
        return (wins / n if n else 0.0), low, high

    def share(self, side: str) -> tuple[float, float, float]:
        """``side``'s score, a draw counting half, with its interval: 0.5 is an even game."""
        if side not in self.sides:
            raise ArgumentError("side", side, f"a side of the game ({', '.join(self.sides)})")
        score, n = self.wins(side) + self.draws / 2, self.games
        low, high = wilson_interval(score, n)
        return (score / n if n else 0.5), low, high

    @property
    def half_width(self) -> float:
        """The widest half-interval of the sides' win rates (1.0 before any game)."""
        widths = [(high - low) / 2 for _, low, high in map(self.win_rate, self.sides)]
        return max(widths, default=1.0) if self.games else 1.0

    @property
    def mean_length(self) -> float:
        """Steps a game, on average (every action and chance outcome)."""
        n = self.games
        return sum(row.get("steps", 0) for row in self.rows.values()) / n if n else 0.0

    @property
    def heat(self) -> Counter[Any]:
        """Place -> the games decided there."""
        return Counter(r["decided"] for r in self.rows.values() if r.get("decided") is not None)

    @property
    def summary(self) -> pd.DataFrame:
        """Per side: games, wins, win rate and its interval (and the draws)."""
        rows = []
        for side in self.sides:
            rate, low, high = self.win_rate(side)
            rows.append({"side": side, "games": self.games, "wins": self.wins(side),
                         "win_rate": rate, "low": low, "high": high})  # fmt: skip
        return pd.DataFrame(rows).set_index("side")

    def lines(self) -> list[str]:
        """What the games say, a line each: a side's win rate with its interval, the draws,
        the length (the places are the design's to name: the panel adds them)."""
        if not self.games:
            return [f"no game finished yet ({self.requested} to play, {self.where})"]
        out = []
        for side in self.sides:
            rate, low, high = self.win_rate(side)
            out.append(f"{side} wins {rate:.0%} (95 % interval {low:.0%}–{high:.0%})")
        out.append(f"draws {self.draws} of {self.games} games (of {self.requested}, {self.where})")
        out.append(f"a game lasts {self.mean_length:.0f} steps on average")
        if self.half_width <= NARROW:
            out.append(f"precise to ±{self.half_width:.0%}")
        return out

    def __repr__(self) -> str:
        stopped = ", stopped" if self.stopped else ""
        return f"<Fairness of {self.game}: {self.games} games{stopped}>\n" + "\n".join(self.lines())

    def _repr_html_(self) -> str:
        items = "".join(f"<li>{line}</li>" for line in self.lines())
        return f"<p>{self.game}: {self.games} games</p><ul>{items}</ul>"
