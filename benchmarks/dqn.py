"""OpenSpiel's PyTorch DQN (``open_spiel.python.pytorch.dqn``) trained on the workbench's games
through OpenSpiel's own ``rl_environment``, as it ships: the game's observation tensor in, one
output per numbered action, the legal actions masked by the agent itself (issue 47).

``python -m benchmarks.dqn [--game GAME] [--episodes N] ...`` trains one DQN agent in
(the games whose home's bench part declares ``LEARNING``) in
the first seat against OpenSpiel's uniform random agent in the other, and every
``--every`` episodes plays ``--evaluate`` games greedily (no exploration) against the random
agent: the learning curve, each point the DQN's mean return (+1 a win, -1 a loss, 0 a draw)
and the random agent's own against itself from the same seat on the same seeds (the
scenario's lean). Torch is the optional extra ``learning`` (``pip install -e '.[learning]'``);
``make test`` does not need it. The README records a run.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from typing import Any

import workbench.openspiel as bridge
from workbench.testing.bench_cases import declared

CASES = {c.game: (c.scenario, dict(c.options)) for c in declared("LEARNING")}  # games' bench


def play(env: Any, agents: list[Any], learning: bool) -> list[float]:
    """One episode of ``env``: each agent steps in its turn (and at the end, to learn)."""
    time_step = env.reset()
    while not time_step.last():
        player = time_step.observations["current_player"]
        out = agents[player].step(time_step, is_evaluation=not learning)
        time_step = env.step([out.action])
    if learning:
        for agent in agents:
            agent.step(time_step)
    return list(time_step.rewards)


def evaluate(env: Any, agents: list[Any], games: int, seed: int) -> float:
    """The first seat's mean return over ``games`` seeded games."""
    total = 0.0
    for g in range(games):
        env.seed(seed + g)
        total += play(env, agents, learning=False)[0]
    return total / games


def train(
    name: str, episodes: int, every: int, games: int, seed: int, replay: int
) -> dict[str, Any]:
    from open_spiel.python import rl_environment
    from open_spiel.python.algorithms import random_agent
    from open_spiel.python.pytorch import dqn

    scenario, options = CASES[name]
    game = bridge.game(name, scenario, options)
    env = rl_environment.Environment(game, seed=seed)
    size = env.observation_spec()["info_state"][0]
    actions = env.action_spec()["num_actions"]
    learner = dqn.DQN(
        player_id=0, state_representation_size=size, num_actions=actions,
        hidden_layers_sizes=(256, 256), replay_buffer_capacity=replay, batch_size=64,
        learning_rate=1e-3, optimizer_str="adam", epsilon_decay_duration=episodes * 60,
        min_buffer_size_to_learn=500, update_target_network_every=500, seed=seed,
    )  # fmt: skip
    rivals = [random_agent.RandomAgent(player_id=p, num_actions=actions) for p in (0, 1)]
    baseline = evaluate(env, rivals, games, seed=10_000)  # random against random, seat 0
    curve = [(0, evaluate(env, [learner, rivals[1]], games, seed=10_000))]
    began = time.perf_counter()
    for episode in range(1, episodes + 1):
        env.seed(seed + episode)
        play(env, [learner, rivals[1]], learning=True)
        if episode % every == 0:
            curve.append((episode, evaluate(env, [learner, rivals[1]], games, seed=10_000)))
            print(f"{name}: {episode} episodes, mean return {curve[-1][1]:+.2f} "
                  f"(random: {baseline:+.2f})", file=sys.stderr, flush=True)  # fmt: skip
    return {
        "game": str(game), "tensor": size, "actions": actions, "episodes": episodes,
        "evaluation_games": games, "replay": replay, "random_baseline": baseline, "curve": curve,
        "seconds": round(time.perf_counter() - began, 1),
    }  # fmt: skip


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", choices=sorted(CASES), nargs="*", default=sorted(CASES))
    parser.add_argument("--episodes", type=int, default=1_000)
    parser.add_argument("--every", type=int, default=100)
    parser.add_argument("--evaluate", type=int, default=50)
    parser.add_argument("--seed", type=int, default=0)
    # each transition keeps two tensors of float64: 120 kB for Panzer Strike's, 234 kB for
    # TANKS' (10,000 of them: 1.2 and 2.3 GB)
    parser.add_argument("--replay", type=int, default=10_000, help="replay buffer's capacity")
    args = parser.parse_args(argv)
    try:
        import torch  # noqa: F401
    except ImportError:
        print("the DQN benchmark needs torch: pip install -e '.[learning]'", file=sys.stderr)
        return 2
    found = [train(name, args.episodes, args.every, args.evaluate, args.seed, args.replay)
             for name in args.game]  # fmt: skip
    print(json.dumps(found, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
