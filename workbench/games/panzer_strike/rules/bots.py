"""Panzer Strike opponents for a learner playing alone and for prepared games. Neither is the
rulebook's (the rulebook has no automatic opponent) nor a fair player: labelled practice
opponents. A player is ``(game, observation, rng) -> Action`` (``workbench.rules.play``): it
sees what its side sees (in Panzer Strike, everything), never more.

- :func:`greedy_player`: shoots the shot with the best odds of destroying (none with no
  chance); moves the tank whose move gains the most: first the best odds of a shot after the
  move (within the arc of a tank that has moved), then how many squares nearer it comes,
  round what blocks, to the nearest enemy flag (or enemy tank, where there are no flags); a
  tank that watches a flag stands still; ends movement when no move gains.
- :func:`flag_seeker`: the chooser that made the prepared ``flag-capture`` game: shoots
  whenever it may, and otherwise mostly drives towards the nearest enemy flag.
"""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Callable
from dataclasses import replace
from fractions import Fraction
from typing import Any

from workbench.games.panzer_strike.rules import shooting
from workbench.games.panzer_strike.rules.actions import EndMovement, EndTurn, Move, Shoot
from workbench.games.panzer_strike.rules.flags import next_to
from workbench.games.panzer_strike.rules.movement import blocked_squares
from workbench.games.panzer_strike.rules.shooting import in_arc, trajectory
from workbench.games.panzer_strike.rules.state import Match
from workbench.geometry.squaregrid import Square
from workbench.rules.core import Action, Game
from workbench.rules.observation import Observation
from workbench.rules.play import as_player

NOT_THE_RULEBOOKS = "not the rulebook's: a labelled practice opponent"
Chance = tuple[Fraction, Fraction]  # (destroy, damage)
NO_CHANCE: Chance = (Fraction(0), Fraction(0))
FAR = 1000  # steps to a goal no way leads to
KING_MOVES = tuple((dx, dy) for dy in (-1, 0, 1) for dx in (-1, 0, 1) if dx or dy)


@as_player
def greedy_player(game: Game, observation: Observation, rng: random.Random) -> Action:
    """Best odds first, then nearer the goal (see the module); ties broken by ``rng``."""
    legal = list(observation.legal_actions)
    if len(legal) == 1:
        return legal[0]
    state: Match = game.determinize(observation, rng)  # the state itself: nothing is hidden
    return greedy_action(state, legal, rng)


def greedy_action(state: Match, legal: list[Action], rng: random.Random) -> Action:
    """The greedy player's choice among ``legal`` (two or more) in ``state``, where the
    observation is not needed (a search's rollouts: nothing is hidden in Panzer Strike)."""
    return best_of(greedy_scores(state, legal), legal, rng)


def best_of(scores: dict[Action, Score], legal: list[Action], rng: random.Random) -> Action:
    """The greedy player's choice given its ``scores`` of ``legal``: the best, ties broken by
    ``rng`` (drawn from only where there is a tie to break)."""
    best = max(scores.values())
    tops = [a for a in legal if scores.get(a) == best]
    if len(tops) == 1 and isinstance(tops[0], EndTurn | EndMovement):
        return tops[0]  # nothing gains: no tie to break
    return rng.choice(tops)


Score = tuple[Any, ...]


def greedy_scores(state: Match, legal: list[Action]) -> dict[Action, Score]:
    """The greedy player's score of each action it weighs in ``state`` (higher is better; it
    takes the best, ties broken at random): a shot by its chances (destroy, damage), ending
    the turn as a shot with none (preferred to one); a move by its gain (see :func:`_gains`),
    ending movement as a move that gains nothing (preferred to one). The moves of a tank
    that watches a flag are not weighed (not listed). A search orders its candidates by
    these scores."""
    if any(isinstance(a, Shoot | EndTurn) for a in legal):
        scores: dict[Action, Score] = {
            s: (chance_of(state, s.firer, s.target), 0) for s in legal if isinstance(s, Shoot)
        }
        scores.update({a: (NO_CHANCE, 1) for a in legal if isinstance(a, EndTurn)})
        return scores
    watching = {w.tank for w in state.watches}
    moves = [a for a in legal if isinstance(a, Move) and a.tank not in watching]
    scores = {m: (*gain, 0) for m, gain in _gains(state, moves).items()}
    scores.update({a: (NO_CHANCE, 0, 1) for a in legal if isinstance(a, EndMovement)})
    return scores


def _chance(found: Any) -> Chance:
    return (found.destroy, found.damage) if found.can_shoot else NO_CHANCE


class _Chances:
    """``shooting.odds``' (destroy, damage) chances, kept by what they depend on: the board, the
    roster and the options (one value each, kept while they stay the same), the firer and
    its target as values, whether the firer has moved, and which squares on the shell's way
    (the trajectory's checked squares, kept for each pair of squares) a tank stands on. The
    greedy player asks for the same shots over and over (within a turn, and in a search's
    rollouts from one position), and the odds cost a millisecond each."""

    MOST = 200_000  # chances kept before the table starts again

    def __init__(self) -> None:
        self.values: tuple[Any, Any, Any] | None = None
        self.table: dict[tuple[Any, ...], Chance] = {}
        self.ways: dict[tuple[Square, Square], tuple[Square, ...]] = {}

    def __call__(self, match: Match, firer_id: str, target_id: str) -> Chance:
        values = self.values
        if (
            values is None
            or values[0] is not match.board
            or values[1] is not match.roster
            or (values[2] != match.options)
        ):
            self.values, self.table, self.ways = (match.board, match.roster, match.options), {}, {}
        firer, target = match.tank(firer_id), match.tank(target_id)
        way = self.ways.get((firer.at, target.at))
        if way is None:
            way = self.ways[(firer.at, target.at)] = trajectory(match, firer.at, target.at).checked
        occupied = {t.at for t in match.tanks}
        on_the_way = frozenset(s for s in way if s in occupied)
        key = (firer, firer_id in match.moved, target, on_the_way)
        found = self.table.get(key)
        if found is None:
            if len(self.table) >= self.MOST:
                self.table.clear()
            found = self.table[key] = _chance(shooting.odds(match, firer_id, target_id))
        return found


chance_of = _Chances()  # the greedy player's (see _Chances)


def _gains(state: Match, moves: list[Move]) -> dict[Move, tuple[Chance, int]]:
    """Each move's gain over its tank standing still: in the best shot's chances after it
    (destroy, then damage) and in steps nearer the goal."""
    enemies = state.active_tanks(state.enemy)
    flags = [s for s, owner in state.board.flags.items() if owner != state.side_to_act]
    away = _steps_to_goal(state, flags)
    shots: dict[tuple[str, Square], dict[str, Chance]] = {}
    gains: dict[Move, tuple[Chance, int]] = {}
    alike: dict[tuple[str, tuple[int, int], int], tuple[Chance, int]] = {}  # die apart
    gained: dict[tuple[int, int], Chance] = {}
    far: dict[Square, int] = {}

    def steps(square: Square) -> int:
        if square not in far:
            far[square] = away(square)
        return far[square]

    for move in moves:
        key = (move.tank, move.to, move.facing)
        if key in alike:  # the same square and facing with another die: the same gain
            gains[move] = alike[key]
            continue
        tank = state.tank(move.tank)
        to = Square(*move.to)
        if (tank.id, to) not in shots:  # from the square, every enemy at any angle
            there = state.with_tank(replace(tank, at=to))
            there = replace(there, moved=tuple(t for t in there.moved if t != tank.id))
            shots[(tank.id, to)] = {e.id: chance_of(there, tank.id, e.id) for e in enemies}
        from_there = shots[(tank.id, to)]  # a tank that has moved shoots within its arc
        arc = [from_there[e.id] for e in enemies if in_arc(move.facing, to, e.at)]
        after = max(arc, default=NO_CHANCE)
        if (tank.id, tank.at) not in shots:
            shots[(tank.id, tank.at)] = {e.id: chance_of(state, tank.id, e.id) for e in enemies}
        now = max(shots[(tank.id, tank.at)].values(), default=NO_CHANCE)
        pair = (id(after), id(now))  # both kept in shots while this runs
        if pair not in gained:
            gained[pair] = (after[0] - now[0], after[1] - now[1])
        # next to an enemy flag counts only for a tank that comes there (a watch starts)
        here = max(steps(tank.at), 1) if flags else steps(tank.at)
        gains[move] = alike[key] = (gained[pair], here - steps(to))
    return gains


def _steps_to_goal(state: Match, flags: list[Square]) -> Callable[[Square], int]:
    """King's moves round what blocks (buildings, flags, barricades in play, tanks) from a
    square to the nearest square next to an enemy flag, or where there are no flags, to the
    nearest enemy tank; a square a tank stands on counts one more than its nearest neighbour,
    a square cut off from every goal :data:`FAR`."""
    if flags:
        goals = [s for f in flags for s in f.neighbors() if next_to(state, s, f)]
    else:
        goals = [t.at for t in state.active_tanks(state.enemy)]
    blocked = {(s.x, s.y) for s in blocked_squares(state)}
    width, depth = state.board.width, state.board.depth
    steps = {(g.x, g.y): 0 for g in goals}
    queue = deque(steps)
    while queue:
        x, y = here = queue.popleft()
        for dx, dy in KING_MOVES:
            there = (x + dx, y + dy)
            inside = 0 <= there[0] < width and 0 <= there[1] < depth
            if inside and there not in steps and there not in blocked:
                steps[there] = steps[here] + 1
                queue.append(there)

    def away(square: Square) -> int:
        found = steps.get((square.x, square.y))
        if found is not None:
            return found
        around = [steps.get((square.x + dx, square.y + dy)) for dx, dy in KING_MOVES]
        return 1 + min((n for n in around if n is not None), default=FAR - 1)

    return away


greedy_player.label = f"greedy: best odds first, then the nearest goal ({NOT_THE_RULEBOOKS})"  # type: ignore[attr-defined]


@as_player
def flag_seeker(game: Game, observation: Observation, rng: random.Random) -> Action:
    """Shoots whenever it may, keeps a tank that watches a flag still, and otherwise mostly
    drives towards the nearest enemy flag (or enemy tank), so that captures and kills happen
    in short games."""
    state: Any = observation.state
    legal = observation.legal_actions
    shots = [a for a in legal if isinstance(a, Shoot)]
    if shots:
        return rng.choice(shots)
    watching = {w.tank for w in state.watches}
    moves = [a for a in legal if isinstance(a, Move) and a.tank not in watching]
    if not moves or rng.random() < 0.2:
        return next(a for a in legal if isinstance(a, EndMovement | EndTurn))
    side = state.side_to_act
    goals = [sq for sq, owner in state.board.flags.items() if owner != side] or [
        t.at for t in state.tanks if t.side != side and not t.destroyed
    ]
    scored = [(min(max(abs(m.to[0] - g.x), abs(m.to[1] - g.y)) for g in goals), m) for m in moves]
    best = min(d for d, _ in scored)
    return rng.choice([m for d, m in scored if d == best])


flag_seeker.label = "flag seeker (not the rulebook's: a labelled practice opponent)"  # type: ignore[attr-defined]

__all__ = ["NOT_THE_RULEBOOKS", "flag_seeker", "greedy_player"]
