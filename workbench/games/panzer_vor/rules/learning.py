"""For learners, from a game state (the card game's or practice's): the exact odds of a shot
with everything the state holds (the card in play, the scenario's rules, the characters'
modifiers played), where a tank can move now, and why an action is legal or refused with the
game's own detail. Every answer is read from the functions the rules play by
(``reactions.resolving_odds``, ``options.legal_moves``, ``apply``), so it is what will happen.

>>> import workbench
>>> from workbench.paths import shipped
>>> from workbench.games.panzer_vor.rules import practice
>>> match = practice.start(workbench.load(shipped("panzer-vor", "scenarios")["test-your-luck"]))
>>> odds = practice_odds(match, "Panzer IV Ausf. D", "T-34/76")
>>> odds.destroy, odds.shot
(Fraction(7, 144), Fire(firer='Panzer IV Ausf. D', target='T-34/76'))
>>> reach = practice_reach(match, "Panzer IV Ausf. D")
>>> reach.may_move, "0805" in reach.destinations, practice_reach(match, "T-34/76").may_move
(True, True, False)
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import Any

from workbench.errors import ArgumentError
from workbench.games.panzer_vor.rules import firing, hooks, movement, practice, reactions, turn
from workbench.games.panzer_vor.rules import options as card_moves
from workbench.games.panzer_vor.rules import sections as S
from workbench.games.panzer_vor.rules.actions import Decline, Fire, Move, NoReaction
from workbench.games.panzer_vor.rules.firing import AttackOdds, not_a_shot
from workbench.games.panzer_vor.rules.match import CardMatch, Order, Shot, Window
from workbench.games.panzer_vor.rules.movement import Reach, explain_move
from workbench.games.panzer_vor.rules.phases import Stage
from workbench.games.panzer_vor.rules.previews import order_reach
from workbench.games.panzer_vor.rules.state import DrawnResult, GameState
from workbench.rules.core import (
    CHANCE,
    TERMINAL,
    Action,
    Game,
    IllegalAction,
    Modifier,
    Reason,
    Verdict,
    not_now,
)
from workbench.rules.core import verdict_of as apply_verdict

ABILITY_ROLLS = {  # a character's modifier kind: (whose tank, the roll it changes)
    "attack": ("firer", "attack"),
    "damage": ("firer", "damage"),
    "evade": ("target", "attack"),
    "armour": ("target", "damage"),
}


@dataclass(frozen=True, kw_only=True)
class ShotOdds(DrawnResult):
    """The exact odds of one shot from a game state, asked at any moment: ``destroy`` (a
    Fraction) counts every modifier the state holds and no reaction or ability still to be
    chosen (the rules run on with every side declining); ``shot`` is the action that
    declares it now, or None when it may not be fired now, ``refusal`` then saying why, with
    the phase (``core.not_now``; ``reasons`` end with it); ``odds`` the rules' own
    AttackOdds."""

    odds: AttackOdds
    shot: Action | None
    reasons: tuple[Reason, ...]
    no_attack_roll: bool = False  # Crack Shot: it hits without an attack roll
    refusal: Reason | None = None

    @property
    def state(self) -> GameState:
        return self.odds.state

    @property
    def firer(self) -> str:
        return self.odds.firer

    @property
    def target(self) -> str:
        return self.odds.target

    @property
    def can_fire(self) -> bool:
        """Whether the rules allow this shot at all (``shot``: whether it is declared now)."""
        return self.odds.can_fire

    @property
    def hit(self) -> Fraction:
        return Fraction(1) if self.no_attack_roll and self.odds.can_fire else self.odds.hit

    @property
    def destroy(self) -> Fraction:
        return self.hit * self.odds.destroy_given_hit if self.odds.can_fire else Fraction(0)

    def lines(self) -> list[str]:
        """The rules' explanation of the shot, then what the game state adds."""
        head = [*self.odds.lines()]
        if self.no_attack_roll:
            head.append(f"  no attack roll: it hits; destroy {self.destroy}")
        added = [str(r) for r in self.reasons if r not in self.odds.reasons]
        return [*head, *added]

    def __str__(self) -> str:
        return "\n".join(self.lines())


@dataclass(frozen=True, kw_only=True)
class TankReach(DrawnResult):
    """Where a tank can move now. ``destinations``: the hexes (labels) of its legal moves now,
    empty when it may not move now; ``reach``: the movement search drawn (with the card in
    play's bonus, or, when it may not move now, what a plain Move card would allow);
    ``may_move``: whether it may move now; ``reasons``: its MP and, when it may not move,
    why."""

    state: GameState = field(repr=False)
    tank: str
    reach: Reach = field(repr=False)
    destinations: frozenset[str]
    may_move: bool
    reasons: tuple[Reason, ...]

    def lines(self) -> list[str]:
        if self.may_move:
            head = f"{self.tank} may move now to {len(self.destinations)} hexes"
        else:
            head = f"{self.tank} may not move now; shown: where a plain Move card would take it"
        return [head, *(str(r) for r in self.reasons)]

    def __str__(self) -> str:
        return "\n".join(self.lines())


def _tank(board: GameState, argument: str, tank_id: Any) -> None:
    names = [t.id for t in board.tanks]
    if tank_id not in names:
        raise ArgumentError(argument, tank_id, f"a tank on the board ({', '.join(names)})")


def _abilities(match: CardMatch, firer: str, target: str) -> list[Reason]:
    """The characters on the two tanks who may still change a roll of this shot (used after
    the roll is seen, so not counted in the odds)."""
    found = []
    board = match.board
    for crew in match.crew:
        whose = "firer" if crew.tank == firer else "target" if crew.tank == target else None
        if whose is None:
            continue
        side = board.tank(firer if whose == "firer" else target).side
        if not hooks.abilities_allowed(match, side):
            continue
        for ability in crew.abilities:
            tank, roll = ABILITY_ROLLS.get(ability.kind, ("", ""))
            if tank == whose:
                found.append(Reason(
                    f"{crew.name} (on the {whose}) may add {ability.value:+d} to the {roll} roll "
                    "once it is seen; not counted above", S.CHARACTERS))  # fmt: skip
    return found


def card_odds(match: CardMatch, attacker: str, target: str, *, card: str | None = None) -> ShotOdds:
    """The odds of ``attacker``'s shot at ``target`` in a card match: the shot being resolved
    if it is this one (every modifier played so far); else with the Action card being carried
    out (or ``card``, as if played), the scenario's modifiers and Turret Rotation."""
    board = match.board
    _tank(board, "attacker", attacker)
    _tank(board, "target", target)
    if card is not None and card not in match.deck_list.cards:
        raise ArgumentError("card", card, "the name of a card of this match's deck")
    top = match.top
    if isinstance(top, Shot) and (top.firer, top.target) == (attacker, target):
        odds = reactions.resolving_odds(match, top)
        why = not_now(_phase(match), Reason(
            f"the shot is being resolved ({top.stage}): every modifier played so far", S.FIRING
        ))  # fmt: skip
        return ShotOdds(odds=odds, shot=None, reasons=(*odds.reasons, why),
                        no_attack_roll=top.no_attack_roll, refusal=why)  # fmt: skip
    name = card if card is not None else top.card if isinstance(top, Order) else None
    notes: list[Reason] = []
    shot = Shot(attacker, target)
    on = match
    if name is not None:
        played = match.card(name)
        attack = (Modifier(name, played.attack_modifier, "card"),)
        damage = (Modifier(name, played.damage_modifier, "card"),)
        shot = Shot(attacker, target, attack if played.attack_modifier else (),
                    damage if played.damage_modifier else (),
                    no_attack_roll=played.no_attack_roll)  # fmt: skip
        notes.append(Reason(f"with {name}: {played.text}", played.source))
        own = hooks.ATTACKS.get(played.effect)  # the card's own effect as it is declared
        if own is not None and own.target_allowed(match, target):
            on = own.before(match, attacker, target, [])
    odds = reactions.resolving_odds(on, shot)
    fire = Fire(attacker, target)
    refusal = _refusal(match, fire)
    if card is not None and not (isinstance(top, Order) and top.card == card):
        refusal = Reason(f"as if {card} were played; it is not in play", S.ACTION_PHASE)
    notes += _abilities(match, attacker, target)
    now = None if refusal is None else not_now(_phase(match), refusal)
    return ShotOdds(odds=odds, shot=fire if now is None else None,
                    reasons=(*odds.reasons, *notes, *([now] if now else [])),
                    no_attack_roll=shot.no_attack_roll, refusal=now)  # fmt: skip


def _phase(match: Any) -> str:
    """The phase a match is in, as ``odds`` names it when a shot cannot be fired now."""
    return f"{match.phase} phase"


def _refusal(match: CardMatch, action: Action) -> Reason | None:
    """None when ``action`` is legal now, else why not: while a draw or a die decides, that;
    else the reason ``apply`` refuses it with."""
    who = turn.current_player(match)
    if who is CHANCE:
        return Reason("a card draw or a die decides now, not a side", S.SEQUENCE_OF_PLAY)
    if isinstance(who, str) and action in turn.legal_actions(match):
        return None
    try:
        turn.apply(match, action)
    except IllegalAction as refused:
        return refused.reason
    return None


def practice_odds(match: Any, attacker: str, target: str) -> ShotOdds:
    """The odds of ``attacker``'s shot at ``target`` in a practice match (practice has no
    cards or characters: the board decides), or of the shot waiting for its dice."""
    board = match.board
    _tank(board, "attacker", attacker)
    _tank(board, "target", target)
    pending = match.shot
    if pending is not None and (pending.odds.firer, pending.odds.target) == (attacker, target):
        why = not_now(_phase(match), Reason("the shot waits for its dice", S.ATTACK_ROLL))
        return ShotOdds(odds=pending.odds, shot=None, reasons=(*pending.odds.reasons, why),
                        refusal=why)  # fmt: skip
    odds = firing.odds(board, attacker, target)
    fire = Fire(attacker, target)
    refusal = None
    if fire not in practice.legal_actions(match):
        try:
            practice.apply(match, fire)
            refused = Reason(f"{fire} is not offered now", S.SEQUENCE_OF_PLAY)
        except IllegalAction as error:
            refused = error.reason
        refusal = not_now(_phase(match), refused)
    return ShotOdds(odds=odds, shot=fire if refusal is None else None,
                    reasons=(*odds.reasons, *([refusal] if refusal else [])),
                    refusal=refusal)  # fmt: skip


def card_reach(match: CardMatch, tank: str) -> TankReach:
    """Where ``tank`` can move now in a card match: the moves the card being carried out
    allows it (its MP bonus, a character's movement ability, the scenario's limits); when
    no card declares it for a move, no destination (and what a plain Move card would allow)."""
    board = match.board
    _tank(board, "tank", tank)
    top = match.top
    declared = (
        isinstance(top, Order) and top.tank == tank and top.stage in (Stage.MOVE, Stage.EITHER)
        and any(t.id == tank for t in match.tanks_of(top.side)) and match.ended is None
    )  # fmt: skip
    if not declared:
        plain = movement.reach(board, tank)
        why = _why_not_moving(match, tank)
        return TankReach(state=board, tank=tank, reach=plain, destinations=frozenset(),
                         may_move=False, reasons=(why, *plain.reasons))  # fmt: skip
    assert isinstance(top, Order)
    card = match.card(top.card)
    moves = card_moves.legal_moves(match, tank, card.mp, top.mp)
    reach = order_reach(match, top, tank)
    notes = [Reason(f"on {top.card}: {card.text}", card.source)]
    for ability in sorted({m.ability for m in moves if m.ability}):
        notes.append(Reason(f"further hexes with {ability}'s movement ability", S.BONUSES))
    return TankReach(state=board, tank=tank, reach=reach, may_move=True,
                     destinations=frozenset(m.to for m in moves),
                     reasons=(*reach.reasons, *notes))  # fmt: skip


def _why_not_moving(match: CardMatch, tank: str) -> Reason:
    top = match.top
    if match.ended is not None:
        return Reason(f"the match is over: {match.ended}", S.ENDING)
    if isinstance(top, Order) and top.tank is not None and top.tank != tank:
        return Reason(f"{top.card} is being carried out by {top.tank}", S.ACTION_PHASE)
    if isinstance(top, Order) and top.tank == tank:
        return Reason(f"{tank} acts on {top.card} now, which does not move it", S.ACTION_PHASE)
    return Reason(
        f"{tank} moves only when an Action card with a Move icon declares it", S.ACTION_PHASE
    )


def practice_reach(match: Any, tank: str) -> TankReach:
    """Where ``tank`` can move now in a practice match: every pose in its reach, on its
    side's turn while no shot waits for dice; else no destination (and its reach)."""
    board = match.board
    _tank(board, "tank", tank)
    reach = movement.reach(board, tank)
    moves = practice.moves_of(match, tank)
    who = practice.current_player(match)
    side = board.tank(tank).side
    notes: list[Reason] = []
    if match.deploying:  # option setup "choose": no move before every tank is placed
        text = f"{tank} may not move now: {match.deploying[0].side} is deploying its tanks"
        notes.append(Reason(text, S.GAME_SETUP))
    elif who != side:
        doing = "the dice decide" if who is CHANCE else "the match is over" if who is TERMINAL \
            else f"it is {who}'s turn"  # fmt: skip
        notes.append(Reason(f"{tank} may not move now: {doing}", S.SEQUENCE_OF_PLAY))
    elif board.tank(tank).immobile:
        notes.append(Reason(f"{tank} is immobile", S.ACTION_PHASE))
    may = who == side and not board.tank(tank).immobile and not match.deploying
    return TankReach(state=board, tank=tank, reach=reach, may_move=may,
                     destinations=frozenset(m.to for m in moves),
                     reasons=(*reach.reasons, *notes))  # fmt: skip


# --- explain ----------------------------------------------------------------------------------


def explain(
    game: Game[Any, Any],
    state: Any,
    action: Any,
    detail: Callable[[Any, Any], tuple[Reason, ...]],
) -> Verdict:
    """``apply``'s verdict on ``action`` (its refusal first, with the same section), then the
    game's own ``detail`` that the verdict does not already give: a move's MP and its cost
    step by step, a shot's modifiers and odds."""
    verdict = apply_verdict(game, state, action)
    more = tuple(r for r in detail(state, action) if r not in verdict.reasons)
    return replace(verdict, reasons=(*verdict.reasons, *more))


def _move_detail(board: GameState, action: Move, reach: Reach) -> tuple[Reason, ...]:
    """A move's MP and, when the pose is in reach, its cheapest path step by step."""
    try:
        where = board.map.hex(action.to)
    except Exception:  # GridError or MapError: apply's refusal says so
        return ()
    found = list(reach.reasons)
    if (where, action.facing) in reach.costs:
        steps = reach.path_to(where, action.facing)
        explained = explain_move(board, action.tank, [s.end for s in steps], reach.budget[1:])
        found += explained.reasons
    else:
        found.append(Reason(f"{action.to} facing {action.facing} is not within {action.tank}'s "
                            f"{reach.mp} MP", S.MOVEMENT))  # fmt: skip
    return tuple(found)


def _shot_detail(odds: ShotOdds) -> tuple[Reason, ...]:
    found = [m.reason for m in (*odds.odds.attack_modifiers, *odds.odds.damage_modifiers)]
    if odds.odds.can_fire:
        found.append(Reason(f"hit {odds.hit}, destroy {odds.destroy}", S.ATTACK_ROLL))
    return tuple(found)


def _a_shot(board: GameState, action: Any, names: set[str]) -> bool:
    """Whether ``action`` fires at an enemy tank on ``board`` (a shot with odds to show)."""
    if not isinstance(action, Fire) or not {action.firer, action.target} <= names:
        return False
    return not_a_shot(board, action.firer, action.target) is None


def card_detail(match: CardMatch, action: Any) -> tuple[Reason, ...]:
    """What the card game adds to a verdict on ``action``."""
    board = match.board
    names = {t.id for t in board.tanks}
    if isinstance(action, Move) and action.tank in names:
        top = match.top
        if isinstance(top, Order) and top.tank == action.tank:  # the card's MP, as apply
            card = match.card(top.card)
            bonus = card_moves.card_bonus(board, action.tank, card.mp, top.mp)
            extra = sum(a.value for c in match.crew_on(action.tank) if c.name == action.ability
                        for a in c.abilities if a.kind == "movement")  # fmt: skip
            reach = card_moves.reach_with_bonus(board, action.tank, bonus + extra)
        else:
            reach = movement.reach(board, action.tank)
        return _move_detail(board, action, reach)
    if _a_shot(board, action, names):
        return _shot_detail(card_odds(match, action.firer, action.target))
    return ()


def practice_detail(match: Any, action: Any) -> tuple[Reason, ...]:
    """What practice adds to a verdict on ``action``."""
    board = match.board
    names = {t.id for t in board.tanks}
    if isinstance(action, Move) and action.tank in names:
        return _move_detail(board, action, movement.reach(board, action.tank))
    if _a_shot(board, action, names):
        return _shot_detail(practice_odds(match, action.firer, action.target))
    return ()


# --- following a shot to its end (the contract test of odds) ----------------------------------


def card_declining(match: CardMatch) -> Action | None:
    """A side's "no" while a shot is resolved: no reaction in a reaction window, no ability
    after a roll; None anywhere else."""
    if match.ended is not None or not isinstance(turn.current_player(match), str):
        return None
    if isinstance(match.top, Window):
        return NoReaction()
    if isinstance(match.top, Shot):
        return Decline()
    return None


def card_destroyed(match: CardMatch, tank: str) -> bool:
    """Whether ``tank`` has been destroyed in this match (wreckage or removed)."""
    return any(tank in ids for ids in match.lost.values())
