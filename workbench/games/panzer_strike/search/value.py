"""A Panzer Strike position's worth to the side to act, learned from the greedy player's games
against itself: a small network over a few numbers of the position (:func:`features`), its
weights in ``value-weights.json`` beside this module, made by :mod:`.training` (which says
how). Not the rulebook's: it scores positions for the search players' leaves
(the search's ``GreedyLines``); a value no source gives, labelled as this project's.

The numbers, each from the side to act's view (``mine``) and the enemy's: the tanks still
fighting, by Table A value (1, 2, 3) and in all; the flags taken and watched; the king's steps
from the nearest tank to a square next to an enemy flag; the best chance each side has of
destroying an enemy tank from where its tanks stand, and the sum of each tank's best; the
clock (the turn limit, in rounds, less the player turns played: it runs out halfway through
the limit, as the network was trained; a later training may count rounds); which task the
scenario sets, and whether the side to act is the first side (the attacker in the shipped
attack-defence scenario, read as the attacker in any).

>>> from workbench.games import get_game
>>> rules = get_game("panzer-strike")
>>> start = rules.start(rules.load_scenario("capture-the-flag"))
>>> row = features(start)
>>> len(row) == len(FEATURES), row[FEATURES.index("my tanks")]
(True, 0.5)
>>> 0.0 < win_chance(start) < 1.0
True
"""

from __future__ import annotations

import json
import math
from functools import lru_cache
from pathlib import Path

from workbench.errors import InvalidValue
from workbench.games.panzer_strike.rules.bots import chance_of
from workbench.games.panzer_strike.rules.state import Match

WEIGHTS = Path(__file__).with_name("value-weights.json")
SIDES = ("my", "enemy")
FEATURES = (
    *(f"{who} {what}" for who in SIDES for what in (
        "tanks", "value", "value 1", "value 2", "value 3", "flags taken", "watches",
        "steps to a flag", "best shot", "shots")),
    "clock", "task: annihilation", "task: capture the flag", "task: attacking",
    "task: defending", "first side",
)  # fmt: skip
MOST_TANKS = 6.0  # a count of tanks is divided by this (capture-the-flag's six a side)
MOST_STEPS = 16.0  # and a count of steps by this (the board's width)
MOST_TURNS = 30.0  # and the clock by this (the rulebook's 30 where a scenario sets none)


def flag_counts(match: Match, side: str) -> tuple[int, int, int | None]:
    """``side``'s standing at the flags: the enemy flags its tanks took, its tanks watching
    one (a destroyed tank's watch ends with it), and the king's steps its nearest tank still
    has to go to be next to an enemy flag (a plain distance, what blocks not counted; None
    where there is no enemy flag or no tank).

    >>> from workbench.games import get_game
    >>> rules = get_game("panzer-strike")
    >>> flag_counts(rules.start(rules.load_scenario("capture-the-flag")), "north")[:2]
    (0, 0)
    """
    tanks = match.active_tanks(side)
    flags = [sq for sq, owner in match.board.flags.items() if owner != side]
    taken = sum(1 for _, owner, by in match.captured
                if owner != side and match.tank(by).side == side)  # fmt: skip
    mine = {t.id for t in tanks}
    watches = sum(1 for w in match.watches if w.tank in mine)
    steps = min((max(abs(t.at.x - f.x), abs(t.at.y - f.y)) - 1 for t in tanks for f in flags),
                default=None)  # fmt: skip
    return taken, watches, steps


def _side(match: Match, side: str) -> list[float]:
    tanks = match.active_tanks(side)
    values = [match.kind(t).value for t in tanks]
    taken, watches, steps = flag_counts(match, side)
    enemies = [t for s in match.order if s != side for t in match.active_tanks(s)]
    best = [max((float(chance_of(match, t.id, e.id)[0]) for e in enemies), default=0.0)
            for t in tanks]  # fmt: skip
    return [
        len(tanks) / MOST_TANKS,
        sum(values) / (3 * MOST_TANKS),
        *(sum(1 for v in values if v == k) / MOST_TANKS for k in (1, 2, 3)),
        float(taken),
        float(watches),
        max(steps or 0, 0) / MOST_STEPS,
        max(best, default=0.0),
        sum(best),
    ]


def features(match: Match) -> list[float]:
    """The numbers the network reads (:data:`FEATURES`), from the side to act's view."""
    me, enemy = match.side_to_act, match.enemy
    limit = match.options.turn_limit
    left = (MOST_TURNS if limit is None else max(limit - match.turn, 0)) / MOST_TURNS
    first = me == match.order[0]  # read as the attacker in attack-defence (see the module)
    tasks = [
        float(match.task == "annihilation"),
        float(match.task == "symmetric"),
        float(match.task == "attack-defence" and first),
        float(match.task == "attack-defence" and not first),
    ]
    return [*_side(match, me), *_side(match, enemy), left, *tasks, float(first)]


@lru_cache(maxsize=4)
def network(path: Path = WEIGHTS) -> tuple[list[list[list[float]]], list[list[float]]]:
    """The weights and biases of each layer read from ``path`` (JSON: ``features``, the names
    the network was trained on, and ``layers``, each ``{"weights": rows, "biases": row}``);
    checked: InvalidValue naming the file and what was expected."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        if data["features"] != list(FEATURES):
            raise ValueError("its features are not this module's FEATURES")
        weights = [
            [[float(w) for w in row] for row in layer["weights"]] for layer in data["layers"]
        ]
        biases = [[float(b) for b in layer["biases"]] for layer in data["layers"]]
        width = len(FEATURES)
        for w, b in zip(weights, biases, strict=True):
            if any(len(row) != width for row in w) or len(w) != len(b):
                raise ValueError("a layer's weights do not fit the one before")
            if not all(math.isfinite(x) for row in w for x in row):
                raise ValueError("a weight is not a finite number")
            width = len(b)
        if width != 1:
            raise ValueError("the last layer must give one number")
    except (OSError, ValueError, KeyError, TypeError) as error:
        raise InvalidValue(f"{path}: the value network's weights ({error})") from error
    return weights, biases


def win_chance(match: Match, path: Path = WEIGHTS) -> float:
    """The network's chance that the side to act wins ``match`` (a draw counted as half)."""
    weights, biases = network(path)
    row = features(match)
    for i, (w, b) in enumerate(zip(weights, biases, strict=True)):
        row = [
            sum(x * y for x, y in zip(r, row, strict=True)) + c for r, c in zip(w, b, strict=True)
        ]
        if i < len(weights) - 1:
            row = [max(0.0, x) for x in row]
    return 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, row[0]))))
