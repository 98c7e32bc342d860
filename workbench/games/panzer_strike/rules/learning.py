"""For learners, from a game state: the exact odds of a shot (:func:`odds`), where a tank can
move now (:func:`reach`) and the game's own detail for the verdict ``apply`` gives an action
(:func:`detailed`: the die and steps of a move, the arc, trajectory and armour of a shot, the
chance of a roll). Every result has ``reasons`` (each with its rulebook section), ``lines()``
and draws itself over its state.

>>> from workbench.games.panzer_strike.rules.setup import open_board, position, with_dice
>>> duel = with_dice(position(open_board(), [("L", "Light", "north", (0, 0), "E"),
...                                          ("H", "Heavy", "south", (6, 3), "N")]), [6])
>>> where = reach(duel, "L")
>>> (12, 0) in where.destinations, where.reasons[0].text    # the rulebook's 6 + 1 = 7 steps
(False, 'Light: large number 6 +1 = 7 steps')
>>> odds(duel, "L", "H").shot is None                         # moving comes first
True
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from fractions import Fraction
from types import MappingProxyType

from workbench.boards.values import Pictured
from workbench.errors import ArgumentError
from workbench.games.panzer_strike.rules import sections, shooting
from workbench.games.panzer_strike.rules.actions import (
    EndMovement,
    EndTurn,
    Move,
    RollGun,
    RollMovement,
    Shoot,
)
from workbench.games.panzer_strike.rules.movement import allowance, step_rule
from workbench.games.panzer_strike.rules.movement import reach as search
from workbench.games.panzer_strike.rules.readings import turned_on
from workbench.games.panzer_strike.rules.shooting import KillOdds, not_a_shot
from workbench.games.panzer_strike.rules.state import Match, Tank
from workbench.games.panzer_strike.rules.turn import (
    apply,
    chance_outcomes,
    free_slots,
    mover_refusal,
    tank_moves,
)
from workbench.geometry.squaregrid import FACING_NAMES, Square
from workbench.rules.core import IllegalAction, Reason, Verdict, lines_of, not_now


def _tank(state: Match, argument: str, tank_id: str) -> Tank:
    """The tank called ``tank_id``, or ArgumentError naming ``argument`` and the tanks."""
    if not isinstance(state, Match):
        raise ArgumentError("state", state, "a Panzer Strike game state (a Match)")
    for tank in state.tanks:
        if tank.id == tank_id:
            return tank
    ids = ", ".join(t.id for t in state.tanks)
    raise ArgumentError(argument, tank_id, f"the id of a tank in this game ({ids})")


# --- odds ----------------------------------------------------------------------------------


def odds(state: Match, attacker: str, target: str) -> KillOdds:
    """The exact odds that ``attacker``'s shot destroys ``target`` as things stand (arc,
    distance, trajectory, armour side, gun dice, each with its section; 0 where the arc, the
    range or the trajectory allow no shot), asked at any moment, and ``.shot``: the
    :class:`Shoot` that declares it now, or None when the rules refuse it now, ``.refusal``
    then saying why, with the phase (also the last reason: the turn's phase, a tank that has
    shot already, a blocked trajectory ...)."""
    _tank(state, "attacker", attacker)
    _tank(state, "target", target)
    not_shot = not_a_shot(state, attacker, target)  # a tank shooting itself or a friend
    if not_shot is not None:
        raise IllegalAction(not_shot)
    found = shooting.odds(state, attacker, target)
    if not found.can_shoot:
        found = replace(found, destroy=Fraction(0), damage=Fraction(0))
    shot = Shoot(attacker, target)
    try:
        apply(state, shot)
    except IllegalAction as refused:
        why = not_now(f"{state.phase} phase", refused.reason)
        kept = [r for r in found.reasons if r != refused.reason]
        return replace(found, reasons=(*kept, why), shot=None, refusal=why)
    return replace(found, shot=shot)


# --- reach ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class TankReach(Pictured):
    """Where a tank can move now: ``destinations`` are the squares ``(x, y)`` its legal moves
    end on (its own square too when it can turn there), ``steps`` the fewest steps to each
    square, ``facings`` the facings it can end in there, each with the rule behind it; it
    draws itself over ``state`` (the squares shaded, the fewest steps on each)."""

    state: Match = field(repr=False, compare=False)
    tank: str
    destinations: frozenset[tuple[int, int]]
    steps: Mapping[Square, int] = field(repr=False)
    facings: Mapping[Square, tuple[int, ...]] = field(repr=False)
    reasons: tuple[Reason, ...]

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"<where {self.tank} can move now: {len(self.destinations)} squares>"

    def lines(self) -> list[str]:
        """How many squares are in reach, then the reasons, each with its section."""
        head = f"{self.tank}: {len(self.destinations)} squares in reach now"
        return [head, *("  " + line for line in lines_of(self.reasons))]


def reach(state: Match, tank: str) -> TankReach:
    """Every square ``tank`` can move to now, on the unused dice of the turn (Rules:
    Movement): the ``to`` of its legal moves, the fewest steps to each, and why (its steps per
    die, or why it cannot move now)."""
    piece = _tank(state, "tank", tank)
    moves = list(tank_moves(state, piece))
    reasons = _reach_reasons(state, piece, moves)
    steps: dict[Square, int] = {}
    facings: dict[Square, list[int]] = {}
    if moves:
        most = max(allowance(state, piece, state.slots[m.die]) for m in moves)
        for (square, facing), cost in search(state, tank, most).within(most).items():
            steps[square] = min(cost, steps.get(square, cost))
            facings.setdefault(square, []).append(facing)
    return TankReach(
        state,
        tank,
        frozenset(m.to for m in moves),
        MappingProxyType(steps),
        MappingProxyType({s: tuple(sorted(f)) for s, f in facings.items()}),
        reasons,
    )


def _reach_reasons(state: Match, tank: Tank, moves: list[Move]) -> tuple[Reason, ...]:
    if state.ended is not None:
        return (Reason(f"the game is over: {state.ended}", state.ended.termination.section),)
    if state.phase == "roll":
        text = f"{state.side_to_act}'s movement dice are not rolled yet"
        return (Reason(text, sections.MOVEMENT),)
    if state.phase != "move":
        return (Reason("movement is over this turn: after moving, tanks shoot", sections.SHOOTING),)
    refused = mover_refusal(state, tank)
    if refused is not None:
        return (refused,)
    modifier = state.kind(tank).speed_modifier
    reasons = []
    for i in free_slots(state):
        large = state.slots[i]
        given = allowance(state, tank, large)
        steps = f"= {given} steps" if given > 0 else "gives no step"
        reasons.append(
            Reason(f"{tank.kind}: large number {large} {modifier:+d} {steps}", sections.TABLE_A)
        )
    if not moves:
        reasons.append(Reason(f"{tank.id} can reach no square with these dice", sections.MOVEMENT))
    else:
        reasons.append(Reason(step_rule(state.options), sections.MOVEMENT))
    return tuple(reasons)


# --- explain ---------------------------------------------------------------------------------


def detailed(state: Match, verdict: Verdict) -> Verdict:
    """``apply``'s verdict on an action (its refusal first, or the reasons of its events)
    with the game's detail added after: which die a move uses, the arc, distance, trajectory
    and armour of a shot and its odds, the chance of a roll, the dice or shots left unused,
    and each reading in force the verdict turns on (``readings.turned_on``: after a refusal,
    after the reasons of what it does)."""
    more = _detail(state, verdict)
    turning = turned_on(state, verdict.action)
    if not more and not turning:
        return verdict
    if verdict.legal:
        return replace(verdict, reasons=(*more, *verdict.reasons, *turning))
    return replace(verdict, reasons=(*verdict.reasons, *turning, *more))


def _detail(state: Match, verdict: Verdict) -> tuple[Reason, ...]:
    action, legal = verdict.action, verdict.legal
    if isinstance(action, RollMovement | RollGun) and legal:
        chance = dict(chance_outcomes(state)).get(action)
        section = sections.DICE_TABLE if isinstance(action, RollMovement) else sections.TABLE_A
        return (Reason(f"this roll's chance is {chance} ({float(chance or 0):.1%})", section),)
    if isinstance(action, Move):
        return _move_detail(state, action, legal)
    if isinstance(action, Shoot):
        return _shot_detail(state, action, verdict)
    if isinstance(action, EndMovement) and legal:
        unused = [state.slots[i] for i in free_slots(state)]
        if unused:
            text = f"left unused: large number {', '.join(map(str, unused))}"
            return (Reason(f"{text} (you can move fewer tanks, or none)", sections.MOVEMENT),)
    if isinstance(action, EndTurn) and legal:
        idle = [t.id for t in state.active_tanks(state.side_to_act) if t.id not in state.fired]
        if idle:
            text = f"{', '.join(idle)} {'has' if len(idle) == 1 else 'have'} not shot this turn"
            return (Reason(text, sections.SHOOTING),)
    return ()


def _move_detail(state: Match, move: Move, legal: bool) -> tuple[Reason, ...]:
    tank = next((t for t in state.tanks if t.id == move.tank), None)
    known_die = isinstance(move.die, int) and 0 <= move.die < len(state.slots)
    if tank is None or state.phase != "move" or not known_die:
        return ()
    large = state.slots[move.die]
    if legal:
        return (Reason(f"die {move.die + 1} shows large number {large}", sections.MOVEMENT),)
    if mover_refusal(state, tank) is not None or state.used[move.die]:
        return ()
    whole = isinstance(move.to, tuple) and len(move.to) == 2
    if not whole or not all(isinstance(v, int) and not isinstance(v, bool) for v in move.to):
        return ()
    steps = max(allowance(state, tank, large), 0)
    square = Square(*move.to)
    out = []
    blocked = _what_blocks(state, square, tank)
    if blocked:
        out.append(Reason(blocked, sections.MOVEMENT))
    found = search(state, tank.id, steps)
    squares = found.squares(steps)
    out.append(
        Reason(
            f"with {steps} steps {tank.id} reaches {len(squares)} other squares "
            f"(large number {large}, {tank.kind})",
            sections.TABLE_A,
        )
    )
    there = found.facings(square, steps)
    if there:
        names = ", ".join(FACING_NAMES[f] for f in sorted(there))
        out.append(Reason(f"it can end there facing {names}", sections.MOVEMENT))
    return tuple(out)


def _what_blocks(state: Match, square: Square, mover: Tank) -> str:
    """What keeps a tank off ``square`` (off the board, another tank or its wreck, a flag, a
    barricade in play, a building), or "" when nothing does."""
    where = f"({square.x}, {square.y})"
    if square not in state.board:
        return f"{where} is off the board"
    other = state.tank_at(square)
    if other is not None and other.id != mover.id:
        return f"{where} holds {'the wreck of ' if other.destroyed else 'tank '}{other.id}"
    if square in state.board.flags:
        return f"{where} holds {state.board.flags[square]}'s flag"
    if square in state.in_play_barricades():
        return f"{where} holds a barricade (Optional Rules: Barricades are in play)"
    if state.board.feature_at(square).blocks_movement:
        return f"{where} holds a {state.board.feature_name(square)}"
    return ""


def _shot_detail(state: Match, shot: Shoot, verdict: Verdict) -> tuple[Reason, ...]:
    ids = {t.id for t in state.tanks}
    if shot.firer not in ids or shot.target not in ids:
        return ()
    if not_a_shot(state, shot.firer, shot.target) is not None:
        return ()  # the verdict's refusal says why: no odds to show
    found = shooting.odds(state, shot.firer, shot.target)
    rule = sections.DAMAGE if state.options.damage else sections.SHOOTING
    chances = f"it destroys with {found.destroy} ({float(found.destroy):.1%})"
    if state.options.damage:
        chances += f", damages with {found.damage} ({float(found.damage):.1%})"
    if verdict.legal:  # the events give the arc, distance, trajectory and armour already
        return (Reason(chances, rule),)
    found_more = tuple(r for r in found.reasons if r not in verdict.reasons)
    return (*found_more, Reason(f"if it could shoot, {chances}", rule))


__all__ = ["TankReach", "detailed", "odds", "reach"]
