"""Tiny Race's board (a test fixture): a track of squares, some of them pits."""

from __future__ import annotations

from dataclasses import dataclass

from workbench.boards.values import Pictured
from workbench.errors import ArgumentError


@dataclass(frozen=True)
class Track(Pictured):
    """A straight track of ``length`` squares (0 is the start, ``length`` the finish)."""

    name: str
    length: int
    pits: tuple[int, ...] = ()

    def __post_init__(self) -> None:
        if not isinstance(self.length, int) or self.length < 2:
            raise ArgumentError("length", self.length, "a whole number of at least 2")
