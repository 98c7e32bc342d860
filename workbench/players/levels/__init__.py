"""How many simulations a search player's level makes a decision: :data:`LEVELS` for every
game, and :data:`GAME_LEVELS` where a game's own differ, each from its own module here
(:mod:`.panzer_vor`, :mod:`.panzer_strike`, :mod:`.tanks`), so that tuning one game's levels
changes no other game's play (and leaves the other games' games in the strength record
counted: ``benchmarks/strength.py``). Nothing here needs OpenSpiel.

>>> GAME_LEVELS["tanks"]["medium"], LEVELS["medium"]
(12, 48)
"""

from __future__ import annotations

from workbench.players.levels import panzer_strike, panzer_vor, tanks

LEVELS = {"easy": 12, "medium": 48, "hard": 160}  # simulations a decision

GAME_LEVELS: dict[str, dict[str, int]] = {
    "panzer-vor": panzer_vor.LEVELS,
    "panzer-strike": panzer_strike.LEVELS,
    "tanks": tanks.LEVELS,
}

__all__ = ["GAME_LEVELS", "LEVELS"]
