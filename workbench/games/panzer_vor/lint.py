"""Linting a Panzer Vor! hex map or scenario: exposure, blind spots, reach from the
deployment zones, unreachable hexes, edge hexsides, zones and tanks on hexes they may not use.

Readings (where the rulebook leaves the designer's question open):

- *Exposure* of a hex is how many other hexes see it (Firing: Line of Sight; tanks never
  block). A *blind spot* is a hex a tank may enter that no hex farther than adjacent sees:
  nothing can fire at a tank there except from next door.
- *Reach* is counted in turns of ``mp`` movement points, moving forward hex to hex at each
  terrain's entry cost (Moving: Movement) with hexsides that block movement respected and the
  turns in place not counted, so it is the fastest a tank could possibly get there (a lower
  bound). ``mp`` defaults to the fastest counter's movement in the shipped roster.
- *Unreachable*: a hex a tank may enter that no deployment zone reaches at all; on a map
  without zones, one cut off from the largest open area. A hex only some sides may enter
  (an alley) counts as reached when a tank of such a side reaches it.
- *Edge hexside*: a feature on the side between two hexes of the map's outer ring, running
  along the edge, where it cannot separate any part of the map from another.

One finding per cause, with every place it concerns: each area of neighbouring hexes cut off
(a river painted across the map is one finding for the hexes beyond it), each area of blind
spots, each kind of feature along the edge, each zone's hexes of each terrain no tank enters.

Each check is registered in :data:`CHECKS` with its estimate, a line in the units of its
work (:func:`work_units`: pairs of hexes, hexes searched...) fitted to measures
(``benchmarks/README.md``, "Lint's estimates"); exposure and blind spots, which need the
map's visibility matrix, are the checks left out when the bound would be passed.
"""

from __future__ import annotations

import heapq
import itertools
import math
from collections.abc import Iterable, Mapping
from typing import Any

import numpy as np

from workbench.boards.hexmap import HexMap
from workbench.bounds import MAX_BYTES, MAX_SECONDS, Cost
from workbench.errors import ArgumentError
from workbench.files.errors import json_path
from workbench.games.panzer_vor.boards.scenario import PanzerVorScenario, problems
from workbench.games.panzer_vor.formats.shipped import panzer_vor_roster
from workbench.games.panzer_vor.rules.movement import move_table
from workbench.games.panzer_vor.rules.sections import GAME_SETUP, LINE_OF_SIGHT, MOVEMENT
from workbench.games.panzer_vor.rules.visibility import (
    MAX_MATRIX_BYTES,
    VisibilityMatrix,
    visibility_cost,
    visibility_matrix,
)
from workbench.geometry.hexgrid import Hex, HexLike
from workbench.lint import (
    NOTHING,
    Checks,
    Finding,
    Found,
    LintReport,
    Options,
    Work,
    connected,
    grouped,
    lint,
    options_checked,
)
from workbench.rules.core import Reason


def fastest_movement() -> int:
    """The highest movement score in the shipped roster (the default MP of a turn)."""
    return max(counter.movement for counter in panzer_vor_roster().counters.values())


FAR_CHUNK = 1 << 22  # pairs of hexes whose distances blind_spots holds at once (16 MiB)


def sight(
    hexmap: HexMap, max_bytes: int = MAX_MATRIX_BYTES, max_seconds: float | None = MAX_SECONDS
) -> VisibilityMatrix:
    """The map's visibility matrix, computed once per (immutable) map."""
    cache = hexmap.derived
    if "visibility" not in cache:
        cache["visibility"] = visibility_matrix(
            hexmap, max_bytes=max_bytes, max_seconds=max_seconds
        )
    return cache["visibility"]


def exposure(hexmap: HexMap) -> dict[Hex, int]:
    """How many other hexes see each hex (the exposure heatmap)."""
    return sight(hexmap).counts()


def blind_spots(hexmap: HexMap) -> list[Hex]:
    """Enterable hexes seen from no hex farther than adjacent, in reading order."""
    matrix = sight(hexmap)
    hexes = matrix.hexes
    q = np.array([h.q for h in hexes], dtype=np.int32)
    r = np.array([h.r for h in hexes], dtype=np.int32)
    s = q + r
    seen_from_afar = np.zeros(len(hexes), dtype=bool)
    rows = max(1, FAR_CHUNK // max(len(hexes), 1))  # a band of rows at a time: memory linear
    for start in range(0, len(hexes), rows):
        band = slice(start, start + rows)
        distance = np.abs(q[band, None] - q[None, :])
        distance += np.abs(r[band, None] - r[None, :])
        distance += np.abs(s[band, None] - s[None, :])
        seen_from_afar |= (matrix.matrix[band] & (distance > 2)).any(axis=0)  # cube distance > 1
    return [
        h
        for h, seen in zip(hexes, seen_from_afar.tolist(), strict=True)
        if not seen and _enterable(hexmap, h)
    ]


def _enterable(hexmap: HexMap, h: Hex) -> bool:
    terrain = hexmap.terrain_at(h)
    return terrain.enterable and not terrain.deployment_only


def reach_costs(hexmap: HexMap, starts: Iterable[Hex], side: str = "") -> dict[Hex, int]:
    """The least MP to move from any start hex to each hex (forward steps at each terrain's
    entry cost; turns in place not counted), by Dijkstra over the map's movement table."""
    table = move_table(hexmap, side)
    best: dict[int, int] = {}
    queue: list[tuple[int, int]] = []
    for h in starts:
        if h in table.index:
            best[table.index[h]] = 0
            queue.append((0, table.index[h]))
    heapq.heapify(queue)
    while queue:
        cost, i = heapq.heappop(queue)
        if cost != best.get(i):
            continue
        for j, entry in zip(table.neighbor[i], table.entry[i], strict=True):
            if entry < 0:
                continue
            new = cost + entry
            if new < best.get(j, math.inf):
                best[j] = new
                heapq.heappush(queue, (new, j))
    return {table.hexes[i]: c for i, c in best.items()}


def sides_of(hexmap: HexMap) -> tuple[str, ...]:
    """The sides movement may differ for: any tank (""), and each side a terrain type lets
    in alone (an alley only Ōarai enters)."""
    only = {side for t in hexmap.terrain_types.values() if t.may_enter for side in t.may_enter}
    return ("", *sorted(only))


def best_reach(hexmap: HexMap, starts: Iterable[Hex]) -> dict[Hex, int]:
    """The least MP to each hex for a tank of any side (see :func:`reach_costs`)."""
    starts = list(starts)
    best: dict[Hex, int] = {}
    for side in sides_of(hexmap):
        for h, cost in reach_costs(hexmap, starts, side).items():
            if cost < best.get(h, math.inf):
                best[h] = cost
    return best


def reach_turns(costs: Mapping[Hex, int], mp: int) -> dict[Hex, int]:
    """Turns to get to each hex with ``mp`` MP a turn (0 for a start hex)."""
    return {h: -(-c // mp) for h, c in costs.items()}


def _components(hexmap: HexMap) -> list[set[Hex]]:
    """The open areas of the map: enterable hexes joined by steps a tank may take."""
    open_hexes = {h for h in hexmap.grid if _enterable(hexmap, h)}
    areas: list[set[Hex]] = []
    seen: set[Hex] = set()
    for h in open_hexes:
        if h in seen:
            continue
        area = set(best_reach(hexmap, [h])) & open_hexes | {h}
        seen |= area
        areas.append(area)
    return areas


def areas_of(hexmap: HexMap, hexes: Iterable[Hex]) -> list[tuple[Hex, ...]]:
    """``hexes`` in areas of neighbouring hexes, each in reading order (row by row), the areas
    in the order of their first hex: one finding per area, not per hex."""
    grid = hexmap.grid
    reading = {h: grid.to_offset(h)[::-1] for h in hexes}
    groups = connected(reading, lambda h: (n for n in grid.neighbors(h) if n in reading))
    ordered = [tuple(sorted(g, key=reading.__getitem__)) for g in groups]
    return sorted(ordered, key=lambda g: reading[g[0]])


def _edge_ring(hexmap: HexMap) -> set[Hex]:
    grid = hexmap.grid
    return {h for h in grid if len(grid.neighbors(h)) < 6}


# --- the checks and their estimates --------------------------------------------------------


def _hexmap(board: HexMap | PanzerVorScenario) -> HexMap:
    return board if isinstance(board, HexMap) else board.hexmap


def work_units(board: HexMap | PanzerVorScenario, options: Options) -> dict[str, int]:
    """The work each check does, in its units, as estimated before it runs (the tests count
    the same units as the checks run): ``pairs`` of hexes (the visibility matrix, its counts,
    the blind spots' distances), ``tables`` (hexes of the movement tables not yet made, one
    per side; ``walled tables`` those of a map with hexsides), ``searched`` (hexes settled
    by the reach searches: every hex, once per side and zone, or once per side for the open
    areas of a map without zones), ``hexes`` (the map's), ``zoned`` (hexes named by the
    zones) and ``hexsides``."""
    hexmap = _hexmap(board)
    n = len(hexmap.grid)
    sides = sides_of(hexmap)
    made = hexmap.derived.get("move_table", {})
    zones = options["zones"]
    tables = n * sum(side not in made for side in sides)
    return {
        "pairs": n * n,
        "tables": tables,
        "walled tables": tables if hexmap.hexsides else 0,  # each step's hexside looked up
        "searched": n * len(sides) * max(len(zones), 1),
        "hexes": n,
        "zoned": sum(len(hexes) for hexes in zones.values()),
        "hexsides": len(hexmap.hexsides),
    }


# Each estimate: seconds and bytes per unit of work, about three times the CPU time measured
# here (the shared machine's wall clock under its usual load), fitted on blank and obstructed
# maps of 10 x 10 to 200 x 200 and the shipped maps (benchmarks/README.md, "Lint's estimates").
PAIR_SECONDS_COUNTS = 1e-9
PAIR_SECONDS_FAR = 8e-9
BAND_BYTES = 14  # a pair of hexes of a band of blind_spots: its distances and masks
HEX_SECONDS = 1.5e-5  # a hex of the map, once, in the reach check's sets and areas
HEX_BYTES = 600
RING_BYTES = 20  # a hex of the map, for the edge ring (only the ring is kept)
TABLE_SECONDS = 2e-5
WALLED_TABLE_SECONDS = 8e-5  # more for each hex of a map with hexsides
TABLE_BYTES = 400
SEARCHED_SECONDS = 1e-5
SEARCHED_BYTES = 200  # a search's dicts and queue (the heatmap of each zone kept: HEX_BYTES)
BASE_SECONDS = 2e-3


def _visibility_made(board: HexMap | PanzerVorScenario, options: Options) -> VisibilityMatrix:
    return sight(_hexmap(board), options["max_bytes"], options["max_seconds"])


def _visibility_cost(board: HexMap | PanzerVorScenario, options: Options) -> Cost:
    hexmap = _hexmap(board)
    return NOTHING if "visibility" in hexmap.derived else visibility_cost(len(hexmap.grid))


VISIBILITY = Work("the visibility matrix", _visibility_made, _visibility_cost)
CHECKS = Checks("hex map")


def _exposure_cost(board: HexMap | PanzerVorScenario, options: Options) -> Cost:
    units = work_units(board, options)
    return Cost(HEX_BYTES * units["hexes"], PAIR_SECONDS_COUNTS * units["pairs"])


@CHECKS.check("exposure", cost=_exposure_cost, needs=[VISIBILITY], optional=True)
def _exposure(board: HexMap | PanzerVorScenario, options: Options, found: Found) -> None:
    found.heatmaps["exposure"] = {h: float(n) for h, n in found.made(VISIBILITY).counts().items()}


def _blind_spots_cost(board: HexMap | PanzerVorScenario, options: Options) -> Cost:
    units = work_units(board, options)
    band = min(units["pairs"], FAR_CHUNK + units["hexes"])  # int32 distances, and masks
    return Cost(
        BAND_BYTES * band + HEX_BYTES * units["hexes"],
        BASE_SECONDS + PAIR_SECONDS_FAR * units["pairs"] + HEX_SECONDS * units["hexes"],
    )


@CHECKS.check("blind spots", cost=_blind_spots_cost, needs=[VISIBILITY], optional=True)
def _blind_spots(board: HexMap | PanzerVorScenario, options: Options, found: Found) -> None:
    hexmap = _hexmap(board)
    found.made(VISIBILITY)
    label = hexmap.grid.label
    for spots in areas_of(hexmap, blind_spots(hexmap)):
        names = [label(h) for h in spots]
        text = (
            f"hex {names[0]} is seen from no hex farther than adjacent: a blind spot"
            if len(spots) == 1
            else f"these {len(spots)} hexes are seen from no hex farther than adjacent: "
            + "blind spots"
        )
        found.findings.append(
            grouped("blind-spot", names, spots, Reason(text, LINE_OF_SIGHT), "note")
        )


def _edge_cost(board: HexMap | PanzerVorScenario, options: Options) -> Cost:
    units = work_units(board, options)
    cells = units["hexes"] + units["hexsides"]
    return Cost(RING_BYTES * units["hexes"] + HEX_BYTES * units["hexsides"],
                BASE_SECONDS + HEX_SECONDS * cells)  # fmt: skip


@CHECKS.check("edge hexsides", cost=_edge_cost)
def _edge_hexsides(board: HexMap | PanzerVorScenario, options: Options, found: Found) -> None:
    hexmap = _hexmap(board)
    grid = hexmap.grid
    edge = _edge_ring(hexmap)
    along: dict[str, list] = {}
    for side, kind in sorted(hexmap.hexsides.items(), key=lambda item: grid.hexside_label(item[0])):
        if all(h in edge for h in side.hexes):
            along.setdefault(kind, []).append(side)
    for kind, sides in along.items():
        names = [grid.hexside_label(side) for side in sides]
        what = (
            f"the {kind} hexside {names[0]} runs"
            if len(sides) == 1
            else (f"these {len(sides)} {kind} hexsides run")
        )
        text = f"{what} along the map edge, where it separates nothing"
        rule = hexmap.hexside_types[kind].rule or MOVEMENT
        cells = tuple(dict.fromkeys(h for side in sides for h in side.hexes))
        found.findings.append(grouped("edge-hexside", names, cells, Reason(text, rule)))


def _zones_cost(board: HexMap | PanzerVorScenario, options: Options) -> Cost:
    zoned = work_units(board, options)["zoned"]
    return Cost(HEX_BYTES * zoned, BASE_SECONDS + HEX_SECONDS * zoned)


@CHECKS.check("zones", cost=_zones_cost)
def _zones(board: HexMap | PanzerVorScenario, options: Options, found: Found) -> None:
    hexmap = _hexmap(board)
    grid = hexmap.grid
    for name, hexes in options["zones"].items():
        closed = [h for h in hexes if not _enterable(hexmap, h)]
        by_terrain: dict[str, list[Hex]] = {}
        for h in sorted(closed, key=lambda h: grid.to_offset(h)[::-1]):
            by_terrain.setdefault(hexmap.terrain_at(h).name, []).append(h)
        for terrain_name, closed_hexes in by_terrain.items():
            terrain = hexmap.terrain_at(closed_hexes[0])
            names = [grid.label(h) for h in closed_hexes]
            which = f"hex {names[0]}" if len(names) == 1 else f"these {len(names)} hexes"
            text = f"zone {name!r} includes {which}, {terrain_name}: no tank may enter it"
            reason = Reason(text, terrain.rule or MOVEMENT)
            found.findings.append(grouped("zone-impassable", names, closed_hexes, reason))


def _reach_cost(board: HexMap | PanzerVorScenario, options: Options) -> Cost:
    units = work_units(board, options)
    kept = units["hexes"] * (len(options["zones"]) + 1)  # the heatmaps and sets kept
    return Cost(
        TABLE_BYTES * units["tables"] + SEARCHED_BYTES * units["searched"] + HEX_BYTES * kept,
        BASE_SECONDS
        + TABLE_SECONDS * units["tables"]
        + WALLED_TABLE_SECONDS * units["walled tables"]
        + SEARCHED_SECONDS * units["searched"]
        + HEX_SECONDS * kept,
    )


@CHECKS.check("reach", cost=_reach_cost)
def _reach(board: HexMap | PanzerVorScenario, options: Options, found: Found) -> None:
    hexmap = _hexmap(board)
    grid = hexmap.grid
    mp, areas = options["mp"], options["zones"]
    reached: set[Hex] = set()
    for name, hexes in areas.items():
        starts = [h for h in hexes if _enterable(hexmap, h) or hexmap.terrain_at(h).deployment_only]
        within = reach_turns(best_reach(hexmap, starts), mp)
        reached |= set(within)
        found.heatmaps[f"reach from {name}"] = {
            h: float(t) for h, t in within.items() if t <= options["turns"]
        }
    if areas:
        lost = [h for h in grid if _enterable(hexmap, h) and h not in reached]
        where = "any zone (" + ", ".join(repr(n) for n in areas) + ")"
    else:
        parts = sorted(_components(hexmap), key=len, reverse=True)
        lost = [h for part in parts[1:] for h in part]
        where = "the largest open area of the map"
    for cut_off in areas_of(hexmap, lost):
        names = [grid.label(h) for h in cut_off]
        which = f"hex {names[0]}" if len(cut_off) == 1 else f"these {len(cut_off)} hexes"
        text = f"no tank can reach {which} from {where}"
        found.findings.append(grouped("unreachable", names, cut_off, Reason(text, MOVEMENT)))
    found.notes.append(
        Reason(f"reach counted in turns of {mp} MP, turning not counted (a lower bound)", MOVEMENT)
    )


def _zones_given(hexmap: HexMap, zones: Mapping[str, Iterable[HexLike]]) -> dict[str, set[Hex]]:
    """``zones`` as sets of the map's hexes (an endless list of hexes is refused at the
    map's size, a hex not on the map at once)."""
    out = {}
    for name, hexes in zones.items():
        if isinstance(hexes, str | bytes) or not isinstance(hexes, Iterable):
            raise ArgumentError("zones", hexes, "lists of hexes of the map, by zone name")
        listed = list(itertools.islice(hexes, len(hexmap.grid) + 1))
        if len(listed) > len(hexmap.grid):
            raise ArgumentError("zones", name, "zones of at most as many hexes as the map has")
        try:
            out[name] = {hexmap.hex(h) for h in listed}
        except (ValueError, TypeError, KeyError) as error:
            raise ArgumentError("zones", name, f"zones of hexes of the map ({error})") from error
        off = [h for h in out[name] if h not in hexmap.grid]
        if off:
            raise ArgumentError("zones", off[0], f"a hex of the map in zone {name!r}")
    return out


def _size(hexmap: HexMap) -> str:
    grid = hexmap.grid
    return f"a {grid.rows} x {grid.cols} map of {len(grid):,} hexes"


def _options(hexmap: HexMap, mp: int | None, turns: int) -> dict[str, Any]:
    if mp is not None and mp < 1:
        raise ArgumentError("mp", mp, "movement points of a turn, at least 1, or None")
    if turns < 0:
        raise ArgumentError("turns", turns, "a number of turns, at least 0")
    return {"mp": mp or fastest_movement(), "turns": turns}


@lint.register(HexMap)
@options_checked
def lint_hexmap(
    hexmap: HexMap,
    *,
    mp: int | None = None,
    turns: int = 3,
    zones: Mapping[str, Iterable[HexLike]] | None = None,
    max_bytes: int = MAX_BYTES,
    max_seconds: float | None = MAX_SECONDS,
    leave_out: Iterable[str] = (),
) -> LintReport:
    """Lint a hex map. ``zones`` (name -> hexes) replaces the map's own zones as the places
    reach is measured from; ``turns``: the reach heatmaps show hexes within that many turns.
    The checks' estimates are added up first (see :mod:`workbench.lint`): exposure and blind
    spots, which need the map's visibility matrix, are left out (and named in the report)
    where they would pass ``max_bytes`` (2 GiB: maps past 170 x 170) or ``max_seconds`` (60
    s); a map whose other checks alone would pass them is refused. ``leave_out``: names of
    checks not to run (:data:`CHECKS`)."""
    options = _options(hexmap, mp, turns)
    options["zones"] = dict(hexmap.zones) if zones is None else _zones_given(hexmap, zones)
    return CHECKS.run(hexmap, options, max_bytes=max_bytes, max_seconds=max_seconds,
                      leave_out=leave_out, described=_size(hexmap))  # fmt: skip


SCENARIO_CHECKS = Checks("scenario", CHECKS)


def _scenario_cost(board: PanzerVorScenario, options: Options) -> Cost:
    tanks = sum(len(side.tanks) + len(side.deployment) for side in board.sides)
    units = tanks + work_units(board, options)["zoned"]
    return Cost(HEX_BYTES * units, BASE_SECONDS + HEX_SECONDS * units)


@SCENARIO_CHECKS.check("scenario", cost=_scenario_cost)
def _scenario(scenario: PanzerVorScenario, options: Options, found: Found) -> None:
    roster = scenario.resolved_roster or panzer_vor_roster()  # a scenario made in Python
    for problem in problems(scenario, scenario.hexmap, roster):
        found.findings.append(
            Finding("scenario", json_path(problem.field), Reason(str(problem), GAME_SETUP), "error")
        )


@SCENARIO_CHECKS.check("deployment", cost=_scenario_cost)
def _deployment(scenario: PanzerVorScenario, options: Options, found: Found) -> None:
    hexmap = scenario.hexmap
    grid = hexmap.grid
    for side in scenario.sides:
        if not side.deployment:
            continue
        allowed = scenario.area_hexes(side.deployment, hexmap)
        for tank in side.tanks:
            if tank.hex is None or not grid.contains(tank.hex):
                continue
            if grid.hex(tank.hex) not in allowed:
                text = f"{tank.tank} ({side.name}) starts in {tank.hex}, outside its deployment"
                found.findings.append(
                    Finding(
                        "tank-outside-deployment",
                        tank.hex,
                        Reason(text, GAME_SETUP),
                        "warning",
                        (grid.hex(tank.hex),),
                    )
                )


@lint.register(PanzerVorScenario)
@options_checked
def lint_scenario(
    scenario: PanzerVorScenario,
    *,
    mp: int | None = None,
    turns: int = 3,
    max_bytes: int = MAX_BYTES,
    max_seconds: float | None = MAX_SECONDS,
    leave_out: Iterable[str] = (),
) -> LintReport:
    """Lint a scenario's map with reach from each side's deployment, then its tanks: placed
    on hexes they may not use, off the map, two to a hex, or outside their side's areas
    (:data:`SCENARIO_CHECKS`: the map's, then ``scenario`` and ``deployment``)."""
    hexmap = scenario.hexmap
    options = _options(hexmap, mp, turns)
    zones = {
        f"{side.name} deployment": set(scenario.deployment_hexes(side.key, hexmap))
        for side in scenario.sides
    }
    options["zones"] = {k: v for k, v in zones.items() if v} or dict(hexmap.zones)
    described = f"scenario {scenario.name!r} on {_size(hexmap)}"
    return SCENARIO_CHECKS.run(scenario, options, max_bytes=max_bytes, max_seconds=max_seconds,
                               leave_out=leave_out, described=described)  # fmt: skip
