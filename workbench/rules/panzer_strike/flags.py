"""Task: Capture the Flag: what "next to" a flag is, the flag counts each task allows, and
the capture at the end of a turn ("a tank must come to a square next to it, survive the
following opponent's turn and stand still on that square one more turn")."""

from __future__ import annotations

from workbench.boards.panzer_strike.board import SquareBoard
from workbench.geometry.squaregrid import Square
from workbench.rules.core import Event, IllegalAction, Reason
from workbench.rules.panzer_strike import sections
from workbench.rules.panzer_strike.state import Match, Watch


def next_to(match: Match, a: Square, b: Square) -> bool:
    """``a`` is next to ``b``: one of the eight (or four, by option) squares around it."""
    dx, dy = abs(a.x - b.x), abs(a.y - b.y)
    if match.options.flag_next_to == "four":
        return dx + dy == 1
    return max(dx, dy) == 1


def check_flag_counts(task: str, counts: list[int]) -> None:
    """ "It can be symmetrical (1 or 2 flags each) or attack vs. defence (one player has up
    to 4 flags)" (option ``any_flags`` lifts this for a designer's variant)."""
    if task == "symmetric" and (counts[0] != counts[1] or max(counts) > 2):
        found = f"{counts[0]} and {counts[1]} flags"
        raise IllegalAction(
            Reason(
                f"a symmetrical game has 1 or 2 flags each, not {found}", sections.CAPTURE_THE_FLAG
            )
        )
    if task == "attack-defence" and max(counts) > 4:
        raise IllegalAction(
            Reason(
                f"in attack vs. defence one player has up to 4 flags, not {max(counts)}",
                sections.CAPTURE_THE_FLAG,
            )
        )


def capture_flags(
    match: Match,
) -> tuple[SquareBoard, list[Watch], list[tuple[Square, str, str]], list[Event]]:
    """At the end of the side's turn: flags captured by tanks that came next to them a turn
    ago, survived and stood still; new watches for tanks that came next to an enemy flag."""
    side = match.side_to_act
    events: list[Event] = []
    board, watches, captured = match.board, [], list(match.captured)
    for tank in match.active_tanks(side):
        for flag, owner in list(board.flags.items()):
            if owner == side or not next_to(match, tank.at, flag):
                continue
            earlier = next((w for w in match.watches if w.tank == tank.id and w.flag == flag), None)
            if (
                earlier is not None
                and tank.id not in match.moved
                and earlier.since == match.turn - 2
            ):
                board = board.without_flag(flag)
                captured.append((flag, owner, tank.id))
                events.append(
                    Event(
                        f"{tank.id} captures {owner}'s flag at ({flag.x}, {flag.y})",
                        (
                            Reason(
                                "it came next to the flag, survived the opponent's turn and stood "
                                "still one more turn; the flag is removed",
                                sections.CAPTURE_THE_FLAG,
                            ),
                        ),
                    )
                )
            elif tank.id in match.moved:
                watches.append(Watch(tank.id, flag, match.turn))
                events.append(
                    Event(
                        f"{tank.id} is next to {owner}'s flag at ({flag.x}, {flag.y})",
                        (
                            Reason(
                                "it captures the flag if it survives the opponent's "
                                "turn and then stands still one more turn",
                                sections.CAPTURE_THE_FLAG,
                            ),
                        ),
                    )
                )
    return board, watches, captured, events
