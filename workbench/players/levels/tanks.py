"""TANKS' levels (where they differ from ``levels.LEVELS``).

A TANKS simulation plays a few steps of its slower greedy player
(:mod:`workbench.players.tanks`: 0.09 s median with 12), so every level has fewer. Hard has
five times medium's (0.59 against medium over 100 games, 50 a seat; three times scored
0.60 over 40; a hard decision takes 0.32 s median, 1.26 s at the 95th percentile). Easy has
8 (0.735 against the greedy player, 0.585 for medium against it, over 100 games; at 5 it
played about level with greedy, 0.54 over 40).
"""

LEVELS = {"easy": 8, "medium": 12, "hard": 60}
