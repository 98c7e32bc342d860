"""Panzer Vor! rules: movement with facing, line of sight, firing and exact odds, each explained."""

from workbench.games.panzer_vor.rules.state import GameState, OptionalRules, Side, Tank

__all__ = ["GameState", "OptionalRules", "Side", "Tank"]
