"""Building Your Platoon checked when a TANKS game starts (TANKS items 12 and 13): the point
limit, one Country, and a Tank card whose point value no source gives, each refused with
the rule's section; ``platoon_rules: "practice"`` skips the rules; ``card_points`` gives a
printed card's value."""

from __future__ import annotations

import pytest

from workbench import tanks
from workbench.games.tanks.boards.cards import MISSING_SOURCE, tanks_cards
from workbench.games.tanks.rules import sections
from workbench.games.tanks.rules.options import DEFAULT_POINT_LIMIT
from workbench.games.tanks.rules.platoons import CARD_POINTS_SOURCE, PlatoonTank, platoon_problems

BIG = ["Panther", "Panther", "Jagdpanther", "Panther"]  # 131 points


@pytest.fixture(scope="module")
def standard():
    return tanks.load_scenario("standard-table")


QUICK = {"table_setup": "given", "deployment": "quick"}  # the table's edges, placed at once


def test_a_platoon_over_the_point_limit_is_refused_at_start(standard):
    # Building Your Platoon: Point Limit: "Before a game, players agree on a set point limit
    # for their Platoons. Try playing your first few games at 50 points and build up to 100
    # points."
    assert sum(tanks_cards()[n].points for n in BIG) == 131 > DEFAULT_POINT_LIMIT
    platoons = {"German": BIG, "Soviet": ["IS-2"]}
    with pytest.raises(tanks.OptionError) as refused:
        tanks.start(standard, {"platoons": platoons})
    assert refused.value.option == "platoons"
    assert refused.value.section == sections.POINT_LIMIT
    assert "German: 131 points is over the limit of 100" in str(refused.value)
    assert "platoon_rules 'practice'" in str(refused.value)  # says how to play it anyway
    agreed = tanks.start(
        standard,
        {"platoons": platoons, "point_limit": 150, "table_setup": "given", "deployment": "quick"},
    )
    assert len(agreed.in_play("German")) == 4
    with pytest.raises(tanks.OptionError, match="over the limit of 50"):
        tanks.start(standard, {"point_limit": 50, "platoons": {"German": ["Panther", "Panther"],
                                                                "Soviet": ["T-34"]}})  # fmt: skip


def test_practice_skips_the_platoon_rules(standard):
    battle = tanks.start(
        standard,
        {
            "platoons": {"German": BIG, "Soviet": ["IS-2"]},
            "platoon_rules": "practice",
            "table_setup": "given",
            "deployment": "quick",
        },
    )
    assert [t.card.name for t in battle.in_play("German")].count("Panther") == 3


def test_the_default_platoons_and_barkmanns_corner_start_unchanged(standard):
    defaults = {o.name: o.default for o in tanks.options(standard)}
    assert tanks.start(standard).options == defaults  # every option, at its default
    corner = tanks.load_scenario("barkmanns-corner")
    # Your First Game: Barkmann's Corner gives the armies: no point limit applies
    assert next(o for o in tanks.options(corner) if o.name == "point_limit").default is None
    assert tanks.start(corner).options == {o.name: o.default for o in tanks.options(corner)}


def test_an_unknown_point_value_is_refused_until_the_players_give_it(standard):
    # Components: Tank Cards — Card Anatomy: "Point Value — This is how much the card costs to
    # add it to your army." The source lacks the ISU-122's: it is unknown, never 0 (free).
    isu = tanks_cards()["ISU-122"]
    assert isu.points is None and isu.source("points") == MISSING_SOURCE
    platoons = {"German": ["Panther"], "Soviet": ["ISU-122", "T-34"]}
    for rules in ("checked", "practice"):  # Panzer Ace's victory on time counts the points
        with pytest.raises(tanks.OptionError) as refused:
            tanks.start(standard, {"platoons": platoons, "platoon_rules": rules})
        assert refused.value.section == sections.POINT_LIMIT
        assert "ISU-122's point value is unknown" in str(refused.value)
        assert '{"card_points": {"ISU-122": ' in str(refused.value)  # how to give it
    battle = tanks.start(
        standard,
        {"platoons": platoons, "card_points": {"ISU-122": 31}, **QUICK},
    )
    given = next(t.card for t in battle.in_play("Soviet") if t.card.name == "ISU-122")
    assert given.points == 31 and given.source("points") == CARD_POINTS_SOURCE
    assert platoon_problems([PlatoonTank("ISU-122")], None)[0].section == sections.POINT_LIMIT


@pytest.mark.parametrize(
    "value, words",
    [
        ([("ISU-122", 30)], "a mapping"),
        ({"Tiger II": 30}, "no tank card 'Tiger II'"),
        ({"ISU-122": -1}, "ISU-122: -1"),
        ({"ISU-122": True}, "ISU-122: True"),
    ],
)
def test_bad_card_points_are_refused_naming_the_option(standard, value, words):
    with pytest.raises(tanks.OptionError) as refused:
        tanks.start(standard, {"card_points": value})
    assert refused.value.option == "card_points" and words in str(refused.value)


def test_bad_point_limits_and_platoon_rules_are_refused(standard):
    for options, named in (
        ({"point_limit": 0}, "point_limit"),
        ({"platoon_rules": "x"}, "platoon_rules"),
    ):
        with pytest.raises(tanks.OptionError) as refused:
            tanks.start(standard, options)
        assert refused.value.option == named
