"""What each side of a TANKS game sees (the contract's ``observation``), and a world drawn
from it (``determinize``).

Upgrade and Crew cards "start the game face down so your opponent does not know what
upgrades your tank has, but they can see the point cost on the back of the cards. The first
time you use a card you must flip the card face up" (Building Your Platoon: Upgrade and Crew
Cards). The cards a game is given (option ``crew_cards``) have no effect in the workbench
(the rulebook prints none), so none is ever used and none is ever flipped: :func:`mask`
shows each of an opponent's cards as its back, its point cost, for the whole game, on its
tank and in the option ``crew`` that gave it (the other options are the game's, public). A
card the scenario names itself (Barkmann's Corner's Ernst Barkmann) is printed on the
scenario and stays in sight.

A world (:func:`sample_hidden`) gives each face-down card a card of the game's of that cost,
uniformly among the ways the game would have started with (the Building Your Platoon checks
of ``platoons.check_platoons``: one Country, no Type twice on a tank, Crew Slots, no Hero
twice): drawn card by card uniformly and kept only when the game accepts them (rejection:
exactly uniform), else, after :data:`TRIES` draws, card by card among the cards that still
fit a tank's Types and the army's Heroes. Nothing the table sees tells the cards of one cost
apart (none is used), so every such way is as likely. The world's history is the game's own
(no step of TANKS is hidden).
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from workbench.games.tanks.rules.options import default_point_limit
from workbench.games.tanks.rules.platoons import check_platoons, game_cards
from workbench.games.tanks.rules.setup import crew_holders
from workbench.games.tanks.rules.state import Battle, TankPiece
from workbench.rules.observation import Observation, history_from
from workbench.rules.options import OptionError

FACE_DOWN = "face-down card"
TRIES = 200  # uniform draws of the face-down cards before drawing among those that fit


def back_of(points: int) -> str:
    """A card as its opponent sees it: its back, with the point cost."""
    return f"{FACE_DOWN} ({points} points)"


def _cards(battle: Battle) -> dict[str, Any]:
    return dict(battle.options.get("crew_cards", {}))


def hides(battle: Battle) -> bool:
    """Whether a side's tank has a card of ``crew_cards`` (else nothing is hidden)."""
    cards = _cards(battle)
    lists = battle.options.get("crew", {}).values()
    return any(name in cards for per_side in lists for names in per_side for name in names)


def mask(battle: Battle, player: str) -> Battle:
    """The battle as ``player`` sees it: the opponent's Crew and Upgrade cards face down, on
    its tanks and in the option ``crew``."""
    cards = _cards(battle)
    if not cards or not hides(battle):
        return battle

    def seen(t: TankPiece) -> TankPiece:
        if t.side == player or not any(n in cards for n in t.crew):
            return t
        return replace(t, crew=_backs(t.crew, cards))

    crew = {
        side: lists if side == player else [list(_backs(names, cards)) for names in lists]
        for side, lists in battle.options.get("crew", {}).items()
    }
    options = {**battle.options, "crew": crew}
    return replace(battle, tanks=tuple(map(seen, battle.tanks)),
                   reserve=tuple(map(seen, battle.reserve)), options=options)  # fmt: skip


def _backs(names: Any, cards: Mapping[str, Any]) -> tuple[str, ...]:
    return tuple(back_of(cards[n]["points"]) if n in cards else n for n in names)


def sample_hidden(observation: Observation, rng: random.Random) -> Battle:
    """A world for ``observation`` (see the module): its face-down cards drawn, on the tanks
    and in the option ``crew`` alike, its history the game's."""
    battle: Battle = observation.state
    cards = _cards(battle)
    by_back: dict[str, list[str]] = {}
    for name in sorted(cards):
        by_back.setdefault(back_of(cards[name]["points"]), []).append(name)
    crew = dict(battle.options.get("crew", {}))
    given: dict[str, str] = {}  # tank id -> the side whose lists were drawn
    drawn_crews: dict[str, tuple[str, ...]] = {}
    for side, lists in sorted(crew.items()):
        if not any(n.startswith(FACE_DOWN) for names in lists for n in names):
            continue
        drawn = _draw_side(battle, side, [list(names) for names in lists], by_back, rng)
        crew[side] = drawn
        for tank, names in zip(crew_holders(battle.options, side), drawn, strict=False):
            drawn_crews[tank], given[tank] = tuple(names), side

    def drawn_tank(t: TankPiece) -> TankPiece:
        if t.id not in drawn_crews:
            return t
        printed = tuple(n for n in t.crew if not n.startswith(FACE_DOWN) and n not in cards)
        return replace(t, crew=(*drawn_crews[t.id], *printed))

    world = replace(
        battle, tanks=tuple(map(drawn_tank, battle.tanks)),
        reserve=tuple(map(drawn_tank, battle.reserve)), options={**battle.options, "crew": crew},
    )  # fmt: skip
    object.__setattr__(world, "history", history_from(observation.history, observation.player))
    return world


def _draw_side(
    battle: Battle, side: str, lists: list[list[str]], by_back: dict[str, list[str]],
    rng: random.Random,
) -> list[list[str]]:  # fmt: skip
    """One side's lists with each back drawn as a card of its cost (see the module)."""
    cards = _cards(battle)
    for _ in range(TRIES):
        drawn = [[rng.choice(by_back.get(n, [n])) if n.startswith(FACE_DOWN) else n
                  for n in names] for names in lists]  # fmt: skip
        if _accepted(battle, side, drawn):
            return drawn
    heroes: set[str] = set()
    drawn = []
    for names in lists:
        tank = list(names)
        for i, n in enumerate(names):
            if not n.startswith(FACE_DOWN):
                continue
            types = {cards[m]["type"] for m in tank if m in cards}
            same_cost = by_back.get(n, [n])
            fits = [c for c in same_cost if c not in tank and cards[c]["type"] not in types
                    and not (cards[c].get("hero") and c in heroes)] or same_cost  # fmt: skip
            tank[i] = rng.choice(fits)
            if cards.get(tank[i], {}).get("hero"):
                heroes.add(tank[i])
        drawn.append(tank)
    return drawn


def _accepted(battle: Battle, side: str, lists: list[list[str]]) -> bool:
    """Whether the game would have started with ``side``'s cards ``lists``."""
    options = battle.options
    try:
        check_platoons({side: options["platoons"][side]}, {**options, "crew": {side: lists}},
                       game_cards(options), default_point_limit(battle.table))  # fmt: skip
    except OptionError:
        return False
    return True
