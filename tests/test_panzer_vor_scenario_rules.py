"""Each scenario's special rules in the card game, from the words of Part 2 - Scenarios."""

from __future__ import annotations

from dataclasses import replace

from tests.panzer_vor_match import GAME, arranged, play, scenario, started
from workbench.games.panzer_vor.rules import hooks, restrictions
from workbench.games.panzer_vor.rules.actions import (
    Choose,
    Die,
    Discard,
    Fire,
    Move,
    PlayCard,
    React,
    Select,
    Stop,
)
from workbench.games.panzer_vor.rules.characters import Crew
from workbench.games.panzer_vor.rules.deck import Draw
from workbench.games.panzer_vor.rules.ending import CardGameEnd
from workbench.games.panzer_vor.rules.match import (
    Chance,
    Choice,
    Drawing,
    Order,
    Window,
    arrive,
    evolve,
    first_in_reserve,
)
from workbench.rules.core import CHANCE


def at(match, where):
    board = match.board
    for tank_id, label in where.items():
        board = board.with_tank(replace(board.tank(tank_id), hex=board.map.hex(label)))
    return evolve(match, board=board)


def drawing(match, side, card, **deck):
    match = evolve(match, stack=(Drawing(side, 1, draw_phase=True),), phase="draw",
                   deck=((card, 1), *sorted(deck.items())))  # fmt: skip
    return evolve(match, total_cards=match.cards_accounted())


# --- Saunders -------------------------------------------------------------------------------


def test_fair_play_drawn_makes_saunders_remove_tanks_down_to_oarais_number():
    # Saunders: "Scenario Card: Fair Play. Once the players have been dealt their starting hands
    # but before the game begins, add the Fair Play Scenario Card to the deck. When this card is
    # drawn (regardless of which player draws it), the Saunders player removes tanks from the
    # map until they have the same number of tanks as the Ōarai player. Tanks removed in this
    # way may not be used anymore during the match. The Saunders player may choose which tanks
    # are removed. After Fair Play is resolved, remove it from the game, then continue to that
    # player's Action Phase."
    waiting = started("saunders")
    assert waiting.waiting_cards == ("Fair Play",) and "Fair Play" not in dict(waiting.deck)
    match = drawing(arranged("saunders"), "Ōarai", "Fair Play", Fire=5)
    match = play(match, Draw("Fair Play"))
    assert isinstance(match.top, Choice) and match.top.side == "Saunders"
    while isinstance(match.top, Choice):
        match = play(match, Choose(match.top.options[-1]))
    assert len(match.tanks_of("Saunders")) == len(match.tanks_of("Ōarai")) == 5
    assert len(match.gone) == 5 and not set(match.gone) & {t.id for t in match.board.tanks}
    assert "Fair Play" in match.removed and match.phase == "action"  # on to the Action Phase
    # Decoy "can only be played after Eavesdropping or Fair Play"
    assert restrictions.may_play(match, "Ōarai", "Decoy")
    assert not restrictions.may_play(arranged("saunders"), "Ōarai", "Decoy")


# --- St. Gloriana ---------------------------------------------------------------------------


def test_reinforcements_bring_the_gold_38t_with_turtle_team_on_a_road_and_a_free_move():
    # St. Gloriana: Reinforcements: "Add the Reinforcements Scenario Card to the deck. When this
    # card is drawn, the Gold 38 (t) appears on the Ōarai side as reinforcements. The tank may
    # appear in any road hex that connects to the edge of the map and which does not contain an
    # enemy tank. The Turtle Team (Reverse) is piloting the tank when it appears. When the tank
    # appears, you may immediately move it anywhere within its normal movement range for free
    # (without spending an action card)." (the road hexes at the edge: the map's labelled
    # stand-in zone)
    assert "Reinforcements" in started("st-gloriana").waiting_cards  # added after the deal
    match = drawing(arranged("st-gloriana"), "Ōarai", "Reinforcements", Fire=5)
    match = play(match, Draw("Reinforcements"))
    assert match.top == Choice("Ōarai", "reinforce", ("0801", "1610"))
    match = play(match, Choose("1610"))
    gold = next(t for t in match.tanks_of("Ōarai") if t.name == "Gold 38 (t)")
    assert match.board.map.grid.label(gold.hex) == "1610"
    turtle = next(c for c in match.crew if c.name == "Turtle Team")
    assert turtle.tank == gold.id and turtle.face == "back"  # Turtle Team (Reverse)
    assert isinstance(match.top, Order) and match.top.tank == gold.id  # moved for free
    assert match.actions_left == 1


def test_freshmen_dont_flee_brings_the_pink_m3_lee_too():
    # St. Gloriana: Optional Rules: "Freshmen Don't Flee: With this optional rule, the Rabbit
    # Team did not run away from the battle before it entered Ōarai City. When the
    # Reinforcements Card is drawn from the deck, the Pink M3 Lee [M3 Lee'] : Rabbit Team
    # (Reverse) appears at the same time as the Gold 38 (t). Place it on the map in the same
    # manner as the Gold 38 (t) (they do not have to start in the same hex, and both tanks may
    # be moved for free when placed)."
    match = started("st-gloriana", freshmen_dont_flee=True)
    assert [t.name for t in match.reserves["Ōarai"]] == ["Gold 38 (t)", "Pink M3 Lee"]
    rabbit = next(c for c in match.crew if c.name == "Rabbit Team")
    assert (rabbit.face, rabbit.arrives_with) == ("back", match.reserves["Ōarai"][1].id)
    match = drawing(arranged("st-gloriana"), "Ōarai", "Reinforcements", Fire=5)
    match = evolve(match, reserves=started("st-gloriana", freshmen_dont_flee=True).reserves)
    match = play(match, Draw("Reinforcements"), Choose("1610"))
    match = play(match, Stop())  # the Gold 38 (t) stays where it appeared
    assert isinstance(match.top, Choice) and match.top.purpose == "reinforce"
    assert match.top.options == ("0801",)  # the same manner: a free road entry
    match = play(match, Choose(match.top.options[0]))
    pink = next(t for t in match.tanks_of("Ōarai") if t.name == "Pink M3 Lee")
    assert isinstance(match.top, Order) and match.top.tank == pink.id  # its free move too


def test_st_gloriana_may_be_played_as_a_flag_battle():
    # St. Gloriana: Optional Rules: "Flag Battle: If both players agree, the type of match may
    # be changed to a Flag Battle."
    assert started("st-gloriana").match_type == "annihilation"
    assert started("st-gloriana", match_type="flag").match_type == "flag"


# --- Anzio ----------------------------------------------------------------------------------


def test_childhood_friend_removes_carpaccio_and_the_hippo_stug_in_sight_of_each_other():
    # Anzio (Revised): "Scenario Card: Childhood Friend: During the Anzio player's turn, the
    # Childhood Friend Scenario Card may be played - if Carpaccio's Semovente and the Hippo
    # Team's StuG III are within line of sight of each other, the Anzio player can remove both
    # from the board. Both of these tanks and the characters on them will not return to the
    # game (the Recovery ability/card does not apply to them)." Scenarios: Scenario Cards: "When
    # you want to use one, declare that you are doing so, and apply the effect written on the
    # card."
    match = arranged("anzio-revised")
    match = at(match, {"Semovente M41": "0303", "StuG III Ausf. F": "0305"})
    assert restrictions.may_play(match, "Anzio", "Childhood Friend")
    match = play(match, PlayCard("Childhood Friend"))
    ids = {t.id for t in match.board.tanks}
    assert "Semovente M41" not in ids and "StuG III Ausf. F" not in ids
    gone = {c.name: c.face for c in match.crew if c.name in ("Hippo Team", "Carpaccio (+1 FP)")}
    assert gone == {"Hippo Team": "gone", "Carpaccio (+1 FP)": "gone"}  # no Recovery


def test_operation_macaroni_moves_the_target_away_without_the_attack_roll():
    # Anzio (Revised): "Scenario Card: Operation: Macaroni: After an Ōarai tank shoots an Anzio
    # tank (including opportunity shooting), the Anzio player can use the Operation: Macaroni
    # card - relocate the target tank to an open hex within 5 hexes of its original location
    # without making that shot's Attack Roll. However, it cannot be relocated to a hex adjacent
    # to any Ōarai tanks."
    match = arranged("anzio-revised", hands={"Ōarai": ("Fire",)}, active=1)
    match = at(match, {"Panzer IV Ausf. D": "0805", "CV33": "0808"})
    pz = "Panzer IV Ausf. D"
    match = play(match, PlayCard("Fire"), Select(pz), Fire(pz, "CV33"))
    assert match.top == Window("Anzio", "attack", "Panzer IV Ausf. D", "CV33")
    match = play(match, React("Operation: Macaroni"))
    assert isinstance(match.top, Choice) and match.top.purpose == "macaroni"
    where = match.top.options[0]
    board = match.board
    hexes = [board.map.hex(o) for o in match.top.options]
    assert all(h.distance(board.map.hex("0808")) <= 5 for h in hexes)
    near = {n for t in match.tanks_of("Ōarai") for n in t.hex.neighbors()}
    assert not any(h in near for h in hexes)  # never next to an Ōarai tank
    match = play(match, Choose(where))
    assert match.board.map.grid.label(match.board.tank("CV33").hex) == where
    assert GAME.current_player(match) != CHANCE  # no attack roll was made


def test_trap_blocks_oarai_abilities_until_the_next_enforcement_card():
    # Anzio (Original): "Scenario Card: Trap: You may use this card after the Anzio Team has
    # lost at least one tank. When the Anzio player plays this card, the Ōarai player may not
    # use character abilities. This effect lasts until the next Enforcement Card is drawn."
    match = arranged("anzio-original", phase="event")
    assert not restrictions.may_play(match, "Anzio", "Trap")  # Anzio has lost no tank yet
    match = evolve(match, lost={"Anzio": ("CV33",)}, destroyed={"Ōarai": ("CV33",)})
    match = play(match, PlayCard("Trap"))
    assert not hooks.abilities_allowed(match, "Ōarai")
    match = drawing(match, "Anzio", "Thrown Tread", Fire=3)
    match = play(match, Draw("Thrown Tread"))
    assert hooks.abilities_allowed(match, "Ōarai")


# --- Pravda ---------------------------------------------------------------------------------


def deal(match):
    """The starting hands dealt (each draw the first card the deck offers)."""
    while isinstance(match.top, Drawing) and match.top.deal:
        match = play(match, GAME.chance_outcomes(match)[0][0])
    return match


def test_after_the_starting_hands_have_been_dealt_oarai_chooses_three_additional_cards():
    # Additional Scenario Cards: "After the starting hands have been dealt, the Ōarai player
    # chooses three of the following cards, adds them to the deck, and reshuffles it."
    from workbench.games.panzer_vor.rules.scenario_rules.pravda import PRAVDA_CARDS

    match = started("pravda")
    assert isinstance(match.top, Drawing) and match.top.deal  # the hands first
    match = deal(match)
    assert [len(match.hand(s)) for s in match.order] == [5, 5]
    assert match.top == Choice("Ōarai", "pravda cards", PRAVDA_CARDS)
    assert not set(PRAVDA_CARDS) & {c for h in match.hands.values() for c in h}
    for name in ("Ambush", "Panzer Vor!", "Pinpoint Shot"):
        match = play(match, Choose(name))
    assert {"The Snowy March", "Volleyball Club Comeback!"} <= set(match.removed)
    assert {"Ambush", "Panzer Vor!", "Pinpoint Shot"} <= set(dict(match.deck))  # in the deck
    # Scenario Rules: "If any of these cards are drawn by the Pravda player, they may not use
    # them, but they may keep them in their hands and discard them." "All Scenario Cards are
    # removed from the game when they are discarded."
    assert not restrictions.may_play(match, "Pravda", "Ambush")  # Pravda may not use them
    held = evolve(match, stack=(), phase="end", active=0,
                  hands={**match.hands, "Pravda": (*match.hand("Pravda"), "Ambush")})  # fmt: skip
    held = play(evolve(held, total_cards=held.cards_accounted()), Discard("Ambush"))
    assert "Ambush" in held.removed and "Ambush" not in held.discard
    # the order records saved before the option were played with: the choice first
    before = started("pravda", pravda_cards="before-the-deal")
    assert before.top == Choice("Ōarai", "pravda cards", PRAVDA_CARDS)
    (option,) = [o for o in GAME.options(scenario("pravda")) if o.name == "pravda_cards"]
    assert (option.default, option.if_unwritten) == ("after-the-deal", "before-the-deal")


def test_ceasefire_near_the_church_then_goosefish_dance_adds_one_to_oarai_attacks():
    # Pravda: "Scenario Card: Goosefish Dance: The Goosefish Dance card may only be played after
    # Ceasefire has been used. From now on, the Ōarai player adds a +1 modifier to all of their
    # tanks' attack rolls."
    match = arranged("pravda", phase="event", active=1)
    assert not restrictions.may_play(match, "Ōarai", "Ceasefire")
    match = at(match, {"Type 89": "1405"})  # within two hexes of the Church (1403)
    assert not restrictions.may_play(match, "Ōarai", "Goosefish Dance")
    match = play(match, PlayCard("Ceasefire"))
    church = match.board.map.hex("1403")
    for tank in match.tanks_of("Ōarai"):
        assert tank.hex.distance(church) <= 2
    for tank in match.tanks_of("Pravda"):
        assert 6 <= tank.hex.distance(church) <= 9
    assert not match.reserves.get("Pravda")  # every reinforcement deployed
    riders = {c.name: c.tank for c in match.crew if c.side == "Pravda"}  # riding them now
    assert riders == {"Katyusha": "KV-2 (reinforcement 9)", "Nonna": "IS-2 (reinforcement 10)"}
    assert "ceasefire" in match.flags
    assert restrictions.may_play(match, "Ōarai", "Goosefish Dance")
    dance = evolve(match, flags=match.flags | {"goosefish dance"})
    firer, target = dance.tanks_of("Ōarai")[0], dance.tanks_of("Pravda")[0]
    assert [m.value for m in hooks.attack_modifiers(dance, firer, target)] == [1]


def test_pravda_deploys_a_reinforcement_each_time_it_plays_a_movement_card():
    match = arranged("pravda", hands={"Pravda": ("Move",)})
    match = play(match, PlayCard("Move"), Select("T-34/76"))
    move = next(a for a in GAME.legal_actions(match) if isinstance(a, Move))
    match = play(match, move)
    assert isinstance(match.top, Choice) and match.top.purpose == "deploy which"
    match = play(match, Choose("T-34/76 (reinforcement 1)"))
    assert isinstance(match.top, Choice) and match.top.purpose == "deploy"
    match = play(match, Choose(match.top.options[0]))
    assert any(t.id == "T-34/76 (reinforcement 1)" for t in match.board.tanks)


# --- Kuromorimine ---------------------------------------------------------------------------


def test_two_oarai_tanks_leaving_by_remagen_bridge_end_stage_1():
    # Kuromorimine: "Conditions for Ending the First Stage: The Ōarai tanks only may exit the
    # map by entering Remagen Bridge (hex 1501) (remove a tank from the map as soon as it
    # enters the Bridge hex). The first stage ends as soon as two Ōarai tanks have left the map
    # via the Bridge. If either flag tank is destroyed before two tanks have left the map, the
    # match ends as usual." (the flag tank: the match's Flag Battle, tests/test_panzer_vor_
    # turn_rules.py)
    match = arranged("kuromorimine-stage-1", hands={"Ōarai": ("Move",)})
    assert match.match_type == "flag"
    match = at(match, {"Type 89": "1502", "Hetzer": "1402"})
    match = play(match, PlayCard("Move"), Select("Type 89"), Move("Type 89", "1501", 4))
    assert "Type 89" not in {t.id for t in match.board.tanks}
    assert GAME.outcome(match) is None
    match = evolve(match, stack=(), phase="action", actions_left=1,
                   hands={**match.hands, "Ōarai": ("Move",)})  # fmt: skip
    match = evolve(match, total_cards=match.cards_accounted())
    target = next(a for a in GAME.legal_actions(play(match, PlayCard("Move"), Select("Hetzer")))
                  if isinstance(a, Move) and a.to == "1501")  # fmt: skip
    match = play(match, PlayCard("Move"), Select("Hetzer"), target)
    assert GAME.outcome(match).termination is CardGameEnd.STAGE_OVER


def test_there_is_no_fleeing_in_nishizumi_ryu():
    # Kuromorimine: "There Is No Fleeing in Nishizumi-ryu: During the first stage, all of the
    # Kuromorimine tanks must move closer to the Ōarai Flag Tank. This restriction no longer
    # applies once the flag tank has left the map."
    match = arranged("kuromorimine-stage-1", hands={"Kuromorimine": ("Move",)}, active=1)
    moving = play(match, PlayCard("Move"), Select("Panther"))
    flag = next(t for t in match.tanks_of("Ōarai") if t.flag)
    start = moving.board.tank("Panther").hex.distance(flag.hex)
    for move in (a for a in GAME.legal_actions(moving) if isinstance(a, Move)):
        assert moving.board.map.hex(move.to).distance(flag.hex) < start
    gone = evolve(match, board=match.board.without([flag.id]), gone=(flag.id,))
    gone = play(gone, PlayCard("Move"), Select("Panther"))
    away = [a for a in GAME.legal_actions(gone) if isinstance(a, Move)
            and gone.board.map.hex(a.to).distance(flag.hex) >= start]  # fmt: skip
    assert away  # the flag tank has left: any move again


def test_smokescreen_after_a_kuromorimine_attack_card_smokes_every_oarai_tank():
    # Kuromorimine: "Scenario Card: Smokescreen: This card may be used after the Kuromorimine
    # player has played at least one Attack Card. When the Smokescreen card is used, the Ōarai
    # player places a smoke marker on each of their tanks - apply a -2 Attack Roll modifier
    # when firing into, out of, or through a hex with a smoke marker." (the -2: tests/test_
    # panzer_vor_sight.py)
    match = arranged("kuromorimine-stage-1", phase="event")
    assert not restrictions.may_play(match, "Ōarai", "Smokescreen")
    match = evolve(match, attack_cards={"Kuromorimine": 1})
    match = play(match, PlayCard("Smokescreen"))
    assert all(t.smoke for t in match.tanks_of("Ōarai"))


def test_the_maus_checks_its_treads_after_spending_two_mp():
    # Kuromorimine Stage 2: "Maus Movement Restrictions: Whenever the Maus spends two or more
    # movement points in a single turn, you must make a tread failure check. After any move
    # where the Maus spends two or more movement points, roll a die. On a result of 6, the
    # Maus' treads are damaged, and it becomes Immobile. It may recover from Immobile status as
    # normal by using a Repairs/Maintenance card."
    match = arranged("kuromorimine-stage-2", hands={"Kuromorimine": ("Move",)}, active=1)
    match = play(match, PlayCard("Move"), Select("Maus"))
    far = [a for a in GAME.legal_actions(match) if isinstance(a, Move)
           and match.board.map.hex(a.to).distance(match.board.tank("Maus").hex) == 2]  # fmt: skip
    match = play(match, far[0])
    assert match.top == Chance("maus", 6, "Kuromorimine", ("Maus",))
    broken = play(match, Die(6))
    assert broken.board.tank("Maus").immobile
    assert not play(match, Die(5)).board.tank("Maus").immobile
    repair = evolve(broken, stack=(), phase="event", hands={**broken.hands,
                    "Kuromorimine": ("Repairs/Maintenance",)})  # fmt: skip
    repair = evolve(repair, total_cards=repair.cards_accounted())
    repaired = play(repair, PlayCard("Repairs/Maintenance", "repair:Maus"))
    assert not repaired.board.tank("Maus").immobile


def test_characters_ride_in_on_pravda_reinforcements():
    # Characters: "In some scenarios a Character may be placed on the map after the match has
    # begun - you will not be able to use the abilities of these Characters until they are
    # actually placed on the map."
    match = started("pravda")
    rides = {c.name: c.arrives_with for c in match.crew if c.side == "Pravda"}
    assert rides == {"Katyusha": "KV-2 (reinforcement 9)", "Nonna": "IS-2 (reinforcement 10)"}
    assert Crew("Katyusha", "Pravda", None, "front", "KV-2 (reinforcement 9)") in match.crew
    assert all(c.abilities == () for c in match.crew if c.side == "Pravda")
    placed = first_in_reserve(match, "Pravda", "IS-2 (reinforcement 10)")
    placed = arrive(placed, "Pravda", "1620")
    nonna = next(c for c in placed.crew if c.name == "Nonna")
    assert nonna.tank == "IS-2 (reinforcement 10)" and nonna.abilities


def test_a_smoked_tank_entering_a_ridge_hex_loses_its_smoke_as_in_a_barren_hex():
    # Barren Hexes: "0504-0506, 0604-0606": the main rulebook counts 0505 and 0605 as barren
    match = arranged("kuromorimine-stage-1", hands={"Ōarai": ("Move",)})
    match = at(match, {"Type 89": "0405"})
    board = match.board
    match = evolve(match, board=board.with_tank(replace(board.tank("Type 89"), smoke=True)))
    match = play(match, PlayCard("Move"), Select("Type 89"))
    into = next(a for a in GAME.legal_actions(match) if isinstance(a, Move) and a.to == "0505")
    match = play(match, into)
    assert not match.board.tank("Type 89").smoke


def test_the_oarai_player_may_remove_a_smoke_marker_at_any_time():
    # "The Ōarai player may also choose to remove a smoke marker from a tank at any time."
    from workbench.games.panzer_vor.rules.actions import RemoveSmoke

    match = arranged("kuromorimine-stage-1", hands={"Ōarai": ("Move",)})
    board = match.board
    match = evolve(match, board=board.with_tank(replace(board.tank("Type 89"), smoke=True)))
    assert RemoveSmoke("Type 89") in GAME.legal_actions(match)  # in the Action Phase
    carrying = play(match, PlayCard("Move"))  # and while a card is carried out
    assert RemoveSmoke("Type 89") in GAME.legal_actions(carrying)
    cleared = play(carrying, RemoveSmoke("Type 89"))
    assert not cleared.board.tank("Type 89").smoke and cleared.top == carrying.top
    assert not any(isinstance(a, RemoveSmoke) for a in GAME.legal_actions(cleared))
    kuro = evolve(match, active=1)  # only the Ōarai player may
    assert not any(isinstance(a, RemoveSmoke) for a in GAME.legal_actions(kuro))


# --- Exhibition! ------------------------------------------------------------------------------


def test_exhibition_setup_starting_player_match_type_and_obstacles():
    # Exhibition!: Determining the Starting Player: "After both players have prepared their
    # forces, they compare the total point value of all of their tanks. The player with the
    # lowest total chooses whether they act first or second (randomly decide if tied)."
    # Choosing the Match Type: "The player who acts first chooses whether the match will be an
    # Annihilation Battle or a Flag Battle." "Use one of the school markers to designate which
    # tank is the flag tank." Terrain Setup: "Exhibition matches are set up on a blank map.
    # Each player rolls two dice to determine the number of obstacles they place on the map
    # (each player should prepare their own obstacles). Starting with the player who acts
    # first, the players alternate placing obstacles on the map until all of them have been
    # placed. You may not place obstacles in more than two hexes in a row (placing obstacles in
    # only two adjacent hexes is okay). Obstacles may not be placed in the deployment zones."
    # Tank Deployment: "The tank deployment zones consist of the first row of hexes on either
    # side of the map."
    match = started("exhibition")
    assert match.board.map.name == "Blank map"
    # equal totals: "randomly decide if tied"
    assert match.top == Chance("starting player", 2, "", ("Player 1", "Player 2"))
    match = play(match, Die(2))
    assert match.top == Choice("Player 2", "act first", ("first", "second"))
    match = play(match, Choose("second"))
    assert match.order == ("Player 1", "Player 2")
    # "The player who acts first chooses whether ... Annihilation ... or Flag"
    assert match.top == Choice("Player 1", "match type", ("annihilation", "flag"))
    match = play(match, Choose("flag"))
    assert match.top.side == "Player 1"  # each player marks one tank as the Flag Tank
    match = play(match, Choose(match.top.options[1]))
    assert match.top.side == "Player 2"
    match = play(match, Choose(match.top.options[0]))
    assert match.match_type == "flag"
    assert [sum(t.flag for t in match.tanks_of(s)) for s in match.order] == [1, 1]
    # two dice each for the number of obstacles: 36 ordered pairs
    outcomes = GAME.chance_outcomes(match)
    assert len(outcomes) == 36
    match = play(match, Die(1), Die(7))  # 1+1 = 2 and 2+1 = 3 obstacles
    placed = []
    while isinstance(match.top, Choice) and match.top.purpose == "obstacle":
        side, option = match.top.side, match.top.options[0]
        placed.append(side)
        match = play(match, Choose(option))
    assert placed == ["Player 1", "Player 2", "Player 1", "Player 2", "Player 2"]  # alternately
    grid = match.board.map.grid
    forest = {h for h in grid if match.board.map.terrain_name(h) == "forest"}
    assert len(forest) == 5
    rows = {grid.to_offset(h)[1] for h in grid}
    assert all(grid.to_offset(h)[1] not in (min(rows), max(rows)) for h in forest)
    for h in forest:  # "not ... more than two hexes in a row"
        for d in range(6):
            line = (h, h.neighbor(d), h.neighbor(d).neighbor(d))
            assert not all(x in forest for x in line)
    # Tank Deployment: the first player places every tank in its first row, then the second
    deployers = []
    while isinstance(match.top, Choice) and match.top.purpose == "place":
        choice = match.top
        deployers.append(choice.side)
        rows_used = {grid.to_offset(match.board.map.hex(o))[1] for o in choice.options}
        assert rows_used <= {min(rows), max(rows)} and len(rows_used) == 1
        match = play(match, Choose(choice.options[-1]))
    assert deployers == ["Player 1"] * 4 + ["Player 2"] * 4
    assert len({t.hex for t in match.board.tanks}) == 8
    assert isinstance(match.top, Drawing) and match.top.deal  # then five cards each


def _stage_1_over():
    match = arranged("kuromorimine-stage-1", hands={"Ōarai": ("Move", "Move")})
    match = at(match, {"Type 89": "1502", "Hetzer": "1402"})
    match = play(match, PlayCard("Move"), Select("Type 89"), Move("Type 89", "1501", 4))
    match = evolve(match, stack=(), phase="action", actions_left=1)
    move = next(a for a in GAME.legal_actions(play(match, PlayCard("Move"), Select("Hetzer")))
                if isinstance(a, Move) and a.to == "1501")  # fmt: skip
    return play(match, PlayCard("Move"), Select("Hetzer"), move)


def test_stage_2_follows_stage_1_with_its_survivors_hands_and_deck():
    # Kuromorimine: "Scenario Format: This match uses two maps. The first stage uses the map
    # with the hill on it, and the second stage uses the city map. If the match has not been
    # decided in the first stage, proceed to the second stage." Stage 2: Ōarai: "Tanks: All
    # tanks that survived Stage 1" "Characters: All characters on tanks that survived Stage 1
    # (face-down characters remain face-down)" "Starting Hand: All cards remaining in your hand
    # at the end of Stage 1 + draw enough cards from the deck so that your total hand size is
    # 5"; Kuromorimine: "Tanks: All tanks that survived Stage 1 (see the Scenario Rules below)"
    # Scenario Rules: "Beginning the Second Stage: At the start of Stage 2, mix together the
    # discard pile, the deck, and the Reinforcements Scenario Card and reshuffle them to create
    # a new deck. Leave your hands the same as they were at the end of Stage 1, and draw enough
    # cards from the newly formed deck so that your hand contains five cards. If you draw any
    # Enforcement Cards or the Reinforcements Scenario Card, set them aside until after both
    # players have drawn their hands, then return them to the deck and reshuffle it."
    from workbench.games.panzer_vor.rules import linked

    stage_1 = _stage_1_over()
    assert GAME.outcome(stage_1).termination is CardGameEnd.STAGE_OVER
    tired = tuple(replace(c, face="back") if c.name == "Duck Team" else c for c in stage_1.crew)
    stage_1 = evolve(stage_1, crew=tired)
    first = stage_1.board.map
    assert any("ridge" in first.terrain_name(h) for h in first.grid)  # the hill's map
    match = linked.next_stage(stage_1, scenario("kuromorimine-stage-2"))
    GAME.invariants(match)
    assert match.board.map.name == "Kuromorimine vs. Ōarai Girls Academy Second Stage"
    # the Type 89 crossed the bridge with Duck Team aboard, face down: both go on (issue 49)
    duck = next(c for c in match.crew if c.name == "Duck Team")
    assert (duck.face, duck.tank or duck.arrives_with) == ("back", "Type 89")  # still face down
    turtle = next(c for c in match.crew if c.name == "Turtle Team")
    assert (turtle.face, turtle.arrives_with) == ("front", "Hetzer")
    assert {t.id for t in (*match.tanks_of("Ōarai"), *match.reserves.get("Ōarai", ()),
            *match.undeployed.get("Ōarai", ()))} == {t.id for t in (
            *stage_1.tanks_of("Ōarai"), *stage_1.exited)}  # fmt: skip
    for side in match.order:
        assert set(stage_1.hand(side)) <= set(match.hand(side))  # the hands kept
    # hands filled up to five, Enforcement cards and Reinforcements set aside while dealing
    while isinstance(match.top, Drawing):
        allowed = {a.card for a, _ in GAME.chance_outcomes(match)}
        assert "Reinforcements" not in allowed
        match = play(match, GAME.chance_outcomes(match)[0][0])
    assert all(len(match.hand(s)) == 5 for s in match.order)
    assert dict(match.deck).get("Reinforcements") == 1  # mixed into the new deck
    assert set(linked.STAGE_2_CARDS) <= set(match.scenario_cards["Ōarai"])
    # the Ōarai tanks enter from 1019, each with one move of 4 MP, no card played
    assert match.top == Choice("Ōarai", "enter", ("1019",))
    match = play(match, Choose("1019"))
    order = match.top
    assert isinstance(order, Order) and order.mp == 4
    moves = [a for a in GAME.legal_actions(match) if isinstance(a, Move)]
    tank = match.board.tank(order.tank)
    assert max(match.board.map.hex(m.to).distance(tank.hex) for m in moves) == 4
    waiting = [t.id for t in match.reserves["Kuromorimine"]]
    assert waiting[0] == "Tiger I"  # the Flag Tank comes first
    assert "Type 89" in {t.id for t in (*match.tanks_of("Ōarai"), *match.reserves["Ōarai"])}


def test_kuromorimine_reinforcements_arrive_at_0108_and_0109_after_the_trigger():
    from workbench.games.panzer_vor.rules import linked

    match = linked.next_stage(_stage_1_over(), scenario("kuromorimine-stage-2"))
    match = evolve(match, stack=(), phase="action", active=1, hands={**match.hands,
                   "Kuromorimine": ("Move",)})  # fmt: skip
    match = evolve(match, total_cards=match.cards_accounted())
    moved = play(match, PlayCard("Move"), Select("Maus"), Stop())
    assert len(moved.reserves["Kuromorimine"]) == len(match.reserves["Kuromorimine"])
    match = evolve(match, flags=match.flags | {"kuromorimine reinforcements"})
    moved = play(match, PlayCard("Move"), Choose("Tiger I@0108"), Choose("Panther@0109"))
    moved = play(moved, Select("Maus"), Stop())
    labels = {moved.board.map.grid.label(t.hex) for t in moved.tanks_of("Kuromorimine")}
    assert {"0108", "0109"} <= labels
    assert moved.board.tank("Tiger I").flag


def test_hs0017_sets_the_final_duel_and_closes_1007():
    # Kuromorimine Stage 2: "Scenario Card: HS0017: The Kuromorimine Flag Tank must be able to
    # fire at the Ōarai flag tank to play this card (i.e. it must be within firing range and
    # have line of sight, and have a card in hand that can be used to fire). When this card is
    # used, place the Ōarai flag tank in hex 1402, and the Kuromorimine flag tank in hex 1006."
    # "For the rest of the match, no tanks from either side may enter hex 1007, and the tank in
    # hex 1007 may not move or fire at the flag tank. If there are no Ōarai tanks that may be
    # placed in hex 1007, this card may not be used."
    match = arranged("kuromorimine-stage-2", hands={"Kuromorimine": ("Fire",)}, phase="event")
    assert match.board.tank("Maus").flag and match.board.tank("Panzer IV Ausf. H").flag
    alone = at(match, {"Maus": "0810", "Panzer IV Ausf. H": "0813"})
    assert not restrictions.may_play(alone, "Ōarai", "HS0017")  # no other Ōarai tank for 1007
    board = match.board
    spare = replace(board.tank("Panzer III Ausf. J"), id="Hetzer", side="Ōarai", flag=False)
    board = board.with_tank(replace(spare, hex=board.map.hex("1210")))
    match = evolve(match, board=board)
    match = at(match, {"Maus": "0810", "Panzer IV Ausf. H": "0813"})  # within range, in sight
    assert restrictions.may_play(match, "Ōarai", "HS0017")
    no_card = evolve(match, hands={**match.hands, "Kuromorimine": ("Move",)})
    assert not restrictions.may_play(no_card, "Ōarai", "HS0017")  # a card that can fire
    match = play(match, PlayCard("HS0017", "Hetzer"))
    label = match.board.map.grid.label
    assert label(match.board.tank("Panzer IV Ausf. H").hex) == "1402"
    assert label(match.board.tank("Maus").hex) == "1006"
    assert label(match.board.tank("Hetzer").hex) == "1007"
    assert not hooks.move_allowed(match, match.board.tank("Hetzer"), match.board.map.hex("1008"))
    assert not hooks.may_fire_at(match, "Hetzer", "Maus")


def test_super_strategy_only_when_the_hex_behind_the_target_is_free():
    # Kuromorimine Stage 2: "Scenario Card: Super Strategy: The Ōarai player may not use this
    # card if the Ōarai tank would be unable to enter the hex behind the target tank (e.g. if it
    # is on a map edge, or if the hex is occupied by another tank)."
    match = arranged("kuromorimine-stage-2", active=0)
    match = at(match, {"Maus": "0810", "Panzer IV Ausf. H": "0813"})
    board = match.board
    maus = board.tank("Maus")
    match = evolve(match, board=board.with_tank(replace(maus, facing=1)))  # its back to the west
    match = play(match, PlayCard("Super Strategy"), Select("Panzer IV Ausf. H"))
    assert Fire("Panzer IV Ausf. H", "Maus") in GAME.legal_actions(match)
    board = match.board
    pz3 = replace(board.tank("Panzer III Ausf. J"), hex=board.map.hex("0809"))
    blocked = evolve(match, board=board.with_tank(pz3))
    assert Fire("Panzer IV Ausf. H", "Maus") not in GAME.legal_actions(blocked)
    fired = play(match, Fire("Panzer IV Ausf. H", "Maus"))
    assert fired.board.map.grid.label(fired.board.tank("Panzer IV Ausf. H").hex) == "0809"


def test_cv33_reinforcements_after_a_cv33_is_destroyed_by_discarding_a_move_card():
    # Anzio (Revised): Optional Rules: "Reinforcements: Anzio can start with four CV33s instead
    # of six, and the remaining two can be added later as reinforcements. This rule can be
    # activated during the Action Phase of any Anzio turn after a CV33 is destroyed." "If two
    # tanks have been destroyed, both can be placed at the same time - if one tank has been
    # destroyed then only one tank can be placed (another Move card can be discarded later
    # when another tank is destroyed to place the other reinforcement tank). These may be
    # placed next to the same or different tanks. Reinforcements cannot appear adjacent to
    # Ōarai tanks."
    match = started("anzio-revised", cv33_reinforcements=True)
    assert sum(t.name == "CV33" for t in match.tanks_of("Anzio")) == 4
    assert len(match.reserves["Anzio"]) == 2
    match = arranged("anzio-revised", hands={"Anzio": ("Move", "Fire")})
    match = evolve(match, reserves={"Anzio": started("anzio-revised",
                   cv33_reinforcements=True).reserves["Anzio"]})  # fmt: skip
    assert Discard("Move") not in GAME.legal_actions(match)  # no CV33 destroyed yet
    match = evolve(match, kills=(("Panzer IV Ausf. D", "CV33 2", "Anzio"),),
                   board=match.board.without(["CV33 2"]))  # fmt: skip
    match = evolve(match, total_cards=match.cards_accounted())
    assert Discard("Move") in GAME.legal_actions(match)
    match = play(match, Discard("Move"))
    assert match.top.purpose == "cv33" and match.actions_left == 1  # not an Action
    where = match.top.options[0]
    match = play(match, Choose(where))
    placed = match.board.tank_at(where)
    assert placed is not None and placed.name == "CV33"
    near_oarai = {n for t in match.tanks_of("Ōarai") for n in t.hex.neighbors()}
    assert placed.hex not in near_oarai
    assert Discard("Move") not in GAME.legal_actions(match)  # one destroyed, one placed
    # two destroyed before any is placed: one discard places both
    two = started("anzio-revised", cv33_reinforcements=True)
    kills = tuple(("Panzer IV Ausf. D", f"CV33 {n}", "Anzio") for n in (2, 3))
    two = evolve(two, stack=(), phase="action", waiting_cards=(), kills=kills,
                 hands={**two.hands, "Anzio": ("Move", "Fire")},
                 board=two.board.without(["CV33 2", "CV33 3"]))  # fmt: skip
    two = play(evolve(two, total_cards=two.cards_accounted()), Discard("Move"))
    two = play(two, Choose(two.top.options[0]))
    assert two.top.purpose == "cv33"  # the second, next to the same or another Anzio tank
    anzio = {n for t in two.tanks_of("Anzio") for n in t.hex.neighbors()}
    assert all(two.board.map.hex(o) in anzio for o in two.top.options)


def test_cv33_reinforcements_appear_and_do_not_move_this_turn():
    # "By discarding one Move card (this is not an Action), you can place the reinforcements
    # adjacent to Anzio tanks (the new tanks appear there and do not move this turn)."
    from workbench.games.panzer_vor.rules.turn import next_turn

    match = arranged("anzio-revised", hands={"Anzio": ("Move", "Move", "Fire")})
    match = evolve(match, reserves={"Anzio": started("anzio-revised",
                   cv33_reinforcements=True).reserves["Anzio"]},
                   kills=(("Panzer IV Ausf. D", "CV33 2", "Anzio"),),
                   board=match.board.without(["CV33 2"]))  # fmt: skip
    match = evolve(match, total_cards=match.cards_accounted())
    match = play(match, Discard("Move"))
    where = match.top.options[0]
    match = play(match, Choose(where))
    placed = match.board.tank_at(where)
    match = play(match, PlayCard("Move"), Select(placed.id))
    assert not any(isinstance(a, Move) for a in GAME.legal_actions(match))  # not this turn
    later = next_turn(next_turn(evolve(match, stack=(), phase="end")))
    assert later.side_to_act == "Anzio" and hooks.move_filter(later, placed) is None


def test_stage_2_keeps_the_optional_rules_and_readings_agreed_for_stage_1():
    # one match in two stages: the Optional Rules in force (Turret Rotation here) and the
    # turret penalty's reading carry into Stage 2, beside Stage 2's own Wreckage
    from workbench.games.panzer_vor.rules import linked

    stage_1 = _stage_1_over()
    agreed = stage_1.board.with_options(turret_rotation=True, turret_penalty="any-rotation")
    stage_1 = evolve(stage_1, board=agreed)
    rules = linked.next_stage(stage_1, scenario("kuromorimine-stage-2")).board.options
    assert rules.turret_rotation and rules.turret_penalty == "any-rotation" and rules.wreckage
    plain = linked.next_stage(_stage_1_over(), scenario("kuromorimine-stage-2")).board.options
    assert not plain.turret_rotation and plain.turret_penalty == "attack-card" and plain.wreckage


def _ridge_costs(**options):
    """The MP of a Hetzer's steps 0304 (barren) -> 0305 (ridge) -> 0406 (ridge) -> 0407."""
    from workbench.games.panzer_vor.rules.movement import explain_move
    from workbench.rules.core import Modifier

    match = at(started("kuromorimine-stage-1", **options), {"Hetzer": "0304"})
    hexes = match.board.map
    path = []
    for label in ("0305", "0406", "0407"):
        here = hexes.hex(path[-1][0]) if path else match.board.tank("Hetzer").hex
        facing = next(d for d in range(6) if here.neighbor(d) == hexes.hex(label))
        path += [(label, facing)]
    board = match.board.with_tank(replace(match.board.tank("Hetzer"), facing=path[0][1]))
    more = [Modifier("enough MP for the test", 3, "test")]
    return [step.mp for step in explain_move(board, "Hetzer", path, more).steps]


def test_ridge_to_ridge_is_entered_like_a_hill_hex():
    # "A Ridge hex may be entered like a hill hex ... Entering a Ridge hex requires 2 MP.
    # Leaving a Ridge hex requires 1 MP." (Ridge 207) and "Moving between hill hexes, or from
    # a hill onto flat terrain requires 1 MP" (Hills): the reading, ridge to ridge 1 MP
    assert _ridge_costs() == [2, 1, 1]
    # the other reading, an option: every entry into a ridge hex 2 MP
    assert _ridge_costs(ridge_to_ridge="entering") == [2, 2, 1]
    assert "ridge_to_ridge" in [o.name for o in GAME.options(scenario("kuromorimine-stage-1"))]


# --- issue 49: the player's own choices, and the readings as options ---------------------------


def _hs0017_ready(**options):
    """Stage 2 in Ōarai's Event Phase: the Maus can fire at the Panzer IV Ausf. H, and two
    other Ōarai tanks (a Hetzer and a Type 89) may go to 1007."""
    match = started("kuromorimine-stage-2", **options)
    match = evolve(match, stack=(), phase="event", waiting_cards=(),
                   hands={**match.hands, "Kuromorimine": ("Fire",)})  # fmt: skip
    board = match.board
    pz3 = board.tank("Panzer III Ausf. J")
    for tank_id, label in (("Hetzer", "1210"), ("Type 89", "1212")):
        board = board.with_tank(replace(pz3, id=tank_id, side="Ōarai", flag=False,
                                        hex=board.map.hex(label)))  # fmt: skip
    match = evolve(match, board=board)
    match = at(match, {"Maus": "0810", "Panzer IV Ausf. H": "0813"})
    return evolve(match, total_cards=match.cards_accounted())


def test_hs0017_the_oarai_player_picks_another_of_its_tanks_for_1007():
    # Scenario Card: HS0017: "Place another of Ōarai's tanks in hex 1007."
    match = _hs0017_ready()
    plays = [a for a in GAME.legal_actions(match) if isinstance(a, PlayCard)]
    assert plays == [PlayCard("HS0017", "Hetzer"), PlayCard("HS0017", "Type 89")]
    assert PlayCard("HS0017", "Panzer IV Ausf. H") not in plays  # "another": not the flag
    after = play(match, PlayCard("HS0017", "Type 89"))
    assert after.board.map.grid.label(after.board.tank("Type 89").hex) == "1007"
    assert not hooks.may_fire_at(after, "Type 89", "Maus")
    # the first other tank, no choice, as records saved before the choice were played
    first = _hs0017_ready(hs0017_tank="first")
    assert [a for a in GAME.legal_actions(first) if isinstance(a, PlayCard)] == [
        PlayCard("HS0017")]  # fmt: skip
    sent = play(first, PlayCard("HS0017"))
    assert sent.board.map.grid.label(sent.board.tank("Hetzer").hex) == "1007"
    (option,) = [o for o in GAME.options(scenario("kuromorimine-stage-2"))
                 if o.name == "hs0017_tank"]  # fmt: skip
    assert (option.default, option.if_unwritten) == ("choose", "first")


def test_hs0017_not_with_other_tanks_already_in_the_complex_beyond_1007():
    # "This card may also not be used if other tanks are already in the hexes in the complex
    # beyond 1007." The map's zone 'Complex beyond 1007' (a stand-in: 1006 and 1402, the
    # hexes the card places tanks in beyond the entrance) and the card's own hexes.
    match = _hs0017_ready()
    complex_ = match.board.map.zones["Complex beyond 1007"]
    assert {match.board.map.grid.label(h) for h in complex_} == {"1006", "1402"}
    assert restrictions.may_play(match, "Ōarai", "HS0017")
    crowded = at(match, {"Panzer III Ausf. J": "1006"})
    assert not restrictions.may_play(crowded, "Ōarai", "HS0017")
    # a complex drawn from a map sheet: a hex of it taken refuses the card ('complex'), not
    # under the reading of the card's named hexes only
    hexmap = match.board.map.with_zone("Complex beyond 1007", ["1006", "1402", "1105"])
    drawn = evolve(match, board=replace(match.board, map=hexmap))
    drawn = at(drawn, {"Panzer III Ausf. J": "1105"})
    assert not restrictions.may_play(drawn, "Ōarai", "HS0017")
    named = evolve(drawn, flags=drawn.flags | {"hs0017 named hexes"})
    assert restrictions.may_play(named, "Ōarai", "HS0017")
    assert "hs0017 named hexes" in started("kuromorimine-stage-2",
                                           hs0017_complex="named-hexes").flags  # fmt: skip


def test_cv33_reinforcements_by_discarding_any_movement_card():
    # Anzio (Revised): Optional Rules: Reinforcements: "By discarding one Move card (this is
    # not an Action), you can place the reinforcements": any Movement card ("Movement Cards
    # have an icon of a moving tank"), or with cv33_discard 'Move' the card named Move.
    waiting = started("anzio-revised", cv33_reinforcements=True).reserves["Anzio"]

    def ready(**options):
        match = arranged("anzio-revised", hands={"Anzio": ("Full Speed Ahead!", "Fire",
                         "Move/Fire")})  # fmt: skip
        match = evolve(match, reserves={"Anzio": waiting},
                       kills=(("Panzer IV Ausf. D", "CV33 2", "Anzio"),),
                       board=match.board.without(["CV33 2"]),
                       flags=started("anzio-revised", cv33_reinforcements=True,
                                     **options).flags)  # fmt: skip
        return evolve(match, total_cards=match.cards_accounted())

    match = ready()
    discards = [a for a in GAME.legal_actions(match) if isinstance(a, Discard)]
    assert discards == [Discard("Full Speed Ahead!"), Discard("Move/Fire")]  # not Fire
    match = play(match, Discard("Full Speed Ahead!"))
    assert match.top.purpose == "cv33" and "Full Speed Ahead!" in match.discard
    only_move = ready(cv33_discard="move")
    assert not any(isinstance(a, Discard) for a in GAME.legal_actions(only_move))
    (option,) = [o for o in GAME.options(scenario("anzio-revised"))
                 if o.name == "cv33_discard"]  # fmt: skip
    assert (option.default, option.if_unwritten) == ("movement-card", "move")


def test_a_ceasefire_deploys_the_characters_still_waiting_on_the_reinforcements():
    # Pravda Reinforcements: "If the Ceasefire Event Card is used before all the
    # reinforcements have been placed on the map, deploy all of the remaining reinforcement
    # tanks when the tanks are redeployed" - and their characters ride in on them
    match = arranged("pravda", phase="event", active=1)
    crew = tuple(c for c in match.crew if c.side != "Pravda")
    waiting = tuple(Crew(n, "Pravda", None, "front") for n in ("Katyusha", "Nonna"))
    match = at(evolve(match, crew=(*crew, *waiting)), {"Type 89": "1405"})
    quick = play(match, PlayCard("Ceasefire"))
    on = {c.name: c.tank for c in quick.crew if c.side == "Pravda"}
    reinforcements = {t.id for t in quick.tanks_of("Pravda") if "reinforcement" in t.id}
    assert set(on.values()) <= reinforcements and None not in on.values()
    chosen = play(evolve(match, flags=match.flags - {"quick setup"}), PlayCard("Ceasefire"))
    assert chosen.top.purpose == "pravda rider" and chosen.top.side == "Pravda"
    assert set(chosen.top.options) == {t.id for t in match.reserves["Pravda"]}


def test_pravdas_characters_may_be_chosen_as_each_tank_arrives():
    # Pravda High School: "Characters (on different Reinforcement tanks): Katyusha (Front),
    # Nonna (Front)"; Pravda Reinforcements: "The Pravda player deploys one of their
    # remaining tanks into the Pravda deployment zone each time they play a Movement Card".
    # The option's 'on-arrival': as each tank deploys, a waiting character may ride on it.
    match = started("pravda", setup="choose", pravda_characters="on-arrival")
    waiting = {c.name: (c.tank, c.arrives_with) for c in match.crew if c.side == "Pravda"}
    assert waiting == {"Katyusha": (None, None), "Nonna": (None, None)}
    assert not any(isinstance(f, Choice) and f.purpose == "pravda rider" for f in match.stack)
    match = arranged("pravda", hands={"Pravda": ("Move",)})
    riders = tuple(Crew(n, "Pravda", None, "front") for n in ("Katyusha", "Nonna"))
    match = evolve(match, crew=(*match.crew, *riders))
    match = play(match, PlayCard("Move"), Select("T-34/76"))
    match = play(match, next(a for a in GAME.legal_actions(match) if isinstance(a, Move)))
    match = play(match, Choose("T-34/76 (reinforcement 1)"))
    match = play(match, Choose(match.top.options[0]))  # its hex
    assert match.top == Choice("Pravda", "pravda rider arrives",
                               ("Katyusha", "Nonna", "no character"),
                               ("T-34/76 (reinforcement 1)",))  # fmt: skip
    after = play(match, Choose("Katyusha"))
    katyusha = next(c for c in after.crew if c.name == "Katyusha")
    assert katyusha.tank == "T-34/76 (reinforcement 1)" and katyusha.face == "front"
    # the last tanks carry the characters still waiting: no "no character" then
    from workbench.games.panzer_vor.rules.scenario_rules.pravda import rider_choice

    last = evolve(match, stack=(), reserves={"Pravda": match.reserves["Pravda"][:1]})
    assert rider_choice(last, "T-34/85 (reinforcement 5)", 1).top.options == ("Katyusha", "Nonna")


def test_hs0017_offers_only_a_tank_that_leaves_the_complex_clear():
    # "This card may also not be used if other tanks are already in the hexes in the complex
    # beyond 1007": a tank of Ōarai's standing where a Flag Tank goes may be the one sent to
    # 1007 (it leaves), never another one.
    match = at(_hs0017_ready(), {"Type 89": "1006"})
    plays = [a for a in GAME.legal_actions(match) if isinstance(a, PlayCard)]
    assert plays == [PlayCard("HS0017", "Type 89")]
    after = play(match, plays[0])
    label = after.board.map.grid.label
    assert (label(after.board.tank("Type 89").hex), label(after.board.tank("Maus").hex)) == (
        "1007", "1006")  # fmt: skip
    # records played before the choice: the first tank goes, and any counter there refuses it
    old = evolve(match, flags=match.flags | {"hs0017 first tank", "hs0017 named hexes"})
    assert not restrictions.may_play(old, "Ōarai", "HS0017")
    old = evolve(_hs0017_ready(), flags=match.flags | {"hs0017 first tank", "hs0017 named hexes"})
    assert [a for a in GAME.legal_actions(old) if isinstance(a, PlayCard)] == [PlayCard("HS0017")]
