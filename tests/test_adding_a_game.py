"""A game is added by registration alone (ARCHITECTURE.md: "How to add a game"): Tiny Race
(``tests/fixture_game/tiny/``), one package holding every part of the game and editing no
list, is laid beside the shipped games (its folder added to ``workbench.games.__path__``) and
is then found everywhere a shipped game is: the registry, the contract's checks
(``tests/test_contract.py``), the conformance playout, the stepper, ``explore``, the linter,
the editor, the learner, the prepared games and the rulebook check. It runs in a fresh
process, so no other test sees the fixture."""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
FIXTURE = ROOT / "tests" / "fixture_game"

SCRIPT = textwrap.dedent("""
    import importlib, random, sys
    from pathlib import Path

    fixture, rulebooks_folder = Path(sys.argv[1]), sys.argv[2]
    # the fixture's folder holds the game's home (tiny/): laid beside the shipped games
    import workbench.games
    workbench.games.__path__.append(str(fixture))

    import workbench
    from workbench.games import names, shipped_games, get_game
    from workbench.rules.core import TERMINAL, replay

    # the registry: listed after the shipped games, by its order
    assert names()[-1] == "tiny-race" and names()[0] == "panzer-vor", names()
    assert get_game("tiny-race") in shipped_games()
    game = get_game("tiny-race")
    track = game.load_scenario("short")
    print("registry", names().index("tiny-race"))

    # the contract's checks, as they check every registered game
    from tests import test_contract as contract_checks
    for check in (
        "test_every_game_offers_the_contracts_names_with_their_shapes",
        "test_every_scenario_and_state_draws_itself",
        "test_moves_and_chance_are_lists_at_every_node",
        "test_explain_gives_applys_verdict_on_legal_and_illegal_actions",
        "test_options_are_listed_and_checked_at_start",
        "test_an_observation_lists_the_legal_actions_and_determinizes",
        "test_records_replay_with_the_contracts_play",
    ):
        getattr(contract_checks, check)("tiny-race")
        print("contract", check)

    # the conformance playout, to the end, with every check
    from workbench.testing.conformance import playout
    for seed in range(5):
        report = playout(game, track, seed, invariants=[game.invariants])
        assert report.outcome is not None and report.outcome.winner in ("Red", "Blue")
    print("conformance")

    # the stepper plays it, with its view: a button for each legal action, dice for a run
    from workbench.widgets.stepper import Stepper
    from workbench.widgets.views import view_for
    assert type(view_for("tiny-race")).__name__ == "TinyView"
    stepper = Stepper.new("tiny-race", "short", seed=3)
    assert "Red on 0, Blue on 0" in stepper.panel_text, stepper.panel_text
    rng = random.Random(3)
    while game.current_player(stepper.state) is not TERMINAL:
        assert stepper.play(rng.choice(stepper.view.buttons(game, stepper.state)))
    assert game.outcome(stepper.state) is not None and "wins" in "\\n".join(stepper.log_lines())
    print("stepper", stepper.cursor)

    # explore: the track, its file, a race
    from workbench.widgets import explore
    assert type(explore(track)).__name__ == "TinyExplorer"
    assert type(explore(game.scenarios()["short"])).__name__ == "TinyExplorer"
    explorer = explore(stepper.states[1])
    assert "Walk()" in explorer.panel_text and "<svg" in explorer.widget.value
    print("explore")

    # the linter: its check of the track
    from workbench.games.tiny.boards import Track
    assert workbench.lint(track).ok
    assert workbench.lint(Track("Pit at the end", 4, (4,))).kinds() == {"pit-on-finish": 1}
    print("lint")

    # the editor: its track's tools, found by the board's type; the learner: its chapter
    from workbench.widgets.editor import Editor
    from workbench.games.tiny.widgets.tools import pit_at
    editor = Editor(track)
    assert type(editor.tools).__name__ == "TrackTools", editor.tools
    assert editor.panel_text.startswith(f"track {track.name}"), editor.panel_text
    pit_at(editor, 2)
    assert editor.value.pits == (2, *track.pits) and editor.can_undo
    from workbench import learn
    assert [c.title for c in learn.chapters("tiny-race")] == ["Moving"]
    question = learn.question("tiny-race", learn.kinds("tiny-race")[0], seed=4)
    assert question.check(question.answer).correct and question._repr_svg_().startswith("<svg")
    assert [q.kind for q in learn.lesson("tiny-race", "Moving")] == ["walks"] * 3
    print("editor and learner")

    # the prepared games: its plan is found and makes a record that replays to the end
    from workbench.rules.prepared import prepared_plans
    plan = next(p for p in prepared_plans() if p.game == "tiny-race")
    record = plan.make()
    assert game.outcome(replay(record)[-1]) is not None
    print("prepared", plan.name)

    # the rulebook: its registration names the text and the sections the test checks
    import os
    os.environ["WORKBENCH_RULEBOOKS"] = rulebooks_folder
    from tests import rulebooks, test_sections
    assert rulebooks.books()["workbench.games.tiny.rules.sections"] == "tiny-race-rulebook.txt"
    cited = test_sections._cited("workbench.games.tiny.rules.sections")
    assert cited and not test_sections._missing(cited, rulebooks.text("tiny-race-rulebook.txt"))
    assert "workbench.games.tiny.lint" in test_sections.LINTERS
    print("rulebook")
""")


def test_a_game_is_found_everywhere_by_its_registration_alone(tmp_path):
    (tmp_path / "tiny-race-rulebook.txt").write_text("Moving\\nPits\\nWinning\\n", encoding="utf-8")
    run = subprocess.run(
        [sys.executable, "-c", SCRIPT, str(FIXTURE), str(tmp_path)],
        cwd=ROOT, capture_output=True, text=True, timeout=600,
    )  # fmt: skip
    assert run.returncode == 0, (run.stdout + run.stderr)[-4000:]
    done = [line.split()[0] for line in run.stdout.splitlines()]
    assert done[0] == "registry" and done[-1] == "rulebook", run.stdout
    assert {"contract", "conformance", "stepper", "explore", "lint", "prepared"} <= set(done)
    assert "editor" in done
