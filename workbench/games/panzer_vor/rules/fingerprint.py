"""States as text for comparing one state before and after a refused action in one process
(``Game.fingerprint``): cheaper than ``conformance.canonical`` because the map and the card
texts, immutable values shared by every state of a match, are left out, and a tank's counter
is given by its name and values (``repr`` of a set is the same for the same unchanged
object)."""

from __future__ import annotations

import dataclasses
from typing import Any

from workbench.games.panzer_vor.rules.match import CardMatch
from workbench.games.panzer_vor.rules.state import GameState, Tank
from workbench.rules.canonical import canonical


def tank_text(t: Tank) -> tuple[Any, ...]:
    c = t.counter
    return (t.id, c.name, c.movement, c.guns, t.side, t.hex, t.facing, t.immobile,
            t.smoke, t.flag, t.wreck, t.turret, t.turret_turned, t.character)  # fmt: skip


def board_text(board: GameState) -> str:
    """The board's tanks, options, special rules and sides (not its map)."""
    tanks = repr([tank_text(t) for t in board.tanks])
    return tanks + "\n" + canonical((board.options, board.special_rules, dict(board.sides)))


def card_fingerprint(match: CardMatch) -> str:
    """A card match as text: its board, then every compared field but the deck list."""
    parts = [board_text(match.board)]
    for f in dataclasses.fields(match):
        if f.compare and f.name not in ("board", "deck_list", "reserves"):
            parts.append(f"{f.name}={getattr(match, f.name)!r}")
    for side, tanks in match.reserves.items():
        parts.append(f"{side}: {[tank_text(t) for t in tanks]}")
    return "\n".join(parts)
