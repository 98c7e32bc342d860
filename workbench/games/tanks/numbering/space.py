"""TANKS' actions as OpenSpiel numbers (registered with
:mod:`workbench.openspiel.spaces`; its longest game is :mod:`.bound`'s; pure Python, no
pyspiel here).

- **Move** is in centimetres: it is numbered *relative to the tank*, by the arrow's heading
  from the hull's (whole degrees, the 15° steps of the display sample, which hold the 45°
  steps ``legal_actions`` offers), the fraction of the tail the tank moves along it and the
  tank's turn against the arrow (0° or 180°). The arrow's start is where a ray from the
  hull's centre at that heading leaves the hull, as the rules lay it; any other placement is
  not numbered.
- **Deploy** is numbered by the deployment sample's spots (fixed by the table and the side's
  deployment edge; every edge the Defender may choose when the set-up is played), a terrain
  piece's placement by the set-up grid's positions on the bare table (option
  ``terrain_grid``).
- **Dice** (Attack and Defence) are sorted multisets of faces: up to the most Attack dice a
  tank has, plus one for Coordinated Fire; Defence never more than six.

>>> from workbench.openspiel import action_space
>>> len(action_space("tanks", "standard-table")) <= 100_000
True
"""

from __future__ import annotations

import dataclasses
from typing import Any

from workbench.games.tanks.rules import actions as A
from workbench.games.tanks.rules import criticals, deployment, movement, objectives, table_setup
from workbench.openspiel.numbering import ActionSpace, Family, NotNumbered
from workbench.openspiel.spaces import multisets, numbers, one, whole


@dataclasses.dataclass(frozen=True)
class RelativeArrow:
    """TANKS' Move numbered relative to the tank (see the module); ``tail``: the arrow's tail
    length in cm."""

    tail: float

    def encode(self, action: Any, state: Any) -> tuple[Any, ...]:
        hull = state.tank(action.tank).hull
        x, y = movement.arrow_start(hull, action.heading)
        if (round(action.x, 6), round(action.y, 6)) != (round(x, 6), round(y, 6)):
            raise NotNumbered(f"{action!r}: the arrow is not laid at the hull's edge")
        rel = round((action.heading - hull.heading) % 360.0, 6) % 360.0
        turn = round((action.facing - action.heading) % 360.0, 6) % 360.0
        return (action.tank, rel, round(action.along / self.tail, 9), turn)

    def decode(self, values: tuple[Any, ...], state: Any) -> Any:
        tank, rel, fraction, turn = values
        hull = state.tank(tank).hull
        heading = (hull.heading + rel) % 360.0
        x, y = movement.arrow_start(hull, heading)
        along = round(self.tail * fraction, 9)
        return A.Move.of(tank, movement.Placement(x, y, heading, along, (heading + turn) % 360.0))


@numbers("tanks")
def numbered_actions(scenario: Any, start: Any) -> ActionSpace:
    """Every action of a TANKS scenario (see the module)."""
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
