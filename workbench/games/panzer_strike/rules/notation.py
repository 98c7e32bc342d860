"""Panzer Strike's moves as text (``workbench.rules.notation``).

A move names the tank, the square it stands on and the square it ends on as ``(x,y)``, its
facing (``N NE E SE S SW W NW``) only where it changes, and the die it spends (its large
number) only while the dice left show more than one number:

================================  ==========================================================
``N3 (12,6)-(12,5)``              N3 moves one square on, keeping its facing, on the one die
``N3 (12,6)-(13,5) NE with 6``    ... ends facing north-east, spending the 6
``N3 (12,6) W with 6``             ... turns where it stands
``end movement``                  no more moves: shooting comes next
``N1 shoots S2``                  a shot; ``end turn`` ends the turn
``roll 3 6``                      the movement dice (chance), their large numbers
``gun roll 1 2 4``                a shot's gun dice (chance), their small numbers
================================  ==========================================================

``N3 (12,6)-(12,5) E`` (the die left out) is read too while it is the only such move; with
two dice it fits both and is refused as ambiguous, naming them.

>>> from workbench.games.panzer_strike.rules.game import GAME, Move, RollMovement
>>> from workbench.rules.core import IllegalAction
>>> from workbench.rules.notation import AmbiguousText, notation, parse
>>> from workbench.files import load
>>> match = GAME.start(load(GAME.scenarios()["capture-the-flag"]))
>>> notation(GAME, match, RollMovement((3, 6)))
'roll 3 6'
>>> rolled = GAME.apply(match, RollMovement((3, 6))).state
>>> notation(GAME, rolled, Move("N3", 1, (12, 0), 5))       # N3 stands at (14,0) facing SW
'N3 (14,0)-(12,0) with 6'
>>> parse(GAME, rolled, "N3 (14,0)-(13,1) SE with 6")
Move(tank='N3', die=1, to=(13, 1), facing=3)
>>> try:
...     parse(GAME, rolled, "N3 (14,0)-(14,1) NW")    # which die?
... except AmbiguousText as refused:
...     print(refused.near)
('N3 (14,0)-(14,1) NW with 3', 'N3 (14,0)-(14,1) NW with 6')
>>> try:
...     parse(GAME, rolled, "N1 shoots S2")
... except IllegalAction as refused:
...     print(refused.reason)
N1 shoots at S2 is not possible in the move phase of north's turn (Rules: Movement)
"""

from __future__ import annotations

from workbench.games.panzer_strike.rules.actions import (
    EndMovement,
    EndTurn,
    Move,
    RollGun,
    RollMovement,
    Shoot,
)
from workbench.games.panzer_strike.rules.state import Match
from workbench.games.panzer_strike.rules.turn import free_slots
from workbench.geometry.squaregrid import FACING_NAMES
from workbench.rules.notation import Notation, register_notation

PANZER_STRIKE = Notation(
    ["N3 (12,6)-(12,5)", "N3 (12,6)-(13,5) NE with 6", "N1 shoots S2", "roll 3 6", "end turn"]
)
SQUARE = r"\( ?(?P<{0}x>\d+) ?, ?(?P<{0}y>\d+) ?\)"  # "(12,5)", the named groups' prefix {0}


def _square(x: int, y: int) -> str:
    return f"({x},{y})"


def _numbers(text: str) -> tuple[int, ...]:
    return tuple(int(n) for n in text.replace(",", " ").split())


@PANZER_STRIKE.writes(Move)
def _move(match: Match, move: Move) -> tuple[str, ...]:
    """The tank, its square and the square it ends on, the facing where it changes, the die
    while the dice differ (then the full form, and the form without the die)."""
    tank = next((t for t in match.tanks if t.id == move.tank), None)
    start = _square(tank.at.x, tank.at.y) if tank is not None else "?"
    head = f"{move.tank} {start}-{_square(*move.to)}"
    turning = tank is not None and (tank.at.x, tank.at.y) == tuple(move.to)
    short = f"{move.tank} {start}" if turning else head  # a turn where it stands
    turn = f" {FACING_NAMES[move.facing % 8]}"
    die = f" with {match.slots[move.die]}" if 0 <= move.die < len(match.slots) else " with ?"
    short += "" if tank is not None and tank.facing == move.facing else turn
    return short + (die if len(free_slots(match)) > 1 else ""), head + turn + die, head + turn


@PANZER_STRIKE.reads(
    rf"(?P<tank>.+?) (?:{SQUARE.format('from_')} ?- ?)?{SQUARE.format('to_')}"
    r"(?: (?P<facing>[a-z]{1,2}))?(?: with (?P<large>\d+))?"
)
def _read_move(match: Match, found: dict[str, str]) -> Move | None:
    tank = match.tank(found["tank"])
    if found["from_x"] is not None and (int(found["from_x"]), int(found["from_y"])) != (
        tank.at.x,
        tank.at.y,
    ):
        return None  # not where the text says it stands
    free = free_slots(match)
    if found["large"] is not None:
        die = next((i for i in free if match.slots[i] == int(found["large"])), None)
        if die is None:
            return None  # no die left shows that number
    elif len(free) == 1:
        die = free[0]
    else:
        return None  # which die? the text must say
    names = [n.casefold() for n in FACING_NAMES]
    facing = tank.facing if found["facing"] is None else names.index(found["facing"].casefold())
    return Move(tank.id, die, (int(found["to_x"]), int(found["to_y"])), facing)


@PANZER_STRIKE.writes(RollMovement)
def _roll(match: Match, roll: RollMovement) -> str:
    return "roll " + " ".join(map(str, roll.large))


@PANZER_STRIKE.reads(r"roll (?P<large>\d+(?:[ ,]+\d+)*)")
def _read_roll(match: Match, found: dict[str, str]) -> RollMovement:
    return RollMovement(_numbers(found["large"]))


@PANZER_STRIKE.writes(RollGun)
def _gun(match: Match, roll: RollGun) -> str:
    return "gun roll " + " ".join(map(str, roll.small))


@PANZER_STRIKE.reads(r"gun roll (?P<small>\d+(?:[ ,]+\d+)*)")
def _read_gun(match: Match, found: dict[str, str]) -> RollGun:
    return RollGun(_numbers(found["small"]))


PANZER_STRIKE.template(Shoot, "{firer} shoots {target}")
PANZER_STRIKE.template(EndMovement, "end movement")
PANZER_STRIKE.template(EndTurn, "end turn")

register_notation("panzer-strike", PANZER_STRIKE)
