"""TANKS' levels (where they differ from ``levels.LEVELS``).

A TANKS simulation plays a few steps of its slower greedy player
(:mod:`workbench.players.tanks`: 0.09 s median with 12), so every level has fewer. Hard has
five times medium's (three times scored 0.60 against medium over 40 games, not shown
stronger).
"""

LEVELS = {"easy": 5, "medium": 12, "hard": 60}
