"""What is wrong with a board value, told by the field of its file: one :class:`Problem` type
for every board, and one :class:`ScenarioError` for a scenario whose parts do not fit.

>>> str(Problem(["sides", 0, "tanks", 1, "hex"], "0505", "a hex on the map"))
'$.sides[0].tanks[1].hex: expected a hex on the map, found 0505'
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from workbench.errors import WorkbenchError, json_path


@dataclass(frozen=True)
class Problem:
    """Something wrong with a board, by the field of its file: ``field`` parts as in a JSON
    path (a list is kept as a tuple), what was found (a value, or words) and what was
    expected, in words."""

    field: Sequence[str | int]
    found: object
    expected: str

    def __post_init__(self) -> None:
        object.__setattr__(self, "field", tuple(self.field))

    def __str__(self) -> str:
        return f"{json_path(self.field)}: expected {self.expected}, found {self.found}"


class ScenarioError(WorkbenchError, ValueError):
    """A scenario whose parts do not fit together (a side that does not exist, a tank off
    the board...): ``problem`` names the file's field where one is known (else None)."""

    def __init__(self, problem: Problem | str) -> None:
        self.problem = problem if isinstance(problem, Problem) else None
        super().__init__(str(problem))


__all__ = ["Problem", "ScenarioError"]
