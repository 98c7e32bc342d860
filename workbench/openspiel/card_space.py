"""The Panzer Vor! card game's numbered actions (see :mod:`workbench.openspiel.spaces`).

Listed from the scenario's first state: its tanks (and, where a side buys its force, every
id a bought tank can have: the roster name, then "name 2", "name 3"... up to what the
points buy), the map's hexes, the deck's and the scenario's cards, the characters of the
catalogue and the words a setup choice offers. A card and what it is used for
(``PlayCard("Repairs/Maintenance", "repair:M4")``), an ability and its choice, and a setup
choice's option are numbered whole, from the forms the rules give them. Move, Fire and
Deploy are numbered relative to the match (:mod:`.card_slots`: tank slots, a move's end as an
offset within the largest reach, a deployment hex by its index in the area), so that a
scenario of 26 tanks on a 320-hex map numbers some 82,000 actions, not 330,000.

>>> from workbench.openspiel import action_space
>>> space = action_space("panzer-vor", "kuromorimine-stage-1")
>>> len(space) <= 100_000, [(kind, n) for kind, _, n, _ in space.table() if n > 5000]
(True, [('Move', 70308), ('Deploy', 6912)])
"""

from __future__ import annotations

from collections.abc import Iterable
from itertools import product
from typing import Any

from workbench.openspiel.card_slots import (
    Relative,
    Slots,
    largest_area,
    most_tanks,
    movement_bonus,
    offsets,
    reach_radius,
    scenario_characters,
)
from workbench.openspiel.numbering import ActionSpace, Family
from workbench.openspiel.spaces import hex_labels, numbers, one, whole
from workbench.rules.panzer_vor.scenario_rules.pravda import PRAVDA_CARDS

# the words a setup or scenario choice offers besides names and hexes (rules/panzer_vor:
# exhibition.py, solo.py, scenarios.py)
WORDS = ("front", "reverse", "first", "second", "annihilation", "flag", "upgrade", "keep")


def tank_ids(start: Any) -> tuple[str, ...]:
    """Every id a tank of this match can have (see the module)."""
    board = start.board
    found = [t.id for t in board.tanks]
    for group in (start.undeployed, start.reserves):
        for tanks in group.values():
            found += [getattr(t, "id", t) for t in tanks]
    for frame in start.stack:
        if getattr(frame, "purpose", "") == "buy":
            points, limit, _, counters = frame.data
            for counter in counters:
                most = min(limit, points // max(counter.points, 1))
                found += [counter.name] + [f"{counter.name} {n}" for n in range(2, most + 1)]
    return tuple(dict.fromkeys(str(t) for t in found))


def card_names(start: Any) -> tuple[str, ...]:
    names = list(start.deck_list.cards)
    for cards in start.scenario_cards.values():
        names += cards
    names += start.waiting_cards
    return tuple(dict.fromkeys([*names, *PRAVDA_CARDS]))


def recovery_choices(crew: Iterable[str], tanks: tuple[str, ...]) -> list[str]:
    """A character back on its tank, or a removed one onto a tank (turn.py's forms)."""
    return [form for c in crew for form in (c, *(f"{c}@{t}" for t in tanks))]


def card_plays(
    start: Any, cards: tuple[str, ...], tanks: tuple[str, ...], crew: tuple[str, ...]
) -> Iterable[Any]:
    """Each card played plainly, and with each choice its effect asks for (turn.py's
    ``event_choices``: a tank to repair or a card to maintain; Recovery's characters)."""
    from workbench.rules.panzer_vor.actions import PlayCard

    for card in cards:
        yield PlayCard(card)
        known = start.deck_list.cards.get(card)
        effect = getattr(known, "effect", "")
        if effect == "repairs":
            yield from (PlayCard(card, f"repair:{t}") for t in tanks)
            yield from (PlayCard(card, f"maintain:{c}") for c in cards)
        elif effect == "recovery":
            yield from (PlayCard(card, c) for c in recovery_choices(crew, tanks))


def ability_uses(present: tuple[str, ...], tanks: tuple[str, ...]) -> Iterable[Any]:
    """Each character's use of each of its abilities; Recovery's choices (a character of the
    match back on its tank, or onto a tank) for the characters who have Recovery."""
    from workbench.rules.panzer_vor.actions import UseAbility
    from workbench.rules.panzer_vor.characters import CATALOGUE

    for counter in CATALOGUE:
        kinds = tuple(dict.fromkeys(a.kind for a in (*counter.front, *counter.back)))
        yield UseAbility(counter.name)
        for kind in kinds:
            yield UseAbility(counter.name, kind)
        yield UseAbility(counter.name, "combat awareness")
        yield UseAbility(counter.name, "aide")
        yield UseAbility(counter.name, "recovery")
        if "recovery" in kinds:
            for choice in recovery_choices(present, tanks):
                yield UseAbility(counter.name, "recovery", choice)


@numbers("panzer-vor")
def card_game(scenario: Any, start: Any) -> ActionSpace:
    from workbench.rules.panzer_vor import actions as A
    from workbench.rules.panzer_vor.characters import CATALOGUE
    from workbench.rules.panzer_vor.deck import Draw

    tanks = tank_ids(start)
    labels = hex_labels(start.board)
    cards = card_names(start)
    crew = tuple(c.name for c in CATALOGUE)
    present = scenario_characters(start)
    movers = tuple(c for c in present if movement_bonus(c) > 0)
    sides = tuple(start.order)
    waiting = tuple(t.id for group in start.reserves.values() for t in group)
    options = (*tanks, *labels, *cards, *crew, *sides, *WORDS,
               *(f"{t}@{h}" for t in waiting for h in labels))  # fmt: skip
    held = most_tanks(start)
    slots = Slots(tanks, sum(held.values()), max(held.values(), default=0))
    slot, own = tuple(range(slots.count)), tuple(range(slots.per_side))
    reach = offsets(reach_radius(start, cards, movers))
    area = tuple(range(largest_area(start, "Ceasefire" in cards)))
    factored = Relative(slots, reach)
    return ActionSpace(
        f"panzer-vor {getattr(scenario, 'name', 'a state')}",
        (
            Family(
                A.Move,
                (
                    ("slot", own),
                    ("offset", reach),
                    ("facing", tuple(range(6))),
                    ("ability", ("", *movers)),
                ),
                factored.move,
                factored.move_back,
                "the acting side's tank slot, the end's offset from the tank within the largest "
                "reach, facing, the character whose bonus it uses: along a cheapest path",
            ),
            Family(
                A.Fire,
                (("firer", slot), ("target", slot)),
                factored.fire,
                factored.fire_back,
                "the firer's and the target's slots",
            ),
            one(A.Pass),
            Family(A.Roll, (("dice", tuple(product(range(1, 7), repeat=2))),)),
            Family(Draw, (("card", cards), ("marked", (False, True)))),
            Family(A.Die, (("value", tuple(range(1, max(36, len(tanks), len(crew)) + 1))),)),
            whole(A.PlayCard, card_plays(start, cards, tanks, crew), "each card and its choices"),
            Family(A.Select, (("tank", tanks),)),
            one(A.Stop),
            Family(A.React, (("card", cards), ("tank", ("", *tanks)))),
            one(A.NoReaction),
            whole(A.UseAbility, ability_uses(present, tanks), "each character's abilities"),
            one(A.Decline),
            Family(A.Choose, (("option", tuple(dict.fromkeys(options))),)),
            Family(A.Discard, (("card", cards),)),
            Family(A.TurnTurret, (("tank", tanks), ("turn", (-3, -2, -1, 1, 2, 3)))),
            Family(A.RemoveSmoke, (("tank", tanks),)),
            Family(A.Buy, (("tank", tuple(dict.fromkeys(_roster_names(start)))),)),
            one(A.DoneBuying),
            Family(
                A.Deploy,
                (("slot", own), ("hex", area), ("facing", tuple(range(6)))),
                factored.deploy,
                factored.deploy_back,
                "the acting side's tank slot, the hex's index in the area placed in, facing",
            ),
        ),
    )


def _roster_names(start: Any) -> list[str]:
    names = []
    for frame in start.stack:
        if getattr(frame, "purpose", "") == "buy":
            names += [c.name for c in frame.data[3]]
    return names


__all__ = ["card_game", "tank_ids"]
