"""The stepper's views of the other games, driven without a browser: a click on a tank, on
where it should go (proposed, then played), and on an enemy (the shot's odds before any die,
then the shot)."""

from __future__ import annotations

from pathlib import Path

import workbench
from workbench.widgets.stepper import Stepper

ROOT = Path(__file__).resolve().parents[1]


def test_tanks_clicks_move_a_tank_to_the_legal_place_nearest_the_click() -> None:
    from workbench.games.tanks.rules.actions import Move

    lesson = workbench.load(ROOT / "maps/tanks/games/cover-and-critical.json")
    deployed = sum(step.action["type"] == "Deploy" for step in lesson.steps)  # the players'
    stepper = Stepper(lesson, at=deployed)
    assert type(stepper.view).__name__ == "TanksView"
    who = stepper.game.current_player(stepper.state)
    tank = next(t for t in stepper.state.tanks if t.side == who)
    x, y = tank.hull.centre
    stepper.click_cell(f"{x},{y}")
    assert "legal actions now" in stepper.panel_text
    assert any(label.endswith("stays") for label, _ in stepper.offered)
    stepper.click_cell(f"{x - 5},{y}")
    assert isinstance(stepper.proposed, Move) and stepper.cursor == deployed
    assert "Movement: Moving a Tank" in stepper.panel_text
    stepper.click_cell(f"{x - 5},{y}")
    assert stepper.cursor == deployed + 1 and isinstance(stepper.action_at(deployed + 1), Move)
    moved = next(t for t in stepper.state.tanks if t.id == tank.id)
    assert moved.hull.centre != (x, y)


def test_tanks_a_shot_at_a_tank_in_cover_is_shown_before_its_dice() -> None:
    from workbench.games.tanks.rules.actions import Shoot

    stepper = Stepper(ROOT / "maps/tanks/games/cover-and-critical.json")
    step = next(n for n, note in stepper.record.notes().items() if "cover" in note)
    shot = stepper.action_at(step)
    assert isinstance(shot, Shoot)
    stepper.go(step - 1)
    where = {t.id: t.hull.centre for t in stepper.state.tanks}
    stepper.click_cell("{},{}".format(*where[shot.tank]))
    stepper.click_cell("{},{}".format(*where[shot.target]))
    assert stepper.proposed == shot and stepper.cursor == step - 1
    assert "Cover" in stepper.panel_text and "Attack dice" in stepper.panel_text
    length = len(stepper.steps)
    stepper.click_cell("{},{}".format(*where[shot.target]))
    assert stepper.action_at(step) == shot and stepper.cursor > step, "its dice after it"
    assert len(stepper.steps) == length, "the recorded shot, played again, follows the record"


def test_panzer_strike_clicks_move_a_tank_and_show_a_shot_before_its_dice() -> None:
    from workbench.games.panzer_strike.rules.game import Move, Shoot

    stepper = Stepper(ROOT / "maps/panzer-strike/games/flag-capture.json", at=1)
    assert type(stepper.view).__name__ == "PanzerStrikeView"
    who = stepper.game.current_player(stepper.state)
    tank = next(t for t in stepper.state.tanks if t.side == who)
    stepper.click_cell(f"{tank.at.x},{tank.at.y}")
    assert "squares it may move to (shaded)" in stepper.panel_text
    move = next(
        a
        for a in stepper.game.legal_actions(stepper.state)
        if isinstance(a, Move) and a.tank == tank.id and tuple(a.to) != (tank.at.x, tank.at.y)
    )
    stepper.click_cell(f"{move.to[0]},{move.to[1]}")
    assert isinstance(stepper.proposed, Move) and stepper.cursor == 1
    assert any(label.startswith("die ") for label, _ in stepper.offered)
    stepper.click_cell(f"{move.to[0]},{move.to[1]}")
    assert stepper.cursor == 2 and isinstance(stepper.action_at(2), Move)
    # the recorded kill: the shot's odds shown before its dice
    shooter = Stepper(ROOT / "maps/panzer-strike/games/flag-capture.json")
    shot_step = next(
        n for n in range(1, len(shooter.steps) + 1) if isinstance(shooter.action_at(n), Shoot)
    )
    shooter.go(shot_step - 1)
    shot = shooter.action_at(shot_step)
    firer = next(t for t in shooter.state.tanks if t.id == shot.firer)
    target = next(t for t in shooter.state.tanks if t.id == shot.target)
    shooter.click_cell(f"{firer.at.x},{firer.at.y}")
    shooter.click_cell(f"{target.at.x},{target.at.y}")
    assert shooter.proposed == shot and "destroys with" in shooter.panel_text
    assert shooter.cursor == shot_step - 1, "nothing is played before the second click"


def test_panzer_vor_the_players_own_choices_are_offered_by_the_stepper() -> None:
    """Issue 49: HS0017's tank, Pravda's Additional Scenario Cards and characters, and the
    card discarded for Anzio's CV33s are actions of the player, drawn and clickable: a click
    on the card gives a button a choice, a choice being made is buttons beside the board."""
    from tests.panzer_vor_match import GAME, arranged, started
    from tests.test_panzer_vor_scenario_rules import _hs0017_ready
    from workbench.games.panzer_vor.rules.actions import Choose, Discard, PlayCard
    from workbench.games.panzer_vor.rules.match import Choice, Drawing, evolve
    from workbench.widgets.views import view_for

    view = view_for("panzer-vor")
    hs0017 = view.click_card(GAME, _hs0017_ready(), "HS0017", None)
    assert [a for _, a in hs0017.choices] == [
        PlayCard("HS0017", "Hetzer"), PlayCard("HS0017", "Type 89")]  # fmt: skip
    assert "play HS0017 (Type 89)" in [label for label, _ in hs0017.choices]
    pravda = started("pravda")
    while isinstance(pravda.top, Drawing):  # the starting hands are dealt first
        pravda = GAME.apply(pravda, GAME.chance_outcomes(pravda)[0][0]).state
    assert isinstance(pravda.top, Choice) and pravda.top.purpose == "pravda cards"
    assert view.buttons(GAME, pravda) == [Choose(c) for c in pravda.top.options]
    arrives = Choice("Pravda", "pravda rider arrives", ("Katyusha", "no character"), ("T-34",))
    riding = evolve(pravda, stack=(arrives,))
    assert view.buttons(GAME, riding) == [Choose("Katyusha"), Choose("no character")]
    waiting = started("anzio-revised", cv33_reinforcements=True).reserves["Anzio"]
    anzio = arranged("anzio-revised", hands={"Anzio": ("Full Speed Ahead!", "Fire")})
    anzio = evolve(anzio, reserves={"Anzio": waiting}, board=anzio.board.without(["CV33 2"]),
                   kills=(("Panzer IV Ausf. D", "CV33 2", "Anzio"),))  # fmt: skip
    anzio = evolve(anzio, total_cards=anzio.cards_accounted())
    discard = view.click_card(GAME, anzio, "Full Speed Ahead!", None)
    assert Discard("Full Speed Ahead!") in [discard.action, *(a for _, a in discard.choices)]
