"""Shots and Reactions (Firing, Reactions, Characters).

A shot waits for a reaction window before its attack roll, rolls, lets the characters change
the result after the roll is seen, may meet Ricochet after a hit, rolls for damage, and
destroys. Only one Reaction card answers one action, and none answers a Reaction card except
Eavesdropping (Reactions); a Quick Shot is itself a reaction, so nothing answers it; Ricochet
cannot answer Crack Shot, which makes no attack roll.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from typing import Any

from workbench.games.panzer_vor.rules import firing, hooks, restrictions, sections
from workbench.games.panzer_vor.rules.actions import (
    ROLLS,
    Decline,
    NoReaction,
    React,
    Roll,
    UseAbility,
)
from workbench.games.panzer_vor.rules.crew import use_crew
from workbench.games.panzer_vor.rules.firing import AttackOdds, aimed
from workbench.games.panzer_vor.rules.match import (
    CardMatch,
    Effect,
    Order,
    Shot,
    Window,
    evolve,
    leave_play,
    pop,
    push,
    set_top,
    take_card,
)
from workbench.games.panzer_vor.rules.phases import Moment, ShotStage
from workbench.games.panzer_vor.rules.sections import TURRET_ROTATION
from workbench.games.panzer_vor.rules.sight import line_of_sight
from workbench.games.panzer_vor.rules.state import board_memo
from workbench.rules.core import CHANCE, Action, Event, Modifier, Reason, Turn

S = sections
__all__ = ["board_memo", "can_fire_at", "destroy", "odds_table", "resolving_odds"]
restrictions.add("Eavesdropping", restrictions.Restriction(
    "eavesdropping", ("when",),
    "Unlike other Reaction cards, this Scenario Card may be used in response to another "
    "Reaction Card",
    S.REACTIONS, by="the reaction windows (its ``ReactionRule``'s moments): right after the "
    "opponent plays an Action card or a Reaction card",
))  # fmt: skip


def _answers(moment: Moment) -> tuple[str, ...]:
    return tuple(name for name, _ in hooks.reactions_at(moment))


def odds_table(match: CardMatch, tank_id: str) -> list[AttackOdds]:
    """The odds of the tank against every enemy on the map (scenario modifiers included)."""
    board = match.board
    tank = board.tank(tank_id)
    enemies = board.enemies_of(tank)
    mods = tuple(hooks.shot_modifiers(match, tank, e) for e in enemies)
    key = ("odds", tank_id, mods)
    memo = board_memo(board)
    if key not in memo:
        memo[key] = [
            firing.odds(board, tank_id, e.id, attack, damage)
            for e, (attack, damage) in zip(enemies, mods, strict=True)
        ]
    return memo[key]


def sees(hexmap: Any, a: Any, b: Any) -> bool:
    """Whether the line between two hexes is clear: it depends on the map alone (tanks do
    not block it; wreckage only modifies the roll), so it is kept on the map."""
    cache = hexmap.derived.setdefault("line of sight clear", {})
    key = (a, b)
    if key not in cache:
        cache[key] = line_of_sight(hexmap, a, b).clear
    return cache[key]


def can_fire_at(match: CardMatch, tank_id: str, target: str) -> bool:
    """Whether the tank may fire at the target now (range first: most pairs end there)."""
    board = match.board
    tank = board.tank(tank_id)
    other = board.tank(target)
    reach = max(g.range for g in tank.counter.guns)
    if tank.hex.distance(other.hex) > reach or other.side == tank.side or other.wreck:
        return False
    if not sees(board.map, tank.hex, other.hex):  # both necessary: firing.odds would refuse
        return False
    mods = hooks.shot_modifiers(match, tank, other)
    key = ("can fire", tank_id, target, mods)
    memo = board_memo(board)
    if key not in memo:
        memo[key] = firing.odds(board, tank_id, target, *mods).can_fire
    return memo[key]


# --- reaction windows ----------------------------------------------------------------------


def _held(match: CardMatch, side: str) -> tuple[str, ...]:
    return (*match.hand(side), *match.scenario_cards.get(side, ()))


def window_actions(match: CardMatch, window: Window) -> Iterator[Action]:
    side, held = window.side, set(_held(match, window.side))
    for card, rule in hooks.reactions_at(window.moment):
        if card in held:
            yield from (React(card, tank) for tank in rule.offers(match, side, window))
    yield NoReaction()


def open_window(
    match: CardMatch,
    side: str,
    moment: Moment,
    tank: str | None = None,
    target: str | None = None,
    answering: str = "",
) -> CardMatch:
    """Push a reaction window when ``side`` holds a card that fits and may play it now."""
    if match.ended is not None or (match.reacted and moment is not Moment.REACTION):
        return match
    if match.solo and side != match.order[0]:
        return match  # the enemy of Test Your Luck! holds no cards
    held = _held(match, side)
    if not any(card in held for card in _answers(moment)):
        return match
    window = Window(side, moment, tank, target, answering)
    if not any(isinstance(a, React) for a in window_actions(match, window)):
        return match
    return push(match, window)


def apply_window(
    match: CardMatch, window: Window, action: Action, events: list[Event]
) -> CardMatch:
    match = pop(match)
    if isinstance(action, NoReaction):
        return match
    assert isinstance(action, React)
    side = window.side
    match = leave_play(take_card(match, side, action.card), action.card)
    if window.moment is not Moment.REACTION:
        match = evolve(match, reacted=True)
    flag = hooks.REACTIONS[action.card].flag
    if flag:
        match = evolve(match, flags=match.flags | {flag})
    card = match.card(action.card)
    events.append(Event(f"{side} reacts with {action.card}", (Reason(card.text, S.REACTIONS),)))
    acting = window.tank or ""
    match = push(match, Effect(action.card, side, action.tank, acting))
    if window.moment is not Moment.REACTION:
        match = open_window(match, match.opponent(side), Moment.REACTION, answering=action.card)
    return match


def carry_out(match: CardMatch, effect: Effect, events: list[Event]) -> CardMatch:
    """A reaction's effect, once no Eavesdropping cancelled it."""
    return hooks.REACTIONS[effect.card].carry_out(match, effect, events)


# --- the deck's Reaction cards (and Eavesdropping, a Scenario card acting as one) -----------


def _eavesdropping(match: CardMatch, effect: Effect, events: list[Event]) -> CardMatch:
    top = match.top
    if isinstance(top, Effect):
        events.append(Event(f"Eavesdropping cancels {top.card}"))
        return pop(match)
    if isinstance(top, Order):
        events.append(Event(f"Eavesdropping cancels {top.card}"))
        return leave_play(pop(match), top.card)
    return match


def _quick_shooters(match: CardMatch, side: str, window: Window) -> Iterator[str]:
    """The tanks of ``side`` that may fire at the acting tank first."""
    acting = window.tank
    if acting is not None:
        yield from (t.id for t in match.tanks_of(side) if can_fire_at(match, t.id, acting))


def _quick_shot(match: CardMatch, effect: Effect, events: list[Event]) -> CardMatch:
    return push(match, Shot(effect.tank, effect.target, reaction=True))


def _at_own_tank(match: CardMatch, side: str, window: Window) -> bool:
    """Emergency Stop: against an attack on the reacting side's own tank."""
    if not window.target:
        return False
    return match.board.tank(window.target).side == side


def _modify_attack(match: CardMatch, effect: Effect, events: list[Event]) -> CardMatch:
    top = match.top
    if not isinstance(top, Shot):
        return match
    mod = Modifier(effect.card, match.card(effect.card).attack_modifier, "reaction card")
    return set_top(match, replace(top, attack=(*top.attack, mod)))


def _ricochet(match: CardMatch, effect: Effect, events: list[Event]) -> CardMatch:
    top = match.top
    if not isinstance(top, Shot):
        return match
    events.append(Event(f"the shot at {top.target} ricochets: no damage roll"))
    return pop(match)


def _always(match: CardMatch, side: str, window: Window) -> bool:
    return True


for _card, _rule in (
    ("Eavesdropping", hooks.ReactionRule((Moment.PLAYED, Moment.REACTION), hooks.when(_always),
                                         _eavesdropping, flag="eavesdropping played")),
    ("Quick Shot", hooks.ReactionRule((Moment.MOVED, Moment.ATTACK), _quick_shooters, _quick_shot)),
    ("Emergency Stop", hooks.ReactionRule((Moment.ATTACK,), hooks.when(_at_own_tank),
                                          _modify_attack)),
    ("Poor Visibility", hooks.ReactionRule((Moment.ATTACK,), hooks.when(_always), _modify_attack)),
    ("Ricochet", hooks.ReactionRule((Moment.HIT,), hooks.when(_always), _ricochet)),
):  # fmt: skip
    hooks.REACTIONS(_card)(replace(_rule, printed=True))


# --- shots ---------------------------------------------------------------------------------


def begin_shot(match: CardMatch, shot: Shot, events: list[Event]) -> CardMatch:
    odds = resolving_odds(match, shot)
    turned = [m for m in odds.attack_modifiers if m.source == TURRET_ROTATION]
    if turned:  # the turret turns now and its marker stays; the -2 stays with this shot
        board = aimed(match.board, shot.firer, shot.target)
        match = evolve(match, board=board)
        if board.options.turret_penalty != "any-rotation":  # else the turn made stays -2
            shot = replace(shot, attack=(*shot.attack, *turned))
    if shot.no_attack_roll:
        chance = f"it hits without an attack roll; destroys {odds.destroy_given_hit}"
    else:
        chance = f"hit {odds.hit} ({float(odds.hit):.0%})"
    events.append(Event(f"{shot.firer} fires at {shot.target}: {chance}", _reasons(odds)))
    return push(match, shot)


def _reasons(odds: AttackOdds) -> tuple[Reason, ...]:
    return tuple(r if isinstance(r, Reason) else Reason(str(r)) for r in odds.reasons)


def resolving_odds(match: CardMatch, shot: Shot) -> AttackOdds:
    """The exact odds of the shot being resolved, with the scenario's and the shot's own
    modifiers (kept with the board)."""
    board = match.board
    attack, damage = hooks.shot_modifiers(match, board.tank(shot.firer), board.tank(shot.target))
    mods, dmods = (*attack, *shot.attack), (*damage, *shot.damage)
    key = ("shot", shot.firer, shot.target, mods, dmods)
    memo = board_memo(board)
    if key not in memo:
        memo[key] = firing.odds(board, shot.firer, shot.target, mods, dmods)
    return memo[key]


def shot_alive(match: CardMatch, shot: Shot) -> bool:
    ids = {t.id for t in match.board.tanks if not t.wreck}
    return shot.firer in ids and shot.target in ids


def react_or_roll(match: CardMatch, shot: Shot) -> CardMatch:
    stage = ShotStage.DAMAGE_ROLL if shot.no_attack_roll else ShotStage.ATTACK_ROLL
    match = set_top(match, replace(shot, stage=stage))
    if shot.reaction:
        return match
    target_side = match.board.tank(shot.target).side
    return open_window(match, target_side, Moment.ATTACK, tank=shot.firer, target=shot.target)


def shot_outcomes(match: CardMatch, shot: Shot) -> tuple:
    return ROLLS if shot.stage.rolling else ()


def shot_player(match: CardMatch, shot: Shot) -> str | Turn:
    if shot.stage.rolling:
        return CHANCE
    side, _ = _ability_options(match, shot)
    return side


def shot_actions(match: CardMatch, shot: Shot) -> Iterator[Action]:
    _, options = _ability_options(match, shot)
    yield from options
    yield Decline()


def _result(match: CardMatch, shot: Shot) -> bool:
    odds = resolving_odds(match, shot)
    assert shot.dice is not None
    if shot.stage.attack:
        return odds.attack_needed is not None and shot.dice >= odds.attack_needed
    return odds.damage_needed is not None and shot.dice >= odds.damage_needed


def _ability_options(match: CardMatch, shot: Shot) -> tuple[str, list[UseAbility]]:
    """Characters may be used after the roll is seen (Characters): the side that the result
    goes against may use an ability that turns it round."""
    board = match.board
    firer, target = board.tank(shot.firer), board.tank(shot.target)
    success = _result(match, shot)
    attack = shot.stage.attack
    tank, kind = (
        (target, "evade" if attack else "armour")
        if success
        else (firer, "attack" if attack else "damage")
    )
    if not hooks.abilities_allowed(match, tank.side):
        return tank.side, []
    options = []
    for crew in match.crew_on(tank.id):
        for ability in crew.abilities:
            if ability.kind == kind:
                tried = _with_ability(shot, crew.name, ability.value)
                if _result(match, tried) != success:
                    options.append(UseAbility(crew.name, kind))
    return tank.side, options


def _with_ability(shot: Shot, name: str, value: int) -> Shot:
    mod = Modifier(name, value, "character ability")
    if shot.stage.attack:
        return replace(shot, attack=(*shot.attack, mod))
    return replace(shot, damage=(*shot.damage, mod))


def apply_shot(match: CardMatch, shot: Shot, action: Action, events: list[Event]) -> CardMatch:
    if isinstance(action, Roll):
        total = sum(action.dice)
        attack = shot.stage is ShotStage.ATTACK_ROLL
        stage = ShotStage.ATTACK_ABILITY if attack else ShotStage.DAMAGE_ABILITY
        shot = replace(shot, stage=stage, dice=total)
        events.append(Event(f"{'attack' if attack else 'damage'} {action}"))
        return _advance(set_top(match, shot), shot, events)
    if isinstance(action, UseAbility):
        crew = next(c for c in match.crew if c.name == action.character)
        value = sum(a.value for a in crew.abilities if a.kind == action.ability)
        match = use_crew(match, crew.name, events)
        shot = _with_ability(shot, crew.name, value)
        return _advance(set_top(match, shot), shot, events)
    assert isinstance(action, Decline)
    return _resolve(match, shot, events)


def _advance(match: CardMatch, shot: Shot, events: list[Event]) -> CardMatch:
    _, options = _ability_options(match, shot)
    return match if options else _resolve(match, shot, events)


def _resolve(match: CardMatch, shot: Shot, events: list[Event]) -> CardMatch:
    success = _result(match, shot)
    odds = resolving_odds(match, shot)
    if shot.stage is ShotStage.ATTACK_ABILITY:
        need = "cannot hit" if odds.attack_needed is None else f"needs {odds.attack_needed}+"
        events.append(
            Event(
                f"attack {shot.dice}: {need}: {'hit' if success else 'miss'}",
                (Reason(f"{odds.distance} hexes", S.ATTACK_ROLL),),
            )
        )
        if not success:
            return pop(match)
        match = set_top(match, replace(shot, stage=ShotStage.DAMAGE_ROLL, dice=None))
        if shot.reaction or shot.no_attack_roll:
            return match
        side = match.board.tank(shot.target).side
        return open_window(match, side, Moment.HIT, tank=shot.firer, target=shot.target)
    need = "cannot destroy" if odds.damage_needed is None else f"needs {odds.damage_needed}+"
    events.append(
        Event(
            f"damage {shot.dice}: {need} against armour {odds.armour} ({odds.arc}): "
            f"{'destroyed' if success else 'no effect'}",
            (
                Reason(
                    "it glanced off the armour" if not success else "the target is destroyed",
                    S.DAMAGE_ROLL,
                ),
            ),
        )
    )
    match = pop(match)
    return destroy(match, shot.firer, shot.target, events) if success else match


def destroy(match: CardMatch, firer: str, target_id: str, events: list[Event]) -> CardMatch:
    """The target is destroyed: wreckage or removed; its characters leave the map (they may
    be recovered); the firer's side scores its points."""
    board = match.board
    target = board.tank(target_id)
    by = board.tank(firer).side
    if board.options.wreckage:
        board = board.with_tank(replace(target, wreck=True, smoke=False))
    else:
        board = board.without([target_id])
    crew = tuple(
        replace(c, tank=None, face="removed") if c.tank == target_id else c for c in match.crew
    )
    destroyed, points, lost = dict(match.destroyed), dict(match.points), dict(match.lost)
    destroyed[by] = (*destroyed.get(by, ()), target_id)
    points[by] = points.get(by, 0) + target.counter.points
    lost[target.side] = (*lost.get(target.side, ()), target_id)
    flags = match.flags | ({f"flag lost:{target.side}"} if target.flag else set())
    # who grows (Character Growth): the characters riding the tank that destroyed it
    flags |= {f"destroyed an enemy:{c.name}" for c in match.crew if c.tank == firer}
    kill = (match.board.tank(firer).name, target_id, target.side)
    match = evolve(
        match,
        board=board,
        crew=crew,
        destroyed=destroyed,
        points=points,
        lost=lost,
        flags=flags,
        kills=(*match.kills, kill),
        lost_points=(*match.lost_points, (target_id, target.counter.points)),
    )
    events.append(Event(f"{target_id} is destroyed ({target.counter.points} points)"))
    return hooks.after_destroyed(match, target, events)
