"""The game stepper driven without a browser: the same methods the canvas, the buttons and
the keys call. A prepared game steps forward and back to identical states; an illegal click
changes nothing; a saved record reloads to the same states and step."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

import workbench
from workbench.boards.record import Record
from workbench.games import get_game
from workbench.games.panzer_vor.rules.actions import Fire, Move, Pass, PlayCard
from workbench.rules.core import CHANCE, IllegalAction, replay
from workbench.widgets.stepper import Stepper, prepared_games
from workbench.widgets.views import PlainView, view_for

ROOT = Path(__file__).resolve().parents[1]
PREPARED = ROOT / "maps/panzer-vor/games/first-shots.json"
SCENARIO = ROOT / "maps/panzer-vor/scenarios/test-your-luck.json"
PANZER, T34 = "Panzer IV Ausf. D", "T-34/76"


@pytest.fixture(scope="module")
def record() -> Record:
    return workbench.load(PREPARED)


def snapshot(stepper: Stepper) -> tuple:
    return (stepper.record, stepper.cursor, stepper.state, len(stepper.states))


def test_a_prepared_game_steps_forward_and_back_to_identical_states(record) -> None:
    states = replay(record)
    stepper = Stepper(record, at=0)
    assert ("panzer-vor-practice", str(PREPARED)) in every_prepared_game()
    assert stepper.state == states[0]
    for n in range(1, len(states)):
        stepper.key("ArrowRight")
        assert stepper.cursor == n and stepper.state == states[n]
    stepper.forward()  # past the end: stays at the end
    assert stepper.cursor == len(states) - 1
    assert get_game("panzer-vor-practice").outcome(stepper.state) is not None
    assert "Game over: Other wins" in stepper.panel_text
    for n in reversed(range(len(states) - 1)):
        stepper.key("ArrowLeft")
        assert stepper.state == states[n]
    stepper.key("End")
    assert stepper.state == states[-1]
    stepper.key("Home")
    assert stepper.cursor == 0
    stepper.log.value = 5  # a click on a line of the log jumps there
    assert stepper.cursor == 5 and stepper.state == states[5]
    stepper.slider.value = 7
    assert stepper.cursor == 7


def every_prepared_game() -> list[tuple[str, str]]:
    from workbench.games import names

    return [(game, path) for game in names() for path in prepared_games(game).values()]


@pytest.mark.parametrize("game, path", every_prepared_game(), ids=lambda v: Path(v).stem)
def test_every_prepared_game_replays_forward_and_back_with_its_notes(game, path) -> None:
    stepper = Stepper(path, at=0)
    states = replay(stepper.record)
    assert stepper.game.name == game and stepper.record.notes(), "a teacher's stops"
    for n in range(1, len(states)):
        stepper.forward()
        assert stepper.state == states[n]
    for n in reversed(range(len(states) - 1)):
        stepper.back()
        assert stepper.state == states[n]
    for step in stepper.record.notes():
        stepper.go(step)
        assert "★" in stepper.panel_text


def test_the_prepared_game_shows_a_real_shot_with_its_rolls_and_notes(record) -> None:
    assert prepared_games("panzer-vor-practice")["first-shots"] == str(PREPARED)
    assert "first-shots" not in prepared_games("panzer-vor")  # the card game's are its own
    stepper = Stepper(PREPARED)
    log = stepper.log_lines()
    assert log[1].startswith("★ 1. Ōarai: Panzer IV Ausf. D 0802-0805  [")  # each move as text
    assert log[2].startswith("★ 2. Other: T-34/76 fires at Panzer IV Ausf. D → hit 11/12")
    assert "dice: roll 4 5 → attack roll 4 + 5 = 9: needs 4+, hit" in log[5]
    assert log[7].startswith("★ 7. Other: Matilda II 0718-0617 W  [")  # it turns to face W
    assert "glanced off" in log[6]
    assert "Panzer IV Ausf. D is destroyed" in log[12]
    assert len(stepper.bookmarks()) >= 5
    stepper.go(3)
    text = stepper.panel_text
    assert "2 dice needs 4+ to hit at 4 hexes (Firing: Attack Roll)" in text
    assert "Step 3 of 12" in text


def test_the_prepared_games_are_what_the_tool_makes() -> None:
    done = subprocess.run(
        [sys.executable, str(ROOT / "tools/prepared_games.py"), "--check"],
        capture_output=True,
        text=True,
        cwd=ROOT,
    )
    assert done.returncode == 0, done.stderr


def test_clicks_play_a_move_and_a_shot_with_odds_before_the_dice() -> None:
    stepper = Stepper.new("panzer-vor-practice", "test-your-luck", seed=5)
    stepper.click_cell("0802")
    assert "3 MP" in stepper.panel_text and stepper.proposed is None
    stepper.click_cell("0507")  # aim at the T-34: the odds, nothing played yet
    assert stepper.proposed == Fire(PANZER, T34)
    assert "hit 21/36 · kill 7/144" in stepper.panel_text
    assert len(stepper.steps) == 0
    stepper.click_cell("0802")
    stepper.click_cell("0805")  # a destination: the path, proposed
    assert isinstance(stepper.proposed, Move) and len(stepper.steps) == 0
    assert "legal: 3 of 3 MP spent" in stepper.panel_text
    stepper.click_cell("0805")  # again: played
    assert stepper.cursor == 1 and stepper.action_at(1) == Move(PANZER, "0805", 0)
    stepper.click_cell("0507")  # the T-34 (Other's turn now) ...
    stepper.click_cell("0805")  # ... aims at the Panzer IV
    assert stepper.proposed == Fire(T34, PANZER)
    assert stepper.play_proposed()
    # the shot and its rolls (rolled at once, seeded by the step)
    assert stepper.actor_at(2) == "Other" and stepper.actor_at(3) == CHANCE
    assert "attack roll" in stepper.step_line(3)
    again = Stepper.new("panzer-vor-practice", "test-your-luck", seed=5)
    again.play(Move(PANZER, "0805", 0))
    again.play(Fire(T34, PANZER))
    assert again.record == stepper.record, "the same seed rolls the same dice"


def test_an_illegal_click_is_refused_with_its_rule_and_changes_nothing() -> None:
    stepper = Stepper.new("panzer-vor-practice", SCENARIO, seed=1)
    stepper.play(Move(PANZER, "0805", 0))
    before = snapshot(stepper)
    stepper.click_cell("0805")
    stepper.click_cell("1610")  # far out of reach: the rules refuse the move
    assert snapshot(stepper) == before
    assert "Refused: Panzer IV Ausf. D" in stepper.panel_text
    assert "belongs to Ōarai; it is Other's turn" in stepper.panel_text
    assert "rule: Sequence of Play" in stepper.panel_text
    assert "Nothing changed." in stepper.panel_text
    stepper.undo()  # undo after the refusal undoes the last real step
    assert stepper.cursor == 0 and len(stepper.steps) == 1
    stepper.redo()
    assert snapshot(stepper)[:3] == before[:3]


def test_undo_then_a_new_action_branches_and_redo_follows_the_record(record) -> None:
    stepper = Stepper(record, at=1)
    assert stepper.play(Pass())  # Other passes instead of firing: a new branch
    assert len(stepper.steps) == 2 and stepper.cursor == 2
    assert stepper.record.steps[0] == record.steps[0]
    stepper.back()
    stepper.redo()
    assert stepper.action_at(2) == Pass()


def test_solo_mode_the_bot_plays_the_other_side_step_by_step() -> None:
    stepper = Stepper.new("panzer-vor-practice", "test-your-luck", seed=2, bot_side="Other")
    stepper.play(Pass())
    assert stepper.game.current_player(stepper.state) == "Ōarai"
    assert stepper.cursor >= 2 and stepper.actor_at(2) == "Other"
    assert "Ōarai to act" in stepper.panel_text
    stepper.bot_waits = True
    stepper.play(Pass())
    assert "Other to act (the bot: random legal player (not the rulebook's))" in stepper.panel_text
    stepper.bot_waits = False
    stepper.bot_picker.value = ""  # nobody: the learner plays both sides
    stepper.play(Pass())
    stepper.play(Pass())
    assert stepper.game.current_player(stepper.state) == "Other"


def test_bookmarks_save_and_load_to_the_same_step(tmp_path: Path, record) -> None:
    stepper = Stepper(record, at=4)
    stepper.note_text.value = "look at the arc"
    stepper.key("b")
    assert stepper.bookmarks()[4] == "look at the arc"
    target = tmp_path / "games" / "mine.json"
    stepper.save(target)
    loaded = workbench.load(target)
    assert loaded == stepper.record and loaded.steps[3].note == "look at the arc"
    again = Stepper(target, at=stepper.cursor)
    assert (again.record, again.cursor, again.state) == (
        stepper.record,
        stepper.cursor,
        stepper.state,
    )
    assert replay(loaded) == stepper.states
    other = Stepper.new("panzer-vor-practice", "test-your-luck")
    other.load(target, at=4)
    assert other.state == stepper.state and "★ 4." in other.log_lines()[4]


def test_export_writes_the_step_shown_as_svg_and_png(tmp_path: Path, record) -> None:
    stepper = Stepper(record, at=3)
    svg = stepper.export(tmp_path / "step.svg")
    assert svg.read_text().startswith("<svg") and "T-34/76" in svg.read_text()
    png = stepper.export(tmp_path / "step.png")
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_a_step_redraws_the_counters_not_the_map(sent, record) -> None:
    stepper = Stepper(record, at=0)
    sent.clear()
    stepper.forward()
    assert len(sent) == 1
    assert sent[0].count("switchCanvas") <= 3, "units (and overlays) only, never the base"


def test_a_game_without_a_view_is_played_from_the_list() -> None:
    assert isinstance(view_for("no-such-game"), PlainView)
    assert PlainView().click(None, None, None, None, None, None).action is None  # type: ignore[arg-type]


def test_the_teacher_app_opens_prepared_records_and_new_games() -> None:
    from workbench.widgets.app import KEYBOARD_SCRIPT, TeacherApp, choices_for

    choices = dict(choices_for("panzer-vor-practice"))
    assert choices["prepared: first-shots"] == ("record", str(PREPARED))
    assert choices["new game: test-your-luck"][0] == "scenario"
    app = TeacherApp()  # the card game, the default, at its prepared game
    assert app.game_picker.value == "panzer-vor" and app.stepper is not None
    assert app.stepper.record.game == "panzer-vor" and app.stepper.cursor == 0
    app.game_picker.value = "panzer-vor-practice"  # practice: a game of its own
    assert app.what.value == ("record", str(PREPARED))
    app.open()
    assert app.stepper.theme.name == "projector" and len(app.stepper.steps) == 12
    app.what.value = choices["new game: test-your-luck"]
    app.seed.value = 4
    stepper = app.open()
    assert app.holder.children == (stepper.widget,) and stepper.record.seed == 4
    assert not stepper.steps
    for key in ("ArrowLeft", "ArrowRight", "Home", "End", '"b"'):
        assert key in KEYBOARD_SCRIPT


def test_a_move_can_end_facing_another_way_from_the_offered_buttons() -> None:
    stepper = Stepper.new("panzer-vor-practice", "test-your-luck")
    stepper.click_cell("0802")
    stepper.click_cell("0804")
    faces = {b.description: b for b in stepper.extra.children if b.description.startswith("face")}
    assert "face E" in faces and stepper.proposed not in (None, Move(PANZER, "0804", 1))
    faces["face E"].click()  # the button's handler, as a browser click calls it
    assert stepper.cursor == 1 and stepper.action_at(1) == Move(PANZER, "0804", 1)
    assert stepper.state.board.tank(PANZER).facing == 1
    assert not any(b.description.startswith("face") for b in stepper.extra.children)


def test_a_waiting_bot_moves_one_press_at_a_time() -> None:
    stepper = Stepper.new("panzer-vor-practice", "test-your-luck", bot_side="Other", bot_waits=True)
    stepper.play(Pass())
    assert stepper.cursor == 1 and stepper.game.current_player(stepper.state) == "Other"
    stepper.bot_button.click()
    assert stepper.actor_at(2) == "Other"
    assert stepper.game.current_player(stepper.state) == "Ōarai", "its dice rolled after it"


# --- any game on the protocol -----------------------------------------------------------------
def toy_game():
    """A game no view knows: players add 1 or 2 in turn, then a coin adds 0 or 1; 6 ends it."""
    from dataclasses import dataclass
    from fractions import Fraction

    from workbench.rules.core import (
        CHANCE,
        TERMINAL,
        Action,
        Applied,
        Event,
        Game,
        IllegalAction,
        Outcome,
        Reason,
        Termination,
    )

    @dataclass(frozen=True)
    class Add(Action):
        n: int

        def __str__(self) -> str:
            return f"add {self.n}"

    @dataclass(frozen=True)
    class Coin(Action):
        n: int
        chance = True

        def __str__(self) -> str:
            return f"coin {self.n}"

    class End(Termination):
        SIX = ("the total reached 6", "Toy: Ending")

    def current(state):
        total, turn, coin = state
        return TERMINAL if total >= 6 else CHANCE if coin else ("A", "B")[turn % 2]

    def apply(state, action):
        total, turn, _ = state
        if current(state) == CHANCE and isinstance(action, Coin):
            return Applied(
                (total + action.n, turn + 1, False), (Event(f"the coin adds {action.n}"),)
            )
        if isinstance(action, Add) and action.n in (1, 2) and current(state) in ("A", "B"):
            return Applied((total + action.n, turn, True), (Event(f"total {total + action.n}"),))
        raise IllegalAction(Reason(f"{action} is not allowed now", "Toy: Turns"))

    class Toy(Game[tuple, Action]):
        name = "toy-stepper"
        title = "Toy"
        rulebook = "none"
        board_kind = "table"
        action_types = (Add, Coin)

        def _start(self, scenario, options):
            return (0, 0, False)

        def _current_player(self, state):
            return current(state)

        def _legal_actions(self, state):
            return [Add(1), Add(2)]

        def _chance_outcomes(self, state):
            return [(Coin(0), Fraction(1, 2)), (Coin(1), Fraction(1, 2))]

        def _apply(self, state, action):
            return apply(state, action)

        def _outcome(self, state):
            return Outcome(End.SIX, None) if state[0] >= 6 else None

        def _players(self, state):
            return ("A", "B")

    return Toy()


def test_a_game_with_no_view_and_no_picture_is_stepped_from_its_list(monkeypatch) -> None:
    from workbench.rules import core

    game = toy_game()
    monkeypatch.setitem(core._GAMES, game.name, game)
    stepper = Stepper(Record(game=game.name, scenario=None), seed=3)
    assert stepper.scene.count() == 1, "a line saying there is no picture"
    assert [label for label, _ in stepper.choices.options] == ["add 1", "add 2"]
    stepper.click_cell(None)
    assert "list of legal actions" in stepper.panel_text
    stepper.choices.value = stepper.choices.options[1][1]
    stepper.choose.click()
    assert stepper.cursor == 2 and stepper.actor_at(2) == CHANCE  # the coin tossed at once
    assert stepper.log_lines()[1] == "1. A: add 2 → total 2"
    before = (stepper.record, stepper.cursor)
    assert not stepper.play(game.action_types[1](1))  # a coin when a player acts: refused
    assert (stepper.record, stepper.cursor) == before
    assert "rule: Toy: Turns" in stepper.panel_text
    stepper.set_bot("B")
    while game.outcome(stepper.state) is None:
        stepper.play(game.legal_actions(stepper.state)[0])
    assert "Game over: a draw: the total reached 6 (Toy: Ending)" in stepper.panel_text
    states = list(stepper.states)
    stepper.first()
    for n in range(1, len(states)):
        stepper.forward()
        assert stepper.state == states[n]


def test_an_action_chosen_in_the_list_is_previewed_before_it_is_played(monkeypatch) -> None:
    from workbench.rules import core

    game = toy_game()
    monkeypatch.setitem(core._GAMES, game.name, game)
    stepper = Stepper(Record(game=game.name, scenario=None))
    stepper.choices.value = stepper.choices.options[1][1]  # add 2: previewed, not played
    assert stepper.cursor == 0 and "If played: add 2" in stepper.panel_text
    assert "total 2" in stepper.panel_text
    assert stepper.play_proposed() and stepper.action_at(1) == stepper.choices.options[1][1]


def test_the_teacher_app_opens_every_games_prepared_record() -> None:
    from workbench.widgets.app import TeacherApp

    app = TeacherApp()
    for game, path in every_prepared_game():
        app.game_picker.value = game
        app.what.value = ("record", path)
        stepper = app.open()
        assert stepper.game.name == game and stepper.cursor == 0
        stepper.key("End")
        assert stepper.cursor == len(stepper.steps)


# --- the Panzer Vor! card game ------------------------------------------------------------
# a card game with a reaction, Attack cards and cards not playable (the prepared stagnant draw
# as it was made before the one seeding scheme, kept with the golden records)
CARD_GAME = ROOT / "tests/golden/records/panzer-vor-stagnant-draw-37.json"


def test_the_card_game_record_replays_with_a_reaction_and_ends_in_a_stagnant_draw() -> None:
    from workbench.games.panzer_vor.rules.ending import CardGameEnd
    from workbench.games.panzer_vor.rules.match import CardMatch
    from workbench.rules.core import replay

    record = workbench.load(CARD_GAME)
    assert record.options["setup"] == "quick"
    game = get_game("panzer-vor")
    states = replay(record, game)
    assert all(isinstance(s, CardMatch) for s in states)
    outcome = game.outcome(states[-1])
    assert outcome is not None and outcome.termination is CardGameEnd.STAGNANT_DRAW
    assert outcome.winner is None
    events = []
    for before, step in zip(states, record.steps, strict=False):
        events += game.apply(before, game.action_from_json(step.action)).events
    texts = [e.text for e in events]
    assert any(" reacts with " in t for t in texts), "a reaction"
    assert any("goes back into the deck" in t for t in texts), "the fourth Enforcement card"
    assert "again: the match is stagnant" in texts[-1], "the final draw ends it"
    points = states[-1].points
    assert len({points.get(side, 0) for side in states[-1].order}) == 1, "equal points"
    notes = " ".join(record.notes().values())
    for stop in ("A reaction:", "Enforcement card 4 of 4", "a draw", "odds are known"):
        assert stop in notes


def card_button(stepper: Stepper, name: str):
    """The button under a card's face in the hand shown (what a browser click presses)."""
    for box in stepper.hand_box.children:
        _face, button = box.children
        if button.description.removeprefix("▶ ") == name:
            return button
    raise AssertionError(f"no {name} in the hand: {stepper.hand()}")


def hex_of(stepper: Stepper, tank: str) -> str:
    state = stepper.state
    return state.board.map.grid.label(state.board.tank(tank).hex)


@pytest.fixture(scope="module")
def card_stepper() -> Stepper:
    """The prepared card game (one stepper: each test goes to its step first)."""
    return Stepper(CARD_GAME, at=0)


def first_step(stepper: Stepper, found) -> int:
    """The first step n of the record for which ``found(stepper, n)`` holds (the steps are
    found by what happens there, so a record made anew by the tool still tests the same)."""
    return next(n for n in range(1, len(stepper.steps) + 1) if found(stepper, n))


def card_shot(stepper: Stepper, n: int) -> bool:
    """Step n plays an Attack card, n + 1 declares its tank, n + 2 fires."""
    from workbench.games.panzer_vor.rules.actions import PlayCard, Select

    actions = [stepper.action_at(k) for k in range(n, min(n + 3, len(stepper.steps) + 1))]
    return (
        len(actions) == 3
        and isinstance(actions[0], PlayCard)
        and stepper.states[n - 1].card(actions[0].card).attack_modifier != 0
        and isinstance(actions[1], Select)
        and isinstance(actions[2], Fire)
    )


def test_card_game_a_card_clicked_in_the_hand_then_the_board_declare_and_fire(
    card_stepper,
) -> None:
    from workbench.games.panzer_vor.render.pictures import odds_label
    from workbench.games.panzer_vor.rules.actions import PlayCard, Select
    from workbench.games.panzer_vor.rules.previews import order_odds

    stepper = card_stepper
    n = first_step(stepper, card_shot)
    play, select, fire = (stepper.action_at(k) for k in (n, n + 1, n + 2))
    stepper.go(n - 1)
    length = len(stepper.steps)
    side, cards = stepper.hand()
    assert side == stepper.game.current_player(stepper.state)
    assert play.card in [c.name for c in cards if c.playable]
    assert f"{side}'s hand: " in stepper.panel_text
    assert "Enforcement cards drawn: " in stepper.panel_text
    face = next(
        b.children[0] for b in stepper.hand_box.children if play.card in b.children[0].value
    )
    assert "workbench-card" in face.value
    card_button(stepper, play.card).click()
    assert stepper.proposed == play and stepper.cursor == n - 1
    assert f"{play.card} — Action card (Attack" in stepper.panel_text
    card_button(stepper, play.card).click()  # again: played (as the record goes on)
    assert stepper.cursor == n and len(stepper.steps) == length
    assert "declare a tank" in stepper.panel_text
    stepper.click_cell(hex_of(stepper, select.tank))  # its targets, with the card's modifier
    assert stepper.proposed == Select(select.tank) and stepper.cursor == n
    order = stepper.state.top
    odds = order_odds(stepper.state, order, fire.firer, fire.target)
    assert f"at {fire.target}: {odds_label(odds)}" in stepper.panel_text
    stepper.click_cell(hex_of(stepper, select.tank))
    assert stepper.cursor == n + 1
    assert stepper.shown is not stepper.scene, "declared: its targets' odds on the board"
    assert stepper.shown.count() > stepper.scene.count()
    target = hex_of(stepper, fire.target)
    stepper.click_cell(target)  # the shot's exact odds, before any die
    assert stepper.proposed == fire and stepper.cursor == n + 1
    assert odds_label(odds) in stepper.panel_text
    assert f"{play.card} {stepper.state.card(play.card).attack_modifier:+d} (card)" in (
        stepper.panel_text
    )
    stepper.click_cell(target)
    assert stepper.cursor >= n + 2 and len(stepper.steps) == length
    assert f"hit {odds.hit} (" in stepper.step_line(n + 2), "the odds shown are the shot's"
    assert isinstance(play, PlayCard)


def test_card_game_an_illegal_card_or_click_is_refused_and_undo_changes_nothing(
    card_stepper,
) -> None:
    stepper = card_stepper

    def unplayable_in_hand(stepper: Stepper, n: int) -> bool:
        state = stepper.states[n]
        if state.top is not None or state.phase != "action" or state.ended is not None:
            return False
        if stepper.game.current_player(state) != state.side_to_act:
            return False
        _, cards = stepper.view.hand(stepper.game, state)
        return any(not card.playable for card in cards)

    n = first_step(stepper, unplayable_in_hand)
    stepper.go(n)
    before = snapshot(stepper)
    card = next(c for c in stepper.hand()[1] if not c.playable)
    card_button(stepper, card.name).click()  # a card the rules do not let be played now
    assert snapshot(stepper) == before
    with pytest.raises(IllegalAction) as refused:  # the rules' own reason, word for word
        stepper.game.apply(stepper.state, PlayCard(card.name))
    reason = refused.value.reason
    assert f"Refused: {reason.text}" in stepper.panel_text and card.name in reason.text
    assert f"rule: {reason.section}" in stepper.panel_text
    assert "Nothing changed." in stepper.panel_text
    stepper.undo()  # undo after the refusal undoes the last real step
    assert stepper.cursor == n - 1 and stepper.record == before[0]
    stepper.redo()
    assert snapshot(stepper)[:3] == before[:3]
    m = first_step(stepper, card_shot)
    stepper.go(m)  # an Attack card waits for a tank: an enemy cannot be declared
    before = snapshot(stepper)
    enemy = stepper.action_at(m + 2).target
    stepper.click_cell(hex_of(stepper, enemy))
    assert snapshot(stepper) == before and "Refused:" in stepper.panel_text


def reaction(stepper: Stepper, n: int) -> bool:
    from workbench.games.panzer_vor.rules.actions import React

    return isinstance(stepper.action_at(n), React)


def test_card_game_a_reaction_window_offers_its_choices_as_buttons(card_stepper) -> None:
    stepper = card_stepper
    n = first_step(stepper, reaction)
    react = stepper.action_at(n)
    stepper.go(n - 1)
    assert f"{stepper.actor_at(n)} may react now" in stepper.panel_text
    buttons = {b.tooltip: b for b in stepper.extra.children}
    assert str(react) in buttons and "no reaction" in buttons
    buttons[str(react)].click()
    assert stepper.action_at(n) == react and stepper.cursor >= n
    assert len(stepper.steps) == len(workbench.load(CARD_GAME).steps), "the record goes on"
    stepper.go(n)
    assert react.card in stepper.step_card.value, "the card played, as a card"


def test_card_game_draws_show_the_card_drawn_and_the_end_says_why(card_stepper) -> None:
    from workbench.games.panzer_vor.rules.deck import Draw

    stepper = card_stepper

    def enforcement_drawn(stepper: Stepper, n: int) -> bool:
        action = stepper.action_at(n)
        return isinstance(action, Draw) and stepper.states[n].card(action.card).kind == (
            "enforcement"
        )

    n = first_step(stepper, enforcement_drawn)
    stepper.go(n)
    drawn = stepper.action_at(n).card
    assert drawn in stepper.step_card.value and "Enforcement card" in stepper.step_card.value
    assert f"draws {drawn}" in stepper.panel_text
    stepper.last()
    assert "Game over: a draw: a stagnant match with equal points" in stepper.panel_text
    assert "the stagnation card" in stepper.step_line(len(stepper.steps))


def test_card_game_a_saved_record_reloads_to_the_same_step(tmp_path: Path) -> None:
    stepper = Stepper(CARD_GAME, at=0)
    n = first_step(stepper, reaction)
    stepper.go(n - 1)
    teachers = stepper.record.steps[n - 2].note
    stepper.bookmark("hands here")  # added after the teacher's note, never in its place
    stepper.play(stepper.game.legal_actions(stepper.state)[-1])  # no reaction: a new branch
    assert stepper.action_at(n) != workbench.load(CARD_GAME).steps[n - 1]
    target = stepper.save(tmp_path / "cards.json")
    again = Stepper(target, at=stepper.cursor)
    assert (again.record, again.cursor, again.state) == (
        stepper.record,
        stepper.cursor,
        stepper.state,
    )
    assert again.record.notes()[n - 1] == f"{teachers} · hands here" and teachers


def test_a_new_card_game_is_dealt_by_the_dice_then_played_by_clicks() -> None:
    stepper = Stepper.new("panzer-vor", "mock-battle", seed=3, options={"setup": "quick"})
    assert stepper.record.options == {"setup": "quick"}
    stepper.roll()  # the deal and the first draw, rolled until a side acts
    side, cards = stepper.hand()
    assert side == stepper.game.current_player(stepper.state) and cards
    playable = next(c for c in cards if c.playable)
    card_button(stepper, playable.name).click()
    assert stepper.proposed is not None or stepper.offered


def test_the_teacher_apps_boards_keep_every_label_readable_at_1280_by_720() -> None:
    """Fitted beside the panel in a 1280 × 720 window, no hex label or counter name of any
    prepared game's board is shown under 12 px, the room's least (the browser test,
    tests/test_browser_room.py, measures the page itself)."""
    from workbench.widgets.app import SMALLEST_SCREEN, TeacherApp
    from workbench.widgets.layout import ROOM_PX, shown_scale, smallest_label_px

    app = TeacherApp()
    plain = Stepper(PREPARED, at=0, size=40.0, theme="projector")
    assert smallest_label_px(plain.scene) * shown_scale(plain.scene, SMALLEST_SCREEN) < 8
    for game, path in every_prepared_game():
        app.game_picker.value = game
        app.what.value = ("record", path)
        stepper = app.open()
        for step in (0, len(stepper.steps)):
            stepper.go(step)
            shown = smallest_label_px(stepper.scene) * shown_scale(stepper.scene, SMALLEST_SCREEN)
            assert shown >= ROOM_PX, (path, step, shown)
    app.game_picker.value = "panzer-vor"
    app.what.value = dict(choices_for_app("panzer-vor"))["new game: mock-battle"]
    stepper = app.open()
    assert stepper.record.game == "panzer-vor" and stepper.record.options == {}


def test_a_notebooks_boards_are_drawn_for_its_output_and_shown_no_smaller() -> None:
    """In a notebook (no window given) the stepper, the explorer and the learner draw their
    boards no wider than the output area (JupyterLab's at 1280 × 720) with every label at
    9 px at least, and show them no smaller than drawn: the issue's "in notebooks every board
    label at least 9 px on screen" (the browser test measures the page itself)."""
    from workbench.render.fitting import NOTEBOOK_WIDTH
    from workbench.widgets import Explorer
    from workbench.widgets.layout import NOTEBOOK_PX, smallest_label_px
    from workbench.widgets.learn import Learner

    stepper = Stepper(PREPARED, at=0)  # a 20 × 16 map: 1,086 px at the old fixed size
    explorer = Explorer(ROOT / "maps/panzer-vor/scenarios/test-your-luck.json")
    learner = Learner("panzer-vor", "Moving")
    for scene, canvas in (
        (stepper.scene, stepper.canvas),
        (explorer.scene, explorer.canvas),
        (learner.scene, learner.canvas),
    ):
        assert NOTEBOOK_WIDTH - 20 <= scene.width <= NOTEBOOK_WIDTH
        assert smallest_label_px(scene) >= NOTEBOOK_PX
        assert canvas.layout.min_width == f"min({round(scene.width)}px, 100%)"
    assert learner.board.layout.min_width == learner.canvas.layout.min_width
    small = Stepper(ROOT / "maps/panzer-strike/games/flag-capture.json", at=0)
    assert small.size == 30.0 and small.scene.width < NOTEBOOK_WIDTH  # already fits: as it was
    fixed = Stepper(PREPARED, at=0, size=22.0)  # a size given is the size drawn
    assert fixed.size == 22.0


def test_a_series_board_is_fitted_again_when_its_match_begins_and_ends() -> None:
    """The Linked Scenarios open on the series' picture (a line of text); the first match's
    map takes its place on a canvas of the map's own size, fitted to the app's window with
    its labels readable (it was drawn on the picture's 640 × 86 canvas, cut off), and going
    back shows the picture again on its own canvas."""
    from workbench.widgets.app import SMALLEST_SCREEN, TeacherApp
    from workbench.widgets.layout import ROOM_PX, shown_scale, smallest_label_px

    app = TeacherApp()
    app.game_picker.value = "panzer-vor-linked"
    stepper = app.open()

    def canvas_fits() -> bool:
        scene = stepper.scene
        return (stepper.canvas.width, stepper.canvas.height) == (
            round(scene.width),
            round(scene.height),
        )

    picture = stepper.canvas.width, stepper.canvas.height
    while stepper.view.match_in_play(stepper.state) is None:
        stepper.extra.children[0].click()  # the first choice between matches
        assert stepper.cursor <= 20 and canvas_fits()
    assert (stepper.canvas.width, stepper.canvas.height) != picture
    shown = smallest_label_px(stepper.scene) * shown_scale(stepper.scene, SMALLEST_SCREEN)
    assert shown >= ROOM_PX, shown
    stepper.first()
    assert canvas_fits() and (stepper.canvas.width, stepper.canvas.height) == picture


def test_the_series_picture_between_matches_reads_in_a_notebook_and_in_the_app() -> None:
    """The Linked Scenarios' picture between matches is words alone: every one of them at
    least 9 px in a notebook (its theme, shown no smaller than drawn) and at least the app's
    own least (``ROOM_PX``) shown in the app at 1280 × 720; the least measured is its words',
    not the 8 px stand-in of a picture with no hex labels."""
    from workbench.render.scene import LAYERS, Text, Texts
    from workbench.widgets.app import SMALLEST_SCREEN, TeacherApp
    from workbench.widgets.layout import NOTEBOOK_PX, ROOM_PX, shown_scale, smallest_label_px

    def words_px(scene) -> list[float]:
        prims = (p for layer in LAYERS for p in scene.layer(layer))
        return [p.style.font_size for p in prims if isinstance(p, Text | Texts)]

    app = TeacherApp()
    app.game_picker.value = "panzer-vor-linked"
    in_app = app.open()
    notebook = Stepper(in_app.record, at=0)
    for stepper in (in_app, notebook):
        assert stepper.view.match_in_play(stepper.state) is None, "between matches"
    assert words_px(notebook.scene) and min(words_px(notebook.scene)) >= NOTEBOOK_PX
    assert smallest_label_px(notebook.scene) == min(words_px(notebook.scene))
    scale = shown_scale(in_app.scene, SMALLEST_SCREEN)
    assert min(words_px(in_app.scene)) * scale >= ROOM_PX
    assert smallest_label_px(in_app.scene) == min(words_px(in_app.scene))


def choices_for_app(game: str):
    from workbench.widgets.app import choices_for

    return choices_for(game)


def test_card_game_a_declared_tank_moves_where_a_hex_is_clicked_twice(card_stepper) -> None:
    from workbench.games.panzer_vor.rules.actions import Move as CardMove
    from workbench.games.panzer_vor.rules.match import Order

    stepper = card_stepper

    def declared_move(stepper: Stepper, n: int) -> bool:
        top = stepper.states[n - 1].top
        action = stepper.action_at(n)
        return (
            isinstance(top, Order)
            and top.stage == "move"
            and isinstance(action, CardMove)
            and not action.ability
            and action.to != hex_of_in(stepper.states[n - 1], action.tank)
        )

    n = first_step(stepper, declared_move)
    move = stepper.action_at(n)
    stepper.go(n - 1)
    card = stepper.state.top.card
    assert f"{move.tank} acts, click where the tank moves" in stepper.panel_text
    legal = {a.to for a in stepper.game.legal_actions(stepper.state) if isinstance(a, CardMove)}
    far = next(label for label in ("0101", "1620", "0120", "1601") if label not in legal)
    before = snapshot(stepper)
    stepper.click_cell(far)  # out of reach: refused, with the reach
    assert snapshot(stepper) == before and "Refused:" in stepper.panel_text
    assert f"{far} is not among the moves {move.tank} may end on {card}" in stepper.panel_text
    stepper.click_cell(move.to)  # the path, proposed; other end facings as buttons
    assert isinstance(stepper.proposed, CardMove) and stepper.proposed.to == move.to
    assert stepper.cursor == n - 1 and "MP (Moving: Movement)" in stepper.panel_text
    if stepper.proposed == move:
        stepper.click_cell(move.to)
    else:
        faces = {b.tooltip: b for b in stepper.extra.children}
        faces[str(move)].click()  # the recorded facing: the record goes on
    assert stepper.action_at(n) == move
    assert stepper.cursor >= n and len(stepper.steps) == len(workbench.load(CARD_GAME).steps)


def hex_of_in(state, tank: str) -> str:
    return state.board.map.grid.label(state.board.tank(tank).hex)


def play_by_clicks(stepper: Stepper, wanted) -> None:
    """Play ``wanted`` as a person would: a tank, a hex or a card clicked (twice, or once and
    then the button that names it), else the button that names it."""
    from workbench.games.panzer_vor.rules.actions import Discard, PlayCard, React, Select

    def press(action) -> bool:
        for button in stepper.extra.children:
            if button.tooltip == str(action):
                button.click()
                return True
        return False

    if isinstance(wanted, Select | Fire):
        where = hex_of(stepper, wanted.tank if isinstance(wanted, Select) else wanted.target)
        stepper.click_cell(where)
        assert stepper.proposed == wanted, (wanted, stepper.answer)
        stepper.click_cell(where)
    elif isinstance(wanted, Move):
        stepper.click_cell(wanted.to)
        if stepper.proposed == wanted:
            stepper.click_cell(wanted.to)
        else:
            assert press(wanted), (wanted, stepper.offered)
    elif isinstance(wanted, PlayCard | React | Discard) and not press(wanted):
        stepper.click_card(wanted.card)
        if stepper.proposed == wanted:
            stepper.click_card(wanted.card)
        else:
            assert press(wanted), (wanted, stepper.offered)
    elif not isinstance(wanted, PlayCard | React | Discard):
        assert press(wanted), (wanted, [b.tooltip for b in stepper.extra.children])


def test_card_game_the_whole_prepared_game_is_played_by_clicks_alone() -> None:
    """Every recorded choice of the prepared card game is made by clicks on the board, the
    hand and the buttons (the dice and the deck roll as recorded): the same record results."""
    from workbench.rules.core import CHANCE

    record = workbench.load(CARD_GAME)
    stepper = Stepper(record, at=0)
    wanted = [stepper.action_at(n) for n in range(1, len(record.steps) + 1)]
    while stepper.cursor < len(wanted):
        at = stepper.cursor
        if stepper.game.current_player(stepper.state) == CHANCE:
            stepper.roll()
        else:
            play_by_clicks(stepper, wanted[at])
        assert stepper.cursor > at, (at, wanted[at], stepper.panel_text)
        assert stepper.action_at(at + 1) == wanted[at]
    assert stepper.record == record


@pytest.mark.parametrize("game, path", every_prepared_game(), ids=lambda v: Path(v).stem)
def test_every_roll_of_a_prepared_game_shows_as_dice(game, path) -> None:
    # "for Panzer Strike and TANKS the dice as dice": the step of a roll shows its faces drawn
    # (pips, or Panzer Strike's numbers), one die per face rolled; other steps show none
    import re

    from workbench.render.dice import dice_of
    from workbench.rules.core import CHANCE

    stepper = Stepper(path, at=0)
    rolls = [n for n in range(1, len(stepper.states)) if dice_of(stepper.action_at(n))]
    assert rolls, "a prepared game rolls dice"
    for n in rolls:
        stepper.go(n)
        assert stepper.actor_at(n) == CHANCE
        faces = dice_of(stepper.action_at(n))
        label = re.search(r"aria-label='dice: ([0-9, ]+)'", stepper.step_card.value)
        assert label is not None and label.group(1) == ", ".join(str(f.value) for f in faces)
    quiet = next(n for n in range(1, len(stepper.states)) if n not in rolls)
    stepper.go(quiet)
    assert "The roll of this step" not in stepper.step_card.value


@pytest.mark.parametrize("name", ["panzer-vor-linked", "panzer-vor-tournament"])
def test_a_series_of_matches_steps_with_the_panzer_vor_view_of_the_match_in_play(name) -> None:
    # between matches: the series' choices as buttons; in a match: its board, hand and clicks
    from workbench.games.panzer_vor.rules.match import CardMatch
    from workbench.games.panzer_vor.widgets.series_view import SeriesView
    from workbench.rules.core import CHANCE, TERMINAL

    game = get_game(name)
    quick = {"setup": "quick"}  # each match's tanks placed quick: the clicks below need a tank
    stepper = Stepper.new(name, next(iter(game.scenarios().values())), seed=2, options=quick)
    assert isinstance(stepper.view, SeriesView)
    for _ in range(200):  # the choices before the first match, by their buttons
        if stepper.view.match_in_play(stepper.state) is not None:
            break
        who = game.current_player(stepper.state)
        assert who != TERMINAL
        if who == CHANCE:
            stepper.roll()
        else:
            buttons = stepper.view.buttons(game, stepper.state)
            assert buttons and all(b in game.legal_actions(stepper.state) for b in buttons)
            stepper.play(buttons[0])
    match = stepper.view.match_in_play(stepper.state)
    assert isinstance(match, CardMatch)
    assert stepper.view.status(game, stepper.state)[0].startswith(("match 1", "round "))
    side, cards = stepper.hand()
    assert side == match.side_to_act or not cards  # the hand of the side to decide
    mover = next(t for t in match.board.tanks if t.side == match.side_to_act)
    before = stepper.state
    stepper.click_cell(mover.hex)  # a click on the board: the match's view answers
    assert stepper.answer and stepper.state is before


def test_a_card_game_is_set_up_by_clicks_on_the_board_and_buttons() -> None:
    # setup played as choices: buying and the match type by buttons, obstacles and tanks
    # placed by clicking shaded hexes (twice: propose, then play); a click on a hex outside
    # the deployment area is refused by the rules and changes nothing
    from workbench.games.panzer_vor.rules.actions import Choose, Deploy
    from workbench.rules.core import CHANCE

    game = get_game("panzer-vor")
    stepper = Stepper.new("panzer-vor", "exhibition", seed=1)
    grid = stepper.state.board.map.grid
    refused_once = False
    for _ in range(400):
        state = stepper.state
        if state.phase != "setup" and not state.stack:
            break
        who = game.current_player(state)
        if who == CHANCE:
            stepper.roll()
            continue
        legal = list(game.legal_actions(state))
        on_map = [a for a in legal if isinstance(a, Deploy | Choose) and _is_hex(grid, a)]
        if not on_map:
            buttons = stepper.view.buttons(game, state)
            assert buttons, f"nothing to press at {stepper.panel_text}"
            stepper.play(buttons[0])
            continue
        assert not any(b in on_map for b in stepper.view.buttons(game, state)), "on the board"
        if isinstance(on_map[0], Deploy) and not refused_once:
            free = {a.to for a in on_map}
            outside = next(
                h for h in grid if grid.label(h) not in free and not state.board.tank_at(h)
            )
            stepper.click_cell(outside)
            assert stepper.refusal is not None and stepper.state is state
            refused_once = True
        where = on_map[0].to if isinstance(on_map[0], Deploy) else on_map[0].option
        stepper.click_cell(state.board.map.hex(where))
        assert stepper.state is state, "the first click proposes"
        stepper.click_cell(state.board.map.hex(where))
        assert len(stepper.steps) and stepper.state is not state, "the second click plays"
    assert refused_once
    assert not any(isinstance(a, Deploy) for a in game.legal_actions(stepper.state))
    assert stepper.state.board.tanks, "the tanks were placed by clicks"


def _is_hex(grid, action) -> bool:
    from workbench.games.panzer_vor.rules.actions import Deploy

    return grid.names_a_hex(action.to if isinstance(action, Deploy) else action.option)
