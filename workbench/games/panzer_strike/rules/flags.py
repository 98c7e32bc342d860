"""Task: Capture the Flag: what "next to" a flag is, the flag counts each task allows, and
the capture at the end of a turn ("a tank must come to a square next to it, survive the
following opponent's turn and stand still on that square one more turn"). What "next to",
"come" and "stand still" mean where the text leaves it open are the options ``flag_next_to``,
``flag_arrival`` and ``flag_turning``."""

from __future__ import annotations

from workbench.games.panzer_strike.boards.board import SquareBoard
from workbench.games.panzer_strike.rules import sections
from workbench.games.panzer_strike.rules.state import Match, Tank, Watch
from workbench.geometry.squaregrid import Square
from workbench.rules.core import Event, IllegalAction, Reason


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


def moved_for_the_flag(match: Match, tank: Tank) -> bool:
    """Whether ``tank`` has moved this turn as the flag rule counts it.

    "Any motion forward by one square or rotation for 45° counts as one step": a tank that only
    turned in place has moved (option ``flag_turning``: ``'moves'``, the default), or, read
    the other way, it stands still on its square (``'still'``)."""
    if tank.id not in match.moved:
        return False
    if match.options.flag_turning == "moves":
        return True
    return any(t == tank.id and a != b for t, _, _, a, b in match.steps_used)


def capture_flags(
    match: Match,
) -> tuple[SquareBoard, list[Watch], list[tuple[Square, str, str]], list[Event]]:
    """At the end of the side's turn: flags captured by tanks that came next to them a turn
    ago, survived and stood still; new watches for tanks that came next to an enemy flag.

    "To capture a flag, a tank must come to a square next to it, survive the following
    opponent's turn and stand still on that square one more turn." A tank that moved this turn
    (:func:`moved_for_the_flag`) and ends it next to the flag has come there; one that starts
    its turn next to it and stays has not (option ``flag_arrival``: ``'arrive'``, the default),
    or, read the other way, its staying starts the count too (``'present'``)."""
    side = match.side_to_act
    present = match.options.flag_arrival == "present"
    events: list[Event] = []
    board, watches, captured = match.board, [], list(match.captured)
    for tank in match.active_tanks(side):
        moved = moved_for_the_flag(match, tank)
        for flag, owner in list(board.flags.items()):
            if owner == side or not next_to(match, tank.at, flag):
                continue
            earlier = next((w for w in match.watches if w.tank == tank.id and w.flag == flag), None)
            if earlier is not None and not moved and earlier.since == match.turn - 2:
                board = board.without_flag(flag)
                captured.append((flag, owner, tank.id))
                reasons = [
                    Reason(
                        "it came next to the flag, survived the opponent's turn and stood "
                        "still one more turn; the flag is removed",
                        sections.CAPTURE_THE_FLAG,
                    )
                ]
                if tank.id in match.moved:  # it turned in place: standing still by the reading
                    reasons.append(
                        Reason(
                            "it only turned in place, which stands still by the reading "
                            "flag_turning 'still'",
                            sections.CAPTURE_THE_FLAG,
                        )
                    )
                events.append(
                    Event(
                        f"{tank.id} captures {owner}'s flag at ({flag.x}, {flag.y})",
                        tuple(reasons),
                    )
                )
            elif moved or (present and earlier is None):
                watches.append(Watch(tank.id, flag, match.turn))
                reasons = [
                    Reason(
                        "it captures the flag if it survives the opponent's "
                        "turn and then stands still one more turn",
                        sections.CAPTURE_THE_FLAG,
                    )
                ]
                if not moved:
                    reasons.append(
                        Reason(
                            "it was next to the flag already: staying there counts by the "
                            "reading flag_arrival 'present'",
                            sections.CAPTURE_THE_FLAG,
                        )
                    )
                events.append(
                    Event(
                        f"{tank.id} is next to {owner}'s flag at ({flag.x}, {flag.y})",
                        tuple(reasons),
                    )
                )
    return board, watches, captured, events
