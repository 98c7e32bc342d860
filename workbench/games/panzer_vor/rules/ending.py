"""How a card-driven match ends (Ending the Game and Victory Conditions; Match Types and
Stagnant Matches; Test Your Luck!: Ending the Game): annihilation, the flag tank, a stagnant
match decided on destroyed points (or drawn), and the solo scenario's fortune."""

from __future__ import annotations

from workbench.games.panzer_vor.rules import sections
from workbench.games.panzer_vor.rules.match import CardMatch
from workbench.games.panzer_vor.rules.phases import Phase
from workbench.rules.core import Outcome, Reason, Termination

S = sections


class CardGameEnd(Termination):
    ANNIHILATION = ("every enemy tank destroyed (Annihilation Battle)", S.ENDING)
    FLAG = ("the enemy's Flag Tank destroyed (Flag Battle)", S.ENDING)
    STAGNANT = ("a stagnant match: the side that destroyed more points wins", S.STAGNANT)
    STAGNANT_DRAW = ("a stagnant match with equal points: a draw", S.STAGNANT)
    FORTUNE = ("the Panzer IV reached the Ōarai Ocean Shrine: its fortune", S.SOLO_END)
    TERRIBLE_LUCK = (
        "Terrible Luck: the Panzer IV was destroyed or the match stagnated",
        S.SOLO_END,
    )
    STAGE_OVER = (
        "two Ōarai tanks left by Remagen Bridge: go on to Stage 2",
        S.STAGE_1_RULES,
    )


def check(match: CardMatch) -> Outcome | None:
    """The outcome the board decides now (a flag tank or a whole side destroyed)."""
    if match.phase is Phase.SETUP or any(match.undeployed.values()):
        return None  # tanks still being placed (setup, Ceasefire)
    if match.solo:
        player = match.order[0]
        if not match.tanks_of(player):
            return Outcome(CardGameEnd.TERRIBLE_LUCK, match.order[1])
        return None
    if "stage over" in match.flags:
        return Outcome(CardGameEnd.STAGE_OVER, None)
    for side in match.order:
        winner = match.opponent(side)
        if match.match_type == "flag" and f"flag lost:{side}" in match.flags:
            return Outcome(CardGameEnd.FLAG, winner)
        # Tanks still to come as reinforcements keep a side in the match (a reading).
        if not match.tanks_of(side) and not match.reserves.get(side):
            return Outcome(CardGameEnd.ANNIHILATION, winner)
    return None


def stagnant(match: CardMatch) -> Outcome:
    """The match ends on the points each side destroyed (Match Types and Stagnant Matches)."""
    if match.solo:
        return Outcome(
            CardGameEnd.TERRIBLE_LUCK,
            match.order[1],
            (Reason("the match became stagnant", S.SOLO_END),),
        )
    points = {side: match.points.get(side, 0) for side in match.order}
    text = ", ".join(f"{side} destroyed {n} points" for side, n in points.items())
    best = max(points.values())
    leaders = [side for side, n in points.items() if n == best]
    if len(leaders) > 1:
        return Outcome(CardGameEnd.STAGNANT_DRAW, None, (Reason(text, S.STAGNANT),))
    return Outcome(CardGameEnd.STAGNANT, leaders[0], (Reason(text, S.STAGNANT),))
