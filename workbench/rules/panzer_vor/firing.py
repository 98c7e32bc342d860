"""Panzer Vor! firing: range, arcs, the attack and damage rolls, and their exact odds.

Attack roll (Firing: Attack Roll): two dice + target size + card + character + situation
>= the distance in hexes. Damage roll (Firing: Damage Roll): two dice + firepower + range
bonus (+2 at one hex, +1 at two) + card + character >= the armour of the arc hit. Every
probability is an exact fraction; every modifier carries its name and source.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import Literal

from workbench.boards.panzer_vor.counters import Arc, Gun
from workbench.dice import Dice, at_least
from workbench.geometry.hexgrid import DIRECTIONS, Hex
from workbench.rules.core import IllegalAction, Modifier, total
from workbench.rules.panzer_vor.sections import (
    ASSAULT_GUNS,
    ATTACK_MODIFIERS,
    ATTACK_ROLL,
    CV33,
    DAMAGE_ROLL,
    EXTREME_RANGE,
    FIRING_ARCS,
    MULTIPLE_GUNS,
    TURRET_ROTATION,
)
from workbench.rules.panzer_vor.sight import LineOfSight, line_of_sight
from workbench.rules.panzer_vor.state import DrawnResult, GameState, Tank

CV33_RULE = "CV33"
EXTREME = 13


def card(name: str, value: int) -> Modifier:
    """A card's modifier, e.g. ``card("Mobile Fire 2", -2)``."""
    return Modifier(name, value, "card")


def character(name: str, value: int) -> Modifier:
    """A character's ability, e.g. ``character("Hana Isuzu", 2)``."""
    return Modifier(name, value, "character ability")


@dataclass(frozen=True)
class ArcConvention:
    """Where the front and rear arcs end. The rulebook's diagram is not in the text, so this
    is a documented choice: ``"corners"`` (default) makes the front and rear arcs 60° wedges
    bounded by the lines from the centre through the front (rear) hexside's corners;
    ``"hexsides"`` makes them 120° wedges bounded by the lines through the centres of the
    neighbouring hexes. A firer exactly on a boundary gets the arc more favourable to the
    target (the one with more armour; for a gun's field of fire, outside it)."""

    kind: Literal["corners", "hexsides"] = "corners"

    def bounds(self, facing: int) -> tuple[Hex, Hex]:
        """The two boundary directions of the front arc of a tank facing ``facing``."""
        left, ahead, right = (DIRECTIONS[(facing + k) % 6] for k in (-1, 0, 1))
        if self.kind == "corners":
            return left + ahead, ahead + right
        return left, right


DEFAULT_ARCS = ArcConvention()


def _cross(a: Hex, b: Hex) -> int:
    # The sign of a cross product survives the linear map from axial to pixel coordinates.
    return a.q * b.r - a.r * b.q


def _same_way(v: Hex, d: Hex) -> bool:
    return _cross(v, d) == 0 and v.q * d.q >= 0 and v.r * d.r >= 0 and (v.q, v.r) != (0, 0)


def _wedge(v: Hex, bounds: tuple[Hex, Hex]) -> Literal["inside", "edge", "outside"]:
    first, second = bounds
    if _same_way(v, first) or _same_way(v, second):
        return "edge"
    turn = _cross(first, second)
    if _cross(first, v) * turn > 0 and _cross(v, second) * turn > 0:
        return "inside"
    return "outside"


def arc_of(
    target: Tank | tuple[Hex, int],
    firer_hex: Hex,
    convention: ArcConvention = DEFAULT_ARCS,
) -> Arc:
    """Which arc of the target a shot from ``firer_hex`` comes from (Firing: Firing Arcs).

    >>> arc_of((Hex(0, 0), 1), Hex(3, 0)), arc_of((Hex(0, 0), 1), Hex(-2, 0))
    ('front', 'rear')
    >>> arc_of((Hex(0, 0), 1), Hex(0, 2))
    'side'
    """
    if isinstance(target, Tank):
        where, facing, armour = target.hex, target.facing, target.counter.armour
    else:
        (where, facing), armour = target, None
    v = firer_hex - where
    front = convention.bounds(facing)
    rear = (-front[0], -front[1])

    def kinder(a: Arc, b: Arc) -> Arc:
        if armour is None:
            return a
        return a if armour[a] >= armour[b] else b

    for bounds, arc in ((front, "front"), (rear, "rear")):
        place = _wedge(v, bounds)
        if place == "inside":
            return arc  # type: ignore[return-value]
        if place == "edge":
            return kinder(arc, "side")  # type: ignore[arg-type]
    return "side"


def in_field_of_fire(
    facing: int, firer_hex: Hex, target_hex: Hex, convention: ArcConvention = DEFAULT_ARCS
) -> bool:
    """Whether a target lies in the front arc of a gun pointing at hexside ``facing``
    (a target exactly on the boundary lies outside: the choice more favourable to it)."""
    return _wedge(target_hex - firer_hex, convention.bounds(facing)) == "inside"


@dataclass(frozen=True)
class AttackOdds(DrawnResult):
    """One shot, explained: may it be fired, from which arc, with which modifiers, and the
    exact chances to hit, to destroy given a hit, and to destroy."""

    firer: str
    target: str
    gun: Gun
    distance: int
    arc: Arc
    armour: int
    armour_source: str  # where the counter's armour value comes from (or "stand-in")
    line: LineOfSight
    can_fire: bool
    reasons: tuple[str, ...]
    attack_modifiers: tuple[Modifier, ...]
    damage_modifiers: tuple[Modifier, ...]
    attack_needed: int | None  # the two-dice total that hits; None: it cannot hit
    damage_needed: int | None
    hit: Fraction
    destroy_given_hit: Fraction
    destroy: Fraction
    state: GameState | None = field(default=None, repr=False, compare=False)

    def lines(self) -> list[str]:
        """The explanation, a line per fact, for a learner."""
        head = f"{self.firer} at {self.target}: {self.distance} hexes"
        armour = f"armour {self.armour}, value: {self.armour_source}"
        out = [f"{head}, {self.arc} arc ({armour})", *self.reasons]
        if not self.can_fire:
            return out
        out.append(f"attack: 2 dice {_terms(self.attack_modifiers)} >= {self.distance}")
        need = "cannot hit" if self.attack_needed is None else f"needs {self.attack_needed}+"
        out.append(f"  {need}: hit {self.hit} ({float(self.hit):.1%})")
        out.append(f"damage: 2 dice {_terms(self.damage_modifiers)} >= {self.armour}")
        need = "cannot destroy" if self.damage_needed is None else f"needs {self.damage_needed}+"
        chance = f"destroy if hit {self.destroy_given_hit}; destroy {self.destroy}"
        out.append(f"  {need}: {chance} ({float(self.destroy):.1%})")
        return out

    def __str__(self) -> str:
        return "\n".join(self.lines())


def _terms(modifiers: Sequence[Modifier]) -> str:
    return " ".join(f"{m.value:+d} {m.name} [{m.source}]" for m in modifiers)


def _needed(target_number: int, modifiers: Sequence[Modifier]) -> tuple[int | None, Fraction]:
    """The two-dice total needed to reach ``target_number``, and its probability."""
    needed = target_number - total(modifiers)
    chance = at_least(needed)
    if chance == 0:
        return None, chance
    return max(needed, 2), chance


def attack_odds(
    state: GameState,
    firer_id: str,
    target_id: str,
    attack: Sequence[Modifier] = (),
    damage: Sequence[Modifier] = (),
    gun: Literal["main", "secondary"] | None = None,
    arcs: ArcConvention = DEFAULT_ARCS,
) -> AttackOdds:
    """The exact odds of one shot. ``attack`` and ``damage`` are the card and character
    modifiers played (see :func:`card`, :func:`character`); the rules add the rest.

    The Mobile Fire 2 shot at a Tiger II seven hexes away needs 8+ (Firing: Attack Modifiers).
    """
    firer, target = state.tank(firer_id), state.tank(target_id)
    chosen = firer.counter.gun(gun)
    distance = firer.hex.distance(target.hex)
    arc = "side" if state.options.side_armour_only else arc_of(target, firer.hex, arcs)
    armour = target.counter.armour_against(arc)
    line = line_of_sight(state, firer.hex, target.hex)
    reasons: list[str] = []
    refusals: list[str] = []
    if state.options.side_armour_only:
        reasons.append(f"side armour for every attack [{FIRING_ARCS}, note]")

    if target.wreck:
        refusals.append(f"{target.id} is already wreckage")
    if target.side == firer.side:
        refusals.append(f"{target.id} is on the same side")
    if firer.wreck:
        refusals.append(f"{firer.id} is wreckage")
    # Range: the text says "less than the Range", but its own example (Panzer IV D, Range 7,
    # cannot fire at 8 or more) allows 7: we follow the example.
    if distance > chosen.range:
        refusals.append(
            f"out of range: {distance} hexes, range {chosen.range} [{ATTACK_ROLL}: a target at "
            "exactly the Range may be fired at, as in the rulebook's example]"
        )
    else:
        reasons.append(f"in range: {distance} of {chosen.range} hexes [{ATTACK_ROLL}]")
    if not line.clear:
        refusals.append(f"no line of sight: {line.reason} [{line.rule}]")
    turret_modifiers: list[Modifier] = []
    fixed = not chosen.turret or not firer.counter.turreted
    if fixed:
        rule = MULTIPLE_GUNS if firer.counter.multiple_guns else ASSAULT_GUNS
        if not in_field_of_fire(firer.facing, firer.hex, target.hex, arcs):
            refusals.append(
                f"{firer.id}'s {'main gun' if firer.counter.multiple_guns else 'gun'} fires "
                f"only into its front arc [{rule}]"
            )
    elif state.options.turret_rotation:
        turn = _turret_turn(firer, target.hex, arcs)
        if turn is None:
            refusals.append(
                f"the turret cannot turn onto {target.id} this turn (turret rotation "
                f"{firer.counter.turret_rotation}) [{TURRET_ROTATION}]"
            )
        elif turn:
            turret_modifiers.append(
                Modifier("rotating the turret and firing in one turn", -2, TURRET_ROTATION)
            )

    target_terrain = state.map.terrain_at(target.hex)
    firer_terrain = state.map.terrain_at(firer.hex)
    size_source = f"{ATTACK_MODIFIERS}: Target Size Modifier; value: "
    situation = [
        Modifier(
            f"{target.name} target size",
            target.counter.target_size,
            size_source + target.counter.source("target_size"),
        )
    ]
    situation += list(attack)
    if target_terrain.attack_modifier:
        situation.append(
            Modifier(
                f"target in {target_terrain.name}",
                target_terrain.attack_modifier,
                target_terrain.rule,
            )
        )
    if target_terrain.angled_fire_modifier and firer_terrain.name != target_terrain.name:
        situation.append(
            Modifier(
                f"angled fire at a tank in {target_terrain.name}",
                target_terrain.angled_fire_modifier,
                target_terrain.rule,
            )
        )
    situation += list(line.modifiers) + turret_modifiers

    firepower_source = f"{DAMAGE_ROLL}; value: {firer.counter.source('firepower')}"
    damage_mods = [Modifier(f"{firer.name} firepower", chosen.firepower, firepower_source)]
    bonus = {1: 2, 2: 1}.get(distance, 0)
    if bonus and CV33_RULE in state.special_rules and firer.name.upper().startswith("CV33"):
        reasons.append(f"no range bonus: the CV33's machine gun [{CV33}]")
    elif bonus:
        damage_mods.append(Modifier(f"range {distance}", bonus, f"{DAMAGE_ROLL}: Range Modifier"))
    damage_mods += list(damage)
    if target_terrain.damage_modifier:
        damage_mods.append(
            Modifier(
                f"target in {target_terrain.name}",
                target_terrain.damage_modifier,
                target_terrain.rule,
            )
        )

    attack_needed, hit = _needed(distance, situation)
    played = total(attack)
    if distance >= EXTREME and played <= 0:
        reasons.append(
            f"extreme range ({distance} hexes): without a card or character adding to the "
            f"attack it always misses [{EXTREME_RANGE}]"
        )
        attack_needed, hit = None, Fraction(0)
    damage_needed, kill = _needed(armour, damage_mods)
    can_fire = not refusals
    if not can_fire:
        hit = Fraction(0)
        attack_needed = None
    return AttackOdds(
        firer.id, target.id, chosen, distance, arc, armour,
        target.counter.source(f"armour_{arc}"), line, can_fire,
        tuple(refusals + reasons), tuple(situation), tuple(damage_mods),
        attack_needed, damage_needed, hit, kill, hit * kill, state,
    )  # fmt: skip


def _turret_turn(firer: Tank, target: Hex, arcs: ArcConvention) -> int | None:
    """Hexsides the turret must turn to bring a target into its front arc (0: none), or None
    when its Turret Rotation cannot reach it this turn."""
    reach = firer.counter.turret_rotation
    for steps in range(reach + 1):
        for sign in (1, -1):
            if in_field_of_fire((firer.turret_facing + sign * steps) % 6, firer.hex, target, arcs):
                return steps
    return None


def fire_table(
    state: GameState,
    firer_id: str,
    attack: Sequence[Modifier] = (),
    damage: Sequence[Modifier] = (),
    gun: Literal["main", "secondary"] | None = None,
    arcs: ArcConvention = DEFAULT_ARCS,
) -> tuple[AttackOdds, ...]:
    """The odds against every enemy tank, nearest first (those it may not fire at say why)."""
    firer = state.tank(firer_id)
    enemies = sorted(state.enemies_of(firer), key=lambda t: (firer.hex.distance(t.hex), t.id))
    return tuple(attack_odds(state, firer_id, t.id, attack, damage, gun, arcs) for t in enemies)


@dataclass(frozen=True)
class ShotResult:
    """What one fired shot did: the dice, the totals and the outcome."""

    odds: AttackOdds
    attack_dice: tuple[int, ...]
    attack_total: int
    hit: bool
    damage_dice: tuple[int, ...] = ()
    damage_total: int | None = None
    destroyed: bool = False


def fire(
    state: GameState,
    firer_id: str,
    target_id: str,
    dice: Dice,
    attack: Sequence[Modifier] = (),
    damage: Sequence[Modifier] = (),
    gun: Literal["main", "secondary"] | None = None,
    arcs: ArcConvention = DEFAULT_ARCS,
) -> tuple[GameState, ShotResult]:
    """Fire one shot with the seeded dice: the new state and what happened. A shot the rules
    refuse raises IllegalAction and changes nothing. A destroyed tank is removed, or left as
    wreckage under the Wreckage optional rule."""
    odds = attack_odds(state, firer_id, target_id, attack, damage, gun, arcs)
    if not odds.can_fire:
        raise IllegalAction(
            f"{firer_id} may not fire at {target_id}: {odds.reasons[0]}", ATTACK_ROLL
        )
    rolled = dice.roll(2)
    attack_total = sum(rolled) + total(odds.attack_modifiers)
    hit = odds.attack_needed is not None and sum(rolled) >= odds.attack_needed
    if not hit:
        return state, ShotResult(odds, rolled, attack_total, False)
    damage_rolled = dice.roll(2)
    damage_total = sum(damage_rolled) + total(odds.damage_modifiers)
    destroyed = damage_total >= odds.armour
    after = state
    if destroyed:
        target = state.tank(target_id)
        after = (
            state.with_tank(replace(target, wreck=True))
            if state.options.wreckage
            else state.without([target_id])
        )
    return after, ShotResult(
        odds, rolled, attack_total, True, damage_rolled, damage_total, destroyed
    )
