"""The longest of many random games of every OpenSpiel game and shipped scenario, against the
``max_game_length`` the bridge declares (issue 47: within 4× of the longest of 10,000).

``python -m benchmarks.game_lengths [--games N] [--out FILE] [--only GAME ...]`` plays uniform
random games through the rules (each side's action uniform among its legal ones, chance at its
odds, game ``i`` seeded with ``random.Random(i)``) with the options the bridge plays them with
(:func:`workbench.openspiel.bridge_options`). Long: it goes round the scenarios in rounds of
``--round`` games and writes its counts to ``--out`` after each (a JSON file it resumes from),
so a run that is stopped keeps what it measured. Run it with ``nice`` in the background; the
README records what it found. It records every game's length (a histogram), so the report
compares them with whatever the bridge declares when it is printed (``--report`` prints the
table of what is held, playing nothing).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path
from typing import Any

from workbench.games import get_game
from workbench.openspiel import bridge_options
from workbench.openspiel.spaces import numbered_games
from workbench.rules.core import CHANCE, TERMINAL

DEFAULT_OUT = Path(__file__).with_name("game-lengths.json")


def random_length(rules: Any, start: Any, seed: int) -> int:
    """The steps of one uniform random game from ``start`` to its end."""
    rng, state, steps = random.Random(seed), start, 0
    while True:
        who = rules.current_player(state)
        if who is TERMINAL:
            return steps
        if who is CHANCE:
            outcomes = rules.chance_outcomes(state)
            action = rng.choices([a for a, _ in outcomes], [float(p) for _, p in outcomes])[0]
        else:
            action = rng.choice(rules.legal_actions(state))
        state = rules.apply(state, action).state
        steps += 1


def measure(games: int, out: Path, only: list[str], per_round: int) -> dict[str, Any]:
    found: dict[str, Any] = json.loads(out.read_text()) if out.exists() else {}
    cases = []
    for name in numbered_games():
        if only and name not in only:
            continue
        rules = get_game(name)
        for scenario in rules.scenarios():
            start = rules.start(rules.load_scenario(scenario), bridge_options(name))
            cases.append((name, scenario, rules, start))
    while True:
        busy = False
        for name, scenario, rules, start in cases:
            key = f"{name} {scenario}"
            entry = found.setdefault(key, {"games": 0, "longest": 0, "lengths": {}})
            if entry["games"] >= games:
                continue
            busy = True
            began = time.perf_counter()
            for seed in range(entry["games"], min(games, entry["games"] + per_round)):
                steps = random_length(rules, start, seed)
                entry["games"] += 1
                entry["lengths"][str(steps)] = entry["lengths"].get(str(steps), 0) + 1
                if steps > entry["longest"]:
                    entry["longest"], entry["longest_seed"] = steps, seed
            entry["seconds"] = entry.get("seconds", 0.0) + time.perf_counter() - began
            out.write_text(json.dumps(found, indent=1, sort_keys=True) + "\n")
            print(f"{key}: {entry['games']} games, longest {entry['longest']}",
                  file=sys.stderr, flush=True)  # fmt: skip
        if not busy:
            return found


def report(found: dict[str, Any]) -> str:
    """The README's table: each game and scenario's random games, their longest and mean, the
    length the bridge declares now and its ratio to the longest."""
    import workbench.openspiel as bridge

    lines = ["| game | scenario | random games | longest | mean | declared | declared / longest |",
             "|---|---|---|---|---|---|---|"]  # fmt: skip
    for key, entry in sorted(found.items()):
        name, scenario = key.split(" ", 1)
        declared = bridge.game(name, scenario).max_game_length()
        counts = {int(k): n for k, n in entry["lengths"].items()}
        mean = sum(k * n for k, n in counts.items()) / max(entry["games"], 1)
        ratio = declared / max(entry["longest"], 1)
        lines.append(f"| {name} | {scenario} | {entry['games']:,} | {entry['longest']:,} | "
                     f"{mean:,.0f} | {declared:,} | {ratio:.1f}× |")  # fmt: skip
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--round", type=int, default=250, dest="per_round")
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT)
    parser.add_argument("--only", nargs="*", default=[])
    parser.add_argument("--report", action="store_true", help="print the table, play nothing")
    args = parser.parse_args(argv)
    if args.report:
        print(report(json.loads(args.out.read_text())))
        return 0
    print(report(measure(args.games, args.out, args.only, args.per_round)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
