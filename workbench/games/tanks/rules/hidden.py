"""What each side of a TANKS game sees (the contract's ``observation``).

Upgrade and Crew cards "start the game face down so your opponent does not know what
upgrades your tank has, but they can see the point cost on the back of the cards. The first
time you use a card you must flip the card face up" (Building Your Platoon: Upgrade and Crew
Cards). The cards a game is given (option ``crew_cards``) have no effect in the workbench
(the rulebook prints none), so none is ever used: :func:`mask` shows each of an opponent's
cards as its back, its point cost, for the whole game, and :func:`sample_hidden` draws a card
of that cost again for ``determinize``. A card the scenario names itself (Barkmann's Corner's
Ernst Barkmann) is printed on the scenario and stays in sight.
"""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

from workbench.games.tanks.rules.state import Battle, TankPiece
from workbench.rules.observation import Observation

FACE_DOWN = "face-down card"


def back_of(points: int) -> str:
    """A card as its opponent sees it: its back, with the point cost."""
    return f"{FACE_DOWN} ({points} points)"


def _cards(battle: Battle) -> dict[str, Any]:
    return dict(battle.options.get("crew_cards", {}))


def mask(battle: Battle, player: str) -> Battle:
    """The battle as ``player`` sees it: the opponent's Crew and Upgrade cards face down."""
    cards = _cards(battle)
    if not cards:
        return battle

    def seen(t: TankPiece) -> TankPiece:
        if t.side == player or not any(n in cards for n in t.crew):
            return t
        return replace(
            t, crew=tuple(back_of(cards[n]["points"]) if n in cards else n for n in t.crew)
        )

    tanks, reserve = tuple(map(seen, battle.tanks)), tuple(map(seen, battle.reserve))
    if tanks == battle.tanks and reserve == battle.reserve:
        return battle
    return replace(battle, tanks=tanks, reserve=reserve)


def sample_hidden(observation: Observation, rng: random.Random) -> Battle:
    """A whole battle for ``observation``: each face-down card drawn from the game's cards of
    its point cost, of a Type not yet on that tank and no Hero twice in an army."""
    battle: Battle = observation.state
    cards = _cards(battle)
    by_back: dict[str, list[str]] = {}
    for name, entry in cards.items():
        by_back.setdefault(back_of(entry["points"]), []).append(name)
    heroes: dict[str, set[str]] = {}

    def drawn(t: TankPiece) -> TankPiece:
        if not any(n.startswith(FACE_DOWN) for n in t.crew):
            return t
        army = heroes.setdefault(t.side, set())
        names = list(t.crew)
        for i, n in enumerate(t.crew):
            if not n.startswith(FACE_DOWN):
                continue
            types = {cards[m]["type"] for m in names if m in cards}
            fits = [
                c for c in by_back.get(n, [])
                if c not in names and cards[c]["type"] not in types
                and not (cards[c].get("hero") and c in army)
            ] or by_back.get(n, [n])  # fmt: skip
            names[i] = rng.choice(sorted(fits))
            army.add(names[i]) if cards.get(names[i], {}).get("hero") else None
        return replace(t, crew=tuple(names))

    return replace(
        battle, tanks=tuple(map(drawn, battle.tanks)), reserve=tuple(map(drawn, battle.reserve))
    )
