"""What every game's rules share about a shot: a tank shoots at an enemy, never at itself nor
at a tank of its own side ("a shot is a shot": each game refuses such a shot, its odds and its
explanation whatever the moment, with its own rule's words)."""

from __future__ import annotations

from typing import Any

from workbench.rules.core import Reason


def not_at_an_enemy(firer: Any, target: Any, verb: str, rule: str, section: str) -> Reason | None:
    """Why tank ``firer`` may not ``verb`` (shoot, fire) at ``target`` whatever the moment,
    or None: a tank shoots at an enemy, never at itself nor at a tank of its own side (each
    game gives its rule's words, ``rule``, and ``section``). Tanks have an ``id`` and a
    ``side``.

    >>> from types import SimpleNamespace as Tank
    >>> a, b = Tank(id="A", side="north"), Tank(id="B", side="north")
    >>> not_at_an_enemy(a, b, "shoot", "a tank shoots at an enemy", "Shooting").text
    "B is on A's own side (north): a tank shoots at an enemy"
    """
    if firer.id == target.id:
        return Reason(f"{firer.id} cannot {verb} at itself: {rule}", section)
    if firer.side == target.side:
        return Reason(f"{target.id} is on {firer.id}'s own side ({firer.side}): {rule}", section)
    return None
