"""Panzer Vor! in one import: ``from workbench import panzer_vor as pv``.

Every name of the one contract (``workbench.contract.NAMES``: ``start``, ``legal_actions``,
``apply``, ``odds``, ``reach``, ``explain``, ``play``, ...) is bound to the card game
(``"panzer-vor"``); ``pv.practice``, ``pv.linked`` and ``pv.tournament`` are the same names
bound to the card-free practice mode and the National Tournament's two games. The
game-specific names (``line_of_sight``, ``explain_move``, ``visibility_matrix``, ...) answer
questions about a board; the odds and reach on a board alone, with modifiers of your own, are
the rules' ``firing.odds`` and ``movement.reach`` (``workbench.games.panzer_vor.rules``).

>>> from workbench import panzer_vor as pv
>>> scenario = pv.load_scenario("test-your-luck")          # a shipped scenario, or a path
>>> state = pv.start(scenario)                              # the card game
>>> pv.current_player(state)                                # the first Draw Phase draws
CHANCE
>>> reach = pv.reach(state, "Panzer IV Ausf. D")            # no Move card yet: no destination
>>> reach.may_move, len(reach.reach.hex_costs()) > 0        # and where a plain Move would go
(False, True)
>>> print(pv.line_of_sight(state.board, "0802", "0507").reason)
nothing obstructs the line between the two hexes (Firing: Line of Sight)
>>> practice = pv.practice.start(scenario)                   # card-free practice mode
>>> move = next(a for a in pv.practice.legal_actions(practice) if isinstance(a, pv.Move))
>>> after, events = pv.practice.apply(practice, move)
>>> after.side_to_act != practice.side_to_act
True
>>> pv.practice.odds(practice, "Panzer IV Ausf. D", "T-34/76").destroy
Fraction(7, 144)
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from workbench.arguments import check_all
from workbench.boards.hexmap import HexMap
from workbench.contract import Contract
from workbench.games.panzer_vor.boards.counters import Gun, TankCounter
from workbench.games.panzer_vor.boards.roster import PanzerVorRoster
from workbench.games.panzer_vor.boards.scenario import PanzerVorScenario
from workbench.games.panzer_vor.formats.scenario import load_next_stage
from workbench.games.panzer_vor.formats.shipped import panzer_vor_roster
from workbench.games.panzer_vor.rules import sections
from workbench.games.panzer_vor.rules.actions import (
    Buy,
    Choose,
    Deploy,
    DoneBuying,
    Fire,
    Move,
    Pass,
    PlayCard,
    Roll,
    Select,
    Stop,
)
from workbench.games.panzer_vor.rules.cards import CARDS, Card
from workbench.games.panzer_vor.rules.deck import Draw
from workbench.games.panzer_vor.rules.deck_file import load_deck
from workbench.games.panzer_vor.rules.firing import (
    ArcConvention,
    AttackOdds,
    Shot,
    arc_of,
    card,
    character,
    fire_table,
)
from workbench.games.panzer_vor.rules.game import GAME as _CARD_GAME
from workbench.games.panzer_vor.rules.game import PRACTICE as _PRACTICE_GAME
from workbench.games.panzer_vor.rules.learning import ShotOdds, TankReach
from workbench.games.panzer_vor.rules.linked import next_stage
from workbench.games.panzer_vor.rules.linked_game import GAME as _LINKED_GAME
from workbench.games.panzer_vor.rules.match import CardMatch
from workbench.games.panzer_vor.rules.movement import (
    MoveExplanation,
    Reach,
    explain_move,
    move,
    movement_points,
)
from workbench.games.panzer_vor.rules.practice import Match, PanzerVorEnd, match_of
from workbench.games.panzer_vor.rules.setup import game_from_scenario, quick_deployment
from workbench.games.panzer_vor.rules.sight import LineOfSight, line_of_sight
from workbench.games.panzer_vor.rules.solo import shortest_routes
from workbench.games.panzer_vor.rules.state import GameState, OptionalRules, Side, Tank
from workbench.games.panzer_vor.rules.tournament_game import GAME as _TOURNAMENT_GAME
from workbench.games.panzer_vor.rules.visibility import VisibilityMatrix, visibility_matrix
from workbench.rules.core import Modifier, Reason
from workbench.vocabulary import removed_names

cards_game = Contract(_CARD_GAME)  # the card game's contract (the names below)
practice = Contract(_PRACTICE_GAME)  # the card-free practice mode's
linked = Contract(_LINKED_GAME)  # the National Tournament's Linked Scenarios'
tournament = Contract(_TOURNAMENT_GAME)  # the National Tournament's Tournament Play's

# --- the contract, bound to the card game --------------------------------------------------
GAME = cards_game.GAME
scenarios = cards_game.scenarios
load_scenario = cards_game.load_scenario
options = cards_game.options
start = cards_game.start
current_player = cards_game.current_player
legal_actions = cards_game.legal_actions
chance_outcomes = cards_game.chance_outcomes
apply = cards_game.apply
outcome = cards_game.outcome
players = cards_game.players
observation = cards_game.observation
determinize = cards_game.determinize
play = cards_game.play
replay = cards_game.replay
odds = cards_game.odds
explain = cards_game.explain
notation = cards_game.notation  # an action as text ("moves as text")
parse = cards_game.parse  # a text as the action it means
reach = cards_game.reach
random_player = cards_game.random_player
greedy_player = cards_game.greedy_player
Record = cards_game.Record
IllegalAction = cards_game.IllegalAction
Applied = cards_game.Applied
Outcome = cards_game.Outcome
Option = cards_game.Option
OptionError = cards_game.OptionError
Observation = cards_game.Observation
Verdict = cards_game.Verdict
CHANCE = cards_game.CHANCE
TERMINAL = cards_game.TERMINAL

roster = panzer_vor_roster

__all__ = [
    # Panzer Vor!'s own values and questions about a board
    "CARDS",
    # the contract (workbench.contract.NAMES), bound to the card game
    "CHANCE",
    "GAME",
    "TERMINAL",
    "Applied",
    "ArcConvention",
    "AttackOdds",
    "Buy",
    "Card",
    "CardMatch",
    "Choose",
    "Deploy",
    "DoneBuying",
    "Draw",
    "Fire",
    "GameState",
    "Gun",
    "HexMap",
    "IllegalAction",
    "LineOfSight",
    "Match",
    "Modifier",
    "Move",
    "MoveExplanation",
    "Observation",
    "Option",
    "OptionError",
    "OptionalRules",
    "Outcome",
    "PanzerVorEnd",
    "PanzerVorRoster",
    "PanzerVorScenario",
    "Pass",
    "PlayCard",
    "Reach",
    "Reason",
    "Record",
    "Roll",
    "Select",
    "Shot",
    "ShotOdds",
    "Side",
    "Stop",
    "Tank",
    "TankCounter",
    "TankReach",
    "Verdict",
    "VisibilityMatrix",
    "apply",
    "arc_of",
    "card",
    # the other games' contracts
    "cards_game",
    "chance_outcomes",
    "character",
    "current_player",
    "determinize",
    "explain",
    "explain_move",
    "fire_table",
    "game_from_scenario",
    "greedy_player",
    "legal_actions",
    "line_of_sight",
    "linked",
    "load_deck",
    "load_next_stage",
    "load_scenario",
    "match_of",
    "move",
    "movement_points",
    "next_stage",
    "notation",
    "observation",
    "odds",
    "options",
    "outcome",
    "parse",
    "play",
    "players",
    "practice",
    "quick_deployment",
    "random_player",
    "reach",
    "replay",
    "roster",
    "scenarios",
    "sections",
    "shortest_routes",
    "start",
    "tournament",
    "visibility_matrix",
]

# every public function checks its arguments against its annotations (ArgumentError)
check_all(globals(), __all__, keep=("random_player", "greedy_player"))

if not TYPE_CHECKING:  # for mypy no catch-all: a misspelt name stays an error
    __getattr__ = removed_names("workbench.panzer_vor", {
        "attack_odds": "odds(state, attacker, target, card=...) from a game state; on a board with "
        "modifiers of your own, workbench.games.panzer_vor.rules.firing.odds",
        "reachable": "reach(state, tank) from a game state; on a board, "
        "workbench.games.panzer_vor.rules.movement.reach",
    })  # fmt: skip
