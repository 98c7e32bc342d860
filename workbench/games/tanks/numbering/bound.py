"""TANKS' longest game (OpenSpiel's ``max_game_length``, ``workbench.openspiel.bounds``),
counted tank by tank from the turn's structure (``rules/game.py``):

- Game Set Up, when played: the terrain roll, a step a terrain piece, the Attacker-or-Defender
  roll, the role and the table side; the missions' Objective tokens the players place (at
  most two, ``rules/objectives.py``); Deployment: a step a tank the players place;
- each turn, each tank at most once in each phase: Movement, Stay, or its Moves (two, three
  with Fast: Rapid Movement) and End Moves; Shooting, Hold, or Shoot, the Attack roll, keep
  or re-roll and the re-roll, the Defence roll, the shooter's and the target's cancellations
  and a Critical card for each Attack die (one more with Coordinated Fire); Command, Stay, a
  Repair and its roll, or (Blitzkrieg) one Move.
"""

from __future__ import annotations

from typing import Any

from workbench.games.tanks.rules.state import moves_allowed
from workbench.openspiel.bounds import bound

SHOT_STEPS = 7  # Shoot, the Attack roll, keep or re-roll, the re-roll, Defence, two cancels
COMMAND_STEPS = 2  # Repair and its roll (or Stay, or Blitzkrieg's one Move)
OBJECTIVES = 2  # the most Objective tokens the players place (No Retreat, Free-For-All)


def tank_turn(tank: Any) -> int:
    """The most steps one tank takes in a turn (see the module)."""
    attack = tank.card.attack + (1 if tank.has("Coordinated Fire") else 0)
    return (moves_allowed(tank) + 1) + (SHOT_STEPS + attack) + COMMAND_STEPS


@bound("tanks")
def tanks(start: Any) -> int:
    pieces = (*start.tanks, *getattr(start, "reserve", ()))
    setup = getattr(start, "setup", None)
    set_up = 0 if setup is None else 4 + len(setup.box)
    return set_up + OBJECTIVES + len(pieces) + start.turn_limit * sum(tank_turn(t) for t in pieces)
