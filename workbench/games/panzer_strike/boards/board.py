"""Panzer Strike boards: double-sided tiles of squares assembled into a board, with what each
square holds (open ground, street, building), flags and barricades.

What the rulebook says (Board Assembly): 12 double-sided tiles marked I-a … VI-d; rows I–III
form the northern group (north bracket), rows IV–VI the southern (south bracket); "you can
play on the north, the south or somewhere in between"; two sets make a board of all 24.
What it does not say: how many squares a tile has, what is printed on
each face, and which faces share a tile. Those ship as user-editable stand-ins in a tile set
(``workbench.tiles.panzer-strike/1``), every face marked ``"stand-in"``.

Squares are :class:`~workbench.geometry.squaregrid.Square` values over the whole board:
``x`` the column from the west edge, ``y`` the row from the north edge, both from 0.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import cache
from importlib import resources
from pathlib import Path
from types import MappingProxyType

from workbench.boards.problems import Problem
from workbench.boards.values import FileValue, Pictured
from workbench.errors import UnknownName, WorkbenchError
from workbench.geometry.squaregrid import Square

STAND_IN = "stand-in"
TILE_ROWS = ("I", "II", "III", "IV", "V", "VI")
TILE_COLUMNS = ("a", "b", "c", "d")
BRACKETS: Mapping[str, tuple[str, ...]] = MappingProxyType(
    {"north": ("I", "II", "III"), "south": ("IV", "V", "VI")}
)


@dataclass(frozen=True)
class SquareFeature:
    """What a square holds and what that does to tanks."""

    name: str
    symbol: str
    blocks_movement: bool
    blocks_fire: bool
    takes_barricade: bool
    rule: str
    color: str


FEATURES: Mapping[str, SquareFeature] = MappingProxyType(
    {
        "open": SquareFeature("open", ".", False, False, False, "rulebook: Movement", "#d9d3a8"),
        "street": SquareFeature(
            "street",
            "=",
            False,
            False,
            True,
            "rulebook: Optional Rules: Barricades (placed on street squares)",
            "#b9b4aa",
        ),
        "building": SquareFeature(
            "building",
            "#",
            True,
            True,
            False,
            "rulebook: Shooting and Armour (a shell's path must not cross a building); "
            "that tanks cannot enter buildings is this project's reading",
            "#8a5a44",
        ),
    }
)
SYMBOLS: Mapping[str, str] = MappingProxyType({f.symbol: f.name for f in FEATURES.values()})


class BoardError(WorkbenchError, ValueError):
    """A board or tile set that does not hold together; ``problem`` names the field."""

    def __init__(self, problem: Problem) -> None:
        self.problem = problem
        super().__init__(str(problem))


def tile_labels() -> tuple[str, ...]:
    """I-a, I-b, … VI-d: the 24 faces of one set, north to south, west to east."""
    return tuple(f"{row}-{column}" for row in TILE_ROWS for column in TILE_COLUMNS)


@dataclass(frozen=True)
class TileFace:
    """One printed face of a tile: its squares as rows of symbols (north row first)."""

    label: str
    rows: tuple[str, ...]
    source: str = STAND_IN

    def __post_init__(self) -> None:
        object.__setattr__(self, "rows", tuple(self.rows))

    def feature(self, x: int, y: int) -> str:
        return SYMBOLS[self.rows[y][x]]


@dataclass(frozen=True)
class TileSet(FileValue):
    """The faces of one game's tiles, their size in squares and which faces share a tile.

    >>> tiles = TileSet.builtin()
    >>> tiles.width, tiles.depth, tiles.back_of("I-a"), tiles.size_source
    (4, 4, 'IV-a', 'stand-in')
    """

    name: str
    width: int
    depth: int
    faces: Mapping[str, TileFace]
    backs: Mapping[str, str]
    size_source: str = STAND_IN
    backs_source: str = STAND_IN
    description: str = ""

    __hash__ = None  # type: ignore[assignment]  # immutable, but holds mappings

    def __post_init__(self) -> None:
        object.__setattr__(self, "faces", MappingProxyType(dict(self.faces)))
        backs = dict(self.backs)
        backs |= {b: a for a, b in self.backs.items()}
        object.__setattr__(self, "backs", MappingProxyType(backs))
        found = tile_set_problems(self)
        if found:
            raise BoardError(found[0])

    @staticmethod
    def builtin() -> TileSet:
        """The shipped stand-in tile set (``workbench/data/panzer-strike-tiles.json``)."""
        return _builtin_tiles()

    def back_of(self, label: str) -> str | None:
        return self.backs.get(label)

    def tile_of(self, label: str) -> frozenset[str]:
        """The physical tile a face is printed on, as its faces' labels."""
        back = self.back_of(label)
        return frozenset((label,) if back is None else (label, back))

    def with_face(self, face: TileFace) -> TileSet:
        """A copy with one face's squares replaced (a designer's or a user's correction)."""
        return replace(self, faces={**self.faces, face.label: face})


def tile_set_problems(tiles: TileSet) -> list[Problem]:
    found: list[Problem] = []
    if tiles.width < 1 or tiles.depth < 1:
        size = f"{tiles.width} × {tiles.depth}"
        return [Problem(("tile_size",), size, "at least one square each way")]
    for label, face in tiles.faces.items():
        where: tuple[str | int, ...] = ("faces", label, "rows")
        if face.label != label:
            found.append(Problem(("faces", label), repr(face.label), f"the face {label!r}"))
        if len(face.rows) != tiles.depth:
            found.append(
                Problem(where, f"{len(face.rows)} rows", f"{tiles.depth} rows (the tile depth)")
            )
        for i, row in enumerate(face.rows):
            if len(row) != tiles.width:
                found.append(
                    Problem(
                        (*where, i),
                        repr(row),
                        f"{tiles.width} symbols (the tile width)",
                    )
                )
            unknown = sorted(set(row) - set(SYMBOLS))
            if unknown:
                legend = ", ".join(f"{s!r} {n}" for s, n in SYMBOLS.items())
                found.append(
                    Problem((*where, i), repr(row), f"only the symbols {legend} (not {unknown})")
                )
    for a, b in tiles.backs.items():
        for label in (a, b):
            if label not in tiles.faces:
                found.append(Problem(("backs",), repr(label), "a face of this tile set"))
        if tiles.backs.get(b) != a or a == b:
            found.append(Problem(("backs",), f"{a!r} backed by {b!r}", "one back per face"))
    return found


@dataclass(frozen=True)
class BoardTank:
    """A tank placed on the board at the start: its name, type, side, square and facing
    (0..7 clockwise from north, Initial Positions: "orthogonally or diagonally")."""

    id: str
    kind: str
    side: str
    at: Square
    facing: int = 0


@dataclass(frozen=True)
class SquareBoard(FileValue, Pictured):
    """A Panzer Strike board: tile faces laid in rows (north row first), flags and barricades.

    ``tile_set_file`` remembers a tile set read from its own file (a path relative to the
    board's file, in ``base_dir``), so saving the board names that file again instead of
    copying the tiles, relative to wherever the board is saved.

    >>> board = SquareBoard.assembled(TileSet.builtin(), "north", name="sketch")
    >>> board.width, board.depth, board.tile_at(Square(5, 0))
    (16, 12, 'I-b')
    >>> board = board.with_flag(Square(2, 1), "north")
    >>> board.blocks_movement(Square(2, 1)), board.blocks_fire(Square(2, 1))
    (True, False)
    """

    name: str
    tiles: TileSet
    layout: tuple[tuple[str, ...], ...]
    sets: int = 1
    flags: Mapping[Square, str] = field(default_factory=dict)
    barricades: frozenset[Square] = frozenset()
    description: str = ""
    tanks: tuple[BoardTank, ...] = ()
    tile_set_file: str = field(default="", compare=False)  # the tile set file it was read from
    base_dir: Path | None = field(default=None, compare=False, repr=False)  # of the board file

    __hash__ = None  # type: ignore[assignment]  # immutable, but holds mappings

    def __post_init__(self) -> None:
        object.__setattr__(self, "layout", tuple(tuple(row) for row in self.layout))
        object.__setattr__(self, "flags", MappingProxyType(dict(self.flags)))
        object.__setattr__(self, "barricades", frozenset(self.barricades))
        object.__setattr__(self, "tanks", tuple(self.tanks))
        found = board_problems(self)
        if found:
            raise BoardError(found[0])

    @staticmethod
    def assembled(
        tiles: TileSet,
        rows: str | Sequence[str] = "north",
        sets: int = 1,
        name: str = "",
    ) -> SquareBoard:
        """A board of whole tile rows: a bracket (``"north"``, ``"south"``), or rows such as
        ``("II", "III", "IV")`` ("somewhere in between"), or all six with two sets."""
        chosen = BRACKETS[rows] if isinstance(rows, str) else tuple(rows)
        layout = tuple(tuple(f"{r}-{c}" for c in TILE_COLUMNS) for r in chosen)
        return SquareBoard(name or f"Panzer Strike rows {', '.join(chosen)}", tiles, layout, sets)

    # --- reading ----------------------------------------------------------------------
    @property
    def width(self) -> int:
        return self.tiles.width * (len(self.layout[0]) if self.layout else 0)

    @property
    def depth(self) -> int:
        return self.tiles.depth * len(self.layout)

    def __contains__(self, square: object) -> bool:
        return (
            isinstance(square, Square) and 0 <= square.x < self.width and 0 <= square.y < self.depth
        )

    def squares(self) -> Iterator[Square]:
        """Every square, row by row from the north-west corner."""
        for y in range(self.depth):
            for x in range(self.width):
                yield Square(x, y)

    def tile_at(self, square: Square) -> str:
        self._on_board(square)
        return self.layout[square.y // self.tiles.depth][square.x // self.tiles.width]

    def feature_name(self, square: Square) -> str:
        face = self.tiles.faces[self.tile_at(square)]
        return face.feature(square.x % self.tiles.width, square.y % self.tiles.depth)

    def feature_at(self, square: Square) -> SquareFeature:
        return FEATURES[self.feature_name(square)]

    def squares_with(self, feature: str) -> frozenset[Square]:
        return frozenset(s for s in self.squares() if self.feature_name(s) == feature)

    def is_empty(self, square: Square) -> bool:
        """No building, flag or barricade (where a flag may be placed)."""
        return (
            not self.feature_at(square).blocks_movement
            and square not in self.flags
            and square not in self.barricades
        )

    def blocks_movement(self, square: Square) -> bool:
        """Tanks do not enter buildings, flags (Capture the Flag) or barricades."""
        return (
            self.feature_at(square).blocks_movement
            or square in self.flags
            or square in self.barricades
        )

    def blocks_fire(self, square: Square) -> bool:
        """Buildings and barricades stop a shell; tanks shoot over flags."""
        return self.feature_at(square).blocks_fire or square in self.barricades

    def _on_board(self, square: Square) -> None:
        if square not in self:
            raise UnknownName(
                "square", square, f"a square on the {self.width} × {self.depth} board {self.name}"
            )

    # --- a designer's changes -----------------------------------------------------------
    def with_flag(self, square: Square, owner: str) -> SquareBoard:
        return replace(self, flags={**self.flags, square: owner})

    def without_flag(self, square: Square) -> SquareBoard:
        return replace(self, flags={s: o for s, o in self.flags.items() if s != square})

    def with_barricade(self, square: Square) -> SquareBoard:
        return replace(self, barricades=self.barricades | {square})

    def without_barricade(self, square: Square) -> SquareBoard:
        return replace(self, barricades=self.barricades - {square})

    def with_tank(self, tank: BoardTank) -> SquareBoard:
        """A copy with this tank placed (replacing a tank of the same id)."""
        return replace(self, tanks=(*(t for t in self.tanks if t.id != tank.id), tank))

    def without_tank(self, tank_id: str) -> SquareBoard:
        return replace(self, tanks=tuple(t for t in self.tanks if t.id != tank_id))

    def tank_at(self, square: Square) -> BoardTank | None:
        return next((t for t in self.tanks if t.at == square), None)

    def with_tile(self, row: int, column: int, label: str) -> SquareBoard:
        """A copy with one slot of the layout holding another tile face (``I-a``, ``IV-a``...)."""
        layout = [list(r) for r in self.layout]
        layout[row][column] = label
        return self.with_layout(layout)

    def with_layout(self, layout: Iterable[Iterable[str]], sets: int | None = None) -> SquareBoard:
        return replace(
            self,
            layout=tuple(tuple(r) for r in layout),
            sets=self.sets if sets is None else sets,
        )

    def with_tiles(self, tiles: TileSet, file: str = "") -> SquareBoard:
        """A copy on other tiles (``file``: the tile set file a saved board should name)."""
        return replace(self, tiles=tiles, tile_set_file=file, base_dir=None)


def board_problems(board: SquareBoard) -> list[Problem]:
    """Everything that keeps a board from holding together, each naming its file field."""
    found: list[Problem] = []
    if board.sets < 1:
        return [Problem(("sets",), str(board.sets), "at least one set")]
    if not board.layout or len({len(row) for row in board.layout}) != 1 or not board.layout[0]:
        lengths = [len(row) for row in board.layout]
        return [Problem(("layout",), f"rows of {lengths} tiles", "rows of equal length, 1+ tiles")]
    used: dict[frozenset[str], list[tuple[int, int]]] = {}
    for y, row in enumerate(board.layout):
        for x, label in enumerate(row):
            if label not in board.tiles.faces:
                known = f"{min(board.tiles.faces)} … {max(board.tiles.faces)}"
                found.append(
                    Problem(("layout", y, x), repr(label), f"a face of the tile set ({known})")
                )
                continue
            used.setdefault(board.tiles.tile_of(label), []).append((y, x))
    for tile, places in used.items():
        if len(places) > board.sets:
            y, x = places[board.sets]
            faces = " / ".join(sorted(tile))
            sets = "one set" if board.sets == 1 else f"{board.sets} sets"
            found.append(
                Problem(
                    ("layout", y, x),
                    f"tile {faces} used {len(places)} times",
                    f"each tile at most once per set ({sets})",
                )
            )
    if found:
        return found
    for i, (square, owner) in enumerate(board.flags.items()):
        at: tuple[str | int, ...] = ("flags", i, "at")
        if square not in board:
            found.append(Problem(at, f"[{square.x}, {square.y}]", _on(board)))
        elif board.feature_at(square).blocks_movement or square in board.barricades:
            found.append(
                Problem(at, f"a flag on a {board.feature_name(square)} square", "an empty square")
            )
        if not owner:
            found.append(Problem(("flags", i, "owner"), '""', "the side the flag belongs to"))
    taken: dict[Square, str] = {}
    for i, tank in enumerate(board.tanks):
        at = ("tanks", i, "at")
        if tank.at not in board:
            found.append(Problem(at, f"[{tank.at.x}, {tank.at.y}]", _on(board)))
        elif board.blocks_movement(tank.at):
            found.append(
                Problem(at, f"a tank on a {board.feature_name(tank.at)} square", "an empty square")
            )
        elif tank.at in taken:
            found.append(Problem(at, f"two tanks on one square ({taken[tank.at]})", "one tank"))
        taken.setdefault(tank.at, tank.id)
        if not 0 <= tank.facing <= 7:
            found.append(Problem(("tanks", i, "facing"), str(tank.facing), "a facing 0..7"))
    for i, square in enumerate(sorted(board.barricades)):
        at = ("barricades", i)
        if square not in board:
            found.append(Problem(at, f"[{square.x}, {square.y}]", _on(board)))
        elif not board.feature_at(square).takes_barricade:
            found.append(
                Problem(
                    at,
                    f"a barricade on a {board.feature_name(square)} square",
                    "a street square (Optional Rules: Barricades)",
                )
            )
    return found


def _on(board: SquareBoard) -> str:
    return f"a square [x, y] on the {board.width} × {board.depth} board"


def tile_set_from_data(data: Mapping) -> TileSet:
    """A tile set from the fields of a ``workbench.tiles.panzer-strike/1`` document."""
    size = data["tile_size"]
    return TileSet(
        name=data["name"],
        description=data.get("description", ""),
        width=size["width"],
        depth=size["depth"],
        size_source=size["source"],
        faces={
            label: TileFace(label, tuple(face["rows"]), face["source"])
            for label, face in data["faces"].items()
        },
        backs=dict(tuple(pair) for pair in data["backs"]["pairs"]),
        backs_source=data["backs"]["source"],
    )


def tile_set_to_data(tiles: TileSet) -> dict:
    pairs, seen = [], set()
    for a, b in tiles.backs.items():
        if a not in seen:
            pairs.append([a, b])
            seen |= {a, b}
    data: dict = {"name": tiles.name}
    if tiles.description:
        data["description"] = tiles.description
    data["tile_size"] = {"width": tiles.width, "depth": tiles.depth, "source": tiles.size_source}
    data["legend"] = dict(SYMBOLS)
    data["backs"] = {"source": tiles.backs_source, "pairs": pairs}
    data["faces"] = {
        label: {"source": face.source, "rows": list(face.rows)}
        for label, face in tiles.faces.items()
    }
    return data


@cache
def _builtin_tiles() -> TileSet:
    text = resources.files("workbench.data").joinpath("panzer-strike-tiles.json").read_text("utf-8")
    return tile_set_from_data(json.loads(text))
