"""The National Tournament's rules between matches, from the rulebook's words."""

from __future__ import annotations

import random

from workbench.games.panzer_vor.rules.tournament import (
    MAJOR,
    MATCHES,
    MINOR,
    Campaign,
    after_match,
    bracket,
    decide,
    force_limits,
    upgraded,
)


def test_the_linked_scenarios_are_played_in_order():
    # Overview: "Saunders, Anzio, Pravda, and Kuromorimine"
    assert [m.split("-")[0] for m in MATCHES] == ["saunders", "anzio", "pravda", "kuromorimine"]


def test_the_panzer_iv_and_38t_upgrade_one_rank_at_a_time():
    assert upgraded("Panzer IV Ausf. D", 2) == "Panzer IV Ausf. F2"  # never two ranks at once
    assert upgraded("Panzer IV Ausf. F2", 1) == "Panzer IV Ausf. H"
    assert upgraded("Panzer IV Ausf. D", 0) == "Panzer IV Ausf. D"
    assert upgraded("38 (t)", 1) == "Hetzer"


def test_character_growth_and_the_tank_schedule():
    crews = {"Panzer IV Ausf. D": "Goosefish Team", "Type 89": "Duck Team", "M3 Lee": "Rabbit Team"}
    won = after_match(Campaign(), True, {"Panzer IV Ausf. D": 2, "Type 89": 1}, crews, lost=1,
                      goosefish_picks=("Hana Isuzu", "Mako Reizei", "Saori Takebe"))  # fmt: skip
    assert isinstance(won, Campaign) and won.next_match == "anzio-revised"
    assert won.face_up == {"Hana Isuzu", "Mako Reizei", "Duck Team"}  # one member per kill
    assert "Panzer IV Ausf. F2" in won.tanks and "Char B1 bis" in won.tanks
    # more than half lost at Saunders: the Char B1 bis waits for Match 3
    late = after_match(Campaign(), True, {}, crews, lost=3)
    assert "Char B1 bis" not in late.tanks
    third = after_match(late, True, {}, crews, lost=2)  # two lost at Anzio: no Porsche Tiger
    assert "Char B1 bis" in third.tanks and "Porsche Tiger" not in third.tanks
    assert after_match(Campaign(), False, {}, crews, lost=0).startswith("the other player")


def test_a_bracket_of_sixteen_with_every_controlled_school():
    choices = {"Ann": (MAJOR[0], MINOR[0]), "Ben": (MAJOR[1], MINOR[1])}
    made = bracket(choices, random.Random(3))
    assert len(made.schools) == len(set(made.schools)) == 16
    assert {MAJOR[0], MINOR[0], MAJOR[1], MINOR[1]} <= set(made.schools)
    assert decide(made, MAJOR[0], MAJOR[1]) == "play"
    assert decide(made, MAJOR[0], MINOR[0]) == "choose"
    free = [s for s in made.schools if s not in made.controller]
    assert decide(made, MAJOR[0], free[0]) == MAJOR[0]  # wins without playing
    assert decide(made, free[0], free[1]) == "roll"


def test_forces_by_round():
    assert [force_limits(r)[:2] for r in (1, 2, 3, 4)] == [
        (100, 10),
        (100, 10),
        (150, 15),
        (200, 20),
    ]
    assert force_limits(1)[2] == 40


def test_the_next_match_is_played_with_the_campaigns_tanks_and_faces():
    from tests.panzer_vor_match import GAME, scenario
    from workbench.games.panzer_vor.rules.tournament import campaign_scenario

    crews = {"Panzer IV Ausf. D": "Goosefish Team", "Type 89": "Duck Team"}
    after = after_match(Campaign(), True, {"Panzer IV Ausf. D": 1, "Type 89": 1}, crews, 0,
                        goosefish_picks=("Hana Isuzu",))  # fmt: skip
    anzio = campaign_scenario(after, scenario(after.next_match))
    match = GAME.start(anzio, {"setup": "quick"})
    names = {t.name for t in match.tanks_of("Ōarai")}
    assert {"Panzer IV Ausf. F2", "Char B1 bis", "Type 89"} <= names
    faces = {c.name: c.face for c in match.crew if c.side == "Ōarai"}
    assert faces["Hana Isuzu"] == "front" and faces["Duck Team"] == "front"
    assert faces["Miho Nishizumi"] == "back" and faces["Turtle Team"] == "back"


def test_the_mallard_team_joins_from_match_3():
    from tests.panzer_vor_match import GAME, scenario
    from workbench.games.panzer_vor.rules.tournament import campaign_scenario

    second = after_match(Campaign(), True, {}, {}, 0)
    crew = {c.name for c in GAME.start(campaign_scenario(second, scenario("anzio-revised"))).crew}
    assert "Mallard Team" not in crew
    third = after_match(second, True, {}, {}, 0)
    crew = {c.name for c in GAME.start(campaign_scenario(third, scenario("pravda"))).crew}
    assert "Mallard Team" in crew


def test_the_campaigns_tanks_deploy_where_the_scenario_places_its_team():
    from tests.panzer_vor_match import GAME, scenario
    from workbench.games.panzer_vor.rules.tournament import campaign_scenario

    saunders = GAME.start(campaign_scenario(Campaign(), scenario("saunders")))
    assert saunders.board.map.grid.label(saunders.board.tank("Type 89").hex) == "0803"
    # Kuromorimine's Flag Tank is the Panzer IV of whatever rank the campaign brings
    final = Campaign(played=3, tanks=("Panzer IV Ausf. F2", "38 (t)", "Type 89"))
    sides = campaign_scenario(final, scenario("kuromorimine-stage-1")).sides
    oarai = next(s for s in sides if s.school == "Ōarai")
    assert [t.tank for t in oarai.tanks if t.flag] == ["Panzer IV Ausf. F2"]
