"""Widgets made once and reused: a panel whose rows change at every step (the hand's cards,
the offered actions' buttons) updates the widgets it has instead of creating new ones, which
is what made a step slow (an ipywidget costs about a millisecond to create, and every one
created stays alive in the kernel)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Generic, TypeVar

T = TypeVar("T")


class WidgetPool(Generic[T]):
    """``take(count)``: the first ``count`` items made by ``make(index)``, each made once.

    >>> pool = WidgetPool(lambda i: f"row {i}")
    >>> pool.take(2), pool.take(3), pool.made
    (['row 0', 'row 1'], ['row 0', 'row 1', 'row 2'], 3)
    """

    def __init__(self, make: Callable[[int], T]) -> None:
        self._make = make
        self._items: list[T] = []

    @property
    def made(self) -> int:
        return len(self._items)

    def take(self, count: int) -> list[T]:
        while len(self._items) < count:
            self._items.append(self._make(len(self._items)))
        return self._items[:count]
