"""Victory (Command Phase: 2. Check For Victory; Missions): annihilation in every mission,
Victory Points at Objective tokens, turn limits and time-outs.

Readings: every mission is also won by destroying all enemy tanks (King of the Hill and
Free-For-All say so; for No Retreat and Barkmann's Corner it is the workbench's reading).
Barkmann's Corner is played as Panzer Ace. A player's time limit is the ``turn_limit``
option (a stand-in); No Retreat always ends after eight turns. In No Retreat the Attacker
scores at most one Victory Point a Command Phase (the text says "an Objective Token"); the
option ``no_retreat_point_per_objective`` scores one for each objective held alone.
"""

from __future__ import annotations

from dataclasses import replace

from shapely.geometry import Point

from workbench.games.tanks.rules import sections
from workbench.games.tanks.rules.state import Battle
from workbench.rules.core import Outcome, Reason, Termination

# a named option: in No Retreat, one Victory Point for each objective held alone (the text's
# "an Objective Token" is read by default as at most one point a Command Phase)
PER_OBJECTIVE = "no_retreat_point_per_objective"


class TanksEnd(Termination):
    ANNIHILATION = ("all of the opponent's tanks are destroyed", sections.VICTORY)
    MUTUAL = ("both sides' last tanks were destroyed in the same turn", sections.VICTORY)
    KING = ("three Victory Points", sections.KING_OF_THE_HILL)
    FREE_FOR_ALL = ("two Victory Points and more than the opponent", sections.FREE_FOR_ALL)
    NO_RETREAT_ATTACKER = ("the Attacker scored two Victory Points", sections.NO_RETREAT)
    NO_RETREAT_DEFENDER = (
        "eight turns passed without two Attacker Victory Points",
        sections.NO_RETREAT,
    )
    TIME = (
        "time ran out (the turn limit, a stand-in): most points destroyed wins",
        sections.PANZER_ACE,
    )
    TIME_VP = (
        "time ran out (the turn limit, a stand-in): most Victory Points wins",
        sections.MISSIONS,
    )


def holds(battle: Battle, side: str, at: tuple[float, float]) -> bool:
    """A tank of ``side`` within a Measuring Arrow of the objective's centre."""
    centre = Point(at)
    reach = battle.table.arrow.length
    return any(t.polygon.distance(centre) <= reach for t in battle.in_play(side))


def score_objectives(battle: Battle) -> tuple[Battle, list[Reason]]:
    """One Victory Point for holding an objective the opponent does not (Check for Victory)."""
    mission = battle.mission
    if mission not in ("king-of-the-hill", "free-for-all", "no-retreat"):
        return battle, []
    if mission != "no-retreat" and battle.turn == 1:
        return battle, [
            Reason("no Victory Point can be claimed in the first turn", _section(mission))
        ]
    points = dict(battle.victory_points)
    reasons = []
    for side in battle.sides:
        if mission == "no-retreat" and side != battle.attacker:
            continue
        enemy = battle.enemy_of(side)
        mine = [at for owner, at in battle.objectives if owner in (side, "both")]
        alone = sum(holds(battle, side, at) and not holds(battle, enemy, at) for at in mine)
        if alone and not (mission == "no-retreat" and battle.options.get(PER_OBJECTIVE)):
            alone = 1
        if alone:
            points[side] = points.get(side, 0) + alone
            reasons.append(
                Reason(
                    f"{side} holds {alone} objective(s) alone: {alone} Victory Point(s)",
                    _section(mission),
                )
            )
    return replace(battle, victory_points=points), reasons


def _section(mission: str) -> str:
    return {
        "king-of-the-hill": sections.KING_OF_THE_HILL,
        "free-for-all": sections.FREE_FOR_ALL,
        "no-retreat": sections.NO_RETREAT,
    }.get(mission, sections.PANZER_ACE)


def victory(battle: Battle) -> Outcome | None:
    """The outcome decided in Check for Victory, if any."""
    left = {side: battle.in_play(side) for side in battle.sides}
    gone = [side for side, tanks in left.items() if not tanks]
    if len(gone) == 2:
        return Outcome(TanksEnd.MUTUAL, None)
    if gone:
        return Outcome(TanksEnd.ANNIHILATION, battle.enemy_of(gone[0]))
    vp = battle.victory_points
    a = battle.attacker
    if battle.mission == "king-of-the-hill":
        for side in battle.sides:
            if vp.get(side, 0) >= 3:
                return Outcome(TanksEnd.KING, side)
    if battle.mission == "free-for-all":
        for side in battle.sides:
            if vp.get(side, 0) >= 2 and vp.get(side, 0) > vp.get(battle.enemy_of(side), 0):
                return Outcome(TanksEnd.FREE_FOR_ALL, side)
    if battle.mission == "no-retreat" and vp.get(a, 0) >= 2:
        return Outcome(TanksEnd.NO_RETREAT_ATTACKER, a)
    return None


def time_out(battle: Battle) -> Outcome:
    """The end after the last turn: No Retreat's defender, or most VP / points destroyed."""
    if battle.mission == "no-retreat":
        return Outcome(TanksEnd.NO_RETREAT_DEFENDER, battle.defender)
    dp = battle.destroyed_points
    text = ", ".join(f"{s} destroyed {dp.get(s, 0)} points" for s in battle.sides)
    if battle.mission in ("king-of-the-hill", "free-for-all"):
        vp = battle.victory_points
        a, b = (vp.get(s, 0) for s in battle.sides)
        if a != b:
            winner = battle.sides[0] if a > b else battle.sides[1]
            return Outcome(
                TanksEnd.TIME_VP,
                winner,
                (Reason(f"Victory Points {a} to {b}", _section(battle.mission)),),
            )
    a, b = (dp.get(s, 0) for s in battle.sides)
    most = None if a == b else battle.sides[0] if a > b else battle.sides[1]
    return Outcome(TanksEnd.TIME, most, (Reason(text, sections.PANZER_ACE),))
