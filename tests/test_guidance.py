"""One source of guidance: the stepper's next-step line, the views' status lines and the
enabled controls all come from one description of what the side to act can do
(``Stepper.ways``, :mod:`workbench.widgets.guidance`). Walked over every step of every
prepared game, a sample of new games of every game (solo ones too, the computer's turn
included) and a question of every kind of every game (in the learner's and the room's mode),
checking the widget objects (no browser): every verb in the guidance names a control that
is enabled and visible, and every enabled control is named."""

from __future__ import annotations

import random
import re
import threading
from collections.abc import Iterator
from typing import Any

import pytest

import workbench.learn as learn
from workbench.games import all_games, get_game
from workbench.rules.core import CHANCE, TERMINAL
from workbench.widgets.learn import Learner
from workbench.widgets.stepper import PANEL_STATUS, Stepper, prepared_games
from workbench.widgets.stepper_guide import next_step_line

STEPS = 16  # steps of each new game of the sample
SCENARIOS = 2  # scenarios of each game in the sample (chosen by a seeded rng)
VERB = re.compile(r"\b(click|press|choose)\b", re.IGNORECASE)  # the controls' verbs
LEARN_VERB = re.compile(r"\b(click|press|choose|type)\b", re.IGNORECASE)
OWN = ("Roll", "Bot move", "Stop thinking")  # the stepper's own buttons, named in full


def shown(widget: Any) -> bool:
    return widget.layout.display != "none"


def controls(stepper: Stepper) -> dict[str, Any]:
    """What a person can use now, read from the widgets themselves."""
    _side, hand = getattr(stepper, "_shown_hand", ("", ()))  # every page of the hand shown
    cards = [card.name for card in hand if card.playable] if stepper.hand_title.value else []
    pages = [box.children[1].description for box in stepper.hand_box.children]
    assert not cards or pages[0].startswith("▶ "), "the playable cards come first"
    return {
        "Roll": shown(stepper.roll_button) and not stepper.roll_button.disabled,
        "Bot move": shown(stepper.bot_button) and not stepper.bot_button.disabled,
        "Stop thinking": shown(stepper.turn.sign) and shown(stepper.turn.stop_button),
        "Play": not stepper.play_button.disabled,
        "buttons": [b.description for b in stepper.extra.children],
        "offered": [label for label, _ in stepper.offered],
        "cards": cards,
        "list": shown(stepper.choices) and bool(stepper.choices.options),
        "board": bool(stepper.ways.board),
        "forward": stepper.cursor < len(stepper.steps),
    }


def _labels_cover(text: str, labels: list[str]) -> bool:
    """Whether ``text`` is button labels joined by " or " (each one shown)."""
    if text in labels:
        return True
    return any(
        text.startswith(label + " or ") and _labels_cover(text[len(label) + 4 :], labels)
        for label in labels
    )


def guidance_problems(text: str, used: dict[str, Any]) -> list[str]:
    """What ``text`` (the guidance lines) says that the controls ``used`` contradict, and the
    enabled controls it leaves unnamed."""
    problems = []
    phrases = [p.strip() for p in re.split(r";|, or |, then |\n|\(or ", text) if p.strip()]
    for phrase in phrases:
        for verb in list(VERB.finditer(phrase))[:1]:  # what follows it is what it names
            rest = phrase[verb.start() :]
            word = verb.group(1).lower()
            if word == "press":
                named = rest[len("press ") :].rstrip(".")
                count = re.match(r"one of the (\d+) buttons", named)
                if count:
                    ways = len(used["buttons"]) - len(used["offered"])
                    ok = int(count.group(1)) == ways > 0
                elif any(named.startswith(own) for own in OWN):
                    ok = used[next(own for own in OWN if named.startswith(own))]
                elif named.startswith("Play chosen"):
                    ok = used["list"]
                else:
                    ok = _labels_cover(named, used["buttons"])
            elif word == "choose":
                ok = " in the list" in rest and used["list"]
            elif word == "click" and "card in the hand" in rest:
                ok = bool(used["cards"])
            elif word == "click":
                ok = used["board"]
            else:
                ok = False
            if not ok:
                problems.append(f"{rest!r} names no control in use ({used})")
    if used["Roll"] and "press Roll" not in text:
        problems.append("Roll is enabled but not named")
    if used["Bot move"] and "press Bot move" not in text:
        problems.append("Bot move is shown but not named")
    if used["Stop thinking"] and "press Stop thinking" not in text:
        problems.append("Stop thinking is shown but not named")
    offered = used["offered"]  # a click's choices: named, or said to be buttons
    if offered and "button" not in text and not all(b in text for b in offered):
        problems.append(f"the click's choices {offered} are shown but not named")
    ways = [b for b in used["buttons"] if b not in offered]
    n = len(ways)
    if n and f"one of the {n} buttons" not in text and not all(b in text for b in ways):
        problems.append(f"buttons {ways} are shown but not named")
    if used["cards"] and "▶ card" not in text:
        problems.append(f"playable cards {used['cards']} are not named")
    if used["list"] and "in the list" not in text:
        problems.append("the list of actions is shown but not named")
    if used["board"] and not re.search(r"\bclick (?!a ▶ card)", text):
        problems.append("board clicks play something but no click is named")
    if "(or Play)" in text and not used["Play"]:
        problems.append("Play is named but nothing is proposed")
    if used["forward"] and "→" not in text:
        problems.append("→ shows the next recorded step but is not named")
    return problems


def check_stepper(stepper: Stepper, where: str) -> None:
    """The guidance at the cursor agrees with the controls, and the controls offer every
    legal action of the person to act (see the module)."""
    game, state = stepper.game, stepper.state
    status = stepper.view.status(game, state)[:PANEL_STATUS]
    text = "\n".join([next_step_line(stepper), *status, *stepper.answer])
    used = controls(stepper)
    problems = guidance_problems(text, used)
    who = game.current_player(state)
    if who not in (CHANCE, TERMINAL) and who != stepper.bot_side and not stepper.turn.thinking:
        ways = stepper.ways
        offered = {*ways.board, *ways.hand, *ways.buttons, *ways.listed}
        legal = set(game.legal_actions(state))
        if offered != legal:
            problems.append(f"offered but not legal: {offered - legal}; legal but not offered: "
                            f"{legal - offered}")  # fmt: skip
        cards = {stepper.view.card_of(game, state, a) for a in ways.hand}
        if cards != set(used["cards"]):
            problems.append(f"cards that play an action {cards}, marked ▶ {used['cards']}")
    if who == stepper.bot_side and stepper.cursor == len(stepper.steps):
        human = [k for k in ("Play", "buttons", "cards", "list", "board") if used[k]]
        if human:
            problems.append(f"the human's controls {human} on the computer's turn")
    assert not problems, f"{where}: {text!r}\n" + "\n".join(problems)


def prepared() -> Iterator[tuple[str, str]]:
    for game in all_games():
        for path in prepared_games(game.name).values():
            yield game.name, path


@pytest.mark.parametrize("game, path", list(prepared()), ids=lambda v: str(v).split("/")[-1])
def test_every_step_of_every_prepared_game_is_guided_truthfully(game: str, path: str) -> None:
    stepper = Stepper(path, at=0)
    for step in range(len(stepper.steps) + 1):
        stepper.go(step)
        check_stepper(stepper, f"{path} step {step}")


def tank_cells(state: Any) -> list[str]:
    """Where each tank standing is, as the game's view reads a click's cell (a test's own
    knowledge of each game's states)."""
    state = getattr(state, "match", None) or state  # a series: the match in play
    board = getattr(state, "board", None)
    if board is not None and hasattr(board, "map"):  # Panzer Vor!: hex labels
        return [board.map.grid.label(t.hex) for t in board.tanks if not t.wreck]
    tanks = [t for t in getattr(state, "tanks", ()) if not t.destroyed]
    if tanks and hasattr(tanks[0], "hull"):  # TANKS: a table point, cm
        return ["{},{}".format(*t.hull.centre) for t in tanks]
    return [f"{t.at.x},{t.at.y}" for t in tanks]  # Panzer Strike: a square


@pytest.mark.parametrize("game, path", list(prepared()), ids=lambda v: str(v).split("/")[-1])
def test_clicks_on_the_tanks_are_answered_truthfully(game: str, path: str) -> None:
    """At a sample of steps, a click on each tank and then on each other tank: what the
    answer says to do next names controls in use (Play only when something is proposed; no
    "click again" after a refusal)."""
    stepper = Stepper(path)
    record = stepper.record
    for step in range(0, len(record.steps), max(1, len(record.steps) // 3)):
        stepper = stepper if stepper.record is record else Stepper(record)
        stepper.go(step)
        cells = tank_cells(stepper.state)
        for first in cells[:3]:
            for second in [first, *cells][:4]:
                if stepper.record is not record:  # a click played: the record again
                    stepper = Stepper(record, at=step)
                stepper.go(step)
                for cell in (first, second):
                    stepper.click_cell(cell)
                    check_stepper(stepper, f"{path} step {step}, clicks {first} {second}")
                    if stepper.refusal is not None:
                        assert not any("again" in line for line in stepper.answer)


def shipping() -> list[str]:
    """The games that ship scenarios (a test fixture's game, registered when another test
    module imports it, has none: a new game of it has nothing to start from)."""
    return [g.name for g in all_games() if g.scenarios()]


def sample(game: str) -> list[str]:
    names = sorted(get_game(game).scenarios())
    return random.Random(game).sample(names, min(SCENARIOS, len(names)))


@pytest.mark.parametrize("game", shipping())
def test_new_games_of_every_game_are_guided_truthfully(game: str) -> None:
    """Seeded new games played through the controls the guidance names (a random one)."""
    for seed, scenario in enumerate(sample(game)):
        stepper = Stepper.new(game, scenario, seed=seed)
        rng = random.Random(seed)
        for _ in range(STEPS):
            check_stepper(stepper, f"{game} {scenario} step {stepper.cursor}")
            who = stepper.game.current_player(stepper.state)
            if who == TERMINAL:
                break
            if who == CHANCE:
                stepper.roll()
                continue
            ways = stepper.ways
            action = rng.choice([*ways.board, *ways.hand, *ways.buttons, *ways.listed])
            assert stepper.play(action), stepper.panel_text


class Waiting:
    """A computer player that thinks until the test lets it go (its first legal action)."""

    label = "waiting player (a test's)"

    def __init__(self) -> None:
        self.go, self.asked, self.stopped = threading.Event(), threading.Event(), False

    def __call__(self, game: Any, observation: Any, rng: random.Random) -> Any:
        self.asked.set()
        self.go.wait(30)
        return observation.legal_actions[0]

    def stop(self) -> None:
        self.stopped = True
        self.go.set()


@pytest.mark.parametrize("game", shipping())
def test_the_computers_turn_puts_the_humans_controls_away_and_is_summed_up(game: str) -> None:
    """While the computer thinks: its sign and Stop, named; none of the human's controls.
    After it: the human's turn guided, and what the computer did summed up."""
    scenario = sample(game)[0]
    first = get_game(game).players(get_game(game).start(get_game(game).load_scenario(scenario)))
    bot = Waiting()
    stepper = Stepper.new(game, scenario, seed=1, bot=bot, think_aside=True)
    stepper.set_bot(first[0])
    rng = random.Random(1)
    for _ in range(6):
        who = stepper.game.current_player(stepper.state)
        if who == TERMINAL:
            break
        if stepper.turn.thinking:
            assert bot.asked.wait(30)
            check_stepper(stepper, f"{game}: the computer thinking")
            assert (
                "is thinking for" in stepper.panel_text and stepper.turn.sign.layout.display == ""
            )
            stepper.turn.stop()
            assert stepper.turn.wait(30)
            bot.go.clear()
            bot.asked.clear()
            if stepper.game.current_player(stepper.state) not in (first[0], TERMINAL):
                said = f"the computer played {first[0]}:"  # what it did, summed up
                assert said in stepper.panel_text, stepper.panel_text
            continue
        check_stepper(stepper, f"{game} step {stepper.cursor}")
        if who == first[0]:  # stopped: the computer waits for Bot move in this turn
            assert "press Bot move" in stepper.panel_text
            stepper.bot_move()
            continue
        if who == CHANCE:
            stepper.roll()
            continue
        ways = stepper.ways
        stepper.play(rng.choice([*ways.board, *ways.hand, *ways.buttons, *ways.listed]))
    assert bot.stopped or stepper.game.current_player(stepper.state) == TERMINAL


def learn_games() -> list[str]:
    return learn.kinds_of_games()


LEARN_CONTROLS = {  # a phrase of the learner's guidance: the control it names
    "click the places on the board": "board",
    "choose yes or no below the question": "answer_box",
    "choose an answer below the question": "answer_box",
    "type the number in the answer box": "number",
    "type the numbers in the answer box": "numbers",
    "press Check": "check_button",
    "press Reveal": "reveal_button",
}


def check_learner(learner: Learner, where: str) -> None:
    """Every control the learner's guidance names is shown, and every control shown is named."""
    text = "\n".join(text for kind, text in learner._lines if kind == "note")
    visible = {
        name: shown(getattr(learner, name))
        for name in ("answer_box", "number", "numbers", "check_button", "reveal_button")
    }
    visible["board"] = learner.question.shape == "places" and learner.checked is None
    visible["board"] = visible["board"] and not learner.room
    problems = []
    for verb in LEARN_VERB.finditer(text):
        rest = text[verb.start() :]
        named = [c for phrase, c in LEARN_CONTROLS.items() if rest.startswith(phrase)]
        nav = rest.startswith("press next ▶ or ◀ back")
        if not nav and not (named and all(visible[c] for c in named)):
            problems.append(f"{rest[:60]!r} names no control shown")
    for control, on in visible.items():
        phrases = [p for p, c in LEARN_CONTROLS.items() if c == control]
        if on and not any(p in text for p in phrases):
            problems.append(f"{control} is shown but not named")
    assert not problems, f"{where}: {text!r}\n" + "\n".join(problems)


@pytest.mark.parametrize("game", learn_games())
def test_a_question_of_every_kind_is_guided_truthfully_in_both_modes(game: str) -> None:
    questions = [learn.question(game, kind.name, seed=2) for kind in learn.kinds(game)]
    for room in (False, True):
        learner = Learner(game, questions[0].chapter, room=room)
        learner.questions = questions
        for index, question in enumerate(questions):
            learner._go(index)
            where = f"{game}/{question.kind} ({'room' if room else 'learner'})"
            check_learner(learner, where)
            learner.click(5.0, 5.0)  # a click on the board, whatever the question
            check_learner(learner, f"{where}, after a click")
            if room:
                learner.reveal()
            else:
                if question.shape != "places":
                    learner.choose(question.answer)
                learner.check()
            check_learner(learner, f"{where}, answered")
