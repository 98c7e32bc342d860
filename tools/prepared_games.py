"""Make the prepared games under ``maps/<game>/games/`` (run from the repository root):

    python tools/prepared_games.py           # write them
    python tools/prepared_games.py --check   # exit 1 if a shipped file differs, or does
                                             # not teach (workbench.rules.prepared:
                                             # lesson_problems: an early first note, real odds)

Checking, each plan looks for its story from the shipped record's seed on (the seeds before
it were tried when the record was made), so the check plays one game, not the search.

Each prepared game is a plan its game's package registers (``workbench/rules/<game>/
prepared.py``, with :func:`workbench.rules.prepared.prepared`): no list here names them.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from workbench.boards.record import Record  # noqa: E402
from workbench.files import to_document  # noqa: E402
from workbench.games import get_game  # noqa: E402
from workbench.rules.prepared import lesson_problems, prepared_plans  # noqa: E402


def text_of(record: Record, target: Path) -> str:
    return json.dumps(to_document(record, target), indent=2, ensure_ascii=False) + "\n"


def shipped_seed(target: Path) -> int:
    """The seed the shipped record at ``target`` was made with (0 when there is none)."""
    try:
        seed = json.loads(target.read_text(encoding="utf-8")).get("seed", 0)
    except (OSError, ValueError):
        return 0
    return seed if isinstance(seed, int) else 0


def main(argv: list[str]) -> int:
    stale = []
    for plan in prepared_plans():
        target = plan.path
        # checking, the search starts at the shipped record's seed (making, at 0)
        record = plan.make(first_seed=shipped_seed(target) if "--check" in argv else 0)
        text = text_of(record, target)
        if "--check" in argv:
            if not target.is_file() or target.read_text(encoding="utf-8") != text:
                stale.append(target)
            for problem in lesson_problems(get_game(record.game), record, plan.teaches_odds):
                print(f"{target.relative_to(ROOT)}: {problem}", file=sys.stderr)
                stale.append(target)
        else:
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(text, encoding="utf-8")
            print(f"wrote {target.relative_to(ROOT)}: {len(record.steps)} steps")
    for target in stale:
        print(f"{target.relative_to(ROOT)} differs from what this script makes", file=sys.stderr)
    return 1 if stale else 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
