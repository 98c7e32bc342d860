"""Panzer Strike: France 1944 – Pocket on the game protocol (``workbench.rules.core``).

A player's turn (Rules: Movement, Shooting and Armour): roll the movement dice (a chance
action; how many by the Dice Table), move tanks one die each (or fewer, or none), then shoot
with any tank that has not yet shot this turn (each shot's gun dice are a chance action), then
end the turn. Capture the Flag is checked at the end of each turn. The game ends when one side
has destroyed every enemy tank, captured every enemy flag, or at the turn limit (the
rulebook's in attack vs. defence; elsewhere a practice stand-in, labelled).

Readings of what the text leaves open (those a player could read otherwise are named
options, see :class:`~workbench.rules.panzer_strike.state.Options`):

- "Active tanks" in the Dice Table are those not destroyed; a damaged tank counts.
- Each die moves one tank, each tank at most once a turn (``one_die_per_tank``); the extra
  move of a roll showing the same large number on every die uses that number; a die that
  gives no step (a Heavy tank's 1 or 2) moves nothing, not even backwards.
- "After moving, all tanks can shoot": each tank at most one shot a turn, in any order.
- Damage: an equal sum on a damaged tank leaves it damaged; a greater sum destroys it.
- Capture the Flag: a watch starts when a tank ends its side's turn next to an enemy flag
  having moved that turn; the flag is captured at the end of that side's next turn if the
  tank survived and did not move. Destroying every enemy tank also wins.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any

from workbench.boards.panzer_strike.board import SquareBoard
from workbench.boards.panzer_strike.scenario import PanzerStrikeScenario, PlacedTank, ScenarioSide
from workbench.geometry.squaregrid import FACING_NAMES, Square
from workbench.rules.core import (
    CHANCE,
    TERMINAL,
    Action,
    Applied,
    Event,
    Game,
    IllegalAction,
    Outcome,
    Reason,
    Termination,
    Turn,
    register_game,
)
from workbench.rules.panzer_strike import sections
from workbench.rules.panzer_strike.flags import capture_flags, check_flag_counts
from workbench.rules.panzer_strike.invariants import invariants
from workbench.rules.panzer_strike.movement import allowance, movement_options, reach, slots_of
from workbench.rules.panzer_strike.positions import opposite_sides
from workbench.rules.panzer_strike.shooting import (
    MIN_DISTANCE,
    in_arc,
    kill_odds,
    roll_outcomes,
    trajectory,
)
from workbench.rules.panzer_strike.state import Match, Options, ShotRecord, Tank

READING = "workbench reading"  # a case the rulebook leaves open; each is a named option
PRACTICE = "workbench practice limit (not the rulebook's)"


@dataclass(frozen=True)
class RollMovement(Action):
    """The movement dice of a turn, as their large numbers (sorted; a chance action)."""

    large: tuple[int, ...]
    chance = True

    def __str__(self) -> str:
        return f"movement dice {', '.join(map(str, self.large))}"


@dataclass(frozen=True)
class Move(Action):
    """Move ``tank`` on die ``die`` (an index into the turn's moves) to square ``to`` = (x, y)
    ending facing ``facing`` (0..7 = N … NW), along a fewest-steps path."""

    tank: str
    die: int
    to: tuple[int, int]
    facing: int

    def __str__(self) -> str:
        return (
            f"{self.tank} moves to ({self.to[0]}, {self.to[1]}) facing "
            f"{FACING_NAMES[self.facing % 8]} (die {self.die + 1})"
        )


@dataclass(frozen=True)
class EndMovement(Action):
    """Move no more tanks this turn: shooting comes next."""

    def __str__(self) -> str:
        return "end movement"


@dataclass(frozen=True)
class Shoot(Action):
    """``firer`` shoots at ``target``; the gun dice come next."""

    firer: str
    target: str

    def __str__(self) -> str:
        return f"{self.firer} shoots at {self.target}"


@dataclass(frozen=True)
class RollGun(Action):
    """The gun dice of a shot, as their small numbers (sorted; a chance action)."""

    small: tuple[int, ...]
    chance = True

    def __str__(self) -> str:
        return f"gun dice {', '.join(map(str, self.small))} = {sum(self.small)}"


@dataclass(frozen=True)
class EndTurn(Action):
    """Shoot no more: the turn passes to the other side."""

    def __str__(self) -> str:
        return "end turn"


ACTIONS = (RollMovement, Move, EndMovement, Shoot, RollGun, EndTurn)


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


# --- start ---------------------------------------------------------------------------------


def start(
    scenario: PanzerStrikeScenario | SquareBoard, options: Mapping[str, Any] | None = None
) -> Match:
    """The scenario's opening position (the first side listed moves first). A board whose
    file places tanks (the designer's editor) starts as a scenario of its own: the side of
    its first tank moves first."""
    if isinstance(scenario, SquareBoard) and scenario.tanks:
        scenario = scenario_of_board(scenario)
    if not isinstance(scenario, PanzerStrikeScenario):
        raise IllegalAction(
            Reason(
                f"Panzer Strike starts from a scenario (a board with tanks), not a "
                f"{type(scenario).__name__}",
                sections.INITIAL_POSITIONS,
            )
        )
    chosen = Options.of({**scenario.options, **dict(options or {})})
    order = (scenario.sides[0].name, scenario.sides[1].name)
    if not chosen.any_positions and not opposite_sides(scenario):
        raise IllegalAction(
            Reason(
                f"{scenario.name}: the forces of {order[0]} and {order[1]} do not start on "
                "opposite sides of the board (every tank of one side in one half, every tank of "
                "the other in the other half); the option any_positions allows it",
                sections.INITIAL_POSITIONS,
            )
        )
    owners = set(scenario.board.flags.values())
    stray = owners - set(order)
    if stray:
        raise IllegalAction(
            Reason(
                f"flags belong to {sorted(stray)}, not a side of {order}", sections.CAPTURE_THE_FLAG
            )
        )
    task = "annihilation" if not owners else "symmetric" if len(owners) == 2 else "attack-defence"
    counts = [sum(1 for o in scenario.board.flags.values() if o == side) for side in order]
    if not chosen.any_flags:
        check_flag_counts(task, counts)
    tanks = tuple(
        Tank(t.id, t.kind, side.name, t.at, t.facing) for side in scenario.sides for t in side.tanks
    )
    return Match(
        board=scenario.board,
        roster=scenario.roster,
        options=chosen,
        order=order,
        colors={s.name: s.color for s in scenario.sides},
        tanks=tanks,
        task=task,
    )


SIDE_COLORS = ("#3366cc", "#cc3333")


def scenario_of_board(board: SquareBoard) -> PanzerStrikeScenario:
    """A scenario from a board that places its own tanks: two sides, in the order their first
    tank is listed."""
    sides: list[str] = []
    for tank in board.tanks:
        if tank.side not in sides:
            sides.append(tank.side)
    for owner in board.flags.values():
        if owner not in sides:
            sides.append(owner)
    if len(sides) != 2:
        raise IllegalAction(
            Reason(
                f"a game needs tanks of two sides on the board, not {sides or 'none'}",
                sections.INITIAL_POSITIONS,
            )
        )
    return PanzerStrikeScenario(
        name=board.name,
        description=board.description,
        board=replace(board, tanks=()),
        sides=tuple(
            ScenarioSide(
                side,
                SIDE_COLORS[i],
                tuple(
                    PlacedTank(t.id, t.kind, t.at, t.facing) for t in board.tanks if t.side == side
                ),
            )
            for i, side in enumerate(sides)
        ),
    )


# --- protocol ------------------------------------------------------------------------------


def current_player(match: Match) -> str | Turn:
    if match.ended is not None:
        return TERMINAL
    if match.phase in ("roll", "gun"):
        return CHANCE
    return match.side_to_act


def players(match: Match) -> tuple[str, ...]:
    return match.order


def dice_count(match: Match) -> int:
    """Dice the side to act rolls: by its active tanks (Dice Table)."""
    return match.roster.dice_rolled(len(match.active_tanks(match.side_to_act)))


def chance_outcomes(match: Match) -> tuple[tuple[Action, Fraction], ...]:
    """Every roll with its exact probability over the dice definition in force."""
    if match.ended is not None:
        return ()
    large = tuple(f.movement for f in match.roster.die_faces)
    small = tuple(f.firepower for f in match.roster.die_faces)
    if match.phase == "roll":
        return tuple((RollMovement(c), p) for c, p in roll_outcomes(large, dice_count(match)))
    if match.phase == "gun":
        assert match.pending is not None
        dice = match.kind(match.tank(match.pending[0])).gun_dice
        return tuple((RollGun(c), p) for c, p in roll_outcomes(small, dice))
    return ()


def _free_slots(match: Match) -> list[int]:
    """The unused moves, the first of each large number (equal numbers are alike)."""
    seen, out = set(), []
    for i, (large, used) in enumerate(zip(match.slots, match.used, strict=True)):
        if not used and large not in seen:
            seen.add(large)
            out.append(i)
    return out


def _movers(match: Match) -> list[Tank]:
    return [
        t
        for t in match.active_tanks(match.side_to_act)
        if not t.damaged and not (match.options.one_die_per_tank and t.id in match.moved)
    ]


def legal_actions(match: Match) -> Iterator[Action]:
    """Every legal action of the side to act."""
    if current_player(match) in (CHANCE, TERMINAL):
        return
    if match.phase == "move":
        slots = _free_slots(match)
        for tank in _movers(match):
            steps = {i: allowance(match, tank, match.slots[i]) for i in slots}
            most = max(steps.values(), default=0)
            if most <= 0:
                continue
            found = reach(match, tank.id, most)
            for i in slots:
                if steps[i] <= 0:  # a die that gives no step moves nothing, not even back
                    continue
                for x, y, facing in found.raw(steps[i]):
                    yield Move(tank.id, i, (x, y), facing)
        yield EndMovement()
        return
    for firer in match.active_tanks(match.side_to_act):
        if firer.id in match.fired:
            continue
        for target in match.active_tanks(match.enemy):
            if _may_shoot(match, firer, target):
                yield Shoot(firer.id, target.id)
    yield EndTurn()


def _may_shoot(match: Match, firer: Tank, target: Tank) -> bool:
    """A quick test with the same rules as kill_odds (arc, range, trajectory)."""
    if firer.at.ruler_squared(target.at) < (MIN_DISTANCE * match.roster.squares_per_unit) ** 2:
        return False
    if firer.id in match.moved and not in_arc(firer.facing, firer.at, target.at):
        return False
    return trajectory(match, firer.at, target.at).clear


def apply(match: Match, action: Action) -> Applied:
    """The next state and what happened; an illegal action raises IllegalAction."""
    who = current_player(match)
    if who == TERMINAL:
        raise IllegalAction(Reason(f"the game is over: {match.ended}", sections.SHOOTING))
    if who == CHANCE:
        if match.phase == "roll" and isinstance(action, RollMovement):
            return _roll_movement(match, action)
        if match.phase == "gun" and isinstance(action, RollGun):
            return _roll_gun(match, action)
        wanted = "movement dice" if match.phase == "roll" else "gun dice"
        raise IllegalAction(
            Reason(
                f"the {wanted} decide now, not {action}",
                sections.MOVEMENT if match.phase == "roll" else sections.SHOOTING,
            )
        )
    if isinstance(action, Move) and match.phase == "move":
        return _move(match, action)
    if isinstance(action, EndMovement) and match.phase == "move":
        return Applied(replace(match, phase="shoot"), (Event(f"{who} ends movement"),))
    if isinstance(action, Shoot) and match.phase == "shoot":
        return _shoot(match, action)
    if isinstance(action, EndTurn) and match.phase == "shoot":
        return _end_turn(match)
    raise IllegalAction(
        Reason(
            f"{action} is not possible in the {match.phase} phase of {who}'s turn",
            sections.SHOOTING if match.phase == "shoot" else sections.MOVEMENT,
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
    slots = _free_slots(match)
    for tank in _movers(match):
        if any(allowance(match, tank, match.slots[i]) > 0 for i in slots):
            return match
    return replace(match, phase="shoot")


def _move(match: Match, action: Move) -> Applied:
    try:
        tank = match.tank(action.tank)
    except KeyError:
        raise IllegalAction(
            Reason(f"there is no tank {action.tank!r}", sections.MOVEMENT)
        ) from None
    if tank.side != match.side_to_act:
        raise IllegalAction(
            Reason(
                f"{tank.id} is {tank.side}'s; it is {match.side_to_act}'s turn", sections.MOVEMENT
            )
        )
    if tank.destroyed or tank.damaged:
        state = "destroyed" if tank.destroyed else "damaged: it can't move (it can only shoot)"
        raise IllegalAction(
            Reason(f"{tank.id} is {state}", sections.DAMAGE if tank.damaged else sections.MOVEMENT)
        )
    if match.options.one_die_per_tank and tank.id in match.moved:
        raise IllegalAction(
            Reason(
                f"{tank.id} has already moved this turn: a die moves one tank", sections.MOVEMENT
            )
        )
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
    odds = kill_odds(match, firer.id, target.id)
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
    odds = kill_odds(match, firer_id, target_id)
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


def outcome(match: Match) -> Outcome | None:
    return match.ended


# --- invariants ----------------------------------------------------------------------------


def summarize(match: Match) -> dict[str, Any]:
    """Tanks lost per side and tanks destroyed per firing tank type (for the balance lab)."""
    lost = dict.fromkeys(match.order, 0)
    damage_by: dict[str, int] = {}
    for firer_kind, _, side in match.kills:
        lost[side] += 1
        damage_by[firer_kind] = damage_by.get(firer_kind, 0) + 1
    return {"lost": lost, "damage_by": damage_by, "flags_captured": len(match.captured)}


def shipped_scenarios() -> dict[str, str]:
    from workbench.paths import shipped

    return shipped("panzer-strike", "scenarios")


GAME = register_game(
    Game(
        name="panzer-strike",
        title="Panzer Strike: France 1944 – Pocket",
        rulebook="Panzer Strike: France 1944 – Pocket Rulebook",
        board_kind="square",
        start=start,
        current_player=current_player,
        legal_actions=legal_actions,
        chance_outcomes=chance_outcomes,
        apply=apply,
        outcome=outcome,
        action_types=ACTIONS,
        players=players,
        scenarios=shipped_scenarios,
        invariants=invariants,
        summarize=summarize,
        order=20,
        rulebook_file="panzer-strike-france-1944-pocket.txt",
        sections="workbench.rules.panzer_strike.sections",
    )
)

__all__ = ["GAME", "movement_options", "kill_odds", *[a.__name__ for a in ACTIONS]]
