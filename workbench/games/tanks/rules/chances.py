"""The chance outcomes of a TANKS battle, each with its exact probability: the Attack and
Defence dice (every set of faces, sorted), a Critical card drawn (by the cards left in the
deck, the discards reshuffled when it is empty) and a repair roll; kept per key, since a
battle asks for them at every chance node.

>>> from workbench.games.tanks.rules.actions import DrawCritical
>>> outcomes(("deck", ("Busted Tracks", "Busted Tracks", "Fire")))[0]
(DrawCritical(card='Busted Tracks'), Fraction(2, 3))
"""

from __future__ import annotations

from fractions import Fraction
from functools import cache
from typing import Any

from workbench.games.tanks.rules.actions import AttackRoll, DefenceRoll, DrawCritical, RepairRoll
from workbench.games.tanks.rules.shooting import rolls
from workbench.games.tanks.rules.state import Battle
from workbench.rules.core import Action


@cache
def dice_outcomes(cls: type, n: int) -> tuple[tuple[Action, Fraction], ...]:
    return tuple((cls(faces), p) for faces, p in rolls(n))


REPAIR_OUTCOMES = tuple((RepairRoll(f), Fraction(1, 6)) for f in range(1, 7))


def chance_key(battle: Battle) -> tuple[Any, ...]:
    """What the chance outcomes now depend on: the dice rolled, or the deck drawn from."""
    if battle.repairing is not None:
        return ("repair",)
    shot = battle.shot
    assert shot is not None
    if shot.step == "attack":
        return (AttackRoll, shot.attack_dice)
    if shot.step == "reroll":
        return (AttackRoll, shot.attack_dice - len(shot.kept))
    if shot.step == "defence":
        return (DefenceRoll, shot.defence_dice)
    return ("deck", battle.deck or tuple(sorted(battle.discard)))


@cache
def outcomes(key: tuple[Any, ...]) -> tuple[tuple[Action, Fraction], ...]:
    if key[0] == "repair":
        return REPAIR_OUTCOMES
    if key[0] != "deck":
        return dice_outcomes(*key)
    deck = key[1]
    if not deck:
        return ((DrawCritical(""), Fraction(1)),)
    counts: dict[str, int] = {}
    for name in deck:
        counts[name] = counts.get(name, 0) + 1
    return tuple((DrawCritical(n), Fraction(c, len(deck))) for n, c in sorted(counts.items()))


@cache
def outcome_actions(key: tuple[Any, ...]) -> frozenset[Action]:
    return frozenset(action for action, _ in outcomes(key))
