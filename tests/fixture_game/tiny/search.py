"""How the search players search Tiny Race: fewer simulations than the shared levels (a race
has two choices a turn), and otherwise the generic search (every action, each leaf scored
where it stands)."""

from __future__ import annotations

from workbench.players.settings import SearchSettings, register

SETTINGS = register("tiny-race", SearchSettings(levels={"easy": 4, "medium": 8, "hard": 16}))
