"""Setup played as choices (``setup: "choose"``, the default): buying forces, deploying each
tank on a hex and a facing, the flag marker and characters on tanks of the player's choice,
and Pravda's Ceasefire redeployment — each from the rulebook's words."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

import workbench
from tests.panzer_vor_match import GAME, arranged, play, scenario
from workbench.games.panzer_vor.formats.shipped import panzer_vor_roster
from workbench.games.panzer_vor.rules import sections
from workbench.games.panzer_vor.rules.actions import Buy, Choose, Deploy, Die, DoneBuying, PlayCard
from workbench.games.panzer_vor.rules.bots import greedy_player
from workbench.games.panzer_vor.rules.match import CardMatch, Choice, Drawing, evolve
from workbench.rules.core import CHANCE, IllegalAction, replay
from workbench.rules.options import OptionError
from workbench.rules.play import play as play_game
from workbench.rules.play import random_player, sample_chance


def chosen(name: str, **options) -> CardMatch:
    return GAME.start(scenario(name), options)


def refused(match: CardMatch, action) -> str:
    """The refusal's reason (with its section), checking the state is unchanged."""
    before = GAME.fingerprint(match)
    with pytest.raises(IllegalAction) as caught:
        GAME.apply(match, action)
    assert GAME.fingerprint(match) == before
    reason = caught.value.reason
    return f"{reason.text} [{reason.section}]"


def deploy_all(match: CardMatch, side: str, pick=lambda legal: legal[0]) -> CardMatch:
    assert match.top.side == side and match.top.purpose == "position"
    while isinstance(match.top, Choice) and match.top.purpose == "position":
        if match.top.side != side:
            break
        legal = [a for a in GAME.legal_actions(match) if isinstance(a, Deploy)]
        match = play(match, pick(legal))
    return match


def labels(match: CardMatch, hexes) -> set[str]:
    return {match.board.map.grid.label(h) for h in hexes}


# --- the option -------------------------------------------------------------------------------


def test_choose_is_the_default_setup_and_quick_stays_a_named_option():
    match = chosen("saunders")
    assert match.top == Choice("Saunders", "position", match.top.options, match.top.data)
    assert len(match.undeployed["Saunders"]) == 9 and len(match.undeployed["Ōarai"]) == 4
    quick = chosen("saunders", setup="quick")
    assert not any(quick.undeployed.values()) and len(quick.board.tanks) == 15
    with pytest.raises(OptionError, match=r'options\["setup"\].*got \'later\''):
        chosen("saunders", setup="later")


# --- Exhibition!: Purchasing Tanks -------------------------------------------------------------


def test_exhibition_forces_are_bought_tank_by_tank_within_100_points():
    # "the total value of your tanks cannot exceed 100" Exhibition!: "In exchange, however, you
    # are free to assemble your own forces and pit them against each other." Purchasing Tanks:
    # "In an exhibition match, both players create their own forces by purchasing tanks." "As
    # long as you do not exceed the limit, you may use any number of tanks from any
    # nationality."
    match = chosen("exhibition")
    assert match.top.side == "Player 1" and match.top.purpose == "buy"
    legal = GAME.legal_actions(match)
    schools = {panzer_vor_roster().get(a.tank).school for a in legal if isinstance(a, Buy)}
    assert {"Ōarai", "Kuromorimine", "Pravda", "Anzio", "Saunders", "St. Gloriana"} <= schools
    assert DoneBuying() not in legal  # a reading: a force needs a tank
    assert Buy("Jagdtiger") in legal and Buy("Maus") in legal  # 60 points
    match = play(match, Buy("Jagdtiger"), Buy("Jagdtiger"))  # 2 x 40
    points_left = match.top.data[0]
    assert points_left == 20
    assert Buy("Jagdtiger") not in GAME.legal_actions(match)
    why = refused(match, Buy("Jagdtiger"))
    assert "costs 40 points" in why and "20 left" in why and sections.PURCHASING in why
    assert {t.id for t in match.undeployed["Player 1"]} == {"Jagdtiger", "Jagdtiger 2"}
    match = play(match, DoneBuying())
    assert match.top.side == "Player 2" and match.top.purpose == "buy"


def test_exhibition_points_limit_may_be_raised_by_agreement():
    # Purchasing Tanks: "However, if both players agree, the upper limit can be increased."
    # (the limit is the scenario's value: a copy of the scenario with a higher one)
    base = scenario("exhibition")
    sides = tuple(replace(s, purchase=replace(s.purchase, points=150)) for s in base.sides)
    match = GAME.start(replace(base, sides=sides))
    assert match.top.purpose == "buy" and match.top.data[0] == 150
    match = play(match, Buy("Jagdtiger"), Buy("Jagdtiger"), Buy("Jagdtiger"))  # 120 points
    assert match.top.data[0] == 30


def test_exhibition_buys_no_more_tanks_than_the_first_row_has_hexes():
    # Tank Deployment: the first row, "one tank per hex": 20 hexes on the blank map
    match = chosen("exhibition")
    match = play(match, *[Buy("CV33")] * 20)  # 60 points
    assert match.top.data[:2] == (40, 0)
    assert refused(match, Buy("CV33")).startswith("Player 1 may buy no more tanks")
    assert GAME.legal_actions(match) == [DoneBuying()]


def test_the_lower_total_chooses_who_acts_first_with_the_bought_forces():
    # Determining the Starting Player: "The player with the lowest total chooses"
    match = chosen("exhibition")
    match = play(match, Buy("Tiger I"), DoneBuying(), Buy("CV33"), Buy("Type 89"), DoneBuying())
    assert match.top == Choice("Player 2", "act first", ("first", "second"))
    match = play(match, Choose("first"))
    assert match.order == ("Player 2", "Player 1")


def test_exhibition_deploys_the_first_player_then_the_second_in_their_first_rows():
    # Tank Deployment: "The player who acts first places all of their tanks on the map in
    # open hexes within their deployment zone (one tank per hex). Then, the player who acts
    # second does the same."
    match = chosen("exhibition", match_type="annihilation")
    match = play(match, Buy("Tiger I"), Buy("CV33"), DoneBuying(), Buy("Tiger I"), DoneBuying())
    assert match.top.purpose == "act first" and match.top.side == "Player 2"
    match = play(match, Choose("first"), Die(1), Die(1))  # 2 and 2 obstacles
    while match.top.purpose == "obstacle":
        match = play(match, Choose(match.top.options[0]))
    grid = match.board.map.grid
    rows = [grid.to_offset(h)[1] for h in grid]
    assert match.top.side == "Player 2" and match.top.purpose == "position"
    legal = GAME.legal_actions(match)
    assert len(legal) == 1 * 20 * 6  # one tank x the 20 hexes of the row x six facings
    assert {grid.to_offset(match.board.map.hex(a.to))[1] for a in legal} == {max(rows)}
    bottom = legal[0].to
    match = play(match, Deploy("Tiger I 2", bottom, 2))
    assert match.top.side == "Player 1"
    legal = GAME.legal_actions(match)
    assert {grid.to_offset(match.board.map.hex(a.to))[1] for a in legal} == {min(rows)}
    assert len(legal) == 2 * 20 * 6
    why = refused(match, Deploy("Tiger I", grid.label(grid.from_offset(5, 5)), 0))
    assert "not in Player 1's deployment area" in why and sections.EXHIBITION_DEPLOYMENT in why
    top = sorted({a.to for a in legal})
    match = play(match, Deploy("Tiger I", top[4], 3), Deploy("CV33", top[5], 3))
    # "Once all of the tanks have been placed on the map, each player draws a hand of five
    # cards from the deck, and play begins."
    assert isinstance(match.top, Drawing) and match.top.deal and match.top.count == 5
    assert match.board.tank("Tiger I").facing == 3 and len(match.board.tanks) == 3


def test_a_whole_exhibition_game_set_up_by_choices_plays_to_the_end_and_replays(tmp_path):
    record = play_game(GAME, scenario("exhibition"), random_player, seed=11)
    kinds = [s.action["type"] for s in record.steps]
    assert kinds.count("DoneBuying") == 2 and "Buy" in kinds and "Deploy" in kinds
    states = replay(record, GAME)
    assert GAME.outcome(states[-1]) is not None
    assert kinds.count("Deploy") == kinds.count("Buy")  # every bought tank deployed
    loaded = workbench.load(record.save(tmp_path / "exhibition.json"))
    assert replay(loaded, GAME) == states


# --- Anzio (Original): bought tanks and characters on tanks of your choice ----------------------


def test_anzio_original_buys_up_to_nine_tanks_totalling_up_to_80_points():
    # "up to nine tanks totaling up to 80 points from the Anzio tanks - P40, SV M41, M13/40,
    # or CV33"
    match = chosen("anzio-original")
    assert match.top.side == "Anzio" and match.top.purpose == "buy"
    offered = {a.tank for a in GAME.legal_actions(match) if isinstance(a, Buy)}
    assert offered == {"P40", "Semovente M41", "M13/40", "CV33"}
    assert "not a tank Anzio may buy" in refused(match, Buy("Tiger I"))
    match = play(match, *[Buy("CV33")] * 9)  # 27 points, nine tanks
    why = refused(match, Buy("CV33"))
    assert "no more tanks" in why and sections.ANZIO_ORIGINAL_FORCE in why
    match = play(match, DoneBuying())
    assert len(match.undeployed["Anzio"]) == 10  # Anchovy's P40 and the nine


def test_carpaccio_and_pepperoni_go_on_different_tanks_than_anchovy():
    # "Carpaccio and Pepperoni must be placed in different tanks (not the same one as Anchovy)"
    # Scenarios: "You may also place characters on any tank you wish, unless specified by the
    # scenario."
    match = chosen("anzio-original")
    match = play(match, Buy("Semovente M41"), Buy("CV33"), DoneBuying())
    match = deploy_all(match, "Ōarai")  # "Deployment: Ōarai deploys first"
    assert match.top == Choice("Anzio", "character", (), ("Carpaccio", "front"))
    assert GAME.legal_actions(match) == [Choose("Semovente M41"), Choose("CV33")]
    assert "one of Semovente M41, CV33" in refused(match, Choose("P40"))
    match = play(match, Choose("Semovente M41"))
    assert match.top.data[0] == "Pepperoni"
    assert GAME.legal_actions(match) == [Choose("CV33")]
    match = play(match, Choose("CV33"))
    match = deploy_all(match, "Anzio")
    riders = {c.name: c.tank for c in match.crew if c.side == "Anzio"}
    assert riders == {"Anchovy": "P40", "Carpaccio": "Semovente M41", "Pepperoni": "CV33"}
    assert match.board.tank("P40").flag  # "Flag Marker: Place on a P40."


# --- Deployment in each scenario --------------------------------------------------------------


def test_saunders_deploys_first_on_its_deployment_hexes_one_tank_per_hex():
    # "Deployment: Saunders deploys first"; Game Setup: "Only one tank may be placed in any
    # one hex"; "you are free to choose the facing of a tank when you place it"
    match = chosen("saunders")
    area = labels(match, scenario("saunders").deployment_hexes("Saunders"))
    legal = GAME.legal_actions(match)
    assert {a.to for a in legal} == area - {"0701"}  # the M4A1 stands on 0701
    assert {a.facing for a in legal} == set(range(6))
    why = refused(match, Deploy("Sherman Firefly", "0701", 0))
    assert "only one tank may be placed in any one hex" in why and sections.GAME_SETUP in why
    assert "not a Saunders tank waiting" in refused(match, Deploy("Type 89", "0702", 0))
    assert "six hex-sides" in refused(match, Deploy("Sherman Firefly", "0702", 6))
    match = deploy_all(match, "Saunders")
    assert match.top.side == "Ōarai" and match.top.purpose == "position"


def test_mock_battle_tanks_deploy_within_two_hexes_of_their_hex():
    # "Deployment: Both tanks deploy anywhere within two hexes of hex 0806"; Team A first
    match = chosen("mock-battle")
    centre = match.board.map.hex("0806")
    assert match.top.side == "Team A"
    for action in GAME.legal_actions(match):
        assert match.board.map.hex(action.to).distance(centre) <= 2


def test_stage_2_kuromorimine_deploys_within_three_hexes_of_the_maus():
    # Stage 2: "any hex within three hexes of the Maus" (the Maus at 0417)
    match = chosen("kuromorimine-stage-2")
    match = deploy_all(match, "Ōarai")
    assert match.top.side == "Kuromorimine"
    maus = match.board.tank("Maus").hex
    hexes = {a.to for a in GAME.legal_actions(match)}
    assert {match.board.map.hex(h).distance(maus) for h in hexes} == {1, 2, 3}


def test_a_hex_no_tank_may_enter_is_not_offered_for_deployment():
    match = chosen("mock-battle")
    blocked = sorted({a.to for a in GAME.legal_actions(match)})[0]
    board = replace(match.board, map=match.board.map.with_terrain({blocked: "river"}))
    assert not board.map.terrain_at(board.map.hex(blocked)).enterable
    match = evolve(match, board=board)
    assert blocked not in {a.to for a in GAME.legal_actions(match)}
    assert "no tank may be placed" in refused(match, Deploy("Panzer IV Ausf. F2", blocked, 0))


# --- Flag marker on a tank of your choice -------------------------------------------------------


def test_pravda_oarai_places_its_flag_marker_on_any_tank_of_its_choice():
    # "Flag Marker: Place the Flag Marker on any tank of your choice (in the anime it was the
    # Type 89)"; Pravda's is on a T-34/76 already
    match = chosen("pravda")
    assert match.top.side == "Pravda"  # "Deployment: Pravda deploys first"
    match = deploy_all(match, "Pravda")
    match = deploy_all(match, "Ōarai")
    assert match.top == Choice("Ōarai", "flag marker", ())
    assert len(GAME.legal_actions(match)) == 6
    assert not any(t.flag for t in match.tanks_of("Ōarai"))
    match = play(match, Choose("Type 89"))
    assert [t.id for t in match.tanks_of("Ōarai") if t.flag] == ["Type 89"]
    assert sum(t.flag for t in match.tanks_of("Pravda")) == 1


def test_exhibition_flag_battle_flags_are_chosen_among_the_bought_tanks():
    # Choosing the Match Type: "each player designates one of their tanks to be the Flag Tank"
    # "Use one of the school markers to designate which tank is the flag tank."
    match = chosen("exhibition", match_type="flag")
    match = play(match, Buy("Tiger I"), Buy("CV33"), DoneBuying(), Buy("Tiger I"), DoneBuying())
    match = play(match, Choose("first"), Die(1), Die(1))  # then 2 and 2 obstacles
    while match.top.purpose == "obstacle":
        match = play(match, Choose(match.top.options[0]))
    assert match.top == Choice("Player 1", "flag marker", ())
    assert GAME.legal_actions(match) == [Choose("Tiger I"), Choose("CV33")]
    match = play(match, Choose("CV33"))
    assert GAME.legal_actions(match) == [Choose("Tiger I 2")]
    match = play(match, Choose("Tiger I 2"))
    assert [t.id for t in match.undeployed["Player 1"] if t.flag] == ["CV33"]
    assert match.top.purpose == "position" and match.top.side == "Player 2"  # acts first


# --- Pravda: Ceasefire --------------------------------------------------------------------------


def _ceasefire(order: str | None = None) -> CardMatch:
    match = arranged("pravda", phase="event", active=1)
    match = evolve(match, flags=match.flags - {"quick setup"})  # the choices, as by default
    if order:
        match = evolve(match, flags=match.flags | {"ceasefire published order"})
    board = match.board
    near = replace(board.tank("Type 89"), hex=board.map.hex("1405"))  # by the Church
    match = evolve(match, board=board.with_tank(near))
    return play(match, PlayCard("Ceasefire"))


def test_ceasefire_pravda_redeploys_every_tank_then_oarai_near_the_church():
    # "The Pravda player redeploys all of their remaining tanks (including reinforcements) ...
    # to any non-adjacent hexes that are between six and nine hexes from the Church hex. The
    # Ōarai player then redeploys all of their surviving tanks to any hex within two hexes of
    # the Church hex." (the EDITOR'S NOTE order, the default) "First, remove all tanks from
    # the map (but leave wreckage in place as is)." "Mix the discard pile with the deck and
    # reshuffle it, then each player draws enough cards so that their total hand size is five.
    # The match restarts with the Ōarai player acting first."
    match = _ceasefire()
    assert match.discard == ()  # mixed into the deck
    draws = {f.side: f.count for f in match.stack if isinstance(f, Drawing)}
    assert draws == {s: 5 - len(match.hand(s)) for s in match.order}  # "total hand size is five"
    church = match.board.map.hex("1403")
    assert not [t for t in match.board.tanks if not t.wreck]  # all tanks removed
    assert len(match.undeployed["Pravda"]) == 5 + 10  # with every reinforcement
    assert not match.reserves.get("Pravda")
    assert match.top.side == "Pravda" and GAME.outcome(match) is None
    for a in GAME.legal_actions(match)[::37]:
        assert 6 <= match.board.map.hex(a.to).distance(church) <= 9
    first = GAME.legal_actions(match)[0]
    match = play(match, first)
    near = match.board.map.hex(first.to).neighbors()
    taken = {match.board.map.grid.label(h) for h in near}
    assert not taken & {a.to for a in GAME.legal_actions(match)}  # non-adjacent
    why = refused(match, Deploy(match.undeployed["Pravda"][0].id, sorted(taken)[0], 0))
    assert "non-adjacent" in why or "not in Pravda's" in why
    match = deploy_all(match, "Pravda")
    assert match.top.side == "Ōarai"
    for a in GAME.legal_actions(match):
        assert match.board.map.hex(a.to).distance(church) <= 2
    match = deploy_all(match, "Ōarai")
    # then the draws to five, and the match restarts with Ōarai acting first
    assert isinstance(match.top, Drawing) or match.side_to_act == "Ōarai"
    rng = random.Random(1)
    while GAME.current_player(match) == CHANCE:
        match = play(match, sample_chance(GAME.chance_outcomes(match), rng))
    assert match.side_to_act == "Ōarai" and match.phase == "action"


def test_ceasefire_in_the_published_order_oarai_redeploys_first():
    # EDITOR'S NOTE: "In the published scenario, Ōarai redeploys their tanks after the
    # Ceasefire before Pravda redeploys theirs" "Feel free to use the original order if you
    # prefer that though." (the option ceasefire_order)
    match = _ceasefire("published")
    assert match.top.side == "Ōarai"
    match = deploy_all(match, "Ōarai")
    assert match.top.side == "Pravda"
    with pytest.raises(OptionError, match="ceasefire_order"):
        chosen("pravda", ceasefire_order="backwards")
    assert "ceasefire published order" in chosen("pravda", ceasefire_order="published").flags


# --- the players -------------------------------------------------------------------------------


def test_greedy_buys_the_dearest_tank_that_fits_and_deploys_towards_the_middle():
    match = chosen("exhibition")
    rng = random.Random(0)
    while match.top.purpose == "buy":
        match = play(
            match, greedy_player(GAME, GAME.observation(match, GAME.current_player(match)), rng)
        )
    bought = [t.counter.points for s in match.order for t in match.undeployed[s]]
    assert max(bought) <= 100 and sum(bought) <= 200
    assert greedy_player.label.startswith("greedy")


def test_kuromorimine_deploys_in_its_forest_hexes_after_oarai():
    # Stage 1: "Deployment: Ōarai deploys first"; "Deployment in Forests: Kuromorimine's
    # deployment hexes in the first stage are forest hexes" (entered at the start of the match)
    match = chosen("kuromorimine-stage-1")
    match = deploy_all(match, "Ōarai")
    assert match.top.side == "Kuromorimine"
    area = labels(match, scenario("kuromorimine-stage-1").deployment_hexes("Kuromorimine"))
    legal = GAME.legal_actions(match)
    assert {a.to for a in legal} == area and len(legal) == 18 * 20 * 6
    assert {match.board.map.terrain_name(match.board.map.hex(h)) for h in area} == {
        "deployment forest"
    }


def test_saunders_oarai_puts_its_flag_on_a_tank_of_its_choice_after_deploying():
    # "Type 89: Hex 0803"; "Other Tanks: Any other hexes marked with the Ōarai Girls Academy
    # symbol (0813 - 1413)"; "Flag Marker: Place the Ōarai Flag marker on a tank of your
    # choice"
    match = deploy_all(chosen("saunders"), "Saunders")
    assert "0803" not in {a.to for a in GAME.legal_actions(match)}  # the Type 89 is there
    match = deploy_all(match, "Ōarai")
    assert match.top == Choice("Ōarai", "flag marker", ())
    match = play(match, Choose("38 (t)"))
    assert [t.id for t in match.tanks_of("Ōarai") if t.flag] == ["38 (t)"]
    assert [t.id for t in match.tanks_of("Saunders") if t.flag] == ["M4A1"]  # "Place on the M4A1"


# --- Exhibition!: Optional Rules: Characters --------------------------------------------------


def _until_the_bag(match: CardMatch) -> CardMatch:
    """Exhibition! bought (Player 1 a Tiger I; Player 2 a CV33 and a Type 89), the first player
    chosen, then the set-up played on until the bag's first draw."""
    match = play(match, Buy("Tiger I"), DoneBuying(), Buy("CV33"), Buy("Type 89"), DoneBuying())
    match = play(match, Choose("first"))  # Player 2 (the lower total) acts first
    for _ in range(40):
        top = match.top
        if getattr(top, "purpose", "") == "character bag":
            return match
        if GAME.current_player(match) == CHANCE:
            match = play(match, GAME.chance_outcomes(match)[0][0])
        else:
            match = play(match, GAME.legal_actions(match)[0])
    raise AssertionError("no draw from the bag")


def test_exhibition_characters_two_each_drawn_from_the_bag_side_and_tank_chosen():
    # "place all of the Character and Team counters in a bag or cup - each player picks two of
    # them at random. You may place the chosen Characters (or Teams) on whichever tanks you
    # wish (on their Front or Reverse side)." Counter Types: "Except when specified, only a
    # single character counter may be placed on a single tank (e.g. all of Goosefish Team can
    # be placed on a vehicle."
    from fractions import Fraction

    from workbench.games.panzer_vor.rules.scenario_rules.exhibition import BAG

    assert "Hana Isuzu" in BAG and "Rabbit Team" in BAG and "Carpaccio (+1 FP)" not in BAG
    match = _until_the_bag(chosen("exhibition", exhibition_characters=True))
    outcomes = GAME.chance_outcomes(match)
    assert len(outcomes) == len(BAG) and {p for _, p in outcomes} == {Fraction(1, len(BAG))}
    hana = Die(BAG.index("Hana Isuzu") + 1)
    match = play(match, hana)
    assert match.top == Choice("Player 2", "character face", ("front", "reverse"), ("Hana Isuzu",))
    match = play(match, Choose("reverse"))
    assert {a.option for a in GAME.legal_actions(match)} == {"CV33", "Type 89"}
    match = play(match, Choose("Type 89"))
    seated = next(c for c in match.crew if c.name == "Hana Isuzu")
    assert (seated.side, seated.face) == ("Player 2", "back")
    assert "Type 89" in (seated.tank, seated.arrives_with)
    # the second draw is the same player's, from a bag without Hana Isuzu
    assert len(GAME.chance_outcomes(match)) == len(BAG) - 1
    match = play(match, GAME.chance_outcomes(match)[0][0], Choose("front"))
    assert {a.option for a in GAME.legal_actions(match)} == {"CV33"}  # one team on a tank
    match = play(match, Choose("CV33"))
    match = play(match, GAME.chance_outcomes(match)[0][0])  # the third: the other player's
    assert match.top.side == "Player 1" and match.top.purpose == "character face"
    match = play(match, Choose("front"), Choose("Tiger I"))
    match = play(match, GAME.chance_outcomes(match)[0][0], Choose("front"))  # the fourth
    # the Tiger I carries one already: the fourth stays off
    assert sum(1 for c in match.crew if c.side == "Player 1") == 1
    assert not (isinstance(match.top, Choice) and match.top.purpose == "character")


def test_exhibition_characters_is_an_exhibition_option_of_the_setup_by_choices():
    # "Optional Rules: Characters" is Exhibition!'s, placed by the setup by choices
    assert "exhibition_characters" not in {o.name for o in GAME.options(scenario("saunders"))}
    with pytest.raises(OptionError, match="exhibition_characters"):
        chosen("saunders", exhibition_characters=True)
    with pytest.raises(OptionError, match="exhibition_characters") as caught:
        chosen("exhibition", exhibition_characters=True, setup="quick")
    assert caught.value.section == sections.EXHIBITION_CHARACTERS


def test_an_exhibition_game_with_characters_plays_to_the_end_and_replays(tmp_path):
    record = play_game(
        GAME, scenario("exhibition"), random_player, seed=4, options={"exhibition_characters": True}
    )
    states = replay(record, GAME)
    for state in states:
        GAME.invariants(state)  # among them: no character counted twice or on two tanks
    assert GAME.outcome(states[-1]) is not None
    assert sum(1 for s in record.steps if s.action.get("option") in ("front", "reverse")) == 4
    loaded = workbench.load(record.save(tmp_path / "exhibition-characters.json"))
    assert replay(loaded, GAME) == states
