"""A Panzer Vor! scenario as the balance lab plays and changes it (``workbench.balance``):
played in the practice mode by default, or as the card game; a game is decided where its
first tank is destroyed (the hex it stood on); the single changes tried are the map's own,
near the hexes where games are decided: a piece of terrain removed, or moved to a
neighbouring hex, a forest (else the map's first blocking type) added on or next to such a
hex, and a side's deployment area shifted one hex towards or away from them, or grown by one
hex all round.

Readings (the lab's, not the rulebook's): a hex "near" is within :data:`NEAR` hexes of a
place where games were decided, nearer and hotter first; terrain is never painted under a
placed tank; a deployment area written as hex labels (``"0813-1413"``) is not shifted.

>>> from workbench import panzer_vor as pv
>>> scenario = pv.load_scenario("mock-battle")
>>> heat = {scenario.hexmap.hex("0806"): 3}
>>> [c.text for c in changes(scenario, heat)][:2]   # doctest: +ELLIPSIS
['remove the ... at ...', 'move the ... at ... to ...']
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from workbench.balance.designs import Change, Design, hottest, interleaved, register
from workbench.boards.hexmap import HexMap
from workbench.games.panzer_vor.boards.scenario import Area, PanzerVorScenario
from workbench.geometry.hexgrid import Hex, HexLike

NEAR = 4  # hexes from a place where games were decided
FEATURES = 3  # the pieces of terrain weighed (nearest the heat first)
ADDED = 3  # the hexes a piece of terrain is added on


def decided(before: Any, after: Any) -> Hex | None:
    """Where the first tank destroyed stood (practice and card game keep ``kills``)."""
    before_kills, after_kills = before.kills, after.kills
    if len(after_kills) <= len(before_kills):
        return None
    victim = after_kills[len(before_kills)][1]
    standing = [t.hex for t in before.board.tanks if t.id == victim]
    return standing[0] if standing else None


def _weight(cell: Hex, heat: Mapping[Hex, float]) -> float:
    """How much the games decided near ``cell`` weigh (nearer counts more)."""
    return sum(n / (1 + cell.distance(h)) for h, n in heat.items() if cell.distance(h) <= NEAR)


def changes(scenario: PanzerVorScenario, heat: Mapping[Hex, float]) -> list[Change]:
    """The single changes tried on ``scenario``, those near the heat first (see the module)."""
    hexmap = scenario.hexmap
    grid, plain = hexmap.grid, hexmap.default_terrain
    occupied = {hexmap.hex(label) for label in scenario.placed_tanks()}
    hot = {h: n for h, n in heat.items() if h in grid}
    features = sorted(
        (h for h, kind in hexmap.terrain.items() if kind != plain and _weight(h, hot) > 0),
        key=lambda h: (-_weight(h, hot), grid.label(h)),
    )[:FEATURES]

    def open_hex(cell: Hex) -> bool:
        return cell in grid and hexmap.terrain_name(cell) == plain and cell not in occupied

    around = [cell for h in hottest(hot, len(hot)) for cell in (h, *h.neighbors())]
    free = [cell for cell in dict.fromkeys(around) if open_hex(cell)]
    removes = [_painted(scenario, f"remove the {hexmap.terrain_name(h)} at {grid.label(h)}",
                        "remove", {h: plain}) for h in features]  # fmt: skip
    moves = [
        _painted(scenario, f"move the {hexmap.terrain_name(h)} at {grid.label(h)} to "
                 f"{grid.label(n)}", "move", {h: plain, n: hexmap.terrain_name(h)})
        for h in features for n in h.neighbors() if open_hex(n)
    ]  # fmt: skip
    kind = _blocking_kind(hexmap)
    adds = [] if kind is None else [
        _painted(scenario, f"add {kind} at {grid.label(h)}", "add", {h: kind})
        for h in free[:ADDED]
    ]  # fmt: skip
    return interleaved([removes, moves, adds, _zone_changes(scenario, hot)])


def _painted(
    scenario: PanzerVorScenario, text: str, kind: str, paint: dict[HexLike, str]
) -> Change:
    hexmap = scenario.hexmap.with_terrain(paint)
    return Change(text, kind, scenario.with_inline_map(hexmap), tuple(paint))


def _blocking_kind(hexmap: HexMap) -> str | None:
    """The terrain a change adds: forest, else the map's first type that blocks sight."""
    if "forest" in hexmap.terrain_types:
        return "forest"
    blocking = sorted(n for n, t in hexmap.terrain_types.items() if t.blocks_los)
    return blocking[0] if blocking else None


def _zone_changes(scenario: PanzerVorScenario, hot: Mapping[Hex, float]) -> list[Change]:
    """Each side's deployment areas shifted a hex towards the heat and away, and grown."""
    hexmap = scenario.hexmap
    if not hot:
        return []
    centre = hottest(hot, 1)[0]
    out = []
    for side in scenario.sides:
        for n, area in enumerate(side.deployment):
            if area.is_labels:
                continue
            cells = scenario.area_hexes([area], hexmap)
            if not cells:
                continue
            middle = min(cells, key=lambda h: (sum(h.distance(o) for o in cells), repr(h)))
            toward = min(range(6), key=lambda d: (middle.neighbor(d).distance(centre), d))
            for step, word in ((toward, "towards"), ((toward + 3) % 6, "away from")):
                moved = _shifted(scenario, side.key, n, area, step)
                if moved is not None:
                    out.append(Change(f"shift {side.name}'s deployment one hex {word} where "
                                      "games are decided", "zone", moved[0], moved[1]))  # fmt: skip
            grown = _grown(scenario, side.key, n, area)
            if grown is not None:
                out.append(Change(f"grow {side.name}'s deployment by a hex all round", "zone",
                                  grown[0], grown[1]))  # fmt: skip
    return out


def _with_area(scenario: PanzerVorScenario, key: str, n: int, area: Area) -> PanzerVorScenario:
    sides = tuple(
        replace(s, deployment=tuple(area if i == n else a for i, a in enumerate(s.deployment)))
        if s.key == key else s
        for s in scenario.sides
    )  # fmt: skip
    return replace(scenario, sides=sides)


def _shifted(
    scenario: PanzerVorScenario, key: str, n: int, area: Area, step: int
) -> tuple[PanzerVorScenario, tuple[Hex, ...]] | None:
    hexmap = scenario.hexmap
    grid = hexmap.grid
    if area.within is not None:
        centre = grid.hex(area.where).neighbor(step)
        if centre not in grid:
            return None
        moved = _with_area(scenario, key, n, Area(grid.label(centre), area.within))
        return moved, tuple(scenario.area_hexes([moved.side(key).deployment[n]], hexmap))
    cells = {h.neighbor(step) for h in hexmap.zone(area.where)} & set(grid)
    if not cells:
        return None
    return scenario.with_inline_map(hexmap.with_zone(area.where, cells)), tuple(cells)


def _grown(
    scenario: PanzerVorScenario, key: str, n: int, area: Area
) -> tuple[PanzerVorScenario, tuple[Hex, ...]] | None:
    hexmap = scenario.hexmap
    if area.within is not None:
        grown = _with_area(scenario, key, n, Area(area.where, area.within + 1))
        return grown, tuple(scenario.area_hexes([grown.side(key).deployment[n]], hexmap))
    now = hexmap.zone(area.where)
    cells = (now | {o for h in now for o in h.neighbors()}) & set(hexmap.grid)
    return scenario.with_inline_map(hexmap.with_zone(area.where, cells)), tuple(cells - now)


def named(scenario: PanzerVorScenario, place: Hex) -> str:
    """A hex by its label on the scenario's map."""
    return scenario.hexmap.grid.label(place)


DESIGN = register(
    Design(
        PanzerVorScenario,
        ("panzer-vor-practice", "panzer-vor"),
        decided=decided,
        changes=changes,
        named=named,
    )
)
