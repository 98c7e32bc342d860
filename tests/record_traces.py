"""What a record does when replayed, as plain text a refactor must not change: for each step
who acted, the action, the events with their reasons, how many actions were legal next, and
at the end the outcome. ``tests/golden/records/`` keeps the traces of records saved before the
wave that recast the games onto one contract (and the card game's stagnant draw as it was
prepared before the one seeding scheme, ``panzer-vor-stagnant-draw-37``); ``test_record_traces``
replays them again.

Run ``python -m tests.record_traces`` to (re)write the traces of the records listed here."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
GOLDEN = ROOT / "tests" / "golden" / "records"


def trace(record: Any) -> list[str]:
    """The replay of ``record`` as lines of text (see the module)."""
    from workbench.games import get_game
    from workbench.rules.core import CHANCE, TERMINAL, IllegalAction

    game = get_game(record.game)
    state = game.start(record.scenario, record.options)
    lines = []
    for number, step in enumerate(record.steps, 1):
        action = game.action_from_json(step.action)
        who = game.current_player(state)
        try:
            applied = game.apply(state, action)
        except IllegalAction as refused:
            lines.append(f"{number}. {who}: {action} refused: {refused}")
            break
        state = applied.state
        events = " | ".join("; ".join(e.lines()) for e in applied.events)
        next_one = game.current_player(state)
        listed = game.chance_outcomes if next_one is CHANCE else game.legal_actions
        legal = 0 if next_one is TERMINAL else len(list(listed(state)))
        lines.append(f"{number}. {who}: {json.dumps(dict(step.action))} -> {events} [{legal}]")
    outcome = game.outcome(state)
    lines.append(f"end: {'; '.join(outcome.lines()) if outcome else 'goes on'}")
    return lines


def records() -> dict[str, Path]:
    """Every record whose trace is kept, by the name of its trace file: the saved records
    here and the prepared games shipped under ``maps/<game>/games/``."""
    found = {p.stem: p for p in sorted(GOLDEN.glob("*.json"))}
    for path in sorted((ROOT / "maps").glob("*/games/*.json")):
        found[f"prepared-{path.parent.parent.name}-{path.stem}"] = path
    return found


def _write() -> None:  # pragma: no cover - a maintainer's tool
    import workbench

    for name, path in records().items():
        record = workbench.load(path)
        text = "\n".join(trace(record)) + "\n"
        (GOLDEN / f"{name}.trace").write_text(text, encoding="utf-8")
        print(name, len(record.steps), "steps")


if __name__ == "__main__":
    sys.exit(_write())
