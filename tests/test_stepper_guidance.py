"""The stepper tells the truth about what to do next, and notes belong to their authors: the
next-step line in each mode (a record replayed, a new game to play, the computer's turn, the
end), → at the end of a new game's history, a bookmark that adds a note, N and P, Load at the
first note; and the teacher app's grouped open menu, the computer as an opponent and a new
game's options built from the game's own list."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from workbench.games import get_game
from workbench.games.panzer_vor.rules.actions import Pass
from workbench.rules.options import Option, OptionError
from workbench.widgets.stepper import Stepper
from workbench.widgets.stepper_guide import next_step_line

ROOT = Path(__file__).resolve().parents[1]
PREPARED = ROOT / "maps/panzer-vor/games/first-shots.json"


@pytest.fixture
def replay() -> Stepper:
    return Stepper(PREPARED, at=0)


def test_replaying_a_record_the_next_line_says_the_arrow_shows_the_next_step(replay) -> None:
    replay.go(4)
    assert next_step_line(replay) == "Next: → shows step 5 (the dice)"
    assert "Next: → shows step 5 (the dice)" in replay.panel_text
    assert "press Roll" not in replay.panel_text, "→ steps the record: Roll is not the key"
    replay.go(1)
    assert next_step_line(replay) == "Next: → shows step 2 (Other's choice)"
    replay.last()
    replay.forward()
    assert replay.message == "The end of the game: ← steps back, Home goes to the start"


def test_a_new_game_says_what_to_do_and_the_arrow_at_its_end_says_it_too() -> None:
    stepper = Stepper.new("panzer-vor-practice", "test-your-luck", seed=5)
    line = next_step_line(stepper)
    assert line.startswith("Next: Ōarai to act: click one of your tanks"), line
    stepper.forward()  # nothing recorded after the start: → tells what to do, changes nothing
    assert stepper.cursor == 0 and stepper.message == f"No later step yet: n{line[1:]}"
    shot = Stepper(replay_record().truncated(2))  # a new branch that ends before the dice
    assert next_step_line(shot) == "Next: press Roll (chance decides the next step)"
    shot.roll()
    assert shot.cursor == 3 and next_step_line(shot).startswith("Next: Ōarai to act")


def replay_record():
    import workbench

    return workbench.load(PREPARED)


def test_the_dice_and_a_waiting_computer_are_named_as_what_comes_next() -> None:
    stepper = Stepper.new(
        "panzer-vor-practice", "test-your-luck", bot_side="Other", bot_waits=True, auto_roll=False
    )
    stepper.play(Pass())
    assert next_step_line(stepper) == "Next: press Bot move (the computer plays Other)"
    stepper.bot_move()
    if stepper.game.current_player(stepper.state) == "Ōarai":
        stepper.play(Pass())
        stepper.bot_move()
    chance = [n for n in range(1, len(stepper.steps) + 1) if stepper.actor_at(n) != "Ōarai"]
    assert chance, "the computer played"
    stepper.set_bot(None)
    assert not next_step_line(stepper).startswith("Next: press Bot move")


def test_a_bookmark_adds_a_note_and_never_replaces_the_teachers(replay) -> None:
    replay.go(5)
    teachers = replay.record.steps[4].note
    assert teachers.startswith("A hit")
    replay.key("b")
    assert replay.record.steps[4].note == f"{teachers} · bookmark"
    replay.key("B")  # the same note again is kept once
    assert replay.record.steps[4].note == f"{teachers} · bookmark"
    replay.note_text.value = "ask the room why"
    replay.key("b")
    assert replay.record.steps[4].note == f"{teachers} · bookmark · ask the room why"
    assert replay.note_text.value == "", "the box is emptied for the next note"
    replay.go(0)
    replay.key("b")
    assert "cannot carry a note" in replay.message and replay.record.steps[4].note.count("·") == 2


def test_n_and_p_jump_to_the_next_and_previous_note(replay) -> None:
    notes = sorted(replay.bookmarks())
    replay.key("n")
    assert replay.cursor == notes[0]
    replay.key("N")
    assert replay.cursor == notes[1]
    replay.go(len(replay.steps))
    replay.key("p")
    assert replay.cursor == notes[-2]
    replay.key("P")
    assert replay.cursor == notes[-3]
    replay.go(notes[-1])
    replay.key("n")
    assert replay.cursor == notes[-1] and replay.message == f"No note after step {notes[-1]}."


def test_load_opens_a_record_at_its_first_note_not_at_its_end(replay, tmp_path) -> None:
    saved = replay.save(tmp_path / "mine.json")
    other = Stepper.new("panzer-vor-practice", "test-your-luck")
    other.load(saved)
    assert other.cursor == min(replay.bookmarks()) and "Game over" not in other.panel_text
    replay.go(0)
    for step in list(replay.bookmarks()):
        replay.go(step)
        replay.remove_notes()
    plain = replay.save(tmp_path / "plain.json")
    other.load(plain)
    assert other.cursor == 0


def test_the_open_menu_is_grouped_new_prepared_then_saved(replay) -> None:
    from workbench.userdir import RECORDS, user_path
    from workbench.widgets.app import TeacherApp, choices_for

    replay.save(user_path("my-first-shots", RECORDS, ".json", create=True))
    labels = [label for label, _ in choices_for("panzer-vor-practice")]
    kinds = [label.split(": ")[0] for label in labels]
    assert kinds == sorted(kinds, key=["new game", "prepared", "saved"].index)
    assert "saved: my-first-shots" in labels and "prepared: first-shots" in labels
    assert "saved: my-first-shots" not in [label for label, _ in choices_for("panzer-vor")]
    app = TeacherApp()
    assert app.what.value[0] == "record", "a prepared game opens first"
    assert app.computer.layout.display == "none", "the computer is a new game's choice"


def test_a_new_game_in_the_app_plays_against_a_shipped_computer_player() -> None:
    from workbench.widgets.app import TeacherApp

    app = TeacherApp()
    app.game_picker.value = "panzer-vor-practice"
    app.what.value = dict(app.what.options)["new game: test-your-luck"]
    assert app.computer.layout.display == ""
    assert [label for label, _ in app.computer.options] == ["nobody", "Ōarai", "Other"]
    names = [label for label, _ in app.player.options]
    assert names == ["random legal player", *get_game("panzer-vor-practice").bots]
    app.computer.value, app.player.value = "Other", get_game("panzer-vor-practice").bots["greedy"]
    stepper = app.open()
    assert stepper.bot_side == "Other" and stepper.bot is app.player.value
    stepper.play(Pass())
    assert stepper.actor_at(2) == "Other", "the computer answered at once"


def test_a_new_games_options_come_from_the_games_own_list(monkeypatch) -> None:
    from workbench.widgets.app import TeacherApp

    game = get_game("panzer-vor-practice")
    app = TeacherApp()
    app.game_picker.value = game.name
    app.what.value = dict(app.what.options)["new game: test-your-luck"]
    scenario = game.load_scenario("test-your-luck")
    assert set(app.inputs.inputs) == {o.name for o in game.options(scenario)}
    app.inputs.inputs["turn_limit"].value = 3
    app.seed.value = 7
    stepper = app.open()
    assert stepper.record.options == {"turn_limit": 3} and stepper.record.seed == 7
    app.inputs.inputs["turn_limit"].value = 0  # below the list's range: refused, nothing opened
    with pytest.raises(OptionError, match="turn_limit"):
        app.inputs.values()
    app.open_button.click()
    assert "turn_limit" in app.error.value and app.stepper is stepper
    # an option added to the game's list later appears with no widget code
    extra = Option.flag("fog", "", "a new option of the workbench's own")

    class WithFog(type(game)):  # the same game, one option more
        def _options(self, scenario):
            return [*super()._options(scenario), extra]

    patched = WithFog()
    monkeypatch.setattr("workbench.widgets.app.get_game", lambda name: patched)
    app._new_game_choices()
    assert "fog" in app.inputs.inputs


def test_a_prepared_game_that_teaches_stops_early_and_shows_real_odds() -> None:
    import workbench
    from workbench.boards.record import RecordStep
    from workbench.rules.prepared import lesson_problems, prepared_plans

    for plan in prepared_plans():  # what tools/prepared_games.py --check enforces
        record = workbench.load(plan.path)
        assert lesson_problems(get_game(record.game), record, plan.teaches_odds) == []
    cards = workbench.load(ROOT / "tests/golden/records/panzer-vor-stagnant-draw-37.json")
    problems = lesson_problems(get_game("panzer-vor"), cards)  # as if it taught odds
    assert any(p.startswith("step 136, ") and "a 0% chance to destroy" in p for p in problems)
    first = workbench.load(PREPARED)
    silent = dataclasses.replace(first, steps=tuple(RecordStep(s.action) for s in first.steps))
    assert lesson_problems(get_game(first.game), silent) == [
        "its first note is at step None, after step 10"
    ]
