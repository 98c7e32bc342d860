"""Tiny Race (a test fixture): Red and Blue race along a track. On its turn a runner walks
one square, or runs: a die decides how far (a chance action). A runner who lands in a pit
goes back to the start (option ``pits``); the first to reach the finish wins."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from fractions import Fraction
from pathlib import Path
from typing import Any

from workbench.games.tiny.boards import Track
from workbench.games.tiny.rules.sections import MOVING, PITS, WINNING

from workbench.boards.values import Pictured
from workbench.rules.core import (
    CHANCE,
    TERMINAL,
    Action,
    Applied,
    Event,
    Game,
    IllegalAction,
    Outcome,
    Reason,
    Termination,
    Turn,
    register_game,
)
from workbench.rules.options import Option, check_options

SIDES = ("Red", "Blue")


@dataclass(frozen=True)
class Walk(Action):
    """Move one square."""


@dataclass(frozen=True)
class Run(Action):
    """Let a die decide how far."""


@dataclass(frozen=True)
class Die(Action):
    face: int
    chance = True


class RaceEnd(Termination):
    FINISHED = ("a runner reached the finish", WINNING)


@dataclass(frozen=True)
class Race(Pictured):
    track: Track
    at: tuple[int, int] = (0, 0)
    side: int = 0  # whose turn: an index into SIDES
    running: bool = False  # a die decides next
    pits: bool = True
    winner: str | None = field(default=None)


def options(scenario: Track) -> list[Option]:
    return [Option.flag("pits", PITS, "a runner landing in a pit goes back to the start", True)]


def start(scenario: Track, chosen: Mapping[str, Any] | None = None) -> Race:
    given = check_options(options(scenario), chosen)
    return Race(scenario, pits=given.get("pits", True))


def current_player(state: Race) -> str | Turn:
    if state.winner is not None:
        return TERMINAL
    return CHANCE if state.running else SIDES[state.side]


def legal_actions(state: Race) -> list[Action]:
    return [Walk(), Run()]


def chance_outcomes(state: Race) -> list[tuple[Action, Fraction]]:
    return [(Die(face), Fraction(1, 6)) for face in range(1, 7)]


def _moved(state: Race, squares: int) -> Applied:
    side = SIDES[state.side]
    to = min(state.at[state.side] + squares, state.track.length)
    events = [Event(f"{side} moves to square {to}", (Reason(f"{squares} square(s)", MOVING),))]
    if state.pits and to in state.track.pits:
        to = 0
        events.append(Event(f"{side} falls into a pit", (Reason("back to the start", PITS),)))
    at = (to, state.at[1]) if state.side == 0 else (state.at[0], to)
    winner = side if to == state.track.length else None
    if winner:
        events.append(Event(f"{side} wins", (Reason("reached the finish", WINNING),)))
    return Applied(replace(state, at=at, side=1 - state.side, running=False, winner=winner),
                   tuple(events))  # fmt: skip


def apply(state: Race, action: Action) -> Applied:
    who = current_player(state)
    if who is TERMINAL:
        raise IllegalAction(Reason("the state is over", WINNING))
    if who is CHANCE:
        if not isinstance(action, Die):
            raise IllegalAction(Reason("the die decides now", MOVING))
        return _moved(state, action.face)
    if isinstance(action, Walk):
        return _moved(state, 1)
    if isinstance(action, Run):
        return Applied(replace(state, running=True), (Event(f"{who} runs"),))
    raise IllegalAction(Reason(f"{who} walks or runs", MOVING))


def invariants(state: Race) -> None:
    assert all(0 <= at <= state.track.length for at in state.at), state.at


def scenarios() -> dict[str, str]:
    folder = Path(__file__).parent / "scenarios"
    return {p.stem: str(p) for p in sorted(folder.glob("*.json"))}


class TinyRace(Game[Race, Action]):
    """Tiny Race on the protocol: each method calls the rules above."""

    name = "tiny-race"
    title = "Tiny Race (a test fixture)"
    rulebook = "Tiny Race: the three headings the test writes"
    board_kind = "track"
    action_types = (Walk, Run, Die)
    scenario_types = (Track,)
    order = 1000
    rulebook_file = "tiny-race-rulebook.txt"
    sections = "workbench.games.tiny.rules.sections"

    def _start(self, scenario: Track, options: Mapping[str, Any] | None) -> Race:
        return start(scenario, options)

    def _current_player(self, state: Race) -> str | Turn:
        return current_player(state)

    def _legal_actions(self, state: Race) -> list[Action]:
        return legal_actions(state)

    def _chance_outcomes(self, state: Race) -> list[tuple[Action, Fraction]]:
        return chance_outcomes(state)

    def _apply(self, state: Race, action: Action) -> Applied[Race]:
        return apply(state, action)

    def _outcome(self, state: Race) -> Outcome | None:
        return Outcome(RaceEnd.FINISHED, state.winner) if state.winner else None

    def _players(self, state: Race) -> tuple[str, ...]:
        return SIDES

    def _options(self, scenario: Track) -> list[Option]:
        return options(scenario)

    def scenarios(self) -> dict[str, str]:
        return scenarios()

    def invariants(self, state: Race) -> None:
        invariants(state)


GAME = register_game(TinyRace())
