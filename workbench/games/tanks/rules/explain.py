"""Why an action is legal or not, for learners (the contract's ``explain``): ``apply``'s own
verdict (its refusal, reason and section first, or the reasons of the events it causes), and
then TANKS' detail: for a Move, what the arrow's placement itself would do and which of the
tank's Moves it is; for a Shot, the dice and the exact chance of destroying the target.
"""

from __future__ import annotations

from workbench.games.tanks.rules import sections, sources
from workbench.games.tanks.rules.actions import Move, Shoot
from workbench.games.tanks.rules.movement import check_move
from workbench.games.tanks.rules.odds import shot_chances
from workbench.games.tanks.rules.shooting import not_a_shot
from workbench.games.tanks.rules.state import Battle, moves_allowed
from workbench.rules.core import Action, Reason, Verdict


def _move_detail(battle: Battle, move: Move, legal: bool) -> list[Reason]:
    tank = battle.tank(move.tank)
    if legal:
        if battle.phase != "movement":
            return []
        return [Reason(f"Move {tank.speed + 1} of {moves_allowed(tank)} this turn", sections.RAPID)]
    checked = check_move(battle, move.tank, move.placement)
    if checked.legal:
        where = checked.reasons[0].text
        return [Reason(f"the placement itself is legal ({where}), not now", sections.MOVING)]
    return [Reason(f"the placement itself: {r.text}", r.section) for r in checked.reasons]


def _shot_detail(battle: Battle, shot: Shoot, legal: bool) -> list[Reason]:
    odds = shot_chances(battle, shot.tank, shot.target, None)
    if not odds.can_shoot:
        return [] if not legal else list(odds.dice.reasons)
    chance = Reason(
        f"{shot.target} is destroyed with probability {odds.destroy} "
        f"(≈ {float(odds.destroy):.1%}; {odds.left} Damage Points left), takes one damage or "
        f"more with {float(odds.at_least(1)):.1%}",
        sources.WORKBENCH,
    )
    if legal:
        return [chance]
    dice = Reason(
        f"the shot itself: {odds.attack_dice} Attack dice against {odds.defence_dice} Defence dice",
        sections.ATTACK_DICE,
    )
    return [dice, chance]


def with_detail(battle: Battle, verdict: Verdict) -> Verdict:
    """``verdict`` (``apply``'s) with TANKS' detail after its own reasons."""
    action: Action = verdict.action
    detail: list[Reason] = []
    if isinstance(action, Move) and battle.has_tank(action.tank):
        detail = _move_detail(battle, action, verdict.legal)
    elif (
        isinstance(action, Shoot)
        and battle.has_tank(action.tank)
        and battle.has_tank(action.target)
        and not_a_shot(battle, action.tank, action.target) is None  # else no odds to show
    ):
        detail = _shot_detail(battle, action, verdict.legal)
    extra = tuple(r for r in detail if r not in verdict.reasons)
    return Verdict(action, verdict.legal, (*verdict.reasons, *extra), verdict.events)
