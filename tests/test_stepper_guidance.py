"""The stepper tells the truth about what to do next, and notes belong to their authors: the
next-step line in each mode (a record replayed, a new game to play, the computer's turn, the
end), → at the end of a new game's history, a bookmark that adds a note, N and P, Load at the
first note; and the teacher app's grouped open menu, the computer as an opponent and a new
game's options built from the game's own list; the computer's turn summed up with its kills
and its shots' chances."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from workbench.games import get_game
from workbench.games.panzer_vor.rules.actions import Pass
from workbench.games.tanks.rules.actions import Shoot
from workbench.rules.options import Option, OptionError
from workbench.widgets.stepper import Stepper, prepared_games
from workbench.widgets.stepper_guide import next_step_line

ROOT = Path(__file__).resolve().parents[1]
PREPARED = ROOT / "maps/panzer-vor/games/first-shots.json"


@pytest.fixture
def replay() -> Stepper:
    return Stepper(PREPARED, at=0)


def test_replaying_a_record_the_next_line_says_the_arrow_shows_the_next_step(replay) -> None:
    replay.go(4)
    line = next_step_line(replay)
    assert line.startswith("Next: → shows step 5 (the dice); or choose another result in the list")
    assert line in replay.panel_text
    assert "press Roll" not in replay.panel_text, "→ steps the record: Roll is not the key"
    assert replay.roll_button.disabled, "Roll rolls at the end of the record only"
    replay.go(1)
    line = next_step_line(replay)
    assert line.startswith("Next: → shows step 2 (Other's choice); or play another step: click")
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
    assert next_step_line(shot).startswith("Next: press Roll (chance decides the next step), or")
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
    line = "Next: press Bot move (the computer (random legal player) plays Other)"
    assert next_step_line(stepper) == line
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
    stepper.play(Pass())  # the app's computer thinks in its own thread: its turn is awaited
    assert stepper.turn.wait(30), "the computer's turn did not end"
    assert stepper.actor_at(2) == "Other", "the computer answered"


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


def test_the_practice_modes_greedy_player_fires_and_moves_as_the_computer() -> None:
    """The practice mode offers the greedy player as the computer: it fires (the practice
    mode's own odds, no card game's) and ranks moves by the nearest enemy (no solo shrine)."""
    import random

    from workbench.games.panzer_vor.rules.actions import Fire, Move
    from workbench.games.panzer_vor.rules.bots import greedy_ranking

    game = get_game("panzer-vor-practice")
    stepper = Stepper.new("panzer-vor-practice", "test-your-luck", seed=3)
    stepper.set_bot("Ōarai", game.bots["greedy"])
    assert isinstance(stepper.action_at(1), Fire) and stepper.actor_at(1) == "Ōarai"
    state = stepper.state
    moves = [a for a in game.legal_actions(state) if isinstance(a, Move)]
    ranked = greedy_ranking(state, moves, random.Random(0))
    board = state.board
    enemies = [board.enemies_of(board.tank(m.tank)) for m in ranked]

    def gap(move, foes):
        return min(board.map.hex(move.to).distance(e.hex) for e in foes)

    assert sorted(ranked, key=lambda m: gap(m, enemies[ranked.index(m)]))[0] == ranked[0]


def test_a_computer_kill_is_said_in_the_summary_of_its_turn() -> None:
    """The issue's "a computer kill ('S2 is destroyed') is never said": the computer's turn
    summed up after it names its shot, the dice, and the tank it destroyed."""
    stepper = Stepper(PREPARED, bot_side="Other")  # the computer played Other's last shot
    lines = stepper.panel_text.splitlines()
    head = next(i for i, line in enumerate(lines) if "the computer played Other:" in line)
    told = lines[head + 1 :]
    assert any(line.startswith("10. Other: T-34/76 fires at Panzer IV Ausf. D") for line in told)
    assert any("Panzer IV Ausf. D is destroyed" in line for line in told)
    human = Stepper(PREPARED)  # nobody the computer: the step's story, no summary
    assert "the computer played" not in human.panel_text


def test_a_computer_shot_in_tanks_is_summed_up_with_its_chances() -> None:
    """After the computer's turn its TANKS shot is told with the rules' own chances of
    destroying and of damaging the target, as declared (the issue: shots with their odds)."""
    path = prepared_games("tanks")["cover-and-critical"]
    replay = Stepper(path)
    shot = next(n for n in range(1, len(replay.steps) + 1)
                if isinstance(replay.action_at(n), Shoot))  # fmt: skip
    shooter = replay.actor_at(shot)
    stepper = Stepper(path, at=shot, bot_side=shooter)  # the computer played that side
    action, game = replay.action_at(shot), replay.game
    odds = game.odds(replay.states[shot - 1], action.tank, action.target)
    said = f"(a {float(odds.destroy):.1%} chance to destroy it, {float(odds.at_least(1)):.1%}"
    lines = stepper.panel_text.splitlines()
    assert f"the computer played {shooter}:" in "\n".join(lines)
    assert any(line.startswith(f"{shot}. {shooter}: ") and said in line for line in lines)
