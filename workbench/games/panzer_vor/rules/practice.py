"""Panzer Vor!'s card-free practice mode (registered as ``"panzer-vor-practice"``): moves and
shots as actions, the attack and damage rolls as explicit chance, who won and why.

Each turn the player to act makes one action, as the rulebook's plain Move card (move one
tank up to its movement score) or Fire card (one attack with one tank), or passes. It is
labelled as not the rulebook's turn: the card game (``"panzer-vor"``, Sequence of Play) builds
on the same actions. A match ends as the rulebook says (Ending the Game and Victory
Conditions: annihilation, or the flag tank destroyed in a flag battle) or, because practice
has no Enforcement cards to force an end, at a turn limit (option ``turn_limit``, a stand-in
you can change) where the side that destroyed more wins. Tanks the players would deploy are
placed by the labelled quick deployment (option ``setup: "quick"``, the default here: the
practice mode is the quick sandbox that balance sweeps and search players play), or each by
its player with ``Deploy`` actions before the first turn (``setup: "choose"``:
``practice_setup``); practice has no shop, so a scenario whose forces are all bought
(Exhibition!) starts with none.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import Any

from workbench.boards.values import Pictured
from workbench.games.panzer_vor.boards.scenario import PanzerVorScenario
from workbench.games.panzer_vor.rules import firing, movement, practice_setup, reactions, sections
from workbench.games.panzer_vor.rules.actions import ROLLS, Fire, Move, Pass, Roll
from workbench.games.panzer_vor.rules.fingerprint import board_text
from workbench.games.panzer_vor.rules.firing import (
    AttackOdds,
    aimed,
    refuse_not_a_shot,
)
from workbench.games.panzer_vor.rules.game_options import (
    DEFAULT_TURN_LIMIT,
    PRACTICE,
    practice_options,
    two_sides,
)
from workbench.games.panzer_vor.rules.movement import explain_move, move
from workbench.games.panzer_vor.rules.setup import game_from_scenario, quick_deployment, side_name
from workbench.games.panzer_vor.rules.state import GameState, Tank
from workbench.games.panzer_vor.rules.turret import new_turn
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
from workbench.rules.options import check_options


class PanzerVorEnd(Termination):
    ANNIHILATION = ("every enemy tank destroyed (Annihilation Battle)", sections.ENDING)
    FLAG = ("the enemy's Flag Tank destroyed (Flag Battle)", sections.ENDING)
    TURN_LIMIT = ("the practice turn limit was reached; more tanks destroyed wins", PRACTICE)


@dataclass(frozen=True)
class PendingShot:
    """A fired shot waiting for its dice: the odds it was fired with, and the attack roll
    once made (then the damage roll is next)."""

    odds: AttackOdds
    attack_roll: tuple[int, int] | None = None


@dataclass(frozen=True)
class Match(Pictured):
    """A Panzer Vor! match in practice mode: the board, whose turn, the turn number, a shot
    waiting for dice, and the tanks each side destroyed."""

    board: GameState
    order: tuple[str, ...]  # the sides, the first to act first
    turn: int = 1
    active: int = 0
    shot: PendingShot | None = None
    destroyed: Mapping[str, tuple[str, ...]] = field(default_factory=dict)  # side -> tank ids
    kills: tuple[tuple[str, str, str], ...] = ()  # (firer's tank type, target id, target side)
    turn_limit: int = DEFAULT_TURN_LIMIT
    match_type: str = "annihilation"
    ended: Outcome | None = None
    # option setup "choose": each side's tanks still to deploy, the side deploying first
    deploying: tuple[practice_setup.Deploying, ...] = ()

    __hash__ = None  # type: ignore[assignment]

    @property
    def side_to_act(self) -> str:
        return self.deploying[0].side if self.deploying else self.order[self.active]

    @property
    def phase(self) -> str:
        if self.ended:
            return "game over"
        if self.deploying:
            return "deployment"
        if self.shot is None:
            return "action"
        return "attack roll" if self.shot.attack_roll is None else "damage roll"


def start(scenario: PanzerVorScenario, options: Mapping[str, Any] | None = None) -> Match:
    """The scenario's opening position; tanks the players would deploy are placed by the
    labelled quick deployment (not the rulebook's). ``options``: ``turn_limit`` (checked:
    OptionError names it)."""
    options = check_options(practice_options(scenario), options)
    two_sides(scenario)
    setup = game_from_scenario(scenario)
    deploying: tuple[practice_setup.Deploying, ...] = ()
    if setup.waiting and options.get("setup", "quick") == "choose":
        deploying, _ = practice_setup.settled(
            setup.state, practice_setup.to_deploy(scenario, setup)
        )
    elif setup.waiting:
        setup = quick_deployment(scenario, setup)
    sides = tuple(setup.state.sides)
    first = scenario.acts_first
    if first in {s.key for s in scenario.sides}:
        name = side_name(scenario, first)
        sides = (name, *(s for s in sides if s != name))
    return Match(
        board=setup.state,
        order=sides,
        turn_limit=options.get("turn_limit", DEFAULT_TURN_LIMIT),
        match_type=scenario.match_type,
        deploying=deploying,
    )


def match_of(board: GameState, order: tuple[str, ...] | None = None, **fields: Any) -> Match:
    """A match in practice mode from any board state (sides in ``order``, or as the tanks
    list them): to try a shot or a move from a position built by hand."""
    if order is None:
        order = tuple(dict.fromkeys([*board.sides, *(t.side for t in board.tanks)]))
    return Match(board=board, order=order, **fields)


def current_player(state: Match) -> str | Turn:
    if state.ended is not None:
        return TERMINAL
    return CHANCE if state.shot is not None else state.side_to_act


def players(state: Match) -> tuple[str, ...]:
    return state.order


def legal_actions(match: Match) -> Iterator[Action]:
    """Every legal action of the side to act: each pose each tank can reach, each shot it
    may fire (however poor its odds), and passing."""
    if current_player(match) in (CHANCE, TERMINAL):
        return
    if match.deploying:
        yield from practice_setup.deploys(match.board, match.deploying[0])
        return
    board = match.board
    own = [t for t in board.tanks if t.side == match.side_to_act and not t.wreck]
    for tank in own:
        yield from moves_of(match, tank.id)
    for tank in own:
        for enemy in board.enemies_of(tank):
            if _can_fire(board, tank, enemy):
                yield Fire(tank.id, enemy.id)
    yield Pass()


def _can_fire(board: GameState, tank: Tank, enemy: Tank) -> bool:
    """Whether ``firing.odds`` lets the tank fire at the enemy: out of every gun's range, or
    with the line between their hexes blocked on the map (tanks never block it), it does not;
    else its answer, kept with the board value."""
    if tank.hex.distance(enemy.hex) > max(g.range for g in tank.counter.guns):
        return False
    if not reactions.sees(board.map, tank.hex, enemy.hex):
        return False
    memo = reactions.board_memo(board)
    key = ("practice: can fire", tank.id, enemy.id)
    if key not in memo:
        memo[key] = firing.odds(board, tank.id, enemy.id).can_fire
    return bool(memo[key])


def moves_of(match: Match, tank_id: str) -> list[Move]:
    """The legal moves of one tank of the side to act: every pose in its reach but the one it
    holds (none while dice are awaited, for an immobile tank or another side's tank)."""
    board = match.board
    tank = board.tank(tank_id)
    if match.deploying or current_player(match) != tank.side or tank.immobile or tank.wreck:
        return []
    memo = reactions.board_memo(board)  # the same board always gives the same moves
    key = ("practice: moves", tank_id)
    if key not in memo:
        label = board.map.grid.label
        memo[key] = [
            Move(tank.id, label(where), facing)
            for where, facing in movement.reach(board, tank.id).costs
            if (where, facing) != (tank.hex, tank.facing)
        ]
    return list(memo[key])


def chance_outcomes(match: Match) -> tuple[tuple[Action, Fraction], ...]:
    """The 36 ordered rolls of two dice, 1/36 each, while a shot waits for dice."""
    return ROLLS if match.shot is not None and match.ended is None else ()


def apply(match: Match, action: Action) -> Applied:
    """The next match and what happened; an illegal action raises IllegalAction."""
    who = current_player(match)
    if who == TERMINAL:
        raise IllegalAction(Reason(f"the match is over: {match.ended}", sections.ENDING))
    refuse_not_a_shot(match.board, action)
    if who == CHANCE:
        if not isinstance(action, Roll):
            raise IllegalAction(
                Reason(f"the dice decide now ({match.phase}), not {action}", sections.ATTACK_ROLL)
            )
        return _roll(match, action)
    if isinstance(action, Roll):
        raise IllegalAction(
            Reason("no roll is waiting: it is a player's action", sections.SEQUENCE_OF_PLAY)
        )
    if match.deploying:
        board, deploying, events = practice_setup.deploy(match.board, match.deploying, action)
        return Applied(replace(match, board=board, deploying=deploying), events)
    if isinstance(action, Pass):
        return Applied(_next_turn(match), (Event(f"{who} passes"),))
    if isinstance(action, Move):
        return _move(match, action)
    if isinstance(action, Fire):
        return _fire(match, action)
    raise IllegalAction(Reason(f"{action!r} is not a Panzer Vor! action"))


def _own_tank(match: Match, tank_id: str, verb: str) -> None:
    try:
        tank = match.board.tank(tank_id)
    except KeyError:
        raise IllegalAction(
            Reason(f"there is no tank called {tank_id!r} to {verb}", sections.SEQUENCE_OF_PLAY)
        ) from None
    if tank.side != match.side_to_act:
        raise IllegalAction(
            Reason(
                f"{tank_id} belongs to {tank.side}; it is {match.side_to_act}'s turn",
                sections.SEQUENCE_OF_PLAY,
            )
        )


def _move(match: Match, action: Move) -> Applied:
    _own_tank(match, action.tank, "move")
    board = match.board
    try:
        end = (board.map.hex(action.to), action.facing % 6)
    except Exception as error:  # GridError or MapError: the label is not on this map
        raise IllegalAction(
            Reason(f"{action.to!r} is no hex of this map ({error})", sections.MOVEMENT_DIRECTION)
        ) from None
    if not isinstance(action.facing, int) or not 0 <= action.facing < 6:
        raise IllegalAction(
            Reason(
                f"a facing is a hexside 0..5, not {action.facing!r}", sections.MOVEMENT_DIRECTION
            )
        )
    path: list[tuple[Any, int]] = list(action.path)
    if not path:
        reach = movement.reach(board, action.tank)
        if end not in reach.costs:
            why = explain_move(board, action.tank, [end])
            text = why.refusal.text if why.refusal else "it is out of reach"
            raise IllegalAction(
                Reason(
                    f"{action.tank} cannot reach {action.to} facing {action.facing}: {text}",
                    sections.MOVEMENT,
                )
            )
        path = [s.end for s in reach.path_to(*end)]
    elif board.map.hex(path[-1][0]) != end[0] or path[-1][1] % 6 != end[1]:
        raise IllegalAction(
            Reason(
                f"the path ends at {path[-1]}, not at {action.to} facing {action.facing}",
                sections.MOVEMENT_DIRECTION,
            )
        )
    after, explained = move(board, action.tank, path)
    event = Event(str(action), tuple(r for s in explained.steps for r in s.reasons))
    return Applied(_next_turn(replace(match, board=after)), (event,))


def _fire(match: Match, action: Fire) -> Applied:
    _own_tank(match, action.firer, "fire")
    try:
        match.board.tank(action.target)
    except KeyError:
        raise IllegalAction(
            Reason(f"there is no tank called {action.target!r} to fire at", sections.FIRING)
        ) from None
    odds = firing.odds(match.board, action.firer, action.target)
    if not odds.can_fire:
        raise IllegalAction(odds.reasons[0])
    event = Event(f"{action}: hit {odds.hit} ({float(odds.hit):.0%})", odds.reasons)
    board = aimed(match.board, action.firer, action.target)  # the turret marker stays
    return Applied(replace(match, board=board, shot=PendingShot(odds)), (event,))


def _roll(match: Match, roll: Roll) -> Applied:
    shot = match.shot
    assert shot is not None  # current_player said CHANCE
    odds = shot.odds
    if shot.attack_roll is None:
        hit = odds.attack_needed is not None and sum(roll.dice) >= odds.attack_needed
        need = "cannot hit" if odds.attack_needed is None else f"needs {odds.attack_needed}+"
        text = f"attack {roll}: {need}, {'hit' if hit else 'miss'}"
        event = Event(
            text, (Reason(f"2 dice {need} to hit at {odds.distance} hexes", sections.ATTACK_ROLL),)
        )
        if not hit:
            return Applied(_next_turn(replace(match, shot=None)), (event,))
        return Applied(replace(match, shot=replace(shot, attack_roll=roll.dice)), (event,))
    destroyed = odds.damage_needed is not None and sum(roll.dice) >= odds.damage_needed
    need = "cannot destroy" if odds.damage_needed is None else f"needs {odds.damage_needed}+"
    outcome = "destroyed" if destroyed else "no effect (it glanced off the armour)"
    reasons = (
        Reason(f"2 dice {need} against armour {odds.armour} ({odds.arc})", sections.DAMAGE_ROLL),
    )
    events = [Event(f"damage {roll}: {odds.target}: {outcome}", reasons)]
    after = replace(match, shot=None)
    if destroyed:
        after = _destroy(after, odds.firer, odds.target)
        events.append(
            Event(
                f"{odds.target} is destroyed",
                (
                    Reason(
                        "removed from the map, or left as wreckage under the Wreckage rule",
                        sections.DAMAGE_ROLL,
                    ),
                ),
            )
        )
    return Applied(_next_turn(after), tuple(events))


def _destroy(match: Match, firer: str, target_id: str) -> Match:
    board = match.board
    target = board.tank(target_id)
    side = board.tank(firer).side
    if board.options.wreckage:
        board = board.with_tank(replace(target, wreck=True))
    else:
        board = board.without([target_id])
    destroyed = dict(match.destroyed)
    destroyed[side] = (*destroyed.get(side, ()), target_id)
    kill = (board.tank(firer).counter.name, target_id, target.side)
    after = replace(match, board=board, destroyed=destroyed, kills=(*match.kills, kill))
    ended = _ending(after, target.side, target.flag, side)
    return replace(after, ended=ended) if ended else after


def _ending(match: Match, loser: str, flag: bool, winner: str) -> Outcome | None:
    left = [t for t in match.board.tanks if t.side == loser and not t.wreck]
    if flag and match.match_type == "flag":
        return Outcome(PanzerVorEnd.FLAG, winner)
    if not left:
        return Outcome(PanzerVorEnd.ANNIHILATION, winner)
    return None


def _next_turn(match: Match) -> Match:
    if match.ended is not None:
        return match
    active = (match.active + 1) % len(match.order)
    turn = match.turn + (active == 0)
    if turn > match.turn_limit:
        return replace(match, ended=_at_turn_limit(match))
    return replace(match, board=new_turn(match.board), active=active, turn=turn)


def _at_turn_limit(match: Match) -> Outcome:
    counts = {side: len(match.destroyed.get(side, ())) for side in match.order}
    best = max(counts.values())
    leaders = [s for s, n in counts.items() if n == best]
    text = ", ".join(f"{s} destroyed {n}" for s, n in counts.items())
    winner = leaders[0] if len(leaders) == 1 else None
    return Outcome(PanzerVorEnd.TURN_LIMIT, winner, (Reason(text, PRACTICE),))


def outcome(state: Match) -> Outcome | None:
    return state.ended


def summarize(match: Match) -> dict[str, Any]:
    """Tanks lost per side and tanks destroyed per firing tank type (for the balance lab)."""
    lost = dict.fromkeys(match.order, 0)
    damage_by: dict[str, int] = {}
    for firer_type, _, side in match.kills:
        lost[side] = lost.get(side, 0) + 1
        damage_by[firer_type] = damage_by.get(firer_type, 0) + 1
    return {"lost": lost, "damage_by": damage_by}


def destroyed(match: Match, tank_id: str) -> bool:
    """Whether the tank has been destroyed in this match."""
    return any(tank_id in ids for ids in match.destroyed.values())


def declining(match: Match) -> None:
    """Practice asks no side to decide anything while a shot is resolved: nothing to decline."""
    return None


def fingerprint(match: Match) -> str:
    """The match as text without the map (see ``fingerprint``)."""
    return board_text(match.board) + repr(replace(match, board=None))  # type: ignore[arg-type]
