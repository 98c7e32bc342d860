"""The most steps a game of a scenario can take (OpenSpiel's ``max_game_length``): its turn
limit times the most steps a turn can take, each game's count written out below from its
turn's structure (every chance step included). The card game and its two series have no turn
limit: they are bounded by their deck (:mod:`.card_bound`, which registers their bounds). The
conformance tests play random games and fail any that runs past it (OpenSpiel's random
simulation raises there too).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from workbench.errors import WorkbenchError

Bound = Callable[[Any], int]  # first state -> most steps
Limit = Callable[[str], int | None]  # shipped scenario's name -> the bridge's step limit
_BOUNDS: dict[str, Bound] = {}
_SCALED_BY: dict[str, str] = {}  # the option a game's bound grows with
_LIMITS: dict[str, Limit] = {}


class Unbounded(WorkbenchError, ValueError):
    """A game with no turn limit: OpenSpiel needs a bound (give the option that sets one)."""


def bound(game: str, option: str = "turn_limit") -> Callable[[Bound], Bound]:
    """Register ``game``'s bound, which grows with its ``option``."""

    def register(function: Bound) -> Bound:
        _BOUNDS[game] = function
        _SCALED_BY[game] = option
        return function

    return register


def scaled_by(game: str) -> str:
    """The option ``game``'s bound grows with (a turn limit, a number of replays, a deck)."""
    return _SCALED_BY.get(game, "turn_limit")


def step_limits(game: str) -> Callable[[Limit], Limit]:
    """Register ``game``'s default step limits: the bridge's own (a game with no turn limit
    in its rulebook is cut there, a draw), by shipped scenario (None: no limit)."""

    def register(function: Limit) -> Limit:
        _LIMITS[game] = function
        return function

    return register


def step_limit(game: str, scenario: str) -> int | None:
    """The bridge's default step limit of a shipped scenario of ``game`` (None: none; a
    scenario file the game does not ship has none)."""
    found = _LIMITS.get(game)
    return None if found is None or not scenario else found(scenario)


def max_game_length(game: str, start: Any) -> int:
    """The most steps a game from ``start`` can take (see the module)."""
    if game not in _BOUNDS:
        raise Unbounded(f"{game} has no proved bound on its length yet")
    return _BOUNDS[game](start)


@bound("panzer-strike")
def panzer_strike(start: Any) -> int:
    """Each side's turn: the movement roll, one move per die (and the extra one when all dice
    show the same), End Movement, a shot and its gun dice per tank, End Turn; the game ends
    when the turn counter passes twice the turn limit."""
    limit = start.options.turn_limit
    if limit is None:
        raise Unbounded("this Panzer Strike game has no turn limit: give the option turn_limit")
    most = max(sum(1 for t in start.tanks if t.side == s) for s in start.order)
    dice = start.roster.dice_rolled(most)
    per_turn = 1 + (dice + 1) + 1 + 2 * most + 1
    return 2 * limit * per_turn


@bound("panzer-vor-practice")
def panzer_vor_practice(start: Any) -> int:
    """Each tank still to deploy (option setup "choose"), then each side's turn: one Move,
    Fire or Pass, and a shot's attack and damage rolls."""
    waiting = sum(len(d.tanks) for d in start.deploying)
    return waiting + start.turn_limit * len(start.order) * 3


@bound("tanks")
def tanks(start: Any) -> int:
    """Set-up played: two rolls, a step a terrain piece, the role and the table side.
    Deployment: one step a tank. Each turn, for each tank: Movement (Stay, or up to three
    Moves and End Moves), Shooting (Shoot or Hold, the Attack roll, keep or re-roll and the
    re-roll, the Defence roll, two cancellations, a Critical card per Attack die) and Command
    (Stay or Repair and its roll, or Blitzkrieg's Moves and End Moves)."""
    pieces = (*start.tanks, *getattr(start, "reserve", ()))
    attack = max(t.card.attack for t in pieces) + 1
    per_tank = 4 + (7 + attack) + 5
    setup = getattr(start, "setup", None)
    set_up = 0 if setup is None else 4 + len(setup.box)
    return set_up + len(pieces) + start.turn_limit * len(pieces) * per_tank
