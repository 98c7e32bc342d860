"""The learn mode's API: kinds, questions rebuilt from their seed, checks with partial credit
and reasons with their sections, pictures, lessons easy to hard, bad input refused, and
progress saved in the user folder and resumed (the answers themselves:
``test_learn_answers.py``)."""

from __future__ import annotations

import importlib
import json
from fractions import Fraction

import pytest

from workbench import learn
from workbench.errors import ArgumentError
from workbench.learn.progress import Progress, ProgressFileError
from workbench.learn.question import spoken
from workbench.userdir import user_folder

GAMES = ("panzer-vor", "panzer-strike", "tanks")
SECTIONS = {
    "panzer-vor": "workbench.games.panzer_vor.rules.sections",
    "panzer-strike": "workbench.games.panzer_strike.rules.sections",
    "tanks": "workbench.games.tanks.rules.sections",
}
EVERY_KIND = [pytest.param(g, k.name, id=f"{g}/{k.name}") for g in GAMES for k in learn.kinds(g)]


def _sections(game: str) -> set[str]:
    module = importlib.import_module(SECTIONS[game])
    return {v for k, v in vars(module).items() if k.isupper() and isinstance(v, str)}


def test_each_game_lists_the_kinds_the_issue_asks_for():
    names = {g: {k.name for k in learn.kinds(g)} for g in GAMES}
    assert {"sight", "reach", "to-hit", "to-hit-odds", "armour", "move", "card"} <= names[
        "panzer-vor"
    ]
    assert {"steps", "shot", "destroy", "flag"} <= names["panzer-strike"]
    assert {"sight", "cover", "close-range", "side-shot", "dice", "damage-odds"} <= names["tanks"]
    for game in GAMES:
        levels = [k.level for k in learn.kinds(game)]
        assert levels == sorted(levels)  # easy to hard


@pytest.mark.parametrize("game, name", EVERY_KIND)
def test_a_question_is_rebuilt_from_its_seed_and_checks_its_own_answer(game, name):
    q, again = learn.question(game, name, 7), learn.question(game, name, 7)
    assert (q.prompt, q.answer, q.reasons) == (again.prompt, again.answer, again.reasons)
    assert (q.seed, q.kind, q.game) == (7, name, game)
    right = q.check(q.answer)
    assert right.correct and right.score == 1
    assert any(r.section in _sections(game) for r in right.reasons), right.reasons
    assert q.prompt.endswith("?")


@pytest.mark.parametrize("game, name", EVERY_KIND)
def test_a_wrong_answer_is_wrong_and_says_the_right_one(game, name):
    q = learn.question(game, name, 3)
    wrong = {
        "yes/no": lambda: not q.answer,
        "number": lambda: q.answer + 1,
        "numbers": lambda: tuple(n + 1 for n in q.answer),
        "choice": lambda: next(c for c in q.choices if c != q.answer),
        "places": lambda: q.answer | {"0101"} if "0101" not in q.answer else q.answer - {"0101"},
    }[q.shape]()
    check = q.check(wrong)
    assert not check.correct and check.score < 1
    assert f"the answer is {spoken(q.answer)}" in str(check) and "you answered" in str(check)


def test_a_set_of_places_gets_partial_credit_with_the_missed_and_wrong_places():
    q = learn.question("panzer-vor", "reach", 2)
    right = sorted(q.answer)
    given = set(right[1:]) | {"0101"} - q.answer
    check = q.check(given)
    assert check.missed == {right[0]} and check.wrong == ({"0101"} - q.answer)
    assert check.score == Fraction(len(right) - 1, len(right) + len(check.wrong))
    svg = check._repr_svg_()
    assert svg.startswith("<svg") and "missed (orange)" in svg


def test_yes_no_answers_take_words_and_numbers_take_a_plus():
    q = learn.question("panzer-vor", "sight", 1)
    assert q.check("Yes" if q.answer else "no").correct
    hit = learn.question("panzer-vor", "to-hit", 1)
    assert hit.check(f"{hit.answer}+").correct


def test_two_numbers_take_text_and_each_right_one_scores_its_share():
    q = learn.question("tanks", "dice", 1)
    attack, defence = q.answer
    assert q.check(f"{attack}, {defence}").correct and q.check([attack, defence]).correct
    half = q.check((attack, defence + 1))
    assert not half.correct and half.score == Fraction(1, 2)
    assert f"the answer is {attack}, {defence}" in str(half)


def test_odds_are_chosen_among_four_offered_values_the_right_one_among_them():
    for game, name in (("panzer-vor", "to-hit-odds"), ("tanks", "damage-odds")):
        q = learn.question(game, name, 2)
        assert q.shape == "choice" and len(q.choices) == 4 and q.answer in q.choices
        assert all(c.endswith("%)") or c.endswith("%") for c in q.choices)
        assert q.check(q.answer).correct


@pytest.mark.parametrize(
    "call, argument",
    [
        (lambda: learn.kinds("chess"), "game"),
        (lambda: learn.question("tanks", "reach", 0), "kind"),
        (lambda: learn.question("tanks", "sight", -1), "seed"),
        (lambda: learn.question("tanks", "sight", 1.5), "seed"),
        (lambda: learn.question("panzer-vor", "sight", 0, scenario="nowhere"), "scenario"),
        (lambda: learn.question("panzer-vor", "sight", 0, scenario=42), "scenario"),
        (lambda: learn.question("panzer-strike", "shot", 0, scenario="nowhere"), "scenario"),
        (lambda: learn.question("tanks", "cover", 0, scenario="nowhere"), "scenario"),
        (lambda: list(learn.lesson("tanks", "Cards")), "chapter"),
        (lambda: learn.question("tanks", "sight", 0).check("perhaps"), "answer"),
        (lambda: learn.question("tanks", "dice", 0).check(True), "answer"),
        (lambda: learn.question("tanks", "dice", 0).check("5"), "answer"),
        (lambda: learn.question("tanks", "dice", 0).check("five, one"), "answer"),
        (lambda: learn.question("tanks", "damage-odds", 0).check("41.7%?"), "answer"),
        (lambda: learn.question("panzer-vor", "armour", 0).check("top"), "answer"),
        (lambda: learn.question("panzer-vor", "reach", 0).check("0101"), "answer"),
    ],
)
def test_bad_input_is_refused_naming_the_argument(call, argument):
    with pytest.raises(ArgumentError) as refused:
        call()
    assert refused.value.argument == argument


def test_a_question_on_a_scenario_given_by_name_uses_it():
    q = learn.question("panzer-vor", "sight", 4, scenario="pravda")
    assert q.scenario == "pravda" and "church" in {
        q.state.map.terrain_name(h) for h in q.state.map.grid
    }


@pytest.mark.parametrize("game", GAMES)
def test_a_question_draws_its_position_and_its_answer(game):
    q = learn.question(game, learn.kinds(game)[0].name, 0)
    asked = q._repr_svg_()
    assert asked.startswith("<svg") and "?" in asked
    assert q.solution()._repr_svg_().startswith("<svg")


def test_a_lesson_goes_from_easy_to_hard_within_its_chapter():
    questions = list(learn.lesson("panzer-vor", "Moving"))
    assert [q.kind for q in questions] == ["reach"] * 3 + ["move"] * 3
    assert {q.chapter for q in questions} == {"Moving"}
    assert [c.title for c in learn.chapters("tanks")] == ["Line of Sight", "Firing"]


@pytest.mark.parametrize("game", GAMES)
def test_chapters_and_kinds_are_one_vocabulary(game):
    """Each game declares its chapters with its kinds (its home's ``learn``): a chapter lists
    its kinds, a lesson takes the chapter or its title, a question the kind or its name."""
    chapters = learn.chapters(game)
    assert sorted(k.name for c in chapters for k in c.kinds) == sorted(
        k.name for k in learn.kinds(game)
    )
    for chapter in chapters:
        assert {k.chapter for k in chapter.kinds} == {chapter.title} == {str(chapter)}
        by_object, by_title = learn.lesson(game, chapter), learn.lesson(game, chapter.title)
        assert [q.kind for q in by_object] == [q.kind for q in by_title]
        kind = chapter.kinds[0]
        assert learn.question(game, kind, 5).prompt == learn.question(game, kind.name, 5).prompt
    other = next(g for g in GAMES if g != game)
    stranger = next(c for c in learn.chapters(other) if c.title == "Firing")
    with pytest.raises(ArgumentError) as refused:
        learn.lesson(game, stranger)  # another game's chapter, though its title is the same
    assert refused.value.argument == "chapter"


def test_a_kind_goes_in_a_chapter_its_game_declares():
    from workbench.learn.kinds import declare_chapters, kind

    with pytest.raises(ArgumentError) as refused:
        kind("panzer-vor", "flag-holder", "Flags", 1, "who holds the flag?")
    assert refused.value.argument == "chapter" and "Moving" in str(refused.value)
    with pytest.raises(ArgumentError):
        kind("a-game-with-no-chapters", "x", "Moving", 1, "?")
    with pytest.raises(ArgumentError):
        declare_chapters("a-game-with-no-chapters", "Moving", "Moving")


def test_progress_keeps_score_and_streak_and_is_resumed_in_a_new_session(tmp_path, monkeypatch):
    monkeypatch.setenv("WORKBENCH_HOME", str(tmp_path))
    progress = Progress.resume("ana")
    lesson = learn.lesson("panzer-strike", "Moving")
    first, second, third = (next(lesson) for _ in range(3))
    progress.record(first.check(first.answer)).record(second.check(second.answer))
    progress.record(third.check(third.answer + 1))
    assert (progress.answered, progress.right, progress.streak, progress.best) == (3, 2, 0, 2)
    path = progress.save()
    assert path == user_folder() / "progress" / "ana.json"

    resumed = Progress.resume("ana")  # a new session: a new object from the file
    assert resumed == progress and resumed is not progress
    assert resumed.next_seed("panzer-strike", "Moving") == 3
    goes_on = next(learn.lesson("panzer-strike", "Moving", start=resumed.next_seed(
        "panzer-strike", "Moving")))  # fmt: skip
    assert goes_on.seed == 3


def test_a_broken_progress_file_is_refused_with_its_path(tmp_path, monkeypatch):
    monkeypatch.setenv("WORKBENCH_HOME", str(tmp_path))
    path = Progress("bob").save()
    path.write_text(json.dumps({"format": "workbench.learn-progress/1", "answered": -1}))
    with pytest.raises(ProgressFileError, match=r"bob\.json"):
        Progress.resume("bob")
    with pytest.raises(ArgumentError):
        Progress.resume("../bob")
