"""Panzer Strike: France 1944 – Pocket on the game protocol (``workbench.rules.core``): the
start of a game and the registered :data:`GAME` (the turn is ``turn``, the actions
``actions``, the options ``options``, the learner's odds, reach and explanations
``learning``, the practice opponents ``bots``).

A player's turn (Rules: Movement, Shooting and Armour): roll the movement dice (a chance
action; how many by the Dice Table), move tanks one die each (or fewer, or none), then shoot
with any tank that has not yet shot this turn (each shot's gun dice are a chance action), then
end the turn. Capture the Flag is checked at the end of each turn. The game ends when one side
has destroyed every enemy tank, captured every enemy flag, or at the turn limit (the
rulebook's in attack vs. defence; elsewhere a practice stand-in, labelled).

Readings of what the text leaves open (those a player could read otherwise are named
options, listed with what each value chooses in
:data:`~workbench.games.panzer_strike.rules.options.OPTIONS`):

- "Active tanks" in the Dice Table are those not destroyed; a damaged tank counts.
- Each die moves one tank, each tank at most once a turn (``one_die_per_tank``); the extra
  move of a roll showing the same large number on every die uses that number; a die that
  gives no step (a Heavy tank's 1 or 2) moves nothing, not even backwards.
- "After moving, all tanks can shoot": each tank at most one shot a turn, in any order.
- Damage: an equal sum on a damaged tank leaves it damaged; a greater sum destroys it.
- Capture the Flag: a watch starts when a tank ends its side's turn next to an enemy flag
  having moved that turn (``flag_arrival``; a turn in place is a move, ``flag_turning``); the
  flag is captured at the end of that side's next turn if the tank survived and did not move.
  Destroying every enemy tank also wins.
- The optional rules (Damage, Barricades) are off unless switched on; a record saved before
  every option was written out played the board's barricades, and is read so.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import replace
from fractions import Fraction
from typing import Any

from workbench.games.panzer_strike.boards.board import SquareBoard
from workbench.games.panzer_strike.boards.scenario import (
    PanzerStrikeScenario,
    PlacedTank,
    ScenarioSide,
)
from workbench.games.panzer_strike.rules import sections
from workbench.games.panzer_strike.rules.actions import (
    ACTIONS,
    EndMovement,
    EndTurn,
    Move,
    RollGun,
    RollMovement,
    Shoot,
)
from workbench.games.panzer_strike.rules.bots import flag_seeker, greedy_player
from workbench.games.panzer_strike.rules.flags import check_flag_counts
from workbench.games.panzer_strike.rules.invariants import invariants
from workbench.games.panzer_strike.rules.learning import TankReach, detailed, odds, reach
from workbench.games.panzer_strike.rules.options import chosen as checked_options
from workbench.games.panzer_strike.rules.options import options as scenario_options
from workbench.games.panzer_strike.rules.positions import opposite_sides
from workbench.games.panzer_strike.rules.shooting import KillOdds
from workbench.games.panzer_strike.rules.state import Match, Options, Tank
from workbench.games.panzer_strike.rules.turn import (
    PRACTICE,
    READING,
    PanzerStrikeEnd,
    apply,
    chance_outcomes,
    current_player,
    dice_count,
    legal_actions,
    outcome,
    players,
)
from workbench.paths import shipped
from workbench.rules.core import (
    Action,
    Applied,
    Game,
    IllegalAction,
    Outcome,
    Reason,
    Turn,
    Verdict,
    register_bot,
    register_game,
    verdict_of,
)
from workbench.rules.options import Option

# --- start ---------------------------------------------------------------------------------


def start(
    scenario: PanzerStrikeScenario | SquareBoard, options: Mapping[str, Any] | None = None
) -> Match:
    """The scenario's opening position (the first side listed moves first), with ``options``
    over the scenario's own (each checked against the list: OptionError naming the option).
    A board whose file places tanks (the designer's editor) starts as a scenario of its own:
    the side of its first tank moves first."""
    if isinstance(scenario, SquareBoard) and scenario.tanks:
        scenario = scenario_of_board(scenario)
    if not isinstance(scenario, PanzerStrikeScenario):
        raise IllegalAction(
            Reason(
                f"Panzer Strike starts from a scenario (a board with tanks), not a "
                f"{type(scenario).__name__}",
                sections.INITIAL_POSITIONS,
            )
        )
    chosen = Options.of(checked_options(scenario, options))
    order = (scenario.sides[0].name, scenario.sides[1].name)
    if not chosen.any_positions and not opposite_sides(scenario):
        raise IllegalAction(
            Reason(
                f"{scenario.name}: the forces of {order[0]} and {order[1]} do not start on "
                "opposite sides of the board (every tank of one side in one half, every tank of "
                "the other in the other half); the option any_positions allows it",
                sections.INITIAL_POSITIONS,
            )
        )
    owners = set(scenario.board.flags.values())
    stray = owners - set(order)
    if stray:
        raise IllegalAction(
            Reason(
                f"flags belong to {sorted(stray)}, not a side of {order}", sections.CAPTURE_THE_FLAG
            )
        )
    task = "annihilation" if not owners else "symmetric" if len(owners) == 2 else "attack-defence"
    counts = [sum(1 for o in scenario.board.flags.values() if o == side) for side in order]
    if not chosen.any_flags:
        check_flag_counts(task, counts)
    tanks = tuple(
        Tank(t.id, t.kind, side.name, t.at, t.facing) for side in scenario.sides for t in side.tanks
    )
    return Match(
        board=scenario.board,
        roster=scenario.roster,
        options=chosen,
        order=order,
        colors={s.name: s.color for s in scenario.sides},
        tanks=tanks,
        task=task,
    )


SIDE_COLORS = ("#3366cc", "#cc3333")


def scenario_of_board(board: SquareBoard) -> PanzerStrikeScenario:
    """A scenario from a board that places its own tanks: two sides, in the order their first
    tank is listed."""
    sides: list[str] = []
    for tank in board.tanks:
        if tank.side not in sides:
            sides.append(tank.side)
    for owner in board.flags.values():
        if owner not in sides:
            sides.append(owner)
    if len(sides) != 2:
        raise IllegalAction(
            Reason(
                f"a game needs tanks of two sides on the board, not {sides or 'none'}",
                sections.INITIAL_POSITIONS,
            )
        )
    return PanzerStrikeScenario(
        name=board.name,
        description=board.description,
        board=replace(board, tanks=()),
        sides=tuple(
            ScenarioSide(
                side,
                SIDE_COLORS[i],
                tuple(
                    PlacedTank(t.id, t.kind, t.at, t.facing) for t in board.tanks if t.side == side
                ),
            )
            for i, side in enumerate(sides)
        ),
    )


# --- the registered game -------------------------------------------------------------------


def summarize(match: Match) -> dict[str, Any]:
    """Tanks lost per side and tanks destroyed per firing tank type (for the balance lab)."""
    lost = dict.fromkeys(match.order, 0)
    damage_by: dict[str, int] = {}
    for firer_kind, _, side in match.kills:
        lost[side] += 1
        damage_by[firer_kind] = damage_by.get(firer_kind, 0) + 1
    return {"lost": lost, "damage_by": damage_by, "flags_captured": len(match.captured)}


def shipped_scenarios() -> dict[str, str]:
    return shipped("panzer-strike", "scenarios")


class PanzerStrike(Game[Match, Action]):
    """Panzer Strike on the protocol: each method calls the rules' own function."""

    name = "panzer-strike"
    title = "Panzer Strike: France 1944 – Pocket"
    rulebook = "Panzer Strike: France 1944 – Pocket Rulebook"
    board_kind = "square"
    action_types = ACTIONS
    scenario_types = (PanzerStrikeScenario,)
    also_starts_from = (SquareBoard,)  # a board whose file places tanks (the editor)
    order = 20
    rulebook_file = "panzer-strike-france-1944-pocket.txt"
    sections = "workbench.games.panzer_strike.rules.sections"

    def _start(self, scenario: Any, options: Mapping[str, Any] | None) -> Match:
        return start(scenario, options)

    def _current_player(self, state: Match) -> str | Turn:
        return current_player(state)

    def _legal_actions(self, state: Match) -> Iterable[Action]:
        return legal_actions(state)

    def _chance_outcomes(self, state: Match) -> Iterable[tuple[Action, Fraction]]:
        return chance_outcomes(state)

    def _apply(self, state: Match, action: Action) -> Applied[Match]:
        return apply(state, action)

    def _outcome(self, state: Match) -> Outcome | None:
        return outcome(state)

    def _players(self, state: Match) -> tuple[str, ...]:
        return players(state)

    def _options(self, scenario: Any) -> Sequence[Option]:
        return scenario_options(scenario)

    def _odds(self, state: Match, attacker: str, target: str, card: str | None) -> KillOdds:
        return odds(state, attacker, target)

    def _reach(self, state: Match, tank: str) -> TankReach:
        return reach(state, tank)

    def _explain(self, state: Match, action: Action) -> Verdict:
        """The verdict ``apply`` gives (its refusal first), with the game's detail
        (``learning.detailed``)."""
        return detailed(state, verdict_of(self, state, action))

    def scenarios(self) -> dict[str, str]:
        return shipped_scenarios()

    def invariants(self, state: Match) -> None:
        invariants(state)

    def summarize(self, state: Match) -> dict[str, Any]:
        return summarize(state)

    def destroyed(self, state: Match, tank: str) -> bool:
        """Whether ``tank`` is destroyed in ``state`` (a damaged tank is not); no side
        decides between a shot and its dice, so there is nothing to decline."""
        return state.tank(tank).destroyed


GAME = register_game(PanzerStrike())
register_bot(GAME.name, "greedy", greedy_player)
register_bot(GAME.name, "flag seeker", flag_seeker)

__all__ = [
    "ACTIONS",
    "GAME",
    "PRACTICE",
    "READING",
    "EndMovement",
    "EndTurn",
    "Move",
    "PanzerStrikeEnd",
    "RollGun",
    "RollMovement",
    "Shoot",
    "chance_outcomes",
    "current_player",
    "dice_count",
    "legal_actions",
    "outcome",
    "players",
    "scenario_of_board",
    "start",
]
