"""Panzer Strike's levels (where they differ from ``levels.LEVELS``).

A medium decision has the time for twice the shared level's simulations along greedy lines
(:mod:`workbench.players.panzer_strike`: 0.66 s median, 1.63 s at the 95th percentile with 96).
Easy has a third of medium's (the shared level's 12 played about level with the greedy
player: 0.55 over 40 games), between greedy and medium.
"""

LEVELS = {"easy": 32, "medium": 96}
