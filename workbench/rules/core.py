"""What every game's rules share: a verdict that carries its reasons and the rule it cites."""

from __future__ import annotations

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
