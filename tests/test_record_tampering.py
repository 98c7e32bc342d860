"""Records are untrusted input: a tampered record (a step's field changed, dropped or of the
wrong kind, a step of another game, steps swapped, an option's value changed) is replayed to
the end or refused with the workbench's own error, and a refusal during the steps names the
step. Never another exception.

``WORKBENCH_TAMPER_EXAMPLES`` sets the examples (``make soak`` raises it); ``make test``
replays the same small sample every time.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from workbench.errors import ArgumentError, WorkbenchError
from workbench.files import load_document
from workbench.rules.core import replay

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = int(os.environ.get("WORKBENCH_TAMPER_EXAMPLES", "25"))
# make test tampers with the first steps only (a replay's cost grows with its steps)
LAST_STEP = 10**6 if "WORKBENCH_TAMPER_EXAMPLES" in os.environ else 40
RECORDS = sorted(
    [*(ROOT / "maps").glob("*/games/*.json"), *(ROOT / "tests/golden/records").glob("*.json")]
)
DOCUMENTS = {path: json.loads(path.read_text(encoding="utf-8")) for path in RECORDS}
ACTIONS = [dict(s["action"]) for d in DOCUMENTS.values() for s in d["steps"][:40]]
STRANGE = [
    *(None, True, 0, -1, 99, 10**9 + 1, 10**19, 2.5, float("nan"), float("inf"), 1e300),
    *("", "x", "nobody", "9999", "a" * 2000, "\u00e9\u00e9"),
    "../../etc/passwd",  # outside on purpose: a reference the loader refuses
    *([], {}, [[]], ["6", "6"], [7, 7], [100, 100], [6, 6, 6], [0, 0], [6], [None]),
    *([1.5], [["0101", 9]], [["9999", 0]], [10**6, 10**6], list(range(30)), {"a": 1}),
]
OPTION_NAMES = ["turn_limit", "deck", "damage", "setup", "optional_rules", "platoons", "zzz"]
FILES = [
    "/dev/zero",  # outside on purpose: the deck (an absolute path is refused)
    "../../../pyproject.toml",  # outside on purpose: out of the board folder
    *("../README.md", "../scenarios", "deck.json"),
]


@st.composite
def tampered(draw: st.DrawFn) -> tuple[Path, dict[str, Any], str]:
    """A record's document with one thing changed, cut short after the change; and what."""
    path = draw(st.sampled_from(RECORDS))
    document = json.loads(json.dumps(DOCUMENTS[path]))
    steps = document["steps"]
    kind = draw(st.sampled_from(["field", "field", "type", "drop", "swap", "option"]))
    at = draw(st.integers(0, max(min(len(steps), LAST_STEP) - 1, 0)))
    if kind == "option" or not steps:
        options = document.setdefault("options", {})
        name = draw(st.sampled_from([*options, *OPTION_NAMES]))
        options[name] = draw(st.sampled_from([*STRANGE, *FILES]))
        kind = "option"
    elif kind == "field":
        action = steps[at]["action"]
        keys = [k for k in action if k != "type"] or ["type"]
        action[draw(st.sampled_from(keys))] = draw(st.sampled_from(STRANGE))
    elif kind == "type":
        steps[at]["action"] = dict(draw(st.sampled_from(ACTIONS)))
    elif kind == "drop":
        del steps[at]["action"][draw(st.sampled_from(sorted(steps[at]["action"])))]
    else:
        other = draw(st.integers(0, len(steps) - 1))
        steps[at], steps[other] = steps[other], steps[at]
        at = max(at, other)
    document["steps"] = steps[: at + 2]
    return path, document, kind


def replayed(path: Path, document: dict[str, Any]) -> str:
    """Load and replay: "replayed", or the workbench's refusal (checked to name its step)."""
    try:
        record = load_document(document, path)
        replay(record)
    except ArgumentError as refused:  # an option (or the record itself) refused at the start
        assert getattr(refused, "step", None) or "options" in str(refused) or "$" in str(refused)
        return "refused at the start"
    except WorkbenchError as refused:
        step = getattr(refused, "step", None)
        if step is not None:
            assert f"step {step} of the record" in str(refused)
            return "refused at a step"
        return "refused when loaded"  # a BoardFileError: a file the record names, its JSON
    return "replayed"


@settings(
    max_examples=EXAMPLES,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
    database=None,
    derandomize="WORKBENCH_TAMPER_EXAMPLES" not in os.environ,
)
@given(case=tampered())
def test_a_tampered_record_replays_or_is_refused_naming_the_step(case):
    path, document, _ = case
    replayed(path, document)


def test_a_refused_step_is_named_with_its_number_and_action():
    path = ROOT / "maps/panzer-vor/games/first-shots.json"
    document = json.loads(path.read_text(encoding="utf-8"))
    rolls = [i for i, s in enumerate(document["steps"]) if s["action"]["type"] == "Roll"]
    document["steps"][rolls[0]]["action"]["dice"] = ["6", "6"]  # the Roll.dice
    with pytest.raises(WorkbenchError) as refused:
        replay(load_document(document, path))
    assert refused.value.step == rolls[0] + 1
    assert f"step {rolls[0] + 1} of the record" in str(refused.value)
    assert "Roll.dice[0]: expected a whole number, got '6'" in str(refused.value)


def _after_a_shot() -> Any:
    """A practice game at the attack roll of its first shot."""
    from workbench.contract import contract

    game = contract("panzer-vor-practice")
    state = game.start(game.load_scenario("test-your-luck"))
    for _ in range(200):
        if game.current_player(state) == game.CHANCE:
            return game, state
        legal = game.legal_actions(state)
        shots = [a for a in legal if type(a).__name__ == "Fire"]
        state = game.apply(state, (shots or legal)[0]).state
    raise AssertionError("no shot in 200 steps")


@pytest.mark.parametrize("dice", [(7, 7), (100, 100), (6, 6, 6), (0, 6)])
def test_impossible_dice_are_no_chance_outcome(dice):
    # the issue: practice mode accepted (7, 7), (100, 100) and (6, 6, 6) after a shot as hits
    from workbench.games.panzer_vor.rules.actions import Roll
    from workbench.rules.core import ActionFormatError, IllegalAction

    game, state = _after_a_shot()
    assert all(isinstance(a, Roll) for a, _ in game.chance_outcomes(state))
    with pytest.raises(IllegalAction if len(dice) == 2 else ActionFormatError):
        game.apply(state, Roll(dice))  # type: ignore[arg-type]
    assert game.apply(state, game.chance_outcomes(state)[0][0]).state is not state


def test_an_actions_text_never_fails_whatever_its_fields():
    from workbench.games.panzer_strike.rules.actions import Move as StrikeMove
    from workbench.games.panzer_vor.rules.actions import Roll
    from workbench.games.tanks.rules.actions import Move as TanksMove

    for action in (Roll(("6", "6")), Roll(""), StrikeMove("W1", 0, (), 9),  # type: ignore[arg-type]
                   TanksMove("T", "x", None, [], "y", 0)):  # type: ignore[arg-type]  # fmt: skip
        assert str(action).startswith(type(action).__name__ + "(")


def test_a_records_deck_is_a_reference_inside_its_folder(tmp_path):
    import shutil

    from workbench.files import BoardFileError, load, save

    folder = tmp_path / "pv"
    shutil.copytree(ROOT / "maps/panzer-vor", folder)
    (folder / "deck.json").write_text(json.dumps({"counts": {"Move": 40, "Fire": 38}}))
    os.mkfifo(folder / "fifo.json")
    record = json.loads((folder / "games/stagnant-draw.json").read_text(encoding="utf-8"))
    target = folder / "games/t.json"
    for deck, found in [
        ("/dev/zero", "not an absolute path"),  # the issue: grew to a MemoryError
        ("../fifo.json", "a FIFO"),  # the issue: hung for ever
        ("../../../../etc/passwd", "inside the board folder"),  # outside on purpose: refused
        ("../missing.json", "no such file"),
    ]:
        target.write_text(json.dumps({**record, "options": {**record["options"], "deck": deck}}))
        with pytest.raises(BoardFileError, match=found):
            load(target)
    (folder / "notes.json").write_text('{"secret": 1}')  # JSON, but no deck
    target.write_text(json.dumps({**record, "options": {"deck": "../notes.json"}, "steps": []}))
    with pytest.raises(WorkbenchError, match=r"only 'counts' and 'cards'"):
        replay(load(target))
    target.write_text(json.dumps({**record, "options": {"deck": "../deck.json"}, "steps": []}))
    loaded = load(target)
    assert loaded.options["deck"] == {"counts": {"Move": 40, "Fire": 38}}  # held inline
    assert load(save(loaded, tmp_path / "elsewhere.json")) == loaded  # so it saves anywhere
    assert replay(loaded)[0].total_cards == 78


def test_a_scenario_file_of_one_side_is_refused_at_start(tmp_path):
    # found by playing fuzzed files that load: a scenario of one side ended in StopIteration
    from workbench.contract import contract

    path = ROOT / "maps/panzer-vor/scenarios/kuromorimine-stage-1.json"
    document = json.loads(path.read_text("utf-8"))
    document["sides"] = document["sides"][:1]  # the fuzzer's case: it loads
    scenario = load_document(document, path)
    for name in ("panzer-vor", "panzer-vor-practice"):
        with pytest.raises(ArgumentError, match="two sides or more"):
            contract(name).start(scenario)
