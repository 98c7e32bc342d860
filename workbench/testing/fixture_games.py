"""A tiny game on the protocol for testing tools that work on any game (the balance lab,
the stepper): side "A" cannot lose. Each turn the side to act advances or waits; an advance
waits for one die (a chance action); A wins after three advances or at turn ten.
It is not a board game and cites no rulebook.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any

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


@dataclass(frozen=True)
class Advance(Action):
    pass


@dataclass(frozen=True)
class Wait(Action):
    pass


@dataclass(frozen=True)
class Die(Action):
    face: int
    chance = True


class SureThingEnd(Termination):
    ADVANCED = ("A advanced three times", "fixture")
    TIME = ("ten turns passed", "fixture")


@dataclass(frozen=True)
class SureThing:
    turn: int = 1
    active: str = "A"
    advances: int = 0
    rolling: bool = False
    ended: Outcome | None = None


def start(scenario: Any = None, options: Mapping[str, Any] | None = None) -> SureThing:
    return SureThing()


def current_player(state: SureThing) -> str | Turn:
    if state.ended:
        return TERMINAL
    return CHANCE if state.rolling else state.active


def legal_actions(state: SureThing) -> Iterator[Action]:
    if current_player(state) in ("A", "B"):
        if state.active == "A":
            yield Advance()
        yield Wait()


def chance_outcomes(state: SureThing) -> tuple[tuple[Action, Fraction], ...]:
    if current_player(state) != CHANCE:
        return ()
    return tuple((Die(f), Fraction(1, 6)) for f in range(1, 7))


def apply(state: SureThing, action: Action) -> Applied:
    who = current_player(state)
    if who == CHANCE:
        if not isinstance(action, Die):
            raise IllegalAction(Reason("the die decides now", "fixture"))
        advances = state.advances + 1
        ended = Outcome(SureThingEnd.ADVANCED, "A") if advances >= 3 else None
        after = replace(state, rolling=False, advances=advances, ended=ended)
        return Applied(_next(after), (Event(f"rolled {action.face}"),))
    if action not in set(legal_actions(state)):
        raise IllegalAction(Reason(f"{action} is not legal for {who}", "fixture"))
    if isinstance(action, Advance):
        return Applied(replace(state, rolling=True), (Event("A advances"),))
    return Applied(_next(state), (Event(f"{who} waits"),))


def _next(state: SureThing) -> SureThing:
    if state.ended:
        return state
    active = "B" if state.active == "A" else "A"
    turn = state.turn + (active == "A")
    if turn > 10:
        return replace(state, ended=Outcome(SureThingEnd.TIME, "A"))
    return replace(state, active=active, turn=turn)


class SureThingGame(Game[SureThing, Action]):
    """Sure Thing on the protocol: each method calls the rules above."""

    name = "fixture-sure-thing"
    title = "Sure Thing (a test fixture)"
    rulebook = "none: a fixture for testing tools"
    board_kind = "none"
    action_types = (Advance, Wait, Die)

    def _start(self, scenario: Any, options: Mapping[str, Any] | None) -> SureThing:
        return start(scenario, options)

    def _current_player(self, state: SureThing) -> str | Turn:
        return current_player(state)

    def _legal_actions(self, state: SureThing) -> Iterator[Action]:
        return legal_actions(state)

    def _chance_outcomes(self, state: SureThing) -> tuple[tuple[Action, Fraction], ...]:
        return chance_outcomes(state)

    def _apply(self, state: SureThing, action: Action) -> Applied[SureThing]:
        return apply(state, action)

    def _outcome(self, state: SureThing) -> Outcome | None:
        return state.ended

    def _players(self, state: SureThing) -> tuple[str, ...]:
        return ("A", "B")

    def summarize(self, state: SureThing) -> Mapping[str, Any]:
        return {"lost": {"A": 0, "B": 0}, "damage_by": {}}


GAME = register_game(SureThingGame())
