"""TANKS' levels (where they differ from ``levels.LEVELS``).

A TANKS simulation plays a few steps of its slower greedy player
(:mod:`workbench.players.tanks`: 0.09 s median with 12), so every level has fewer. Hard has
five times medium's (0.65 against medium over 40 games, where three times scored 0.60; a
hard decision takes 0.32 s median, 1.26 s at the 95th percentile). Easy has 8 (0.75 against
the greedy player, 0.61 for medium against it, over 40 games; at 5 it played about level
with greedy, 0.54).
"""

LEVELS = {"easy": 8, "medium": 12, "hard": 60}
