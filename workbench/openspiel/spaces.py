"""Each game's numbered actions, listed from the loaded scenario (see :mod:`.numbering`).

How the hard cases are numbered:

- **Dice results that are sets of faces** (Panzer Strike's movement and gun dice, TANKS'
  Attack and Defence dice) are numbered as sorted multisets of faces, every size from none to
  the most dice the scenario can roll (the Dice Table's row for its largest side; the most
  Attack dice a tank has, plus one for Coordinated Fire; Defence never more than six).
- **Chance outcomes** are actions like any other: Panzer Vor!'s two dice as the 36 ordered
  pairs, a Critical card by name (the empty name: the deck and discard are both empty).
- **Panzer Vor!'s Move** (the practice game) is numbered by tank, end hex and facing: the
  rules list each move along a cheapest path (``path=()``, no ability), and a Move with a
  path given by hand is not numbered (the numbering names where a move ends; the same end
  along another path is no different choice to a search player). The card game numbers its
  Move, Fire and Deploy *relative to the match* (:mod:`.card_slots`): a Move by the acting
  side's tank slot, the end hex's offset from the tank within the largest reach any tank of
  the scenario can have, the facing and the character whose bonus it uses; a Deploy by the
  acting side's tank slot, the hex's index in the deployment area and the facing; a Fire by
  the firer's and the target's slots. So every card-game scenario fits in 10⁵ numbers
  (:mod:`.card_space`).
- **TANKS' Move** is in centimetres: it is numbered *relative to the tank*, by the arrow's
  heading from the hull's (whole degrees, the 15° steps of the display sample, which hold the
  45° steps ``legal_actions`` offers), the fraction of the tail the tank moves along it and the
  tank's turn against the arrow (0° or 180°). The arrow's start is where a ray from the hull's
  centre at that heading leaves the hull, as the rules lay it; any other placement is not
  numbered. Deploy is numbered by the deployment sample's spots (fixed by the table and the
  side's deployment edge; every edge the Defender may choose when the set-up is played), a
  terrain piece's placement by the set-up grid's positions on the bare table
  (option ``terrain_grid``).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterable
from fractions import Fraction
from itertools import combinations_with_replacement, product
from typing import Any

from workbench.openspiel.numbering import ActionSpace, Family, NotNumbered

SpaceMaker = Callable[[Any, Any], ActionSpace]  # (scenario, first state) -> its actions
_MAKERS: dict[str, SpaceMaker] = {}


def numbers(game: str) -> Callable[[SpaceMaker], SpaceMaker]:
    """Register the maker of a game's numbered actions."""

    def register(maker: SpaceMaker) -> SpaceMaker:
        _MAKERS[game] = maker
        return maker

    return register


def numbered_games() -> list[str]:
    return list(_MAKERS)


def action_space(game: str, scenario: Any, start: Any) -> ActionSpace:
    """The numbered actions of ``game`` for ``scenario`` whose first state is ``start``."""
    maker = _MAKERS.get(game)
    if maker is None:
        raise NotNumbered(
            f"{game} has no numbered actions yet (numbered: {', '.join(_MAKERS) or 'none'})"
        )
    return maker(scenario, start)


def multisets(faces: Iterable[int], most: int) -> tuple[tuple[int, ...], ...]:
    """Every sorted roll of 0..``most`` dice with these faces.

    >>> multisets((1, 2), 2)
    ((), (1,), (2,), (1, 1), (1, 2), (2, 2))
    """
    kinds = sorted(set(faces))
    return tuple(c for n in range(most + 1) for c in combinations_with_replacement(kinds, n))


def one(kind: type) -> Family:
    """A family of one action with no fields (End Turn, Pass...)."""
    return Family(kind, ())


def whole(kind: type, values: Iterable[Any], note: str = "") -> Family:
    """A family numbering each listed action whole (its fields as one value): for actions
    whose fields go together (a deployment's spot, a card and what it is used for)."""
    listed = tuple(dict.fromkeys(values))
    return Family(kind, (("action", listed),), _itself, _first, note)


def _itself(action: Any, state: Any) -> tuple[Any, ...]:
    return (action,)


def _first(values: tuple[Any, ...], state: Any) -> Any:
    return values[0]


def probabilities_sum_to_one(outcomes: Iterable[tuple[Any, Fraction]]) -> bool:
    return sum(p for _, p in outcomes) == 1


# --- Panzer Strike ------------------------------------------------------------------------


@numbers("panzer-strike")
def panzer_strike(scenario: Any, start: Any) -> ActionSpace:
    from workbench.games.panzer_strike.rules import actions as A

    tanks = tuple(t.id for t in start.tanks)
    board = start.board
    squares = tuple(product(range(board.width), range(board.depth)))
    roster = start.roster
    most_per_side = max(sum(1 for t in start.tanks if t.side == s) for s in start.order)
    dice = roster.dice_rolled(most_per_side)
    slots = dice + 1  # all dice alike give one extra move (Rules: Movement)
    large = [f.movement for f in roster.die_faces]
    small = [f.firepower for f in roster.die_faces]
    gun = max(roster.types[t.kind].gun_dice for t in start.tanks)
    side = {t.id: t.side for t in start.tanks}
    pairs = tuple((a, b) for a in tanks for b in tanks if side[a] != side[b])
    return ActionSpace(
        f"panzer-strike {getattr(scenario, 'name', 'a state')}",
        (
            Family(A.RollMovement, (("large", multisets(large, dice)),)),
            Family(
                A.Move,
                (
                    ("tank", tanks),
                    ("die", tuple(range(slots))),
                    ("to", squares),
                    ("facing", tuple(range(8))),
                ),
            ),
            one(A.EndMovement),
            whole(A.Shoot, (A.Shoot(a, b) for a, b in pairs)),
            Family(A.RollGun, (("small", multisets(small, gun)),)),
            one(A.EndTurn),
        ),
    )


# --- Panzer Vor! practice -----------------------------------------------------------------


def hex_labels(board: Any) -> tuple[str, ...]:
    grid = board.map.grid
    return tuple(grid.label(h) for h in grid)


def plain_move(action: Any, state: Any) -> tuple[Any, ...]:
    """A Panzer Vor! Move's numbered fields: tank, end hex, facing (a cheapest path, no
    ability); a Move with a path or an ability given is not numbered here."""
    if action.path or action.ability:
        raise NotNumbered(
            f"{action!r}: a Move is numbered by where it ends, along a cheapest path and "
            "without an ability"
        )
    return (action.tank, action.to, action.facing)


def plain_move_back(values: tuple[Any, ...], state: Any) -> Any:
    from workbench.games.panzer_vor.rules.actions import Move

    return Move(*values)


@numbers("panzer-vor-practice")
def panzer_vor_practice(scenario: Any, start: Any) -> ActionSpace:
    from workbench.games.panzer_vor.rules import actions as A

    board = start.board
    waiting = [t for d in start.deploying for t in d.tanks]  # option setup "choose"
    tanks = tuple(t.id for t in (*board.tanks, *waiting))
    sides = {t.id: t.side for t in (*board.tanks, *waiting)}
    labels = hex_labels(board)
    deploys = (
        Family(
            A.Deploy,
            (("tank", tuple(t.id for t in waiting)), ("to", labels), ("facing", tuple(range(6)))),
        ),
    )
    return ActionSpace(
        f"panzer-vor-practice {getattr(scenario, 'name', 'a state')}",
        (
            Family(
                A.Move,
                (("tank", tanks), ("to", labels), ("facing", tuple(range(6)))),
                plain_move,
                plain_move_back,
                "tank, end hex, facing: along a cheapest path",
            ),
            whole(A.Fire, (A.Fire(a, b) for a in tanks for b in tanks if sides[a] != sides[b])),
            one(A.Pass),
            Family(A.Roll, (("dice", tuple(product(range(1, 7), repeat=2))),)),
            *(deploys if waiting else ()),
        ),
    )


# --- TANKS --------------------------------------------------------------------------------


@dataclasses.dataclass(frozen=True)
class RelativeArrow:
    """TANKS' Move numbered relative to the tank (see the module); ``tail``: the arrow's tail
    length in cm."""

    tail: float

    def encode(self, action: Any, state: Any) -> tuple[Any, ...]:
        from workbench.games.tanks.rules import movement

        hull = state.tank(action.tank).hull
        x, y = movement.arrow_start(hull, action.heading)
        if (round(action.x, 6), round(action.y, 6)) != (round(x, 6), round(y, 6)):
            raise NotNumbered(f"{action!r}: the arrow is not laid at the hull's edge")
        rel = round((action.heading - hull.heading) % 360.0, 6) % 360.0
        turn = round((action.facing - action.heading) % 360.0, 6) % 360.0
        return (action.tank, rel, round(action.along / self.tail, 9), turn)

    def decode(self, values: tuple[Any, ...], state: Any) -> Any:
        from workbench.games.tanks.rules import movement
        from workbench.games.tanks.rules.actions import Move

        tank, rel, fraction, turn = values
        hull = state.tank(tank).hull
        heading = (hull.heading + rel) % 360.0
        x, y = movement.arrow_start(hull, heading)
        along = round(self.tail * fraction, 9)
        return Move.of(tank, movement.Placement(x, y, heading, along, (heading + turn) % 360.0))


@numbers("tanks")
def tanks_space(scenario: Any, start: Any) -> ActionSpace:
    from workbench.games.tanks.rules import actions as A
    from workbench.games.tanks.rules import criticals, deployment, movement, objectives, table_setup

    pieces = (*start.tanks, *getattr(start, "reserve", ()))
    tanks = tuple(dict.fromkeys(t.id for t in pieces))
    relative = tuple(movement.DISPLAY_SAMPLE["relative_headings"])
    fractions = tuple(movement.DISPLAY_SAMPLE["along_fractions"])
    turns = tuple(movement.DISPLAY_SAMPLE["turns"])
    tail = start.table.arrow.tail_length

    arrow = RelativeArrow(tail)
    spots = []
    setup = getattr(start, "setup", None)
    for piece in getattr(start, "reserve", ()):
        edges = table_setup.OPPOSITE if setup is not None else (None,)  # the Defender's choice
        for edge in edges:
            at = start if edge is None else dataclasses.replace(start, deploy_at={piece.side: edge})
            spots += [A.Deploy(piece.id, *spot) for spot in deployment.deploy_sample(at, piece.id)]
    placements = (
        [a for p in setup.box for a in table_setup.grid_placements(start, p)] if setup else []
    )
    attack = max(t.card.attack for t in pieces) + 1  # Coordinated Fire adds one
    critical = ("", *sorted(set(start.deck) | set(start.discard)))
    ids = {t.id: t.side for t in pieces}
    repairable = ("", *(n for n, c in criticals.CRITICAL_CARDS.items() if c.repairable))
    return ActionSpace(
        f"tanks {getattr(scenario, 'name', 'a state')}",
        (
            whole(A.Deploy, spots, "the deployment sample's spots, by tank"),
            Family(
                A.Move,
                (("tank", tanks), ("heading", relative), ("along", fractions), ("turn", turns)),
                arrow.encode,
                arrow.decode,
                "relative to the tank: arrow heading from the hull's, tail fraction, turn",
            ),
            Family(A.Stay, (("tank", tanks),)),
            Family(A.EndMoves, (("tank", tanks),)),
            whole(A.Shoot, (A.Shoot(a, b) for a in tanks for b in tanks if ids[a] != ids[b])),
            Family(A.Hold, (("tank", tanks),)),
            one(A.KeepRoll),
            Family(A.Reroll, (("keep", ((), *((f,) for f in range(1, 7)))),)),
            Family(A.Cancel, (("hits", tuple(range(attack + 1))),)),
            Family(A.Repair, (("tank", tanks), ("card", repairable))),
            Family(A.AttackRoll, (("faces", multisets(range(1, 7), attack)),)),
            Family(A.DefenceRoll, (("faces", multisets(range(1, 7), 6)),)),
            Family(A.DrawCritical, (("card", critical),)),
            Family(A.RepairRoll, (("face", tuple(range(1, 7))),)),
            Family(A.SetUpRoll, (("faces", tuple(a.faces for a, _ in table_setup.ROLL_OUTCOMES)),)),
            whole(A.PlaceTerrain, placements, "each set-up piece on the terrain grid"),
            Family(A.ChooseRole, (("role", table_setup.ROLES),)),
            Family(A.ChooseEdge, (("edge", tuple(table_setup.OPPOSITE)),)),
            whole(A.PlaceObjective, objectives.grid(start), "the token grid near every edge"),
        ),
    )
