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
from typing import TYPE_CHECKING, Literal

from workbench.dice import at_least
from workbench.errors import ArgumentError
from workbench.games.panzer_vor.boards.counters import Arc, Gun
from workbench.games.panzer_vor.rules import arguments as checked
from workbench.games.panzer_vor.rules.actions import Fire
from workbench.games.panzer_vor.rules.sections import (
    ASSAULT_GUNS,
    ATTACK_MODIFIERS,
    ATTACK_ROLL,
    CARD_TYPES,
    CV33,
    DAMAGE_ROLL,
    EXTREME_RANGE,
    FIRING_ARCS,
    MULTIPLE_GUNS,
    TURRET_ROTATION,
    WRECKAGE,
)
from workbench.games.panzer_vor.rules.sight import LineOfSight, line_of_sight
from workbench.games.panzer_vor.rules.state import DrawnResult, GameState, Tank
from workbench.geometry.hexgrid import DIRECTIONS, Hex
from workbench.rules.core import IllegalAction, Modifier, Reason, total
from workbench.rules.shots import not_at_an_enemy
from workbench.vocabulary import removed_names

# Scenario rules that take away the range bonus, and the counters they name: the rule's own
# words ("The CV33 is equipped with a machine gun", Anzio (Revised): CV33).
NO_RANGE_BONUS = {"CV33": frozenset({"CV33"})}
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


@dataclass(frozen=True, kw_only=True)
class Shot:
    """One shot before any dice: who fires which gun at whom, from how far, at which arc and
    armour, along which line, with the card and character modifiers played. Every step of
    the odds reads this one value."""

    state: GameState = field(repr=False, compare=False)
    firer: Tank
    target: Tank
    gun: Gun
    distance: int
    arc: Arc
    armour: int
    line: LineOfSight
    arcs: ArcConvention = DEFAULT_ARCS
    attack: tuple[Modifier, ...] = ()  # cards and characters played on the attack roll
    damage: tuple[Modifier, ...] = ()  # ... and on the damage roll

    __hash__ = None  # type: ignore[assignment]


def not_a_shot(state: GameState, firer_id: str, target_id: str) -> Reason | None:
    """Why ``firer_id`` may not fire at ``target_id`` whatever the moment, or None: a tank
    fires on an enemy tank ("Attack Cards ... are used to fire on an enemy tank.", Card Types),
    never on itself nor on a tank of its own side."""
    firer, target = state.tank(firer_id), state.tank(target_id)
    return not_at_an_enemy(firer, target, "fire", "a tank fires on an enemy tank", CARD_TYPES)


def refuse_not_a_shot(state: GameState, action: object) -> None:
    """IllegalAction if ``action`` fires a tank at itself or a friend (:func:`not_a_shot`),
    whatever the moment; anything else passes (``apply`` judges it)."""
    if not isinstance(action, Fire):
        return
    names = {t.id for t in state.tanks}
    if {action.firer, action.target} <= names:
        refused = not_a_shot(state, action.firer, action.target)
        if refused is not None:
            raise IllegalAction(refused)


def shot(
    state: GameState,
    firer_id: str,
    target_id: str,
    attack: Sequence[Modifier] = (),
    damage: Sequence[Modifier] = (),
    gun: Literal["main", "secondary"] | None = None,
    arcs: ArcConvention = DEFAULT_ARCS,
) -> Shot:
    """The shot ``firer_id`` would fire at ``target_id`` (nothing judged yet but that it is a
    shot: a tank firing at itself or a friend is refused, IllegalAction: :func:`not_a_shot`)."""
    attack, damage = checked.modifiers("attack", attack), checked.modifiers("damage", damage)
    if gun not in (None, "main", "secondary"):
        raise ArgumentError("gun", gun, 'None, "main" or "secondary"')
    if not isinstance(arcs, ArcConvention):
        raise ArgumentError("arcs", arcs, "an ArcConvention")
    refused = not_a_shot(state, firer_id, target_id)
    if refused is not None:
        raise IllegalAction(refused)
    firer, target = state.tank(firer_id), state.tank(target_id)
    arc = "side" if state.options.side_armour_only else arc_of(target, firer.hex, arcs)
    return Shot(
        state=state, firer=firer, target=target, gun=firer.counter.gun(gun),
        distance=firer.hex.distance(target.hex), arc=arc,
        armour=target.counter.armour_against(arc),
        line=line_of_sight(state, firer.hex, target.hex), arcs=arcs,
        attack=tuple(attack), damage=tuple(damage),
    )  # fmt: skip


def refusals(shot: Shot) -> list[Reason]:
    """Why the shot may not be fired at all (empty: it may)."""
    firer, target, state = shot.firer, shot.target, shot.state
    found: list[Reason] = []
    if target.wreck:
        found.append(Reason(f"{target.id} is already wreckage", WRECKAGE))
    if firer.wreck:
        found.append(Reason(f"{firer.id} is wreckage", WRECKAGE))
    # Range: the text says "less than the Range", but its own example (Panzer IV D, Range 7,
    # cannot fire at 8 or more) allows 7: we follow the example.
    if shot.distance > shot.gun.range:
        found.append(
            Reason(
                f"out of range: {shot.distance} hexes, range {shot.gun.range} (a target at exactly "
                "the Range may be fired at, as in the rulebook's example)",
                ATTACK_ROLL,
            )
        )
    if not shot.line.clear:
        found.append(Reason(f"no line of sight: {shot.line.reason.text}", shot.line.reason.section))
    if _fixed(shot):
        rule = MULTIPLE_GUNS if firer.counter.multiple_guns else ASSAULT_GUNS
        if not in_field_of_fire(firer.facing, firer.hex, target.hex, shot.arcs):
            what = "main gun" if firer.counter.multiple_guns else "gun"
            found.append(Reason(f"{firer.id}'s {what} fires only into its front arc", rule))
    elif state.options.turret_rotation and _turret_turn(firer, target.hex, shot.arcs) is None:
        found.append(
            Reason(
                f"the turret cannot turn onto {target.id} this turn (turret rotation "
                f"{firer.counter.turret_rotation})",
                TURRET_ROTATION,
            )
        )
    return found


def _fixed(shot: Shot) -> bool:
    return not shot.gun.turret or not shot.firer.counter.turreted


def attack_modifiers(shot: Shot) -> tuple[Modifier, ...]:
    """Every modifier of the attack roll: target size, the cards and characters played,
    the target's terrain, angled fire, the line (wreckage, smoke), turning the turret."""
    firer, target, state = shot.firer, shot.target, shot.state
    target_terrain = state.map.terrain_at(target.hex)
    firer_terrain = state.map.terrain_at(firer.hex)
    size_source = f"{ATTACK_MODIFIERS}: Target Size Modifier; value: "
    found = [
        Modifier(f"{target.name} target size", target.counter.target_size,
                 size_source + target.counter.source("target_size")),
        *shot.attack,
    ]  # fmt: skip
    if target_terrain.attack_modifier:
        found.append(
            Modifier(
                f"target in {target_terrain.name}",
                target_terrain.attack_modifier,
                target_terrain.rule,
            )
        )
    # "Angled fire" (Saunders: Hills): the firer's terrain differs from the target's.
    if target_terrain.angled_fire_modifier and firer_terrain.name != target_terrain.name:
        found.append(
            Modifier(
                f"angled fire at a tank in {target_terrain.name}",
                target_terrain.angled_fire_modifier,
                target_terrain.rule,
            )
        )
    found += shot.line.modifiers
    turret = not _fixed(shot) and state.options.turret_rotation
    if turret and _turret_turn(firer, target.hex, shot.arcs):
        found.append(Modifier("rotating the turret and firing in one turn", -2, TURRET_ROTATION))
    elif turret and firer.turret_turned and state.options.turret_penalty == "any-rotation":
        found.append(Modifier("the turret turned earlier this turn", -2, TURRET_ROTATION))
    return tuple(found)


def damage_modifiers(shot: Shot) -> tuple[tuple[Modifier, ...], tuple[Reason, ...]]:
    """Every modifier of the damage roll (firepower, range, cards, terrain), and why a
    usual one does not apply."""
    firer, target, state = shot.firer, shot.target, shot.state
    firepower_source = f"{DAMAGE_ROLL}; value: {firer.counter.source('firepower')}"
    found = [Modifier(f"{firer.name} firepower", shot.gun.firepower, firepower_source)]
    notes: list[Reason] = []
    bonus = {1: 2, 2: 1}.get(shot.distance, 0)
    no_bonus = [rule for rule, names in NO_RANGE_BONUS.items()
                if rule in state.special_rules and firer.counter.name in names]  # fmt: skip
    if bonus and no_bonus:
        notes.append(Reason(f"no range bonus for {firer.counter.name}: a machine gun", CV33))
    elif bonus:
        found.append(Modifier(f"range {shot.distance}", bonus, f"{DAMAGE_ROLL}: Range Modifier"))
    found += shot.damage
    terrain = state.map.terrain_at(target.hex)
    if terrain.damage_modifier:
        found.append(Modifier(f"target in {terrain.name}", terrain.damage_modifier, terrain.rule))
    return tuple(found), tuple(notes)


@dataclass(frozen=True, kw_only=True)
class AttackOdds(DrawnResult):
    """One shot, explained: may it be fired, from which arc, with which modifiers, and the
    exact chances to hit, to destroy given a hit, and to destroy."""

    shot: Shot = field(repr=False)
    can_fire: bool
    reasons: tuple[Reason, ...]  # why it may not be fired first, then the other facts
    attack_modifiers: tuple[Modifier, ...]
    damage_modifiers: tuple[Modifier, ...]
    attack_needed: int | None  # the two-dice total that hits; None: it cannot hit
    damage_needed: int | None
    hit: Fraction
    destroy_given_hit: Fraction
    destroy: Fraction

    @property
    def state(self) -> GameState:
        return self.shot.state

    @property
    def firer(self) -> str:
        return self.shot.firer.id

    @property
    def target(self) -> str:
        return self.shot.target.id

    @property
    def gun(self) -> Gun:
        return self.shot.gun

    @property
    def distance(self) -> int:
        return self.shot.distance

    @property
    def arc(self) -> Arc:
        return self.shot.arc

    @property
    def armour(self) -> int:
        return self.shot.armour

    @property
    def armour_source(self) -> str:
        """Where the target's armour value comes from (a rulebook section or "stand-in")."""
        return self.shot.target.counter.source(f"armour_{self.shot.arc}")

    @property
    def line(self) -> LineOfSight:
        return self.shot.line

    def lines(self) -> list[str]:
        """The explanation, a line per fact, for a learner; widgets show these unchanged."""
        head = f"{self.firer} at {self.target}: {self.distance} hexes"
        armour = f"armour {self.armour}, value: {self.armour_source}"
        out = [f"{head}, {self.arc} arc ({armour})", *(str(r) for r in self.reasons)]
        if not self.can_fire:
            return out
        out.append(f"attack roll: 2 dice + modifiers >= {self.distance} hexes")
        out += [f"  {m}" for m in self.attack_modifiers]
        need = "cannot hit" if self.attack_needed is None else f"needs {self.attack_needed}+"
        out.append(f"  {need} on two dice: hit {self.hit} ({float(self.hit):.1%})")
        out.append(f"damage roll: 2 dice + modifiers >= armour {self.armour}")
        out += [f"  {m}" for m in self.damage_modifiers]
        need = "cannot destroy" if self.damage_needed is None else f"needs {self.damage_needed}+"
        chance = f"destroy if hit {self.destroy_given_hit}; destroy {self.destroy}"
        out.append(f"  {need}: {chance} ({float(self.destroy):.1%})")
        return out

    def __str__(self) -> str:
        return "\n".join(self.lines())


def _needed(target_number: int, modifiers: Sequence[Modifier]) -> tuple[int | None, Fraction]:
    """The two-dice total needed to reach ``target_number``, and its probability."""
    needed = target_number - total(modifiers)
    chance = at_least(needed)
    if chance == 0:
        return None, chance
    return max(needed, 2), chance


def odds_of(shot: Shot) -> AttackOdds:
    """The exact odds of a shot: legality, then the attack and damage modifiers, then the
    chances (every probability an exact fraction)."""
    refused = refusals(shot)
    facts: list[Reason] = []
    if shot.state.options.side_armour_only:
        facts.append(
            Reason("side armour for every attack (the note's simplification)", FIRING_ARCS)
        )
    if shot.distance <= shot.gun.range:
        facts.append(Reason(f"in range: {shot.distance} of {shot.gun.range} hexes", ATTACK_ROLL))
    attack = attack_modifiers(shot)
    damage, notes = damage_modifiers(shot)
    facts += notes
    attack_needed, hit = _needed(shot.distance, attack)
    if shot.distance >= EXTREME and total(shot.attack) <= 0:
        facts.append(
            Reason(
                f"extreme range ({shot.distance} hexes): without a card or character adding to the "
                "attack it always misses",
                EXTREME_RANGE,
            )
        )
        attack_needed, hit = None, Fraction(0)
    damage_needed, kill = _needed(shot.armour, damage)
    if refused:
        hit, attack_needed = Fraction(0), None
    return AttackOdds(
        shot=shot, can_fire=not refused, reasons=tuple(refused + facts),
        attack_modifiers=attack, damage_modifiers=damage,
        attack_needed=attack_needed, damage_needed=damage_needed,
        hit=hit, destroy_given_hit=kill, destroy=hit * kill,
    )  # fmt: skip


def odds(
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
    return odds_of(shot(state, firer_id, target_id, attack, damage, gun, arcs))


def _turret_aim(firer: Tank, target: Hex, arcs: ArcConvention) -> tuple[int, int] | None:
    """The fewest hexsides the turret turns to bring the target into its field of fire, and
    the hexside it then points at; None when its Turret Rotation cannot reach it this turn.
    A target exactly on the line between two 60° arcs lies in both: turning the turret
    engages it (the turret, unlike a fixed gun, can be laid on that line). The Turret
    Rotation value is hexsides per player turn: what the turret already turned this turn (with
    a Movement card or an earlier shot) is spent."""
    reach = max(0, firer.counter.turret_rotation - firer.turret_turned)
    for steps in range(reach + 1):
        for sign in (1, -1):
            facing = (firer.turret_facing + sign * steps) % 6
            if _wedge(target - firer.hex, arcs.bounds(facing)) != "outside":
                return steps, facing
    return None


def _turret_turn(firer: Tank, target: Hex, arcs: ArcConvention) -> int | None:
    """Hexsides the turret must turn to bring a target into its front arc (0: none), or None
    when its Turret Rotation cannot reach it this turn."""
    aim = _turret_aim(firer, target, arcs)
    return None if aim is None else aim[0]


def aimed(
    state: GameState, firer_id: str, target_id: str, arcs: ArcConvention = DEFAULT_ARCS
) -> GameState:
    """The state once the firer's turret has turned onto the target for a shot (Turret
    Rotation): the turret marker shows the new direction and stays there, so the next shot
    the same way needs no turn; it is taken off when the turret points forward again. The
    hexsides turned count against the tank's Turret Rotation for the rest of the turn."""
    firer = state.tank(firer_id)
    if not state.options.turret_rotation or not firer.counter.turreted:
        return state
    aim = _turret_aim(firer, state.tank(target_id).hex, arcs)
    if aim is None or aim[0] == 0:
        return state
    offset = (aim[1] - firer.facing) % 6
    turned = firer.turret_turned + aim[0]
    return state.with_tank(replace(firer, turret=offset or None, turret_turned=turned))


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
    return tuple(odds(state, firer_id, t.id, attack, damage, gun, arcs) for t in enemies)


if not TYPE_CHECKING:  # for mypy no catch-all: a misspelt name stays an error
    __getattr__ = removed_names(
        "workbench.games.panzer_vor.rules.firing",
        {"attack_odds": "odds (the board's; a game state's: the contract's odds)"},
    )
