"""The search players' position score from the rules, for OpenSpiel's searches (a random
rollout to the end of a workbench game would take hundreds of steps of hundreds of moves).

:class:`MaterialEvaluator` scores material: each side's value is the enemy's tanks lost less
its own (``Game.summarize``'s ``"lost"``) and its objectives (a game's
``SearchSettings.objectives``), over :data:`MATERIAL_SCALE` tanks, never as sure as a win
(:data:`MOST_SURE`). Its prior is uniform but for the greedy player's choice at the root
(:data:`FAVOURED_PRIOR`), so few simulations start from a sensible move.

:class:`OddsEvaluator` counts a shot at its exact odds: a position reached by declaring a
shot, or by its dice and reactions (``SearchSettings.shots``), is scored as the
position it was declared in plus the rules' chance that it destroys its target, not by the
one roll the search sampled. Where a game lists its live tanks
(``SearchSettings.exposure``), a tank just moved is scored by its exposure: its best chance
of destroying an enemy less an enemy's best of destroying it, at :data:`THREAT_WORTH`.

Both are OpenSpiel evaluators by their shape (``evaluate`` and ``prior``, as
``open_spiel.python.algorithms.mcts.Evaluator``), so a game's own needs no OpenSpiel; both
raise :class:`Stopped` between simulations once ``stop`` is set or the time is up.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from fractions import Fraction
from typing import Any

from workbench.errors import WorkbenchError
from workbench.players.settings import Exposure, settings_for

MATERIAL_SCALE = 3.0  # tanks: a three-tank lead scores as near a win as a position may
MOST_SURE = 0.9  # a position is never scored as surely won or lost as the end itself
FAVOURED_PRIOR = 0.5  # the greedy player's choice's share of the prior at the root


class Stopped(WorkbenchError, RuntimeError):
    """A search stopped before its simulations were done (asked to, or out of time)."""


def material_values(
    rules: Any, sides: tuple[str, ...], state: Any, raw: bool = False
) -> list[float]:
    """Each side's material score in ``state`` (see the module; ``raw``: not yet bounded).

    >>> from workbench.games import all_games
    >>> rules = all_games()[0]
    >>> start = rules.start(rules.load_scenario(next(iter(rules.scenarios()))))
    >>> material_values(rules, rules.players(start), start)  # nothing lost yet
    [0.0, 0.0]
    """
    lost = dict(rules.summarize(state).get("lost", {}))
    scored = settings_for(rules.name).objectives
    objectives = scored(state) if scored is not None else {}
    values = []
    for side in sides:
        own = lost.get(side, 0) - objectives.get(side, 0.0)
        enemy = sum(n for other, n in lost.items() if other != side)
        enemy -= sum(v for other, v in objectives.items() if other != side)
        score = (enemy - own) / MATERIAL_SCALE
        values.append(score if raw else max(-MOST_SURE, min(MOST_SURE, score)))
    return values


class MaterialEvaluator:
    """An OpenSpiel evaluator on the material score (see the module)."""

    def __init__(self, stop: threading.Event | None = None, seconds: float | None = None) -> None:
        self.stop = stop or threading.Event()
        self.deadline = None if seconds is None else time.monotonic() + seconds
        self.root: Any = None
        self.favoured: int | None = None

    def check(self) -> None:
        if self.stop.is_set() or (self.deadline is not None and time.monotonic() > self.deadline):
            raise Stopped("the search was stopped")

    def evaluate(self, state: Any) -> list[float]:
        self.check()
        game = state.get_game()
        return material_values(game.rules, game.sides, state.workbench_state)

    def prior(self, state: Any) -> list[tuple[int, float]]:
        self.check()
        if state.is_chance_node():
            return list(state.chance_outcomes())
        legal = state.legal_actions(state.current_player())
        favoured = self.favoured if state.workbench_state is self.root else None
        if favoured not in legal or len(legal) == 1:
            return [(action, 1.0 / len(legal)) for action in legal]
        rest = (1.0 - FAVOURED_PRIOR) / (len(legal) - 1)
        return [(a, FAVOURED_PRIOR if a == favoured else rest) for a in legal]


THREAT_WORTH = 0.5  # tanks: a sure shot at the moved tank's best target, or at it

MOST_LOOKED_BACK = 40  # steps of one shot's resolution an evaluation looks back through


def _moved_tank(state: Any, exposed: Exposure | None) -> str | None:
    """The tank the action that reached this OpenSpiel state moved (None: it moved none, or
    the game scores no exposure)."""
    if exposed is not None:
        for action, _ in state.workbench_path:
            return exposed.moved(action)
    return None


def shot_origin(rules: Any, path: Any) -> tuple[Any, str, str] | None:
    """The state a shot still being resolved (or just resolved) at the end of ``path`` was
    declared in, with its attacker and target (the game's ``SearchSettings.shots``): ``path``
    gives (action, the state it was taken in) back from the position
    (``WorkbenchState.workbench_path``)."""
    shots = settings_for(rules.name).shots
    if shots is None:
        return None
    for _, (action, before) in zip(range(MOST_LOOKED_BACK), path, strict=False):
        shot = shots.declared(action)
        if shot is not None:
            return (before, *shot)
        if not shots.under_way(before):
            return None
    return None


class OddsEvaluator(MaterialEvaluator):
    """Material, with a shot under way scored at its exact odds (see the module)."""

    def __init__(self, stop: threading.Event | None = None, seconds: float | None = None) -> None:
        super().__init__(stop, seconds)
        self._odds: dict[tuple[int, str, str], Fraction] = {}

    def at_root(self, state: Any) -> list[int] | None:
        """The numbers the search weighs at the root of an OpenSpiel ``state``, the first its
        favourite; None (here): every legal action, the greedy player's choice favoured."""
        return None

    def evaluate(self, state: Any) -> list[float]:
        self.check()
        game = state.get_game()
        rules, sides = game.rules, game.sides
        origin = shot_origin(rules, state.workbench_path) if not state.is_terminal() else None
        if origin is None:
            here = state.workbench_state
            values = material_values(rules, sides, here, raw=True)
            exposed = settings_for(rules.name).exposure
            moved = _moved_tank(state, exposed)
            if exposed is not None and moved is not None:
                exposure = self.exposure(rules, here, moved, exposed.live)
                values = [v + THREAT_WORTH * exposure.get(side, 0.0) / MATERIAL_SCALE
                          for side, v in zip(sides, values, strict=True)]  # fmt: skip
            return [max(-MOST_SURE, min(MOST_SURE, v)) for v in values]
        before, attacker, target = origin
        chance = float(self.destroy_chance(rules, before, attacker, target))
        firer = rules.current_player(before)
        values = material_values(rules, sides, before, raw=True)
        scored = [
            v + (chance if side == firer else -chance) / MATERIAL_SCALE
            for side, v in zip(sides, values, strict=True)
        ]
        return [max(-MOST_SURE, min(MOST_SURE, v)) for v in scored]

    def exposure(self, rules: Any, state: Any, tank: str,
                 live: Callable[[Any, str], list[str]]) -> dict[str, float]:  # fmt: skip
        """The moved tank's best chance of destroying an enemy less the best enemy chance of
        destroying it, to its side (and the other way round to the enemy; ``live``: a side's
        tanks still fighting)."""
        side = next((s for s in rules.players(state) if tank in live(state, s)), None)
        if side is None:
            return {}
        enemies = [t for s in rules.players(state) if s != side for t in live(state, s)]
        threat = max((float(self.destroy_chance(rules, state, tank, e)) for e in enemies),
                     default=0.0)  # fmt: skip
        danger = max((float(self.destroy_chance(rules, state, e, tank)) for e in enemies),
                     default=0.0)  # fmt: skip
        gain = threat - danger
        return {s: gain if s == side else -gain for s in rules.players(state)}

    def destroy_chance(self, rules: Any, state: Any, attacker: str, target: str) -> Fraction:
        """The rules' exact chance that the shot declared in ``state`` destroys its target."""
        key = (id(state), attacker, target)
        if key not in self._odds:
            self._odds[key] = Fraction(rules.odds(state, attacker, target).destroy)
        return self._odds[key]
