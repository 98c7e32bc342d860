"""TANKS on the one contract (ARCHITECTURE.md: "One contract"): a table loaded by name or file,
the options listed and checked at start, the exact odds of a shot from the state (the Critical
cards drawn from the deck as it stands) agreeing with the game's own dice and draws, explain
agreeing with apply, reach as the ends of the legal moves, the greedy practice opponent, and
what each side sees."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from tests.tanks_pieces import battle, rulebook_example, table, tank
from tests.test_contract import _destroy_probability
from workbench import tanks
from workbench.errors import ArgumentError
from workbench.files import BoardFileError
from workbench.games.tanks.boards.cards import tanks_cards
from workbench.games.tanks.rules import sections
from workbench.games.tanks.rules.missions import PER_OBJECTIVE
from workbench.games.tanks.rules.odds import critical_damage
from workbench.games.tanks.rules.shooting import reroll_pick
from workbench.games.tanks.rules.state import Shot
from workbench.render import svg_of
from workbench.testing.conformance import playout

# the table file's terrain and edges, no set-up phase, the tanks placed by the workbench
GIVEN = {"table_setup": "given", "deployment": "quick"}
OPTION_NAMES = [
    "platoons",
    "attacker",
    "mission",
    "turn_limit",
    "deployment",
    "objectives",
    "table_setup",
    "terrain_grid",
    PER_OBJECTIVE,
    "point_limit",
    "platoon_rules",
    "card_points",
    "community_keywords",
    "crew_cards",
    "crew",
    "sight_grazing",
    "woods_touched",
    "front_line",
    "assault_gun_arc",
]


# --- loading and starting --------------------------------------------------------------------


def test_a_shipped_table_loads_by_name_or_by_file():
    assert {"barkmanns-corner", "standard-table"} <= set(tanks.scenarios())
    corner = tanks.load_scenario("barkmanns-corner")
    assert isinstance(corner, tanks.Table) and corner.name == "Barkmann's Corner"
    path = tanks.scenarios()["barkmanns-corner"]
    assert tanks.load_scenario(path) == corner == tanks.load_scenario(Path(path))
    roster = Path(path).parent / "my-cards-roster.json"
    with pytest.raises(BoardFileError, match="Table"):
        tanks.load_scenario(roster)  # a file of another kind
    with pytest.raises(ArgumentError, match="name_or_path"):
        tanks.load_scenario(42)


def test_start_takes_a_table_and_its_options():
    table_ = tanks.load_scenario("standard-table")
    assert tanks.start(table_, {"turn_limit": 3}).turn_limit == 3
    with pytest.raises(ArgumentError, match="scenario"):
        tanks.start("standard-table")  # a name is no table: load_scenario first


# --- options ---------------------------------------------------------------------------------


def test_every_option_is_listed_with_its_default_for_the_table():
    corner, standard = (tanks.load_scenario(n) for n in ("barkmanns-corner", "standard-table"))
    for table_ in (corner, standard):
        listed = tanks.options(table_)
        # Barkmann's Corner's map, Attacker and corners are the scenario's: no table_setup
        names = [
            n
            for n in OPTION_NAMES
            if n not in ("table_setup", "terrain_grid") or table_ is standard
        ]
        assert [o.name for o in listed] == names
        assert all(o.section and o.reading for o in listed)
    barkmann = {o.name: o for o in tanks.options(corner)}
    # Your First Game: Barkmann's Corner: "In this scenario the Americans are the attacker"
    assert barkmann["attacker"].default == "American"
    assert barkmann["platoons"].default == {
        "German": ["Panther"], "American": ["Sherman (75mm)", "Sherman (75mm)"],
    }  # fmt: skip
    assert barkmann["mission"].default == "barkmanns-corner"
    assert barkmann["platoons"].section == sections.BARKMANN
    plain = {o.name: o for o in tanks.options(standard)}
    assert plain["mission"].default == "panzer-ace" and plain["attacker"].default is None
    assert plain["turn_limit"].default == 10 and "stand-in" in plain["turn_limit"].reading


@pytest.mark.parametrize("name", ["barkmanns-corner", "standard-table"])
def test_the_listed_defaults_are_the_games_defaults(name):
    table_ = tanks.load_scenario(name)
    given = tanks.start(table_, {o.name: o.default for o in tanks.options(table_)})
    plain = tanks.start(table_)
    for field in ("tanks", "attacker", "defender", "mission", "turn_limit", "objectives"):
        assert getattr(given, field) == getattr(plain, field), field


@pytest.mark.parametrize(
    ("options", "named", "words"),
    [
        ({"platoons": -1}, "platoons", "two sides"),
        ({"platoons": {"German": ["Tiger II"], "American": ["Pershing"]}}, "platoons", "Tiger II"),
        ({"platoons": {"German": ["Panther"]}}, "platoons", "two players"),
        ({"platoons": {"German": [], "American": ["Pershing"]}}, "platoons", "one tank or more"),
        ({"turn_limit": 2.7}, "turn_limit", "whole number"),
        ({"turn_limit": 0}, "turn_limit", "from 1"),
        ({"turn_limit": True}, "turn_limit", "whole number"),
        ({"attacker": "Japanese"}, "attacker", "German, American"),
        ({"attacker": ""}, "attacker", "name of a side"),
        ({"mission": "capture"}, "mission", "panzer-ace"),
        ({"deployment": "random"}, "deployment", "'players'"),
        ({PER_OBJECTIVE: "no"}, PER_OBJECTIVE, "true or false"),
        ({"speed": 3}, "speed", "an option of this game"),
    ],
)
def test_a_bad_option_is_refused_naming_it(options, named, words):
    table_ = tanks.load_scenario("standard-table")
    with pytest.raises(tanks.OptionError) as refused:
        tanks.start(table_, options)
    assert refused.value.option == named and words in str(refused.value)
    assert isinstance(refused.value, ArgumentError)
    if named == "attacker":  # checked against the platoons, which start sets up
        return
    placed = [tank("P", "Panther", "German", (20, 20), 0)]
    with pytest.raises(tanks.OptionError) as by_hand:  # a battle set up by hand checks them too
        tanks.battle(table_, placed, "German", "American", options=options)
    assert by_hand.value.option == named
    chosen = tanks.battle(
        table_, placed, "German", "American", options={"woods_touched": "ignored"}
    )
    assert chosen.options == {"woods_touched": "ignored"}


def test_a_platoon_is_from_one_country():
    # Components: Tank Cards — Card Anatomy: "Country — This identifies the country that fielded
    # this tank."
    # Building Your Platoon: Tank Cards: "Your Platoon may contain any mix of tanks as long as
    # they are from the same Country."
    table_ = tanks.load_scenario("standard-table")
    mixed = {"German": ["Panther", "Sherman (75mm)"], "American": ["Pershing"]}
    with pytest.raises(tanks.OptionError, match="one Country") as refused:
        tanks.start(table_, {"platoons": mixed})
    assert refused.value.section == sections.TANK_CARDS
    german = {"German": ["Panther", "StuG G"], "American": ["Pershing"]}
    assert [
        t.card.name for t in tanks.start(table_, {"platoons": german, **GIVEN}).in_play("German")
    ]


# --- odds ------------------------------------------------------------------------------------


def _duel(attack, defence, speed, keywords=("Blitzkrieg",), damage=0, deck=None, discard=()):
    """A shooter with ``attack`` dice and a target rolling ``defence`` (plus the shooter's
    Speed) on an open table, far apart, face to face: no Cover, Close Range or Side Shot."""
    card = tanks_cards()["Panther"]
    shooter = replace(
        tank("A", "Panther", "German", (20, 70), 0, speed=speed),
        card=card.with_values("test", attack=attack, keywords=keywords),
    )
    target = replace(
        tank("B", "Panther", "American", (20, 10), 180, damage=damage),
        card=card.with_values("test", defence=defence),
    )
    duel = battle(table(), [shooter, target])
    if deck is not None:
        duel = replace(duel, deck=tuple(sorted(deck)), discard=tuple(sorted(discard)))
    return duel


DUELS = {
    "moving": _duel(3, 1, speed=1, damage=4),
    "stationary, re-rolling when worth it": _duel(2, 1, speed=0, damage=4),
    "Semi-Indirect Fire, keeping one": _duel(
        2, 1, speed=0, keywords=("Semi-Indirect Fire",), damage=4
    ),
    "Big Gun": _duel(2, 1, speed=1, keywords=("Big Gun",), damage=4),
    "the discards reshuffled mid-shot": _duel(
        3, 0, speed=1, damage=3, deck=("Busted Tracks",),
        discard=("Penetration (stand-in)", "Gun Damaged (stand-in)"),
    ),
    "no Critical card left": _duel(3, 0, speed=1, damage=3, deck=()),
}  # fmt: skip


@pytest.mark.parametrize("case", sorted(DUELS))
def test_odds_destroy_is_the_games_own_chance_through_dice_and_draws(case):
    duel = DUELS[case]
    odds = tanks.odds(duel, "A", "B")
    assert odds.refusal is None and odds.shot == tanks.Shoot("A", "B")
    declared = tanks.apply(duel, odds.shot).state
    assert 0 < odds.destroy < 1
    assert odds.destroy == _destroy_probability(tanks, declared, "B")


def test_critical_cards_are_drawn_from_the_deck_as_it_stands():
    # Shooting: Critical Hits: "If the card is Repairable (marked with a wrench symbol), place
    # the Critical card on the Tank card ... otherwise place the Critical card on the discard
    # pile." Busted Tracks stays on the tank, so a second draw reshuffles only the other card.
    two = dict(critical_damage(("Busted Tracks",), ("Penetration (stand-in)",), 2))
    assert two == {3: 1}  # Busted Tracks (1), then Penetration (2) reshuffled in
    again = dict(critical_damage(("Shaken Crew (stand-in)",), (), 2))
    assert again == {2: 1}  # Shaken Crew is discarded, reshuffled in and drawn again
    assert dict(critical_damage((), (), 2)) == {2: 1}  # the stand-in: 1 damage each


def test_the_choice_between_the_dice_is_the_one_the_odds_assume():
    duel = _duel(2, 1, speed=0)
    shot = Shot("A", "B", 2, 1, "reroll?", attack=(1, 2))
    assert reroll_pick(0, 0, 2, 1, False) == "all"
    assert tanks.GAME.declining(replace(duel, shot=shot)) == tanks.Reroll()
    kept = replace(shot, attack=(6, 6))
    assert tanks.GAME.declining(replace(duel, shot=kept)) == tanks.KeepRoll()
    semi = _duel(3, 1, speed=0, keywords=("Semi-Indirect Fire",))
    one_six = Shot("A", "B", 3, 1, "reroll?", attack=(1, 1, 6))
    assert reroll_pick(0, 1, 3, 1, True) == "keep one"
    assert tanks.GAME.declining(replace(semi, shot=one_six)) == tanks.Reroll((6,))
    cancels = Shot("A", "B", 3, 2, "cancel-shooter", hits=1, crits=2, to_cancel_shooter=2)
    assert list(cancels.cancel_choices()) == [0, 1]
    assert tanks.GAME.declining(replace(duel, shot=cancels)) == tanks.Cancel(1)  # Hits first
    theirs = replace(cancels, step="cancel-target", to_cancel_target=1)
    assert tanks.GAME.declining(replace(duel, shot=theirs)) == tanks.Cancel(0)  # Criticals
    assert tanks.GAME.declining(duel) is None


def test_odds_say_when_the_shot_cannot_be_declared_now_and_draw_themselves():
    start = tanks.start(tanks.load_scenario("standard-table"), GIVEN)
    german, american = start.in_play("German")[0].id, start.in_play("American")[0].id
    odds = tanks.odds(start, german, american)
    assert odds.refusal is not None and odds.refusal.section == sections.TURN_SEQUENCE
    assert odds.reasons[-1] == odds.refusal and "destroyed with probability" in odds.lines()[0]
    assert "<svg" in svg_of(odds) and "<svg" in odds._repr_svg_()
    with pytest.raises(ArgumentError, match="target"):
        tanks.odds(start, german, "Tiger")
    duel = _duel(3, 1, speed=1, damage=4)
    assert tanks.odds(duel, "A", "B").at_least(1) > tanks.odds(duel, "A", "B").destroy


def test_odds_asked_out_of_turn_give_the_shots_chance_and_refuse_it_naming_the_phase():
    # Turn Sequence: the Shooting Phase comes after the Movement Phase
    shooting = rulebook_example()
    moving = replace(shooting, phase="movement")
    now, early = (
        tanks.odds(shooting, "Panther", "Sherman"),
        tanks.odds(moving, "Panther", "Sherman"),
    )
    assert now.shot == tanks.Shoot("Panther", "Sherman") and now.refusal is None
    assert early.shot is None and early.destroy == now.destroy > 0  # the chance it would have
    assert early.refusal == early.reasons[-1] and early.refusal.section == sections.TURN_SEQUENCE
    assert early.refusal.text.startswith("not fired now (movement phase): ")


# --- explain and reach -----------------------------------------------------------------------


def _first_move(state, tank_id):
    return next(a for a in tanks.legal_actions(state) if isinstance(a, tanks.Move)
                and a.tank == tank_id)  # fmt: skip


def test_explain_gives_applys_refusal_first_then_what_the_arrow_would_do():
    start = tanks.start(tanks.load_scenario("standard-table"), GIVEN)
    mover = tanks.current_player(start)
    acting = next(a.tank for a in tanks.legal_actions(start) if isinstance(a, tanks.Move))
    waiting = next(t.id for t in start.in_play() if t.id != acting and t.side != mover)
    placement = tanks.move_sweep(start, waiting).options[0][0]
    early = tanks.Move.of(waiting, placement)
    verdict = tanks.explain(start, early)
    with pytest.raises(tanks.IllegalAction) as refused:
        tanks.apply(start, early)
    assert not verdict.legal and verdict.reasons[0] == refused.value.reason
    assert any("the placement itself is legal" in r.text for r in verdict.reasons[1:])
    legal = tanks.explain(start, _first_move(start, acting))
    assert legal.legal and legal.reasons[-1].text == "Move 1 of 2 this turn"
    duel = _duel(3, 1, speed=1, damage=4)
    shot = tanks.explain(duel, tanks.Shoot("A", "B"))
    assert shot.legal and "destroyed with probability" in shot.reasons[-1].text


def test_reach_is_where_the_legal_moves_end():
    start = tanks.start(tanks.load_scenario("standard-table"), GIVEN)
    acting = next(a.tank for a in tanks.legal_actions(start) if isinstance(a, tanks.Move))
    reach = tanks.reach(start, acting)
    moves = [a for a in tanks.legal_actions(start) if isinstance(a, tanks.Move)]
    assert reach.destinations == {m.to for m in moves if m.tank == acting}
    move = _first_move(start, acting)
    after = tanks.apply(start, move).state.tank(acting).hull
    assert move.to == pytest.approx((*after.centre, after.heading))
    assert reach.reasons[0].section == sections.RAPID and "<svg" in svg_of(reach)
    with pytest.raises(ArgumentError, match="tank"):
        tanks.reach(start, "Tiger")


def test_reach_says_why_a_tank_cannot_move_in_applys_words():
    start = tanks.start(tanks.load_scenario("standard-table"), GIVEN)
    acting = next(a.tank for a in tanks.legal_actions(start) if isinstance(a, tanks.Move))
    others = [t.id for t in start.in_play() if t.id != acting]
    waiting = tanks.reach(start, others[-1])
    assert waiting.destinations == set() and "cannot act now" in waiting.reasons[0].text
    assert waiting.lines()[0].endswith("0 destinations now") and "<svg" in svg_of(waiting)
    shooting = tanks.reach(replace(start, phase="shooting"), acting)
    assert shooting.reasons[0].section == sections.TURN_SEQUENCE
    stuck = start.with_tank(replace(start.tank(acting), criticals=("Busted Tracks",)))
    assert tanks.reach(stuck, acting).reasons[0].section == sections.CRITICAL_HITS
    deploying = tanks.start(tanks.load_scenario("standard-table"), {"deployment": "players"})
    waiting = tanks.reach(deploying, deploying.reserve[0].id)
    assert waiting.reasons[0].section == sections.DEPLOYMENT and "<svg" in svg_of(waiting)


def test_a_moves_to_is_where_it_ends_and_its_json_is_unchanged():
    move = tanks.Move.of("T", tanks.Placement(10, 20, 90, 5, 180))
    assert move.to == (15.0, 20.0, 180.0)
    assert list(move.to_json()) == ["type", "tank", "x", "y", "heading", "along", "facing"]
    assert tanks.GAME.action_from_json(move.to_json()) == move


# --- the greedy practice opponent -------------------------------------------------------------


def test_the_greedy_player_beats_the_random_player_in_most_seeded_games():
    table_ = tanks.load_scenario("standard-table")
    sides = tanks.players(tanks.start(table_))
    wins = 0
    for seed in range(6):
        greedy = sides[seed % 2]  # three games a side
        players = {s: tanks.greedy_player if s == greedy else tanks.random_player for s in sides}
        end = tanks.replay(tanks.play(table_, players, seed=seed, options=GIVEN))[-1]
        wins += tanks.outcome(end).winner == greedy
    assert wins >= 4, f"the greedy player won {wins} of 6"
    assert "not the rulebook's" in tanks.greedy_player.label
    assert tanks.GAME.bots["greedy"] is tanks.greedy_player


def test_the_greedy_player_plays_every_phase_through_the_protocol():
    table_ = tanks.load_scenario("standard-table")
    options = {"mission": "king-of-the-hill", "deployment": "players", "turn_limit": 2}
    report = playout(tanks.GAME, table_, 3, options=options, choose=tanks.greedy_player)
    assert report.outcome is not None


# --- observations ----------------------------------------------------------------------------


def test_each_side_sees_the_whole_battle_for_now():
    # Building Your Platoon: Tank Cards: "When playing a game these cards are kept face up so
    # that all players can reference them."
    # Building Your Platoon: Upgrade and Crew Cards start "face down": hidden crew cards come
    # with crew effects (games/tanks/rules/hidden.py is their place); everything else is open.
    start = tanks.start(tanks.load_scenario("barkmanns-corner"))
    for side in tanks.players(start):
        seen = tanks.observation(start, side)
        assert not seen.hidden and seen.state is start
        assert tanks.determinize(seen, None) is start
