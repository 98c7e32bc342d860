"""TANKS' levels (where they differ from ``levels.LEVELS``).

A TANKS simulation plays a few steps of its slower greedy player
(:mod:`workbench.players.tanks`: 0.17 s median with 12), so every level has fewer.
"""

LEVELS = {"easy": 5, "medium": 12, "hard": 36}
