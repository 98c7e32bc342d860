"""TANKS: Panther vs Sherman in one import: the contract every game offers
(``workbench.contract``: ``scenarios``, ``load_scenario``, ``start``, ``legal_actions``,
``apply``, ``odds``, ``explain``, ``reach``, ...) bound to TANKS, and TANKS' own tools (the
Measuring Arrow's sweep, Line of Sight and Cover, heatmaps, pieces placed by hand).

>>> from workbench import tanks
>>> corner = tanks.load_scenario("barkmanns-corner")
>>> battle = tanks.start(corner, {"deployment": "quick"})  # placed at once (by default played)
>>> [t.id for t in battle.tanks]
['Panther G1', 'Sherman (75mm) A1', 'Sherman (75mm) A2']
>>> tanks.current_player(battle)  # the Shermans' Initiative is lower: they move first
'American'
>>> reach = tanks.reach(battle, "Sherman (75mm) A1")
>>> move = next(m for m in tanks.legal_actions(battle) if isinstance(m, tanks.Move))
>>> move.to in reach.destinations, tanks.explain(battle, move).legal
(True, True)
>>> odds = tanks.odds(battle, "Sherman (75mm) A1", "Panther G1")
>>> odds.can_shoot, odds.dice.reasons[0].section  # the houses stand between the corners
(False, 'Shooting: Line of Sight')
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from itertools import islice
from pathlib import Path
from typing import TYPE_CHECKING, Any

from workbench.arguments import check_all, check_type, one_of, whole_number
from workbench.boards.record import Record
from workbench.bounds import MAX_SECONDS
from workbench.contract import Contract
from workbench.errors import ArgumentError
from workbench.files import BoardFileError, load
from workbench.games.tanks.boards.cards import TanksCard, tanks_cards
from workbench.games.tanks.boards.crew import CrewCards
from workbench.games.tanks.boards.hulls import hull_size
from workbench.games.tanks.boards.table import MAX_ARROW_CM, MeasuringArrow, Table, TerrainPiece
from workbench.games.tanks.rules.actions import (
    ChooseEdge,
    ChooseRole,
    PlaceObjective,
    PlaceTerrain,
    SetUpRoll,
)
from workbench.games.tanks.rules.criticals import full_deck
from workbench.games.tanks.rules.game import (
    ACTIONS,
    AttackRoll,
    Cancel,
    DefenceRoll,
    Deploy,
    DrawCritical,
    EndMoves,
    Hold,
    KeepRoll,
    Move,
    Repair,
    RepairRoll,
    Reroll,
    Shoot,
    Stay,
)
from workbench.games.tanks.rules.game import GAME as _GAME
from workbench.games.tanks.rules.movement import (
    LEGAL_SAMPLE,
    MoveCheck,
    MoveSweep,
    Placement,
    check_move,
    move_sweep,
)
from workbench.games.tanks.rules.odds import Odds
from workbench.games.tanks.rules.options import MISSIONS
from workbench.games.tanks.rules.platoons import PlatoonTank, platoon_problems
from workbench.games.tanks.rules.reach import TableReach
from workbench.games.tanks.rules.readings import SightReadings
from workbench.games.tanks.rules.shooting import (
    Pools,
    ShotExam,
    ShotOdds,
    examine_shot,
    pools,
)
from workbench.games.tanks.rules.sight import (
    MAX_HEATMAP_BYTES,
    CoverCheck,
    Heatmaps,
    LineOfSight,
    close_range,
    cover,
    heatmaps,
    in_arc,
    line_of_sight,
    side_shot,
)
from workbench.games.tanks.rules.state import Battle, Shot, TankPiece, check_tank
from workbench.geometry.table import Hull
from workbench.rules.core import (
    CHANCE,
    TERMINAL,
    Applied,
    IllegalAction,
    Outcome,
    Reason,
    Verdict,
)
from workbench.rules.observation import Observation
from workbench.rules.options import Option, OptionError
from workbench.vocabulary import removed_names

# --- the contract, bound to TANKS (ARCHITECTURE.md: "One contract") --------------------------
_TANKS = Contract(_GAME)
GAME = _TANKS.GAME
scenarios = _TANKS.scenarios
load_scenario = _TANKS.load_scenario
options = _TANKS.options
start = _TANKS.start
current_player = _TANKS.current_player
legal_actions = _TANKS.legal_actions  # moves: the arrow's fixed sample, LEGAL_SAMPLE
chance_outcomes = _TANKS.chance_outcomes
apply = _TANKS.apply
outcome = _TANKS.outcome
players = _TANKS.players
observation = _TANKS.observation
determinize = _TANKS.determinize
play = _TANKS.play
replay = _TANKS.replay
odds = _TANKS.odds
explain = _TANKS.explain
notation = _TANKS.notation  # an action as text ("moves as text")
parse = _TANKS.parse  # a text as the action it means
reach = _TANKS.reach
random_player = _TANKS.random_player
greedy_player = _TANKS.greedy_player

__all__ = [
    "ACTIONS",
    "CHANCE",
    "GAME",
    "LEGAL_SAMPLE",
    "MISSIONS",
    "TERMINAL",
    "Applied",
    "AttackRoll",
    "Battle",
    "Cancel",
    "ChooseEdge",
    "ChooseRole",
    "CoverCheck",
    "CrewCards",
    "DefenceRoll",
    "Deploy",
    "DrawCritical",
    "EndMoves",
    "Heatmaps",
    "Hold",
    "Hull",
    "IllegalAction",
    "KeepRoll",
    "LineOfSight",
    "MeasuringArrow",
    "Move",
    "MoveCheck",
    "MoveSweep",
    "Observation",
    "Odds",
    "Option",
    "OptionError",
    "Outcome",
    "PlaceObjective",
    "PlaceTerrain",
    "Placement",
    "PlatoonTank",
    "Pools",
    "Reason",
    "Record",
    "Repair",
    "RepairRoll",
    "Reroll",
    "SetUpRoll",
    "Shoot",
    "Shot",
    "ShotExam",
    "ShotOdds",
    "Stay",
    "Table",
    "TableReach",
    "TankPiece",
    "TanksCard",
    "TerrainPiece",
    "Verdict",
    "apply",
    "battle",
    "chance_outcomes",
    "check_move",
    "close_range",
    "cover",
    "current_player",
    "determinize",
    "examine_shot",
    "explain",
    "greedy_player",
    "heatmaps",
    "in_arc",
    "legal_actions",
    "line_of_sight",
    "load_crew_cards",
    "load_scenario",
    "move_sweep",
    "notation",
    "observation",
    "odds",
    "options",
    "outcome",
    "parse",
    "platoon_problems",
    "play",
    "players",
    "pools",
    "random_player",
    "reach",
    "replay",
    "scenarios",
    "side_shot",
    "start",
    "tank",
    "tanks_cards",
    "target_heatmaps",
]


TANK_FIELDS = ("damage", "speed", "criticals", "destroyed", "crew", "finished_by")
BATTLE_FIELDS = ("mission", "turn", "acted", "moving", "turn_limit")
HAND_PHASES = ("movement", "shooting", "command")  # a battle set up by hand starts in one
MAX_TABLE_TANKS = 100  # tanks on a TANKS table (maps/README.md: limits)


def tank(
    tank_id: str, card: str, side: str, centre: tuple[float, float], heading: float, **state: Any
) -> TankPiece:
    """A tank of a shipped card placed by hand (hull size: the labelled stand-in), e.g.
    ``tank("Sherman", "Sherman (75mm)", "American", (50, 50), 0, speed=2)``: its centre on a
    table (0 to 1,000 cm, the largest), ``state`` its ``damage``, ``speed`` (its Speed token:
    at most 2 Moves, 3 with Fast), ``criticals``, ``destroyed``, ``crew``, ``finished_by``."""
    cards = tanks_cards()
    one_of("card", card, cards, "a shipped tank card")
    for name in state:
        one_of(name, name, TANK_FIELDS, "a field of a tank")
    if not all(0 <= xy <= MAX_ARROW_CM for xy in centre):
        raise ArgumentError("centre", centre, f"a point (x, y) on a table: 0 to {MAX_ARROW_CM} cm")
    size = hull_size(card)
    hull = Hull(centre, heading, size.length, size.width, size.turret_offset)
    return check_tank("tank", TankPiece(tank_id, cards[card], side, hull, **state))


def battle(
    table: Table,
    tanks: Any,
    attacker: str,
    defender: str,
    phase: str = "movement",
    *,
    options: Mapping[str, Any] | None = None,
    **state: Any,
) -> Battle:
    """A battle set up by hand (for examples and what-ifs): the full Critical deck, no
    Victory Points yet; every tank wholly on ``table``, each of ``attacker`` or ``defender``,
    ``phase`` one of movement, shooting and command, ``state`` some of the battle's fields
    (mission, turn, acted, moving, turn_limit); ``options`` checked against the table's
    (``options(table)``: an unknown name or a value not allowed raises OptionError, as
    ``start`` does)."""
    if attacker == defender:
        raise ArgumentError("defender", defender, f"a side other than the attacker {attacker!r}")
    one_of("phase", phase, HAND_PHASES, "a phase a battle set up by hand starts in")
    for name in state:
        one_of(name, name, BATTLE_FIELDS, "a field of a battle")
    pieces = tuple(islice(check_type("tanks", tanks, Iterable[Any]), MAX_TABLE_TANKS + 1))
    if len(pieces) > MAX_TABLE_TANKS:
        raise ArgumentError("tanks", tanks, f"at most {MAX_TABLE_TANKS} tanks")
    for i, piece in enumerate(pieces):
        check_tank(f"tanks[{i}]", piece)
        one_of(f"tanks[{i}].side", piece.side, (attacker, defender), "the attacker or defender")
        if not table.surface.covers(piece.polygon):
            raise ArgumentError(f"tanks[{i}]", piece, f"a tank wholly on the {table.width:g} x "
                                f"{table.depth:g} cm table")  # fmt: skip
    ids = [piece.id for piece in pieces]
    if len(set(ids)) < len(ids):
        raise ArgumentError("tanks", ids, "tanks of different ids")
    _check_fields(table, ids, state)
    return Battle(
        table=table, tanks=pieces, attacker=attacker, defender=defender, phase=phase,
        deck=full_deck(), victory_points={attacker: 0, defender: 0},
        destroyed_points={attacker: 0, defender: 0},
        options=GAME.check_options(table, options), **state,
    )  # fmt: skip


def _check_fields(table: Table, ids: list[str], state: dict[str, Any]) -> None:
    """A hand-made battle's other fields (see :func:`battle`), checked as the game checks
    its options (OptionError) and by value (ArgumentError)."""
    limit = _GAME.check_options(table, {"turn_limit": state.get("turn_limit", 10)})["turn_limit"]
    one_of("mission", state.get("mission", "panzer-ace"), MISSIONS, "a mission")
    whole_number("turn", state.get("turn", 1), low=1, high=limit)
    for i, tank_id in enumerate(check_type("acted", state.get("acted", ()), tuple[str, ...])):
        one_of(f"acted[{i}]", tank_id, ids, "a tank of the battle")
    if state.get("moving") is not None:
        one_of("moving", state["moving"], ids, "a tank of the battle, or None")


def load_crew_cards(path: str | Path) -> CrewCards:
    """Your Crew and Upgrade cards from a ``workbench.cards.tanks/1`` file (the workbench
    ships none; maps/README.md shows the format), for the option ``crew_cards``. A file of
    another kind, or a bad one, raises BoardFileError naming the file and the field."""
    cards = load(path)
    if not isinstance(cards, CrewCards):
        raise BoardFileError(path, "$.format", type(cards).__name__, "workbench.cards.tanks/1")
    return cards


def target_heatmaps(
    battle: Battle,
    shooter: str,
    target: str,
    step: float = 1.0,
    *,
    max_bytes: int = MAX_HEATMAP_BYTES,
    max_seconds: float | None = MAX_SECONDS,
) -> Heatmaps:
    """Seen / in cover / close range / side shot for ``target`` (its size and heading) at
    every ``step``-cm cell, against ``shooter`` where it stands: one vectorised call (a step
    whose cells would pass ``max_bytes`` at the peak or take longer than ``max_seconds`` is
    refused with the estimate)."""
    readings = SightReadings.of(battle.options)  # the game's woods_touched reading
    return heatmaps(
        battle.table, battle.tanks, battle.tank(shooter), battle.tank(target), step, readings,
        max_bytes=max_bytes, max_seconds=max_seconds,
    )  # fmt: skip


# every public function checks its arguments against its annotations (ArgumentError)
check_all(globals(), __all__, keep=("random_player", "greedy_player"))

if not TYPE_CHECKING:  # for mypy no catch-all: a misspelt name stays an error
    __getattr__ = removed_names("workbench.tanks", {
        "move_options": "reach(state, tank) (the moves legal now); the display sample's placements "
        "whatever the turn: move_sweep(battle, tank).options",
        "shot_odds": "odds(state, attacker, target) (the dice's part alone: "
        "workbench.games.tanks.rules.shooting.dice_odds)",
    })  # fmt: skip
