"""The README's tour runs exactly as written, in a fresh folder."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def python_blocks(text: str) -> list[str]:
    return re.findall(r"```python\n(.*?)```", text, flags=re.S)


def test_the_readme_tour_runs_as_written(tmp_path, monkeypatch, capsys):
    blocks = python_blocks((ROOT / "README.md").read_text(encoding="utf-8"))
    assert len(blocks) >= 3
    monkeypatch.chdir(tmp_path)
    namespace: dict = {}
    for block in blocks:
        exec(compile(block, "README.md", "exec"), namespace)
    printed = capsys.readouterr().out
    assert "(Firing: Line of Sight)" in printed  # the reason names its section
    assert "Aimed Shot 2 +2 (card)" in printed
    assert "not fired now (draw phase)" in printed  # asked out of turn: the phase and the rule
    assert "Sequence of Play" in printed  # the refusal cites the rule
    assert (tmp_path / "my-game.json").is_file()
    assert namespace["states"][0] == namespace["match"]
    assert "large number 6 +1 = 7 steps" in printed  # the Panzer Strike rulebook's example
    # moves as text, as the tour's comments show them
    for text in ("Panzer IV Ausf. D 0802 E", "1. chance: draw Move/Fire",
                 "N3 (14,0)-(12,5) S with 6", "Panzer IV G1 moves 5 cm at 0°"):  # fmt: skip
        assert text in printed
    moved = namespace["moved"].state.tank("N3")  # the text played the move it names
    assert (moved.at.x, moved.at.y, moved.facing) == (12, 5, 4)
