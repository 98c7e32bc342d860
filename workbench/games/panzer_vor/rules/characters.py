"""Panzer Vor! characters (Characters): each counter's front and back abilities, and where
each counter is during a match (on which tank, face up, face down, removed).

The five kinds of modifier (Characters): ``attack`` (to the tank's attack rolls), ``damage``
(its damage rolls), ``movement`` (added to its movement for one action), ``evade`` (to attack
rolls against the tank) and ``armour`` (to damage rolls against it); and the abilities
``combat awareness``, ``recovery`` and ``aide N`` (Characters: the abilities that may also be
used in your own Event Phase).

The rulebook prints only a few values (Hana Isuzu +2 attack, Nonna +1 attack, Mako Reizei +2
movement, Carpaccio +1 FP, Pepperoni +2 MP, Miho and Maho have Combat Awareness on both
sides, Saori Takebe and Katyusha Recovery): each ability's ``source`` says where it comes
from; every other value is a labelled stand-in.

Combat Awareness of the other commanders (Anchovy, Darjeeling, Kay, Katyusha) is a reading,
not a printed value: "Most of the schools' commanders possess the Combat Awareness ability"
names only Miho and Maho. Their ability's source says so, and the card game's option
``commander_awareness: False`` plays without it (:func:`abilities_in`).

>>> ABILITIES["Hana Isuzu"].front
(Ability(kind='attack', value=2, source='rulebook: Characters (example)'),)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from types import MappingProxyType
from typing import Literal

STAND_IN = "stand-in"
RULEBOOK = "rulebook: Characters"
Kind = Literal[
    "attack", "damage", "movement", "evade", "armour", "combat awareness", "recovery", "aide"
]
Face = Literal["front", "back", "removed", "gone"]  # gone: out of the match for good


@dataclass(frozen=True)
class Ability:
    kind: str
    value: int = 0
    source: str = STAND_IN

    def __str__(self) -> str:
        sign = f" {self.value:+d}" if self.kind in MODIFIERS else ""
        amount = f" {self.value}" if self.kind == "aide" else ""
        return f"{self.kind}{sign}{amount}"


MODIFIERS = ("attack", "damage", "movement", "evade", "armour")


@dataclass(frozen=True)
class Counter:
    """A character counter: the abilities on its front and back (empty: none)."""

    name: str
    front: tuple[Ability, ...]
    back: tuple[Ability, ...] = ()


def _c(name: str, front: tuple[Ability, ...], back: tuple[Ability, ...] = ()) -> Counter:
    return Counter(name, front, back)


_AWARE = Ability("combat awareness", 0, f"{RULEBOOK}: Combat Awareness")
COMMANDERS_READING = (
    "reading (a stand-in): \"Most of the schools' commanders possess the Combat Awareness "
    'ability" (Characters: Combat Awareness) names only Miho and Maho; this commander is '
    "read as one of 'most' (option commander_awareness)"
)
_COMMANDER = Ability("combat awareness", 0, COMMANDERS_READING)
NO_COMMANDER_AWARENESS = "no commanders' combat awareness"  # the match's flag (option False)
_RECOVERY = Ability("recovery", 0, f"{RULEBOOK}: Recovery")
CATALOGUE = (
    _c("Miho Nishizumi", (_AWARE,), (_AWARE,)),
    _c("Maho Nishizumi", (_AWARE,), (_AWARE,)),
    _c("Saori Takebe", (_RECOVERY,), (Ability("aide", 1),)),
    _c("Katyusha", (_RECOVERY, _COMMANDER)),
    _c(
        "Hana Isuzu",
        (Ability("attack", 2, "rulebook: Characters (example)"),),
        (Ability("attack", 1),),
    ),
    _c("Nonna", (Ability("attack", 1, "rulebook: Firing: Extreme Range (example)"),)),
    _c(
        "Mako Reizei",
        (Ability("movement", 2, "rulebook: Moving: Movement Bonuses"),),
        (Ability("movement", 1),),
    ),
    _c("Yukari Akiyama", (Ability("aide", 2),), (Ability("evade", -1),)),
    _c("Carpaccio (+1 FP)", (Ability("damage", 1, "rulebook: Anzio (Revised): Characters"),)),
    _c("Pepperoni (+2 MP)", (Ability("movement", 2, "rulebook: Anzio (Revised): Characters"),)),
    _c("Carpaccio", (Ability("attack", 1),)),
    _c("Pepperoni", (Ability("movement", 1),)),
    _c("Anchovy", (_COMMANDER,)),
    _c("Darjeeling", (_COMMANDER,)),
    _c("Orange Pekoe", (Ability("aide", 1),)),
    _c("Kay", (_COMMANDER,)),
    _c("Naomi", (Ability("attack", 2),)),
    _c("Erika Itsumi", (Ability("attack", 1),)),
    _c("Turtle Team", (Ability("evade", -2),), (Ability("evade", -1),)),
    _c("Duck Team", (Ability("movement", 1),), (Ability("attack", 1),)),
    _c("Hippo Team", (Ability("damage", 1),), (Ability("attack", 1),)),
    _c("Rabbit Team", (Ability("attack", 1),), (Ability("evade", -1),)),
    _c("Mallard Team", (Ability("armour", -1),)),
    _c("Leopon Team", (Ability("damage", 1),)),
    _c("Anteater Team", (Ability("attack", 1),)),
)
ABILITIES: Mapping[str, Counter] = MappingProxyType({c.name: c for c in CATALOGUE})


def abilities_in(crew: Crew, flags: frozenset[str]) -> tuple[Ability, ...]:
    """The abilities ``crew`` has in a match with these ``flags``: without the other
    commanders' Combat Awareness when the match plays without that reading."""
    found = crew.abilities
    if NO_COMMANDER_AWARENESS in flags:
        return tuple(a for a in found if a.source != COMMANDERS_READING)
    return found


@dataclass(frozen=True)
class Crew:
    """One character during a match: its side, the tank it is on (None when removed) and the
    side showing."""

    name: str
    side: str
    tank: str | None
    face: Face = "front"
    arrives_with: str | None = None  # a reinforcement tank it rides in on

    @property
    def abilities(self) -> tuple[Ability, ...]:
        counter = ABILITIES.get(self.name)
        if counter is None or self.tank is None or self.face not in ("front", "back"):
            return ()
        return counter.front if self.face == "front" else counter.back

    def has_back(self) -> bool:
        counter = ABILITIES.get(self.name)
        return bool(counter and counter.back)

    def used(self) -> Crew:
        """After using an ability: a face-up counter turns face down; one used face down (or
        a one-sided counter) is removed from the map (Characters)."""
        if self.face == "front" and self.has_back():
            return replace(self, face="back")
        if self.face == "front" and ABILITIES.get(self.name) is not None:
            # "Characters with no abilities on their face-down side may be kept on the map
            # with their tank counter": it turns face down and stays, with no ability left.
            return replace(self, face="back")
        return replace(self, face="removed", tank=None)

    def recovered(self, tank: str | None = None) -> Crew:
        """Recovery: face down on the map turns face up; a removed counter goes on ``tank``
        face down if it has a back side, else face up (Turn Phases: Event Phase: Recovery)."""
        if self.tank is not None:
            return replace(self, face="front")
        return replace(self, tank=tank, face="back" if self.has_back() else "front")
