"""Game Set Up played as the game's first steps (option ``table_setup: "played"``).

Table Setup: "Both players start the game by rolling a die. The player with the higher roll
places the first piece of terrain. Players alternate placing terrain, starting with the two
woods and moving on to the four buildings, until all six terrain pieces have been placed.
Terrain pieces may not be placed within a Measuring Arrow of another piece of terrain or any
table edge." Attacker or Defender: "each player rolls another die, and the player with the
higher result may choose whether to be the Attacker or Defender". Deployment: "The Defender
now chooses a table side to deploy from. The Attacker will deploy on the opposite table
edge." The tanks are then deployed as the option ``deployment`` says.

The steps: :class:`SetUpRoll` (chance), :class:`PlaceTerrain` for each of the table file's
woods and then its buildings (the pieces the players own; the file's own positions are
forgotten), :class:`SetUpRoll` again, :class:`ChooseRole`, :class:`ChooseEdge`. An
``attacker`` given as an option skips the second roll and the choice (the players agreed).

Readings, where the text is silent:

- Ties are rolled again (the text names only a higher roll): the roll that decides is one of
  the 30 pairs of different faces, each with probability 1/30.
- Which wood (or building) comes next is the placer's choice among those left.
- ``legal_actions`` offers a piece's centre on a grid of whole centimetres (option
  ``terrain_grid``; by default a third of a Measuring Arrow, 5 cm with the stand-in arrow),
  turned 0° or 90° (:data:`TERRAIN_TURNS`); ``apply`` accepts any position and turn the rule
  allows, so the grid only limits the listed choices (a finer grid lists more).
- A piece with no legal position left on that grid is set aside, not placed (the rulebook
  assumes room for all six; the event says so), and the same player places the next piece.
"""

from __future__ import annotations

import math
from dataclasses import replace
from fractions import Fraction
from functools import lru_cache

import numpy as np
import shapely
from shapely import affinity
from shapely.geometry import Polygon

from workbench.games.tanks.boards.table import EDGES, Deployment, Table, TerrainPiece
from workbench.games.tanks.rules import sections
from workbench.games.tanks.rules.actions import ChooseEdge, ChooseRole, PlaceTerrain, SetUpRoll
from workbench.games.tanks.rules.options import terrain_grid
from workbench.games.tanks.rules.setup import deployed
from workbench.games.tanks.rules.state import Battle, TableSetup
from workbench.rules.core import Action, Applied, Event, IllegalAction, Reason

# the listed positions of a terrain piece (see the module): its centre on the grid of the
# option terrain_grid, turned by each of these
TERRAIN_TURNS = (0.0, 90.0)
ROLES = ("attacker", "defender")
OPPOSITE = {"north": "south", "south": "north", "east": "west", "west": "east"}
ROLL_STEPS = ("terrain-roll", "sides-roll")
SECTION_OF = {
    "terrain-roll": sections.TABLE_SETUP,
    "terrain": sections.TABLE_SETUP,
    "sides-roll": sections.ATTACKER_DEFENDER,
    "role": sections.ATTACKER_DEFENDER,
    "table-side": sections.DEPLOYMENT,
}
ROLL_OUTCOMES = tuple(
    (SetUpRoll((a, b)), Fraction(1, 30)) for a in range(1, 7) for b in range(1, 7) if a != b
)


def roll_order(battle: Battle) -> tuple[str, ...]:
    """The sides in the order a :class:`SetUpRoll` gives their dice: as the platoons name them."""
    return tuple(battle.options["platoons"])


def setup_player(battle: Battle) -> str | None:
    """The side to act in the set-up, or ``None`` while the dice decide."""
    assert battle.setup is not None
    return None if battle.setup.step in ROLL_STEPS else battle.setup.placer


# --- terrain ------------------------------------------------------------------------------
def placed_polygon(piece: TerrainPiece, x: float, y: float, turn: float) -> Polygon:
    """The piece's outline turned ``turn`` degrees clockwise about its bounding box's centre
    (y points down), that centre moved to ``(x, y)``."""
    offset = np.array([x, y], dtype=float)
    return shapely.transform(_centred(piece, turn), lambda xy: xy + offset)


@lru_cache(maxsize=256)
def _centred(piece: TerrainPiece, turn: float) -> Polygon:
    """The piece turned about its bounding box's centre, that centre at the origin (to a
    billionth of a centimetre, so a quarter turn leaves no rounding dust)."""
    x0, y0, x1, y1 = piece.polygon.bounds
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    turned = affinity.rotate(piece.polygon, turn, origin=(cx, cy))
    return shapely.transform(turned, lambda xy: np.round(xy - (cx, cy), 9))


def due_kind(setup: TableSetup) -> str:
    """The kind placed next: the woods first, then the buildings."""
    return setup.box[0].kind


def _crowding(battle: Battle, name: str, polygon: Polygon) -> Reason | None:
    """Why a piece may not lie there: off the table, or within a Measuring Arrow of a table
    edge or of another piece of terrain (``None``: it may)."""
    table, reach = battle.table, battle.table.arrow.length
    if not table.surface.covers(polygon):
        return Reason(f"{name} would be partly off the table", sections.TABLE_SETUP)
    x0, y0, x1, y1 = polygon.bounds
    gap = min(x0, y0, table.width - x1, table.depth - y1)
    if gap < reach:
        return Reason(
            f"{name} would be {gap:.3g} cm from the table edge, within a Measuring Arrow "
            f"({reach:g} cm)",
            sections.TABLE_SETUP,
        )
    for other in table.pieces:
        apart = polygon.distance(other.polygon)
        if apart < reach:
            return Reason(
                f"{name} would be {apart:.3g} cm from {other.name}, within a Measuring Arrow "
                f"({reach:g} cm)",
                sections.TABLE_SETUP,
            )
    return None


def placement_refusal(battle: Battle, action: PlaceTerrain) -> Reason | None:
    """Why ``apply`` refuses the placement (``None``: it allows it)."""
    setup = battle.setup
    if setup is None or setup.step != "terrain":
        return Reason("no terrain piece is to be placed now", sections.TABLE_SETUP)
    waiting = {p.name: p for p in setup.box}
    piece = waiting.get(action.piece)
    if piece is None:
        names = ", ".join(waiting) or "none"
        return Reason(f"no piece {action.piece!r} waiting (waiting: {names})", sections.TABLE_SETUP)
    if piece.kind != due_kind(setup):
        return Reason(
            f"{piece.name} is a {piece.kind}: the two woods are placed first, then the four "
            "buildings",
            sections.TABLE_SETUP,
        )
    values = (action.x, action.y, action.turn)
    if not all(isinstance(v, int | float) and math.isfinite(v) for v in values):
        return Reason(f"a placement is three numbers, not {values}", sections.TABLE_SETUP)
    return _crowding(battle, piece.name, placed_polygon(piece, *values))


def grid_placements(battle: Battle, piece: TerrainPiece) -> list[PlaceTerrain]:
    """The placements of ``piece`` on the grid (option ``terrain_grid``) the rule allows."""
    step = battle.options.get("terrain_grid") or terrain_grid(battle.table)
    return list(_grid_placements(battle.table, piece, step))


@lru_cache(maxsize=256)
def _grid_placements(table: Table, piece: TerrainPiece, step: int) -> tuple[PlaceTerrain, ...]:
    reach = table.arrow.length
    xs = [round(k * step, 6) for k in range(1, math.ceil(table.width / step))]
    ys = [round(k * step, 6) for k in range(1, math.ceil(table.depth / step))]
    spots = np.array([(x, y) for y in ys for x in xs], dtype=float).reshape(-1, 2)
    found = []
    for turn in TERRAIN_TURNS:
        base = _centred(piece, turn)
        x0, y0, x1, y1 = base.bounds
        fits = spots[
            (spots[:, 0] + x0 >= reach)
            & (spots[:, 1] + y0 >= reach)
            & (spots[:, 0] + x1 <= table.width - reach)
            & (spots[:, 1] + y1 <= table.depth - reach)
        ]
        shapes = np.full(len(fits), base, dtype=object)
        offsets = np.repeat(fits, shapely.get_num_coordinates(base), axis=0)
        shapes = shapely.transform(shapes, lambda xy, o=offsets: xy + o)
        clear = np.ones(len(fits), dtype=bool)
        for other in table.pieces:
            clear &= shapely.distance(shapes, other.polygon) >= reach
        found += [PlaceTerrain(piece.name, x, y, turn) for x, y in fits[clear].tolist()]
    return tuple(found)


def setup_actions(battle: Battle) -> list[Action]:
    """The set-up choices of the side to act (none while the dice decide)."""
    setup = battle.setup
    assert setup is not None
    if setup.step == "terrain":
        kind = due_kind(setup)
        return [a for p in setup.box if p.kind == kind for a in grid_placements(battle, p)]
    if setup.step == "role":
        return [ChooseRole(role) for role in ROLES]
    if setup.step == "table-side":
        return [ChooseEdge(edge) for edge in EDGES]
    return []


def _settled(battle: Battle, events: list[Event]) -> Battle:
    """Set aside each waiting piece of the kind due that has no legal grid position, and go
    on to the Attacker-or-Defender roll (or the Defender's choice) once none is waiting."""
    setup = battle.setup
    assert setup is not None
    while setup.step == "terrain" and setup.box:
        kind = due_kind(setup)
        stuck = [p for p in setup.box if p.kind == kind and not grid_placements(battle, p)]
        if not stuck:
            break
        events += [
            Event(
                f"{p.name} is set aside: no place is left for it",
                (
                    Reason(
                        "it would lie within a Measuring Arrow of a table edge or another "
                        "piece everywhere",
                        sections.TABLE_SETUP,
                    ),
                ),
            )
            for p in stuck
        ]
        gone = {p.name for p in stuck}
        setup = replace(
            setup,
            box=tuple(p for p in setup.box if p.name not in gone),
            set_aside=(*setup.set_aside, *sorted(gone)),
        )
    if setup.step == "terrain" and not setup.box:
        if battle.options.get("attacker") is None:
            setup = replace(setup, step="sides-roll", placer="")
        else:
            setup = replace(setup, step="table-side", placer=battle.defender)
    return replace(battle, setup=setup)


# --- apply --------------------------------------------------------------------------------
def apply_setup(battle: Battle, action: Action) -> Applied:
    """The next state of the set-up and its events; an action the step does not take raises
    IllegalAction with the reason and the section (the battle unchanged)."""
    setup = battle.setup
    assert setup is not None
    section = SECTION_OF[setup.step]
    if setup.step in ROLL_STEPS:
        if not isinstance(action, SetUpRoll) or action not in {a for a, _ in ROLL_OUTCOMES}:
            raise IllegalAction(Reason(f"the dice decide now, not {action}", section))
        return _rolled(battle, setup, action)
    if action.chance:
        raise IllegalAction(Reason(f"no roll is waiting: {setup.placer} is to act", section))
    if setup.step == "terrain" and isinstance(action, PlaceTerrain):
        return _place(battle, setup, action)
    if setup.step == "role" and isinstance(action, ChooseRole):
        return _choose_role(battle, setup, action)
    if setup.step == "table-side" and isinstance(action, ChooseEdge):
        return _choose_edge(battle, action)
    raise IllegalAction(Reason(f"{action} is not possible now: {setup_step_text(battle)}", section))


def _rolled(battle: Battle, setup: TableSetup, roll: SetUpRoll) -> Applied:
    first, second = roll_order(battle)
    a, b = roll.faces
    winner = first if a > b else second
    said = f"{first} rolls {a}, {second} rolls {b}"
    if setup.step == "terrain-roll":
        why = Reason(f"{said}: {winner} places the first piece of terrain", sections.TABLE_SETUP)
        events: list[Event] = [Event(str(roll), (why,))]
        after = _settled(
            replace(battle, setup=replace(setup, step="terrain", placer=winner)), events
        )
        return Applied(after, tuple(events))
    why = Reason(
        f"{said}: {winner} chooses to be the Attacker or the Defender", sections.ATTACKER_DEFENDER
    )
    return Applied(replace(battle, setup=replace(setup, step="role", placer=winner)),
                   (Event(str(roll), (why,)),))  # fmt: skip


def _place(battle: Battle, setup: TableSetup, action: PlaceTerrain) -> Applied:
    problem = placement_refusal(battle, action)
    if problem is not None:
        raise IllegalAction(problem)
    piece = next(p for p in setup.box if p.name == action.piece)
    shape = placed_polygon(piece, action.x, action.y, action.turn)
    table = battle.table.with_piece(TerrainPiece(piece.name, piece.kind, shape))
    box = tuple(p for p in setup.box if p.name != piece.name)
    placer = battle.enemy_of(setup.placer)
    why = Reason(
        f"{piece.name} ({piece.kind}) placed by {setup.placer}, clear of the table edges and "
        f"the other terrain by a Measuring Arrow; players alternate",
        sections.TABLE_SETUP,
    )
    events = [Event(str(action), (why,))]  # the log names who placed it
    after = replace(battle, table=table, setup=replace(setup, box=box, placer=placer))
    return Applied(_settled(after, events), tuple(events))


def _choose_role(battle: Battle, setup: TableSetup, action: ChooseRole) -> Applied:
    if action.role not in ROLES:
        raise IllegalAction(
            Reason(f"{action.role!r} is no role: attacker or defender", sections.ATTACKER_DEFENDER)
        )
    chooser, other = setup.placer, battle.enemy_of(setup.placer)
    attacker, defender = (chooser, other) if action.role == "attacker" else (other, chooser)
    why = Reason(
        f"{attacker} is the Attacker (wins all ties in Initiative), {defender} the Defender "
        "(chooses the table side)",
        sections.ATTACKER_DEFENDER,
    )
    after = replace(
        battle,
        attacker=attacker,
        defender=defender,
        setup=replace(setup, step="table-side", placer=defender),
    )
    return Applied(after, (Event(str(action), (why,)),))


def _choose_edge(battle: Battle, action: ChooseEdge) -> Applied:
    if action.edge not in EDGES:
        raise IllegalAction(
            Reason(f"{action.edge!r} is no table side: {', '.join(EDGES)}", sections.DEPLOYMENT)
        )
    where = {battle.defender: action.edge, battle.attacker: OPPOSITE[action.edge]}
    why = Reason(
        f"{battle.defender} deploys from the {action.edge} edge; the Attacker, {battle.attacker}, "
        f"on the opposite edge ({OPPOSITE[action.edge]})",
        sections.DEPLOYMENT,
    )
    edges = (Deployment("Defender", action.edge), Deployment("Attacker", OPPOSITE[action.edge]))
    table = replace(battle.table, deployments=edges)
    after = deployed(replace(battle, table=table, tanks=(), reserve=()), where)
    return Applied(after, (Event(str(action), (why,)),))


def setup_step_text(battle: Battle) -> str:
    """What the set-up waits for, in words (the stepper's status and the picture's caption).

    >>> from workbench.games.tanks.rules.game import GAME
    >>> setup_step_text(GAME.start(GAME.load_scenario("standard-table")))
    'both players roll a die: the higher places the first terrain piece (6 to place)'
    """
    setup = battle.setup
    if setup is None:
        return "done"
    left = len(setup.box)
    return {
        "terrain-roll": f"both players roll a die: the higher places the first terrain piece "
        f"({left} to place)",
        "terrain": f"{setup.placer} places a {setup.box[0].kind if left else 'piece'} "
        f"({left} to place)",
        "sides-roll": "both players roll a die: the higher chooses Attacker or Defender",
        "role": f"{setup.placer} chooses to be the Attacker or the Defender",
        "table-side": f"{setup.placer}, the Defender, chooses a table side",
    }[setup.step]
