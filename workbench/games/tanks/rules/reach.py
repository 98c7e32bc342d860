"""Where a tank can move now, for learners (the contract's ``reach``): the destinations of its
legal ``Move`` actions in the state (the arrow's fixed sample, ``movement.LEGAL_SAMPLE``;
any other placement ``check_move`` allows is legal too), each as ``Move.to`` (the centre and
facing the tank ends with), with what a Move costs and, where it cannot move, why not in the
words ``apply`` uses.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass

from workbench.boards.values import Pictured
from workbench.errors import ArgumentError
from workbench.games.tanks.rules import sections
from workbench.games.tanks.rules.actions import Move
from workbench.games.tanks.rules.movement import LEGAL_SAMPLE, sample_placements
from workbench.games.tanks.rules.state import Battle, moves_allowed
from workbench.geometry.table import Hull
from workbench.rules.core import Action, Reason, lines_of

# where the rules refuse a move by its geometry rather than by whose turn it is
GEOMETRY = (sections.MOVING, sections.IMPASSABLE)
SAMPLE_SIZE = len(LEGAL_SAMPLE["relative_headings"]) * len(LEGAL_SAMPLE["along_fractions"])


@dataclass(frozen=True)
class TableReach(Pictured):
    """A tank's legal moves now: ``destinations`` (``(x, y, facing)`` of each), the
    ``moves`` themselves and the ``reasons`` (the Move's allowance, or why it cannot move)."""

    battle: Battle
    tank: str
    moves: tuple[Move, ...]
    reasons: tuple[Reason, ...]

    __hash__ = None  # type: ignore[assignment]

    @property
    def destinations(self) -> frozenset[tuple[float, float, float]]:
        return frozenset(move.to for move in self.moves)

    def hulls(self) -> list[tuple[Move, Hull]]:
        """Each move with the hull the tank ends as (for pictures)."""
        if not self.moves:
            return []
        hull = self.battle.tank(self.tank).hull
        return [(m, hull.moved(m.placement.centre, m.to[2])) for m in self.moves]

    def lines(self) -> list[str]:
        head = f"{self.tank}: {len(self.destinations)} destinations now"
        return [head, *("  " + line for line in lines_of(self.reasons))]


def reach_of(
    battle: Battle,
    tank_id: str,
    legal: Iterable[Action],
    refusal: Callable[[Battle, Action], Reason | None],
) -> TableReach:
    """The reach of ``tank_id`` from the state's ``legal`` actions; ``refusal`` is the game's
    verdict on an action (``apply``'s reason, ``None`` if legal), asked why it cannot move."""
    if isinstance(tank_id, str) and any(t.id == tank_id for t in battle.reserve):
        waiting = Reason(f"{tank_id} is waiting to be deployed", sections.DEPLOYMENT)
        return TableReach(battle, tank_id, (), (waiting,))
    if not isinstance(tank_id, str) or not battle.has_tank(tank_id):
        ids = ", ".join(t.id for t in (*battle.tanks, *battle.reserve)) or "none"
        raise ArgumentError("tank", tank_id, f"a tank of the battle ({ids})")
    moves = tuple(a for a in legal if isinstance(a, Move) and a.tank == tank_id)
    tank = battle.tank(tank_id)
    if moves:
        if battle.phase == "command":
            allowance = Reason(
                f"{tank_id} may make a single Move instead of a repair roll", sections.BLITZKRIEG
            )
        else:
            allowance = Reason(
                f"Move {tank.speed + 1} of {moves_allowed(tank)} this turn; its Speed token then "
                f"shows {tank.speed + 1}",
                sections.RAPID,
            )
        why = (
            allowance,
            Reason(
                "the Measuring Arrow touching the tank, the tank square against its tail, "
                f"never past it ({len(moves)} legal of the sample's {SAMPLE_SIZE} placements)",
                sections.MOVING,
            ),
            Reason("each Move adds a Defence die when the tank is shot at", sections.TARGET_MOVES),
            Reason(
                "a tank that moves adds a Defence die to its own shots and may not re-roll",
                sections.SHOOTER_MOVES,
            ),
        )
        return TableReach(battle, tank_id, moves, why)
    probe = Move.of(tank_id, sample_placements(battle, tank_id)[0])
    refused = refusal(battle, probe) or Reason(f"{tank_id} has no move now", sections.MOVING)
    if refused.section in GEOMETRY:
        refused = Reason(
            f"none of the arrow's {SAMPLE_SIZE} sample placements is legal; the first: "
            f"{refused.text}",
            refused.section,
        )
    return TableReach(battle, tank_id, (), (refused,))
