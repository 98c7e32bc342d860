"""Panzer Strike's actions: the movement dice, a move, the end of movement, a shot, its gun
dice and the end of the turn. Each is a small frozen value that saves as JSON
(``{"type": "Move", ...}``); the dice are chance actions."""

from __future__ import annotations

from dataclasses import dataclass

from workbench.geometry.squaregrid import FACING_NAMES
from workbench.rules.core import Action

ORDINALS = ("first", "second", "third", "fourth", "fifth", "sixth")


def die_name(index: int) -> str:
    """The die of a turn's move ``index`` (0-based) in words, as the movement dice are listed:
    never a number, which would read as the face it shows.

    >>> die_name(1), die_name(7)
    ('the second die', 'die number 8')
    """
    if 0 <= index < len(ORDINALS):
        return f"the {ORDINALS[index]} die"
    return f"die number {index + 1}"


@dataclass(frozen=True)
class RollMovement(Action):
    """The movement dice of a turn, as their large numbers (sorted; a chance action)."""

    large: tuple[int, ...]
    chance = True

    def __str__(self) -> str:
        return f"movement dice {', '.join(map(str, self.large))}"


@dataclass(frozen=True)
class Move(Action):
    """Move ``tank`` on die ``die`` (an index into the turn's moves) to square ``to`` = (x, y)
    ending facing ``facing`` (0..7 = N … NW), along a fewest-steps path."""

    tank: str
    die: int
    to: tuple[int, int]
    facing: int

    def __str__(self) -> str:
        return (
            f"{self.tank} moves to ({self.to[0]}, {self.to[1]}) facing "
            f"{FACING_NAMES[self.facing % 8]} (with {die_name(self.die)})"
        )


@dataclass(frozen=True)
class EndMovement(Action):
    """Move no more tanks this turn: shooting comes next."""

    def __str__(self) -> str:
        return "end movement"


@dataclass(frozen=True)
class Shoot(Action):
    """``firer`` shoots at ``target``; the gun dice come next."""

    firer: str
    target: str

    def __str__(self) -> str:
        return f"{self.firer} shoots at {self.target}"


@dataclass(frozen=True)
class RollGun(Action):
    """The gun dice of a shot, as their small numbers (sorted; a chance action)."""

    small: tuple[int, ...]
    chance = True

    def __str__(self) -> str:
        return f"gun dice {', '.join(map(str, self.small))} = {sum(self.small)}"


@dataclass(frozen=True)
class EndTurn(Action):
    """Shoot no more: the turn passes to the other side."""

    def __str__(self) -> str:
        return "end turn"


ACTIONS = (RollMovement, Move, EndMovement, Shoot, RollGun, EndTurn)
