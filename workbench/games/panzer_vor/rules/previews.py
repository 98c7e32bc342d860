"""What an Action card being carried out would allow, asked before anything is played (for
the stepper and other front ends): the reach of the declared tank with the card's movement
bonus, and the exact odds of a shot with the card's modifiers. The same functions the turn
uses (``turn``, ``reactions``) give the answers, so a preview is what the move or the shot
will be."""

from __future__ import annotations

from workbench.games.panzer_vor.rules import options, reactions
from workbench.games.panzer_vor.rules.firing import AttackOdds
from workbench.games.panzer_vor.rules.match import CardMatch, Order, Shot
from workbench.games.panzer_vor.rules.movement import Reach
from workbench.rules.core import Modifier


def order_reach(match: CardMatch, order: Order, tank_id: str) -> Reach:
    """Where ``tank_id`` could end a move on the card ``order`` carries out (the card's bonus,
    or Stage 2's fixed MP), before any character's movement ability."""
    card = match.card(order.card)
    bonus = options.card_bonus(match.board, tank_id, card.mp, order.mp)
    return options.reach_with_bonus(match.board, tank_id, bonus)


def order_odds(match: CardMatch, order: Order, firer: str, target: str) -> AttackOdds:
    """The exact odds of ``firer``'s shot at ``target`` on the card ``order`` carries out:
    the card's attack and damage modifiers and the scenario's (as the shot will have them;
    reactions played later may change them)."""
    card = match.card(order.card)
    attack = (Modifier(order.card, card.attack_modifier, "card"),) if card.attack_modifier else ()
    damage = (Modifier(order.card, card.damage_modifier, "card"),) if card.damage_modifier else ()
    shot = Shot(firer, target, attack, damage, no_attack_roll=card.no_attack_roll)
    return reactions.resolving_odds(match, shot)


def resolving_odds(match: CardMatch, shot: Shot) -> AttackOdds:
    """The odds of a shot being resolved (with every modifier played so far)."""
    return reactions.resolving_odds(match, shot)


__all__ = ["order_odds", "order_reach", "resolving_odds"]
