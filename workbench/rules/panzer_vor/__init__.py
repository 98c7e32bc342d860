"""Panzer Vor! rules: movement with facing, line of sight, firing and exact odds, each explained."""

from workbench.rules.panzer_vor.state import GameState, OptionalRules, Side, Tank

__all__ = ["GameState", "OptionalRules", "Side", "Tank"]
