"""Panzer Vor! in one import: ``from workbench import panzer_vor as pv``.

>>> from workbench import panzer_vor as pv
>>> scenario = pv.load_scenario("test-your-luck")          # a shipped scenario, or a path
>>> state = pv.start(scenario)                              # the card game
>>> pv.current_player(state)                                # the first Draw Phase draws
CHANCE
>>> reach = pv.reachable(state.board, "Panzer IV Ausf. D")  # every pose in reach, least MP
>>> print(pv.line_of_sight(state.board, "0802", "0507").reason)
nothing obstructs the line between the two hexes (Firing: Line of Sight)
>>> practice = pv.start(scenario, {"mode": "practice"})    # card-free practice mode
>>> move = next(a for a in pv.legal_actions(practice) if isinstance(a, pv.Move))
>>> after, events = pv.apply(practice, move)
>>> after.side_to_act != practice.side_to_act
True
"""

from __future__ import annotations

from pathlib import Path

from workbench.boards.hexmap import HexMap
from workbench.boards.panzer_vor.counters import Gun, TankCounter
from workbench.boards.panzer_vor.roster import PanzerVorRoster
from workbench.boards.panzer_vor.scenario import PanzerVorScenario
from workbench.boards.record import Record
from workbench.files import load, panzer_vor_roster
from workbench.rules.core import IllegalAction, Modifier, Outcome, Reason, replay
from workbench.rules.panzer_vor import sections
from workbench.rules.panzer_vor.actions import (
    Buy,
    Choose,
    Deploy,
    DoneBuying,
    PlayCard,
    Select,
    Stop,
)
from workbench.rules.panzer_vor.bots import greedy_player
from workbench.rules.panzer_vor.cards import CARDS, Card, load_deck
from workbench.rules.panzer_vor.deck import Draw
from workbench.rules.panzer_vor.firing import (
    ArcConvention,
    AttackOdds,
    Shot,
    arc_of,
    attack_odds,
    card,
    character,
    fire_table,
)
from workbench.rules.panzer_vor.game import (
    GAME,
    Fire,
    Match,
    Move,
    PanzerVorEnd,
    Pass,
    Roll,
    match_of,
)
from workbench.rules.panzer_vor.linked import next_stage
from workbench.rules.panzer_vor.match import CardMatch
from workbench.rules.panzer_vor.movement import (
    MoveExplanation,
    Reach,
    explain_move,
    move,
    movement_points,
    reachable,
)
from workbench.rules.panzer_vor.setup import game_from_scenario, quick_deployment
from workbench.rules.panzer_vor.sight import LineOfSight, line_of_sight
from workbench.rules.panzer_vor.solo import shortest_routes
from workbench.rules.panzer_vor.state import GameState, OptionalRules, Side, Tank
from workbench.rules.panzer_vor.visibility import VisibilityMatrix, visibility_matrix
from workbench.rules.play import play, random_player

__all__ = [
    "CARDS",
    "GAME",
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
    "Side",
    "Stop",
    "Tank",
    "TankCounter",
    "VisibilityMatrix",
    "apply",
    "arc_of",
    "attack_odds",
    "card",
    "chance_outcomes",
    "character",
    "current_player",
    "explain_move",
    "fire_table",
    "game_from_scenario",
    "greedy_player",
    "legal_actions",
    "line_of_sight",
    "load_deck",
    "load_scenario",
    "match_of",
    "move",
    "movement_points",
    "next_stage",
    "outcome",
    "play",
    "quick_deployment",
    "random_player",
    "reachable",
    "replay",
    "roster",
    "scenarios",
    "sections",
    "shortest_routes",
    "start",
    "visibility_matrix",
]

start = GAME.start
current_player = GAME.current_player
legal_actions = GAME.legal_actions
chance_outcomes = GAME.chance_outcomes
apply = GAME.apply
outcome = GAME.outcome
roster = panzer_vor_roster


def scenarios() -> dict[str, str]:
    """The shipped scenarios by name (``"test-your-luck"``, ...) and their files."""
    return dict(GAME.scenarios())


def load_scenario(name_or_path: str | Path) -> PanzerVorScenario:
    """A shipped scenario by name, or a scenario file by path."""
    shipped = GAME.scenarios()
    path = shipped.get(str(name_or_path), name_or_path)
    scenario = load(path)
    if not isinstance(scenario, PanzerVorScenario):
        from workbench.files import BoardFileError

        raise BoardFileError(path, "$.format", type(scenario).__name__, "a Panzer Vor! scenario")
    return scenario
