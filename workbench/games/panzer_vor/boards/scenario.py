"""A Panzer Vor! scenario as a value: the map, the sides and their forces, how they deploy,
their cards, and the special rules in force (by name; the rules engine gives them meaning).

The rulebook's scenarios ship as files in ``maps/panzer-vor/scenarios/`` (format
``workbench.scenario.panzer-vor/1``); a designer writes their own the same way. A scenario
names its map by a path relative to its own file, or holds the map inline.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path
from types import MappingProxyType
from typing import Literal

from workbench.boards.hexmap import HexMap
from workbench.boards.problems import Problem, ScenarioError
from workbench.boards.values import FileValue, Pictured
from workbench.errors import json_path
from workbench.games.panzer_vor.boards.roster import PanzerVorRoster, RosterError
from workbench.geometry.hexgrid import GridError, Hex

MatchType = Literal["annihilation", "flag", "choice", "objective"]
MATCH_TYPES = ("annihilation", "flag", "choice", "objective")
STAGE_LINKS = ("previous_stage", "next_stage")  # a multi-part scenario's stages, in order
CHOSEN = "chosen"  # deploys_first / acts_first decided by the players (Exhibition!)


@dataclass(frozen=True)
class Character:
    """A character or team counter, placed face-up (``front``) or face-down (``reverse``)."""

    name: str
    side: Literal["front", "reverse"] = "front"


@dataclass(frozen=True)
class ForceTank:
    """``count`` tanks of one roster name; one placed tank has a hex and may have a facing
    (0..5 clockwise from NE for pointy hexes), its characters, and the flag marker."""

    tank: str
    count: int = 1
    hex: str | None = None
    facing: int | None = None
    characters: tuple[Character, ...] = ()
    flag: bool = False

    def __post_init__(self) -> None:
        object.__setattr__(self, "characters", tuple(self.characters))


@dataclass(frozen=True)
class Area:
    """Where tanks may deploy: a map zone's name, a hex label or range (``"0813-1413"``),
    or with ``within`` every hex at most that many hexes from the hex ``where``."""

    where: str
    within: int | None = None

    @property
    def is_labels(self) -> bool:
        first, _, last = self.where.partition("-")
        return first.isdigit() and (not last or last.isdigit())


@dataclass(frozen=True)
class StartingHand:
    """Named cards, then ``random`` cards from the deck; ``rule`` says anything else
    (e.g. "draw 5 cards in your first Draw Phase")."""

    cards: Mapping[str, int] = field(default_factory=dict)
    random: int = 0
    rule: str = ""

    __hash__ = None  # type: ignore[assignment]

    def __post_init__(self) -> None:
        object.__setattr__(self, "cards", MappingProxyType(dict(self.cards)))

    @property
    def size(self) -> int:
        return sum(self.cards.values()) + self.random


@dataclass(frozen=True)
class Purchase:
    """A force the player buys (Exhibition!): a points limit, at most ``max_tanks`` tanks,
    only from the ``tanks`` listed (every roster tank when empty)."""

    points: int
    max_tanks: int | None = None
    tanks: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "tanks", tuple(self.tanks))


@dataclass(frozen=True)
class Side:
    """One side of a match: its school and colour, force, deployment and cards.

    ``previous_stage``: in a multi-part scenario, the tanks (with their characters) that
    survived the previous stage join this side as its ``"force"`` or its
    ``"reinforcements"``; tanks listed in ``tanks`` are then among those survivors.
    """

    key: str
    name: str
    school: str = ""
    color: str = "#777777"
    tanks: tuple[ForceTank, ...] = ()
    deployment: tuple[Area, ...] = ()
    flag_choice: bool = False  # the player puts the flag marker on a tank of their choice
    characters: tuple[Character, ...] = ()  # placed on tanks of the player's choice
    starting_hand: StartingHand = field(default_factory=StartingHand)
    scenario_cards: tuple[str, ...] = ()
    reinforcements: tuple[ForceTank, ...] = ()
    reinforcement_area: tuple[Area, ...] = ()
    purchase: Purchase | None = None
    previous_stage: Literal["force", "reinforcements"] | None = None
    notes: str = ""

    def __post_init__(self) -> None:
        for name in ("tanks", "deployment", "characters", "scenario_cards", "reinforcements"):
            object.__setattr__(self, name, tuple(getattr(self, name)))
        object.__setattr__(self, "reinforcement_area", tuple(self.reinforcement_area))

    @property
    def tank_count(self) -> int:
        return sum(t.count for t in self.tanks)

    @property
    def flag_tank(self) -> ForceTank | None:
        return next((t for t in (*self.tanks, *self.reinforcements) if t.flag), None)


@dataclass(frozen=True)
class PanzerVorScenario(FileValue, Pictured):
    """A Panzer Vor! scenario (Part 2 - Scenarios).

    ``map`` is a path relative to the scenario file (``base_dir``) or a HexMap; ``roster``
    (a roster over the shipped one) and, in a multi-part scenario, ``previous_stage`` and
    ``next_stage`` are likewise a path or the value held inline. The files layer fills the
    ``resolved_*`` fields with what they name; ``==`` compares those (a stage by its own
    fields, not its links). ``special_rules`` and ``optional_rules`` (those in force) are names
    the rules engine resolves, e.g. ``"Hills"``, ``"Wreckage"``.
    """

    name: str
    map: str | HexMap
    sides: tuple[Side, ...]
    match_type: MatchType = "annihilation"
    deploys_first: str = CHOSEN
    acts_first: str = CHOSEN
    source: str = ""  # "rulebook: <section>" or who wrote it
    kind: str = ""  # Training Match, Exhibition Match, Inter-school Match
    players: int = 2
    play_time: int | None = None  # minutes
    difficulty: int | None = None  # stars
    description: str = ""
    victory: str = ""
    deck_added: tuple[str, ...] = ()
    deck_removed: tuple[str, ...] = ()
    special_rules: tuple[str, ...] = ()
    optional_rules: tuple[str, ...] = ()
    available_optional_rules: tuple[str, ...] = ()
    stage: int | None = None
    previous_stage: str | PanzerVorScenario | None = None  # its file's path, or held inline
    next_stage: str | PanzerVorScenario | None = None
    roster: str | PanzerVorRoster | None = None  # a roster over the shipped one: file or inline
    notes: tuple[str, ...] = ()
    base_dir: Path | None = field(default=None, compare=False, repr=False)
    resolved_map: HexMap | None = field(default=None, compare=False, repr=False)
    resolved_roster: PanzerVorRoster | None = field(default=None, compare=False, repr=False)
    resolved_previous_stage: PanzerVorScenario | None = field(
        default=None, compare=False, repr=False
    )
    resolved_next_stage: PanzerVorScenario | None = field(default=None, compare=False, repr=False)

    __hash__ = None  # type: ignore[assignment]

    def __post_init__(self) -> None:
        for name in (
            "sides",
            "deck_added",
            "deck_removed",
            "special_rules",
            "optional_rules",
            "available_optional_rules",
            "notes",
        ):
            object.__setattr__(self, name, tuple(getattr(self, name)))
        keys = [s.key for s in self.sides]
        if len(set(keys)) != len(keys):
            raise ScenarioError(f"{self.name}: two sides share a key ({', '.join(keys)})")
        for who in (self.deploys_first, self.acts_first):
            if who != CHOSEN and who not in keys:
                raise ScenarioError(
                    f"{self.name}: {who!r} is not a side ({', '.join(keys)}) or {CHOSEN!r}"
                )
        if self.match_type not in MATCH_TYPES:
            raise ScenarioError(
                f"{self.name}: match type {self.match_type!r} is not one of "
                f"{', '.join(MATCH_TYPES)}"
            )
        if isinstance(self.map, HexMap) and self.resolved_map is None:
            object.__setattr__(self, "resolved_map", self.map)
        for link in STAGE_LINKS:
            if isinstance(getattr(self, link), PanzerVorScenario):  # held inline
                object.__setattr__(self, f"resolved_{link}", getattr(self, link))

    def __eq__(self, other: object) -> bool:
        """Equal fields, with file references compared by what they name: the map itself
        when it was loaded (a copy saved in another folder names it by another relative path,
        or holds it inline), and the next and previous stages by their own fields (not their
        links back, which go round in a circle), else the file."""
        if not isinstance(other, PanzerVorScenario):
            return NotImplemented
        return self._compared() == other._compared()

    def _referred(self, reference: str) -> Path:
        """The file a reference names (relative to the scenario's folder when known)."""
        path = Path(reference)
        if path.is_absolute() or self.base_dir is None:
            return path.resolve()
        return (self.base_dir / path).resolve()

    def _compared(self, *, links: bool = True) -> tuple[object, ...]:
        """The values ``==`` compares (``links=False``: without the stage links)."""
        out: list[object] = []
        for name, f in self.__dataclass_fields__.items():
            value = getattr(self, name)
            if not f.compare or (name in STAGE_LINKS and not links):
                continue
            if name == "map" and self.resolved_map is not None:
                value = self.resolved_map
            elif name == "roster" and value is not None and self.resolved_roster is not None:
                value = self.resolved_roster  # the roster in force, from a file or inline
            elif name in STAGE_LINKS and getattr(self, f"resolved_{name}") is not None:
                value = getattr(self, f"resolved_{name}")._compared(links=False)
            elif name in ("map", "roster", *STAGE_LINKS) and isinstance(value, str):
                value = self._referred(value)
            out.append(value)
        return tuple(out)

    # --- reading ----------------------------------------------------------------------
    def side(self, key: str) -> Side:
        for side in self.sides:
            if side.key == key:
                return side
        raise ScenarioError(
            f"no side {key!r} in {self.name} (sides: {', '.join(s.key for s in self.sides)})"
        )

    @property
    def hexmap(self) -> HexMap:
        """The scenario's map, as the files layer resolved it when the scenario was loaded."""
        if self.resolved_map is None:
            raise ScenarioError(
                f"{self.name}: its map {self.map!r} was never loaded: load the scenario with "
                "workbench.load, or give it a HexMap"
            )
        return self.resolved_map

    @property
    def counters(self) -> PanzerVorRoster:
        """The roster in force: the shipped one with the scenario's roster file over it, as
        the files layer resolved it when the scenario was loaded."""
        if self.resolved_roster is None:
            raise ScenarioError(
                f"{self.name}: its roster was never loaded: load the scenario with "
                "workbench.load, or give it resolved_roster"
            )
        return self.resolved_roster

    def save(self, path: str | Path, *, embed_map: bool = False) -> Path:
        """Write the scenario as JSON, atomically. Its map (and roster, stage) files are named
        relative to the new place, or held inline where the new place's board folder does
        not hold them, so the copy loads wherever it is saved; ``embed_map=True`` writes the
        map inside the scenario file in any case."""
        return FileValue.save(replace(self, map=self.hexmap) if embed_map else self, path)

    def self_contained(self) -> PanzerVorScenario:
        """A copy holding its map, roster and the stages it names inline (as they were loaded,
        each stage self-contained too), to be kept inside another file (a record) or sent
        whole."""
        stages = {
            link: stage.self_contained()
            for link in STAGE_LINKS
            if (stage := getattr(self, f"resolved_{link}")) is not None
        }
        roster = self.roster
        if isinstance(roster, str) and self.resolved_roster is not None:
            roster = self.resolved_roster  # the roster in force, over the shipped one again
        return replace(self, map=self.hexmap, roster=roster, **stages)

    def with_map(self, hexmap: HexMap) -> PanzerVorScenario:
        return replace(self, resolved_map=hexmap)

    def with_inline_map(self, hexmap: HexMap) -> PanzerVorScenario:
        """A copy holding this (edited) map inline: it is saved inside the scenario file."""
        return replace(self, map=hexmap, resolved_map=hexmap)

    def with_placed_tank(self, key: str, tank: ForceTank) -> PanzerVorScenario:
        """A copy where side ``key`` has this tank placed (replacing a tank on its hex)."""
        self.side(key)
        cleared = self.without_placed_tank(tank.hex) if tank.hex is not None else self
        sides = tuple(
            replace(s, tanks=(*s.tanks, tank)) if s.key == key else s for s in cleared.sides
        )
        return replace(cleared, sides=sides)

    def without_placed_tank(self, label: str | None) -> PanzerVorScenario:
        """A copy without the tank placed on the hex ``label`` (if any)."""
        sides = tuple(
            replace(s, tanks=tuple(t for t in s.tanks if t.hex is None or t.hex != label))
            for s in self.sides
        )
        return replace(self, sides=sides)

    def placed_tanks(self) -> dict[str, tuple[str, ForceTank]]:
        """Every tank placed on a hex at the start: label -> (side key, tank)."""
        return {t.hex: (s.key, t) for s in self.sides for t in s.tanks if t.hex is not None}

    def area_hexes(self, areas: Iterable[Area], hexmap: HexMap | None = None) -> frozenset[Hex]:
        """The hexes a list of deployment areas covers."""
        hexmap = hexmap or self.hexmap
        return frozenset(h for area in areas for h in area_hexes(area, hexmap))

    def deployment_hexes(self, key: str, hexmap: HexMap | None = None) -> frozenset[Hex]:
        """Where a side deploys: its areas and the hexes its placed tanks start on."""
        hexmap = hexmap or self.hexmap
        side = self.side(key)
        placed = {hexmap.hex(t.hex) for t in side.tanks if t.hex is not None}
        return self.area_hexes(side.deployment, hexmap) | placed


def area_hexes(area: Area, hexmap: HexMap) -> frozenset[Hex]:
    """The hexes of one deployment area (MapError/GridError if it is not on the map)."""
    grid = hexmap.grid
    if area.within is not None:
        centre = grid.hex(area.where)
        return frozenset(h for h in centre.disk(area.within) if h in grid)
    if area.is_labels:
        first, _, last = area.where.partition("-")
        (c0, r0), (c1, r1) = (
            grid.to_offset(grid.hex(first)),
            grid.to_offset(grid.hex(last or first)),
        )
        return frozenset(
            grid.from_offset(c, r)
            for r in range(min(r0, r1), max(r0, r1) + 1)
            for c in range(min(c0, c1), max(c0, c1) + 1)
        )
    return hexmap.zone(area.where)


def problems(scenario: PanzerVorScenario, hexmap: HexMap, roster: PanzerVorRoster) -> list[Problem]:
    """What does not fit between a scenario, its map and the roster (empty when it all does)."""
    out: list[Problem] = []
    grid = hexmap.grid
    occupied: dict[Hex, list[str | int]] = {}

    def tank_known(name: str, at: list[str | int]) -> None:
        try:
            roster.canonical(name)
        except RosterError:
            shown = ", ".join(roster.names)
            out.append(Problem(at, name, f"a tank in the roster {roster.name!r} ({shown})"))

    def check_area(area: Area, at: list[str | int]) -> None:
        try:
            area_hexes(area, hexmap)
        except GridError as error:
            out.append(Problem(at, area.where, f"a hex label or range on the map ({error})"))
        except ValueError:
            zones = ", ".join(hexmap.zones) or "none"
            out.append(
                Problem(at, area.where, f"a hex label, a range or a zone of the map ({zones})")
            )

    for i, side in enumerate(scenario.sides):
        flags = 0
        for group in ("tanks", "reinforcements"):
            for j, tank in enumerate(getattr(side, group)):
                at: list[str | int] = ["sides", i, group, j]
                tank_known(tank.tank, [*at, "tank"])
                flags += tank.flag
                if tank.flag and tank.count != 1:
                    out.append(Problem([*at, "count"], tank.count, "1 for the flag tank"))
                if tank.facing is not None and tank.hex is None:
                    out.append(Problem([*at, "facing"], tank.facing, "a facing only with a hex"))
                if tank.hex is None:
                    continue
                if tank.count != 1:
                    out.append(Problem([*at, "count"], tank.count, "1 for a tank placed on a hex"))
                try:
                    h = grid.hex(tank.hex)
                except GridError as error:
                    out.append(Problem([*at, "hex"], tank.hex, f"a hex on the map ({error})"))
                    continue
                if h in occupied:
                    other = json_path(occupied[h])
                    out.append(
                        Problem(
                            [*at, "hex"],
                            tank.hex,
                            f"a hex no other tank starts in (one tank per hex: {other} is there)",
                        )
                    )
                occupied.setdefault(h, at)
                terrain = hexmap.terrain_at(h)
                if not (terrain.enterable or terrain.deployment_only):
                    out.append(
                        Problem(
                            [*at, "hex"], tank.hex, f"a hex a tank may enter (it is {terrain.name})"
                        )
                    )
                elif terrain.may_enter is not None and side.school not in terrain.may_enter:
                    out.append(
                        Problem(
                            [*at, "hex"],
                            tank.hex,
                            f"a hex {side.school or side.key} may enter ({terrain.name}: "
                            f"only {', '.join(terrain.may_enter)})",
                        )
                    )
        if flags > 1:
            out.append(Problem(["sides", i, "tanks"], flags, "at most one flag tank per side"))
        for group in ("deployment", "reinforcement_area"):
            for j, area in enumerate(getattr(side, group)):
                check_area(area, ["sides", i, group, j])
        if side.purchase is not None:
            for j, name in enumerate(side.purchase.tanks):
                tank_known(name, ["sides", i, "purchase", "tanks", j])
    return out
