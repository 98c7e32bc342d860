"""OpenSpiel's strings from the contract's observations (``Game.observation``).

- the **information state** of a side: its name and the game's history as it saw it (each
  action, or ``(hidden)`` and its kind where it saw none). The first state is fixed by the
  scenario and options, so this history is everything the side knows: two states give one
  side the same string exactly when its observations' histories are equal (perfect recall),
  and a string names its side, so no two sides share one.
- the **observation** of a side: its name and the state as it sees it now: the game's
  fingerprint of the masked state where something is hidden from it, else the state's text.
- a **state's text**: the game's fingerprint (a text equal for equal states) where it has
  one, else the actions from the first state, which fix it.
"""

from __future__ import annotations

from typing import Any

from workbench.rules.core import Game
from workbench.rules.observation import Observation, history_of


def information_state_text(observation: Observation) -> str:
    steps = "\n".join(
        f"{s.actor}: {s.kind} (hidden)" if s.action is None else f"{s.actor}: {s.action!r}"
        for s in observation.history
    )
    return f"{observation.player} after {len(observation.history)} steps\n{steps}"


def observation_text(rules: Game, observation: Observation) -> str:
    if observation.hidden:
        seen = rules.fingerprint(observation.state)
    else:
        seen = state_text(rules, observation.state)
    return f"{observation.player} sees\n{seen}"


def state_text(rules: Game, state: Any) -> str:
    if rules.offers("fingerprint"):
        return rules.fingerprint(state)
    history = history_of(state)
    return f"{len(history)} steps from the start\n" + "\n".join(map(repr, history.actions()))
