"""The options of the four Panzer Vor! games, one list per scenario (``workbench.rules.options``):
each option's name, the values it allows, its default, the rulebook section it reads and the
reading it chooses. ``start`` checks what it is given against the list before anything else.

An option that concerns one scenario's rules is listed only for the scenarios that have them
(``teasy_tease`` for Kuromorimine Stage 1, ``cv33_reinforcements`` for Anzio (Revised), ...).

>>> import workbench
>>> from workbench.paths import shipped
>>> stage_1 = workbench.load(shipped("panzer-vor", "scenarios")["kuromorimine-stage-1"])
>>> [o.name for o in card_options(stage_1)]  # doctest: +NORMALIZE_WHITESPACE
['setup', 'deck', 'commander_awareness', 'optional_rules', 'turret_penalty',
 'ridge_to_ridge', 'teasy_tease']
>>> limit = practice_options(stage_1)[0]
>>> limit.name, limit.default, limit.check(12)
('turn_limit', 30, 12)
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from workbench.errors import ArgumentError
from workbench.files.errors import BoardFileError
from workbench.games.panzer_vor.boards.scenario import PanzerVorScenario
from workbench.games.panzer_vor.rules import (
    hooks,
    scenario_rules,  # noqa: F401 (registers their options)
)
from workbench.games.panzer_vor.rules import sections as S
from workbench.games.panzer_vor.rules.cards import Deck
from workbench.games.panzer_vor.rules.deck_file import deck_of
from workbench.games.panzer_vor.rules.scenario_rules import kuromorimine_stage_2, pravda
from workbench.games.panzer_vor.rules.setup import OPTIONAL_RULE_VALUES, game_from_scenario
from workbench.games.panzer_vor.rules.state import TURRET_PENALTIES
from workbench.rules.options import MAX_TURN_LIMIT, Option

PRACTICE = "workbench practice mode (not the rulebook's)"
DEFAULT_TURN_LIMIT = 30  # stand-in: practice has no Enforcement cards to force an end
SETUPS = ("choose", "quick")  # "choose": every placement an action; "quick": the stand-in
PRACTICE_SETUPS = ("quick", "choose")  # the practice mode starts quick unless asked
MATCH_TYPES = ("annihilation", "flag")
ANZIO_VERSIONS = ("choose", "revised", "original")
SCENARIO_CARD_CHOICES = ("choose", "printed")
DECK_EXPECTED = "the path of a deck file (JSON with 'counts' and 'cards'), or such a deck inline"
CARD_POOLS = ("all", "matches")  # the Linked Scenarios' Scenario Cards: see linked_game
CHARACTER_MODES = ("choose", "random")  # Using Characters: "choose which ... or randomly"
SMOKESCREEN_OPPONENTS = ("kuromorimine", "any-opponent")


def _deck_file(value: Any) -> Any:
    """A deck file that loads (a path), or a deck held inline (its JSON), else
    ArgumentError; the file is read as untrusted input (``deck_file``)."""
    if not isinstance(value, str | Path | Mapping | Deck):
        raise ArgumentError("deck", value, DECK_EXPECTED)
    try:
        deck_of(value)
    except BoardFileError as error:
        raise ArgumentError("deck", value, f"{DECK_EXPECTED}; it does not load: {error}") from None
    return value


def two_sides(scenario: PanzerVorScenario) -> None:
    """ArgumentError unless ``scenario`` has two sides or more (a file may hold one: a match
    needs an opponent)."""
    if not isinstance(scenario, PanzerVorScenario) or len(scenario.sides) < 2:
        found = getattr(scenario, "name", scenario)
        raise ArgumentError("scenario", found, "a Panzer Vor! scenario of two sides or more")


def shared_options() -> list[Option]:
    """The card game's options every series of matches passes on to its matches."""
    return [
        Option.choice(
            "setup", SETUPS, S.GAME_SETUP,
            "'choose': buying, deploying, the flag marker and characters are each a player's "
            "action; 'quick': a labelled quick placement (not the rulebook's) places them at "
            "once",
        ),
        Option.value(
            "deck", None, S.CARD_TYPES,
            "None: the workbench's deck (the rulebook prints no deck list: its counts are a "
            "labelled stand-in); a path: your own deck file's counts and card texts",
            DECK_EXPECTED, _deck_file,
            none_allowed=True,
        ),
        Option.flag(
            "commander_awareness", S.CHARACTERS,
            "\"Most of the schools' commanders possess the Combat Awareness ability\": True "
            "reads Anchovy, Darjeeling, Kay and Katyusha as such commanders (a reading: the "
            "rulebook names only Miho and Maho); False: only Miho and Maho have it",
            default=True,
        ),
    ]  # fmt: skip


def card_options(scenario: PanzerVorScenario) -> list[Option]:
    """The card game's options for ``scenario`` (see the module)."""
    found = shared_options()
    found.append(Option.subset(
        "optional_rules", tuple(OPTIONAL_RULE_VALUES), S.OPTIONAL_RULES,
        "Optional Rules in force on top of the scenario's own (\"all players should agree "
        "before the match\")",
        respelled={rule: value for value, rule in OPTIONAL_RULE_VALUES.items()},
    ))  # fmt: skip
    found.append(Option.choice(
        "turret_penalty", TURRET_PENALTIES, S.TURRET_ROTATION,
        "the reading of \"when you rotate a turret and fire in the same turn (example 3 "
        "above), apply a -2 modifier\": 'attack-card' (only a turn made as part of the "
        "shot) or 'any-rotation' (any turn of the turret that turn)",
        respelled={"attack card": "attack-card", "any rotation": "any-rotation"},
    ))  # fmt: skip
    available = set(scenario.available_optional_rules)
    if scenario.match_type == "choice" or "Flag Battle" in available:
        chosen_in_play = scenario.match_type == "choice"
        found.append(Option(
            "match_type", None if chosen_in_play else scenario.match_type,
            S.EXHIBITION_MATCH_TYPE if chosen_in_play else S.ST_GLORIANA_OPTIONAL_RULES,
            "the match type: None lets the player who acts first choose it during the setup"
            if chosen_in_play else "'flag': \"if both players agree, the type of match may be "
            "changed to a Flag Battle\"",
            "choice", MATCH_TYPES, none_allowed=chosen_in_play,
        ))  # fmt: skip
    found += hooks.options_for(scenario)  # the options of its scenario rules
    if any("Smokescreen" in s.scenario_cards for s in scenario.sides):
        found.append(Option.flag(
            "teasy_tease", S.STAGE_1_SCENARIO_CARDS,
            "\"Smokescreen (or Operation: Teasy-Tease)\": True holds Operation: Teasy-Tease "
            "(its effect a labelled stand-in: the rulebook prints none)",
        ))  # fmt: skip
    return found


def practice_options(scenario: Any) -> list[Option]:
    """The practice mode's options: its turn limit, and who places the tanks the players
    deploy (for a scenario that has such tanks)."""
    found = [
        Option.whole(
            "turn_limit", DEFAULT_TURN_LIMIT, PRACTICE,
            "The practice mode has no Enforcement cards to end a match: at this turn limit "
            "the side that destroyed more tanks wins (a stand-in)", low=1, high=MAX_TURN_LIMIT,
        )
    ]  # fmt: skip
    if isinstance(scenario, PanzerVorScenario) and game_from_scenario(scenario).waiting:
        found.append(Option.choice(
            "setup", PRACTICE_SETUPS, S.GAME_SETUP,
            "'quick': the labelled quick deployment places the tanks the players deploy (the "
            "practice mode's quick start); 'choose': each side deploys each tank, hex and "
            "facing, as an action before the first turn",
        ))  # fmt: skip
    return found


def linked_options(scenarios: Any) -> list[Option]:
    """The Linked Scenarios' options (and the card game's ``setup`` and ``deck``)."""
    return [
        Option.choice(
            "anzio", ANZIO_VERSIONS, S.LINKED_TANKS,
            "Match 2: 'choose' lets the Ōarai player choose the Revised or the Original "
            "Anzio scenario (an action), or name it here",
        ),
        Option.choice(
            "card_pool", CARD_POOLS, S.LINKED_SCENARIO_CARDS,
            "the Scenario Cards Ōarai chooses from: 'all' (\"all of the Scenario Cards "
            "(except for Trap and Reinforcements)\") or 'matches' (only those the four "
            "matches' scenarios give Ōarai); Stage 2's own come with Stage 2 either way",
            unwritten="matches",  # the default before records kept every option
        ),
        Option.flag(
            "alternate_reality", S.ALTERNATE_REALITY,
            "True: before each match the Ōarai player chooses which team pilots which tank "
            "(an action per tank; any team from the first match, one team a tank, or none); "
            "False: each team on its tank as the anime has it",
        ),
        Option.choice(
            "scenario_cards", SCENARIO_CARD_CHOICES, S.LINKED_SCENARIO_CARDS,
            "'choose': the Ōarai player \"may choose which cards they are going to use before "
            "each match\" (an action per card); 'printed': each scenario's own cards",
        ),
        Option.choice(
            "smokescreen_opponent", SMOKESCREEN_OPPONENTS, S.LINKED_SCENARIO_CARDS,
            "Smokescreen \"may be used after the Kuromorimine player has played at least one "
            "Attack Card\", and \"a card may still only be used when the restrictions listed "
            "on the card are met\": 'kuromorimine' (the card names the school: only in the "
            "Kuromorimine match) or 'any-opponent' (after the match's opponent has)",
            unwritten="any-opponent",  # how records saved before the option were played
            respelled={"Kuromorimine": "kuromorimine", "any opponent": "any-opponent"},
        ),
        pravda.CHARACTERS_OPTION,  # Match 3's own options, passed on to it
        pravda.CARDS_OPTION,
        *kuromorimine_stage_2.HS0017_OPTIONS,  # Match 4's, passed on to Stage 2
        Option.choice(
            "stage_2_deployment", SETUPS, S.STAGE_2_KUROMORIMINE,
            "Stage 2 reached from Stage 1: 'choose': the Kuromorimine player places the "
            "Panzer III Ausf. J \"within three hexes of the Maus\" (a Deploy); 'quick': the "
            "labelled quick placement does (as with setup 'quick')",
            unwritten="quick",  # how Stage 2 was placed before the choice was built
        ),
        *shared_options(),
    ]  # fmt: skip


def _schools(value: Any) -> Any:
    """``{player: [major school, minor school]}`` (checked against the players at start)."""
    expected = "a mapping of each player ('Player 1', ...) to [a Major School, a Minor School]"
    if not isinstance(value, Mapping) or not all(
        isinstance(k, str) and isinstance(v, list | tuple) for k, v in value.items()
    ):
        raise ArgumentError("schools", value, expected)
    return value


def tournament_options(exhibition: Any) -> list[Option]:
    """Tournament Play's options (and the card game's ``setup`` and ``deck``)."""
    return [
        Option.whole(
            "players", 2, S.TOURNAMENT_PLAY,
            "how many players take part; they are named 'Player 1', 'Player 2', ...",
            low=2, high=6,
        ),
        Option.value(
            "schools", None, S.TOURNAMENT_PLAY,
            "None: the players choose their schools in turn (actions); else each player's "
            "Major and Minor School",
            "a mapping of each player to [a Major School, a Minor School]", _schools,
            none_allowed=True,
        ),
        Option(
            "characters", None, S.TOURNAMENT_USING_CHARACTERS,
            "\"if both players agree\": None plays without characters; 'choose' or 'random': "
            "each school takes up to two of its characters before each match",
            "choice", CHARACTER_MODES, none_allowed=True,
        ),
        Option.whole(
            "drawn_replays", None, S.TOURNAMENT_PROGRESSION,
            "\"The winner of the match may proceed\": None plays a drawn match again until "
            "it has a winner (a reading; no bound on the tournament's length); n: at most n "
            "times, then a die decides it as between two schools nobody controls",
            low=0, none_allowed=True,
        ),
        *shared_options(),
    ]  # fmt: skip
