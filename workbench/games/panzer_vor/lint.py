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
- *Zones apart*: two zones (a scenario's deployment areas) between which no tank can go
  either way, or a zone from which no tank comes to a named place (where a scenario puts
  its objective: Test Your Luck!'s shrine), its hex or next to it where it may not be
  entered. The finding names the cut: the hexes no tank may enter and the hexsides no tank
  may cross between the hexes reached from the zone and the open ground beyond (a river
  painted across the map).

One finding per cause, with every place it concerns: each area of neighbouring hexes cut off
(a river painted across the map is one finding for the hexes beyond it, and one for each
pair of zones it parts, naming the river's hexes), each area of blind
spots, each kind of feature along the edge, each zone's hexes of each terrain no tank enters.
"""

from __future__ import annotations

import heapq
import math
from collections.abc import Iterable, Mapping

import numpy as np

from workbench.boards.hexmap import HexMap
from workbench.bounds import MAX_SECONDS
from workbench.errors import ArgumentError
from workbench.files.errors import json_path
from workbench.games.panzer_vor.boards.scenario import PanzerVorScenario, problems
from workbench.games.panzer_vor.formats.shipped import panzer_vor_roster
from workbench.games.panzer_vor.rules.movement import move_table
from workbench.games.panzer_vor.rules.sections import GAME_SETUP, LINE_OF_SIGHT, MOVEMENT
from workbench.games.panzer_vor.rules.visibility import (
    MAX_MATRIX_BYTES,
    VisibilityMatrix,
    check_visibility_bound,
    visibility_matrix,
)
from workbench.geometry.hexgrid import Hex
from workbench.lint import Finding, LintReport, connected, grouped, lint, summary
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


@lint.register(HexMap)
def lint_hexmap(
    hexmap: HexMap,
    *,
    mp: int | None = None,
    turns: int = 3,
    zones: Mapping[str, Iterable[Hex]] | None = None,
    max_bytes: int = MAX_MATRIX_BYTES,
    max_seconds: float | None = MAX_SECONDS,
) -> LintReport:
    """Lint a hex map. ``zones`` (name -> hexes) replaces the map's own zones as the places
    reach is measured from; ``turns``: the reach heatmaps show hexes within that many turns.
    Exposure and blind spots need the map's visibility matrix: on a map whose matrix would
    pass ``max_bytes`` at its peak (2 GiB: maps past 170 x 170) or take longer than
    ``max_seconds`` to make (60 s: about 150 x 150) they are left out, with a note saying so
    and how to allow them; every other check runs."""
    mp = mp or fastest_movement()
    grid = hexmap.grid
    label = grid.label
    findings: list[Finding] = []
    heatmaps: dict[str, dict[Hex, float]] = {}
    notes: list[Reason] = []

    try:
        check_visibility_bound(hexmap, max_bytes, max_seconds)
    except ArgumentError as too_large:
        if too_large.argument != "hexmap":
            raise
        notes.append(
            Reason(
                "exposure and blind spots left out (both need the map's visibility matrix, a "
                f"byte per pair of hexes): {too_large.expected.replace('pass a', 'pass lint a')}"
            )
        )
    else:
        sight(hexmap, max_bytes, max_seconds)
        heatmaps["exposure"] = {h: float(n) for h, n in exposure(hexmap).items()}
        for spots in areas_of(hexmap, blind_spots(hexmap)):
            names = [label(h) for h in spots]
            text = (
                f"hex {names[0]} is seen from no hex farther than adjacent: a blind spot"
                if len(spots) == 1
                else f"these {len(spots)} hexes are seen from no hex farther than adjacent: "
                "blind spots"
            )
            findings.append(
                grouped("blind-spot", names, spots, Reason(text, LINE_OF_SIGHT), "note")
            )

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
        findings.append(grouped("edge-hexside", names, cells, Reason(text, rule)))

    areas = dict(hexmap.zones) if zones is None else {k: set(v) for k, v in zones.items()}
    for name, hexes in areas.items():
        closed = [h for h in hexes if not _enterable(hexmap, h)]
        by_terrain: dict[str, list[Hex]] = {}
        for h in sorted(closed, key=lambda h: grid.to_offset(h)[::-1]):
            by_terrain.setdefault(hexmap.terrain_at(h).name, []).append(h)
        for terrain_name, closed_hexes in by_terrain.items():
            terrain = hexmap.terrain_at(closed_hexes[0])
            names = [label(h) for h in closed_hexes]
            which = f"hex {names[0]}" if len(names) == 1 else f"these {len(names)} hexes"
            text = f"zone {name!r} includes {which}, {terrain_name}: no tank may enter it"
            reason = Reason(text, terrain.rule or MOVEMENT)
            findings.append(grouped("zone-impassable", names, closed_hexes, reason))

    reached: set[Hex] = set()
    from_zone: dict[str, set[Hex]] = {}
    for name, hexes in areas.items():
        starts = [h for h in hexes if _enterable(hexmap, h) or hexmap.terrain_at(h).deployment_only]
        within = reach_turns(best_reach(hexmap, starts), mp)
        reached |= set(within)
        from_zone[name] = set(within)
        heatmaps[f"reach from {name}"] = {h: float(t) for h, t in within.items() if t <= turns}
    findings += zones_apart(hexmap, areas, from_zone)
    if areas:
        lost = [h for h in grid if _enterable(hexmap, h) and h not in reached]
        where = "any zone (" + ", ".join(repr(n) for n in areas) + ")"
    else:
        parts = sorted(_components(hexmap), key=len, reverse=True)
        lost = [h for part in parts[1:] for h in part]
        where = "the largest open area of the map"
    for cut_off in areas_of(hexmap, lost):
        names = [label(h) for h in cut_off]
        which = f"hex {names[0]}" if len(cut_off) == 1 else f"these {len(cut_off)} hexes"
        text = f"no tank can reach {which} from {where}"
        findings.append(grouped("unreachable", names, cut_off, Reason(text, MOVEMENT)))
    notes.append(
        Reason(f"reach counted in turns of {mp} MP, turning not counted (a lower bound)", MOVEMENT)
    )
    return LintReport(hexmap, tuple(findings), heatmaps, tuple(notes))


def zones_apart(
    hexmap: HexMap, areas: Mapping[str, Iterable[Hex]], reached: Mapping[str, set[Hex]]
) -> list[Finding]:
    """One finding for each pair of zones no tank can go between (either way), and for each
    zone from which no tank comes to a named place (its hex, or next to it where it may not
    be entered), each naming the cut: what stands between the hexes a tank reaches from the
    zone and the open ground beyond."""
    grid, label = hexmap.grid, hexmap.grid.label
    findings: list[Finding] = []
    names = list(areas)
    for i, a in enumerate(names):
        for b in names[i + 1 :]:
            there, back = set(areas[b]) & reached[a], set(areas[a]) & reached[b]
            if there or back or not set(areas[a]) or not set(areas[b]):
                continue
            cut, said = the_cut(hexmap, reached[a])
            text = f"no tank can go between zone {a!r} and zone {b!r}: {said}"
            findings.append(grouped("zones-apart", cut or [a], cut_cells(hexmap, cut),
                                    Reason(text, MOVEMENT)))  # fmt: skip
        for place_hex, place in sorted(hexmap.places.items(), key=lambda p: label(p[0])):
            near = {place_hex, *grid.neighbors(place_hex)}
            if reached[a] and not near & reached[a]:
                cut, said = the_cut(hexmap, reached[a])
                text = f"no tank from zone {a!r} comes to {place} ({label(place_hex)}): {said}"
                cells, why = cut_cells(hexmap, cut), Reason(text, MOVEMENT)
                findings.append(grouped("zones-apart", cut or [label(place_hex)], cells, why))
    return findings


def the_cut(hexmap: HexMap, region: set[Hex]) -> tuple[list[str], str]:
    """What cuts ``region`` (the hexes tanks reach from somewhere) off from the open ground
    beyond it: the hexes no tank may enter and the hexsides no tank may cross between the two,
    by kind; their labels, and the cut in words. Linear in the map's size."""
    grid = hexmap.grid
    beyond = {h for h in grid if h not in region and _enterable(hexmap, h)}
    walls: dict[str, list[Hex]] = {}
    sides: dict[str, list[str]] = {}
    for h in sorted(region, key=lambda h: grid.to_offset(h)[::-1]):
        for n in grid.neighbors(h):
            if n in region:
                continue
            feature = hexmap.hexside_at(h, n)
            if n in beyond and feature is not None and feature.blocks_movement:
                sides.setdefault(feature.name, []).append(grid.hexside_label(grid.hexside(h, n)))
            elif n not in beyond and any(m in beyond for m in grid.neighbors(n)):
                kind = walls.setdefault(hexmap.terrain_at(n).name, [])
                if n not in kind:
                    kind.append(n)
    labels = [grid.label(h) for hexes in walls.values() for h in hexes]
    labels += [side for found in sides.values() for side in dict.fromkeys(found)]
    said = [f"the {kind} hexes {summary([grid.label(h) for h in hexes])}"
            for kind, hexes in walls.items()]  # fmt: skip
    said += [f"the {kind} hexsides {summary(list(dict.fromkeys(found)))}"
             for kind, found in sides.items()]  # fmt: skip
    if not said:
        return labels, "the map's edge closes them in"
    return labels, "cut off by " + " and ".join(said)


def cut_cells(hexmap: HexMap, labels: Iterable[str]) -> list[Hex]:
    """The hexes of a cut's labels (both hexes of a hexside), for a picture to outline."""
    grid = hexmap.grid
    cells: list[Hex] = []
    for name in labels:
        for part in name.split("|"):
            h = grid.hex(part)
            if h not in cells:
                cells.append(h)
    return cells


@lint.register(PanzerVorScenario)
def lint_scenario(scenario: PanzerVorScenario, **options: object) -> LintReport:
    """Lint a scenario's map with reach from each side's deployment, then its tanks: placed
    on hexes they may not use, off the map, two to a hex, or outside their side's areas."""
    hexmap = scenario.hexmap
    zones = {
        f"{side.name} deployment": scenario.deployment_hexes(side.key, hexmap)
        for side in scenario.sides
    }
    zones = {k: v for k, v in zones.items() if v}
    base = lint_hexmap(hexmap, zones=zones or None, **options)  # type: ignore[arg-type]
    findings = list(base.findings)
    roster = scenario.resolved_roster or panzer_vor_roster()  # a scenario made in Python
    for problem in problems(scenario, hexmap, roster):
        findings.append(
            Finding("scenario", json_path(problem.field), Reason(str(problem), GAME_SETUP), "error")
        )
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
                findings.append(
                    Finding(
                        "tank-outside-deployment",
                        tank.hex,
                        Reason(text, GAME_SETUP),
                        "warning",
                        (grid.hex(tank.hex),),
                    )
                )
    return LintReport(scenario, tuple(findings), base.heatmaps, base.notes)
