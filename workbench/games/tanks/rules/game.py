"""TANKS: Panther vs Sherman on the game protocol (``workbench.rules.core``).

A turn (Turn Sequence): the Movement Phase, one tank at a time from the lowest Initiative
(each tank Moves up to twice, three times with Fast, or Stays stationary); the Shooting
Phase from the highest Initiative (Shoot or Hold; the dice, the stationary re-roll, the
players' cancellations and the Critical draws as they come); the Command Phase (destroy,
check victory, one repair roll of the Repairable card the player chooses or — Blitzkrieg — a
single Move per tank, reset). Before the first turn: Game Set Up played
(``table_setup.py``), the missions' Objective tokens placed by the players
(``objectives.py``) and the tanks deployed by them (``deployment.py``), as the options say.

Chance actions: :class:`AttackRoll` and :class:`DefenceRoll` (every set of faces, sorted,
with its exact probability), :class:`DrawCritical` (by the cards left in the deck) and
:class:`RepairRoll`. Moves in ``legal_actions`` are a fixed sample of arrow placements
(``movement.LEGAL_SAMPLE``: 8 headings × 2 distances); ``apply`` accepts any placement
``check_move`` allows.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import replace
from fractions import Fraction
from typing import Any

from workbench.errors import ArgumentError
from workbench.games.tanks.boards.table import Table
from workbench.games.tanks.rules import objectives, sections, sources
from workbench.games.tanks.rules.actions import (
    ACTIONS,
    AttackRoll,
    Cancel,
    DefenceRoll,
    Deploy,
    DrawCritical,
    EndMoves,
    Hold,
    KeepRoll,
    Move,
    PlaceObjective,
    Repair,
    RepairRoll,
    Reroll,
    Shoot,
    Stay,
)
from workbench.games.tanks.rules.bots import greedy_player
from workbench.games.tanks.rules.chances import chance_key, outcome_actions, outcomes
from workbench.games.tanks.rules.crew_cards import crew_points
from workbench.games.tanks.rules.criticals import EMPTY_DECK_DAMAGE
from workbench.games.tanks.rules.criticals import card as critical_card
from workbench.games.tanks.rules.deployment import (
    apply_deploy,
    check_deploy,
    deploy_hull,
    deploy_sample,
    deploying_next,
)
from workbench.games.tanks.rules.explain import with_detail
from workbench.games.tanks.rules.hidden import mask, sample_hidden
from workbench.games.tanks.rules.invariants import invariants, summarize
from workbench.games.tanks.rules.missions import score_objectives, time_out, victory
from workbench.games.tanks.rules.movement import cannot_move, check_move, legal_sample
from workbench.games.tanks.rules.odds import Odds, policy_choice, shot_chances
from workbench.games.tanks.rules.options import table_options
from workbench.games.tanks.rules.reach import TableReach, reach_of
from workbench.games.tanks.rules.readings import SightReadings
from workbench.games.tanks.rules.setup import start_battle
from workbench.games.tanks.rules.shooting import a_shot, pools, score, shooting_refusal
from workbench.games.tanks.rules.sight import in_arc, sees
from workbench.games.tanks.rules.state import Battle, Shot, TankPiece, moves_allowed
from workbench.games.tanks.rules.table_setup import (
    ROLL_OUTCOMES,
    apply_setup,
    setup_actions,
    setup_player,
)
from workbench.paths import shipped
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
    Turn,
    Verdict,
    register_bot,
    register_game,
    verdict_of,
)
from workbench.rules.observation import Observation
from workbench.rules.options import Option

# --- whose turn -----------------------------------------------------------------------------
CHANCE_STEPS = ("attack", "reroll", "defence", "critical")


def start(scenario: Table, options: Mapping[str, Any] | None = None) -> Battle:
    """The first state of a battle on ``scenario`` (a table), the options checked first."""
    return start_battle(scenario, options)


def players(state: Battle) -> tuple[str, ...]:
    """The two sides, the Attacker first."""
    return state.sides


def _next_group(battle: Battle) -> list[TankPiece]:
    """The tanks that may act next in this phase: the lowest (Movement, Command) or highest
    (Shooting) Initiative not yet acted; the Attacker counts higher on ties, and among one
    army's tied tanks the owner chooses (each of them is offered)."""
    if battle.phase == "deployment":
        return deploying_next(battle)
    waiting = [t for t in battle.in_play() if t.id not in battle.acted]
    if not waiting:
        return []
    pick = max if battle.phase == "shooting" else min
    best = pick(battle.order_key(t) for t in waiting)
    return [t for t in waiting if battle.order_key(t) == best]


def current_player(state: Battle) -> str | Turn:
    """The side to act, CHANCE when dice or a draw decide next, TERMINAL once it is over."""
    if state.ended is not None:
        return TERMINAL
    if state.setup is not None:  # Game Set Up, played (table_setup.py)
        return setup_player(state) or CHANCE
    if state.phase == "objectives":  # the players place the missions' tokens (objectives.py)
        return objectives.placer(state)
    if state.repairing is not None:
        return CHANCE
    shot = state.shot
    if shot is not None:
        if shot.step in CHANCE_STEPS:
            return CHANCE
        if shot.step == "cancel-target":
            return state.tank(shot.target).side
        return state.tank(shot.shooter).side
    if state.moving is not None:
        return state.tank(state.moving).side
    group = _next_group(state)
    return group[0].side if group else CHANCE  # a phase always has a tank (see _advance)


def legal_actions(battle: Battle) -> Iterator[Action]:
    """Every legal action of the side to act (Moves: the arrow's fixed sample LEGAL_SAMPLE;
    any other placement ``check_move`` allows is legal too)."""
    who = current_player(battle)
    if who in (CHANCE, TERMINAL):
        return
    if battle.setup is not None:
        yield from setup_actions(battle)
        return
    if battle.phase == "objectives":
        yield from objectives.sample(battle)
        return
    shot = battle.shot
    if shot is not None:
        yield from _shot_choices(battle, shot)
        return
    if battle.moving is not None:
        tank = battle.tank(battle.moving)
        if tank.speed < moves_allowed(tank):
            yield from _moves(battle, tank)
        yield EndMoves(tank.id)
        return
    for tank in _next_group(battle):
        if battle.phase == "deployment":
            for x, y, heading in deploy_sample(battle, tank.id):
                if check_deploy(battle, tank.id, deploy_hull(tank, x, y, heading)) is None:
                    yield Deploy(tank.id, x, y, heading)
        elif battle.phase == "movement":
            yield Stay(tank.id)
            yield from _moves(battle, tank)
        elif battle.phase == "shooting":
            for enemy in battle.in_play(battle.enemy_of(tank.side)):
                if _may_target(battle, tank, enemy):
                    yield Shoot(tank.id, enemy.id)
            yield Hold(tank.id)
        else:
            yield Stay(tank.id)
            for card in repairable(tank):  # the player chooses which card
                yield Repair(tank.id, card)
            if tank.has("Blitzkrieg"):
                yield from _moves(battle, tank)


def _moves(battle: Battle, tank: TankPiece) -> Iterator[Move]:
    for placement in legal_sample(battle, tank.id):
        yield Move.of(tank.id, placement)


def _may_target(battle: Battle, shooter: TankPiece, target: TankPiece) -> bool:
    if shooting_refusal(battle, shooter, target) is not None:
        return False
    readings = SightReadings.of(battle.options)
    if not in_arc(shooter, target, readings=readings)[0]:
        return False
    return sees(battle.table, battle.tanks, shooter, target, readings)


def _shot_choices(battle: Battle, shot: Shot) -> Iterator[Action]:
    if shot.step == "reroll?":
        yield KeepRoll()
        yield Reroll()
        if battle.tank(shot.shooter).has("Semi-Indirect Fire") and len(shot.attack) > 1:
            for face in sorted(set(shot.attack)):
                yield Reroll((face,))
    elif shot.step in ("cancel-shooter", "cancel-target"):
        for k in shot.cancel_choices():
            yield Cancel(k)


def chance_outcomes(battle: Battle) -> tuple[tuple[Action, Fraction], ...]:
    """Every roll or draw possible now, each with its exact probability."""
    if current_player(battle) != CHANCE:
        return ()
    if battle.setup is not None:
        return ROLL_OUTCOMES
    return outcomes(chance_key(battle))


# --- apply --------------------------------------------------------------------------------
def apply(battle: Battle, action: Action) -> Applied:
    """The next battle and the events; an illegal action raises IllegalAction."""
    who = current_player(battle)
    if who == TERMINAL:
        raise IllegalAction(Reason(f"the game is over: {battle.ended}", sections.VICTORY))
    if battle.setup is not None:
        return apply_setup(battle, action)
    if isinstance(action, Shoot) and all(map(battle.has_tank, (action.tank, action.target))):
        a_shot(battle, action.tank, action.target)  # at an enemy tank, whatever the moment
    if who == CHANCE:
        if action not in outcome_actions(chance_key(battle)):
            raise IllegalAction(
                Reason(f"the dice or the deck decide now, not {action}", sections.SHOOTING)
            )
        return _chance(battle, action)
    if action.chance:
        raise IllegalAction(
            Reason(f"no roll or draw is waiting: {who} is to act", sections.TURN_SEQUENCE)
        )
    if battle.shot is not None:
        return _shot_choice(battle, battle.shot, action)
    if isinstance(action, PlaceObjective):
        return objectives.apply_objective(battle, action)
    if battle.phase == "objectives":
        raise IllegalAction(Reason(f"{action}: {objectives.step_text(battle)}", sections.MISSIONS))
    if isinstance(action, Deploy):
        return apply_deploy(battle, action)
    if isinstance(action, Move):
        return _move(battle, action)
    if isinstance(action, Stay | EndMoves | Hold | Shoot | Repair):
        return _tank_action(battle, action)
    raise IllegalAction(
        Reason(f"{action} is not possible now ({battle.phase} phase)", sections.TURN_SEQUENCE)
    )


def _may_act(battle: Battle, tank_id: str, phase: str, section: str) -> TankPiece:
    if battle.phase != phase:
        raise IllegalAction(Reason(f"it is the {battle.phase} phase", sections.TURN_SEQUENCE))
    if battle.moving is not None and tank_id != battle.moving:
        raise IllegalAction(Reason(f"{battle.moving} finishes its moves first", sections.RAPID))
    if battle.moving is None and tank_id not in {t.id for t in _next_group(battle)}:
        nxt = ", ".join(t.id for t in _next_group(battle))
        raise IllegalAction(
            Reason(f"{tank_id} cannot act now; next in Initiative order: {nxt}", section)
        )
    return battle.tank(tank_id)


def _move(battle: Battle, action: Move) -> Applied:
    section = sections.MOVEMENT_INITIATIVE if battle.phase == "movement" else sections.BLITZKRIEG
    phase = battle.phase if battle.phase in ("movement", "command") else "movement"
    tank = _may_act(battle, action.tank, phase, section)
    if battle.phase == "movement" and tank.speed >= moves_allowed(tank):
        raise IllegalAction(Reason(f"{tank.id} has made all its Moves", sections.RAPID))
    if battle.phase == "command" and not tank.has("Blitzkrieg"):
        raise IllegalAction(
            Reason(
                f"{tank.id} has no Blitzkrieg: no Move in the Command Phase", sections.BLITZKRIEG
            )
        )
    checked = check_move(battle, tank.id, action.placement)
    if not checked.legal or checked.hull is None:
        raise IllegalAction(checked.reasons[0])
    if battle.phase == "command":
        moved = replace(tank, hull=checked.hull)
        after = replace(battle.with_tank(moved), acted=(*battle.acted, tank.id))
        event = Event(
            str(action),
            (
                *checked.reasons,
                Reason("a single Move instead of a repair roll", sections.BLITZKRIEG),
            ),
        )
        return Applied(_advance(after), (event,))
    moved = replace(tank, hull=checked.hull, speed=tank.speed + 1)
    reasons = (*checked.reasons, Reason(f"Speed token {moved.speed}", sections.SPEED))
    after = battle.with_tank(moved)
    if moved.speed >= moves_allowed(moved):
        after = replace(after, moving=None, acted=(*battle.acted, tank.id))
        return Applied(_advance(after), (Event(str(action), reasons),))
    return Applied(replace(after, moving=tank.id), (Event(str(action), reasons),))


def _tank_action(battle: Battle, action: Action) -> Applied:
    tid = action.tank  # type: ignore[attr-defined]
    if isinstance(action, EndMoves):
        if battle.moving != tid:
            raise IllegalAction(Reason(f"{tid} is not in the middle of its moves", sections.RAPID))
        after = replace(battle, moving=None, acted=(*battle.acted, tid))
        return Applied(
            _advance(after),
            (
                Event(
                    str(action), (Reason(f"Speed token {battle.tank(tid).speed}", sections.SPEED),)
                ),
            ),
        )
    if isinstance(action, Stay):
        phase = battle.phase if battle.phase == "command" else "movement"
        tank = _may_act(battle, tid, phase, sections.MOVEMENT_INITIATIVE)
        if battle.moving is not None:
            raise IllegalAction(
                Reason(f"{tid} has moved already: end its moves instead", sections.STATIONARY)
            )
        why = (
            Reason(f"{tid} stays stationary: no Speed token", sections.STATIONARY)
            if phase == "movement"
            else Reason(f"{tid} does nothing", sections.REPAIR)
        )
        after = replace(battle, acted=(*battle.acted, tank.id))
        return Applied(_advance(after), (Event(str(action), (why,)),))
    if isinstance(action, Repair):
        tank = _may_act(battle, tid, "command", sections.REPAIR)
        cards = repairable(tank)
        if not cards:
            raise IllegalAction(Reason(f"{tid} has no Repairable Critical card", sections.REPAIR))
        if action.card and action.card not in cards:
            raise IllegalAction(
                Reason(
                    f"{action.card} is no Repairable Critical card on {tid} ({', '.join(cards)})",
                    sections.REPAIR,
                )
            )
        repairing = replace(battle, repairing=tid, repair_card=action.card or cards[0])
        return Applied(replace(repairing, acted=(*battle.acted, tid)), (Event(str(action)),))
    tank = _may_act(battle, tid, "shooting", sections.SHOOTING_INITIATIVE)
    if isinstance(action, Hold):
        after = replace(battle, acted=(*battle.acted, tid))
        return Applied(_advance(after), (Event(str(action)),))
    assert isinstance(action, Shoot)
    if not battle.has_tank(action.target):
        raise IllegalAction(Reason(f"no tank {action.target!r} to shoot at", sections.TARGET))
    p = pools(battle, tid, action.target)
    if not p.can_shoot:
        raise IllegalAction(p.refusal or Reason("no shot", sections.TARGET))
    shot = Shot(tid, action.target, p.attack, p.defence, "attack")
    after = replace(
        battle,
        shot=shot,
        acted=(*battle.acted, tid),
        shot_at=(*battle.shot_at, (tid, action.target)),
    )
    event = Event(
        f"{action}: {p.attack} Attack dice against {p.defence} Defence dice",
        (*p.attack_reasons, *p.defence_reasons),
    )
    return Applied(after, (event,))


def _shot_choice(battle: Battle, shot: Shot, action: Action) -> Applied:
    if shot.step == "reroll?" and isinstance(action, KeepRoll | Reroll):
        if action not in set(_shot_choices(battle, shot)):
            raise IllegalAction(
                Reason(f"{action} is not a choice for this roll", sections.SEMI_INDIRECT)
            )
        if isinstance(action, KeepRoll):
            return _after_attack(battle, replace(shot, rerolled=True), [Event(str(action))])
        kept = tuple(action.keep)
        why = sections.SEMI_INDIRECT if kept else sections.STATIONARY_SHOT
        return Applied(
            replace(battle, shot=replace(shot, step="reroll", kept=kept)),
            (Event(str(action), (Reason(str(action), why),)),),
        )
    if shot.step in ("cancel-shooter", "cancel-target") and isinstance(action, Cancel):
        if action.hits not in shot.cancel_choices():
            raise IllegalAction(
                Reason(
                    f"cannot cancel {action.hits} Hits now (choices {list(shot.cancel_choices())})",
                    sections.DEFENCE_DICE,
                )
            )
        return _allocate(battle, shot, action.hits)
    raise IllegalAction(
        Reason(
            f"{action} is not possible while a shot is resolved ({shot.step})", sections.SHOOTING
        )
    )


def _chance(battle: Battle, action: Action) -> Applied:
    if isinstance(action, RepairRoll):
        tank = battle.tank(battle.repairing or "")
        chosen = battle.repair_card
        if action.face >= 4:
            left = list(tank.criticals)
            left.remove(chosen)
            after = replace(
                battle.with_tank(replace(tank, criticals=tuple(left))),
                repairing=None,
                repair_card="",
                discard=(*battle.discard, chosen),
            )
            why = Reason(
                f"{action.face}: {chosen} repaired and discarded (its damage stays)",
                sections.REPAIR,
            )
        else:
            after = replace(battle, repairing=None, repair_card="")
            why = Reason(f"{action.face}: the repair fails (4, 5 or 6 needed)", sections.REPAIR)
        return Applied(_advance(after), (Event(f"{tank.id}: {action}", (why,)),))
    shot = battle.shot
    assert shot is not None
    if isinstance(action, AttackRoll):
        faces = tuple(sorted((*shot.kept, *action.faces)))
        h, c = score(faces)
        event = Event(
            f"{action}: {h} Hit(s), {c} Critical Hit(s)",
            (Reason("4-5 Hit, 6 Critical Hit", sections.ATTACK_DICE),),
        )
        if shot.step == "attack" and battle.tank(shot.shooter).speed == 0:
            return Applied(
                replace(battle, shot=replace(shot, attack=faces, step="reroll?")), (event,)
            )
        return _after_attack(battle, replace(shot, attack=faces, rerolled=True), [event])
    if isinstance(action, DefenceRoll):
        a, b = score(action.faces)
        shot = replace(shot, defence=action.faces, to_cancel_shooter=a, to_cancel_target=b)
        event = Event(
            f"{action}: {a} cancel(s) chosen by the shooter, {b} by the target",
            (Reason("4-5: the shooter chooses; 6: the target chooses", sections.DEFENCE_DICE),),
        )
        applied = _next_cancel(battle, replace(shot, step="cancel-shooter"))
        return Applied(applied.state, (event, *applied.events))
    assert isinstance(action, DrawCritical)
    return _draw(battle, shot, action.card)


def _after_attack(battle: Battle, shot: Shot, events: list[Event]) -> Applied:
    h, c = score(shot.attack)
    shot = replace(shot, hits=h, crits=c)
    if h + c == 0:
        return Applied(
            _advance(replace(battle, shot=None)),
            (*events, Event("no Hits: the shot has no effect")),
        )
    if shot.defence_dice == 0:
        return _resolve(battle, shot, events)
    return Applied(replace(battle, shot=replace(shot, step="defence")), tuple(events))


def _next_cancel(battle: Battle, shot: Shot) -> Applied:
    """Ask the shooter, then the target, when their allocation is a real choice."""
    while shot.step in ("cancel-shooter", "cancel-target"):
        choices = shot.cancel_choices()
        if len(choices) > 1:
            return Applied(replace(battle, shot=shot), ())
        return _allocate(battle, shot, choices[0] if len(choices) else 0)
    return _resolve(battle, shot, [])


def _allocate(battle: Battle, shot: Shot, on_hits: int) -> Applied:
    shooter_turn = shot.step == "cancel-shooter"
    n = min(
        shot.to_cancel_shooter if shooter_turn else shot.to_cancel_target, shot.hits + shot.crits
    )
    hits, crits = shot.hits - on_hits, shot.crits - (n - on_hits)
    who = "shooter" if shooter_turn else "target"
    event = Event(
        f"the {who} cancels {on_hits} Hit(s) and {n - on_hits} Critical Hit(s)",
        (Reason("cancellation", sections.DEFENCE_DICE),),
    )
    shot = replace(shot, hits=hits, crits=crits, step="cancel-target" if shooter_turn else "done")
    applied = _next_cancel(battle, shot) if shooter_turn else _resolve(battle, shot, [])
    return Applied(applied.state, (event, *applied.events))


def _resolve(battle: Battle, shot: Shot, events: list[Event]) -> Applied:
    target = battle.tank(shot.target)
    hits, crits = shot.hits, shot.crits
    if battle.tank(shot.shooter).has("Big Gun") and hits:
        hits, crits = hits - 1, crits + 1
        events.append(
            Event("Big Gun upgrades a Hit to a Critical Hit", (Reason("Big Gun", sources.BIG_GUN),))
        )
    damaged = _damaged(target, hits, battle.tank(shot.shooter).card.name)
    events.append(
        Event(
            f"{target.id} takes {hits} damage and {crits} Critical Hit(s); "
            f"{damaged.left} Damage Points left",
            (Reason("each uncancelled Hit does one damage", sections.HITS),),
        )
    )
    after = battle.with_tank(damaged)
    if crits:
        return Applied(
            replace(
                after,
                shot=replace(
                    shot, hits=hits, crits=crits, step="critical", criticals_to_draw=crits
                ),
            ),
            tuple(events),
        )
    return Applied(_advance(replace(after, shot=None)), tuple(events))


def _damaged(target: TankPiece, damage: int, by: str) -> TankPiece:
    """Damage Points crossed off (never below none left); who left it none is remembered."""
    after = replace(target, damage=min(target.card.damage_capacity, target.damage + damage))
    if target.left > 0 and after.left == 0:
        after = replace(after, finished_by=by)
    return after


def _draw(battle: Battle, shot: Shot, name: str) -> Applied:
    deck, discard = list(battle.deck), list(battle.discard)
    if not deck:
        deck, discard = sorted(discard), []
    target = battle.tank(shot.target)
    if name:
        deck.remove(name)
        card = critical_card(name)
        damage, reasons = (
            card.damage,
            [
                Reason(
                    f"{name}: Damage Effect {card.damage}"
                    + (f", {card.effect}" if card.effect else ""),
                    card.source if card.source == sources.STAND_IN else sections.CRITICAL_HITS,
                )
            ],
        )
        if card.repairable and card.effect:
            target = replace(target, criticals=(*target.criticals, name))
        else:
            discard.append(name)
    else:
        damage, reasons = (
            EMPTY_DECK_DAMAGE,
            [Reason("no Critical card left to draw: 1 damage", sources.STAND_IN)],
        )
    target = _damaged(target, damage, battle.tank(shot.shooter).card.name)
    after = replace(battle.with_tank(target), deck=tuple(deck), discard=tuple(discard))
    left = shot.criticals_to_draw - 1
    event = Event(
        f"{target.id} draws {name or 'nothing'}; {target.left} Damage Points left", tuple(reasons)
    )
    if left:
        return Applied(replace(after, shot=replace(shot, criticals_to_draw=left)), (event,))
    return Applied(_advance(replace(after, shot=None)), (event,))


# --- phases ---------------------------------------------------------------------------------
def _advance(battle: Battle) -> Battle:
    """Move on while nobody has a choice: to the next phase, through the Command Phase."""
    while (
        battle.ended is None
        and battle.shot is None
        and battle.moving is None
        and battle.repairing is None
    ):
        if battle.phase == "command":
            idle = [
                t.id
                for t in battle.in_play()
                if t.id not in battle.acted and not _has_command_choice(t)
            ]
            if idle:
                battle = replace(battle, acted=(*battle.acted, *idle))
            if not _next_group(battle):
                battle = _reset(battle)
                continue
            return battle
        group = _next_group(battle)
        if group:
            return battle
        if battle.phase == "movement":
            battle = replace(battle, phase="shooting", acted=())
        else:
            battle = _command(battle)
    return battle


def repairable(tank: TankPiece) -> list[str]:
    """The Repairable Critical cards on ``tank``, each name once, in the order placed."""
    return list(dict.fromkeys(c for c in tank.criticals if critical_card(c).repairable))


def _has_command_choice(tank: TankPiece) -> bool:
    return bool(repairable(tank)) or (tank.has("Blitzkrieg") and cannot_move(tank) is None)


def _command(battle: Battle) -> Battle:
    """Steps 1 and 2: destroy tanks with no Damage left (they stay as Impassable terrain, their
    Critical cards discarded), then check victory; step 3 is the players' repairs."""
    tanks, discard = [], list(battle.discard)
    points = dict(battle.destroyed_points)
    for t in battle.tanks:
        if not t.destroyed and t.left == 0:
            discard += t.criticals
            enemy = battle.enemy_of(t.side)
            # start refuses an unknown value (platoons.check_platoons); a battle built by
            # hand with one scores nothing for it
            points[enemy] = points.get(enemy, 0) + (t.card.points or 0)
            # Panzer Ace: "Include the points values of any Crew and Upgrade cards that
            # Destroyed tanks started the game with."
            points[enemy] += crew_points(battle.options, t.crew)
            t = replace(t, destroyed=True, criticals=(), speed=0)
        tanks.append(t)
    battle = replace(
        battle,
        tanks=tuple(tanks),
        discard=tuple(discard),
        destroyed_points=points,
        phase="command",
        acted=(),
    )
    battle, _ = score_objectives(battle)
    ended = victory(battle)
    return replace(battle, ended=ended) if ended else battle


def _reset(battle: Battle) -> Battle:
    """Step 4: Speed tokens removed, discards shuffled back into the deck, the next turn."""
    tanks = tuple(replace(t, speed=0) for t in battle.tanks)
    deck = tuple(sorted((*battle.deck, *battle.discard)))
    after = replace(battle, tanks=tanks, deck=deck, discard=(), turn=battle.turn + 1,
                    phase="movement", acted=(), shot_at=())  # fmt: skip
    if after.turn > after.turn_limit:
        return replace(after, ended=time_out(after))
    return after


def outcome(state: Battle) -> Outcome | None:
    """How the battle ended (``None`` while it goes on)."""
    return state.ended


# --- for learners (the contract's odds, explain and reach) ----------------------------------
def _refusal(state: Battle, action: Action) -> Reason | None:
    """Why ``apply`` refuses ``action`` (``None``: it allows it)."""
    try:
        apply(state, action)
    except IllegalAction as refused:
        return refused.reason
    return None


def odds(state: Battle, attacker: str, target: str) -> Odds:
    """The exact odds of ``attacker``'s shot at ``target`` now (``rules.tanks.odds``)."""
    for argument, tank in (("attacker", attacker), ("target", target)):
        if not isinstance(tank, str) or not state.has_tank(tank):
            ids = ", ".join(t.id for t in state.tanks) or "none"
            raise ArgumentError(argument, tank, f"a tank on the table ({ids})")
    a_shot(state, attacker, target)  # a tank shooting at itself or a friend: no odds
    return shot_chances(state, attacker, target, _refusal(state, Shoot(attacker, target)))


def reach(state: Battle, tank: str) -> TableReach:
    """Where ``tank`` can move now (``rules.tanks.reach``)."""
    return reach_of(state, tank, legal_actions(state), _refusal)


def destroyed(state: Battle, tank: str) -> bool:
    """Whether ``tank`` has no Damage Points left (destroyed now, or at the Command Phase)."""
    piece = state.tank(tank)
    return piece.destroyed or piece.left == 0


def shipped_tables() -> dict[str, str]:
    return {k: v for k, v in shipped("tanks", "").items() if "roster" not in k}


class Tanks(Game[Battle, Action]):
    """TANKS on the protocol: each method calls the rules' own function."""

    name = "tanks"
    title = "TANKS: Panther vs Sherman"
    rulebook = "Tanks: Panther vs Sherman Starter Set Rulebook"
    board_kind = "table"
    action_types = ACTIONS
    scenario_types = (Table,)
    order = 30
    rulebook_file = "tanks-panther-vs-sherman.txt"
    sections = "workbench.games.tanks.rules.sections"
    hides_information = True  # crew cards until first used

    def _start(self, scenario: Any, options: Mapping[str, Any] | None) -> Battle:
        return start(scenario, options)

    def _current_player(self, state: Battle) -> str | Turn:
        return current_player(state)

    def _legal_actions(self, state: Battle) -> Iterable[Action]:
        return legal_actions(state)

    def _chance_outcomes(self, state: Battle) -> Iterable[tuple[Action, Fraction]]:
        return chance_outcomes(state)

    def _apply(self, state: Battle, action: Action) -> Applied[Battle]:
        return apply(state, action)

    def _outcome(self, state: Battle) -> Outcome | None:
        return outcome(state)

    def _players(self, state: Battle) -> tuple[str, ...]:
        return players(state)

    def _options(self, scenario: Any) -> Sequence[Option]:
        return table_options(scenario)

    def _odds(self, state: Battle, attacker: str, target: str, card: str | None) -> Odds:
        return odds(state, attacker, target)

    def _reach(self, state: Battle, tank: str) -> TableReach:
        return reach(state, tank)

    def _explain(self, state: Battle, action: Action) -> Verdict:
        """``apply``'s verdict with TANKS' detail (``rules.tanks.explain``)."""
        return with_detail(state, verdict_of(self, state, action))

    def scenarios(self) -> dict[str, str]:
        return shipped_tables()

    def invariants(self, state: Battle) -> None:
        invariants(state)

    def summarize(self, state: Battle) -> Mapping[str, Any]:
        return summarize(state)

    def mask(self, state: Battle, player: str) -> Battle:
        return mask(state, player)

    def sample_hidden(self, observation: Observation, rng: random.Random) -> Battle:
        return sample_hidden(observation, rng)

    def destroyed(self, state: Battle, tank: str) -> bool:
        return destroyed(state, tank)

    def declining(self, state: Battle) -> Action | None:
        return policy_choice(state)


GAME = register_game(Tanks())
register_bot(GAME.name, "greedy", greedy_player)
