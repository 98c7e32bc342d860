"""A player's turn on the game protocol (Rules: Movement, Shooting and Armour): roll the
movement dice (a chance action; how many by the Dice Table), move tanks one die each (or
fewer, or none), then shoot with any tank that has not yet shot this turn (each shot's gun
dice are a chance action), then end the turn. Capture the Flag is checked at the end of each
turn. The game ends when one side has destroyed every enemy tank, captured every enemy flag,
or at the turn limit (the rulebook's in attack vs. defence; elsewhere a practice stand-in,
labelled). The readings of what the text leaves open are listed in ``game``."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from fractions import Fraction

from workbench.games.panzer_strike.rules import sections, shooting
from workbench.games.panzer_strike.rules.actions import (
    EndMovement,
    EndTurn,
    Move,
    RollGun,
    RollMovement,
    Shoot,
)
from workbench.games.panzer_strike.rules.flags import capture_flags
from workbench.games.panzer_strike.rules.movement import allowance, reach, slots_of
from workbench.games.panzer_strike.rules.shooting import (
    MIN_DISTANCE,
    in_arc,
    not_a_shot,
    roll_outcomes,
    trajectory,
)
from workbench.games.panzer_strike.rules.state import Match, ShotRecord, Tank
from workbench.geometry.squaregrid import FACING_NAMES, Square
from workbench.rules.core import (
    CHANCE,
    TERMINAL,
    Action,
    Applied,
    Event,
    IllegalAction,
    Outcome,
    Reason,
    Termination,
    Turn,
)

READING = "workbench reading"  # a case the rulebook leaves open; each is a named option
PRACTICE = "workbench practice limit (not the rulebook's)"


class PanzerStrikeEnd(Termination):
    ANNIHILATION = ("every enemy tank destroyed", sections.SHOOTING)
    FLAGS = ("every enemy flag captured", sections.CAPTURE_THE_FLAG)
    DEFENDED = (
        "the attacker did not capture every flag by the turn limit",
        sections.CAPTURE_THE_FLAG,
    )
    PRACTICE_LIMIT = (
        "the practice turn limit was reached; the greater value destroyed wins",
        PRACTICE,
    )


# --- protocol ------------------------------------------------------------------------------


def current_player(state: Match) -> str | Turn:
    if state.ended is not None:
        return TERMINAL
    if state.phase in ("roll", "gun"):
        return CHANCE
    return state.side_to_act


def players(state: Match) -> tuple[str, ...]:
    return state.order


def dice_count(match: Match) -> int:
    """Dice the side to act rolls: by its active tanks (Dice Table)."""
    return match.roster.dice_rolled(len(match.active_tanks(match.side_to_act)))


def chance_outcomes(state: Match) -> tuple[tuple[Action, Fraction], ...]:
    """Every roll with its exact probability over the dice definition in force."""
    if state.ended is not None:
        return ()
    large = tuple(f.movement for f in state.roster.die_faces)
    small = tuple(f.firepower for f in state.roster.die_faces)
    if state.phase == "roll":
        return tuple((RollMovement(c), p) for c, p in roll_outcomes(large, dice_count(state)))
    if state.phase == "gun":
        assert state.pending is not None
        dice = state.kind(state.tank(state.pending[0])).gun_dice
        return tuple((RollGun(c), p) for c, p in roll_outcomes(small, dice))
    return ()


def free_slots(match: Match) -> list[int]:
    """The unused moves, the first of each large number (equal numbers are alike)."""
    seen, out = set(), []
    for i, (large, used) in enumerate(zip(match.slots, match.used, strict=True)):
        if not used and large not in seen:
            seen.add(large)
            out.append(i)
    return out


def _movers(match: Match) -> list[Tank]:
    """The side's tanks that may still move this turn."""
    return [t for t in match.active_tanks(match.side_to_act) if mover_refusal(match, t) is None]


def tank_moves(match: Match, tank: Tank) -> Iterator[Move]:
    """Every legal move of ``tank`` now: on each unused die (one of each large number), every
    pose it reaches within that die's steps (Rules: Movement); none if it may not move."""
    if match.phase != "move" or match.ended is not None or mover_refusal(match, tank):
        return
    slots = free_slots(match)
    steps = {i: allowance(match, tank, match.slots[i]) for i in slots}
    most = max(steps.values(), default=0)
    if most <= 0:
        return
    found = reach(match, tank.id, most)
    for i in slots:
        if steps[i] <= 0:  # a die that gives no step moves nothing, not even back
            continue
        for x, y, facing in found.raw(steps[i]):
            yield Move(tank.id, i, (x, y), facing)


def legal_actions(state: Match) -> Iterator[Action]:
    """Every legal action of the side to act."""
    if isinstance(current_player(state), Turn):
        return
    if state.phase == "move":
        for tank in _movers(state):
            yield from tank_moves(state, tank)
        yield EndMovement()
        return
    for firer in state.active_tanks(state.side_to_act):
        if firer.id in state.fired:
            continue
        for target in state.active_tanks(state.enemy):
            if _may_shoot(state, firer, target):
                yield Shoot(firer.id, target.id)
    yield EndTurn()


def _may_shoot(match: Match, firer: Tank, target: Tank) -> bool:
    """A quick test with the same rules as shooting.odds (arc, range, trajectory)."""
    if firer.at.ruler_squared(target.at) < (MIN_DISTANCE * match.roster.squares_per_unit) ** 2:
        return False
    if firer.id in match.moved and not in_arc(firer.facing, firer.at, target.at):
        return False
    return trajectory(match, firer.at, target.at).clear


def apply(state: Match, action: Action) -> Applied:
    """The next state and what happened; an illegal action raises IllegalAction."""
    who = current_player(state)
    if who == TERMINAL:
        raise IllegalAction(Reason(f"the game is over: {state.ended}", sections.SHOOTING))
    if isinstance(action, Shoot) and {action.firer, action.target} <= {t.id for t in state.tanks}:
        refused = not_a_shot(state, action.firer, action.target)  # whatever the moment
        if refused is not None:
            raise IllegalAction(refused)
    if who == CHANCE:
        if state.phase == "roll" and isinstance(action, RollMovement):
            return _roll_movement(state, action)
        if state.phase == "gun" and isinstance(action, RollGun):
            return _roll_gun(state, action)
        wanted = "movement dice" if state.phase == "roll" else "gun dice"
        raise IllegalAction(
            Reason(
                f"the {wanted} decide now, not {action}",
                sections.MOVEMENT if state.phase == "roll" else sections.SHOOTING,
            )
        )
    if isinstance(action, Move) and state.phase == "move":
        return _move(state, action)
    if isinstance(action, EndMovement) and state.phase == "move":
        return Applied(replace(state, phase="shoot"), (Event(f"{who} ends movement"),))
    if isinstance(action, Shoot) and state.phase == "shoot":
        return _shoot(state, action)
    if isinstance(action, EndTurn) and state.phase == "shoot":
        return _end_turn(state)
    raise IllegalAction(
        Reason(
            f"{action} is not possible in the {state.phase} phase of {who}'s turn",
            sections.SHOOTING if state.phase == "shoot" else sections.MOVEMENT,
        )
    )


def _roll_movement(match: Match, roll: RollMovement) -> Applied:
    legal = {a for a, _ in chance_outcomes(match)}
    if roll not in legal:
        raise IllegalAction(
            Reason(
                f"{roll} is no roll of {dice_count(match)} dice with these faces",
                sections.DICE_TABLE,
            )
        )
    slots = slots_of(roll.large)
    reasons = [
        Reason(
            _active_tanks_roll(len(match.active_tanks(match.side_to_act)), len(roll.large)),
            sections.DICE_TABLE,
        )
    ]
    if len(slots) > len(roll.large):
        reasons.append(
            Reason(
                "the same large number on all the dice: one extra tank can move", sections.MOVEMENT
            )
        )
    after = replace(
        match, phase="move", dice=tuple(roll.large), slots=slots, used=(False,) * len(slots)
    )
    return Applied(_skip_idle_movement(after), (Event(str(roll), tuple(reasons)),))


def _active_tanks_roll(tanks: int, dice: int) -> str:
    """``"1 active tank rolls 2 dice"``, ``"5 active tanks roll 3 dice"``."""
    if tanks == 1:
        return f"1 active tank rolls {dice} dice"
    return f"{tanks} active tanks roll {dice} dice"


def _skip_idle_movement(match: Match) -> Match:
    """Straight to shooting when no tank can move on any unused die."""
    slots = free_slots(match)
    for tank in _movers(match):
        if any(allowance(match, tank, match.slots[i]) > 0 for i in slots):
            return match
    return replace(match, phase="shoot")


def mover_refusal(match: Match, tank: Tank) -> Reason | None:
    """Why ``tank`` may not move in this turn at all (not its side's turn, destroyed,
    damaged, or it has moved already), or None."""
    if tank.side != match.side_to_act:
        return Reason(
            f"{tank.id} is {tank.side}'s; it is {match.side_to_act}'s turn", sections.MOVEMENT
        )
    if tank.destroyed or tank.damaged:
        state = "destroyed" if tank.destroyed else "damaged: it can't move (it can only shoot)"
        return Reason(
            f"{tank.id} is {state}", sections.DAMAGE if tank.damaged else sections.MOVEMENT
        )
    if match.options.one_die_per_tank and tank.id in match.moved:
        return Reason(
            f"{tank.id} has already moved this turn: a die moves one tank", sections.MOVEMENT
        )
    return None


def _move(match: Match, action: Move) -> Applied:
    try:
        tank = match.tank(action.tank)
    except KeyError:
        raise IllegalAction(
            Reason(f"there is no tank {action.tank!r}", sections.MOVEMENT)
        ) from None
    refused = mover_refusal(match, tank)
    if refused is not None:
        raise IllegalAction(refused)
    if not isinstance(action.die, int) or not 0 <= action.die < len(match.slots):
        raise IllegalAction(
            Reason(
                f"there is no die {action.die!r} this turn ({len(match.slots)} moves)",
                sections.MOVEMENT,
            )
        )
    if match.used[action.die]:
        raise IllegalAction(
            Reason(f"die {action.die + 1} has already moved a tank", sections.MOVEMENT)
        )
    if not isinstance(action.facing, int) or not 0 <= action.facing < 8:
        raise IllegalAction(
            Reason(f"a facing is 0..7 (N … NW), not {action.facing!r}", sections.INITIAL_POSITIONS)
        )
    if not (
        isinstance(action.to, tuple)
        and len(action.to) == 2
        and all(isinstance(v, int) and not isinstance(v, bool) for v in action.to)
    ):
        raise IllegalAction(
            Reason(f"a square is (x, y), two whole numbers, not {action.to!r}", sections.MOVEMENT)
        )
    large = match.slots[action.die]
    steps = allowance(match, tank, large)
    to = Square(*action.to)
    found = reach(match, tank.id, max(steps, 0))
    cost = found.cost_to(to, action.facing)
    if cost is None or steps <= 0 or (to, action.facing) == (tank.at, tank.facing):
        raise IllegalAction(
            Reason(
                f"{tank.id} cannot reach ({to.x}, {to.y}) facing {FACING_NAMES[action.facing]} in "
                f"{steps} steps (large number {large}, {tank.kind})",
                sections.MOVEMENT,
            )
        )
    path = found.path_to(to, action.facing)
    moved = replace(tank, at=to, facing=action.facing)
    used = tuple(u or i == action.die for i, u in enumerate(match.used))
    after = replace(
        match.with_tank(moved),
        used=used,
        moved=(*match.moved, tank.id),
        steps_used=(*match.steps_used, (tank.id, cost, steps, tank.at, to)),
    )
    after = replace(after, phase="shoot") if all(after.used) else _skip_idle_movement(after)
    reasons = (
        Reason(
            f"{tank.kind}: large number {large} gives {steps} steps; this move takes {cost}",
            sections.TABLE_A,
        ),
        *(s.reason for s in path),
    )
    return Applied(after, (Event(str(action), reasons),))


def _shoot(match: Match, action: Shoot) -> Applied:
    try:
        firer, target = match.tank(action.firer), match.tank(action.target)
    except KeyError as missing:
        raise IllegalAction(Reason(f"there is no tank {missing}", sections.SHOOTING)) from None
    if firer.side != match.side_to_act:
        raise IllegalAction(
            Reason(
                f"{firer.id} is {firer.side}'s; it is {match.side_to_act}'s turn", sections.SHOOTING
            )
        )
    if firer.id in match.fired:
        raise IllegalAction(
            Reason(
                f"{firer.id} has already shot this turn (one shot per tank, "
                "this project's reading)",
                READING,
            )
        )
    odds = shooting.odds(match, firer.id, target.id)
    if not odds.can_shoot:
        raise IllegalAction(odds.reasons[-1])
    record = ShotRecord(
        firer.id, target.id, firer.at, target.at, firer.facing, firer.id in match.moved
    )
    after = replace(
        match,
        phase="gun",
        pending=(firer.id, target.id),
        fired=(*match.fired, firer.id),
        shots=(*match.shots, record),
    )
    text = f"{action}: destroys with {odds.destroy} ({float(odds.destroy):.1%})"
    return Applied(after, (Event(text, odds.reasons),))


def _roll_gun(match: Match, roll: RollGun) -> Applied:
    assert match.pending is not None
    if roll not in {a for a, _ in chance_outcomes(match)}:
        raise IllegalAction(Reason(f"{roll} is no roll of this tank's gun dice", sections.TABLE_A))
    firer_id, target_id = match.pending
    odds = shooting.odds(match, firer_id, target_id)
    firepower = sum(roll.small)
    target = match.tank(target_id)
    after = replace(match, phase="shoot", pending=None)
    need = f"{odds.counted} + {odds.armour} ({odds.zone})"
    if firepower > odds.needed or (firepower == odds.needed and not match.options.damage):
        after = after.with_tank(replace(target, destroyed=True))
        after = replace(
            after,
            wrecks=(*after.wrecks, (target.id, target.at)),
            kills=(*after.kills, (match.tank(firer_id).kind, target.id, target.side)),
            watches=tuple(w for w in after.watches if w.tank != target.id),
        )
        event = Event(
            f"{roll}: {target.id} is destroyed",
            (
                Reason(f"firepower {firepower} ≥ distance + armour {need}", sections.SHOOTING),
                Reason("the piece stays on the board as an obstacle", sections.SHOOTING),
            ),
        )
        if not after.active_tanks(target.side):
            after = replace(after, ended=Outcome(PanzerStrikeEnd.ANNIHILATION, match.side_to_act))
        return Applied(after, (event,))
    if firepower == odds.needed and match.options.damage:
        after = after.with_tank(replace(target, damaged=True))
        return Applied(
            after,
            (
                Event(
                    f"{roll}: {target.id} is damaged",
                    (
                        Reason(
                            f"firepower {firepower} equals distance + armour {need}: it can't "
                            "move, it can only shoot",
                            sections.DAMAGE,
                        ),
                    ),
                ),
            ),
        )
    return Applied(
        after,
        (
            Event(
                f"{roll}: {target.id} survives",
                (Reason(f"firepower {firepower} < distance + armour {need}", sections.SHOOTING),),
            ),
        ),
    )


def _end_turn(match: Match) -> Applied:
    side = match.side_to_act
    events: list[Event] = [Event(f"{side} ends the turn")]
    board, watches, captured, more = capture_flags(match)
    events += more
    # the opponent's watches wait for their next turn
    watches += [
        w
        for w in match.watches
        if match.tank(w.tank).side != side and w.flag in board.flags and match.tank(w.tank).active
    ]
    after = replace(
        match,
        board=board,
        watches=tuple(watches),
        captured=tuple(captured),
        turn=match.turn + 1,
        phase="roll",
        dice=(),
        slots=(),
        used=(),
        moved=(),
        fired=(),
        steps_used=(),
        shots=(),
    )
    ended = _flags_won(after, side) or _turn_limit(after)
    return Applied(replace(after, ended=ended) if ended else after, tuple(events))


def _flags_won(match: Match, side: str) -> Outcome | None:
    if match.task == "annihilation":
        return None
    enemy = next(s for s in match.order if s != side)
    had = any(owner == enemy for _, owner, _ in match.captured)
    left = any(owner == enemy for owner in match.board.flags.values())
    if had and not left:
        return Outcome(PanzerStrikeEnd.FLAGS, side)
    return None


def _turn_limit(match: Match) -> Outcome | None:
    limit = match.options.turn_limit
    if limit is None or match.turn <= 2 * limit:
        return None
    if match.task == "attack-defence":
        defender = next(iter(match.board.flags.values()), None) or next(
            owner for _, owner, _ in match.captured
        )
        return Outcome(
            PanzerStrikeEnd.DEFENDED,
            defender,
            (Reason(f"{limit} rounds played", sections.CAPTURE_THE_FLAG),),
        )
    lost = {
        s: sum(match.kind(t).value for t in match.tanks if t.side == s and t.destroyed)
        for s in match.order
    }
    a, b = match.order
    winner = None if lost[a] == lost[b] else (b if lost[a] > lost[b] else a)
    text = ", ".join(f"{s} lost tanks worth {v}" for s, v in lost.items())
    return Outcome(PanzerStrikeEnd.PRACTICE_LIMIT, winner, (Reason(text, PRACTICE),))


def outcome(state: Match) -> Outcome | None:
    return state.ended
