"""Panzer Vor!'s search settings, for the card game, its two series and the practice game
(registered with :func:`workbench.players.settings.register`).

The card game's greedy player ranks a position's actions in well under a millisecond and a
whole Mock Battle takes some 50 steps, so its search is by greedy playouts
(:mod:`workbench.players.playouts`): the greedy player's first five choices at the root, each
carried on along greedy lines to the end, the best mean played where it was searched six
times and beats the greedy choice's by 0.05. The series search their match in play as the
practice game searches: every action, the greedy choice favoured, each leaf scored where it
stands. A shot is under way while it is on the match's stack (its reactions and dice). How the
levels were chosen: ``benchmarks/README.md``. Not the rulebook's: it decides how a labelled
computer opponent searches.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from workbench.games.panzer_vor.rules.actions import Deploy, Fire, Move
from workbench.games.panzer_vor.rules.match import Shot
from workbench.players.root import RootRule
from workbench.players.settings import (
    Exposure,
    Playouts,
    SearchSettings,
    Shots,
    StrengthCase,
    register,
)


def fired(action: Any) -> tuple[str, str] | None:
    """(firer, target) of a Fire action, else None."""
    return (action.firer, action.target) if isinstance(action, Fire) else None


def moved(action: Any) -> str | None:
    """The tank a Move or a Deploy moves, else None."""
    return str(action.tank) if isinstance(action, Move | Deploy) else None


def card_shot_under_way(state: Any) -> bool:
    """Whether a shot declared in a card match (or a series' match in play) is still being
    resolved: a :class:`~workbench.games.panzer_vor.rules.match.Shot` on its stack."""
    match = getattr(state, "match", state)  # a series game: the match in play
    return match is not None and any(isinstance(frame, Shot) for frame in match.stack)


CARD_SHOTS = Shots(declared=fired, under_way=card_shot_under_way)


RECORD = Path(__file__).with_name("strength-games.csv")  # its strength benchmark games

CARD_GAME = register(
    "panzer-vor",
    SearchSettings(
        levels={"easy": 48, "medium": 160},
        # hard (320 simulations) over medium +26 Elo [-42, +95] (50 games a seat): not shown
        # apart, so merged (benchmarks/README.md: the strength of the search players)
        merged={"hard": "medium"},
        playouts=Playouts(candidates=5, steps=60, uct_c=2.0),
        root=RootRule(best_mean=True, min_visits=6, margin=0.05),
        shots=CARD_SHOTS,
        strength=StrengthCase(
            "mock-battle",
            "Mock Battle (card game)",
            (
                "workbench/games/panzer_vor",
                "workbench/panzer_vor.py",
                "maps/panzer-vor",
                "workbench/data/*panzer-vor*",
            ),
            RECORD,
        ),
    ),
)
for series in ("panzer-vor-linked", "panzer-vor-tournament"):
    register(series, SearchSettings(shots=CARD_SHOTS))

# the practice game's odds cost a few milliseconds, so a moved tank's exposure is scored
PRACTICE = register(
    "panzer-vor-practice",
    SearchSettings(
        shots=Shots(declared=fired, under_way=lambda state: state.shot is not None),
        exposure=Exposure(
            moved=moved,
            live=lambda state, side: [
                t.id for t in state.board.tanks if t.side == side and not t.wreck
            ],
        ),
    ),
)
