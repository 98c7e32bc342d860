"""Shooting: who may be shot at, the Attack and Defence dice pools with every contribution
as a Reason with its section, cancellation, and the exact odds of a shot.

Policies of :func:`dice_odds` (where players choose, each side does what hurts it least):

- Cancellation: each 4-5 cancels a Hit or Critical Hit chosen by the shooter, who cancels
  Hits first (keeping Criticals); each 6 one chosen by the target, who cancels Criticals
  first. With these choices the order of the two allocations does not change the result.
- Re-roll while stationary: the shooter re-rolls all the Attack dice when the expected
  number of uncancelled successes (Hits + Criticals) of the roll is lower than a fresh
  roll's; with Semi-Indirect Fire they may instead keep their best die and re-roll the rest,
  and take whichever of the three has the highest expectation (ties: keep the roll).
- Big Gun upgrades one uncancelled Hit to a Critical Hit whenever there is one.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cache
from itertools import combinations_with_replacement
from math import factorial
from typing import TYPE_CHECKING

from workbench.boards.values import Pictured
from workbench.games.tanks.boards.table import Table
from workbench.games.tanks.rules import sections, sources
from workbench.games.tanks.rules.criticals import card as critical_card
from workbench.games.tanks.rules.readings import SightReadings
from workbench.games.tanks.rules.sight import (
    CoverCheck,
    LineOfSight,
    close_range,
    cover,
    in_arc,
    line_of_sight,
    side_shot,
)
from workbench.games.tanks.rules.state import Battle, TankPiece
from workbench.rules.core import IllegalAction, Reason, lines_of
from workbench.rules.shots import not_at_an_enemy
from workbench.vocabulary import removed_names

MAX_DEFENCE = 6
SIXTH = Fraction(1, 6)
FACE = {1: 0, 2: 0, 3: 0, 4: 1, 5: 1, 6: 2}  # 0 miss, 1 Hit (or a 4-5 cancel), 2 Critical (or 6)


@cache
def rolls(n: int) -> tuple[tuple[tuple[int, ...], Fraction], ...]:
    """Every roll of ``n`` six-sided dice as sorted faces, with its exact probability.

    >>> len(rolls(2)), rolls(2)[0]
    (21, ((1, 1), Fraction(1, 36)))
    >>> sum(p for _, p in rolls(5))
    Fraction(1, 1)
    """
    out = []
    for faces in combinations_with_replacement(range(1, 7), n):
        ways = factorial(n)
        for count in Counter(faces).values():
            ways //= factorial(count)
        out.append((faces, Fraction(ways, 6**n)))
    return tuple(out)


def score(faces: Sequence[int]) -> tuple[int, int]:
    """(Hits, Critical Hits) of an Attack roll, or (cancels chosen by the shooter, cancels
    chosen by the target) of a Defence roll.

    >>> score((2, 4, 5, 6, 6)), score((1, 2, 4, 6))
    ((2, 2), (1, 1))
    """
    return (sum(FACE[f] == 1 for f in faces), sum(FACE[f] == 2 for f in faces))


@cache
def _categories(n: int) -> dict[tuple[int, int], int]:
    """(4-5 count, 6 count) of ``n`` dice as whole-number weights out of ``6 ** n``: the
    multinomial count times 2 ways for each 4-5 and 3 for each miss."""
    out: dict[tuple[int, int], int] = {}
    for a in range(n + 1):
        for b in range(n - a + 1):
            miss = n - a - b
            ways = factorial(n) // (factorial(a) * factorial(b) * factorial(miss))
            out[(a, b)] = ways * 2**a * 3**miss
    return out


def cancel(hits: int, crits: int, shooter_cancels: int, target_cancels: int) -> tuple[int, int]:
    """Hits and Criticals left after the documented cancellation policy.

    >>> cancel(2, 2, 1, 1)  # the rulebook's example: one Hit and one Critical taken
    (1, 1)
    """
    on_hits = min(shooter_cancels, hits)
    hits, crits = hits - on_hits, max(0, crits - (shooter_cancels - on_hits))
    on_crits = min(target_cancels, crits)
    crits, hits = crits - on_crits, max(0, hits - (target_cancels - on_crits))
    return hits, crits


@dataclass(frozen=True)
class Pools:
    """The two dice pools of a shot and every contribution, each citing its section."""

    attack: int
    defence: int
    attack_reasons: tuple[Reason, ...]
    defence_reasons: tuple[Reason, ...]
    stationary: bool
    can_shoot: bool
    refusal: Reason | None = None
    sight: object = None
    cover: object = None


def attack_dice(battle: Battle, shooter: TankPiece, target: TankPiece) -> tuple[int, list[Reason]]:
    n = shooter.card.attack
    reasons = [
        Reason(
            f"{n} Attack dice: {shooter.id}'s Attack (the card's value, from "
            f"{shooter.card.label('attack')})",
            sections.ATTACK_DICE,
        )
    ]
    if shooter.has("Coordinated Fire"):
        friends = [
            s for s, t in battle.shot_at
            if t == target.id and s != shooter.id and battle.has_tank(s)
            and battle.tank(s).side == shooter.side
            and battle.tank(s).polygon.distance(shooter.polygon) <= battle.table.arrow.length
        ]  # fmt: skip
        if friends:
            n += 1
            reasons.append(
                Reason(
                    f"+1: {friends[0]} shot at {target.id} earlier, within one arrow",
                    sections.COORDINATED_FIRE,
                )
            )
    if shooter.crew:
        reasons.append(
            Reason(
                f"crew cards {', '.join(shooter.crew)}: effects not modelled (stand-in: none)",
                sources.STAND_IN,
            )
        )
    return n, reasons


def defence_dice(
    table: Table, tanks: Sequence[TankPiece], shooter: TankPiece, target: TankPiece
) -> tuple[int, list[Reason], object]:
    """Defence + the shooter's moves + the target's moves + Cover − Close Range − Side Shot,
    never more than six (nor fewer than none)."""
    n = target.card.defence
    reasons = [
        Reason(
            f"{n}: {target.id}'s Defence (the card's value, from {target.card.label('defence')})",
            sections.DEFENCE_DICE,
        )
    ]
    moves = shooter.speed
    if moves and shooter.has("Gung Ho"):
        reasons.append(Reason(f"{shooter.id} counts one Move less (Gung Ho)", sections.GUNG_HO))
        moves -= 1
    if moves:
        n += moves
        reasons.append(Reason(f"+{moves}: {shooter.id} moved {moves}×", sections.SHOOTER_MOVES))
    if target.speed:
        n += target.speed
        reasons.append(
            Reason(f"+{target.speed}: {target.id} moved {target.speed}×", sections.TARGET_MOVES)
        )
    covered = cover(table, tanks, shooter, target)
    if covered.in_cover:
        n += 1
        reasons.append(Reason(f"+1 Cover: {covered.reason.text}", covered.reason.section))
    near, why = close_range(table, shooter, target)
    if near:
        n -= 1
        reasons.append(Reason(f"-1 Close Range: {why.text}", why.section))
    side, why = side_shot(shooter, target)
    if side and target.has("Heavy Tank"):
        reasons.append(
            Reason(f"no loss for the Side Shot: {target.id} is a Heavy Tank", sources.HEAVY_TANK)
        )
    elif side:
        n -= 1
        reasons.append(Reason(f"-1 Side Shot: {why.text}", why.section))
    if n > MAX_DEFENCE:
        reasons.append(Reason(f"{n} capped at six: a tank never rolls more", sections.DEFENCE_DICE))
    n = max(0, min(MAX_DEFENCE, n))
    return n, reasons, covered


def not_a_shot(battle: Battle, shooter_id: str, target_id: str) -> Reason | None:
    """Why ``shooter_id`` may not shoot at ``target_id`` whatever the moment, or None: the
    target is the other player's tank ("the target player rolls their Defence dice",
    Shooting: Roll Defence Dice; you win "by destroying all of the enemy tanks"), never the
    shooter itself nor a tank of its own side. Cited as Shooting: Pick Your Target."""
    shooter, target = battle.tank(shooter_id), battle.tank(target_id)
    return not_at_an_enemy(shooter, target, "shoot", "a target is an enemy tank", sections.TARGET)


def a_shot(battle: Battle, shooter_id: str, target_id: str) -> None:
    """IllegalAction (:func:`not_a_shot`'s reason) unless the target is an enemy tank."""
    refused = not_a_shot(battle, shooter_id, target_id)
    if refused is not None:
        raise IllegalAction(refused)


def pools(battle: Battle, shooter_id: str, target_id: str) -> Pools:
    """Both pools and whether the shot may be taken (Line of Sight, arc, the tank's state);
    a tank shooting at itself or a friend is no shot (IllegalAction: :func:`not_a_shot`)."""
    a_shot(battle, shooter_id, target_id)
    shooter, target = battle.tank(shooter_id), battle.tank(target_id)
    refusal = shooting_refusal(battle, shooter, target)
    if refusal is not None:
        return Pools(0, 0, (), (), shooter.speed == 0, False, refusal)
    readings = SightReadings.of(battle.options)
    sight = line_of_sight(battle.table, battle.tanks, shooter, target, readings)
    if not sight.seen:
        return Pools(0, 0, (), (), shooter.speed == 0, False, sight.reasons[0], sight)
    ok, why = in_arc(shooter, target, readings=readings)
    if not ok:
        return Pools(0, 0, (), (), shooter.speed == 0, False, why, sight)
    a, a_reasons = attack_dice(battle, shooter, target)
    d, d_reasons, covered = defence_dice(battle.table, battle.tanks, shooter, target)
    stationary = shooter.speed == 0
    if stationary:
        a_reasons.append(
            Reason(f"{shooter.id} stayed stationary: it may re-roll", sections.STATIONARY_SHOT)
        )
    return Pools(a, d, tuple(a_reasons), tuple(d_reasons), stationary, True, None, sight, covered)


def shooting_refusal(battle: Battle, shooter: TankPiece, target: TankPiece) -> Reason | None:
    if shooter.destroyed:
        return Reason(f"{shooter.id} is destroyed", sections.DESTROY)
    if target.destroyed:
        return Reason(f"{target.id} is destroyed: it is terrain now", sections.DESTROYED_TANKS)
    own = not_a_shot(battle, shooter.id, target.id)
    if own is not None:
        return own
    for name in shooter.criticals:
        if critical_card(name).effect == "cannot shoot":
            return Reason(f"{shooter.id} cannot shoot: {name}", sections.CRITICAL_HITS)
    return None


# --- exact odds -----------------------------------------------------------------------


@cache
def _left(successes: int, defence: int) -> int:
    """Expected uncancelled successes times ``6 ** defence`` (each defence die cancels one
    on a 4, 5 or 6), as a whole number."""
    return sum(w * max(0, successes - a - b) for (a, b), w in _categories(defence).items())


@cache
def reroll_pick(hits: int, crits: int, n: int, defence: int, semi_indirect: bool) -> str:
    """The policy's choice for a stationary shooter's roll of ``hits`` and ``crits`` on ``n``
    dice against ``defence`` dice: ``"keep"``, ``"all"`` (re-roll every die) or ``"keep
    one"`` (Semi-Indirect Fire: keep the best die, re-roll the rest), whichever leaves the
    most uncancelled successes expected (ties: keep, then re-roll all; see the module).

    >>> reroll_pick(0, 0, 4, 1, False), reroll_pick(3, 1, 4, 1, False)
    ('all', 'keep')
    """
    first = _categories(n)
    fresh = sum(w * _left(h + c, defence) for (h, c), w in first.items())  # out of 6**(n+d)
    choices = [(_left(hits + crits, defence) * 6**n, 2, "keep"), (fresh, 1, "all")]
    if semi_indirect and n > 1 and hits + crits:
        rest = _categories(n - 1)
        value = 6 * sum(q * _left(a + b + 1, defence) for (a, b), q in rest.items())
        choices.append((value, 0, "keep one"))
    return max(choices)[2]


@cache
def attack_outcomes(
    n: int, defence: int, stationary: bool, semi_indirect: bool
) -> dict[tuple[int, int], int]:
    """(Hits, Criticals) after the Attack roll and any re-roll (policy in the module), as
    whole-number weights out of ``6 ** (2 * n)``."""
    first = _categories(n)
    scale = 6**n
    if not stationary or n == 0:
        return {k: w * scale for k, w in first.items()}
    rest = _categories(n - 1) if semi_indirect and n > 1 else {}
    out: dict[tuple[int, int], int] = {}
    for (h, c), w in first.items():
        best = (0, 1) if c else (1, 0) if h else None
        pick = reroll_pick(h, c, n, defence, semi_indirect)
        if pick == "keep":
            out[(h, c)] = out.get((h, c), 0) + w * scale
        elif pick == "all":
            for key, q in first.items():
                out[key] = out.get(key, 0) + w * q
        else:
            for (a, b), q in rest.items():
                key = (a + best[0], b + best[1])  # type: ignore[index]
                out[key] = out.get(key, 0) + w * q * 6
    return out


@cache
def after_defence(
    n: int, defence: int, stationary: bool, semi: bool, big_gun: bool
) -> dict[tuple[int, int], Fraction]:
    """The exact (damage, criticals) distribution after cancellation (and Big Gun)."""
    out: dict[tuple[int, int], int] = {}
    saves = _categories(defence)
    for (h, c), p in attack_outcomes(n, defence, stationary, semi).items():
        for (a, b), q in saves.items():
            hits, crits = cancel(h, c, a, b)
            if big_gun and hits:
                hits, crits = hits - 1, crits + 1
            out[(hits, crits)] = out.get((hits, crits), 0) + p * q
    total = 6 ** (2 * n + defence)
    return {k: Fraction(w, total) for k, w in sorted(out.items())}


@dataclass(frozen=True)
class ShotOdds(Pictured):
    """The exact distribution of (damage from Hits, Critical cards drawn) after defence (it
    draws itself as a bar chart)."""

    shooter: str
    target: str
    attack_dice: int
    defence_dice: int
    distribution: dict[tuple[int, int], Fraction] = field(default_factory=dict)
    reasons: tuple[Reason, ...] = ()
    can_shoot: bool = True

    def expected_damage(self) -> Fraction:
        return sum((p * d for (d, _), p in self.distribution.items()), Fraction(0))

    def expected_criticals(self) -> Fraction:
        return sum((p * c for (_, c), p in self.distribution.items()), Fraction(0))

    def lines(self) -> list[str]:
        """Each pool contribution with its section, then each outcome's exact chance."""
        chances = [f"{d} damage, {c} critical: {p}" for (d, c), p in self.distribution.items()]
        return [*lines_of(self.reasons), *chances]

    def no_effect(self) -> Fraction:
        return self.distribution.get((0, 0), Fraction(0))


def odds_from_pools(shooter: TankPiece, target: TankPiece, p: Pools) -> ShotOdds:
    if not p.can_shoot:
        return ShotOdds(
            shooter.id,
            target.id,
            0,
            0,
            {(0, 0): Fraction(1)},
            (p.refusal,) if p.refusal else (),
            False,
        )
    dist = after_defence(
        p.attack, p.defence, p.stationary, shooter.has("Semi-Indirect Fire"), shooter.has("Big Gun")
    )
    policy = Reason(
        "shooter cancels Hits first with 4-5s, target Criticals first with 6s; re-roll when a "
        "fresh roll is expected to leave more uncancelled",
        sources.WORKBENCH,
    )
    return ShotOdds(
        shooter.id, target.id, p.attack, p.defence, dict(sorted(dist.items())),
        (*p.attack_reasons, *p.defence_reasons, policy),
    )  # fmt: skip


def dice_odds(battle: Battle, shooter_id: str, target_id: str) -> ShotOdds:
    """The exact (damage, criticals) distribution of one shot, as fractions, with both
    pools' contributions (see the module for the players' choices)."""
    return odds_from_pools(
        battle.tank(shooter_id), battle.tank(target_id), pools(battle, shooter_id, target_id)
    )


def plain_shot_distribution(
    attack: int, defence: int, stationary: bool, semi: bool, big_gun: bool
) -> dict:
    """The same distribution by brute force over every face of every die (tests and the
    benchmark's reference): each roll, the re-roll choice, each defence roll, cancellation."""

    def value(successes: int) -> Fraction:
        return sum(
            (q * max(0, successes - sum(f >= 4 for f in faces)) for faces, q in rolls(defence)),
            Fraction(0),
        )

    first = rolls(attack)
    fresh = sum((p * value(sum(f >= 4 for f in faces)) for faces, p in first), Fraction(0))
    attack_dist: dict[tuple[int, int], Fraction] = {}
    for faces, p in first:
        hc = score(faces)
        options: list[tuple[Fraction, bool, list]] = [
            (value(sum(hc)), True, [(faces, Fraction(1))])
        ]
        if stationary and attack:
            options.append((fresh, False, list(first)))
            if semi and attack > 1 and hc[0] + hc[1]:
                best = max(faces)
                rest = [((best, *f), q) for f, q in rolls(attack - 1)]
                options.append(
                    (sum((q * value(sum(score(f))) for f, q in rest), Fraction(0)), False, rest)
                )
        _, _, outcome = max(options, key=lambda o: (o[0], o[1]))
        for f, q in outcome:
            key = score(f)
            attack_dist[key] = attack_dist.get(key, Fraction(0)) + p * q
    out: dict[tuple[int, int], Fraction] = {}
    for (h, c), p in attack_dist.items():
        for faces, q in rolls(defence):
            hits, crits = cancel(h, c, *score(faces))
            if big_gun and hits:
                hits, crits = hits - 1, crits + 1
            out[(hits, crits)] = out.get((hits, crits), Fraction(0)) + p * q
    return dict(sorted(out.items()))


@dataclass(frozen=True)
class ShotExam(Pictured):
    """Everything about one shot, for the explorer and pictures: Line of Sight with the
    visible part, the four corner lines, Close Range, Side Shot, the arc and the exact odds."""

    battle: Battle
    shooter: str
    target: str
    sight: LineOfSight
    cover: CoverCheck
    close: tuple[bool, Reason]
    side: tuple[bool, Reason]
    arc: tuple[bool, Reason]
    odds: ShotOdds

    __hash__ = None  # type: ignore[assignment]

    @property
    def reasons(self) -> tuple[Reason, ...]:
        first = (*self.sight.reasons, self.arc[1], self.cover.reason, self.close[1], self.side[1])
        return (*first, *self.odds.reasons)

    def lines(self) -> list[str]:
        return lines_of(self.reasons)


def examine_shot(battle: Battle, shooter_id: str, target_id: str) -> ShotExam:
    """The whole picture of one shot (see :class:`ShotExam`); a tank shooting at itself or
    a friend is no shot (IllegalAction: :func:`not_a_shot`)."""
    a_shot(battle, shooter_id, target_id)
    shooter, target = battle.tank(shooter_id), battle.tank(target_id)
    readings = SightReadings.of(battle.options)
    sight = line_of_sight(battle.table, battle.tanks, shooter, target, readings)
    covered = cover(battle.table, battle.tanks, shooter, target)
    return ShotExam(
        battle, shooter_id, target_id, sight, covered,
        close_range(battle.table, shooter, target), side_shot(shooter, target),
        in_arc(shooter, target, readings=readings), dice_odds(battle, shooter_id, target_id),
    )  # fmt: skip


if not TYPE_CHECKING:  # for mypy no catch-all: a misspelt name stays an error
    __getattr__ = removed_names(
        "workbench.games.tanks.rules.shooting",
        {"shot_odds": "dice_odds (the chance to destroy, Critical cards included: odds)"},
    )
