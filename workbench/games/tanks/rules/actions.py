"""TANKS actions: the players' choices and the chance outcomes (dice, Critical draws), each a
small frozen dataclass that saves as JSON (``workbench.rules.core.Action``)."""

from __future__ import annotations

from dataclasses import dataclass

from workbench.games.tanks.rules.movement import Placement
from workbench.rules.core import Action


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
    """Roll to repair one Repairable Critical card on the tank, the player's choice (``card``;
    ``""``, as records saved before the choice have it: the first placed on the tank)."""

    tank: str
    card: str = ""

    def __str__(self) -> str:
        return f"{self.tank} tries a repair" + (f" of {self.card}" if self.card else "")


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


@dataclass(frozen=True)
class SetUpRoll(Action):
    """Game Set Up's roll: each player's die, in the order the platoons name the sides (ties
    are rolled again, so the faces differ)."""

    faces: tuple[int, ...]
    chance = True

    def __str__(self) -> str:
        return f"set-up dice {' and '.join(map(str, self.faces))}"


@dataclass(frozen=True)
class PlaceTerrain(Action):
    """Place a terrain piece (Table Setup): the centre of its outline's bounding box, as the
    table file draws it, at ``(x, y)``, the piece turned ``turn`` degrees clockwise about it."""

    piece: str
    x: float
    y: float
    turn: float = 0.0

    def __str__(self) -> str:
        turned = f", turned {self.turn:g}°" if self.turn else ""
        return f"place {self.piece} at ({self.x:.1f}, {self.y:.1f}){turned}"


@dataclass(frozen=True)
class PlaceObjective(Action):
    """Place an Objective token, its centre at ``(x, y)`` (Missions: Table Set Up); the side
    to act places it."""

    x: float
    y: float

    def __str__(self) -> str:
        return f"place an Objective token at ({self.x:.1f}, {self.y:.1f})"


@dataclass(frozen=True)
class ChooseRole(Action):
    """The winner of the second roll chooses to be the ``"attacker"`` or the ``"defender"``."""

    role: str

    def __str__(self) -> str:
        return f"be the {self.role.capitalize()}"


@dataclass(frozen=True)
class ChooseEdge(Action):
    """The Defender chooses the table side to deploy from (north, east, south or west)."""

    edge: str

    def __str__(self) -> str:
        return f"deploy from the {self.edge} edge"


ACTIONS = (Deploy, Move, Stay, EndMoves, Shoot, Hold, KeepRoll, Reroll, Cancel, Repair,
           AttackRoll, DefenceRoll, DrawCritical, RepairRoll,
           SetUpRoll, PlaceTerrain, ChooseRole, ChooseEdge, PlaceObjective)  # fmt: skip
