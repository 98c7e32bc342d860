"""Card-game options: Optional Rules in force, the turret-penalty reading, and Kuromorimine
Stage 1's "Smokescreen (or Operation: Teasy-Tease)"."""

from __future__ import annotations

import json

import pytest

import workbench
from tests.panzer_vor_match import GAME, arranged, play, scenario, started
from workbench.games.panzer_vor.rules.actions import Move, PlayCard, Select
from workbench.games.panzer_vor.rules.cards import CARDS, STAND_IN
from workbench.games.panzer_vor.rules.deck_file import load_deck
from workbench.games.panzer_vor.rules.variants import TEASY_TEASE
from workbench.rules.core import replay
from workbench.rules.options import OptionError
from workbench.rules.play import play as record_play
from workbench.testing.conformance import check_record_round_trip, playout


def test_the_scenario_lists_smokescreen_by_default_and_teasy_tease_as_the_option():
    # Kuromorimine Stage 1, Ōarai: "Scenario Cards: Self-Sacrifice, Volleyball Club
    # Comeback!, Smokescreen (or Operation: Teasy-Tease)"
    plain = started("kuromorimine-stage-1")
    assert "Smokescreen" in plain.scenario_cards["Ōarai"]
    swapped = started("kuromorimine-stage-1", teasy_tease=True)
    assert swapped.scenario_cards["Ōarai"] == (
        "Self-Sacrifice", "Volleyball Club Comeback!", TEASY_TEASE)  # fmt: skip
    assert "Scenario Card: Smokescreen" not in swapped.board.special_rules
    assert swapped.total_cards == plain.total_cards  # one card for the other


def test_teasy_tease_is_a_labelled_stand_in_never_presented_as_printed():
    card = CARDS[TEASY_TEASE]
    assert card.source.startswith(STAND_IN) and "prints no effect" in card.source
    assert "rulebook prints no effect" in card.text and "Stand-in" in card.text


def test_teasy_tease_is_only_for_the_scenario_that_offers_it():
    # listed only where the scenario's Scenario Cards name "Smokescreen (or Operation:
    # Teasy-Tease)"
    offered = {n for n in GAME.scenarios() if "teasy_tease" in
               {o.name for o in GAME.options(scenario(n))}}  # fmt: skip
    assert offered == {"kuromorimine-stage-1"}
    with pytest.raises(OptionError, match="teasy_tease"):
        started("exhibition", teasy_tease=True)


def test_teasy_tease_plays_its_stand_in_effect_and_a_deck_file_replaces_it(tmp_path):
    match = started("kuromorimine-stage-1", teasy_tease=True)
    match = arranged("kuromorimine-stage-1", scenario_cards=match.scenario_cards)
    assert PlayCard(TEASY_TEASE) in GAME.legal_actions(match)
    match = play(match, PlayCard(TEASY_TEASE), Select("Type 89"))
    assert any(isinstance(a, Move) for a in GAME.legal_actions(match))
    deck = tmp_path / "deck.json"
    deck.write_text('{"counts": {"Move": 1}, "cards": [{"name": "Operation: Teasy-Tease", '
                    '"text": "my card", "source": "my printed card", "tanks": 1}]}')  # fmt: skip
    mine = load_deck(deck).card(TEASY_TEASE)
    assert (mine.text, mine.source, mine.tanks) == ("my card", "my printed card", 1)


def test_optional_rules_and_the_turret_penalty_reading_as_options():
    match = started("exhibition", optional_rules=["turret-rotation"])
    assert match.board.options.turret_rotation
    assert match.board.options.turret_penalty == "attack-card"
    other = started("exhibition", optional_rules=["turret-rotation"],
                    turret_penalty="any-rotation")  # fmt: skip
    assert other.board.options.turret_penalty == "any-rotation"
    for bad in ({"optional_rules": ["Flying"]}, {"turret_penalty": "sometimes"}):
        with pytest.raises(OptionError, match=next(iter(bad))):
            started("exhibition", **bad)


OLD_SPELLINGS = {  # each option value spelled with spaces before: the one spelling now
    "turret_penalty": ("any rotation", "any-rotation"),
    "optional_rules": (
        ["Turret Rotation", "Side armour only"],
        ["turret-rotation", "side-armour-only"],
    ),
}


@pytest.mark.parametrize("name", sorted(OLD_SPELLINGS))
def test_option_values_are_spelled_with_hyphens_and_an_old_spelling_is_refused(name):
    old, new = OLD_SPELLINGS[name]
    with pytest.raises(OptionError, match=r"is spelled '[a-z-]+' now"):
        started("exhibition", **{name: old})  # named, never taken silently
    assert started("exhibition", **{name: new}) is not None


def test_a_record_saved_with_the_old_spellings_reads_them_as_spelled_now(tmp_path):
    options = {name: new for name, (_, new) in OLD_SPELLINGS.items()}
    record = record_play(GAME, scenario("mock-battle"), seed=2, options=options, max_steps=40)
    path = tmp_path / "old.json"
    workbench.save(record, path)
    document = json.loads(path.read_text())
    document["options"].update({name: old for name, (old, _) in OLD_SPELLINGS.items()})
    path.write_text(json.dumps(document))
    again = workbench.load(path)
    assert {k: again.options[k] for k in OLD_SPELLINGS} == options
    assert GAME.fingerprint(replay(again)[-1]) == GAME.fingerprint(replay(record)[-1])


VARIANTS = [
    ("exhibition", {"optional_rules": ["turret-rotation"]}),
    ("mock-battle", {"optional_rules": ["turret-rotation"], "turret_penalty": "any-rotation"}),
    ("kuromorimine-stage-1", {"teasy_tease": True, "optional_rules": ["turret-rotation"]}),
]


@pytest.mark.parametrize(("name", "options"), VARIANTS, ids=lambda v: str(v))
def test_random_games_with_the_options_keep_the_invariants(name, options, tmp_path):
    turned = 0
    for seed in range(3):
        report = playout(GAME, scenario(name), seed, options=options, invariants=[GAME.invariants],
                         alternatives=0, illegal_samples=0)  # fmt: skip
        assert report.outcome is not None
        turned += sum(a["type"] == "TurnTurret" for a in report.actions)
    assert turned  # the random player turned turrets with Movement cards
    # the record (options included) saves, loads and replays to the same states
    check_record_round_trip(GAME, record_play(GAME, scenario(name), seed=0, options=options),
                            tmp_path)  # fmt: skip
