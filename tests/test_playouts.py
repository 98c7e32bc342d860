"""Whole games, each played to its end through the one conformance playout
(``workbench.testing.conformance.playout``): every listed action applies, actions that are
not legal are refused with the state unchanged, chance is a distribution, the game's own
invariants hold at every step (for Panzer Vor!'s card game: every card accounted for, one tank
per hex, no hand over five after the End Phase, no character on two tanks, destroyed points
matching the wrecks), and the game ends.

``make test`` plays a seeded sample in which every registered game, every shipped scenario,
every option that changes play and every kind of setup is played to the end at least once
(``SAMPLE``). ``make soak`` (``-m soak``) plays thousands: ``WORKBENCH_SOAK_GAMES`` games per
case of the same list."""

from __future__ import annotations

import os
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

import pytest

import workbench
from workbench.boards.record import Record, RecordStep
from workbench.games import get_game, shipped_games
from workbench.games.panzer_strike.rules.bots import flag_seeker
from workbench.rules.canonical import canonical
from workbench.rules.play import random_player
from workbench.testing.conformance import check_record_round_trip, playout

SOAK_GAMES = int(os.environ.get("WORKBENCH_SOAK_GAMES", "40"))


@dataclass(frozen=True)
class Case:
    """One kind of game to play: a game, a shipped scenario, options, and its test player."""

    game: str
    scenario: str
    options: dict[str, Any] = field(default_factory=dict)
    player: str = "uniform"

    def __str__(self) -> str:
        extra = ",".join(f"{k}={v}" for k, v in self.options.items())
        return (
            f"{self.game}:{self.scenario}"
            + (f"[{extra}]" if extra else "")
            + (f"/{self.player}" if self.player != "uniform" else "")
        )


PLAYERS = {"uniform": random_player, "purposeful": flag_seeker}

# Options that change play, each played at least once (the defaults are played on every
# scenario). Panzer Strike's and TANKS' games are kept short by a turn limit.
OPTION_CASES = [
    Case("panzer-vor", "mock-battle", {"setup": "quick"}),
    Case("panzer-vor-practice", "mock-battle", {"turn_limit": 5, "setup": "choose"}),
    Case(
        "panzer-vor",
        "mock-battle",
        {"turret_penalty": "any-rotation", "optional_rules": ["turret-rotation", "wreckage"]},
    ),
    Case("panzer-vor", "mock-battle", {"optional_rules": ["cutting-through", "side-armour-only"]}),
    Case("panzer-vor", "st-gloriana", {"freshmen_dont_flee": True}),
    Case("panzer-vor", "st-gloriana", {"match_type": "flag"}),
    Case(
        "panzer-vor",
        "anzio-revised",
        {
            "cv33_reinforcements": True,
            "cv33_machine_gun": True,
            "balance_adjustment": "oarai",
            "cv33_discard": "move",
        },
    ),
    Case(
        "panzer-vor",
        "anzio-original",
        {
            "team_adjustments": ["akiyama-to-b1-bis", "revised-carpaccio-and-pepperoni"],
            "self_sacrifice": True,
        },
    ),
    Case("panzer-vor", "exhibition", {"match_type": "flag"}),
    Case("panzer-vor", "exhibition", {"exhibition_characters": True}),
    Case(
        "panzer-vor",
        "pravda",
        {"ceasefire_order": "published", "pravda_characters": "kv-2-and-is-2"},
    ),
    Case(
        "panzer-vor",
        "pravda",
        {"pravda_characters": "on-arrival", "pravda_cards": "before-the-deal"},
    ),
    Case("panzer-vor", "kuromorimine-stage-1", {"teasy_tease": True}),
    Case(
        "panzer-vor",
        "kuromorimine-stage-2",
        {"hs0017_tank": "first", "hs0017_complex": "named-hexes", "commander_awareness": False},
    ),
    Case("panzer-strike", "capture-the-flag", {"turn_limit": 3}, "purposeful"),
    Case(
        "panzer-strike",
        "annihilation",
        {"turn_limit": 2, "damage": True, "diagonal_cut": "not-between-two"},
        "purposeful",
    ),
    Case(
        "panzer-strike",
        "capture-the-flag",
        {
            "turn_limit": 2,
            "backward_counts": False,
            "trajectory": "met",
            "distance_rounding": "nearest",
        },
    ),
    Case(
        "panzer-strike",
        "capture-the-flag",
        {
            "turn_limit": 3,
            "backward_alone": True,
            "barricades": True,
            "flag_next_to": "four",
            "damage": True,
        },
        "purposeful",
    ),
    Case(
        "panzer-strike",
        "capture-the-flag",
        {
            "turn_limit": 4,
            "backward_steps": "repeatable",
            "trajectory": "both",
            "barricades": True,
            "flag_turning": "still",
            "flag_arrival": "present",
        },
        "purposeful",
    ),
    Case(
        "panzer-strike",
        "annihilation",
        {"turn_limit": 2, "backward_steps": "repeatable", "backward_alone": True},
    ),
    *(
        Case("tanks", "standard-table", {"mission": m, "turn_limit": 2})
        for m in ("king-of-the-hill", "free-for-all", "no-retreat")
    ),
    Case(  # the workbench's placements (deployment and objectives: quick), a coarse grid
        "tanks",
        "standard-table",
        {
            "deployment": "quick",
            "objectives": "quick",
            "mission": "free-for-all",
            "turn_limit": 2,
            "terrain_grid": 9,
        },
    ),
    Case("tanks", "barkmanns-corner", {"deployment": "quick"}),
    Case(  # the readings' other values, Assault Guns on both sides, a point value given,
        "tanks",  # on the table file's terrain (no set-up played)
        "standard-table",
        {
            "turn_limit": 2,
            "table_setup": "given",
            "platoons": {"German": ["StuG G", "Jagdpanther"], "Soviet": ["ISU-122", "SU-85"]},
            "card_points": {"ISU-122": 30},
            "platoon_rules": "practice",
            "sight_grazing": "area",
            "woods_touched": "ignored",
            "front_line": "in-front",
            "assault_gun_arc": "keyword",
            "community_keywords": "ignored",
        },
    ),
    Case(
        "panzer-vor-linked",
        "linked-scenarios",
        {
            "anzio": "original",
            "scenario_cards": "printed",
            "alternate_reality": True,
            "pravda_characters": "kv-2-and-is-2",
            "stage_2_deployment": "quick",
            "smokescreen_opponent": "any-opponent",
        },
    ),
    Case("panzer-vor-tournament", "exhibition", {"characters": "random"}),
]
# the games that last longest are played with fewer checks a step in the sample
LIGHT = {"panzer-vor-tournament"}


def _sample() -> list[Case]:
    cases = [Case(game.name, name) for game in shipped_games() for name in sorted(game.scenarios())]
    return cases + OPTION_CASES


SAMPLE = _sample()
_SCENARIOS: dict[tuple[str, str], Any] = {}


def _scenario(case: Case) -> Any:
    key = (case.game, case.scenario)
    if key not in _SCENARIOS:
        _SCENARIOS[key] = workbench.load(get_game(case.game).scenarios()[case.scenario])
    return _SCENARIOS[key]


def _play(case: Case, seed: int, light: bool = False) -> Any:
    game = get_game(case.game)
    try:
        return playout(
            game, _scenario(case), seed, options=dict(case.options),
            invariants=[game.invariants], choose=PLAYERS[case.player],
            alternatives=0 if light else 3, illegal_samples=0 if light else 2,
        )  # fmt: skip
    except Exception as error:  # name the game to replay: the case and the seed
        raise AssertionError(f"{case}, seed {seed}: {error!r}") from error


def test_the_sample_covers_every_game_scenario_option_and_setup():
    played = {(c.game, c.scenario) for c in SAMPLE}
    for game in shipped_games():
        assert game.scenarios(), f"{game.name} ships a scenario"
        assert {(game.name, s) for s in game.scenarios()} <= played
    setups = {c.options.get("setup", "choose") for c in SAMPLE if c.game == "panzer-vor"}
    assert setups == {"choose", "quick"}
    for option in ("deployment", "objectives"):  # the players' placements, and the quick
        assert {c.options.get(option, "players") for c in SAMPLE if c.game == "tanks"} == {
            "quick",
            "players",
        }
    tables = {c.options.get("table_setup", "played") for c in SAMPLE if c.game == "tanks"}
    assert tables == {"played", "given"}


@pytest.mark.parametrize("case", SAMPLE, ids=str)
def test_a_sampled_game_conforms_to_its_end(case, tmp_path):
    report = _play(case, seed=0, light=case.game in LIGHT)
    assert report.outcome is not None and report.steps > 0
    if case.game not in LIGHT:  # its record saves, loads and replays to identical states
        game = get_game(case.game)
        steps = tuple(RecordStep(action) for action in report.actions)
        record = Record(case.game, _scenario(case), steps, options=case.options, seed=0)
        states = check_record_round_trip(game, record, tmp_path)
        assert canonical(states[-1]) == canonical(report.last)  # the game played, replayed


def test_the_purposeful_panzer_strike_games_capture_and_destroy():
    # so that the flag and kill rules are played, not only listed (30 short seeded games)
    case = Case("panzer-strike", "capture-the-flag", {"turn_limit": 3}, "purposeful")
    lasts = [_play(case, seed, light=True).last for seed in range(30)]
    assert sum(len(last.captured) for last in lasts) > 0
    assert sum(len(last.wrecks) for last in lasts) > 0


# --- make soak: thousands of the same games ------------------------------------------------


@pytest.mark.soak
@pytest.mark.parametrize("case", SAMPLE, ids=str)
def test_many_seeded_games_conform_to_their_end(case):
    endings: Counter[str] = Counter()
    for seed in range(1, SOAK_GAMES + 1):
        report = _play(case, seed, light=seed % 4 != 0)  # every fourth with every check
        endings[report.outcome.termination.name] += 1
    assert sum(endings.values()) == SOAK_GAMES
    print(f"\n{case}: {dict(endings)}")
