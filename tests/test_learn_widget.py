"""The learn widget: a learner answers by clicking the board or by choosing, Check draws the
answer and explains it, progress is saved under the learner's name; in a room one key
reveals the answer and the arrows go to the next question or back. Thin: every answer is
``workbench.learn``'s."""

from __future__ import annotations

from workbench.learn.progress import Progress
from workbench.widgets.learn import Learner


def test_a_learner_answers_by_clicking_hexes_and_sees_what_was_missed(tmp_path, monkeypatch):
    monkeypatch.setenv("WORKBENCH_HOME", str(tmp_path))
    w = Learner("panzer-vor", "Moving", progress="ana")
    q = w.question
    assert q.shape == "places" and q.prompt in w.panel_text
    first = sorted(q.answer)[0]
    x, y = w.scene.pixel_of(q.cell_of(first))
    w.click(x, y)  # a click on the board picks the hex under it
    assert w.chosen == {first}
    check = w.check()
    assert check.missed == q.answer - {first} and not check.wrong
    assert "missed: " in w.panel_text and "(Moving: Movement)" in w.panel_text
    assert Progress.resume("ana").answered == 1  # saved in the user folder as it goes


def test_a_learner_answers_by_choosing_and_goes_on():
    w = Learner("panzer-strike", "Moving")
    w.choose(w.question.answer)
    assert w.check().correct and "right: the answer is" in w.panel_text
    w.next()
    assert w.index == 1 and w.checked is None and "streak 1" in w.panel_text


def test_in_a_room_one_key_reveals_the_answer_and_the_arrows_step():
    w = Learner("tanks", "Firing", room=True)
    assert "the answer" not in w.panel_text
    w.key("Enter")
    assert f"the answer: {'yes' if w.question.answer else 'no'}" in w.panel_text
    assert "(Shooting: Close Range)" in w.panel_text
    w.key("ArrowRight")
    assert w.index == 1 and "the answer" not in w.panel_text
    w.key("ArrowLeft")
    assert w.index == 0


def test_the_teacher_app_offers_a_lesson_for_the_room():
    from workbench.widgets.app import KEYBOARD_SCRIPT, TeacherApp, choices_for

    assert ("learn: Line of Sight", ("learn", "Line of Sight")) in choices_for("panzer-vor")
    assert not any(label.startswith("learn") for label, _ in choices_for("panzer-vor-linked"))
    assert '"Enter", "r", "R"' in KEYBOARD_SCRIPT  # the reveal key works anywhere on the page
    app = TeacherApp()
    app.what.value = ("learn", "Line of Sight")
    learner = app.open()
    assert isinstance(learner, Learner) and learner.room
    assert app.holder.children == (learner.widget,)
    learner.key("r")
    assert "the answer:" in learner.panel_text


def test_a_learner_answers_two_numbers_in_one_box():
    w = Learner("tanks", "Firing")
    w._go(next(i for i, q in enumerate(w.questions) if q.shape == "numbers"))
    assert w.numbers.layout.display == "" and w.number.layout.display == "none"
    attack, defence = w.question.answer
    w.choose(f"{attack}, {defence + 1}")
    check = w.check()
    assert not check.correct and check.score == 1 / 2 and "you answered" in w.panel_text
    w.next()
    assert w.numbers.value == ""
