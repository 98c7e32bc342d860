"""TANKS actions: the players' choices and the chance outcomes (dice, Critical draws), each a
small frozen dataclass that saves as JSON (``workbench.rules.core.Action``)."""

from __future__ import annotations

from dataclasses import dataclass

from workbench.rules.core import Action
from workbench.rules.tanks.movement import Placement


@dataclass(frozen=True)
class Move(Action):
    """One Move with the Measuring Arrow (see ``movement.Placement`` for the numbers)."""

    tank: str
    x: float
    y: float
    heading: float
    along: float
    facing: float

    @property
    def placement(self) -> Placement:
        return Placement(self.x, self.y, self.heading, self.along, self.facing)

    @property
    def to(self) -> tuple[float, float, float]:
        """Where the tank ends, ``(x, y, facing)`` of its centre (``Placement.to``); the JSON
        keeps the arrow's numbers."""
        return self.placement.to

    @staticmethod
    def of(tank: str, p: Placement) -> Move:
        return Move(tank, p.x, p.y, p.heading, p.along, p.facing)

    def __str__(self) -> str:
        at = f"({self.x:.1f}, {self.y:.1f}) {self.heading:g}°"
        return f"{self.tank} moves (arrow at {at}, {self.along:g} cm along)"


@dataclass(frozen=True)
class Deploy(Action):
    """Place a tank waiting to deploy: its centre at ``(x, y)``, facing ``heading``."""

    tank: str
    x: float
    y: float
    heading: float

    def __str__(self) -> str:
        return f"{self.tank} deploys at ({self.x:.1f}, {self.y:.1f}) facing {self.heading:g}°"


@dataclass(frozen=True)
class Stay(Action):
    """Leave the tank where it is: stationary in the Movement Phase, no repair or move in the
    Command Phase."""

    tank: str

    def __str__(self) -> str:
        return f"{self.tank} stays"


@dataclass(frozen=True)
class EndMoves(Action):
    tank: str

    def __str__(self) -> str:
        return f"{self.tank} ends its movement"


@dataclass(frozen=True)
class Shoot(Action):
    tank: str
    target: str

    def __str__(self) -> str:
        return f"{self.tank} shoots at {self.target}"


@dataclass(frozen=True)
class Hold(Action):
    tank: str

    def __str__(self) -> str:
        return f"{self.tank} holds its fire"


@dataclass(frozen=True)
class KeepRoll(Action):
    def __str__(self) -> str:
        return "keep the Attack roll"


@dataclass(frozen=True)
class Reroll(Action):
    """Re-roll the Attack dice; ``keep`` one face with Semi-Indirect Fire."""

    keep: tuple[int, ...] = ()

    def __str__(self) -> str:
        return "re-roll" + (f" keeping a {self.keep[0]}" if self.keep else " all the Attack dice")


@dataclass(frozen=True)
class Cancel(Action):
    """How many of this side's cancellations fall on Hits (the rest on Critical Hits)."""

    hits: int

    def __str__(self) -> str:
        return f"cancel {self.hits} Hit(s) first"


@dataclass(frozen=True)
class Repair(Action):
    tank: str

    def __str__(self) -> str:
        return f"{self.tank} tries a repair"


@dataclass(frozen=True)
class AttackRoll(Action):
    faces: tuple[int, ...]
    chance = True

    def __str__(self) -> str:
        return f"attack dice {', '.join(map(str, self.faces)) or 'none'}"


@dataclass(frozen=True)
class DefenceRoll(Action):
    faces: tuple[int, ...]
    chance = True

    def __str__(self) -> str:
        return f"defence dice {', '.join(map(str, self.faces)) or 'none'}"


@dataclass(frozen=True)
class DrawCritical(Action):
    card: str
    chance = True

    def __str__(self) -> str:
        return f"Critical card: {self.card}"


@dataclass(frozen=True)
class RepairRoll(Action):
    face: int
    chance = True

    def __str__(self) -> str:
        return f"repair roll {self.face}"


ACTIONS = (Deploy, Move, Stay, EndMoves, Shoot, Hold, KeepRoll, Reroll, Cancel, Repair,
           AttackRoll, DefenceRoll, DrawCritical, RepairRoll)  # fmt: skip
