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
    # Overview: "Play the Inter-school Matches in order of Saunders, Anzio, Pravda, and
    # Kuromorimine."
    assert [m.split("-")[0] for m in MATCHES] == ["saunders", "anzio", "pravda", "kuromorimine"]


def test_the_panzer_iv_and_38t_upgrade_one_rank_at_a_time():
    # Tank Upgrades: "The Ōarai Panzer IV is upgraded every time it destroys an enemy tank.
    # Whenever one or more enemy tanks are destroyed by the Panzer IV, increase its rank by 1
    # in the next match." "Panzer IV Upgrade: Ausf. D -> Ausf. F2 -> Ausf. H" "Even if it
    # destroys multiple tanks in a single scenario, it cannot be upgraded more than one rank at
    # a time. Similarly, when the 38 (t) destroys an enemy tank, it increases in rank to a
    # Hetzer in the next match." "38 (t) Upgrade: 38 (t) -> Hetzer"
    assert upgraded("Panzer IV Ausf. D", 2) == "Panzer IV Ausf. F2"  # never two ranks at once
    assert upgraded("Panzer IV Ausf. F2", 1) == "Panzer IV Ausf. H"
    assert upgraded("Panzer IV Ausf. D", 0) == "Panzer IV Ausf. D"
    assert upgraded("38 (t)", 1) == "Hetzer"


def test_character_growth_and_the_tank_schedule():
    # Character Growth: "Whenever any team besides the Goosefish Team destroys an enemy tank,
    # they begin the next match face-up (make a note of which team or teams will be turned
    # face-up). Whenever the tank piloted by the Goosefish Team destroys an enemy tank, you may
    # choose any one member of the team to begin the next match face-up for each enemy tank
    # destroyed (make a note of which characters will be turned face-up)." Ōarai Girls Academy
    # Tanks: "The Ōarai player may use the following tanks according to the following
    # schedule." "As above, plus the Char B1 bis (however, if you lost more than half your
    # tanks during the Saunders match, this tank only becomes available starting with Match
    # 3)" "Match 3: Pravda - As above, plus the Porsche Tiger (however, if you lost two or more
    # tanks during the Anzio match, this tank only becomes available starting with Match 4)"
    # "Match 4: Kuromorimine (Final Match) - As above, plus the Type 3 (however, if you lost
    # more than half of your tanks during the Pravda match, this tank is not available)"
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
    fourth = after_match(third, True, {}, crews, lost=0)
    assert "Porsche Tiger" in fourth.tanks and "Type 3" in fourth.tanks
    half = len(third.tanks) // 2 + 1  # more than half lost at Pravda: no Type 3
    assert "Type 3" not in after_match(third, True, {}, crews, lost=half).tanks
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
    # Creating Forces: "1st Round: 100 points (up to 10 tanks)" "2nd Round: 100 points (up to
    # 10 tanks)" "3rd Round: 150 points (up to 15 tanks)" "4th Round: 200 points (up to 20
    # tanks)"
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
    # Character Growth: "The Mallard Team may be used starting with Match 3, and the Anteater
    # and Leopon Teams may be used starting with Match 4. As such, if the Mallard Team is
    # successful in Match 3, they may be turned face-up starting with Match 4." "The counters
    # for the Mallard, Anteater, and Leopon Teams have white backgrounds on their reverse sides
    # instead of polka-dotted ones, and contain no abilities."
    from workbench.games.panzer_vor.rules.characters import ABILITIES

    assert all(ABILITIES[t].back == () for t in ("Mallard Team", "Anteater Team", "Leopon Team"))
    from tests.panzer_vor_match import GAME, scenario
    from workbench.games.panzer_vor.rules.tournament import campaign_scenario

    second = after_match(Campaign(), True, {}, {}, 0)
    crew = {c.name for c in GAME.start(campaign_scenario(second, scenario("anzio-revised"))).crew}
    assert "Mallard Team" not in crew
    third = after_match(second, True, {}, {}, 0)
    crew = {c.name for c in GAME.start(campaign_scenario(third, scenario("pravda"))).crew}
    assert "Mallard Team" in crew and not {"Anteater Team", "Leopon Team"} & crew
    fourth = after_match(third, True, {"Char B1 bis": 1}, {"Char B1 bis": "Mallard Team"}, 0)
    assert "Mallard Team" in fourth.face_up
    final = GAME.start(campaign_scenario(fourth, scenario("kuromorimine-stage-1")))
    faces = {c.name: c.face for c in final.crew}
    assert faces["Mallard Team"] == "front" and faces["Anteater Team"] == "back"


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
