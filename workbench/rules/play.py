"""Playing a game through the protocol: resolving chance with a seeded roller or preset
outcomes, players (bots) as plain functions, and whole games kept as records.

A *player* is a function ``(game, observation, rng) -> Action`` choosing among the legal
actions its :class:`~workbench.rules.observation.Observation` lists: it sees what its side
sees, never the hidden parts of the state (a player that needs a whole state asks
``game.determinize(observation, rng)``). The random player here is labelled as such: it is no
rulebook's opponent.
"""

from __future__ import annotations

import functools
import math
import random
from collections.abc import Callable, Mapping, Sequence
from fractions import Fraction
from typing import Any

from workbench.arguments import checked
from workbench.boards.record import Record, RecordStep
from workbench.errors import ArgumentError
from workbench.rules.core import CHANCE, TERMINAL, Action, Game, IllegalAction, Reason
from workbench.rules.observation import Observation
from workbench.rules.seeding import step_rng

Player = Callable[[Game, Observation, random.Random], Action]


def sample_chance(outcomes: Sequence[tuple[Action, Fraction]], rng: random.Random) -> Action:
    """One chance outcome drawn with its exact probability (a seeded ``rng``)."""
    denominator = math.lcm(*(p.denominator for _, p in outcomes))
    pick = rng.randrange(denominator)
    for action, p in outcomes:
        weight = p.numerator * (denominator // p.denominator)
        if pick < weight:
            return action
        pick -= weight
    return outcomes[-1][0]


def as_player(function: Callable[[Game, Observation, random.Random], Action]) -> Player:
    """A player whose arguments are checked (ArgumentError): a game, an observation of that
    game (as ``game.observation`` gives it) and a ``random.Random``."""
    checking = checked(function)

    @functools.wraps(function)
    def player(game: Game, observation: Observation, rng: random.Random) -> Action:
        mismatched = isinstance(observation, Observation) and observation.game != getattr(
            game, "name", observation.game
        )
        if isinstance(game, Game) and mismatched:
            raise ArgumentError("observation", observation, f"an observation of {game.name}")
        return checking(game, observation, rng)

    player.arguments_checked = True  # type: ignore[attr-defined]
    return player


@as_player
def random_player(game: Game, observation: Observation, rng: random.Random) -> Action:
    """Any legal action, uniformly at random (not the rulebook's: a labelled test opponent)."""
    actions = observation.legal_actions
    if not actions:
        raise IllegalAction(Reason("no legal action to choose from"))
    return actions[rng.randrange(len(actions))]


random_player.label = "random legal player (not the rulebook's)"  # type: ignore[attr-defined]


def seats(game: Game, start: Any) -> tuple[str, ...]:
    """The sides a player plays from ``start``: every side, but the first alone in a solo
    scenario (Test Your Luck!: the enemy's tanks act by the rules, with no player)."""
    sides = tuple(game.players(start))
    return sides[:1] if getattr(start, "solo", False) else sides


PLAYERS = "a player (game, observation, rng) -> action, or a mapping of sides to players"


def check_players(game: Game, start: Any, players: object) -> None:
    """ArgumentError unless ``players`` is one player for every side, or a mapping of each
    side that plays from ``start`` (:func:`seats`) to its player: a side missing or unknown
    is named, with the game's sides."""
    if isinstance(players, Mapping):
        sides = tuple(game.players(start))
        unknown = [side for side in players if side not in sides]
        missing = [side for side in seats(game, start) if side not in players]
        listed = ", ".join(sides)
        if unknown:
            raise ArgumentError("players", players, f"a player for sides of the game ({listed}), "
                                f"not {', '.join(map(repr, unknown))}")  # fmt: skip
        if missing:
            raise ArgumentError("players", players, f"a player for every side ({listed}): "
                                f"missing {', '.join(missing)}")  # fmt: skip
        each: Any = players.values()
    else:
        each = [players]
    if not all(callable(p) for p in each):
        raise ArgumentError("players", players, PLAYERS)


def play_to_end(
    game: Game,
    scenario: Any,
    players: Mapping[str, Player] | Player = random_player,
    *,
    seed: int = 0,
    options: Mapping[str, Any] | None = None,
    max_steps: int = 100_000,
    watch: Callable[[Any, Any], None] | None = None,
) -> tuple[Any, list[RecordStep]]:
    """Play a whole game with seeded players and chance: the last state and every step.

    Step ``n``'s choice, chance's or a side's player's, is drawn from ``step_rng(seed, n)``
    (:mod:`workbench.rules.seeding`: the stepper's computer players make the same game).
    ``watch(before, after)``, if given, sees each step's states (the balance lab notes where a
    game was decided with it).
    """
    state = game.start(scenario, options)
    check_players(game, state, players)
    steps: list[RecordStep] = []
    for step in range(1, max_steps + 1):
        rng = step_rng(seed, step)
        who = game.current_player(state)
        if who is TERMINAL:
            break
        if who is CHANCE:
            action = sample_chance(game.chance_outcomes(state), rng)
        else:
            chooser = players if callable(players) else players[who]
            action = chooser(game, game.observation(state, who), rng)
        before, state = state, game.apply(state, action).state
        steps.append(RecordStep(action.to_json()))
        if watch is not None:
            watch(before, state)
    return state, steps


def play(
    game: Game,
    scenario: Any,
    players: Mapping[str, Player] | Player = random_player,
    *,
    seed: int = 0,
    options: Mapping[str, Any] | None = None,
    max_steps: int = 100_000,
    scenario_path: Any = None,
) -> Record:
    """Play a whole game (see :func:`play_to_end`); the record replays it exactly."""
    _, steps = play_to_end(game, scenario, players, seed=seed, options=options, max_steps=max_steps)
    return Record(
        game=game.name,
        scenario=scenario,
        steps=tuple(steps),
        options=dict(options or {}),
        seed=seed,
        scenario_path=scenario_path,
    )
