"""Panzer Vor! card questions: what an Action card in hand lets a tank do here. An attack card
(Aimed Shot 2, Mobile Fire 2, Commander!) changes the roll a shot needs; Full Speed Ahead!
gives a move 2 more MP (Moving: Movement Bonuses). Only cards whose values the rulebook (or
the fan card list it follows) prints are asked about; stand-in values are never quizzed."""

from __future__ import annotations

import random
from typing import Any

from workbench.games.panzer_vor.learn.positions import placed, standing_hexes
from workbench.games.panzer_vor.learn.questions import (
    COMPASS,
    GAME,
    MOVE_MAPS,
    TRIES,
    _board,
    _question,
    _where,
    roll_to_hit,
)
from workbench.games.panzer_vor.rules import movement
from workbench.games.panzer_vor.rules import sections as S
from workbench.games.panzer_vor.rules.cards import CARDS
from workbench.games.panzer_vor.rules.movement import movement_points
from workbench.learn.kinds import kind
from workbench.learn.question import Question
from workbench.rules.core import Modifier, Reason

ATTACK_CARDS = ("Aimed Shot 2", "Mobile Fire 2", "Commander!")
FULL_SPEED = "Full Speed Ahead!"
FULL_SPEED_MP = 2  # "Full Speed Ahead! (+2)" (Moving: Movement Bonuses)


def card_modifier(name: str) -> Modifier:
    """The attack modifier an attack card gives, citing the card's source."""
    return Modifier(name, CARDS[name].attack_modifier, CARDS[name].source)


@kind(GAME, "card", "Cards", 3, "what does this card let you do here?")
def card(rng: random.Random, scenario: Any) -> Question:
    name = rng.choice((*ATTACK_CARDS, FULL_SPEED))
    if name == FULL_SPEED:
        return _full_speed(rng, scenario)
    lead = (Reason(f"{name}: {CARDS[name].text}", CARDS[name].source),)
    where, board, firer, target, a, b, odds, reasons = roll_to_hit(
        rng, scenario, (card_modifier(name),), lead
    )
    return _question(
        board, kind="card", scenario=where, chapter="Cards", level=3,
        prompt=(f"You play {name} for {firer} in {_where(board, a)}, firing at {target} in "
                f"{_where(board, b)}. What must it roll on two dice to hit (the least total)?"),
        shape="number", answer=odds.attack_needed, reasons=reasons, detail=odds,
        marks=((_where(board, a), "firer"), (_where(board, b), "target")),
        facts={"card": name, "firer": firer, "target": target},
    )  # fmt: skip


def _full_speed(rng: random.Random, scenario: Any) -> Question:
    """Does the card let the tank reach a hex it could not reach without it? (About half
    the seeds: a hex only the bonus reaches; the others: one still out of reach.)"""
    where, board = _board(rng, scenario, MOVE_MAPS)
    tank = rng.choice([t for t in board.tanks if not t.wreck])
    want_yes = rng.random() < 0.5
    bonus = (Modifier(FULL_SPEED, FULL_SPEED_MP, S.BONUSES),)
    spots = standing_hexes(board, tank)
    for _ in range(TRIES):
        here, facing = rng.choice(spots), rng.randrange(6)
        moved = placed(board, tank, here, facing)
        plain, fast = movement.reach(moved, tank.id), movement.reach(moved, tank.id, bonuses=bonus)
        mp = fast.mp
        if want_yes:
            goals = sorted(set(fast.ends) - set(plain.ends))
        else:
            near = {h for h in moved.map.grid if 1 <= here.distance(h) <= mp + 1}
            goals = sorted(near - set(fast.ends) - {t.hex for t in moved.tanks})
        if goals:
            break
    goal = rng.choice(goals)
    yes = goal in fast.ends
    _, parts = movement_points(moved.tank(tank.id), bonus)
    cost = f"{fast.ends[goal][0]} MP" if yes else "more MP than it has, or a way it may not go"
    reasons = (
        Reason(f"{FULL_SPEED}: {CARDS[FULL_SPEED].text}", CARDS[FULL_SPEED].source),
        *(m.reason for m in parts),
        Reason(f"{mp} MP in all; {_where(moved, goal)} takes {cost}", S.MOVEMENT),
    )
    return _question(
        moved, kind="card", scenario=where, chapter="Cards", level=3,
        prompt=(f"{tank.id} stands in {_where(moved, here)} facing {COMPASS[facing]} and could "
                f"not reach {_where(moved, goal)} with a Move card. Does {FULL_SPEED} let it?"),
        shape="yes/no", answer=yes, reasons=reasons, detail=fast,
        marks=((_where(moved, here), "tank"), (_where(moved, goal), "target")),
        facts={"card": FULL_SPEED, "tank": tank.id, "mp": mp, "goal": _where(moved, goal)},
    )  # fmt: skip
