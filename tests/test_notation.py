"""Moves as text (``workbench.rules.notation``; ARCHITECTURE.md: "Moves as text"): every legal
action and chance outcome of sampled games of every shipped game and scenario is written as a
text no other action of its state shares, and read back as itself; a text that names no action
is refused with what was expected and the nearest legal texts, an ambiguous one with the
actions it fits, and an illegal action with the rules' own reason; the contract, the stepper's
log and a record's listing speak the same texts.

``make test`` checks two seeded games a case (one random, one greedy), ``STEPS`` steps each;
``make soak`` checks ``WORKBENCH_NOTATION_GAMES`` games a case to their end (or 400 steps)."""

from __future__ import annotations

import os
import random
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

import pytest

import workbench
from workbench import panzer_strike as ps
from workbench import panzer_vor as pv
from workbench import tanks
from workbench.contract import contract
from workbench.errors import ArgumentError
from workbench.games import get_game, shipped_games
from workbench.rules.core import CHANCE, TERMINAL, IllegalAction
from workbench.rules.notation import (
    AmbiguousText,
    NotationError,
    listed,
    listing,
    notation,
    notation_of,
    parse,
)
from workbench.rules.play import random_player, sample_chance
from workbench.widgets.stepper import Stepper

STEPS = 32  # steps of each sampled game checked in make test
SOAK_GAMES = int(os.environ.get("WORKBENCH_NOTATION_GAMES", "10"))
SOAK_STEPS = 400


@dataclass(frozen=True)
class Case:
    game: str
    scenario: str
    options: dict[str, Any] = field(default_factory=dict)

    def __str__(self) -> str:
        extra = ",".join(f"{k}={v}" for k, v in self.options.items())
        return f"{self.game}:{self.scenario}" + (f"[{extra}]" if extra else "")


# the setups and options that bring action types the defaults do not (tests/test_playouts.py
# plays every one of them to the end)
OPTION_CASES = [
    Case("panzer-vor", "mock-battle", {"setup": "quick", "optional_rules": ["turret-rotation"]}),
    Case("panzer-vor-practice", "mock-battle", {"setup": "choose"}),
    Case("tanks", "standard-table", {"deployment": "players"}),
    Case("panzer-vor-linked", "linked-scenarios", {"alternate_reality": True}),
    Case("panzer-vor-tournament", "exhibition", {"characters": "random"}),
]
CASES = [
    Case(game.name, name) for game in shipped_games() for name in sorted(game.scenarios())
] + OPTION_CASES


def check_texts(game: Any, state: Any) -> int:
    """Every action listed in ``state`` has a text no other shares, read back as itself."""
    actions = listed(game, state)
    texts = [notation(game, state, action) for action in actions]
    shared = [text for text, n in Counter(t.casefold() for t in texts).items() if n > 1]
    assert not shared, f"texts shared by two actions: {shared[:3]}"
    for action, text in zip(actions, texts, strict=True):
        assert parse(game, state, text) == action, f"{text!r} is not read as {action!r}"
    return len(actions)


def sampled_game(case: Case, seed: int, steps: int) -> int:
    """Play a seeded game of ``case`` (random on even seeds, greedy on odd ones), checking
    the texts at every step; how many actions were checked."""
    game = get_game(case.game)
    state = game.start(workbench.load(game.scenarios()[case.scenario]), case.options)
    rng = random.Random(seed)
    player = random_player if seed % 2 == 0 else game.bots.get("greedy", random_player)
    checked = 0
    for step in range(steps):
        who = game.current_player(state)
        if who is TERMINAL:
            break
        try:
            checked += check_texts(game, state)
        except AssertionError as error:
            raise AssertionError(f"{case}, seed {seed}, after {step} steps: {error}") from error
        if who is CHANCE:
            action = sample_chance(game.chance_outcomes(state), rng)
        else:
            action = player(game, game.observation(state, who), rng)
        state = game.apply(state, action).state
    return checked


@pytest.mark.parametrize("case", CASES, ids=str)
def test_every_listed_action_is_read_back_from_its_own_text(case):
    assert sum(sampled_game(case, seed, STEPS) for seed in (0, 1)) > 0


@pytest.mark.soak
@pytest.mark.parametrize("case", CASES, ids=str)
def test_many_games_read_back_every_listed_action(case):
    for seed in range(SOAK_GAMES):
        sampled_game(case, seed, SOAK_STEPS)


@pytest.mark.parametrize("game", shipped_games(), ids=lambda g: g.name)
def test_every_action_type_has_its_text(game):
    spoken = notation_of(game)
    assert spoken.missing(game.action_types) == []
    assert spoken.examples, "an error quotes what a text looks like"


# --- what a user types -----------------------------------------------------------------------


@pytest.fixture(scope="module")
def rolled() -> Any:
    """Panzer Strike's Capture the Flag, north to move with a 3 and a 6."""
    match = ps.start(ps.load_scenario("capture-the-flag"))
    return ps.apply(match, "roll 3 6").state


def test_the_texts_a_user_types_play_the_game(rolled):
    assert rolled.dice == (3, 6)
    move = ps.parse(rolled, "N3 (14,0)-(13,1) SE with 6")
    assert move == ps.Move("N3", 1, (13, 1), 3)
    assert ps.notation(rolled, move) == "N3 (14,0)-(13,1) SE with 6"
    after = ps.apply(rolled, "n3 (14, 0)-(13, 1) se WITH 6").state  # case and spacing aside
    assert after == ps.apply(rolled, move).state
    # one die left: the text needs no die, and a facing kept needs no facing
    keep = next(a for a in ps.legal_actions(after) if isinstance(a, ps.Move) and a.tank == "N1"
                and a.facing == after.tank("N1").facing and a.to != (4, 0))  # fmt: skip
    text = ps.notation(after, keep)
    assert " with " not in text and text.startswith("N1 (4,0)-") and text.endswith(")")
    assert ps.parse(after, text) == keep


def test_an_unreadable_text_is_refused_with_what_was_expected_and_the_nearest(rolled):
    with pytest.raises(NotationError) as refused:
        ps.parse(rolled, "N3 (14,0)-(13,1) SE wiht 6")
    message = str(refused.value)
    assert isinstance(refused.value, ArgumentError) and refused.value.argument == "text"
    assert "'N3 (14,0)-(13,1) SE wiht 6'" in message and "like 'N3 (12,6)-(12,5)'" in message
    assert refused.value.near[0] == "N3 (14,0)-(13,1) SE with 6"
    with pytest.raises(ArgumentError, match="text: expected"):
        ps.parse(rolled, 7)
    with pytest.raises(ArgumentError, match="500 characters at most"):
        ps.parse(rolled, "N3 " * 200)  # refused before it is read


def test_a_text_that_fits_several_actions_is_refused_with_each(rolled):
    with pytest.raises(AmbiguousText) as refused:
        ps.parse(rolled, "N3 (14,0)-(14,1) NW")  # which die: the 3 or the 6?
    assert refused.value.near == ("N3 (14,0)-(14,1) NW with 3", "N3 (14,0)-(14,1) NW with 6")
    assert "fits 2 actions here" in str(refused.value)
    board = pv.practice.start(pv.practice.load_scenario("test-your-luck"))
    with pytest.raises(AmbiguousText) as facing:
        pv.practice.parse(board, "Panzer IV Ausf. D 0803")  # which facing?
    assert "Panzer IV Ausf. D 0802-0803" in facing.value.near
    assert "Panzer IV Ausf. D 0802-0803 E" in facing.value.near


def test_an_illegal_action_written_as_text_is_refused_as_apply_refuses_it(rolled):
    with pytest.raises(IllegalAction) as by_text:
        ps.parse(rolled, "N3 (14,0)-(14,9) NW with 6")  # out of reach
    with pytest.raises(IllegalAction) as by_action:
        ps.apply(rolled, ps.Move("N3", 1, (14, 9), 7))
    assert by_text.value.reason == by_action.value.reason
    assert by_text.value.section == "Rules: Movement"
    with pytest.raises(IllegalAction, match="move phase"):
        ps.apply(rolled, "N1 shoots S2")  # not now: the rules' reason
    verdict = ps.explain(rolled, "N1 shoots S2")  # explain says why, as apply does
    assert not verdict.legal and verdict.reasons == (
        ps.explain(rolled, ps.Shoot("N1", "S2")).reasons
    )
    assert ps.explain(rolled, "end movement").legal


QUICK_TABLE = {"table_setup": "given", "deployment": "quick", "objectives": "quick"}


def test_a_placement_tanks_does_not_list_is_read_and_decided_by_the_rules():
    battle = tanks.start(tanks.load_scenario("standard-table"), QUICK_TABLE)
    move = next(a for a in tanks.legal_actions(battle) if isinstance(a, tanks.Move))
    text = tanks.notation(battle, move)
    assert text == f"{move.tank} moves 5 cm at 0°"
    closer = tanks.parse(battle, text.replace("5 cm", "2.5 cm"))  # not sampled, still legal
    assert closer.along == 2.5 and closer not in tanks.legal_actions(battle)
    assert tanks.apply(battle, closer).state.tank(move.tank).hull.centre != (
        tanks.apply(battle, move).state.tank(move.tank).hull.centre
    )
    with pytest.raises(IllegalAction, match="a tank cannot move past it"):
        tanks.parse(battle, text.replace("5 cm", "50 cm"))


def test_chance_outcomes_have_texts_too():
    state = pv.start(pv.load_scenario("test-your-luck"))
    assert pv.current_player(state) is CHANCE
    outcomes = [action for action, _ in pv.chance_outcomes(state)]
    texts = [pv.notation(state, action) for action in outcomes]
    assert all(text.startswith("draw ") for text in texts)
    assert pv.parse(state, texts[0]) == outcomes[0]
    with pytest.raises(IllegalAction, match="chance outcomes"):
        pv.parse(state, "draw No Such Card")


def test_a_game_with_no_notation_of_its_own_writes_its_actions_plainly():
    class PlainStrike(type(get_game("panzer-strike"))):  # type: ignore[misc]
        name = "plain-strike"

    plain = PlainStrike()
    match = plain.start(ps.load_scenario("capture-the-flag"))
    outcome = plain.chance_outcomes(match)[0][0]
    assert notation(plain, match, outcome) == str(outcome)
    assert parse(plain, match, str(outcome)) == outcome


# --- where the texts are used ----------------------------------------------------------------


def test_a_records_listing_numbers_each_step_with_its_side_and_text():
    scenario = pv.practice.load_scenario("test-your-luck")
    record = pv.practice.play(scenario, pv.practice.greedy_player, seed=6)
    lines = record.listing()
    assert lines == listing(record)  # the value's method is the rules' listing
    assert lines == [
        "1. Ōarai: Panzer IV Ausf. D fires at T-34/76",
        "2. chance: roll 4 1",  # the attack roll
        "3. Other: T-34/76 fires at Panzer IV Ausf. D",
        "4. chance: roll 3 5",
        "5. chance: roll 5 2",
    ]
    noted = record.with_note(3, "the reply").listing()
    assert noted[2] == "3. Other: T-34/76 fires at Panzer IV Ausf. D  [the reply]"


def test_the_steppers_log_and_the_listing_agree():
    scenario = ps.load_scenario("capture-the-flag")
    record = ps.play(scenario, ps.greedy_player, seed=2, options={"turn_limit": 1})
    stepper, lines = Stepper(record), record.listing()
    for number, line in enumerate(lines, 1):
        who, text = line.split(" ", 1)[1].split(": ", 1)
        logged = stepper.step_line(number)
        assert logged.startswith(f"{number}. {'dice' if who == 'chance' else who}: {text}")
    assert any(" shoots " in line for line in lines) and lines[0] == "1. chance: roll 5 5"


@pytest.mark.parametrize("name", ["panzer-vor", "panzer-strike", "tanks"])
def test_every_contract_offers_the_notation(name):
    bound = contract(name)
    state = bound.start(bound.load_scenario(sorted(bound.scenarios())[0]))
    actions = listed(bound.GAME, state)
    text = bound.notation(state, actions[-1])
    assert bound.parse(state, text) == actions[-1]
    assert bound.apply(state, text) == bound.apply(state, actions[-1])


# --- the readers: every kind of action written, then read from its text alone ---------------


def _panzer_vor_examples(state: Any) -> list[Any]:
    from workbench.games.panzer_vor.rules import actions as A
    from workbench.games.panzer_vor.rules import linked_game as L
    from workbench.games.panzer_vor.rules import tournament_game as T
    from workbench.games.panzer_vor.rules.deck import Draw
    from workbench.games.panzer_vor.rules.linked_teams import AssignTeam

    first, second = state.board.tanks[:2]
    school = "Pravda Girls High School"
    return [
        A.Move(first.id, "0101", first.facing), A.Move(first.id, "0101", (first.facing + 1) % 6),
        A.Move(first.id, "0101", first.facing, ability="Hana Isuzu"), A.Fire(first.id, second.id),
        A.Pass(), A.Roll((3, 6)), A.Die(4), A.PlayCard("Aimed Shot 2"),
        A.PlayCard("Repairs/Maintenance", "repair:Tiger I"), A.Select(first.id), A.Stop(),
        A.React("Quick Shot", first.id), A.React("Emergency Stop"), A.NoReaction(),
        A.UseAbility("Miho Nishizumi", "aide"), A.UseAbility("Anchovy", "combat awareness", "x"),
        A.Decline(), A.Choose("CV33 2"), A.Discard("Fire"), A.TurnTurret(first.id, 2),
        A.TurnTurret(first.id, -1), A.Buy("M3 Lee"), A.DoneBuying(), A.Deploy(first.id, "0803", 2),
        A.RemoveSmoke(first.id), Draw("Aimed Shot 2"), Draw("Thrown Tread", True),
        L.PlayAnzio("revised"), L.UseScenarioCard("Decoy", True),
        L.UseScenarioCard("Decoy", False), L.FaceUp("Hana Isuzu"), L.NoMoreFaceUp(),
        AssignTeam("Type 89", "Duck Team"), AssignTeam("Type 89", ""), T.ChooseSchool(school),
        T.DrawSchool(school), T.Advance(school), T.TakeCharacter(school, "Katyusha"),
        T.DrawCharacter(school, "Nonna"), T.DoneTaking(school),
    ]  # fmt: skip


def _panzer_strike_examples(state: Any) -> list[Any]:
    keep = state.tank("N3").facing
    return [
        ps.Move("N3", 1, (13, 1), 3), ps.Move("N3", 0, (14, 1), keep), ps.EndMovement(),
        ps.Shoot("N1", "S2"), ps.RollMovement((3, 6)), ps.RollGun((1, 2, 4)), ps.EndTurn(),
    ]  # fmt: skip


def _tanks_examples(state: Any) -> list[Any]:
    from workbench.games.tanks.rules.movement import arrow_start

    first, second = state.tanks[:2]
    x, y = arrow_start(first.hull, 45.0)
    return [
        tanks.Move(first.id, x, y, 45.0, 2.5, 135.0), tanks.Move(first.id, x, y, 45.0, 7.5, 45.0),
        tanks.Move(first.id, 30.25, 4.5, 45.0, 2.5, 45.0), tanks.Deploy(first.id, 25.5, 30, 90),
        tanks.Stay(first.id), tanks.EndMoves(first.id), tanks.Shoot(first.id, second.id),
        tanks.Hold(first.id), tanks.KeepRoll(), tanks.Reroll(()), tanks.Reroll((5,)),
        tanks.Cancel(1), tanks.Cancel(2), tanks.Repair(first.id),
        tanks.Repair(first.id, "Busted Tracks"), tanks.PlaceObjective(45, 20.5),
        tanks.AttackRoll((1, 3, 6)),
        tanks.AttackRoll(()), tanks.DefenceRoll((2, 5)), tanks.DrawCritical("Busted Tracks"),
        tanks.RepairRoll(4), tanks.SetUpRoll((3, 5)), tanks.PlaceTerrain("North wood", 25, 20),
        tanks.PlaceTerrain("North wood", 25, 20.5, 90), tanks.ChooseRole("attacker"),
        tanks.ChooseEdge("north"),
    ]  # fmt: skip


READERS = {
    "panzer-vor": (lambda: pv.start(pv.load_scenario("mock-battle"), {"setup": "quick"}),
                   _panzer_vor_examples),
    "panzer-strike": (lambda: ps.apply(ps.start(ps.load_scenario("capture-the-flag")),
                                       "roll 3 6").state, _panzer_strike_examples),
    "tanks": (lambda: tanks.start(tanks.load_scenario("standard-table"), QUICK_TABLE),
              _tanks_examples),
}  # fmt: skip


@pytest.mark.parametrize("name", sorted(READERS))
def test_every_kind_of_action_is_read_from_its_text_alone(name):
    """The readers (what reads an action no state lists, for the rules to decide) read back
    every kind of action as written, each to one action, in a state that lists none of them."""
    start, examples = READERS[name]
    state = start()
    spoken = notation_of(get_game(name))
    actions = examples(state)
    kinds = {type(a) for a in actions}
    for game in shipped_games():
        if notation_of(game) is spoken:
            assert set(game.action_types) <= kinds, game.name
    texts = [spoken.text(state, action) for action in actions]
    assert len(set(texts)) == len(texts), texts
    for action, text in zip(actions, texts, strict=True):
        assert spoken.read(state, text) == [action], text
