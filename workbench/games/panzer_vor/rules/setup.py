"""From a scenario file to a game state: the map, the sides and every tank placed on a hex.

Tanks the scenario places (Setup, "Deployment") stand where it says; a tank without a hex is
deployed by the player and is listed as waiting, so a learner can place it with
:meth:`GameState.with_tank`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from workbench.games.panzer_vor.boards.roster import PanzerVorRoster
from workbench.games.panzer_vor.boards.scenario import ForceTank, PanzerVorScenario
from workbench.games.panzer_vor.rules.state import GameState, OptionalRules, Side, Tank
from workbench.geometry.hexgrid import FACINGS

OPTIONAL_RULES = {
    "Wreckage": "wreckage",
    "Turret Rotation": "turret_rotation",
    "Cutting Through": "cutting_through",
    "Side armour only": "side_armour_only",
}
# the Optional Rules as the option ``optional_rules`` spells them (with hyphens, as every
# option value is), and the rule each names
OPTIONAL_RULE_VALUES = {
    "wreckage": "Wreckage",
    "turret-rotation": "Turret Rotation",
    "cutting-through": "Cutting Through",
    "side-armour-only": "Side armour only",
}


@dataclass(frozen=True)
class Setup:
    """The starting state and the tanks still to deploy: (side, tank name) pairs."""

    state: GameState
    waiting: tuple[tuple[str, str], ...]

    __hash__ = None  # type: ignore[assignment]


def side_name(scenario: PanzerVorScenario, key: str) -> str:
    """The name a side's tanks carry: its school (what terrain such as alleys checks),
    unless both sides share a school."""
    side = scenario.side(key)
    schools = [s.school for s in scenario.sides]
    return side.school if side.school and schools.count(side.school) == 1 else side.key


def game_from_scenario(
    scenario: PanzerVorScenario,
    roster: PanzerVorRoster | None = None,
    options: OptionalRules | None = None,
) -> Setup:
    """The scenario's opening position (its optional rules in force unless ``options`` says)."""
    hexmap = scenario.hexmap
    roster = roster or scenario.counters
    if options is None:
        flags: dict[str, Any] = {
            OPTIONAL_RULES[r]: True for r in scenario.optional_rules if r in OPTIONAL_RULES
        }
        options = OptionalRules(**flags)
    sides = {
        side_name(scenario, s.key): Side(side_name(scenario, s.key), s.color, s.school)
        for s in scenario.sides
    }
    tanks: list[Tank] = []
    waiting: list[tuple[str, str]] = []
    names: dict[str, int] = {}
    for side in scenario.sides:
        name = side_name(scenario, side.key)
        for force in side.tanks:
            for _ in range(force.count):
                if force.hex is None:
                    waiting.append((name, force.tank))
                    continue
                tanks.append(_placed(force, name, roster, hexmap.hex(force.hex), names))
    special = frozenset(scenario.special_rules) | frozenset(scenario.optional_rules)
    state = GameState(hexmap, tuple(tanks), sides, options, special)
    return Setup(state, tuple(waiting))


def _placed(
    force: ForceTank, side: str, roster: PanzerVorRoster, where: object, names: dict[str, int]
) -> Tank:
    counter = roster.get(force.tank)
    names[counter.name] = names.get(counter.name, 0) + 1
    tank_id = counter.name if names[counter.name] == 1 else f"{counter.name} {names[counter.name]}"
    character = force.characters[0].name if force.characters else None
    return Tank(
        tank_id,
        counter,
        side,
        where,  # type: ignore[arg-type]
        force.facing if force.facing is not None else 0,
        flag=force.flag,
        character=character,
    )


def quick_deployment(scenario: PanzerVorScenario, setup: Setup) -> Setup:
    """Every waiting tank placed on the first free hex of its side's deployment area
    (reading order), facing the middle of the map: a quick start for exploring, not a
    deployment the rulebook prescribes."""
    state = setup.state
    grid = state.map.grid
    middle = grid.from_offset(grid.cols // 2, grid.rows // 2)
    names: dict[str, int] = {}
    for tank in state.tanks:
        base = tank.counter.name
        names[base] = names.get(base, 0) + 1
    left: list[tuple[str, str]] = []
    roster = scenario.counters
    for side_label, tank_name in setup.waiting:
        key = next(s.key for s in scenario.sides if side_name(scenario, s.key) == side_label)
        area = sorted(
            scenario.deployment_hexes(key, state.map), key=lambda h: grid.to_offset(h)[::-1]
        )
        free = [h for h in area if state.tank_at(h) is None and state.map.terrain_at(h).enterable]
        if not free:
            left.append((side_label, tank_name))
            continue
        where = free[0]
        facing = min(FACINGS, key=lambda d: where.neighbor(d).distance(middle))
        force = ForceTank(tank_name, hex=grid.label(where), facing=facing)
        state = state.with_tank(_placed(force, side_label, roster, where, names))
    return Setup(state, tuple(left))


def waiting_tanks(scenario: PanzerVorScenario, setup: Setup) -> list[Tank]:
    """The tanks the players deploy, named as the quick deployment names them, on a spare
    hex until placed."""
    state = setup.state
    names: dict[str, int] = {}
    for tank in state.tanks:
        names[tank.counter.name] = names.get(tank.counter.name, 0) + 1
    spare = next(iter(state.map.grid))
    return [
        _placed(ForceTank(tank_name), side_label, scenario.counters, spare, names)
        for side_label, tank_name in setup.waiting
    ]
