"""Turning a turret with a Movement card (Optional Rules: Turret Rotation).

"You may rotate a turret according to the following rules: When you use a Movement Card,
after moving. When you use a Movement Card, without moving. When you use an Attack Card, you
may rotate the turret and then fire." The third (rotate-and-fire) is part of a shot
(``firing.aimed``); this module is the first two, carried out by :class:`TurnTurret`.

Readings the text leaves open, decided here:

- The Turret Rotation value is hexsides "in the player's turn": one budget per tank per turn,
  shared by every turn of its turret that turn — a Movement-card turn and a later
  rotate-and-fire together turn at most that many hexsides (``Tank.turret_turned``, set
  back to 0 for every tank when a player turn begins; a Quick Shot fired in the other
  player's turn spends from that turn's budget).
- "-2 when you rotate a turret and fire in the same turn (example 3 above)": the parenthesis
  points at the rotate-and-fire of an Attack card, so by default a turn made with a Movement
  card earlier in the turn does not cost -2 on a later shot that does not turn the turret
  again. The other reading — any turn of the turret that turn costs -2 on the tank's shots —
  is the option ``OptionalRules.turret_penalty`` (``"any-rotation"``).
- A card that moves and then fires with the same tank (Mobile Fire, Commander!) turns the
  turret only as part of its shot: its Movement half offers no separate turn (else the turn
  would dodge the -2 the rotate-and-fire costs). Move/Fire used to move offers it.
- "You may remove the turret marker from a tank when the turret is facing forward": the
  marker is taken off as soon as the turret faces forward again (``Tank.turret`` None). A
  marker facing forward changes nothing in play, so keeping it is not a separate choice.
- Only tanks with a turret turn one (Firing: Assault Guns and Jagdpanzers have none; a
  multiple-gun tank turns the turret of its secondary gun).
"""

from __future__ import annotations

from dataclasses import replace

from workbench.boards.hexmap import HexMap
from workbench.games.panzer_vor.boards.counters import Gun, TankCounter
from workbench.games.panzer_vor.rules.actions import TurnTurret
from workbench.games.panzer_vor.rules.cards import Card
from workbench.games.panzer_vor.rules.match import Order
from workbench.games.panzer_vor.rules.sections import TURRET_ROTATION
from workbench.games.panzer_vor.rules.state import GameState, Tank
from workbench.rules.core import Event, Reason


def with_card(card: Card, order: Order) -> bool:
    """Whether the Action card being carried out may turn the turret as a Movement card: it
    has the Move icon, its tank does not go on to fire (Mobile Fire, Commander!), and it is
    a card (not Stage 2's entry move, which needs none)."""
    return card.move and not card.then_fire and order.mp is None


def turns_left(state: GameState, tank: Tank) -> int:
    """Hexsides the tank's turret may still turn this turn (0 without the optional rule or a
    turret)."""
    if not state.options.turret_rotation or not tank.counter.turreted or tank.wreck:
        return 0
    return max(0, tank.counter.turret_rotation - tank.turret_turned)


def turns(state: GameState, tank_id: str) -> list[TurnTurret]:
    """Every turn of the tank's turret open now, each new direction once (the shorter way,
    clockwise on a tie).

    >>> from workbench.games.panzer_vor.rules.turret import _demo
    >>> for action in turns(_demo(), "Panzer IV"):
    ...     print(action)
    Panzer IV turns its turret 1 hexside clockwise
    Panzer IV turns its turret 1 hexside anticlockwise
    """
    tank = state.tank(tank_id)
    left = turns_left(state, tank)
    out: list[TurnTurret] = []
    seen = {(tank.turret or 0) % 6}
    for steps in range(1, left + 1):
        for sign in (1, -1):
            offset = ((tank.turret or 0) + sign * steps) % 6
            if offset not in seen:
                seen.add(offset)
                out.append(TurnTurret(tank_id, sign * steps))
    return out


def turn(state: GameState, action: TurnTurret, events: list[Event]) -> GameState:
    """The state once the turret has turned; the marker goes when it faces forward."""
    tank = state.tank(action.tank)
    offset = ((tank.turret or 0) + action.turn) % 6
    turned = replace(
        tank, turret=offset or None, turret_turned=tank.turret_turned + abs(action.turn)
    )
    removed = " and its turret marker is removed (facing forward)" if not offset else ""
    events.append(
        Event(
            f"{action}{removed}",
            (
                Reason(
                    f"a Movement card may turn the turret, after moving or without moving; "
                    f"Turret Rotation {tank.counter.turret_rotation} hexside(s) a turn",
                    TURRET_ROTATION,
                ),
            ),
        )
    )
    return state.with_tank(turned)


def new_turn(state: GameState) -> GameState:
    """A new player turn: every turret's budget is whole again."""
    if not any(t.turret_turned for t in state.tanks):
        return state
    return replace(
        state,
        tanks=tuple(replace(t, turret_turned=0) if t.turret_turned else t for t in state.tanks),
    )


def _demo() -> GameState:
    """A Panzer IV with Turret Rotation 1 alone on a blank map, the optional rule on."""
    hexmap = HexMap.blank(5, 5)
    counter = TankCounter("Panzer IV", 3, 0, (Gun(7, 7),), {"front": 7, "side": 6, "rear": 5})
    tank = Tank("Panzer IV", counter, "Ōarai", hexmap.hex("0303"), 0)
    return GameState(hexmap, (tank,)).with_options(turret_rotation=True)
