"""A TANKS table as the balance lab plays and changes it (``workbench.balance``): played on its
terrain and deployment edges as drawn (``table_setup: "given"``), the tanks placed and the
Objective tokens taken from the table at once (``"quick"``), King of the Hill where the table
has Objective tokens; a game is decided where its first tank is destroyed, or where the first
Victory Point is scored (the objective held); the single changes tried, near the places where
games are decided: a terrain piece removed or moved a :data:`STEP_CM` step, a wood added, an
Objective token moved a step.

Readings (the lab's, not the rulebook's): places are counted in :data:`CELL_CM` squares of the
table (a place is the middle of its square); "near" is within :data:`NEAR_CM` of such a place;
a change the table refuses (a piece overlapping another or off the table) is not offered.

>>> from workbench import tanks
>>> table = tanks.load_scenario("standard-table")
>>> middle = (table.width / 2, table.depth / 2)
>>> [c.kind for c in changes(table, {middle: 3})][:2]
['remove', 'move']
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from shapely import affinity
from shapely.geometry import Point

from workbench.balance.designs import Change, Design, hottest, interleaved, register
from workbench.errors import WorkbenchError
from workbench.games.tanks.boards.table import Table, TerrainPiece
from workbench.games.tanks.rules.missions import holds

CELL_CM = 10.0  # the squares places are counted in
NEAR_CM = 20.0  # from a place where games were decided
STEP_CM = 10.0  # a piece's or token's move
WOOD_CM = 10.0  # a wood's side, added
NUDGES = ((0.0, -1.0, "north"), (1.0, 0.0, "east"), (0.0, 1.0, "south"), (-1.0, 0.0, "west"))
FEATURES = 3  # the pieces weighed (nearest the heat first)
REFUSED = (WorkbenchError, ValueError, KeyError)
XY = tuple[float, float]


def place_of(x: float, y: float) -> XY:
    """The middle of the :data:`CELL_CM` square holding (x, y).

    >>> place_of(12.0, 38.5)
    (15.0, 35.0)
    """
    return ((x // CELL_CM + 0.5) * CELL_CM, (y // CELL_CM + 0.5) * CELL_CM)


def decided(before: Any, after: Any) -> XY | None:
    """Where the first tank destroyed stood, or the objective that scored the first point."""
    gone = {t.id for t in before.tanks if t.destroyed}
    for tank in after.tanks:
        if tank.destroyed and tank.id not in gone:
            return place_of(*tank.hull.centre)
    for side in after.sides:
        if after.victory_points.get(side, 0) > before.victory_points.get(side, 0):
            held = [at for owner, at in after.objectives
                    if owner in (side, "both") and holds(after, side, at)]  # fmt: skip
            if held:
                return place_of(*held[0])
    return None


def options(table: Table, game: str) -> dict[str, Any]:
    """The table as drawn: its terrain and edges, tanks and tokens placed at once."""
    chosen: dict[str, Any] = {"table_setup": "given", "deployment": "quick", "objectives": "quick"}
    if table.objectives:
        chosen["mission"] = "king-of-the-hill"
    return chosen


def _near(distance: float) -> float:
    return 1 / (1 + distance / CELL_CM) if distance <= NEAR_CM else 0.0


def changes(table: Table, heat: Mapping[XY, float]) -> list[Change]:
    """The single changes tried on ``table`` (see the module), those nearest the heat first."""
    hot = {p: n for p, n in heat.items() if 0 <= p[0] <= table.width and 0 <= p[1] <= table.depth}

    def weight(shape: Any) -> float:
        return sum(n * _near(shape.distance(Point(p))) for p, n in hot.items())

    pieces = sorted((p for p in table.pieces if weight(p.polygon) > 0),
                    key=lambda p: (-weight(p.polygon), p.name))[:FEATURES]  # fmt: skip
    removes = [_tried(lambda p=p: table.without_piece(p.name), f"remove {p.name} ({p.kind})",
                      "remove", p) for p in pieces]  # fmt: skip
    moves = [
        _tried(lambda p=p, dx=dx, dy=dy: table.with_piece(TerrainPiece(
            p.name, p.kind, affinity.translate(p.polygon, dx * STEP_CM, dy * STEP_CM))),
            f"move {p.name} ({p.kind}) {STEP_CM:g} cm {word}", "move", p,
            (dx * STEP_CM, dy * STEP_CM))
        for p in pieces for dx, dy, word in NUDGES
    ]  # fmt: skip
    names = {p.name for p in table.pieces}
    adds = []
    for n, (x, y) in enumerate(hottest(hot, 3), 1):
        name = next(f"Wood {k}" for k in range(len(names) + n, 10**6) if f"Wood {k}" not in names)
        wood = TerrainPiece.box(name, "woods", x - WOOD_CM / 2, y - WOOD_CM / 2, WOOD_CM, WOOD_CM)
        adds.append(_tried(lambda w=wood: table.with_piece(w), f"add a wood at ({x:g}, {y:g}) cm",
                           "add", wood))  # fmt: skip
    tokens = sorted((o for o in table.objectives if weight(Point(o.at)) > 0),
                    key=lambda o: (-weight(Point(o.at)), o.name))  # fmt: skip
    objectives = [
        _tried(lambda o=o, dx=dx, dy=dy: table.with_objective(
            o.name, (o.at[0] + dx * STEP_CM, o.at[1] + dy * STEP_CM)),
            f"move the objective {o.name} {STEP_CM:g} cm {word}", "objective", None,
            places=(o.at, (o.at[0] + dx * STEP_CM, o.at[1] + dy * STEP_CM)))
        for o in tokens for dx, dy, word in NUDGES
        if 0 <= o.at[0] + dx * STEP_CM <= table.width and 0 <= o.at[1] + dy * STEP_CM <= table.depth
    ]  # fmt: skip
    groups = [removes, moves, adds, objectives]
    return interleaved([[c for c in group if c is not None] for group in groups])


def _tried(
    make: Any, text: str, kind: str, piece: TerrainPiece | None,
    shift: tuple[float, float] = (0.0, 0.0), places: tuple[XY, ...] = (),
) -> Change | None:  # fmt: skip
    """The change ``make()`` gives, drawn as the piece's outline (and where it goes), or
    None if the table refuses it."""
    try:
        value = make()
    except REFUSED:
        return None
    shapes = []
    if piece is not None:
        shapes.append(_ring(piece.polygon))
        if shift != (0.0, 0.0):
            shapes.append(_ring(affinity.translate(piece.polygon, *shift)))
        places = (place_of(piece.polygon.centroid.x, piece.polygon.centroid.y),)
    return Change(text, kind, value, places, tuple(shapes))


def _ring(polygon: Any) -> tuple[XY, ...]:
    return tuple((float(x), float(y)) for x, y in polygon.exterior.coords)


def named(table: Table, place: XY) -> str:
    return f"({place[0]:g}, {place[1]:g}) cm"


DESIGN = register(Design(Table, ("tanks",), options=options, decided=decided, changes=changes,
                         named=named))  # fmt: skip
