"""TANKS Crew and Upgrade cards as data a user supplies (TANKS item 16): the card file
format, loaded with the library's clear errors; the printed rules applied to the cards
(one card of each Type on a tank, Crew Slots, one of each Hero, the Country's or Global
cards, their points in the point limit and in Panzer Ace); face down to the opponent; no
effect applied. Every card here is made up to exercise the format: no card of the game."""

from __future__ import annotations

import json
import random
from dataclasses import replace

import pytest

import workbench
from workbench import tanks
from workbench.files import BoardFileError, save
from workbench.games.tanks.boards.crew import CrewCard, CrewCards
from workbench.games.tanks.rules import sections
from workbench.games.tanks.rules.game import _command
from workbench.games.tanks.rules.hidden import back_of

MADE_UP = {  # made-up cards, each named so
    "Made-up Commander": {"kind": "crew", "type": "Commander", "points": 4},
    "Made-up Gunner": {"kind": "crew", "type": "Gunner", "points": 5},
    "Made-up Loader": {"kind": "crew", "type": "Loader", "points": 2},
    "Made-up Driver": {"kind": "crew", "type": "Driver", "points": 3},
    "Made-up Gunner Two": {"kind": "crew", "type": "Gunner", "points": 5},
    "Made-up Ammo": {"kind": "upgrade", "type": "Ammo", "points": 3},
    "Made-up Hero": {
        "kind": "crew",
        "type": "Commander",
        "points": 6,
        "hero": True,
        "country": "German",
    },
    "Made-up US Hero": {
        "kind": "crew",
        "type": "Gunner",
        "points": 6,
        "hero": True,
        "country": "American",
    },
}
PLATOONS = {"German": ["StuG G", "Panzer IV"], "American": ["Sherman (75mm)"]}


@pytest.fixture(scope="module")
def standard():
    return tanks.load_scenario("standard-table")


def _start(standard, crew, **more):
    options = {
        "platoons": PLATOONS,
        "crew_cards": MADE_UP,
        "crew": crew,
        "table_setup": "given",
        "deployment": "quick",
        **more,
    }
    return tanks.start(standard, options)


def _refused(standard, crew, **more):
    with pytest.raises(tanks.OptionError) as refused:
        _start(standard, crew, **more)
    return refused.value


def test_a_card_file_loads_saves_and_feeds_a_game(tmp_path, standard):
    path = tmp_path / "my-cards.json"
    document = {"format": "workbench.cards.tanks/1", "name": "Made-up cards", "cards": MADE_UP}
    path.write_text(json.dumps(document), encoding="utf-8")
    cards = tanks.load_crew_cards(path)
    assert isinstance(cards, CrewCards) and cards.cards["Made-up Hero"].hero
    assert tanks.load_crew_cards(save(cards, tmp_path / "again.json")) == cards
    battle = tanks.start(standard, {"platoons": PLATOONS, "crew_cards": cards,
                                    "crew": {"German": [["Made-up Gunner"]]},
                                    "table_setup": "given", "deployment": "quick"})  # fmt: skip
    assert battle.options["crew_cards"] == MADE_UP  # kept as JSON, so a record holds them
    stug = next(t for t in battle.tanks if t.card.name == "StuG G")
    assert stug.crew == ("Made-up Gunner",)


@pytest.mark.parametrize(
    "entry, field",
    [
        ({"kind": "driver", "type": "Driver", "points": 1}, "kind"),
        ({"kind": "crew", "type": "Driver", "points": -1}, "points"),
        ({"kind": "crew", "points": 1}, "type"),
        ({"kind": "crew", "type": "Driver", "points": 1, "effect": "+1 die"}, "effect"),
    ],
)
def test_a_bad_card_is_refused_naming_the_file_and_field(tmp_path, entry, field):
    path = tmp_path / "bad.json"
    document = {"format": "workbench.cards.tanks/1", "name": "bad", "cards": {"X": entry}}
    path.write_text(json.dumps(document), encoding="utf-8")
    with pytest.raises(BoardFileError) as refused:
        tanks.load_crew_cards(path)
    assert "bad.json" in str(refused.value) and field in str(refused.value)
    with pytest.raises(tanks.OptionError) as option:  # the same check as a game option
        tanks.start(tanks.load_scenario("standard-table"), {"crew_cards": {"X": entry}})
    assert option.value.option == "crew_cards"


def test_a_file_of_another_kind_is_refused():
    with pytest.raises(BoardFileError, match=r"workbench\.cards\.tanks/1"):
        tanks.load_crew_cards(tanks.scenarios()["standard-table"])


def test_one_card_of_each_type_on_a_tank(standard):
    # Building Your Platoon: Upgrade and Crew Cards: "Each Crew and Upgrade card has a Type such
    # as Commander or Ammo."
    # Building Your Platoon: Upgrade and Crew Cards: "You can only take one of each Type of
    # Upgrade or Crew card on a single tank."
    refused = _refused(standard, {"German": [["Made-up Gunner", "Made-up Gunner Two"]]})
    assert refused.section == sections.UPGRADES and "two cards of type Gunner" in str(refused)
    _start(standard, {"German": [["Made-up Gunner"], ["Made-up Gunner Two"]]})


def test_crew_slots(standard):
    # Crew Slots: "Slip Crew cards underneath the Tank card, taking up one Crew Slot each."
    # Building Your Platoon: Crew Slots: "a tank with three crew slots can have a Commander,
    # Gunner, and Loader, but would not be able to add a further Driver since it would
    # already have three Crew members." (the StuG G has three; an Upgrade takes no slot)
    three = ["Made-up Commander", "Made-up Gunner", "Made-up Loader"]
    _start(standard, {"German": [[*three, "Made-up Ammo"]]})
    refused = _refused(standard, {"German": [[*three, "Made-up Driver"]]})
    assert refused.section == sections.CREW_SLOTS and "4 crew for 3 Crew Slots" in str(refused)


def test_one_of_each_hero_in_an_army(standard):
    # Building Your Platoon: Hero Crew Cards: "Players can only field one of each Hero Crew
    # card in their army."
    refused = _refused(standard, {"German": [["Made-up Hero"], ["Made-up Hero"]]})
    assert refused.section == sections.HEROES


def test_a_card_of_another_country(standard):
    # Components: Crew and Upgrades — Card Anatomy: "Country — This identifies which country can
    # use this card."
    # Building Your Platoon: Picking Your Country: "Jack cannot add the 'Jailbird' Boggs Crew
    # card because it has the US symbol."; Global Cards "can be taken by an army from any
    # country".
    refused = _refused(standard, {"German": [["Made-up US Hero"]]})
    assert refused.section == sections.GLOBAL_CARDS and "is a American card" in str(refused)
    _start(standard, {"German": [["Made-up Hero"]], "American": [["Made-up US Hero"]]})


def test_card_points_count_toward_the_point_limit(standard):
    # Components: Crew and Upgrades — Card Anatomy: "Point Cost — This is how much the card
    # costs to add it to your army." StuG G 15 + Panzer IV 17 = 32, + 4 + 5 = 41.
    crew = {"German": [["Made-up Commander"], ["Made-up Gunner"]]}
    refused = _refused(standard, crew, point_limit=40)
    assert refused.section == sections.POINT_LIMIT and "41 points" in str(refused)
    _start(standard, crew, point_limit=41)
    _start(standard, crew, point_limit=40, platoon_rules="practice")


def test_bad_crew_lists_are_refused_naming_the_option(standard):
    for crew, words in (
        ({"German": [["Made-up Gunner"], [], []]}, "at most one list per tank"),
        ({"German": [["No such card"]]}, "no card 'No such card'"),
        ({"Soviet": [[]]}, "sides of platoons"),
        ({"German": "Made-up Gunner"}, "a list of lists"),
    ):
        refused = _refused(standard, crew)
        assert refused.option == "crew" and words in str(refused), crew


def test_destroyed_tanks_count_their_cards_points_in_panzer_ace(standard):
    # Missions: Panzer Ace: "Include the points values of any Crew and Upgrade cards that
    # Destroyed tanks started the game with."
    battle = _start(standard, {"German": [["Made-up Commander", "Made-up Ammo"]]})
    stug = next(t for t in battle.tanks if t.card.name == "StuG G")
    wrecked = replace(stug, damage=stug.card.damage_capacity)
    battle = replace(
        battle, tanks=tuple(wrecked if t.id == stug.id else t for t in battle.tanks),
        phase="command",
    )  # fmt: skip
    after = _command(battle)
    assert after.destroyed_points["American"] == 15 + 4 + 3


def test_the_opponent_sees_each_card_face_down_with_its_point_cost(standard):
    # Components: Crew and Upgrade Cards: "These are usually hidden until used for the first
    # time." Crew and Upgrades — Card Anatomy: "Point Cost — This is how much the card costs to
    # add it to your army. This is printed on the back of the upgrade card as well."
    # Building Your Platoon: Upgrade and Crew Cards: "Upgrade and Crew cards start the game
    # face down so your opponent does not know what upgrades your tank has, but they can see
    # the point cost on the back of the cards."
    battle = _start(standard, {"German": [["Made-up Gunner", "Made-up Ammo"]]})
    own = tanks.observation(battle, "German")
    theirs = tanks.observation(battle, "American")
    stug = next(t for t in battle.tanks if t.card.name == "StuG G").id
    assert own.state.tank(stug).crew == ("Made-up Gunner", "Made-up Ammo")
    assert theirs.hidden and theirs.state.tank(stug).crew == (back_of(5), back_of(3))
    again = tanks.determinize(theirs, random.Random(1))
    assert tanks.observation(again, "American") == theirs
    drawn = again.tank(stug).crew
    assert {MADE_UP[n]["points"] for n in drawn} == {5, 3}  # a card of each cost drawn


def test_a_card_is_a_value_with_the_fields_of_its_anatomy():
    card = CrewCard("Made-up Loader", "crew", "Loader", 2)
    assert card.entry() == MADE_UP["Made-up Loader"]
    with pytest.raises(ValueError, match="kind"):
        CrewCard("X", "gunner", "Gunner", 1)


def test_a_record_keeps_the_cards_and_replays(standard, tmp_path):
    options = {"turn_limit": 2, "platoons": PLATOONS, "crew_cards": MADE_UP,
               "crew": {"German": [["Made-up Gunner"]]}}  # fmt: skip
    bots = {"German": tanks.random_player, "American": tanks.random_player}
    record = tanks.play(standard, bots, seed=3, options=options)
    back = workbench.load(record.save(tmp_path / "record.json"))
    assert {k: back.options[k] for k in record.options} == dict(record.options)
    assert tanks.replay(back)[-1] == tanks.replay(record)[-1]
