"""Each scenario's sheet as the rulebook prints it — the forces and their characters, where
they deploy, the flag marker, the starting hands, the Scenario Cards and the reinforcements —
against the match the workbench starts from the shipped scenario (issue 49: the rules
coverage map). Game Setup: "First, choose which Scenario you are going to play, and place the
counters (tanks and characters) on the map according to the details of the scenario."

A force line reads "<tank> [<counter label>] x <count> : <characters>", each character with
its side ("(Front)", "(Reverse)"; "(All Reverse)" for a group); the tank is found by the label
printed on its counter (the roster's aliases)."""

from __future__ import annotations

import functools
import re
from collections import Counter

import pytest

from tests.panzer_vor_match import GAME, scenario, started
from workbench.games.panzer_vor.formats.shipped import panzer_vor_roster
from workbench.games.panzer_vor.rules.match import CardMatch, Choice, Drawing

FACES = {"Front": "front", "Reverse": "back"}  # a counter's printed side, as a match holds it
GOOSEFISH = {"Miho Nishizumi": "Miho Nishizumi", "Takebe": "Saori Takebe", "Isuzu": "Hana Isuzu",
             "Akiyama": "Yukari Akiyama", "Reizei": "Mako Reizei"}  # fmt: skip

# Each side's force as printed, row by row of its table ("Tanks : Characters"; A Mock Battle!'s
# "Tank : Character"), side by side as the match names them.
FORCES = {
    ("st-gloriana", "Ōarai"): [
        "Panzer IV Ausf. D [PzIV D] x 1 : Goosefish Team [Miho Nishizumi (Front) / Takebe, "
        "Isuzu, Akiyama, Reizei (All Reverse)] - All on the same tank.",
        "Type 89 [Type89] x 1 : Duck Team (Reverse)",
        "StuG III Ausf. F - Fuurinkazan [StgIII'] x 1 : Hippo Team (Reverse)",
    ],
    ("st-gloriana", "St. Gloriana"): [
        "Churchill Mk. VII [Churchill] x 1 : Darjeeling (Front), Orange Pekoe (Front)",
        "Matilda II [Matilda II] x 4",
    ],
    ("saunders", "Ōarai"): [
        "Panzer IV Ausf. D [PzIV D] x 1 : Goosefish Team [Miho Nishizumi (Front) / Takebe, "
        "Isuzu, Akiyama, Reizei (All Reverse)] - All on the same tank.",
        "38 (t) [38t] x 1 : Turtle Team (Reverse)",
        "Type 89 [Type89] x 1 : Duck Team (Reverse)",
        "StuG III Ausf. F [Stg III] x 1 : Hippo Team (Reverse)",
        "M3 Lee [M3 Lee] x 1 : Rabbit Team (Reverse)",
    ],
    ("saunders", "Saunders"): [
        "M4A1 x 1: Kay (Front)",
        "M4 (75) [M4] x 8",
        "Sherman Firefly [Firefly] x 1 : Naomi (Front)",
    ],
    ("anzio-revised", "Ōarai"): [
        "Panzer IV Ausf. D [PzIV D] x 1 : Goosefish Team [Miho Nishizumi, Takebe, Isuzu, "
        "Akiyama, Reizei (All Front)] - All on the same tank.",
        "38 (t) [38t] x 1 : Turtle Team (Front)",
        "Type 89 [Type89] x 1 : Duck Team (Front)",
        "StuG III Ausf. F [Stg III] x 1 : Hippo Team (Front)",
        "M3 Lee [M3 Lee] x 1 : Rabbit Team (Front)",
    ],
    ("anzio-revised", "Anzio"): [
        "P40 x 1 : Anchovy (Front)",
        "Semovente [SV M41] x 1 : Carpaccio (+1 FP, Front)",
        "Semovente [SV M41] x 2",
        "CV33 x 1 : Pepperoni (+2 MP, Front)",
        "CV33 x 5",
    ],
    ("anzio-original", "Ōarai"): [
        "Panzer IV Ausf. F2 [PzIV F] x 1 : Goosefish Team [Miho Nishizumi, Takebe, Isuzu, "
        "Akiyama, Reizei (All Front)] - All on the same tank",
        "38 (t) [38t] x 1 : Turtle Team (Front)",
        "Type 89 [Type89] x 1 : Duck Team (Front)",
        "StuG III Ausf. F [Stg III] x 1 : Hippo Team (Front)",
        "M3 Lee [M3 Lee] x 1 : Rabbit Team (Front)",
        "Char B1 bis [B1 bis] x 1 : (no Team)",
    ],
    ("pravda", "Ōarai"): [
        "Panzer IV Ausf. F2 [PzIV F] x 1 : Goosefish Team [Miho Nishizumi, Takebe, Isuzu, "
        "Akiyama, Reizei (All Front)] - All on the same tank",
        "38 (t) [38t] x 1 : Turtle Team (Front)",
        "Type 89 [Type89] x 1 : Duck Team (Front)",
        "StuG III Ausf. F [Stg III] x 1 : Hippo Team (Front)",
        "M3 Lee [M3 Lee] x 1 : Rabbit Team (Front)",
        "Char B1 bis [B1 bis] x 1 : Mallard Team (Reverse)",
    ],
    ("pravda", "Pravda"): ["Tanks (No Characters): T-34/76 x 3, T-34/85 x 2"],
    ("kuromorimine-stage-1", "Ōarai"): [
        "Panzer IV Ausf. H [PzIV H] x 1 : Goosefish Team [Miho Nishizumi, Takebe, Isuzu, "
        "Akiyama, Reizei (All Front)] - All on the same tank",
        "Hetzer [Hetzer] x 1 : Turtle Team (Front)",
        "Type 89 [Type89] x 1 : Duck Team (Front)",
        "StuG III Ausf. F [Stg III] x 1 : Hippo Team (Front)",
        "M3 Lee [M3 Lee] x 1 : Rabbit Team (Front)",
        "Char B1 bis [B1 bis] x 1 : Mallard Team (Reverse)",
        "Porsche Tiger [P Tiger] x 1 : Leopon Team (Reverse)",
        "Type 3 [Type3] x 1 : Anteater Team (Reverse)",
    ],
    ("kuromorimine-stage-1", "Kuromorimine"): [
        "Tiger I [Tiger I] x 1 : Maho Nishizumi (Front)",
        "Tiger II [Tiger II] x 1 : Erika Itsumi (Front)",
        "Tiger II [Tiger II] x 1",
        "Panther [Panther] x 6",
        "Jagdpanther [Jagdpanther] x 1",
        "Jagdtiger [Jagdtiger] x 1",
        "Panzer IV/70 [Jagd PzIV] x 6",
        "Elefant [Elefant] x 1",
    ],
    ("kuromorimine-stage-2", "Kuromorimine"): [
        "Tanks: Maus [Maus] x 1, Panzer III Ausf. J [PzIII J] x 1",
    ],
    ("mock-battle", "Team A"): [
        "Panzer IV Ausf. F2 [PzIV F] x 1 : Miho Nishizumi (Front)",
        "StuG III Ausf. F [Stg III] x 1 : Saori Takebe (Front)",
    ],
    ("mock-battle", "Team B"): [
        "M4 x 1 : Yukari Akiyama (Front)",
        "Firefly x 1 : Hana Isuzu (Front)",
    ],
}

# The forces printed in part: the rest is bought or placed by choice (Anzio (Original)).
PART_FORCES = {("anzio-original", "Anzio"): ["P40 x 1 : Anchovy"]}

# Reinforcements as printed: the tanks that wait off the map, with the characters riding in.
REINFORCEMENTS = {
    ("st-gloriana", "Ōarai"): ["Reinforcements: Gold 38(t) [38t'] x 1: Turtle Team (Reverse)"],
    ("st-gloriana", "St. Gloriana"): ["Reinforcements: None"],
    ("pravda", "Pravda"): ["Tanks: T-34/76 x 4, T-34/85 x 4, KV-2 x 1, IS-2 x 1"],
}

# Starting hands as printed: the named cards in hand, then the random cards dealt.
HANDS = {
    ("st-gloriana", "Ōarai"): "Starting Hand: Repairs/Maintenance x 1 + 4 random cards from "
                              "the deck",
    ("st-gloriana", "St. Gloriana"): "Starting Hand: Move All Tanks x 1 + 4 random cards from the "
                                     "deck",
    ("saunders", "Ōarai"): "Starting Hand: Quick Shot x 1, Move/Fire x 1, + 3 random cards from "
                           "the deck",
    ("saunders", "Saunders"): "Starting Hand: Move All Tanks x 1, Move x 2, Move/Fire x 1, "
                              "Eavesdropping x 1 (Scenario Card)",
    ("anzio-revised", "Ōarai"): "Starting Hand: Move All Tanks x 1, Coordinated Move x 1, + 3 "
                                "random cards from the deck",
    ("anzio-revised", "Anzio"): "Starting Hand: Ricochet x 1, Move All Tanks x 1, + 3 random "
                                "cards from the deck",
    ("anzio-original", "Ōarai"): "Starting Hand: Move All Tanks x 1, + 4 random cards from the "
                                 "deck",
    ("anzio-original", "Anzio"): "Starting Hand: Move All Tanks x 2, Coordinated Move x 1, + 2 "
                                 "random cards from the deck",
    ("pravda", "Ōarai"): "Starting Hand: Full Speed Ahead! x 1, + 4 random cards from the deck",
    ("pravda", "Pravda"): "Starting Hand: Coordinated Move x 1, Recon x 1, + 3 random cards from "
                          "the deck",
    ("kuromorimine-stage-1", "Ōarai"): "Starting Hand: Move All Tanks x 1, Coordinated Move x 2, "
                                       "Move x 1 Emergency Stop x 1",
    ("kuromorimine-stage-1", "Kuromorimine"): "Starting Hand: Fire x 2, + 3 random cards from "
                                              "the deck",
}  # fmt: skip

SCENARIO_CARDS = {
    ("st-gloriana", "Ōarai"): "Scenario Cards: Ambush",
    ("anzio-revised", "Anzio"): "Scenario Cards: Operation: Macaroni, Childhood Friend",
    ("anzio-original", "Ōarai"): "Scenario Cards: Volleyball Club Comeback!",
    ("anzio-original", "Anzio"): "Scenario Cards: Trap",
    ("pravda", "Ōarai"): "Scenario Cards: Ceasefire, Goosefish Dance",
    ("kuromorimine-stage-2", "Ōarai"): "Scenario Cards: Any cards remaining from Stage 1 (do not "
                                       "replace used Scenario Cards), HS0017, Spirit of the "
                                       "Student Council, Super Strategy",
}  # fmt: skip

FLAGS = {  # "Flag Marker: ..." on the tank it names
    ("saunders", "Saunders"): ("Flag Marker: Place on the M4A1", "M4A1"),
    ("anzio-revised", "Ōarai"): ("Flag Marker: Place on the 38 (t)", "38 (t)"),
    ("anzio-revised", "Anzio"): ("Flag Marker: Place on the P40", "P40"),
    ("anzio-original", "Ōarai"): ("Flag Marker: Place on the StuG III", "StuG III Ausf. F"),
    ("anzio-original", "Anzio"): ("Flag Marker: Place on a P40.", "P40"),
    ("pravda", "Pravda"): ("Flag Marker: Place the flag marker on one of the T-34/76s", "T-34/76"),
    ("kuromorimine-stage-1", "Ōarai"): ("Flag Marker: Place on the Panzer IV Ausf. H",
                                        "Panzer IV Ausf. H"),
    ("kuromorimine-stage-1", "Kuromorimine"): ("Flag Marker: Place on the Tiger I", "Tiger I"),
    ("kuromorimine-stage-2", "Ōarai"): ("Flag Marker: Panzer IV Ausf. H", "Panzer IV Ausf. H"),
}  # fmt: skip


# --- reading a printed line ------------------------------------------------------------------
FORCE = re.compile(
    r"^(?P<tank>.+?)(?: \[(?P<label>[^\]]+)\])? x (?P<count>\d+)\s*(?::\s*(?P<crew>.*))?$"
)


def tank_name(name: str, label: str | None) -> str:
    return panzer_vor_roster().canonical(label or name)


def crew_of(text: str | None) -> frozenset[tuple[str, str]]:
    """The characters a force line puts on one tank, each with the side showing."""
    text = (text or "").removesuffix(".").removesuffix(" - All on the same tank").strip()
    if not text or text == "(no Team)":
        return frozenset()
    if text.startswith("Goosefish Team ["):
        found = set()
        for group in text.removeprefix("Goosefish Team [").rstrip("]").split(" / "):
            names, _, side = group.rpartition(" (")
            face = FACES[side.rstrip(")").removeprefix("All ")]
            found |= {(GOOSEFISH[n], face) for n in names.split(", ")}
        return frozenset(found)
    found = set()
    for entry in re.findall(r"[^,(]+(?:\([^)]*\))?", text):
        name, _, printed = entry.strip().partition(" (")
        *ability, side = printed.rstrip(")").split(", ") if printed else ["Front"]
        found.add((f"{name} ({ability[0]})" if ability else name, FACES[side]))
    return frozenset(found)


def force_of(lines: list[str]) -> Counter:
    """(tank, its characters) -> how many, for the printed lines."""
    force: Counter = Counter()
    for line in lines:
        line = re.sub(r"^(Reinforcements|Tanks(?: \(No Characters\))?): ", "", line)
        if line == "None":
            continue
        for part in [line] if " : " in line or ": " in line else line.split(", "):
            match = FORCE.match(part)
            assert match, part
            key = (tank_name(match["tank"], match["label"]), crew_of(match["crew"]))
            force[key] += int(match["count"])
    return force


def hand_of(line: str) -> tuple[Counter, int]:
    """The named cards and the number of random cards of a printed starting hand."""
    text = line.removeprefix("Starting Hand: ").replace(" (Scenario Card)", "")
    named = Counter({name.strip(" ,+"): int(n) for name, n in
                     re.findall(r"([A-Za-z/!' -]+?) x (\d+)", text)})  # fmt: skip
    random = re.search(r"(\d+) random cards from the deck", text)
    return named, int(random[1]) if random else 0


# --- the match the workbench starts ----------------------------------------------------------
@functools.cache
def quick(name: str) -> CardMatch:
    return started(name)


@functools.cache
def chosen(name: str) -> CardMatch:
    """The match set up by the players' choices (the default): the setup choices wait."""
    return GAME.start(scenario(name))


def crew_on_board(match: CardMatch, tank_id: str, riders: bool = False) -> frozenset:
    crew = (c for c in match.crew if (c.arrives_with if riders else c.tank) == tank_id)
    return frozenset((c.name, c.face) for c in crew)


def side_force(match: CardMatch, side: str) -> Counter:
    return Counter((t.name, crew_on_board(match, t.id)) for t in match.tanks_of(side))


def positions(match: CardMatch) -> dict[str, Choice]:
    return {c.side: c for c in match.stack if isinstance(c, Choice) and c.purpose == "position"}


def labels(match: CardMatch, hexes) -> set[str]:
    return {match.board.map.grid.label(h) for h in hexes}


# --- the tests -------------------------------------------------------------------------------
@pytest.mark.parametrize(("name", "side"), sorted(FORCES))
def test_each_force_starts_with_its_printed_tanks_and_characters(name, side):
    # Characters: "When a character's counter has both a front and a back side, the scenario
    # will tell you which one to use at the start of the match."
    assert side_force(quick(name), side) == force_of(FORCES[name, side])


def test_a_force_printed_in_part_holds_its_printed_tank():
    # Anzio (Original): "P40 x 1 : Anchovy" (a character printed without a side is face up);
    # the rest of the force is bought ("up to nine tanks totaling up to 80 points")
    match = chosen("anzio-original")
    for (name, side), lines in PART_FORCES.items():
        waiting = GAME.start(scenario(name)).undeployed[side]
        have = Counter((t.name, crew_on_board(match, t.id, riders=True)) for t in waiting)
        assert all(have[key] >= n for key, n in force_of(lines).items())


def test_a_crew_of_several_characters_rides_one_tank():
    # Counter Types: "There may also be scenarios that call for multiple characters to form a
    # single tank crew)." Goosefish Team's five and Darjeeling with Orange Pekoe each share a tank.
    match = quick("st-gloriana")
    carried = Counter(c.tank for c in match.crew if c.tank)
    assert sorted(carried.values())[-2:] == [2, 5]


@pytest.mark.parametrize(("name", "side"), sorted(REINFORCEMENTS))
def test_reinforcements_wait_off_the_map_with_their_riders(name, side):
    match = quick(name)
    waiting = match.reserves.get(side, ())
    have = Counter((t.name, crew_on_board(match, t.id, riders=True)) for t in waiting)
    expected = force_of(REINFORCEMENTS[name, side])
    if name == "pravda":  # Katyusha and Nonna ride in on reinforcements of Pravda's choice
        have = Counter({(tank, frozenset()): n for (tank, _), n in have.items()})
    assert have == expected


@pytest.mark.parametrize(("name", "side"), sorted(HANDS))
def test_each_starting_hand_holds_its_named_cards_then_the_random_ones_are_dealt(name, side):
    # Game Setup: "Starting hand size varies according to the scenario."
    named, random = hand_of(HANDS[name, side])
    match = quick(name)
    assert Counter(match.hand(side)) == named
    deals = [f for f in match.stack if isinstance(f, Drawing) and f.deal and f.side == side]
    assert sum(f.count for f in deals) == random


def test_the_mock_battle_hands_are_drawn_in_each_players_first_draw_phase():
    # A Mock Battle!: "Starting Hand: None (Draw 5 cards in the player's first Draw Phase)"
    # (Team A and Team B alike); Test Your Luck!: "Player Tanks/Deployment/Starting Hand:
    # Panzer IV Ausf. D [PzIV D] x 1, Ōarai Station (hex 0802), None (0 cards)"
    match = quick("mock-battle")
    assert match.hands == {"Team A": (), "Team B": ()}
    assert match.top == Drawing("Team B", 5, draw_phase=True)  # Team B acts first
    assert match.first_draw["Team A"] == 5
    luck = quick("test-your-luck")
    (tank,) = luck.tanks_of("Ōarai")
    assert tank.name == "Panzer IV Ausf. D" and luck.board.map.grid.label(tank.hex) == "0802"
    assert luck.hand("Ōarai") == () and luck.top == Drawing("Ōarai", 1, draw_phase=True)


@pytest.mark.parametrize(("name", "side"), sorted(SCENARIO_CARDS))
def test_each_side_holds_its_printed_scenario_cards_face_up(name, side):
    # Game Setup: "Depending on the scenario, you may start the game with Scenario Cards."
    # Scenarios: Scenario Cards: "During set up, place any Scenario cards allocated to your
    # team face-up in front of you, separate from your hand."
    printed = SCENARIO_CARDS[name, side].removeprefix("Scenario Cards: ")
    printed = re.sub(r"Any cards remaining from Stage 1 \([^)]*\), ", "", printed)
    cards = printed.split(", ")
    match = quick(name)
    assert sorted(match.scenario_cards[side]) == sorted(cards)
    assert not set(cards) & set(match.hand(side))


@pytest.mark.parametrize(("name", "side"), sorted(FLAGS))
def test_the_flag_marker_is_on_the_printed_tank(name, side):
    _, tank = FLAGS[name, side]
    match = quick(name)
    assert [t.name for t in match.tanks_of(side) if t.flag] == [tank]


@pytest.mark.parametrize("name", ["saunders", "pravda"])
def test_a_flag_marker_of_the_players_choice_is_a_setup_choice(name):
    # Saunders: "Flag Marker: Place the Ōarai Flag marker on a tank of your choice (in the anime
    # the 38 (t) was the Flag Tank)"; Pravda: "Flag Marker: Place the Flag Marker on any tank of
    # your choice (in the anime it was the Type 89)"
    match = chosen(name)
    assert Choice("Ōarai", "flag marker", ()) in match.stack


def hexes_within(match: CardMatch, centre: str, reach: int) -> set[str]:
    grid = match.board.map.grid
    return {grid.label(h) for h in grid if h.distance(match.board.map.hex(centre)) <= reach}


def test_each_side_deploys_where_its_sheet_says():
    gloriana = positions(chosen("st-gloriana"))
    # "Deployment: All tanks deploy within two hexes of hex 0206 (Ōarai Resort Outlet)"
    assert set(gloriana["Ōarai"].options) == hexes_within(chosen("st-gloriana"), "0206", 2)
    # "Deployment: All tanks deploy in any hexes east of row XX16"
    assert {int(label[2:]) for label in gloriana["St. Gloriana"].options} == {17, 18, 19, 20}
    mock = chosen("mock-battle")
    # "Deployment: Both tanks deploy anywhere within two hexes of hex 1011"
    assert set(positions(mock)["Team B"].options) == hexes_within(mock, "1011", 2)
    saunders = chosen("saunders")
    placed = {t.name: saunders.board.map.grid.label(t.hex) for t in saunders.board.tanks}
    assert placed == {"Type 89": "0803", "M4A1": "0701"}  # "Type 89: Hex 0803", "M4A1: Hex 0701"
    area = positions(saunders)
    # "Other Tanks: Any other hexes marked with the Ōarai Girls Academy symbol (0813 - 1413)"
    assert set(area["Ōarai"].options) - {"0803"} == {f"{c:02d}13" for c in range(8, 15)}
    # "Other Tanks: Any other hexes marked with the Saunders University High School symbol"
    zone = labels(saunders, saunders.board.map.zone("Saunders deployment"))
    assert set(area["Saunders"].options) == zone
    # Anzio (Revised): "All Tanks: Place on any Ōarai hexes", "All Tanks: Place on any Anzio
    # hexes"; Pravda and Kuromorimine: "All Tanks: Any hexes marked with the Ōarai Girls Academy
    # symbol", "All Tanks: Any hexes marked with the Pravda High School symbol", "All Tanks: Any
    # hexes with the Kuromorimine Girls Academy symbol."
    for name in ("anzio-revised", "pravda", "kuromorimine-stage-1"):
        match = chosen(name)
        for side, choice in positions(match).items():
            assert set(choice.options) == labels(match, match.board.map.zone(f"{side} deployment"))
    # Anzio (Original): "All Tanks: See Diagram (Anzio at top, Ōarai at bottom)", "All Tanks: See
    # Diagram" (the diagram is not reproduced: the first and last rows stand in, as noted)
    original = chosen("anzio-original")
    area = positions(original)
    assert set(area["Ōarai"].options) == labels(original, original.board.map.zone("Bottom row"))
    assert set(area["Anzio"].options) == labels(original, original.board.map.zone("Top row"))
    # Kuromorimine Stage 2: "All Tanks: Start from hex 1019 (see the Scenario Rules below)",
    # "Maus: Hex 0417"
    stage_2 = chosen("kuromorimine-stage-2")
    assert positions(stage_2)["Ōarai"].options == ("1019",)
    maus = stage_2.board.tank("Maus")
    assert stage_2.board.map.grid.label(maus.hex) == "0417"


def test_test_your_luck_places_the_enemy_tanks_on_their_printed_hexes():
    # "Enemy Tank Deployment: Matilda [Matilda II] (0718), M4 (1215), T34/76 (0507)"
    # "Each enemy tank deploys facing the hex-side along which the hex number is written."
    # (which hex-side that is only the printed map shows: facing 0 is the file's labelled
    # stand-in, named in its notes)
    match = quick("test-your-luck")
    placed = {t.name: match.board.map.grid.label(t.hex) for t in match.tanks_of("Other")}
    assert placed == {"Matilda II": "0718", "M4 (75)": "1215", "T-34/76": "0507"}
    assert {t.facing for t in match.tanks_of("Other")} == {0}
    assert any("stand-in" in note and "hex number" in note for note in scenario(
        "test-your-luck").notes)  # fmt: skip


def test_the_two_versions_of_carpaccio_and_pepperoni():
    # Anzio (Revised): "Characters: There are two versions of Carpaccio and Pepperoni - use
    # Carpaccio with +1 FP and Pepperoni with +2 MP on their Front sides for this Scenario (the
    # other versions are used for the original Anzio scenario, which can be found on page 38)."
    # Anzio (Original): "NOTE: Use the original versions of Carpaccio and Pepperoni (without the
    # +1 FP and +2 MP on the Front of the counters) for this version of the scenario."
    revised = {c.name: c.abilities for c in quick("anzio-revised").crew if c.side == "Anzio"}
    assert [(a.kind, a.value) for a in revised["Carpaccio (+1 FP)"]] == [("damage", 1)]
    assert [(a.kind, a.value) for a in revised["Pepperoni (+2 MP)"]] == [("movement", 2)]
    original = {c.name for c in quick("anzio-original").crew if c.side == "Anzio"}
    assert original == {"Anchovy", "Carpaccio", "Pepperoni"}


def test_anzio_original_is_set_up_on_the_blank_map_as_the_exhibition():
    # Anzio (Original): Setting Up the Map: "This scenario uses a blank map that is set up in the
    # same manner as in the Exhibition scenario." (its obstacles come from a diagram the text
    # does not reproduce: the scenario's notes say so)
    assert quick("anzio-original").board.map == quick("exhibition").board.map
    assert any("diagram" in note for note in scenario("anzio-original").notes)
