"""The scenarios' Optional Rules switched on as options, each from the rulebook's words."""

from __future__ import annotations

from dataclasses import replace

import pytest

from tests.panzer_vor_match import GAME, scenario, started
from workbench.games.panzer_vor.rules import firing
from workbench.games.panzer_vor.rules.match import evolve
from workbench.games.panzer_vor.rules.tournament import GOOSEFISH
from workbench.rules.options import OptionError


def _crew(match):
    return {c.name: (c.tank, c.face) for c in match.crew}


def _adjacent(match, firer, target):
    """The match with ``firer`` next to ``target``, facing it."""
    board = match.board
    there = board.tank(target).hex
    for facing in range(6):
        spot = there.neighbor(facing)
        if spot in board.map.grid and board.tank_at(spot) is None:
            moved = replace(board.tank(firer), hex=spot, facing=(facing + 3) % 6)
            return evolve(match, board=board.with_tank(moved))
    raise AssertionError("no free hex next to the target")


# --- Anzio (Revised): CV33 ---------------------------------------------------------------------


def test_cv33_rule_takes_away_the_damage_bonus_within_three_hexes_when_switched_on():
    # "there is no Damage Roll bonus when the CV33 shoots from a within three hexes of a target"
    # Anzio (Revised): Optional Rules: "CV33: The CV33 is equipped with a machine gun which is
    # less effective against tank armor."
    def range_bonus(**options):
        match = _adjacent(started("anzio-revised", **options), "CV33", "38 (t)")
        odds = firing.odds(match.board, "CV33", "38 (t)")
        return [m.value for m in odds.damage_modifiers if m.name.startswith("range")]

    assert range_bonus() == [2]  # an Optional Rule: off unless the players switch it on
    assert range_bonus(cv33_machine_gun=True) == []
    assert "CV33" in started("anzio-revised", cv33_machine_gun=True).board.special_rules


def test_cv33_rule_defaults_to_the_scenario_files_own():
    listed = scenario("anzio-revised")
    in_force = replace(listed, optional_rules=("CV33",))
    (option,) = [o for o in GAME.options(in_force) if o.name == "cv33_machine_gun"]
    assert option.default is True and option.if_unwritten is True
    assert "CV33" not in GAME.start(in_force, {"setup": "quick", "cv33_machine_gun": False})\
        .board.special_rules  # fmt: skip


# --- Anzio (Revised): Balance adjustments ------------------------------------------------------


def test_balance_adjustment_for_oarai_gives_it_volleyball_club_comeback():
    # "If you feel that Ōarai is at a disadvantage, they can use the Volleyball Club Comeback!
    # Scenario Card."
    assert started("anzio-revised").scenario_cards["Ōarai"] == ()
    match = started("anzio-revised", balance_adjustment="oarai")
    assert match.scenario_cards["Ōarai"] == ("Volleyball Club Comeback!",)
    assert match.scenario_cards["Anzio"] == started("anzio-revised").scenario_cards["Anzio"]


def test_balance_adjustment_for_anzio_turns_every_team_but_goosefish_reverse():
    # "If you feel that Anzio is at a disadvantage, during the Scenario Setup use the Reverse
    # side of all Ōarai Teams except for the members of the Goosefish Team."
    crew = _crew(started("anzio-revised", balance_adjustment="anzio"))
    for team in ("Turtle Team", "Duck Team", "Hippo Team", "Rabbit Team"):
        assert crew[team][1] == "back", team
    assert all(crew[member] == ("Panzer IV Ausf. D", "front") for member in GOOSEFISH)
    assert crew["Anchovy"][1] == "front"  # Anzio's own characters as printed


def test_balance_adjustment_is_one_side_named():
    with pytest.raises(OptionError, match="balance_adjustment"):
        GAME.start(scenario("anzio-revised"), {"balance_adjustment": "both"})
    with pytest.raises(OptionError, match="balance_adjustment"):
        GAME.start(scenario("anzio-original"), {"balance_adjustment": "oarai"})  # Revised only


# --- Anzio (Original): Team Adjustments and Self-Sacrifice --------------------------------------


def test_team_adjustments_move_akiyama_to_the_b1_bis():
    # "The Ōarai player may move Yukari Akiyama from the Goosefish Team to the B1 bis."
    assert _crew(started("anzio-original"))["Yukari Akiyama"][0] == "Panzer IV Ausf. F2"
    crew = _crew(started("anzio-original", team_adjustments=["akiyama-to-b1-bis"]))
    assert crew["Yukari Akiyama"] == ("Char B1 bis", "front")
    assert crew["Miho Nishizumi"][0] == "Panzer IV Ausf. F2"
    assert "Carpaccio" in crew and "Carpaccio (+1 FP)" not in crew  # Anzio's is its own choice


def test_team_adjustments_give_anzio_the_revised_carpaccio_and_pepperoni_to_place():
    # "The Anzio player may substitute the revised versions of Carpaccio (+1 FP) and Pepperoni
    # (+2MP) for the original versions." Placed on tanks of the Anzio player's choice.
    options = {"team_adjustments": ["revised-carpaccio-and-pepperoni"]}
    match = GAME.start(scenario("anzio-original"), options)
    placing = [f.data[0] for f in match.stack if getattr(f, "purpose", "") == "character"]
    assert sorted(placing) == ["Carpaccio (+1 FP)", "Pepperoni (+2 MP)"]
    crew = _crew(started("anzio-original", **options))
    assert "Carpaccio (+1 FP)" in crew and "Pepperoni (+2 MP)" in crew and "Carpaccio" not in crew
    assert crew["Yukari Akiyama"][0] == "Panzer IV Ausf. F2"  # Ōarai's is its own choice


def test_self_sacrifice_replaces_volleyball_club_comeback_and_the_duck_team():
    # "You may replace the Volleyball Club Comeback! Scenario card with the Self-Sacrifice
    # Scenario card - if you do, replace the Duck Team with the Anteater Team (keep the Type 89
    # Tank though)."
    assert started("anzio-original").scenario_cards["Ōarai"] == ("Volleyball Club Comeback!",)
    match = started("anzio-original", self_sacrifice=True)
    assert match.scenario_cards["Ōarai"] == ("Self-Sacrifice",)
    crew = _crew(match)
    assert crew["Anteater Team"] == ("Type 89", "front") and "Duck Team" not in crew
