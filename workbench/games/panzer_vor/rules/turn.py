"""The card-driven turn (Sequence of Play, Turn Phases): who acts, what they may do, and what
an action does. The four phases — Draw (an Enforcement card drawn is resolved at once),
Action (one Action card; Combat Awareness allows one more), Event (one Event card), End
(discard down to five) — and the Action cards carried out tank by tank.

Readings the text leaves open, decided here:

- When the deck runs out, the discard pile is shuffled to make a new deck (the rulebook does
  not say; a match normally ends by stagnation first).
- An Attack card whose tank has no target may be taken back to the hand (Firing: Line of
  Sight); it may not be played again in the same turn, so a turn always ends.
- An Immobile tank, like a tank under Engine Trouble, may not carry out a card with a Move
  icon except as the Fire option of Move/Fire (Turn Phases: Action Phase).
- Combat Awareness is used in the Action Phase (one more Action card).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from fractions import Fraction

from workbench.games.panzer_vor.rules import (
    drawing,
    ending,
    event_cards,
    hooks,
    placing,  # noqa: F401 (registers the setup's choices)
    reactions,
    restrictions,
    sections,
    turret,
)
from workbench.games.panzer_vor.rules.actions import (
    Choose,
    Decline,
    Die,
    Discard,
    Fire,
    Move,
    NoReaction,
    Pass,
    PlayCard,
    Select,
    Stop,
    TurnTurret,
    UseAbility,
)
from workbench.games.panzer_vor.rules.cards import Card
from workbench.games.panzer_vor.rules.characters import ABILITIES, COMMANDERS_READING, abilities_in
from workbench.games.panzer_vor.rules.crew import recover, use_crew
from workbench.games.panzer_vor.rules.deck import add, draw_outcomes, size
from workbench.games.panzer_vor.rules.drawing import as_pile, deal_allowed
from workbench.games.panzer_vor.rules.firing import refuse_not_a_shot
from workbench.games.panzer_vor.rules.match import (
    HAND_LIMIT,
    RESTART,
    CardMatch,
    Chance,
    Choice,
    Drawing,
    Effect,
    Order,
    Shot,
    Window,
    add_to_hand,
    evolve,
    leave_play,
    logged,
    pop,
    push,
    put_away,
    set_top,
    take_card,
    take_from_hand,
)
from workbench.games.panzer_vor.rules.movement import move, movement_points
from workbench.games.panzer_vor.rules.options import (
    card_bonus,
    card_bonuses,
    fire_targets,
    legal_moves,
    reach_with_bonus,
)
from workbench.games.panzer_vor.rules.phases import Moment, Phase, ShotStage, Stage
from workbench.games.panzer_vor.rules.state import Tank
from workbench.rules.core import (
    CHANCE,
    TERMINAL,
    Action,
    Applied,
    Event,
    IllegalAction,
    Modifier,
    Outcome,
    Reason,
    Turn,
)

S = sections


# --- who acts --------------------------------------------------------------------------------


def current_player(state: CardMatch) -> str | Turn:
    """The side to act, CHANCE while a draw or a die decides, TERMINAL once it is over."""
    match = state
    if match.ended is not None:
        return TERMINAL
    top = match.top
    if top is None:
        return match.side_to_act
    if isinstance(top, Drawing | Chance):
        return CHANCE
    if isinstance(top, Shot):
        return reactions.shot_player(match, top)
    if isinstance(top, Order):
        return top.side
    if isinstance(top, Window | Choice):
        return top.side
    raise AssertionError(f"an unsettled frame {top}")


def chance_outcomes(match: CardMatch) -> tuple:
    found = match.memo.get("chance")
    if found is None:
        found = match.memo["chance"] = _chance_outcomes(match)
    return found


def _chance_outcomes(match: CardMatch) -> tuple:
    top = match.top
    if match.ended is not None or top is None:
        return ()
    if isinstance(top, Drawing):
        deck = match.deck if (size(match.deck) or match.marked) else as_pile(match.discard)
        allowed = deal_allowed(match, deck) if top.deal else None
        return draw_outcomes(deck, match.marked, allowed)
    if isinstance(top, Chance):
        return tuple((Die(v), Fraction(1, top.n)) for v in range(1, top.n + 1))
    if isinstance(top, Shot):
        return reactions.shot_outcomes(match, top)
    return ()


# --- what they may do ------------------------------------------------------------------------


def legal_actions(match: CardMatch) -> list[Action]:
    key = "legal"
    if key not in match.memo:
        match.memo[key] = _legal(match)
    return match.memo[key]


def _legal(match: CardMatch) -> list[Action]:
    who = current_player(match)
    if isinstance(who, Turn):
        return []  # a draw, a die or the dice of a shot decide now, or the match is over
    top = match.top
    if isinstance(top, Shot):
        found = list(reactions.shot_actions(match, top))
    elif isinstance(top, Window):
        found = list(reactions.window_actions(match, top))
    elif isinstance(top, Choice):
        found = list(_choice_actions(match, top))
    elif isinstance(top, Order):
        found = list(_order_actions(match, top))
    elif match.phase is Phase.ACTION:
        found = list(_action_phase(match))
    elif match.phase is Phase.EVENT:
        found = list(_event_phase(match))
    elif match.phase is Phase.END:
        found = [Discard(c) for c in sorted(set(match.hand(match.side_to_act)))]
    else:
        found = []
    more = list(hooks.side_actions(match, who))
    if more:  # a rule's own actions, before the "no more" that ends every list
        last = found[-1:] if found and isinstance(found[-1], _DONE) else []
        found = [*found[: len(found) - len(last)], *more, *last]
    return found


_DONE = (Pass, Stop, Decline, NoReaction)  # "no (more)": the last action of a list


def _choice_actions(match: CardMatch, choice: Choice) -> Iterator[Action]:
    """What a choice offers: as its rule says, else a ``Choose`` for each option."""
    rule = hooks.CHOICES.get(choice.purpose)
    if rule is not None and rule.actions is not None:
        yield from rule.actions(match, choice)
    else:
        yield from (Choose(o) for o in choice.options)


def _action_phase(match: CardMatch) -> Iterator[Action]:
    side = match.side_to_act
    if match.actions_left > 0 and "desperate" not in match.restrictions:
        for name in sorted(set(match.hand(side))):
            if name not in match.taken_back and playable(match, side, name):
                yield PlayCard(name)
        for name in match.scenario_cards.get(side, ()):
            if match.card(name).acts_as == "action" and restrictions.may_play(match, side, name):
                yield PlayCard(name)
    if not match.awareness_used and match.actions_left == 0:
        for crew in match.crew:
            aware = any(a.kind == "combat awareness" for a in abilities_in(crew, match.flags))
            if crew.side == side and aware and hooks.abilities_allowed(match, side):
                yield UseAbility(crew.name, "combat awareness")
                break
    yield Pass()


def playable(match: CardMatch, side: str, name: str) -> bool:
    """Whether an Action card in the hand may be played now (Turn Phases: Action Phase,
    Enforcement Cards)."""
    card = match.card(name)
    if not card.is_action:
        return False
    if not restrictions.may_play(match, side, name):
        return False
    if "engine trouble" in match.restrictions and card.move and not card.either:
        return False
    if card.move and not card.attack and not match.tanks_of(side):
        return False
    return bool(match.tanks_of(side))


def _event_phase(match: CardMatch) -> Iterator[Action]:
    side = match.side_to_act
    if not match.event_played:
        for name in sorted(set(match.hand(side))):
            card = match.card(name)
            if card.kind == "event" or (card.acts_as == "event" and card.kind == "scenario"):
                if not restrictions.may_play(match, side, name):
                    continue
                yield from (PlayCard(name, c) for c in event_choices(match, side, name))
        for name in match.scenario_cards.get(side, ()):
            if match.card(name).acts_as == "event" and restrictions.may_play(match, side, name):
                yield from (PlayCard(name, c) for c in event_choices(match, side, name))
    if match.awareness_used and match.actions_left > 0 and "desperate" not in match.restrictions:
        # Combat Awareness used in the Event Phase: one more Action card, played now
        for name in sorted(set(match.hand(side))):
            if name not in match.taken_back and playable(match, side, name):
                yield PlayCard(name)
    if hooks.abilities_allowed(match, side):
        for crew in match.crew:
            if crew.side != side:
                continue
            for ability in abilities_in(crew, match.flags):
                if ability.kind == "combat awareness" and not match.awareness_used:
                    yield UseAbility(crew.name, "combat awareness")
                elif ability.kind == "aide":
                    yield UseAbility(crew.name, "aide")
                elif ability.kind == "recovery":
                    for choice in event_cards.recovery_choices(match, side):
                        yield UseAbility(crew.name, "recovery", choice)
    yield Pass()


def event_choices(match: CardMatch, side: str, name: str) -> list[str]:
    """What the player may choose with an Event card (its effect's choices, or "")."""
    return hooks.event_choices(match, side, match.card(name).effect)


def _order_actions(match: CardMatch, order: Order) -> Iterator[Action]:
    card = match.card(order.card)
    if order.stage is Stage.CHOOSE:
        for rule in hooks.order_rules(match):  # what a rule lets the card do first
            yield from rule.actions(match, order)
            if rule.holds(match, order):
                return
        limit = card.tanks or len(match.tanks_of(order.side)) + len(order.done)
        if len(order.done) >= limit:
            yield Stop()
            return
        for tank in match.tanks_of(order.side):
            if tank.id not in order.done and _may_declare(match, card, tank):
                yield Select(tank.id)
        yield Stop()
        return
    tank_id = order.tank
    assert tank_id is not None
    if not any(t.id == tank_id for t in match.tanks_of(order.side)):
        yield Stop()  # the tank was destroyed (a Quick Shot) before it could act
        return
    if order.stage is Stage.TURRET:  # after moving (Optional Rules: Turret Rotation)
        yield from turret.turns(match.board, tank_id)
        yield Stop()
        return
    if order.stage in (Stage.MOVE, Stage.EITHER):
        moves = legal_moves(match, tank_id, card.mp, order.mp)
        yield from moves
        if order.mp is not None and moves:
            return  # Stage 2's entry: the tank moves off the entry hex
        if turret.with_card(card, order):  # a turn of the turret without moving
            yield from turret.turns(match.board, tank_id)
    if order.stage in (Stage.FIRE, Stage.EITHER):
        for target in fire_targets(match, tank_id, order):
            yield Fire(tank_id, target)
    yield Stop()


def _may_declare(match: CardMatch, card: Card, tank: Tank) -> bool:
    """A card that moves (not Move/Fire, whose Fire option stays) needs a tank that may move."""
    blocked = tank.immobile or "engine trouble" in match.restrictions
    return not (card.move and not card.either and blocked)


# --- what an action does ---------------------------------------------------------------------


def apply(match: CardMatch, action: Action) -> Applied:
    who = current_player(match)
    if who is TERMINAL:
        raise IllegalAction(Reason(f"the match is over: {match.ended}", S.ENDING))
    refuse_not_a_shot(match.board, action)
    if who is CHANCE:
        outcomes = chance_outcomes(match)
        if all(a != action for a, _ in outcomes):
            raise IllegalAction(
                Reason(
                    f"the dice or the deck decide now, and {action} is not a possible outcome",
                    S.SEQUENCE_OF_PLAY,
                )
            )
    elif action.chance or action not in legal_actions(match):
        raise IllegalAction(_why_not(match, action, who))
    events: list[Event] = []
    after = _apply(match, action, "" if who is CHANCE else who, events)  # "": chance's step
    after = settle(after, events)
    return Applied(after, tuple(events))


def _why_not(match: CardMatch, action: Action, who: str) -> Reason:
    if action.chance:
        return Reason(
            f"{action} is decided by dice or the deck, not by a player", S.SEQUENCE_OF_PLAY
        )
    rule = hooks.CHOICES.get(match.top.purpose) if isinstance(match.top, Choice) else None
    if rule is not None and rule.why_not is not None:
        return rule.why_not(match, match.top, action)  # type: ignore[arg-type]
    held = (*match.hand(who), *match.scenario_cards.get(who, ()))
    if isinstance(action, PlayCard) and action.card not in held:
        return Reason(f"{who} holds no {action.card}", S.SEQUENCE_OF_PLAY)
    if isinstance(action, PlayCard) and match.top is None:
        unmet = restrictions.refusal(match, who, action.card)
        if unmet is not None:  # the restriction the card does not meet, in its words
            return unmet
        choices = event_choices(match, who, action.card)
        if match.phase is Phase.EVENT and action.choice not in choices:
            own = restrictions.OWN.get(action.card, ())
            return Reason(
                f"{action.choice!r} is not a choice {action.card} offers now (its choices: "
                f"{', '.join(map(repr, choices))})",
                own[0].section if own else S.EVENT_PHASE,
            )
    if isinstance(action, Move) and match.top is None:
        return Reason(
            "a tank moves only by a Movement card played in the Action Phase", S.ACTION_PHASE
        )
    alive = {t.id for t in match.board.tanks if not t.wreck}
    if isinstance(action, Fire) and isinstance(match.top, Order) and action.firer in alive:
        odds = [o for o in reactions.odds_table(match, action.firer) if o.target == action.target]
        if odds and not odds[0].can_fire:
            return Reason(
                f"{action.firer} may not fire at {action.target}: {odds[0].reasons[0]}", S.FIRING
            )
    top = match.top
    doing = type(top).__name__.lower() if top is not None else f"the {match.phase} phase"
    return Reason(f"{action} is not legal now ({who} to act, {doing})", S.SEQUENCE_OF_PLAY)


def _apply(match: CardMatch, action: Action, who: str, events: list[Event]) -> CardMatch:
    if who:  # a rule's own action (it was among the legal actions)
        after = hooks.apply_side_action(match, who, action, events)
        if after is not None:
            return after
    top = match.top
    if isinstance(top, Drawing):
        return drawing.draw(match, top, action, events)  # type: ignore[arg-type]
    if isinstance(top, Chance):
        return hooks.resolve_chance(match, top, action.value, events)  # type: ignore[attr-defined]
    if isinstance(top, Shot):
        return reactions.apply_shot(match, top, action, events)
    if isinstance(top, Window):
        return reactions.apply_window(match, top, action, events)
    if isinstance(top, Choice):
        return hooks.apply_choice(match, top, action, events)
    if isinstance(top, Order):
        return _apply_order(match, top, action, events)
    if isinstance(action, Pass):
        events.append(Event(f"{who} ends the {match.phase} phase"))
        return evolve(match, phase=_AFTER[match.phase])
    if isinstance(action, Discard) and match.phase is Phase.END:
        events.append(
            Event(f"{who} discards {action.card}", (Reason("hand over five", S.END_PHASE),))
        )
        return put_away(take_from_hand(match, who, action.card), action.card)
    if isinstance(action, UseAbility):
        return _use_phase_ability(match, who, action, events)
    if isinstance(action, PlayCard):
        if match.phase is Phase.ACTION or match.card(action.card).is_action:
            return _play_action(match, who, action.card, events)
        return _play_event(match, who, action, events)
    raise AssertionError(action)


_AFTER = {Phase.ACTION: Phase.EVENT, Phase.EVENT: Phase.END}  # a side passes: the next phase


def _play_action(match: CardMatch, side: str, name: str, events: list[Event]) -> CardMatch:
    card = match.card(name)
    match = take_card(match, side, name)
    if card.attack and not card.either:
        counts = dict(match.attack_cards)
        counts[side] = counts.get(side, 0) + 1
        match = evolve(match, attack_cards=counts)
    events.append(
        Event(f"{side} plays {name}: {card.text}", (Reason(card.source, S.ACTION_PHASE),))
    )
    match = evolve(match, actions_left=match.actions_left - 1, reacted=False)
    match = logged(match, f"turn {match.turn}: {side} plays {name}")
    played = hooks.PLAYED.get(card.effect)
    if played is not None:  # a card that acts as it is played (Childhood Friend)
        return leave_play(played(match, side, events), name)
    match = push(match, Order(name, side, from_scenario=card.kind == "scenario"))
    return reactions.open_window(match, match.opponent(side), Moment.PLAYED, answering=name)


def _apply_order(match: CardMatch, order: Order, action: Action, events: list[Event]) -> CardMatch:
    card = match.card(order.card)
    if isinstance(action, Stop):
        if order.stage is Stage.CHOOSE or order.tank is None:
            return _finish_order(match, order, events)
        if order.stage is Stage.MOVE and card.then_fire:
            return set_top(match, replace(order, stage=Stage.FIRE))
        return _tank_done(match, order)
    if isinstance(action, Select):
        if card.either:
            stage = Stage.FIRE if "engine trouble" in match.restrictions else Stage.EITHER
            if match.board.tank(action.tank).immobile:
                stage = Stage.FIRE
        else:
            stage = Stage.MOVE if card.move else Stage.FIRE
        return set_top(match, replace(order, stage=stage, tank=action.tank))
    if isinstance(action, Move):
        order = replace(order, acted=True)
        bonus = card_bonus(match.board, action.tank, card.mp, order.mp)
        match, spent, left = _move(match, action, bonus, events)
        order = replace(order, stage=Stage.FIRE) if card.then_fire else order
        match = set_top(match, order)
        if turret.with_card(card, order) and turret.turns(match.board, action.tank):
            match = set_top(match, replace(order, stage=Stage.TURRET))  # it may turn its turret
        elif not card.then_fire:
            match = _tank_done(match, order)
        match = hooks.after_move(match, action.tank, left, spent, events)
        return reactions.open_window(
            match, match.opponent(order.side), Moment.MOVED, tank=action.tank
        )
    if isinstance(action, Choose):  # a rule's action before a tank is declared
        rule = next(r for r in hooks.order_rules(match) if action in r.actions(match, order))
        return rule.apply(match, order, action, events)
    if isinstance(action, TurnTurret):
        order = replace(order, acted=True)
        board = turret.turn(match.board, action, events)
        match = logged(evolve(match, board=board), f"turn {match.turn}: {action}")
        return _tank_done(set_top(match, order), order)
    if isinstance(action, Fire):
        order = replace(order, acted=True)
        if card.same_target:
            order = replace(order, target=action.target)
        match = _tank_done(set_top(match, order), order, keep=True)
        attack = hooks.ATTACKS.get(card.effect)
        if attack is not None:  # the card's own effect as the shot is declared
            match = attack.before(match, action.firer, action.target, events)
        mods = [Modifier(order.card, card.attack_modifier, "card")] if card.attack_modifier else []
        dmods = [Modifier(order.card, card.damage_modifier, "card")] if card.damage_modifier else []
        shot = Shot(
            action.firer,
            action.target,
            tuple(mods),
            tuple(dmods),
            no_attack_roll=card.no_attack_roll,
        )
        return reactions.begin_shot(match, shot, events)
    raise AssertionError(action)


def _tank_done(match: CardMatch, order: Order, keep: bool = False) -> CardMatch:
    """The declared tank has acted; the card goes on with another tank or ends."""
    assert order.tank is not None
    order = replace(order, stage=Stage.CHOOSE, tank=None, done=(*order.done, order.tank))
    match = set_top(match, order)
    limit = match.card(order.card).tanks or len(match.tanks_of(order.side))
    if len(order.done) >= limit and not keep:
        return _finish_order(match, order, [])
    return match


def _finish_order(match: CardMatch, order: Order, events: list[Event]) -> CardMatch:
    match = pop(match)
    card = match.card(order.card)
    if not order.acted and card.attack and not card.move and not order.from_scenario:
        # Firing: Line of Sight: with no valid target the attack may be taken back.
        rest = list(match.in_play)
        rest.remove(order.card)
        match = evolve(
            match,
            in_play=tuple(rest),
            actions_left=match.actions_left + 1,
            taken_back=(*match.taken_back, order.card),
        )
        events.append(
            Event(
                f"{order.side} takes back {order.card}",
                (Reason("with no valid target the attack may be taken back", S.LINE_OF_SIGHT),),
            )
        )
        return add_to_hand(match, order.side, order.card)
    return hooks.after_order(leave_play(match, order.card), order)


def _move(
    match: CardMatch, action: Move, bonus: int, events: list[Event]
) -> tuple[CardMatch, int, int]:
    board = match.board
    extra = 0
    if action.ability:
        crew = next(c for c in match.crew_on(action.tank) if c.name == action.ability)
        extra = sum(a.value for a in crew.abilities if a.kind == "movement")
        match = use_crew(match, crew.name, events)
    bonuses = card_bonuses(bonus + extra)
    reach = reach_with_bonus(board, action.tank, bonus + extra)
    end = (board.map.hex(action.to), action.facing)
    path = [s.end for s in reach.path_to(*end)]
    after, explained = move(board, action.tank, path, bonuses)
    spent = sum(s.mp for s in explained.steps)
    events.append(Event(str(action), tuple(r for s in explained.steps for r in s.reasons)))
    match = evolve(match, board=after)
    match = logged(match, f"turn {match.turn}: {action}")
    budget, _ = movement_points(board.tank(action.tank), bonuses)
    return match, spent, budget - spent


def _play_event(match: CardMatch, side: str, action: PlayCard, events: list[Event]) -> CardMatch:
    name = action.card
    card = match.card(name)
    match = take_card(match, side, name)
    match = evolve(match, event_played=True)
    match = logged(match, f"turn {match.turn}: {side} plays {name}")
    events.append(
        Event(
            f"{side} plays {name}" + (f" ({action.choice})" if action.choice else ""),
            (Reason(card.source, S.EVENT_PHASE),),
        )
    )
    match = leave_play(match, name)
    match = hooks.event_effect(match, side, card.effect, action.choice, events)
    return hooks.after_event_card(match, side, card.effect)


def _use_phase_ability(
    match: CardMatch, side: str, action: UseAbility, events: list[Event]
) -> CardMatch:
    if action.ability == "combat awareness":  # the other commanders': a labelled reading
        crew = next(c for c in match.crew if c.name == action.character)
        if any(a.source == COMMANDERS_READING for a in crew.abilities):
            why = Reason(COMMANDERS_READING, S.CHARACTERS)
            events.append(Event(f"{crew.name}'s Combat Awareness is a reading", (why,)))
    match = use_crew(match, action.character, events)
    if action.ability == "combat awareness":
        # one additional Action card; used in the Event Phase, that card is played there
        more = 1 if match.phase is Phase.EVENT else match.actions_left + 1
        return evolve(match, awareness_used=True, actions_left=more)
    if action.ability == "aide":
        crew_counter = next(c for c in match.crew if c.name == action.character)
        counter = ABILITIES[crew_counter.name]
        n = max((a.value for a in (*counter.front, *counter.back) if a.kind == "aide"), default=1)
        return push(match, Drawing(side, n))
    if action.ability == "recovery":
        return recover(match, action.choice)
    raise AssertionError(action)


# --- settling: phases that need no decision ----------------------------------------------------


def settle(match: CardMatch, events: list[Event]) -> CardMatch:
    """Move on through every step that needs no decision: a finished phase, an Effect to
    carry out, an empty draw, the next turn."""
    for _ in range(200):
        if match.ended is not None:
            return match
        ended = ending.check(match)
        if ended is not None:
            return evolve(match, ended=ended, stack=())
        top = match.top
        if isinstance(top, Effect):
            match = reactions.carry_out(pop(match), top, events)
            continue
        if (
            isinstance(top, Drawing)
            and not size(match.deck)
            and not match.marked
            and not match.discard
        ):
            match = pop(match)
            continue
        if isinstance(top, Shot) and not reactions.shot_alive(match, top):
            match = pop(match)
            continue
        if isinstance(top, Shot) and top.stage is ShotStage.REACT:
            match = reactions.react_or_roll(match, top)
            if match.top is not top:
                continue
        if (
            isinstance(top, Order)
            and top.stage is Stage.CHOOSE
            and not any(isinstance(a, Select) for a in legal_actions(match))
            and top.done
        ):
            match = _finish_order(match, top, events)
            continue
        if top is not None:
            return match
        if match.phase is Phase.SETUP:
            match = _begin(match)
            continue
        if match.phase is Phase.DRAW:
            match = evolve(match, phase=Phase.ACTION)
            continue
        if match.phase is Phase.ACTION:
            played = hooks.automatic_turn(match)  # a side the rules play (Test Your Luck!)
            if played is not None:
                match = played
                continue
        if match.phase is Phase.END and len(match.hand(match.side_to_act)) <= HAND_LIMIT:
            match = next_turn(match)
            continue
        return match
    raise AssertionError("settling did not finish")


def _begin(match: CardMatch) -> CardMatch:
    deck = match.deck
    for card in match.waiting_cards:
        deck = add(deck, card)
    match = evolve(match, deck=deck, waiting_cards=(), phase=Phase.DRAW)
    return _start_turn(match)


def _start_turn(match: CardMatch) -> CardMatch:
    side = match.side_to_act
    if match.solo and side != match.order[0]:  # the side the rules play draws no cards
        return evolve(match, phase=Phase.ACTION)
    count = match.first_draw.get(side, 1)
    if count != 1:
        first = dict(match.first_draw)
        first[side] = 1
        match = evolve(match, first_draw=first)
    return push(evolve(match, phase=Phase.DRAW), Drawing(side, count, draw_phase=True))


def next_turn(match: CardMatch) -> CardMatch:
    active = (match.active + 1) % len(match.order)
    restart = next((f for f in match.flags if f.startswith(RESTART)), None)
    if restart is not None:  # a rule restarts the match with this side (Ceasefire)
        active = match.order.index(restart[len(RESTART) :])
        match = evolve(match, flags=match.flags - {restart})
    match = replace(
        match,
        board=turret.new_turn(match.board),
        active=active,
        turn=match.turn + (active == 0),
        actions_left=1,
        event_played=False,
        awareness_used=False,
        restrictions=frozenset(),
        taken_back=(),
        reacted=False,
    )
    return _start_turn(hooks.new_turn(match))


def outcome(state: CardMatch) -> Outcome | None:
    return state.ended


def summarize(match: CardMatch) -> dict[str, object]:
    """Tanks lost per side and tanks destroyed per firing tank type (for the balance lab)."""
    lost = {side: len(match.lost.get(side, ())) for side in match.order}
    damage_by: dict[str, int] = {}
    for firer_type, _, _ in match.kills:
        damage_by[firer_type] = damage_by.get(firer_type, 0) + 1
    return {"lost": lost, "damage_by": damage_by}
