"""The actions of Panzer Vor! on the game protocol: small frozen values that save as JSON.

The practice mode uses Move, Fire, Pass and Roll; the card game adds the card and chance
actions below (a card draw is :class:`workbench.games.panzer_vor.rules.deck.Draw`).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from itertools import product
from typing import ClassVar, Literal

from workbench.rules.core import Action


@dataclass(frozen=True)
class Move(Action):
    """Move one tank to ``to`` (a hex label) facing ``facing`` (0..5), along ``path`` — the
    poses ``(label, facing)`` after the start — or, with no path, along a cheapest one.
    ``ability``: a character whose movement bonus the move uses."""

    tank: str
    to: str
    facing: int
    path: tuple[tuple[str, int], ...] = ()
    ability: str = ""

    def __str__(self) -> str:
        using = f" (using {self.ability})" if self.ability else ""
        return f"{self.tank} moves to {self.to} facing {self.facing}{using}"


GunName = Literal["", "main", "secondary"]


@dataclass(frozen=True)
class Fire(Action):
    """One attack by ``firer`` at ``target`` (Firing). ``gun``: the gun a multiple-gun tank
    (M3 Lee, Char B1 bis) declares, ``"main"`` or ``"secondary"``; ``""`` declares none: a
    one-gun tank's only gun, and a multiple-gun tank's secondary gun ("If you fire without
    declaring, it is always assumed that you are using the secondary gun", Firing:
    Multiple-gun Tanks; a record saved before the field existed reads so, as it was played).

    >>> str(Fire("M3 Lee", "Tiger I", "main"))
    'M3 Lee fires at Tiger I with the main gun'
    """

    firer: str
    target: str
    gun: GunName = ""
    written_when_set: ClassVar[tuple[str, ...]] = ("gun",)  # records saved before it read so

    def __str__(self) -> str:
        with_gun = f" with the {self.gun} gun" if self.gun else ""
        return f"{self.firer} fires at {self.target}{with_gun}"


@dataclass(frozen=True)
class Pass(Action):
    """End this phase without playing a card (practice mode: end the turn)."""

    def __str__(self) -> str:
        return "pass"


@dataclass(frozen=True)
class Roll(Action):
    """Two dice, as rolled (a chance action)."""

    dice: tuple[int, int]
    chance = True

    def __str__(self) -> str:
        return f"roll {self.dice[0]} + {self.dice[1]} = {sum(self.dice)}"


ROLLS = tuple((Roll((a, b)), Fraction(1, 36)) for a, b in product(range(1, 7), repeat=2))


@dataclass(frozen=True)
class Die(Action):
    """One die, or one of ``n`` equally likely results of a die rolled until it shows 1..n
    (a chance action)."""

    value: int
    chance = True

    def __str__(self) -> str:
        return f"die shows {self.value}"


@dataclass(frozen=True)
class PlayCard(Action):
    """Play a card from the hand (or a Scenario card in play); ``choice`` names what the card
    is used for when it asks (``"repair:Tiger I"``, ``"maintain:Move"``, ``"Hana Isuzu@M4"``)."""

    card: str
    choice: str = ""

    def __str__(self) -> str:
        return f"play {self.card}" + (f" ({self.choice})" if self.choice else "")


@dataclass(frozen=True)
class Select(Action):
    """Declare the tank that carries out the card being played."""

    tank: str

    def __str__(self) -> str:
        return f"{self.tank} acts"


@dataclass(frozen=True)
class Stop(Action):
    """No more tanks act on this card (or this tank holds its fire / does not move)."""

    def __str__(self) -> str:
        return "stop"


@dataclass(frozen=True)
class React(Action):
    """Play a Reaction card (or a Scenario card played as one); ``tank`` fires a Quick Shot."""

    card: str
    tank: str = ""

    def __str__(self) -> str:
        return f"react with {self.card}" + (f" ({self.tank})" if self.tank else "")


@dataclass(frozen=True)
class NoReaction(Action):
    def __str__(self) -> str:
        return "no reaction"


@dataclass(frozen=True)
class UseAbility(Action):
    """Use a character's ability (``choice`` as for :class:`PlayCard`)."""

    character: str
    ability: str = ""
    choice: str = ""

    def __str__(self) -> str:
        what = f" {self.ability}" if self.ability else ""
        return f"{self.character} uses{what}" + (f" ({self.choice})" if self.choice else "")


@dataclass(frozen=True)
class Decline(Action):
    def __str__(self) -> str:
        return "decline"


@dataclass(frozen=True)
class Choose(Action):
    """One option of a choice the rules ask for (a tank to remove, a hex, a card)."""

    option: str

    def __str__(self) -> str:
        return f"choose {self.option}"


@dataclass(frozen=True)
class Discard(Action):
    """End Phase: discard one card down to five."""

    card: str

    def __str__(self) -> str:
        return f"discard {self.card}"


@dataclass(frozen=True)
class Buy(Action):
    """Buy one tank of the roster name ``tank`` for the force (Exhibition!: Purchasing Tanks;
    Anzio (Original)'s tanks bought within its points)."""

    tank: str

    def __str__(self) -> str:
        return f"buy {self.tank}"


@dataclass(frozen=True)
class DoneBuying(Action):
    """The force is complete: buy no more tanks."""

    def __str__(self) -> str:
        return "done buying"


@dataclass(frozen=True)
class Deploy(Action):
    """Place the tank ``tank`` (not yet on the map) on the hex ``to`` facing ``facing``
    (0..5), in its side's deployment area (Game Setup; each scenario's Deployment)."""

    tank: str
    to: str
    facing: int

    def __str__(self) -> str:
        return f"deploy {self.tank} at {self.to} facing {self.facing}"


@dataclass(frozen=True)
class TurnTurret(Action):
    """Turn ``tank``'s turret ``turn`` hexsides, clockwise (negative: anticlockwise), with a
    Movement card after moving or instead of moving (Optional Rules: Turret Rotation)."""

    tank: str
    turn: int

    def __str__(self) -> str:
        way = "clockwise" if self.turn > 0 else "anticlockwise"
        n = abs(self.turn)
        return f"{self.tank} turns its turret {n} hexside{'s' if n > 1 else ''} {way}"


@dataclass(frozen=True)
class RemoveSmoke(Action):
    """Take the smoke marker off ``tank`` (Kuromorimine Stage 1: Smokescreen: "The Ōarai
    player may also choose to remove a smoke marker from a tank at any time")."""

    tank: str

    def __str__(self) -> str:
        return f"remove the smoke marker from {self.tank}"
