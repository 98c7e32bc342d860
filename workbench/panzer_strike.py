"""Panzer Strike: France 1944 – Pocket in one import: the contract every game offers
(``workbench.contract``: ``load_scenario``, ``start``, ``legal_actions``, ``apply``,
``odds``, ``explain``, ``reach``, ``play``, ...) and the game's own tools (``position`` and
``open_board`` for a lesson's position, ``with_dice`` for dice set by hand, ``trajectory`` and
``hit_side`` for a shot's parts).

>>> from workbench import panzer_strike as ps
>>> match = ps.start(ps.load_scenario("capture-the-flag"))
>>> ps.current_player(match) is ps.CHANCE                      # the movement dice come first
True
>>> duel = ps.position(ps.open_board(), [("L", "Light", "north", (0, 0), "E"),
...                                      ("H", "Heavy", "south", (6, 3), "N")])
>>> ps.reach(ps.with_dice(duel, [6]), "L").reasons[0].text   # the rulebook's example
'Light: large number 6 +1 = 7 steps'
>>> odds = ps.odds(duel, "L", "H")
>>> odds.zone, odds.armour, odds.destroy
('side', 7, Fraction(0, 1))
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from workbench.arguments import check_all
from workbench.contract import Contract
from workbench.games.panzer_strike.boards.board import SquareBoard, TileSet
from workbench.games.panzer_strike.boards.scenario import PanzerStrikeScenario
from workbench.games.panzer_strike.boards.tank_types import PanzerStrikeRoster, TankType
from workbench.games.panzer_strike.rules import sections
from workbench.games.panzer_strike.rules.bots import flag_seeker
from workbench.games.panzer_strike.rules.game import (
    ACTIONS,
    GAME,
    EndMovement,
    EndTurn,
    Move,
    RollGun,
    RollMovement,
    Shoot,
)
from workbench.games.panzer_strike.rules.learning import TankReach
from workbench.games.panzer_strike.rules.movement import (
    MovementOptions,
    Reach,
    Step,
    TankOptions,
)
from workbench.games.panzer_strike.rules.options import OPTION_NAMES, OPTIONS
from workbench.games.panzer_strike.rules.setup import open_board, position, rolled, with_dice
from workbench.games.panzer_strike.rules.shooting import (
    HitSide,
    KillOdds,
    Trajectory,
    hit_side,
    trajectory,
)
from workbench.games.panzer_strike.rules.state import Match, Options, Tank
from workbench.geometry.squaregrid import FACING_NAMES, Square
from workbench.rules.core import Reason
from workbench.vocabulary import removed_names

_CONTRACT = Contract(GAME)

CHANCE = _CONTRACT.CHANCE
TERMINAL = _CONTRACT.TERMINAL
Record = _CONTRACT.Record
IllegalAction = _CONTRACT.IllegalAction
Applied = _CONTRACT.Applied
Outcome = _CONTRACT.Outcome
Option = _CONTRACT.Option
OptionError = _CONTRACT.OptionError
Observation = _CONTRACT.Observation
Verdict = _CONTRACT.Verdict

scenarios = _CONTRACT.scenarios
load_scenario = _CONTRACT.load_scenario
options = _CONTRACT.options
start = _CONTRACT.start
current_player = _CONTRACT.current_player
legal_actions = _CONTRACT.legal_actions
chance_outcomes = _CONTRACT.chance_outcomes
apply = _CONTRACT.apply
outcome = _CONTRACT.outcome
players = _CONTRACT.players
observation = _CONTRACT.observation
determinize = _CONTRACT.determinize
explain = _CONTRACT.explain
notation = _CONTRACT.notation  # an action as text ("moves as text")
parse = _CONTRACT.parse  # a text as the action it means
odds = _CONTRACT.odds
reach = _CONTRACT.reach
play = _CONTRACT.play
replay = _CONTRACT.replay
random_player = _CONTRACT.random_player
greedy_player = _CONTRACT.greedy_player

__all__ = [  # the contract's names (workbench.contract.NAMES) and the game's own
    "ACTIONS",
    "CHANCE",
    "FACING_NAMES",
    "GAME",
    "OPTIONS",
    "OPTION_NAMES",
    "TERMINAL",
    "Applied",
    "EndMovement",
    "EndTurn",
    "HitSide",
    "IllegalAction",
    "KillOdds",
    "Match",
    "Move",
    "MovementOptions",
    "Observation",
    "Option",
    "OptionError",
    "Options",
    "Outcome",
    "PanzerStrikeRoster",
    "PanzerStrikeScenario",
    "Reach",
    "Reason",
    "Record",
    "RollGun",
    "RollMovement",
    "Shoot",
    "Square",
    "SquareBoard",
    "Step",
    "Tank",
    "TankOptions",
    "TankReach",
    "TankType",
    "TileSet",
    "Trajectory",
    "Verdict",
    "apply",
    "chance_outcomes",
    "current_player",
    "determinize",
    "explain",
    "flag_seeker",
    "greedy_player",
    "hit_side",
    "legal_actions",
    "load_scenario",
    "notation",
    "observation",
    "odds",
    "open_board",
    "options",
    "outcome",
    "parse",
    "play",
    "players",
    "position",
    "random_player",
    "reach",
    "replay",
    "rolled",
    "scenarios",
    "sections",
    "start",
    "trajectory",
    "with_dice",
]

# every public function checks its arguments against its annotations (ArgumentError)
check_all(globals(), __all__, keep=("random_player", "greedy_player", "flag_seeker"))

if not TYPE_CHECKING:  # for mypy no catch-all: a misspelt name stays an error
    __getattr__ = removed_names("workbench.panzer_strike", {
        "movement_options": "reach(state, tank) (dice set by hand: reach(with_dice(state, dice), "
        "tank)); every tank and die at once: workbench.games.panzer_strike.rules.movement."
        "reach_by_die",
        "kill_odds": "odds(state, attacker, target)",
    })  # fmt: skip
