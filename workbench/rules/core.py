"""What every game's rules share: a verdict that carries its reasons and the rule it cites."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass


class IllegalAction(ValueError):
    """An action the rules refuse; the message gives the reason and the rule section.
    The state it was tried on is never changed."""

    def __init__(self, reason: str, rule: str) -> None:
        self.reason, self.rule = reason, rule
        super().__init__(f"{reason} ({rule})")


@dataclass(frozen=True)
class Reason:
    """One line of an explanation: what was found and the rule it comes from.

    >>> str(Reason("moving forward one hex costs 1 MP", "Moving: Movement"))
    'moving forward one hex costs 1 MP (Moving: Movement)'
    """

    text: str
    rule: str

    def __str__(self) -> str:
        return f"{self.text} ({self.rule})" if self.rule else self.text


@dataclass(frozen=True)
class Modifier:
    """A named number added to a roll or a score, with the rule or card it comes from.

    >>> str(Modifier("Mobile Fire 2", -2, "card"))
    'Mobile Fire 2 -2 (card)'
    """

    name: str
    value: int
    source: str

    def __str__(self) -> str:
        return f"{self.name} {self.value:+d} ({self.source})"


def total(modifiers: Sequence[Modifier]) -> int:
    return sum(m.value for m in modifiers)
