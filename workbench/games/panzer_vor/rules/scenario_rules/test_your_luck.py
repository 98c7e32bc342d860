"""Test Your Luck! (the solo scenario): Play Order (the enemy tanks act by the rules), Panzer
IV Upgrade and Ending the Game (the shrine's fortune).

The enemy tanks draw no cards: at the end of the player's turn a die picks the acting tank
(Matilda 1-2, M4 3-4, T34/76 5-6); it fires if it can, else it moves along the shortest
route in hexes to the Panzer IV (``solo.shortest_routes``), a die picking among tied routes.
The dice are chance actions, so the enemy needs no player. Readings: a die that picks a
destroyed enemy tank is rolled again; a moving enemy follows its route forwards as far as its
movement points go (turning in place, 1 MP, when the route bends by more than 60°); tied
routes are numbered in a fixed order and picked with equal chance.
"""

from __future__ import annotations

from dataclasses import replace

from workbench.games.panzer_vor.rules import hooks, reactions
from workbench.games.panzer_vor.rules import sections as S
from workbench.games.panzer_vor.rules.ending import CardGameEnd
from workbench.games.panzer_vor.rules.match import CardMatch, Chance, Choice, Shot, evolve, push
from workbench.games.panzer_vor.rules.movement import Step, StepRules, move, movement_points
from workbench.games.panzer_vor.rules.phases import Phase
from workbench.games.panzer_vor.rules.setting import Setting
from workbench.games.panzer_vor.rules.solo import shortest_routes
from workbench.geometry.hexgrid import DIRECTIONS
from workbench.rules.core import Event, Outcome, Reason

PLAY_ORDER, UPGRADE, ENDING = "Play Order", "Panzer IV Upgrade", "Ending the Game"
SHRINE = "1118"
UPGRADES = ("Panzer IV Ausf. D", "Panzer IV Ausf. F2", "Panzer IV Ausf. H")
ENEMY_DIE = ((1, 2), (3, 4), (5, 6))  # Matilda, M4, T34/76: the scenario's enemy order
FORTUNES = (
    (2, "Great Luck (There's no doubt about it, you're great!)"),
    (3, "Good Luck (Unpreparedness is one's greatest enemy)"),
    (4, "A Little Luck (Don't get bogged down in the little things, and focus on what matters)"),
    (5, "Fortunate (You might have a tough time)"),
    (6, "Bad Luck (Stop aiming so high)"),
)
TERRIBLE = "Terrible Luck (Don't throw everything away for a fleeting chance)"


def fortune(total: int) -> str:
    """The fortune table (Test Your Luck!: Ending the Game).

    >>> [fortune(total).split(" (")[0] for total in (2, 3, 7)]
    ['Great Luck', 'Good Luck', 'Terrible Luck']
    """
    for most, text in FORTUNES:
        if total <= most:
            return text
    return TERRIBLE


def discard_modifier(cards: int) -> int:
    """1-15: -1; 16-25: 0; 26-30: +1; 31-35: +2; 36+: +3 (an empty pile counts as 1-15)."""
    if cards <= 15:
        return -1
    if cards <= 25:
        return 0
    if cards <= 30:
        return 1
    return 2 if cards <= 35 else 3


# --- Play Order ------------------------------------------------------------------------------


@hooks.STARTED(PLAY_ORDER)
def solo_match(match: CardMatch, setting: Setting) -> CardMatch:
    """With one player the second side is played by the rules: its tanks in the die's order,
    and the Panzer IV's upgrades kept aside."""
    if setting.scenario.players != 1:
        return match
    roster = setting.scenario.counters
    return evolve(
        match,
        solo=True,
        solo_enemies=tuple(t.id for t in match.board.tanks if t.side == match.order[1]),
        spare_counters={n: roster.get(n) for n in UPGRADES if n in roster},
    )


@hooks.AUTOMATIC_TURN(PLAY_ORDER)
def enemy_turn(match: CardMatch) -> CardMatch | None:
    """The enemy's Action Phase: a die picks the tank that acts."""
    if not match.solo or match.side_to_act == match.order[0]:
        return None
    if not match.tanks_of(match.order[1]):
        return evolve(match, phase=Phase.END)
    enemies = match.solo_enemies
    return push(evolve(match, phase=Phase.END), Chance("enemy", 6, match.order[1], enemies))


@hooks.CHANCES("enemy")
def enemy_acts(match: CardMatch, frame: Chance, value: int, events: list[Event]) -> CardMatch:
    ids = frame.data
    pick = next(i for i, (lo, hi) in enumerate(ENEMY_DIE) if lo <= value <= hi)
    alive = {t.id for t in match.tanks_of(match.order[1])}
    tank_id = ids[pick] if pick < len(ids) else ""
    if tank_id not in alive:
        events.append(Event(f"die {value}: that enemy tank is gone; roll again"))
        return push(match, frame)
    events.append(Event(f"die {value}: {tank_id} acts", (Reason("", S.SOLO),)))
    match = evolve(match, reacted=False)
    player = match.tanks_of(match.order[0])[0]
    if reactions.can_fire_at(match, tank_id, player.id, ""):  # the enemy declares no gun
        return reactions.begin_shot(match, Shot(tank_id, player.id), events)
    routes = shortest_routes(match.board, tank_id, player.id)
    if not routes:
        events.append(Event(f"{tank_id} has no route to the Panzer IV"))
        return match
    if len(routes) > 1:
        return push(match, Chance("route", len(routes), match.order[1], (tank_id,)))
    return _drive(match, tank_id, routes[0], events)


@hooks.CHANCES("route")
def route_picked(match: CardMatch, frame: Chance, value: int, events: list[Event]) -> CardMatch:
    (tank_id,) = frame.data
    player = match.tanks_of(match.order[0])[0]
    routes = shortest_routes(match.board, tank_id, player.id)
    return _drive(match, tank_id, routes[(value - 1) % len(routes)], events)


def _drive(match: CardMatch, tank_id: str, route: tuple, events: list[Event]) -> CardMatch:
    board = match.board
    tank = board.tank(tank_id)
    rules = StepRules(board, tank)
    budget, _ = movement_points(tank)
    pose = (tank.hex, tank.facing)
    poses = []
    for nxt in route:
        d = DIRECTIONS.index(nxt - pose[0])
        if (d - pose[1]) % 6 not in (0, 1, 5):
            if budget < 1:
                break
            pose, budget = (pose[0], d), budget - 1
            poses.append(pose)
        step = rules.step(pose, (nxt, d))
        if not isinstance(step, Step) or step.mp > budget:
            break
        pose, budget = (nxt, d), budget - step.mp
        poses.append(pose)
    if not poses:
        events.append(Event(f"{tank_id} cannot move along its route"))
        return match
    after, _ = move(board, tank_id, poses)
    label = board.map.grid.label(pose[0])
    events.append(
        Event(
            f"{tank_id} moves towards the Panzer IV to {label}",
            (Reason("the shortest route in hexes", S.SOLO),),
        )
    )
    return evolve(match, board=after)


# --- Panzer IV Upgrade -----------------------------------------------------------------------


@hooks.AFTER_EVENT_CARD(UPGRADE)
def offer_upgrade(match: CardMatch, side: str, effect: str) -> CardMatch:
    """Recon or Recovery may upgrade the Panzer IV one step; the player is not forced to."""
    if effect not in ("recon", "recovery") or not match.solo or side != match.order[0]:
        return match
    tank = match.tanks_of(side)[0]
    if tank.name not in UPGRADES[:-1]:
        return match
    return push(match, Choice(side, "upgrade", ("upgrade", "keep"), (tank.id,)))


@hooks.on_choice("upgrade")
def upgrade_chosen(match: CardMatch, choice: Choice, option: str, events: list[Event]) -> CardMatch:
    return upgrade(match, choice.data[0], 1, events) if option == "upgrade" else match


def upgrade(match: CardMatch, tank_id: str, step: int, events: list[Event]) -> CardMatch:
    """The Panzer IV ``step`` steps up (or down) the upgrades, within them."""
    tank = match.board.tank(tank_id)
    at = UPGRADES.index(tank.name) if tank.name in UPGRADES else 0
    new = UPGRADES[max(0, min(len(UPGRADES) - 1, at + step))]
    if new == tank.name:
        return match
    counter = match.spare_counters.get(new)
    if counter is None:
        return match
    events.append(Event(f"the Panzer IV becomes the {new}", (Reason("", S.SOLO_UPGRADE),)))
    return evolve(match, board=match.board.with_tank(replace(tank, counter=counter)))


@hooks.ENFORCEMENT_DRAWN(UPGRADE)
def downgrade(match: CardMatch, side: str, events: list[Event]) -> CardMatch:
    """An Enforcement card drawn: its printed effect is ignored; the Panzer IV goes down one
    step (an Ausf. D stays an Ausf. D)."""
    if not match.solo:
        return match
    tanks = match.tanks_of(match.order[0])
    return upgrade(match, tanks[0].id, -1, events) if tanks else match


# --- Ending the Game: the shrine -------------------------------------------------------------


@hooks.AFTER_MOVE(ENDING)
def reached_shrine(
    match: CardMatch, tank_id: str, left: int, spent: int, events: list[Event]
) -> CardMatch:
    """The Panzer IV in the shrine with a movement point to spend: the fortune's die."""
    tank = match.board.tank(tank_id)
    if not match.solo or tank.side != match.order[0] or left < 1:
        return match
    if match.board.map.grid.label(tank.hex) != SHRINE:
        return match
    return push(match, Chance("fortune", 6, tank.side))


@hooks.CHANCES("fortune")
def _fortune(match: CardMatch, frame: Chance, die: int, events: list[Event]) -> CardMatch:
    killed = len(match.destroyed.get(match.order[0], ()))
    cards = len(match.discard)
    total = die - killed + discard_modifier(cards)
    text = fortune(total)
    reasons = (
        Reason(
            f"die {die}, {killed} enemy tanks destroyed (-{killed}), {cards} cards in the "
            f"discard pile ({discard_modifier(cards):+d}): total {total}",
            S.SOLO_END,
        ),
        Reason(text, S.SOLO_END),
    )
    events.append(Event(f"the Panzer IV reached the shrine: {text}", reasons))
    return evolve(match, ended=Outcome(CardGameEnd.FORTUNE, match.order[0], reasons))
