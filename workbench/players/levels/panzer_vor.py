"""The card game's levels (where they differ from ``levels.LEVELS``).

A medium decision has the time for 160 simulations of its greedy playouts
(:mod:`workbench.players.playouts`: 0.77 s median, 1.27 s at the 95th percentile on a
quiet 2-core machine), which beat
the greedy player more often than 96 did on the same seeded games (71 / 82 of 100 from the
two seats, against 69 / 85: ``benchmarks/README.md``); hard has twice medium's. Easy has
48 (the shared level's 12 played level with the greedy player, 0.50 over 40 games; 48 beats
it 0.72 and loses to medium 0.78 over 100 games, 50 a seat), between greedy and medium.
"""

LEVELS = {"easy": 48, "medium": 160, "hard": 320}
