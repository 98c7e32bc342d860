"""Whole card games of Panzer Vor! per second, and the cost of ``legal_actions`` in a busy
mid-game state (issue: "Panzer Vor! played whole").

Games: seeded random legal players to the end, chance sampled exactly. The reference plays
the same seeded games but loads the scenario's map afresh for each game, so nothing the map
keeps (movement table, lines of sight) is shared between games: what a naive loop would do.
"""

from __future__ import annotations

import random
from dataclasses import replace

from workbench.files import load
from workbench.games import get_game
from workbench.games.panzer_vor.boards.counters import Gun, TankCounter
from workbench.games.panzer_vor.rules.actions import Move
from workbench.games.panzer_vor.rules.match import Order, evolve
from workbench.games.panzer_vor.rules.movement import StepRules, move_table, plain_reach_costs
from workbench.games.panzer_vor.rules.state import GameState, Tank
from workbench.geometry.hexgrid import DIRECTIONS
from workbench.rules.core import CHANCE, TERMINAL
from workbench.rules.play import sample_chance
from workbench.testing.timing import Result, median_seconds

GAME = get_game("panzer-vor")
GAMES = 30


def _scenario(name: str):
    return load(GAME.scenarios()[name])


def _play(scenario, seed: int, options=None):
    rng = random.Random(seed)
    state = GAME.start(scenario, options)
    steps = 0
    while GAME.current_player(state) != TERMINAL:
        if GAME.current_player(state) == CHANCE:
            action = sample_chance(GAME.chance_outcomes(state), rng)
        else:
            legal = GAME.legal_actions(state)
            action = legal[rng.randrange(len(legal))]
        state = GAME.apply(state, action).state
        steps += 1
    return state, steps


def _games(number: int, name: str, label: str) -> Result:
    scenario = _scenario(name)
    _play(scenario, 0)  # warm: the map's tables are built once
    steps: list[int] = []

    def batch() -> None:
        steps.clear()
        steps.extend(_play(scenario, seed)[1] for seed in range(GAMES))

    seconds = median_seconds(batch, repeat=3, warmup=0) / GAMES

    def fresh() -> None:
        for seed in range(GAMES // 3):
            _play(_scenario(name), seed)

    reference = median_seconds(fresh, repeat=1, warmup=0) / (GAMES // 3)
    return Result(
        number, f"one whole random card game of {label} ({1 / seconds:,.0f} games/s)",
        seconds, 1 / 50, "the same games, each loading its map afresh", reference,
        f"target 50 games/s; {sum(steps) / len(steps):.0f} steps a game on average, "
        f"{GAMES} seeded games",
    )  # fmt: skip


def games_test_your_luck() -> Result:
    return _games(60, "test-your-luck", "Test Your Luck!")


def games_mock_battle() -> Result:
    return _games(61, "mock-battle", "A Mock Battle!")


def _busy_state():
    """Kuromorimine Stage 1 mid-game: Move All Tanks played, a Panther declared, 25 tanks."""
    rng = random.Random(3)
    state = GAME.start(_scenario("kuromorimine-stage-1"))
    for _ in range(400):
        top = state.top
        if isinstance(top, Order) and top.stage == "move" and len(state.board.tanks) >= 20:
            return state
        if GAME.current_player(state) == CHANCE:
            action = sample_chance(GAME.chance_outcomes(state), rng)
        else:
            legal = GAME.legal_actions(state)
            moves = [a for a in legal if type(a).__name__ in ("PlayCard", "Select")]
            action = moves[0] if moves and rng.random() < 0.7 else legal[rng.randrange(len(legal))]
        state = GAME.apply(state, action).state
    raise AssertionError("no busy state found")


def legal_actions_busy() -> Result:
    state = _busy_state()
    tank = state.top.tank

    def fresh():
        # a new state and a new board: nothing memoised, as after any step that moved a tank
        return evolve(state, board=replace(state.board))

    listed = GAME.legal_actions(fresh())
    poses = {(m.to, m.facing) for m in listed if isinstance(m, Move) and not m.ability}
    label = state.board.map.grid.label
    board = state.board
    plain = {
        (label(h), f)
        for (h, f) in plain_reach_costs(board, tank, board.tank(tank).counter.movement)
        if (h, f) != (board.tank(tank).hex, board.tank(tank).facing)
    }
    if poses != plain:
        raise AssertionError("legal moves and the plain search disagree")
    seconds = median_seconds(lambda: GAME.legal_actions(fresh()), repeat=50, warmup=3)
    reference = median_seconds(
        lambda: plain_reach_costs(board, tank, board.tank(tank).counter.movement), repeat=20
    )
    return Result(
        62, "`legal_actions`, busy mid-game (Kuromorimine Stage 1, 25 tanks, a tank to move)",
        seconds, 0.005, "the plain Dijkstra for the same moves", reference,
        f"{len(listed)} legal actions; state and board fresh (nothing memoised)",
    )  # fmt: skip


def legal_actions_deployment() -> Result:
    """The largest setup choice: Kuromorimine Stage 1's first deployment, every waiting tank
    on every free hex of its area with six facings."""
    state = GAME.start(_scenario("kuromorimine-stage-1"))
    while state.top.side == "Ōarai":  # "Ōarai deploys first": then Kuromorimine's 18 tanks
        state = GAME.apply(state, GAME.legal_actions(state)[0]).state
    choice = state.top
    board = state.board

    def plain() -> list[tuple[str, str, int]]:
        out: list[tuple[str, str, int]] = []
        for tank in state.undeployed[choice.side]:
            for label in choice.options:
                where = board.map.hex(label)
                terrain = board.map.terrain_at(where)
                if any(t.hex == where for t in board.tanks):
                    continue
                if terrain.enterable or terrain.deployment_only:
                    out.extend((tank.id, label, f) for f in range(6))
        return out

    listed = GAME.legal_actions(evolve(state))
    if {(a.tank, a.to, a.facing) for a in listed} != set(plain()):
        raise AssertionError("the deployment actions and the plain list disagree")
    seconds = median_seconds(lambda: GAME.legal_actions(evolve(state)), repeat=20, warmup=2)
    reference = median_seconds(plain, repeat=20, warmup=2)
    return Result(
        64, "`legal_actions` at Kuromorimine Stage 1's deployment of its 18 tanks (setup: choose)",
        seconds, 0.02, "a plain list of tank x free hex x facing", reference,
        f"{len(listed)} Deploy actions; a fresh state (nothing memoised)",
    )  # fmt: skip


def games_exhibition_setup() -> Result:
    """Exhibition! played whole, its forces bought and deployed by choices, against the same
    games with the labelled quick setup."""
    scenario = _scenario("exhibition")
    _play(scenario, 0)
    seconds = (
        median_seconds(lambda: [_play(scenario, seed) for seed in range(GAMES)], repeat=3, warmup=0)
        / GAMES
    )
    quick = {"setup": "quick"}
    reference = (
        median_seconds(
            lambda: [_play(scenario, seed, quick) for seed in range(GAMES)], repeat=3, warmup=0
        )
        / GAMES
    )
    return Result(
        65, f"one whole random game of Exhibition!, set up by choices ({1 / seconds:,.0f} games/s)",
        seconds, 1 / 10, "the same seeds with setup: quick (stand-in purchase)", reference,
        f"{GAMES} seeded games each; random forces differ from the stand-in purchase",
    )  # fmt: skip


def movement_table_fresh_map() -> Result:
    """The movement table of a map no game has used yet (as after each Exhibition! obstacle
    is placed): from the cost-only entry_cost, against StepRules.enter with its reasons."""

    hexmap = _scenario("kuromorimine-stage-1").hexmap

    def fresh_map():
        return replace(hexmap)  # a new value: derived tables start empty

    def reference_table(m):
        rules = StepRules(GameState(m), Tank("", _ANY_COUNTER, "Ōarai", next(iter(m.grid)), 0))
        out = []
        for h in m.grid:
            for step in DIRECTIONS:
                entered = rules.enter(h, h + step, reverse=False)
                out.append(entered[0] if isinstance(entered, tuple) else -1)
        return out

    table = move_table(fresh_map(), "Ōarai")
    if [c for row in table.entry for c in row] != reference_table(fresh_map()):
        raise AssertionError("the movement table and StepRules.enter disagree")
    seconds = median_seconds(lambda: move_table(fresh_map(), "Ōarai"), repeat=10)
    reference = median_seconds(lambda: reference_table(fresh_map()), repeat=5)
    return Result(
        63, f"movement table of a fresh map ({len(table.hexes)} hexes x 6 hexsides)",
        seconds, 0.05, "StepRules.enter for every hexside, with its reasons", reference,
        "built once per map and side; an Exhibition! map is new after each obstacle",
    )  # fmt: skip


def _any_counter():

    return TankCounter("", 0, 0, (Gun(0, 0),), {"front": 0, "side": 0, "rear": 0})


_ANY_COUNTER = _any_counter()


BENCHMARKS = (
    games_test_your_luck,
    games_mock_battle,
    legal_actions_busy,
    legal_actions_deployment,
    games_exhibition_setup,
    movement_table_fresh_map,
)
