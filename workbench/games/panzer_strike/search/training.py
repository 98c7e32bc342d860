"""Makes ``value-weights.json``: the value network of Panzer Strike's search leaves
(:mod:`workbench.games.panzer_strike.search.value`), learned from the greedy player's games
against itself.

Each game of each scenario is played by the greedy player on both sides, which at a decision
with a choice takes, with chance ``--explore``, one of its four best actions at random (so
the network sees positions a search's candidates reach); every position at the start of a
turn gives a row, its features and whether the side to act went on to win (a draw half).
Whole games are set apart for validation (every fifth). A network with one hidden layer of
rectified units is fitted to the log-loss by Adam with a little weight decay, and written
with the features it reads. It prints the validation log-loss against a coin's (0.693) and
against a logistic model of the same features.

    python -m workbench.games.panzer_strike.search.training --games 2000 --workers 2

(some nine minutes on this project's 2-core machine: benchmarks/README.md gives what it made.)

numpy only; the weights are plain JSON (never a pickle).
"""

from __future__ import annotations

import argparse
import json
import random
import time
from multiprocessing import Pool
from pathlib import Path
from typing import Any

import numpy as np

from workbench.games import get_game
from workbench.games.panzer_strike.rules.bots import best_of, greedy_scores
from workbench.games.panzer_strike.search.value import FEATURES, WEIGHTS, features
from workbench.rules.core import CHANCE, TERMINAL
from workbench.rules.play import sample_chance

GAME = "panzer-strike"
TOP = 4  # the greedy player's best actions an explored decision picks among


def played(task: tuple[str, int, float]) -> tuple[list[list[float]], list[float]]:
    """The rows of one game of ``scenario`` seeded ``seed`` (see the module)."""
    scenario, seed, explore = task
    rules = get_game(GAME)
    state = rules.start(rules.load_scenario(scenario))
    rng = random.Random(seed)
    rows, sides = [], []
    last_turn = 0
    while (who := rules.current_player(state)) is not TERMINAL:
        if who is CHANCE:
            if state.phase == "roll" and state.turn != last_turn:
                last_turn = state.turn
                rows.append(features(state))
                sides.append(state.side_to_act)
            action = sample_chance(rules.chance_outcomes(state), rng)
        else:
            legal = rules.legal_actions(state)
            action = legal[0] if len(legal) == 1 else _chosen(state, legal, rng, explore)
        state = rules.apply(state, action).state
    ended = rules.outcome(state)
    winner = None if ended is None else ended.winner
    won = [0.5 if winner is None else float(side == winner) for side in sides]
    return rows, won


def _chosen(state: Any, legal: list[Any], rng: random.Random, explore: float) -> Any:
    scores = greedy_scores(state, legal)
    if rng.random() < explore and len(scores) > 1:
        ranked = sorted(scores, key=lambda a: scores[a], reverse=True)[:TOP]
        return rng.choice(ranked)
    return best_of(scores, legal, rng)


def collect(games: int, workers: int, explore: float, seed: int) -> list[tuple[Any, Any, int]]:
    """``games`` games of each scenario: (features, outcomes, game number) each."""
    scenarios = sorted(get_game(GAME).scenarios())
    tasks = [(s, seed + i * len(scenarios) + k, explore)
             for i in range(games) for k, s in enumerate(scenarios)]  # fmt: skip
    with Pool(workers) as pool:
        return [(rows, won, n) for n, (rows, won) in
                enumerate(pool.imap(played, tasks, chunksize=8))]  # fmt: skip


def _loss(p: np.ndarray, y: np.ndarray) -> float:
    p = np.clip(p, 1e-6, 1 - 1e-6)
    return float(-np.mean(y * np.log(p) + (1 - y) * np.log(1 - p)))


def fit(
    x: np.ndarray, y: np.ndarray, hidden: int, epochs: int, seed: int,
    decay: float = 1e-4, rate: float = 3e-3, batch: int = 512,
) -> list[dict[str, Any]]:  # fmt: skip
    """A network of one hidden layer of ``hidden`` rectified units (none: logistic) fitted to
    the log-loss by Adam; its layers as :func:`workbench.games.panzer_strike.value.network`
    reads them."""
    rng = np.random.default_rng(seed)
    shapes = [(hidden, x.shape[1]), (1, hidden)] if hidden else [(1, x.shape[1])]
    params = []
    for rows, cols in shapes:
        params += [rng.normal(0, np.sqrt(2 / cols), (rows, cols)), np.zeros(rows)]
    moments = [(np.zeros_like(p), np.zeros_like(p)) for p in params]
    step = 0
    for _ in range(epochs):
        order = rng.permutation(len(x))
        for start in range(0, len(x), batch):
            pick = order[start : start + batch]
            grads = _gradients(params, x[pick], y[pick], decay)
            step += 1
            for i, (p, g) in enumerate(zip(params, grads, strict=True)):
                m, v = moments[i]
                m[:] = 0.9 * m + 0.1 * g
                v[:] = 0.999 * v + 0.001 * g * g
                p -= rate * (m / (1 - 0.9**step)) / (np.sqrt(v / (1 - 0.999**step)) + 1e-8)
    return [{"weights": params[i].tolist(), "biases": params[i + 1].tolist()}
            for i in range(0, len(params), 2)]  # fmt: skip


def _forward(params: list[np.ndarray], x: np.ndarray) -> tuple[list[np.ndarray], np.ndarray]:
    acts = [x]
    for i in range(0, len(params), 2):
        z = acts[-1] @ params[i].T + params[i + 1]
        acts.append(np.maximum(z, 0) if i + 2 < len(params) else z)
    return acts, 1 / (1 + np.exp(-np.clip(acts[-1][:, 0], -30, 30)))


def _gradients(params: list[np.ndarray], x: np.ndarray, y: np.ndarray,
               decay: float) -> list[np.ndarray]:  # fmt: skip
    acts, p = _forward(params, x)
    delta = ((p - y) / len(x))[:, None]
    grads: list[np.ndarray] = [np.zeros(0)] * len(params)
    for i in range(len(params) - 2, -1, -2):
        grads[i] = delta.T @ acts[i // 2] + decay * params[i]
        grads[i + 1] = delta.sum(axis=0)
        if i:
            delta = (delta @ params[i]) * (acts[i // 2] > 0)
    return grads


def predicted(layers: list[dict[str, Any]], x: np.ndarray) -> np.ndarray:
    params = []
    for layer in layers:
        params += [np.array(layer["weights"]), np.array(layer["biases"])]
    return _forward(params, x)[1]


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=3000, help="games of each scenario")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--explore", type=float, default=0.1)
    parser.add_argument("--hidden", type=int, default=32)
    parser.add_argument("--epochs", type=int, default=60)
    parser.add_argument("--seed", type=int, default=20261207)
    parser.add_argument("--out", default=str(WEIGHTS))
    parser.add_argument("--rows", help="save (or reuse, if it exists) the played rows here (.npz)")
    args = parser.parse_args(argv)
    began = time.monotonic()
    saved = Path(args.rows) if args.rows else None
    if saved is not None and saved.exists():
        data = np.load(saved)
        x, y, g = data["x"], data["y"], data["g"]
    else:
        games = collect(args.games, args.workers, args.explore, args.seed)
        x = np.array([r for rows, _, _ in games for r in rows], dtype=float)
        y = np.array([w for _, won, _ in games for w in won], dtype=float)
        g = np.array([n for rows, _, n in games for _ in rows])
        if saved is not None:
            np.savez_compressed(saved, x=x, y=y, g=g)
    print(f"{len(x)} positions of {len(set(g.tolist()))} games in {time.monotonic() - began:.0f} s")
    held = g % 5 == 0
    logistic = fit(x[~held], y[~held], 0, args.epochs, args.seed)
    layers = fit(x[~held], y[~held], args.hidden, args.epochs, args.seed)
    print(
        f"validation log-loss: network {_loss(predicted(layers, x[held]), y[held]):.4f}, "
        f"logistic {_loss(predicted(logistic, x[held]), y[held]):.4f}, "
        f"coin {_loss(np.full(held.sum(), 0.5), y[held]):.4f}"
    )
    layers = fit(x, y, args.hidden, args.epochs, args.seed)  # all the rows for the shipped one
    made = {
        "about": "Panzer Strike's value network (workbench/games/panzer_strike/search/value.py), "
        "made by python -m workbench.games.panzer_strike.search.training "
        f"--games {args.games} --explore {args.explore} --hidden {args.hidden} "
        f"--epochs {args.epochs} --seed {args.seed}: this "
        "project's, learned from the greedy player's games, not the rulebook's",
        "features": list(FEATURES),
        "layers": [
            {
                k: [
                    round(v, 6) if isinstance(v, float) else [round(u, 6) for u in v]
                    for v in layer[k]
                ]
                for k in layer
            }
            for layer in layers
        ],
    }
    Path(args.out).write_text(json.dumps(made) + "\n", encoding="utf-8")
    print(f"written {args.out} in {time.monotonic() - began:.0f} s")


if __name__ == "__main__":
    main()
