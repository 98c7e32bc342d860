"""The widgets' arguments, checked where a notebook calls them: every public method's
arguments against its annotations (:func:`~workbench.arguments.checked_methods`, which every
layer uses), and the few values a type cannot say (a place on the
board, a step of the record, a name among those offered; a hex on the map is the rules'
own check, in each game's home). Each refusal is an
:class:`~workbench.errors.ArgumentError` naming the argument, raised before the widget
changes anything.

>>> step_number("step", 9, 0, 4)
Traceback (most recent call last):
...
workbench.errors.ArgumentError: step: expected a whole number from 0 to 4, got 9
"""

from __future__ import annotations

import math
import numbers
from typing import Any

# checked_methods, flag, one_of and positive live in the rules layer's arguments: used here too
from workbench.arguments import checked_methods, flag, one_of, positive, whole_number  # noqa: F401
from workbench.errors import ArgumentError, UnknownName, WorkbenchError
from workbench.games import get_game, names
from workbench.geometry.squaregrid import Square
from workbench.rules.core import UnknownGame


def step_number(argument: str, value: object, first: int, last: int) -> int:
    """``value`` if it is a whole number from ``first`` to ``last`` (a step of the record)."""
    if last < first:
        raise ArgumentError(argument, value, f"a step number, but the record has no step {first}")
    return whole_number(argument, value, low=first, high=last)


def tank_of(argument: str, state: Any, tank_id: object) -> Any:
    """The tank called ``tank_id`` in ``state`` (any game's: its ``tanks`` have ids), else
    UnknownName listing them."""
    one_of(argument, tank_id, [t.id for t in state.tanks], "the id of a tank here")
    return state.tank(tank_id)


def place_in_scene(argument: str, scene: Any, label: object, cell_of: Any) -> Any:
    """The cell ``cell_of(label)`` names, if it is one the picture ``scene`` shows (its centre
    is in it), else ArgumentError."""
    expected = "the label of a place on the board shown"
    try:
        cell = cell_of(label)
        shown = scene.cell_at(*scene.pixel_of(cell))
    except (WorkbenchError, ValueError, TypeError):  # no label of this board's kind
        raise ArgumentError(argument, label, expected) from None
    if shown != cell:
        raise ArgumentError(argument, label, expected)
    return cell


def game_named(argument: str, name: object) -> Any:
    """The registered game called ``name``, else UnknownName listing the games."""
    if not isinstance(name, str):
        raise ArgumentError(argument, name, "the name of a game")
    try:
        return get_game(name)
    except UnknownGame:
        raise UnknownName(argument, name, f"the name of a game ({', '.join(names())})") from None


def square_on(argument: str, board: Any, value: object) -> Square:
    """The square ``value`` names (a Square, an ``(x, y)`` pair of whole numbers or a label
    like ``"3,1"``) on ``board``, else ArgumentError."""
    expected = f"a square on the {board.width} x {board.depth} board"
    if isinstance(value, str):
        parts = value.strip("() ").replace(",", " ").split()
        pair = [int(p) for p in parts if p.lstrip("-").isdigit()]
        value_square = Square(*pair) if len(pair) == len(parts) == 2 else None
    elif isinstance(value, Square):
        value_square = value
    elif (
        isinstance(value, tuple)
        and len(value) == 2
        and all(isinstance(v, int) and not isinstance(v, bool) for v in value)
    ):
        value_square = Square(*value)
    else:
        value_square = None
    if value_square is None or value_square not in board:
        raise ArgumentError(argument, value, expected)
    return value_square


def point_on(argument: str, table: Any, value: object) -> tuple[float, float]:
    """The table point ``value`` names (an ``(x, y)`` pair of cm or a label like ``"30, 6"``)
    on ``table``, else ArgumentError."""
    expected = f"a point (x, y) in cm on the {table.width:g} x {table.depth:g} cm table"
    if isinstance(value, str):
        parts = value.strip("() ").replace(",", " ").split()
        try:
            value = tuple(float(p) for p in parts)
        except ValueError:
            raise ArgumentError(argument, value, expected) from None
    if not isinstance(value, tuple | list) or len(value) != 2:
        raise ArgumentError(argument, value, expected)
    x, y = value
    for number in (x, y):
        real = isinstance(number, numbers.Real) and not isinstance(number, bool)
        if not real or not math.isfinite(number):
            raise ArgumentError(argument, value, expected)
    if not (0 <= x <= table.width and 0 <= y <= table.depth):
        raise ArgumentError(argument, value, expected)
    return (float(x), float(y))
