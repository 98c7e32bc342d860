"""Panzer Vor!'s multiple-gun tanks (M3 Lee, Char B1 bis) declare the gun each Fire uses
(Firing: Multiple-gun Tanks): each gun a separate legal action, its own range and firepower,
the secondary gun when none is declared, a gun refused to a one-gun tank; in the text
notation, the OpenSpiel numbering and the stepper's view."""

from __future__ import annotations

from dataclasses import replace

import pytest

from tests.panzer_vor_match import GAME, arranged, play
from workbench.games import get_game
from workbench.games.panzer_vor.rules import sections as S
from workbench.games.panzer_vor.rules.actions import Fire, NoReaction, PlayCard, Select
from workbench.games.panzer_vor.rules.match import Shot, Window, evolve
from workbench.games.panzer_vor.rules.reactions import resolving_odds
from workbench.openspiel import action_space
from workbench.rules.core import IllegalAction
from workbench.rules.notation import notation, parse
from workbench.widgets.views import view_for

LEE = "M3 Lee"
NEAR, FAR = "M4 (75)", "M4 (75) 4"  # 5 hexes from 0615: both guns; 7 hexes: the main gun only
EAST = 1  # the Saunders map's hexside facing the Shermans' row from 0615


def through(match):
    while isinstance(match.top, Window):
        match = play(match, NoReaction())
    return match


def lee_firing(facing: int = EAST):
    """Saunders: Ōarai's M3 Lee at 0615 facing ``facing``, carrying out a Fire card."""
    match = arranged("saunders", hands={"Ōarai": ("Fire",)}, active=1)
    board = match.board
    lee = board.tank(LEE)
    board = board.with_tank(replace(lee, hex=board.map.hex("0615"), facing=facing))
    return play(through(play(evolve(match, board=board), PlayCard("Fire"))), Select(LEE))


def fires(match):
    return [a for a in GAME.legal_actions(match) if isinstance(a, Fire)]


def shot_of(match):
    return next(frame for frame in match.stack if isinstance(frame, Shot))


def test_a_multiple_gun_tank_chooses_its_gun_each_a_fire_of_its_own():
    # Firing: Multiple-gun Tanks: "When making an attack with a multiple-gun tank, you must
    # choose whether you are firing the main gun or the secondary gun - you must declare which
    # gun you are using before rolling the dice."
    match = lee_firing()
    offered = fires(match)
    assert Fire(LEE, NEAR, "main") in offered and Fire(LEE, NEAR, "secondary") in offered
    assert all(f.gun in ("main", "secondary") for f in offered)  # never undeclared
    fired = through(play(match, Fire(LEE, NEAR, "main")))
    assert shot_of(fired).gun == "main" and shot_of(fired).dice is None  # before the dice
    one_gun = arranged("saunders", hands={"Ōarai": ("Fire",)}, active=1)
    one_gun = play(through(play(one_gun, PlayCard("Fire"))), Select("Panzer IV Ausf. D"))
    assert all(f.gun == "" for f in fires(one_gun))  # a one-gun tank has no choice to make
    practice = get_game("panzer-vor-practice")
    state = practice.start(practice.load_scenario(practice.scenarios()["saunders"]), None)
    lee = state.board.tank(LEE)
    lee = replace(lee, hex=state.board.map.hex("0615"), facing=EAST)
    state = replace(state, board=state.board.with_tank(lee), active=state.order.index("Ōarai"))
    offered = [a for a in practice.legal_actions(state) if isinstance(a, Fire) and a.firer == LEE]
    assert [a.gun for a in offered if a.target == NEAR] == ["main", "secondary"]


def test_each_gun_fires_with_its_own_range_and_firepower():
    # Firing: Multiple-gun Tanks: "In order to represent this, the Firepower and Range for
    # these tanks are listed in an X/Y format. The first number is that of the main gun, the
    # second that of the secondary gun."
    match = lee_firing()
    main_gun, secondary_gun = match.board.tank(LEE).counter.guns
    assert main_gun.range > 6 >= secondary_gun.range  # the far Sherman: the main gun only
    far = [f.gun for f in fires(match) if f.target == FAR]
    assert far == ["main"]
    for gun, printed in (("main", main_gun), ("secondary", secondary_gun)):
        fired = through(play(match, Fire(LEE, NEAR, gun)))
        odds = resolving_odds(fired, shot_of(fired))
        assert odds.gun == printed and odds.which == gun
        assert (
            f"with the {gun} gun (range {printed.range}, firepower {printed.firepower})"
            in (odds.lines()[0])
        )
    main = resolving_odds(match, Shot(LEE, NEAR, gun="main"))
    secondary = resolving_odds(match, Shot(LEE, NEAR, gun="secondary"))
    assert main.destroy_given_hit > secondary.destroy_given_hit  # firepower 4 against 2


def test_a_fire_without_a_gun_declared_is_the_secondary_guns():
    # Firing: Multiple-gun Tanks: "If you fire without declaring, it is always assumed that
    # you are using the secondary gun."
    match = lee_firing()
    applied = GAME.apply(match, Fire(LEE, NEAR))
    said = [e.text.split(":")[0] for e in applied.events]
    assert "M3 Lee fires at M4 (75) with the secondary gun" in said
    assert shot_of(through(applied.state)).gun == "secondary"
    with pytest.raises(IllegalAction, match="range"):  # only the main gun reaches 7 hexes
        GAME.apply(match, Fire(LEE, FAR))
    old = GAME.action_from_json({"type": "Fire", "firer": LEE, "target": NEAR})  # a record
    assert old == Fire(LEE, NEAR, "")  # saved before guns were declared: its secondary gun


def test_a_one_gun_tank_declaring_a_gun_is_refused_with_the_reason():
    # Firing: Multiple-gun Tanks: "Some tanks - like the M3 Lee and the Char B1 - have
    # multiple guns." (the others have one gun, nothing to declare)
    match = arranged("saunders", hands={"Ōarai": ("Fire",)}, active=1)
    match = play(through(play(match, PlayCard("Fire"))), Select("Panzer IV Ausf. D"))
    target = fires(match)[0].target
    before = GAME.legal_actions(match)
    with pytest.raises(IllegalAction) as refused:
        GAME.apply(match, Fire("Panzer IV Ausf. D", target, "main"))
    assert "has one gun" in str(refused.value) and S.MULTIPLE_GUNS in str(refused.value)
    assert GAME.legal_actions(match) == before  # nothing changed
    with pytest.raises(ValueError, match="gun"):  # a gun no tank has, from a record
        GAME.action_from_json({"type": "Fire", "firer": LEE, "target": NEAR, "gun": "bow"})


def test_the_declared_gun_is_written_read_and_numbered():
    match = lee_firing()
    for fire in fires(match):
        text = notation(GAME, match, fire)
        assert (" with the main gun" in text) == (fire.gun == "main")
        assert parse(GAME, match, text) == fire
    assert parse(GAME, match, "m3 lee fires at m4 (75) with the main gun") == Fire(
        LEE, NEAR, "main"
    )
    space = action_space("panzer-vor", "saunders")
    numbers = [space.number(f, match) for f in fires(match)]
    assert len(set(numbers)) == len(numbers) and all(0 <= n < len(space) for n in numbers)
    assert [space.action(n, match) for n in numbers] == fires(match)


def test_the_stepper_shows_a_button_for_each_gun():
    match = lee_firing()
    view = view_for("panzer-vor")
    cell = match.board.tank(NEAR).hex
    offer = view.click(GAME, match, None, cell, LEE, None)
    assert sorted(a.gun for _, a in offer.choices) == ["main", "secondary"]
    assert any("main gun" in line for line in offer.lines)
    chosen = next(a for label, a in offer.choices if "secondary" in label)
    again = view.click(GAME, match, None, cell, LEE, chosen)
    assert again.action == chosen and again.commit  # a second click fires the gun chosen
    facing_away = lee_firing(facing=4)  # the fixed main gun cannot fire behind it
    offer = view.click(GAME, facing_away, None, cell, LEE, None)
    assert offer.action == Fire(LEE, NEAR, "secondary")
