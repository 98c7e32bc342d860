"""Panzer Strike's levels (where they differ from ``levels.LEVELS``).

A medium decision has the time for twice the shared level's simulations along greedy lines
(:mod:`workbench.players.panzer_strike`: 0.66 s median, 1.63 s at the 95th percentile with 96).
Easy keeps the shared level's 12: a third of medium's (32) beat the greedy player 0.65 over
40 games but played as well as medium (0.54 against it), so easy would not be easier. At 12
easy scores 0.535 against greedy and medium 0.585 against easy over 100 games (50 a seat):
Panzer Strike's searches along greedy lines span little more than a tenth of a game's points
above greedy (``benchmarks/README.md``).
"""

LEVELS = {"medium": 96}
