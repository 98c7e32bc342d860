"""The Panzer Vor! card game's numbered actions (see :mod:`workbench.openspiel.spaces`).

Listed from the scenario's first state: its tanks (and, where a side buys its force, every
id a bought tank can have: the roster name, then "name 2", "name 3"... up to what the
points buy), the map's hexes, the deck's and the scenario's cards, the characters of the
catalogue and the words a setup choice offers. A card and what it is used for
(``PlayCard("Repairs/Maintenance", "repair:M4")``), an ability and its choice, and a setup
choice's option are numbered whole, from the forms the rules give them. Move, Fire and
Deploy are numbered relative to the match (:mod:`.card_slots`: tank slots, a move's end as an
offset within the largest reach, a deployment hex by its index in the area), so that a
scenario of 26 tanks on a 320-hex map numbers some 78,000 actions, not 330,000. What the
families are listed from is a match's :class:`Parts`; a series of matches
(:mod:`.series_space`) lists them from the union of its matches' parts.

>>> from workbench.openspiel import action_space
>>> space = action_space("panzer-vor", "kuromorimine-stage-1")
>>> len(space) <= 100_000, [(kind, n) for kind, _, n, _ in space.table() if n > 2000]
(True, [('Move', 70308), ('Fire', 2028), ('Deploy', 2160)])
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from itertools import product
from typing import Any

from workbench.games.panzer_vor.numbering.card_slots import (
    SLOTS_KEY,
    Relative,
    Slots,
    largest_area,
    most_tanks,
    movement_bonus,
    offsets,
    reach_radius,
    scenario_characters,
)
from workbench.games.panzer_vor.numbering.practice_space import hex_labels
from workbench.games.panzer_vor.rules import actions as A
from workbench.games.panzer_vor.rules.actions import PlayCard, UseAbility
from workbench.games.panzer_vor.rules.characters import CATALOGUE
from workbench.games.panzer_vor.rules.deck import Draw
from workbench.games.panzer_vor.rules.event_cards import WRECK
from workbench.games.panzer_vor.rules.firing import GUNS
from workbench.games.panzer_vor.rules.scenario_rules.pravda import PRAVDA_CARDS
from workbench.geometry.hexgrid import FACINGS
from workbench.openspiel.numbering import ActionSpace, Family
from workbench.openspiel.spaces import numbers, one, whole

# the words a setup or scenario choice offers besides names and hexes (rules/panzer_vor:
# exhibition.py, solo.py, scenarios.py)
WORDS = ("front", "reverse", "first", "second", "annihilation", "flag", "upgrade", "keep",
         "no character")  # fmt: skip


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
    cards: tuple[str, ...],
    tanks: tuple[str, ...],
    crew: tuple[str, ...],
    effects: Mapping[str, str],
    wrecks: tuple[str, ...] = (),
) -> Iterable[Any]:
    """Each card played plainly, and with each choice its effect asks for (turn.py's
    ``event_choices``: a tank to repair or a card to maintain, and with the Optional Rule
    Wreckage one of ``wrecks`` to remove too: a tank slot, :mod:`.card_slots`; Recovery's
    characters; the tank HS0017 sends to 1007)."""
    for card in cards:
        yield PlayCard(card)
        effect = effects.get(card, "")
        if effect == "repairs":
            mends = [*(f"repair:{t}" for t in tanks), *(f"maintain:{c}" for c in cards)]
            yield from (PlayCard(card, m) for m in mends)
            yield from (PlayCard(card, f"{m}+{WRECK}{w}" if m else f"{WRECK}{w}")
                        for m in ("", *mends) for w in wrecks)  # fmt: skip
        elif effect == "recovery":
            yield from (PlayCard(card, c) for c in recovery_choices(crew, tanks))
        elif effect == "hs0017":
            yield from (PlayCard(card, t) for t in tanks)


def ability_uses(present: tuple[str, ...], tanks: tuple[str, ...]) -> Iterable[Any]:
    """Each character's use of each of its abilities; Recovery's choices (a character of the
    match back on its tank, or onto a tank) for the characters who have Recovery."""
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


@dataclass(frozen=True)
class Parts:
    """What a match's numbered actions are listed from (see the module): its tank ids, hex
    labels, cards, characters (all, and those with a movement bonus), sides, reserve tanks,
    the most tanks it holds (all, and one side), the largest reach and deployment area, and
    the roster names a side may buy. A series of matches numbers the union of its matches'
    parts (:func:`union`)."""

    tanks: tuple[str, ...]
    labels: tuple[str, ...]
    cards: tuple[str, ...]
    present: tuple[str, ...]
    movers: tuple[str, ...]
    sides: tuple[str, ...]
    waiting: tuple[str, ...]
    count: int
    per_side: int
    radius: int
    area: int
    roster: tuple[str, ...]
    effects: tuple[tuple[str, str], ...]  # (card, effect) of the cards played with a choice
    wreckage: bool  # the Optional Rule Wreckage: a Repairs/Maintenance may remove a wreck


def parts_of(start: Any) -> Parts:
    """The parts of the match whose first state is ``start``."""
    cards = card_names(start)
    present = scenario_characters(start)
    movers = tuple(c for c in present if movement_bonus(c) > 0)
    held = most_tanks(start)
    return Parts(
        tanks=tank_ids(start),
        labels=hex_labels(start.board),
        cards=cards,
        present=present,
        movers=movers,
        sides=tuple(start.order),
        waiting=tuple(t.id for group in start.reserves.values() for t in group),
        count=sum(held.values()),
        per_side=max(held.values(), default=0),
        radius=reach_radius(start, cards, movers),
        area=largest_area(start, "Ceasefire" in cards),
        roster=tuple(dict.fromkeys(_roster_names(start))),
        effects=tuple(
            (c, k.effect)
            for c, k in start.deck_list.cards.items()
            if c in cards and k.effect in ("repairs", "recovery", "hs0017")
        ),
        wreckage=bool(start.board.options.wreckage),
    )


def union(parts: Iterable[Parts]) -> Parts:
    """The parts of every match of a series together: each list's names in the order first
    met, the largest counts, reach and area."""
    every = list(parts)
    joined: dict[str, Any] = {}
    for field in dataclasses.fields(Parts):
        values = [getattr(p, field.name) for p in every]
        if isinstance(values[0], int):  # a count, or a flag (True if any match has it)
            joined[field.name] = max(values)
        else:
            joined[field.name] = tuple(dict.fromkeys(v for listed in values for v in listed))
    return Parts(**joined)


def slots_of(parts: Parts, key: str = SLOTS_KEY) -> Slots:
    return Slots(parts.tanks, parts.count, parts.per_side, key)


@numbers("panzer-vor")
def card_game(scenario: Any, start: Any) -> ActionSpace:
    parts = parts_of(start)
    where = f"panzer-vor {getattr(scenario, 'name', 'a state')}"
    return ActionSpace(where, families(parts, Relative(slots_of(parts), offsets(parts.radius))))


def plays(parts: Parts, factored: Relative, crew: tuple[str, ...]) -> Family:
    """Each card and its choices, numbered whole; with the Optional Rule Wreckage the wreck
    a Repairs/Maintenance removes by its slot (``factored``)."""
    wrecks = tuple(str(n) for n in range(parts.count)) if parts.wreckage else ()
    listed = card_plays(parts.cards, parts.tanks, crew, dict(parts.effects), wrecks)
    if not wrecks:
        return whole(PlayCard, listed, "each card and its choices")
    note = "each card and its choices, a wreck by its slot"
    values = (("action", tuple(dict.fromkeys(listed))),)
    return Family(PlayCard, values, factored.wreck, factored.wreck_back, note)


def families(parts: Parts, factored: Relative) -> list[Family]:
    """The card game's families of numbered actions listed from ``parts``, Move, Fire and
    Deploy numbered relative to the match by ``factored``."""
    tanks, labels, cards, movers = parts.tanks, parts.labels, parts.cards, parts.movers
    crew = tuple(c.name for c in CATALOGUE)
    options = (*tanks, *labels, *cards, *crew, *parts.sides, *WORDS,
               *(f"{t}@{h}" for t in parts.waiting for h in labels))  # fmt: skip
    slot, own = tuple(range(parts.count)), tuple(range(parts.per_side))
    area = tuple(range(parts.area))
    return [
        Family(
            A.Move,
            (
                ("slot", own),
                ("offset", factored.reach),
                ("facing", FACINGS),
                ("ability", ("", *movers)),
            ),
            factored.move,
            factored.move_back,
            "the acting side's tank slot, the end's offset from the tank within the largest "
            "reach, facing, the character whose bonus it uses: along a cheapest path",
        ),
        Family(
            A.Fire,
            (("firer", slot), ("target", slot), ("gun", ("", *GUNS))),
            factored.fire,
            factored.fire_back,
            "the firer's and the target's slots, the gun declared (a multiple-gun tank's)",
        ),
        one(A.Pass),
        Family(A.Roll, (("dice", tuple(product(range(1, 7), repeat=2))),)),
        Family(Draw, (("card", cards), ("marked", (False, True)))),
        Family(A.Die, (("value", tuple(range(1, max(36, len(tanks), len(crew)) + 1))),)),
        plays(parts, factored, crew),
        Family(A.Select, (("tank", tanks),)),
        one(A.Stop),
        Family(A.React, (("card", cards), ("tank", ("", *tanks)))),
        one(A.NoReaction),
        whole(A.UseAbility, ability_uses(parts.present, tanks), "each character's abilities"),
        one(A.Decline),
        Family(A.Choose, (("option", tuple(dict.fromkeys(options))),)),
        Family(A.Discard, (("card", cards),)),
        Family(A.TurnTurret, (("tank", tanks), ("turn", (-3, -2, -1, 1, 2, 3)))),
        Family(A.RemoveSmoke, (("tank", tanks),)),
        Family(A.Buy, (("tank", parts.roster),)),
        one(A.DoneBuying),
        Family(
            A.Deploy,
            (("slot", own), ("hex", area), ("facing", FACINGS)),
            factored.deploy,
            factored.deploy_back,
            "the acting side's tank slot, the hex's index in the area placed in, facing",
        ),
    ]


def _roster_names(start: Any) -> list[str]:
    names = []
    for frame in start.stack:
        if getattr(frame, "purpose", "") == "buy":
            names += [c.name for c in frame.data[3]]
    return names


__all__ = ["Parts", "card_game", "families", "parts_of", "slots_of", "tank_ids", "union"]
