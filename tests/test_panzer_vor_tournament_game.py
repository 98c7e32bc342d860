"""Tournament Play as one game ("panzer-vor-tournament"), from the rulebook's words
(The National Tournament: Tournament Play). The conformance playouts and the record's save
and replay run for it in test_conformance (it is a shipped game)."""

from __future__ import annotations

import functools
from dataclasses import replace
from fractions import Fraction

import pytest

import workbench
from workbench.games import get_game
from workbench.games.panzer_vor.rules.actions import Die
from workbench.games.panzer_vor.rules.ending import CardGameEnd
from workbench.games.panzer_vor.rules.match import evolve
from workbench.games.panzer_vor.rules.tournament import MAJOR, MINOR
from workbench.games.panzer_vor.rules.tournament_game import (
    Advance,
    ChooseSchool,
    DrawSchool,
    TournamentEnd,
    _match_over,
    exhibition_for,
)
from workbench.rules.core import CHANCE, TERMINAL, IllegalAction, Outcome, replay
from workbench.rules.options import OptionError
from workbench.rules.play import play

GAME = get_game("panzer-vor-tournament")
OARAI, GLORIANA, SAUNDERS, ANZIO, PRAVDA, KURO = MAJOR
SCHOOLS = {"Player 1": [OARAI, MINOR[0]], "Player 2": [KURO, MINOR[1]]}


@functools.cache
def exhibition():
    return workbench.load(GAME.scenarios()["exhibition"])


def apply_all(state, *actions):
    for action in actions:
        state = GAME.apply(state, action).state
    return state


def drawn(order, left_out=None):
    """The tournament of SCHOOLS with the bracket drawn in ``order`` (first spots first)."""
    state = GAME.start(exhibition(), {"schools": SCHOOLS})
    rest = [s for s in (*MAJOR, *MINOR) if s not in order]
    out = left_out or next(s for s in rest if s not in (OARAI, KURO, *MINOR[:2]))
    rest.remove(out)
    return apply_all(state, DrawSchool(out), *(DrawSchool(s) for s in (*order, *rest)))


PRINTED_MAJOR = [
    "Ōarai Girls Academy",
    "St. Gloriana Girls College",
    "Saunders University High School",
    "Anzio High School",
    "Pravda Girls High School",
    "Kuromorimine Girls Academy",
]
PRINTED_MINOR = ["Chi-Ha-Tan Academy", "Maginot Girls Academy", "Bonple High School",
                 "Viking Fisheries High School", "Yogurt Academy", "Koala Forest Academy",
                 "Maple High School", "Jatkosota High School", "Waffle Academy",
                 "BC Freedom Academy", "Blue Division High School"]  # fmt: skip


def test_each_player_chooses_a_major_school_then_a_minor_school():
    # Tournament Play: Overview: "Each player participating in the game chooses one of the six
    # Major Schools below:" (PRINTED_MAJOR) "They then choose one of the Minor Schools below:"
    # (PRINTED_MINOR) "The players may choose schools in whichever method they wish. They may
    # rock-paper-scissors to decide the order, draw flag markers at random, or use any other
    # method that they wish." (the players choose in turn; the option schools gives them all)
    assert list(MAJOR) == PRINTED_MAJOR and list(MINOR) == PRINTED_MINOR
    state = GAME.start(exhibition())
    assert GAME.current_player(state) == "Player 1"
    assert {a.school for a in GAME.legal_actions(state)} == set(MAJOR)
    with pytest.raises(IllegalAction):
        GAME.apply(state, ChooseSchool(MINOR[0]))  # the Major Schools first
    state = apply_all(state, ChooseSchool(OARAI))
    assert GAME.current_player(state) == "Player 2"
    assert ChooseSchool(OARAI) not in GAME.legal_actions(state)  # no school twice
    state = apply_all(state, ChooseSchool(KURO))
    assert {a.school for a in GAME.legal_actions(state)} == set(MINOR)
    state = apply_all(state, ChooseSchool(MINOR[3]), ChooseSchool(MINOR[4]))
    assert state.controller == {OARAI: "Player 1", KURO: "Player 2", MINOR[3]: "Player 1",
                                MINOR[4]: "Player 2"}  # fmt: skip
    # the bracket is drawn at random: first the one school of seventeen left out
    assert GAME.current_player(state) == CHANCE
    outcomes = GAME.chance_outcomes(state)
    assert len(outcomes) == 13 and {p for _, p in outcomes} == {Fraction(1, 13)}
    assert all(a.school not in state.controller for a, _ in outcomes)


def test_the_bracket_holds_sixteen_schools_with_every_players_school():
    # Overview: "Next, create a tournament bracket using all sixteen schools using the image
    # (not reproduced here) as a guide. Fill in each spot on the bracket by picking each of the
    # schools' flag markers at random. Once the bracket has been created, play out each match
    # in order." (seventeen are named: one nobody controls is left out at random)
    state = GAME.start(exhibition(), {"schools": SCHOOLS})
    state = apply_all(state, DrawSchool(MINOR[10]))
    outcomes = GAME.chance_outcomes(state)
    assert len(outcomes) == 16 and outcomes[0][1] == Fraction(1, 16)
    state = apply_all(state, *(DrawSchool(s) for s in (*MAJOR, *MINOR[:10])))
    assert state.round == 1 and len(state.alive) == 16 and MINOR[10] not in state.alive
    assert {OARAI, KURO, MINOR[0], MINOR[1]} <= set(state.alive)
    assert state.alive[:4] == (OARAI, GLORIANA, SAUNDERS, ANZIO)  # the order drawn


def test_a_players_school_against_nobodys_goes_on_without_playing():
    # Tournament Progression: "When one of the schools participating in a match is controlled
    # by one of the players and the other school is not, the school controlled by the player
    # wins without playing a match."
    state = drawn([OARAI, GLORIANA, KURO, SAUNDERS])
    first, second = state.results[:2]
    assert first.schools == (OARAI, GLORIANA) and first.winner == OARAI
    assert second.schools == (KURO, SAUNDERS) and second.winner == KURO


def test_two_schools_of_nobody_roll_a_die():
    # Tournament Progression: "When the two schools participating in a match are not
    # controlled by any player, determine the victor by rolling a die, rather than by playing a
    # match."
    state = drawn([GLORIANA, SAUNDERS])
    assert state.step == "roll" and GAME.current_player(state) == CHANCE
    assert [a for a, _ in GAME.chance_outcomes(state)] == [Die(v) for v in range(1, 7)]
    low = GAME.apply(state, Die(3)).state
    high = GAME.apply(state, Die(4)).state
    assert low.results[0].winner == GLORIANA and high.results[0].winner == SAUNDERS


def test_one_players_two_schools_the_player_chooses_the_winner():
    # Tournament Progression: "When the two schools participating in a match are both
    # controlled by the same player, the controlling player chooses which school wins without
    # playing a match."
    state = drawn([OARAI, MINOR[0]])
    assert state.step == "choose" and GAME.current_player(state) == "Player 1"
    assert set(GAME.legal_actions(state)) == {Advance(OARAI), Advance(MINOR[0])}
    after = GAME.apply(state, Advance(MINOR[0])).state
    assert after.results[0].winner == MINOR[0]


def test_two_players_schools_play_an_exhibition_match_with_the_rounds_forces():
    # Tournament Progression: "Each match takes the form of the Exhibition scenario. When the
    # two schools participating in a match are each controlled by one of the players, the
    # controlling players play out the match against each other." Creating Forces: "The total
    # point value and number of tanks depends on which round of the match it is."
    state = drawn([OARAI, KURO])
    assert state.step == "match"
    assert set(state.match.order) == {"Ōarai", "Kuromorimine"}
    assert GAME.current_player(state) in ("Player 1", "Player 2", CHANCE)
    roster = exhibition().counters
    scenario = exhibition_for(state)
    for side, school in zip(scenario.sides, ("Ōarai", "Kuromorimine"), strict=True):
        assert side.purchase.points == 100 and side.purchase.max_tanks == 10  # 1st Round
        assert all(roster.get(n).school == school for n in side.purchase.tanks)
        assert all(roster.get(n).points <= 40 for n in side.purchase.tanks)  # no Maus
    assert exhibition_for(replace(state, round=3)).sides[0].purchase.points == 150
    won = _match_over(replace(state, match=evolve(
        state.match, ended=Outcome(CardGameEnd.FLAG, "Kuromorimine"))), [])  # fmt: skip
    assert won.results[0].winner == KURO and won.results[0].schools == (OARAI, KURO)
    again = _match_over(replace(state, match=evolve(
        state.match, ended=Outcome(CardGameEnd.STAGNANT_DRAW, None))), [])  # fmt: skip
    assert again.step == "match" and not again.results  # a drawn match is played again


def test_option_drawn_replays_lets_a_die_decide_a_match_drawn_that_often():
    # "The winner of the match may proceed to the next match in the tournament." A drawn
    # match is played again (a reading); option drawn_replays bounds how often, then "determine
    # the victor by rolling a die" as for two schools nobody controls
    state = replace(drawn([OARAI, KURO]), options=(("drawn_replays", 1), ("schools", SCHOOLS)))

    def draw_it(state):
        ended = evolve(state.match, ended=Outcome(CardGameEnd.STAGNANT_DRAW, None))
        return _match_over(replace(state, match=ended), [])

    again = draw_it(state)
    assert again.step == "match" and again.replays == 1  # played again once
    rolled = draw_it(again)
    assert rolled.step == "roll" and GAME.current_player(rolled) is CHANCE
    assert [a for a, _ in GAME.chance_outcomes(rolled)] == [Die(v) for v in range(1, 7)]
    after = GAME.apply(rolled, Die(5)).state
    assert after.results[0].winner == KURO and after.replays == 0  # 4-6: the second goes on
    with pytest.raises(OptionError, match="drawn_replays"):
        GAME.start(exhibition(), {"drawn_replays": -1})


@pytest.mark.parametrize("seed", range(2))
def test_a_seeded_tournament_runs_to_its_end(seed):
    # Tournament Progression: "Continue through the matches, and the player whose school wins
    # the tournament is the winner." Tournament Play: "Anywhere from two to six people can
    # play, all aiming for victory." (the option players: 2 to 6)
    (players,) = [o for o in GAME.options(exhibition()) if o.name == "players"]
    assert (players.low, players.high) == (2, 6)
    record = play(GAME, exhibition(), seed=seed)
    final = replay(record, GAME)[-1]
    assert GAME.current_player(final) == TERMINAL
    assert len(final.results) == 15  # 8 + 4 + 2 + 1 matches
    assert GAME.outcome(final).termination is TournamentEnd.WON
    champion = final.results[-1].winner
    assert GAME.outcome(final).winner == final.controller[champion]
    assert [r.round for r in final.results] == [1] * 8 + [2] * 4 + [3] * 2 + [4]


def test_bad_options_are_refused():
    with pytest.raises(OptionError, match="players"):
        GAME.start(exhibition(), {"players": 7})
    with pytest.raises(OptionError, match="schools"):
        GAME.start(exhibition(), {"schools": {"Player 1": [OARAI, OARAI], "Player 2": []}})
    with pytest.raises(IllegalAction):
        GAME.start(workbench.load(get_game("panzer-vor").scenarios()["saunders"]))


def test_a_tournament_state_draws_its_match_or_where_it_stands():
    from workbench.render import svg_of

    assert "Player 1 chooses a Major School" in svg_of(GAME.start(exhibition()))
    playing = drawn([OARAI, KURO])
    assert "round 1: Ōarai Girls Academy vs Kuromorimine Girls Academy" in svg_of(playing)


def test_each_player_buys_the_force_by_actions_within_the_rounds_limits():
    # Creating Forces: "Each player puts together their own force before each match (however,
    # tanks over 40 points are not allowed)" - 1st Round: 100 points (up to 10 tanks)
    from workbench.games.panzer_vor.rules.actions import Buy, DoneBuying

    state = drawn([OARAI, KURO])
    while GAME.current_player(state) == CHANCE:  # any deal before the buying
        state = GAME.apply(state, GAME.chance_outcomes(state)[0][0]).state
    offered = [a for a in GAME.legal_actions(state) if isinstance(a, Buy)]
    roster = exhibition().counters
    assert offered and all(roster.get(a.tank).points <= 40 for a in offered)
    buyer = GAME.current_player(state)
    dearest = max(offered, key=lambda a: roster.get(a.tank).points)
    spent = 0
    while Buy(dearest.tank) in GAME.legal_actions(state):
        state = GAME.apply(state, Buy(dearest.tank)).state
        spent += roster.get(dearest.tank).points
    assert 0 < spent <= 100
    before = state
    with pytest.raises(IllegalAction):  # over the points left (or the tanks allowed)
        GAME.apply(state, Buy(dearest.tank))
    assert state == before
    assert DoneBuying() in GAME.legal_actions(state) and GAME.current_player(state) == buyer


# --- Using Characters -------------------------------------------------------------------------


def drawn_with(options, order):
    """``drawn`` with more options (Using Characters)."""
    state = GAME.start(exhibition(), {"schools": SCHOOLS, **options})
    rest = [s for s in (*MAJOR, *MINOR) if s not in order]
    out = next(s for s in rest if s not in (OARAI, KURO, *MINOR[:2]))
    rest.remove(out)
    return apply_all(state, DrawSchool(out), *(DrawSchool(s) for s in (*order, *rest)))


def test_a_schools_characters_are_those_its_scenarios_field():
    from workbench.games.panzer_vor.rules.tournament_game import school_characters

    assert school_characters(KURO) == ("Maho Nishizumi", "Erika Itsumi")
    assert {"Miho Nishizumi", "Rabbit Team", "Anteater Team"} <= set(school_characters(OARAI))
    assert school_characters(ANZIO) == ("Anchovy", "Carpaccio", "Pepperoni")
    assert school_characters(MINOR[0]) == ()  # a Minor School fields none


def test_using_characters_each_player_takes_up_to_two_on_their_reverse_sides():
    # Using Characters: "each may use up to two of their school's characters (they all start
    # on their Reverse sides ...). They may choose which characters to use"
    from workbench.games.panzer_vor.rules.match import Choice
    from workbench.games.panzer_vor.rules.tournament_game import DoneTaking, TakeCharacter

    state = drawn_with({"characters": "choose"}, [OARAI, KURO])
    assert state.step == "characters" and GAME.current_player(state) == "Player 1"
    assert DoneTaking(OARAI) in GAME.legal_actions(state)
    state = apply_all(state, TakeCharacter(OARAI, "Hana Isuzu"), TakeCharacter(OARAI, "Duck Team"))
    assert GAME.current_player(state) == "Player 2"  # two taken: Kuromorimine's turn
    before = state
    with pytest.raises(IllegalAction):
        GAME.apply(state, TakeCharacter(OARAI, "Mako Reizei"))  # a third
    assert state == before
    state = apply_all(state, TakeCharacter(KURO, "Erika Itsumi"), DoneTaking(KURO))
    assert state.step == "match"
    sides = {s.name: s for s in exhibition_for(state).sides}
    assert [(c.name, c.side) for c in sides[OARAI].characters] == [
        ("Hana Isuzu", "reverse"), ("Duck Team", "reverse")]  # fmt: skip
    assert [c.name for c in sides[KURO].characters] == ["Erika Itsumi"]
    seats = [f for f in state.match.stack if isinstance(f, Choice) and f.purpose == "character"]
    assert {f.data for f in seats} == {
        ("Hana Isuzu", "back"), ("Duck Team", "back"), ("Erika Itsumi", "back")}  # fmt: skip


def test_using_characters_at_random_draws_from_the_schools_characters():
    # Using Characters: "They may choose which characters to use, or choose them randomly using
    # the rules in the Exhibition Scenario."
    from workbench.games.panzer_vor.rules.tournament_game import DrawCharacter

    state = drawn_with({"characters": "random"}, [OARAI, KURO])
    assert GAME.current_player(state) == CHANCE
    outcomes = GAME.chance_outcomes(state)
    assert {a.character for a, _ in outcomes} == set(
        workbench.games.panzer_vor.rules.tournament_game.school_characters(OARAI)
    )
    assert {p for _, p in outcomes} == {Fraction(1, len(outcomes))}
    state = apply_all(state, DrawCharacter(OARAI, "Miho Nishizumi"))
    assert "Miho Nishizumi" not in {a.character for a, _ in GAME.chance_outcomes(state)}


def test_a_character_whose_tank_destroyed_an_enemy_starts_the_next_match_face_up():
    # "they all start on their Reverse sides and gain experience as described in the Linked
    # Scenarios section": one whose tank destroyed an enemy tank begins the next match face up
    from workbench.games.panzer_vor.rules.tournament_game import DoneTaking, TakeCharacter

    state = drawn_with({"characters": "choose"}, [OARAI, KURO])
    state = apply_all(state, TakeCharacter(OARAI, "Hana Isuzu"), DoneTaking(OARAI),
                      DoneTaking(KURO))  # fmt: skip
    match = evolve(state.match, flags=state.match.flags | {"destroyed an enemy:Hana Isuzu"},
                   ended=Outcome(CardGameEnd.FLAG, "Ōarai"))  # fmt: skip
    after = _match_over(replace(state, match=match), [])
    assert after.experienced == {"Hana Isuzu"}
    again = replace(after, step="characters", taken=((OARAI, "Hana Isuzu"),), at=0,
                    alive=state.alive)  # fmt: skip
    oarai = next(s for s in exhibition_for(again).sides if s.name == OARAI)
    assert [(c.name, c.side) for c in oarai.characters] == [("Hana Isuzu", "front")]


def test_a_kill_records_the_characters_of_the_tank_that_made_it():
    from tests.panzer_vor_match import arranged
    from workbench.games.panzer_vor.rules.reactions import destroy

    match = arranged("saunders")
    crewed = next(c for c in match.crew if c.tank is not None)
    firer = match.board.tank(crewed.tank)
    target = next(t for t in match.board.tanks if t.side != firer.side)
    after = destroy(match, firer.id, target.id, [])
    assert f"destroyed an enemy:{crewed.name}" in after.flags


def test_a_minor_schools_tanks_are_a_labelled_stand_in_a_roster_of_gray_tanks_replaces():
    # Creating Forces: "Your force may only contain tanks available to your own school.
    # Each schools' tanks are designated with a specific color. ... Other schools: Gray"
    from workbench.games.panzer_vor.boards.roster import PanzerVorRoster
    from workbench.games.panzer_vor.rules.tournament_game import MINOR_STAND_IN, _start_match

    state = drawn([MINOR[0], MINOR[1]])  # Player 1's and Player 2's Minor Schools
    roster = exhibition().counters
    assert not any(roster.get(n).school == "Other schools" for n in roster.names)
    side = exhibition_for(state).sides[0]
    assert set(side.purchase.tanks) == {n for n in roster.names if roster.get(n).points <= 40}
    events = []
    _start_match(replace(state, match=None), events)
    said = [r for e in events for r in e.reasons if r.text == MINOR_STAND_IN]
    assert said and said[0].section.endswith("Creating Forces")
    assert "stand-in" in MINOR_STAND_IN
    # Gray tanks in the roster: the Minor Schools buy those
    gray = {name: replace(roster.get(name), school="Other schools")
            for name in ("Type 89", "CV33")}  # fmt: skip
    grayed = replace(roster, counters={**roster.counters, **gray})
    assert isinstance(grayed, PanzerVorRoster)
    mine = replace(state, exhibition=replace(state.exhibition, resolved_roster=grayed))
    assert set(exhibition_for(mine).sides[0].purchase.tanks) == set(gray)


COLOURS = [  # Creating Forces: "Each schools' tanks are designated with a specific color."
    "Ōarai Girls Academy: Light Blue",
    "St. Gloriana Girls Academy: Light Brown",
    "Saunders University High School: Light Green",
    "Anzio High School: Yellow",
    "Pravda High School: Red",
    "Kuromorimine Girls Academy: Black",
]


def test_each_schools_tanks_carry_its_printed_colour():
    # the roster's colour of each school's tanks, with the printed colour as its source (the
    # shade of it is the workbench's choice)
    roster = exhibition().counters
    for line in COLOURS:
        school, colour = line.split(": ")
        tanks = [roster.get(n) for n in roster.names if school.startswith(roster.get(n).school)]
        assert tanks, line
        assert len({t.color for t in tanks}) == 1, line
        assert all(f"({colour};" in t.source("color") for t in tanks), line
